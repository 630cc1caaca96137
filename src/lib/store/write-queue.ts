/** Runs writes one after another, in the order they were asked for, whether or not each succeeds. */
export class WriteQueue {
	private last: Promise<unknown> = Promise.resolve();

	run<T>(write: () => Promise<T>): Promise<T> {
		const next = this.last.then(write, write);
		this.last = next.catch(() => undefined);
		return next;
	}
}
