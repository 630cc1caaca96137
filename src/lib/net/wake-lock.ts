/**
 * Keeps the screen on during a game (the host's tablet, the phone whose turn it is), taking
 * the lock again when the page comes back into view (the browser drops it when hidden).
 * Returns the release; does nothing where the Screen Wake Lock API is missing or refused.
 */
export function keepAwake(): () => void {
	const nav = typeof navigator === 'undefined' ? null : (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } });
	if (!nav?.wakeLock) return () => {};
	let sentinel: WakeLockSentinel | null = null;
	let stopped = false;
	const take = async () => {
		if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
		try {
			sentinel = await nav.wakeLock!.request('screen');
		} catch {
			// Refused (battery saver, no user gesture yet): the game goes on without it.
		}
	};
	const onVisible = () => void take();
	document.addEventListener('visibilitychange', onVisible);
	void take();
	return () => {
		stopped = true;
		document.removeEventListener('visibilitychange', onVisible);
		void sentinel?.release().catch(() => undefined);
		sentinel = null;
	};
}
