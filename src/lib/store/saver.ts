/**
 * Saving that never fails in silence (issue 16). A `Saver` writes the latest value it was
 * given (each value is the whole work: a plan), one write at a time; when a write fails it
 * keeps the value in memory, says what went wrong (`SaveProblem`, told in words by
 * i18n/save.ts) and tries again after a bounded backoff — at once when given a newer value
 * or asked to. Until a write has succeeded the work is `dirty`: a screen asks before leaving.
 */

/** Why a write failed, in the terms a person can act on. */
export type SaveProblem = 'quota' | 'blocked' | 'newer' | 'clone' | 'unknown';

export type SaveStatus = { state: 'saved' } | { state: 'saving' } | { state: 'failed'; problem: SaveProblem; attempts: number; retryInMs: number };

/** The waits before each retry; the last repeats (never more than half a minute apart). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

const QUOTA = ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'];
const CLONE = ['DataCloneError', 'NotPlainData'];
/** No database to write to: private windows, site data switched off, a database closed or stuck in an upgrade. */
const BLOCKED = ['MissingAPIError', 'SecurityError', 'InvalidStateError', 'OpenFailedError', 'DatabaseClosedError', 'UnknownError', 'InvalidAccessError'];
/** The database was written by a newer build of the app: this one cannot open it (schema-version.ts). */
const NEWER = ['VersionError'];

/** The problem behind `error` (a DOMException, or Dexie's error wrapping one in `inner`). */
export function saveProblem(error: unknown): SaveProblem {
	const names: string[] = [];
	for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
		const { name, message, inner } = e as { name?: unknown; message?: unknown; inner?: unknown };
		if (typeof name === 'string') names.push(name);
		if (typeof message === 'string' && /quota/i.test(message)) names.push('QuotaExceededError');
		e = inner;
	}
	if (names.some((n) => QUOTA.includes(n))) return 'quota';
	if (names.some((n) => CLONE.includes(n))) return 'clone';
	// before `blocked`: Dexie wraps the VersionError in an OpenFailedError
	if (names.some((n) => NEWER.includes(n))) return 'newer';
	if (names.some((n) => BLOCKED.includes(n))) return 'blocked';
	return 'unknown';
}

export interface Timers {
	set(run: () => void, ms: number): unknown;
	clear(handle: unknown): void;
}

const REAL_TIMERS: Timers = {
	set: (run, ms) => setTimeout(run, ms),
	clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
};

export class Saver<T> {
	/** The value not yet written (newest wins), if any. */
	private next: { value: T } | null = null;
	private writing = false;
	private timer: unknown = null;
	private attempts = 0;
	private settled: ((ok: boolean) => void)[] = [];
	status: SaveStatus = { state: 'saved' };

	constructor(
		private readonly write: (value: T) => Promise<void>,
		private readonly onStatus: (status: SaveStatus) => void = () => {},
		private readonly timers: Timers = REAL_TIMERS
	) {}

	/** Whether some of the work is not on disk yet (being written, waiting or failed). */
	get dirty(): boolean {
		return this.next !== null || this.writing;
	}

	/** Writes `value` (the whole work as it is now) as soon as the last write is done. */
	save(value: T): void {
		this.next = { value };
		this.retryNow();
	}

	/** Tries the waiting value now instead of at the end of the backoff. */
	retryNow(): void {
		if (this.timer !== null) {
			this.timers.clear(this.timer);
			this.timer = null;
		}
		void this.pump();
	}

	/** Resolves once everything given is on disk (true), or when a write fails (false). */
	flush(): Promise<boolean> {
		if (!this.dirty) return Promise.resolve(true);
		const done = new Promise<boolean>((resolve) => this.settled.push(resolve));
		this.retryNow();
		return done;
	}

	private setStatus(status: SaveStatus): void {
		this.status = status;
		this.onStatus(status);
	}

	private settle(ok: boolean): void {
		for (const resolve of this.settled.splice(0)) resolve(ok);
	}

	private async pump(): Promise<void> {
		if (this.writing || !this.next) return;
		const { value } = this.next;
		this.next = null;
		this.writing = true;
		// A failure stays on screen while it is tried again: the words change only when it is saved.
		if (this.status.state !== 'failed') this.setStatus({ state: 'saving' });
		try {
			await this.write(value);
			this.writing = false;
			this.attempts = 0;
			if (this.next) {
				this.setStatus({ state: 'saving' });
				return void this.pump();
			}
			this.setStatus({ state: 'saved' });
			this.settle(true);
		} catch (error) {
			this.writing = false;
			// The work stays in memory: a newer value given meanwhile includes it, else this one.
			this.next ??= { value };
			this.attempts++;
			const retryInMs = RETRY_DELAYS_MS[Math.min(this.attempts, RETRY_DELAYS_MS.length) - 1]!;
			this.setStatus({ state: 'failed', problem: saveProblem(error), attempts: this.attempts, retryInMs });
			this.timer = this.timers.set(() => {
				this.timer = null;
				void this.pump();
			}, retryInMs);
			this.settle(false);
		}
	}
}
