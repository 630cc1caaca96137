/**
 * The reconnection loop shared by the phone's seat (player.ts) and the duel's joiner (duel.ts):
 * connect, run the link until it ends, wait, try again; the waits grow along `waits` (the last
 * one repeating) and start over after an attempt that got through. It stops when the session says
 * so (closed, refused, or not to rejoin); closing wakes a wait at once (`Pause`).
 */

/**
 * Waits between attempts to reach the other device, the last one repeating: short enough that a
 * tablet whose tab was closed and opened again is found within 1.5 s (`net.table_reopen_ms`),
 * an attempt costing the PeerServer one small message.
 */
export const RETRY_MS: readonly number[] = [300, 1000, 1500];

/**
 * The wait between two attempts: it lasts `ms`, or ends at once when the session is closed (so a
 * closed session never sleeps on).
 */
export class Pause {
	private wakeUp: (() => void) | null = null;

	/** Waits `ms`, or until `wake()`. */
	for(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.wakeUp = null;
				resolve();
			}, ms);
			this.wakeUp = () => {
				clearTimeout(timer);
				this.wakeUp = null;
				resolve();
			};
		});
	}

	/** Ends the current wait, if any. */
	wake(): void {
		this.wakeUp?.();
	}
}

export interface Reconnection {
	/** Whether to stop now (the session closed or was refused); asked again after every wait. */
	stopped(): boolean;
	/**
	 * One attempt: reach the other device and run the link until it ends. Resolves true when it got
	 * through (welcomed: the waits start over); throws when the other device cannot be reached.
	 */
	attempt(): Promise<boolean>;
	/** Before every attempt (the session says it is connecting). */
	before?(): void;
	/** After an attempt that ended while not stopped: false stops the loop, else the session is away while it waits. */
	lost(): boolean;
	/** The waits, the last one repeating (default `RETRY_MS`). */
	waits?: readonly number[];
	pause: Pause;
}

/** Keeps reconnecting until stopped; resolves then. */
export async function reconnect(r: Reconnection): Promise<void> {
	const waits = r.waits ?? RETRY_MS;
	let attempt = 0;
	while (!r.stopped()) {
		r.before?.();
		try {
			if (await r.attempt()) attempt = 0;
		} catch {
			// Not reachable (yet): try again after the wait.
		}
		if (r.stopped() || !r.lost()) break;
		await r.pause.for(waits[Math.min(attempt, waits.length - 1)]!);
		attempt++;
	}
}
