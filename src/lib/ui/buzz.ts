/**
 * A short buzz on a device that has one (a turn come round, the device taken). Only once the
 * person has touched the page: before that the browser refuses it and logs an error (a phone
 * reloaded mid-game whose turn comes before any tap).
 */
export function buzz(pattern: number | number[]): void {
	if (typeof navigator === 'undefined' || !navigator.vibrate) return;
	if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
	navigator.vibrate(pattern);
}
