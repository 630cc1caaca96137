/**
 * Links in memory: for unit tests (with faults on demand: lost, duplicated and reordered
 * strings) and for pass-and-play on one device. Delivery is asynchronous, like a network.
 */
import { BaseLink, type Link, type Listener, type Transport } from './link';

/** What a memory link does to each string it carries; each call decides for one string. */
export interface Faults {
	/** How many times to deliver it: 0 drops it, 2 duplicates it. */
	copies?(data: string): number;
	/** Holds it back until the next string has gone (a reorder of neighbours). */
	holdBack?(data: string): boolean;
}

class MemoryLink extends BaseLink {
	readonly kind = 'memory' as const;
	other: MemoryLink | null = null;
	private held: string | null = null;
	/** Stops delivery without a close on either side (a peer that vanished). */
	severed = false;

	constructor(
		peer: string,
		private readonly faults: Faults = {}
	) {
		super(peer);
	}

	send(data: string): void {
		if (this.state !== 'open' || this.severed) return;
		const target = this.other;
		if (!target) return;
		const copies = this.faults.copies?.(data) ?? 1;
		const out: string[] = [];
		if (this.faults.holdBack?.(data) && this.held === null) {
			this.held = data;
			return;
		}
		for (let i = 0; i < copies; i++) out.push(data);
		if (this.held !== null) {
			out.push(this.held);
			this.held = null;
		}
		for (const item of out) void Promise.resolve().then(() => !this.severed && target.arrive(item));
	}

	arrive(data: string): void {
		this.deliver(data);
	}

	open(): void {
		this.setState('open');
	}

	close(): void {
		if (this.state === 'closed') return;
		this.setState('closed');
		const other = this.other;
		if (other && !this.severed) void Promise.resolve().then(() => other.close());
	}
}

/** Two ends of one link, open at once. */
export function memoryPair(a = 'host', b = 'phone', faults: { ab?: Faults; ba?: Faults } = {}): [Link & { severed: boolean }, Link & { severed: boolean }] {
	const left = new MemoryLink(b, faults.ab);
	const right = new MemoryLink(a, faults.ba);
	left.other = right;
	right.other = left;
	left.open();
	right.open();
	return [left, right];
}

/** A switchboard of memory links by id: a Transport for tests. */
export class MemoryNetwork implements Transport {
	readonly kind = 'memory' as const;
	private readonly listeners = new Map<string, (link: Link) => void>();
	private counter = 0;
	/** Faults applied to links opened from now on. */
	faults: { toHost?: Faults; toPhone?: Faults } = {};
	/** Every link handed out to a phone, newest last (a test can sever one). */
	readonly opened: (Link & { severed: boolean })[] = [];

	async listen(id: string): Promise<Listener> {
		const accepted = new Set<(link: Link) => void>();
		this.listeners.set(id, (link) => accepted.forEach((f) => f(link)));
		return {
			kind: 'memory',
			id,
			online: true,
			accept: (listener) => {
				accepted.add(listener);
				return () => accepted.delete(listener);
			},
			close: () => {
				this.listeners.delete(id);
			}
		};
	}

	async open(id: string): Promise<Link> {
		const listener = this.listeners.get(id);
		if (!listener) throw new Error(`no peer ${id}`);
		const [hostEnd, phoneEnd] = memoryPair(id, `phone-${++this.counter}`, { ab: this.faults.toPhone, ba: this.faults.toHost });
		listener(hostEnd);
		this.opened.push(phoneEnd);
		return phoneEnd;
	}

	/** Whether a host listens on `id`. */
	has(id: string): boolean {
		return this.listeners.has(id);
	}
}
