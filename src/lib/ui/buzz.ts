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

/** The page's one audio context: starting one takes tens of milliseconds (an audio thread), so once. */
let audio: AudioContext | null = null;

/**
 * A short tone (660 Hz, 0.35 s), once the person has touched the page (before that the browser
 * refuses audio). No sound where the browser has none: the buzz and the screen remain.
 */
export function tone(): void {
	if (typeof AudioContext === 'undefined') return;
	if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
	try {
		audio ??= new AudioContext();
		if (audio.state === 'suspended') void audio.resume();
		const oscillator = audio.createOscillator();
		const gain = audio.createGain();
		oscillator.frequency.value = 660;
		gain.gain.setValueAtTime(0.15, audio.currentTime);
		gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
		oscillator.connect(gain).connect(audio.destination);
		oscillator.start();
		oscillator.stop(audio.currentTime + 0.35);
	} catch {
		// No sound where the browser refuses audio before a tap: the buzz and the screen remain.
	}
}
