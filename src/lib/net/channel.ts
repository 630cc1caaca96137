/**
 * A channel: one link made dependable. Each message gets a sequence number; the receiver
 * hands them on in order, exactly once (duplicates dropped, early ones held until the gap
 * fills), and acknowledges cumulatively; the sender sends again what is not acknowledged.
 * A heartbeat (ping/pong with the sender's clock) measures the round trip and notices a
 * peer that is gone within seconds, without waiting for a `close` that often never comes.
 *
 * A link that cannot be made again alone (a direct link paired by QR codes: there is no server
 * to find the other device through) is not given up after a few seconds of silence: it is said
 * `quiet` (the other side is away) and kept, so that when the devices hear each other again on
 * the same WebRTC connection (a phone back in range, its screen on again) the channel goes on
 * where it was; it is closed when WebRTC itself says the connection failed, or after `holdMs`.
 */
import type { Link } from './link';
import { Allowance } from './limits';
import { PROTOCOL_VERSION, type Frame, type ReadResult } from './protocol';

export interface ChannelOptions {
	/** Heartbeat period. */
	pingMs?: number;
	/** Nothing heard for this long: the peer is lost (the link is closed). */
	lostMs?: number;
	/** Nothing heard for this long: the peer is said away (`quiet`), the link kept until `lostMs`. */
	quietMs?: number;
	/** Unacknowledged messages are sent again after this long. */
	resendMs?: number;
	/** Messages held back waiting for a gap to fill, at most. */
	maxHeld?: number;
	/**
	 * Frames taken from the other side: a burst of `burst`, then `perSecond` (a token bucket); a
	 * frame beyond is dropped unacknowledged (an honest sender sends it again) and said refused
	 * (`overflow`), a long one unread. A bare acknowledgement is not counted (a phone taking in a
	 * long game's pages acknowledges each, and answering one costs nothing). Unlimited when absent.
	 */
	rate?: { burst: number; perSecond: number };
	/**
	 * Characters of messages sent and not yet acknowledged, at most, while the other side is heard
	 * and has acknowledged nothing for `stallMs` (and 16 times that whatever it acknowledges): a
	 * peer that listens and does not acknowledge is let go (its backlog would grow with every
	 * message and be sent again every `resendMs`). A slow phone taking in a long game keeps
	 * acknowledging, so it is kept.
	 */
	maxBacklog?: number;
	stallMs?: number;
	now?: () => number;
	/** The clock heartbeats carry (high resolution where there is one): round trips to a fraction of a ms. */
	rttClock?: () => number;
}

export interface ChannelStats {
	/** Round-trip times of the last heartbeats, newest last (ms). */
	rtts: number[];
	/** Heartbeat answers received in all. */
	pongs: number;
	sent: number;
	received: number;
	resent: number;
	duplicates: number;
	refused: number;
	lastMessageAt: number | null;
	lastMessageType: string | null;
}

export type ChannelEvent<In> =
	| { type: 'message'; message: In }
	/** A frame refused; `id`: a numbered frame's command whose message was off the schema (its number used up, in order). */
	| { type: 'refused'; reason: 'too_big' | 'malformed' | 'overflow'; id?: number }
	| { type: 'quiet' }
	| { type: 'heard' }
	| { type: 'lost' }
	| { type: 'closed' };

/** A frame this short may be a bare acknowledgement (`{"v":2,"a":2147483648}` and a little room): read before it is counted. */
const SHORT_FRAME = 40;

/** Nothing heard for this long: the other side is away. */
export const QUIET_MS = 4000;
/** A direct link (QR codes) is kept this long in silence: about as long as WebRTC keeps a connection that lost its path. */
export const HOLD_MS = 45_000;

export class Channel<In extends { type: string }, Out extends { type: string }> {
	private nextOut = 0;
	/** The next sequence number expected from the other side. */
	private nextIn = 0;
	/** Sent and not acknowledged: the message, when it was last sent, and its size. */
	private readonly unacked = new Map<number, { message: Out; at: number; size: number }>();
	/** Characters of the messages in `unacked`. */
	private backlogSize = 0;
	/** When the other side last acknowledged something (or the backlog began). */
	private progressAt = 0;
	/** Frames the other side may still send now (`rate`; null: unlimited). */
	private readonly allowance: Allowance | null;
	/** Early frames: their message, or `bad` for one off the schema (its place kept, refused in order). */
	private readonly held = new Map<number, { message?: In; bad?: { id?: number } }>();
	private lastHeard: number;
	private timer: ReturnType<typeof setInterval> | null = null;
	private ackDue = false;
	private readonly listeners = new Set<(event: ChannelEvent<In>) => void>();
	private readonly stop: (() => void)[] = [];
	private done = false;
	readonly stats: ChannelStats = {
		rtts: [],
		pongs: 0,
		sent: 0,
		received: 0,
		resent: 0,
		duplicates: 0,
		refused: 0,
		lastMessageAt: null,
		lastMessageType: null
	};
	private readonly pingMs: number;
	private readonly lostMs: number;
	private readonly quietMs: number;
	/** Said quiet and not heard since. */
	private isQuiet = false;
	private readonly resendMs: number;
	private readonly maxHeld: number;
	private readonly maxBacklog: number;
	private readonly stallMs: number;
	private readonly now: () => number;
	private readonly rttClock: () => number;

	constructor(
		readonly link: Link,
		private readonly read: (raw: unknown) => ReadResult<In>,
		options: ChannelOptions = {}
	) {
		this.pingMs = options.pingMs ?? 1000;
		this.quietMs = options.quietMs ?? QUIET_MS;
		this.lostMs = options.lostMs ?? (link.kind === 'manual' ? HOLD_MS : this.quietMs);
		this.resendMs = options.resendMs ?? 1500;
		this.maxHeld = options.maxHeld ?? 512;
		this.maxBacklog = options.maxBacklog ?? 2 * 1024 * 1024;
		this.stallMs = options.stallMs ?? 10_000;
		this.now = options.now ?? Date.now;
		this.allowance = options.rate ? new Allowance(options.rate.burst, options.rate.perSecond, this.now) : null;
		this.rttClock = options.rttClock ?? (typeof performance !== 'undefined' ? () => performance.now() : Date.now);
		this.lastHeard = this.now();
		this.stop.push(link.receive((raw) => this.arrive(raw)));
		this.stop.push(
			link.watch((state) => {
				if (state === 'closed') this.finish({ type: 'closed' });
			})
		);
		this.timer = setInterval(() => this.tick(), Math.min(this.pingMs, this.resendMs));
	}

	get open(): boolean {
		return !this.done && this.link.state === 'open';
	}

	/** Nothing heard for a while (the link is kept: it may come back). */
	get quiet(): boolean {
		return this.isQuiet;
	}

	/** Milliseconds since anything was heard from the other side. */
	get silence(): number {
		return this.now() - this.lastHeard;
	}

	on(listener: (event: ChannelEvent<In>) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Sends `message` reliably (numbered, sent again until acknowledged). */
	send(message: Out): void {
		if (this.done) return;
		const s = this.nextOut++;
		const now = this.now();
		const size = this.write({ v: PROTOCOL_VERSION, s, a: this.nextIn, m: message });
		if (this.unacked.size === 0) this.progressAt = now;
		this.unacked.set(s, { message, at: now, size });
		this.backlogSize += size;
		this.stats.sent++;
	}

	/** Characters of the messages sent and not yet acknowledged. */
	get backlog(): number {
		return this.backlogSize;
	}

	/** Closes the channel and its link. */
	close(): void {
		this.link.close();
		this.finish({ type: 'closed' });
	}

	/** A heartbeat now (the bench measures round trips with it). */
	ping(): void {
		this.write({ v: PROTOCOL_VERSION, a: this.nextIn, p: this.rttClock() });
	}

	private write(frame: Frame<Out>): number {
		if (frame.a !== undefined) this.ackDue = false;
		const text = JSON.stringify(frame);
		this.link.send(text);
		return text.length;
	}

	/** Whether the other side may send one more frame now (`rate`); if not, it is said refused. */
	private allowed(): boolean {
		if (!this.allowance || this.allowance.take()) return true;
		this.stats.refused++;
		this.emit({ type: 'refused', reason: 'overflow' });
		return false;
	}

	private arrive(raw: string): void {
		if (this.done) return;
		// A long frame is counted before it is read (a flood costs no parsing); a short one once read
		// (a bare acknowledgement is free).
		const short = raw.length <= SHORT_FRAME;
		if (!short && !this.allowed()) return;
		const read = this.read(raw);
		if (short && !(read.ok && !read.bad && read.frame.m === undefined && read.frame.p === undefined) && !this.allowed()) return;
		if (!read.ok) {
			this.stats.refused++;
			this.emit({ type: 'refused', reason: read.reason });
			return;
		}
		const frame = read.frame;
		this.lastHeard = this.now();
		if (this.isQuiet) {
			this.isQuiet = false;
			this.emit({ type: 'heard' });
		}
		if (frame.a !== undefined)
			for (const [s, entry] of this.unacked) {
				if (s >= frame.a) break; // kept in the order sent
				this.unacked.delete(s);
				this.backlogSize -= entry.size;
				this.progressAt = this.lastHeard;
			}
		if (frame.p !== undefined) this.write({ v: PROTOCOL_VERSION, a: this.nextIn, q: frame.p });
		if (frame.q !== undefined) {
			const rtt = Math.round((this.rttClock() - frame.q) * 100) / 100;
			if (rtt >= 0 && rtt < 60_000) {
				this.stats.pongs++;
				this.stats.rtts.push(rtt);
				if (this.stats.rtts.length > 50) this.stats.rtts.shift();
			}
		}
		if ((frame.m === undefined && !read.bad) || frame.s === undefined) return;
		if (frame.s < this.nextIn || this.held.has(frame.s)) {
			this.stats.duplicates++;
			this.ackSoon();
			return;
		}
		if (frame.s > this.nextIn) {
			if (this.held.size >= this.maxHeld || frame.s > this.nextIn + this.maxHeld) {
				this.stats.refused++;
				this.emit({ type: 'refused', reason: 'overflow' });
				return;
			}
			this.held.set(frame.s, read.bad ? { bad: read.bad } : { message: frame.m });
			this.ackSoon();
			return;
		}
		let entry: { message?: In; bad?: { id?: number } } | undefined = read.bad ? { bad: read.bad } : { message: frame.m };
		while (entry !== undefined && !this.done) {
			this.held.delete(this.nextIn);
			this.nextIn++;
			if (entry.message !== undefined) {
				this.stats.received++;
				this.stats.lastMessageAt = this.now();
				this.stats.lastMessageType = entry.message.type;
				this.emit({ type: 'message', message: entry.message });
			} else {
				this.stats.refused++;
				this.emit(entry.bad?.id === undefined ? { type: 'refused', reason: 'malformed' } : { type: 'refused', reason: 'malformed', id: entry.bad.id });
			}
			entry = this.held.get(this.nextIn);
		}
		this.ackSoon();
	}

	/** Acknowledges once the current burst is handled (an outgoing message carries it anyway). */
	private ackSoon(): void {
		if (this.ackDue) return;
		this.ackDue = true;
		queueMicrotask(() => {
			if (this.ackDue && !this.done) this.write({ v: PROTOCOL_VERSION, a: this.nextIn });
		});
	}

	private tick(): void {
		if (this.done) return;
		const now = this.now();
		if (now - this.lastHeard > this.lostMs) {
			this.link.close();
			this.finish({ type: 'lost' });
			return;
		}
		if (!this.isQuiet && now - this.lastHeard > this.quietMs) {
			this.isQuiet = true;
			this.emit({ type: 'quiet' });
		}
		// Heard, yet acknowledging nothing for long while the backlog grows: not a peer of the protocol.
		if (!this.isQuiet && this.backlogSize > this.maxBacklog && (now - this.progressAt > this.stallMs || this.backlogSize > 16 * this.maxBacklog)) {
			this.link.close();
			this.finish({ type: 'lost' });
			return;
		}
		for (const [s, entry] of this.unacked) {
			if (now - entry.at < this.resendMs) continue;
			entry.at = now;
			this.stats.resent++;
			this.write({ v: PROTOCOL_VERSION, s, a: this.nextIn, m: entry.message });
		}
		this.ping();
	}

	private finish(event: ChannelEvent<In>): void {
		if (this.done) return;
		this.done = true;
		if (this.timer !== null) clearInterval(this.timer);
		this.timer = null;
		for (const f of this.stop) f();
		this.emit(event);
		this.listeners.clear();
	}

	private emit(event: ChannelEvent<In>): void {
		for (const listener of [...this.listeners]) listener(event);
	}
}

/** The median and 95th percentile of `values` (null when empty). */
export function percentiles(values: number[]): { median: number; p95: number } | null {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
	return { median: at(0.5), p95: at(0.95) };
}
