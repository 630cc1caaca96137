/**
 * The wait between two attempts to reach the other device: it lasts `ms`, or ends at once when
 * the session is closed (so a closed session never sleeps on). Shared by the phone's seat and
 * the duel's joiner.
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
