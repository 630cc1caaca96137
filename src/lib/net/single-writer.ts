/**
 * One live writer per table, duel or game across the device's tabs and windows (issue 29).
 *
 * Two tabs refereeing one store interleave their logs (a move in one, an undo in the other):
 * so a screen that writes a game first claims it here, and runs only while it holds it. A tab
 * that finds it held says so and offers *Use it here*, which takes it over: the holder is told,
 * stops writing and says so. A holder closing its tab lets a waiting tab take it by itself.
 *
 * Where the Web Locks API exists (a secure context) it keeps the claim (`steal` takes it over).
 * At a plain-HTTP LAN address (`http://table.lan`) it does not: there the tabs agree over a
 * BroadcastChannel — a tab asks, a holder answers and beats every `HEARTBEAT_MS`, a claim no
 * holder answers within `SETTLE_MS` is taken, a holder silent for `LEASE_MS` (its tab closed
 * without a word, or frozen) is presumed gone. Each claim carries an epoch (one more than any
 * seen): of two holders (a frozen tab waking up) the later claim wins and the other steps back.
 */

export type WriterState = 'claiming' | 'holding' | 'elsewhere' | 'stepped_back';

export interface SingleWriter {
	readonly state: WriterState;
	/** Called on every change of `state` (and once at once). */
	subscribe(listener: (state: WriterState) => void): () => void;
	/** *Use it here*: take the claim over from the other tab. */
	useHere(): void;
	/** Gives the claim up (the screen is left). */
	close(): void;
}

/** The part of a BroadcastChannel used here (tests give an in-memory one). */
export interface Bus {
	postMessage(message: unknown): void;
	onmessage: ((event: { data: unknown }) => void) | null;
	close(): void;
}

export interface WriterEnv {
	/** `navigator.locks`, where it exists. */
	locks?: LockManager | null;
	/** A channel shared by the device's tabs under `name` (the fallback). */
	bus?: (name: string) => Bus;
	/** This tab's id among the tabs (random by default). */
	id?: string;
}

export const HEARTBEAT_MS = 1000;
export const LEASE_MS = 3500;
export const SETTLE_MS = 400;

/** The browser's means: Web Locks if present, else a BroadcastChannel. */
export function browserEnv(): WriterEnv {
	const nav = typeof navigator === 'undefined' ? undefined : navigator;
	return {
		locks: nav?.locks ?? null,
		bus: typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name) as unknown as Bus
	};
}

/** Claims `name` (e.g. `table`, `duel:ROOM`, `game:ID`) for this tab. */
export function claimWriter(name: string, env: WriterEnv = browserEnv()): SingleWriter {
	if (env.locks) return new LockWriter(`labyrinth-gm:${name}`, env.locks);
	if (env.bus) return new BusWriter(env.bus(`labyrinth-gm:${name}`), env.id ?? randomId());
	// Nothing to agree with (no other tab can exist that we could hear): this tab holds it.
	return new Alone();
}

function randomId(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(8));
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

abstract class Writer implements SingleWriter {
	#state: WriterState = 'claiming';
	readonly #listeners = new Set<(state: WriterState) => void>();
	get state(): WriterState {
		return this.#state;
	}
	protected set(state: WriterState): void {
		if (state === this.#state) return;
		this.#state = state;
		for (const listener of [...this.#listeners]) listener(state);
	}
	subscribe(listener: (state: WriterState) => void): () => void {
		this.#listeners.add(listener);
		listener(this.#state);
		return () => this.#listeners.delete(listener);
	}
	abstract useHere(): void;
	abstract close(): void;
}

class Alone extends Writer {
	constructor() {
		super();
		this.set('holding');
	}
	useHere(): void {}
	close(): void {}
}

/** Web Locks: the lock is held for as long as the callback's promise is pending. */
class LockWriter extends Writer {
	#release: (() => void) | null = null;
	#waiting: AbortController | null = null;
	/** The request that holds the lock now: its rejection means another tab stole it. */
	#holder: object | null = null;
	#closed = false;

	constructor(
		private readonly name: string,
		private readonly locks: LockManager
	) {
		super();
		this.request({ ifAvailable: true }, () => {
			this.set('elsewhere');
			this.wait();
		});
	}

	/** Asks for the lock; holds it, once granted, until released or stolen. */
	private request(options: LockOptions, unavailable?: () => void): void {
		const token = {};
		this.locks
			.request(this.name, options, (lock) => {
				if (this.#closed) return;
				if (!lock) return unavailable?.();
				this.#holder = token;
				this.#release?.();
				this.set('holding');
				return new Promise<void>((resolve) => (this.#release = resolve));
			})
			.catch(() => {
				// stolen by another tab's *Use it here* (or our own wait, aborted: it never held)
				if (this.#closed || this.#holder !== token) return;
				this.#holder = null;
				this.set('stepped_back');
			});
	}

	/** While another tab holds it: take it once that tab lets it go (closed). */
	private wait(): void {
		this.#waiting = new AbortController();
		this.request({ signal: this.#waiting.signal });
	}

	useHere(): void {
		if (this.#closed || this.state === 'holding') return;
		this.#waiting?.abort();
		this.#waiting = null;
		this.request({ steal: true });
	}

	close(): void {
		this.#closed = true;
		this.#waiting?.abort();
		this.#release?.();
	}
}

type BusMessage =
	| { t: 'ask'; id: string }
	| { t: 'held'; id: string; epoch: number }
	| { t: 'take'; id: string; epoch: number }
	| { t: 'gone'; id: string };

function readBusMessage(data: unknown): BusMessage | null {
	if (typeof data !== 'object' || data === null) return null;
	const d = data as Record<string, unknown>;
	if (typeof d.id !== 'string') return null;
	if (d.t === 'ask' || d.t === 'gone') return { t: d.t, id: d.id };
	if ((d.t === 'held' || d.t === 'take') && typeof d.epoch === 'number' && Number.isFinite(d.epoch)) return { t: d.t, id: d.id, epoch: d.epoch };
	return null;
}

/** The fallback: claims agreed over a BroadcastChannel, with a heartbeat and a lease. */
class BusWriter extends Writer {
	/** The highest epoch heard or claimed: a new claim takes one more. */
	#epoch = 0;
	/** The other holder, and when it was last heard (by this tab's clock). */
	#other: { id: string; heard: number } | null = null;
	#settle: ReturnType<typeof setTimeout> | null = null;
	#beat: ReturnType<typeof setInterval> | null = null;
	/** Time as this tab's timers count it (so fake timers in tests move it too). */
	#clock = 0;
	readonly #tick: ReturnType<typeof setInterval>;
	#closed = false;

	constructor(
		private readonly bus: Bus,
		private readonly id: string
	) {
		super();
		bus.onmessage = (event) => {
			const message = readBusMessage(event.data);
			if (message && message.id !== this.id) this.heard(message);
		};
		this.#tick = setInterval(() => this.tick(), HEARTBEAT_MS / 2);
		this.ask();
	}

	/** Asks whether anyone holds it; takes it if nobody answers in time. */
	private ask(): void {
		this.set('claiming');
		this.bus.postMessage({ t: 'ask', id: this.id });
		this.#settle = setTimeout(() => {
			this.#settle = null;
			if (this.#other) this.set('elsewhere');
			else this.take();
		}, SETTLE_MS);
	}

	private take(): void {
		if (this.#settle) clearTimeout(this.#settle);
		this.#settle = null;
		this.#epoch += 1;
		this.#other = null;
		this.bus.postMessage({ t: 'take', id: this.id, epoch: this.#epoch });
		this.set('holding');
		if (this.#beat) clearInterval(this.#beat);
		this.#beat = setInterval(() => this.bus.postMessage({ t: 'held', id: this.id, epoch: this.#epoch }), HEARTBEAT_MS);
	}

	private stopBeat(): void {
		if (this.#beat) clearInterval(this.#beat);
		this.#beat = null;
	}

	/** A holder silent for the lease is gone: a tab that was waiting asks again. */
	private tick(): void {
		this.#clock += HEARTBEAT_MS / 2;
		if (!this.#other || this.#clock - this.#other.heard < LEASE_MS) return;
		this.#other = null;
		if (this.state === 'elsewhere') this.ask();
	}

	/** Whether the other's claim is later than ours (the later one wins; ties by id). */
	private beats(epoch: number, id: string): boolean {
		return epoch > this.#epoch || (epoch === this.#epoch && id > this.id);
	}

	private heard(message: BusMessage): void {
		if (this.#closed) return;
		switch (message.t) {
			case 'ask':
				if (this.state === 'holding') this.bus.postMessage({ t: 'held', id: this.id, epoch: this.#epoch });
				return;
			case 'gone':
				if (this.#other?.id !== message.id) return;
				this.#other = null;
				// the holder left: a tab that was waiting takes it (one that stepped back waits for a tap)
				if (this.state === 'elsewhere') this.ask();
				return;
			case 'held':
			case 'take':
				if (this.state === 'holding' && !this.beats(message.epoch, message.id)) {
					// an older claim (a tab waking from a freeze): ours stands, and it hears so
					this.bus.postMessage({ t: 'held', id: this.id, epoch: this.#epoch });
					return;
				}
				this.#epoch = Math.max(this.#epoch, message.epoch);
				this.#other = { id: message.id, heard: this.#clock };
				if (this.state === 'holding') {
					this.stopBeat();
					this.set('stepped_back');
				} else if (this.state === 'claiming') {
					if (this.#settle) clearTimeout(this.#settle);
					this.#settle = null;
					this.set('elsewhere');
				}
				return;
		}
	}

	useHere(): void {
		if (this.#closed || this.state === 'holding') return;
		this.take();
	}

	close(): void {
		if (this.#closed) return;
		this.#closed = true;
		if (this.#settle) clearTimeout(this.#settle);
		this.stopBeat();
		clearInterval(this.#tick);
		if (this.state === 'holding') this.bus.postMessage({ t: 'gone', id: this.id });
		this.bus.onmessage = null;
		this.bus.close();
	}
}
