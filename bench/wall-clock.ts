/**
 * Waits on the real clock, for the benches only: a bench measures real time, where the unit
 * tests' `settle` and `until` (src/lib/net/testing.ts) move vitest's fake clock.
 */
export const pause = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits (polling every 5 ms) until `check` holds; fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await pause(5);
	}
}
