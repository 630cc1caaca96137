// One live writer across tabs (issue 29): the Web Locks path and the BroadcastChannel fallback,
// each tab a `claimWriter` on a shared fake (a lock manager, a bus), on fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { claimWriter, HEARTBEAT_MS, LEASE_MS, SETTLE_MS, type Bus, type SingleWriter, type WriterEnv } from './single-writer';

/** The Web Locks API as the spec has it for one exclusive lock name: granted in order, `ifAvailable`, `steal`, `signal`. */
class FakeLock {
	private held: { release: () => void; reject: (e: unknown) => void } | null = null;
	private queue: { grant: () => void; signal?: AbortSignal }[] = [];

	request(_name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
		return new Promise((resolve, reject) => {
			const run = () => {
				let settle!: () => void;
				const done = new Promise<void>((r) => (settle = r));
				const entry = (this.held = {
					release: settle,
					reject: (e) => {
						reject(e);
						settle();
					}
				});
				void Promise.resolve(callback({ name: _name, mode: 'exclusive' } as Lock)).then(
					(value) => {
						resolve(value);
						settle();
					},
					reject
				);
				void done.then(() => {
					if (this.held !== entry) return;
					this.held = null;
					this.next();
				});
			};
			if (options.steal) {
				const old = this.held;
				this.held = null;
				old?.reject(new DOMException('stolen', 'AbortError'));
				run();
				return;
			}
			if (!this.held && this.queue.length === 0) return run();
			if (options.ifAvailable) {
				void Promise.resolve(callback(null)).then(resolve, reject);
				return;
			}
			const entry = { grant: run, signal: options.signal };
			options.signal?.addEventListener('abort', () => {
				this.queue = this.queue.filter((e) => e !== entry);
				reject(new DOMException('aborted', 'AbortError'));
			});
			this.queue.push(entry);
		});
	}

	private next(): void {
		if (this.held) return;
		const entry = this.queue.shift();
		entry?.grant();
	}
}

class FakeLocks {
	private readonly names = new Map<string, FakeLock>();
	request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
		let lock = this.names.get(name);
		if (!lock) this.names.set(name, (lock = new FakeLock()));
		return lock.request(name, options, callback);
	}
}

/** A BroadcastChannel among tabs: a message reaches every other member, asynchronously. */
class FakeBusHub {
	members = new Map<Bus, string>();
	/** Tabs whose messages are not delivered (a frozen tab hears and says nothing). */
	frozen = new Set<Bus>();
	open(name = 'labyrinth-gm:table'): Bus {
		const { members, frozen } = this;
		const bus: Bus = {
			onmessage: null,
			postMessage(data) {
				if (frozen.has(bus)) return;
				for (const [other, on] of members) if (other !== bus && on === name) queueMicrotask(() => !frozen.has(other) && other.onmessage?.({ data: structuredClone(data) }));
			},
			close() {
				members.delete(bus);
			}
		};
		this.members.set(bus, name);
		return bus;
	}
}

let ids = 0;
const paths: [string, () => (id?: string) => WriterEnv][] = [
	[
		'Web Locks',
		() => {
			const locks = new FakeLocks() as unknown as LockManager;
			return () => ({ locks });
		}
	],
	[
		'BroadcastChannel fallback',
		() => {
			const hub = new FakeBusHub();
			return (id) => ({ locks: null, bus: (name) => hub.open(name), id: id ?? `tab-${(ids += 1)}` });
		}
	]
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Lets the messages and grants under way settle, and the claim's wait run out. */
const settle = () => vi.advanceTimersByTimeAsync(SETTLE_MS + 10);

const holders = (tabs: SingleWriter[]) => tabs.filter((t) => t.state === 'holding').length;

describe.each(paths)('one writer across tabs: %s', (_, makeEnv) => {
	it('the first tab holds it; a second says it is elsewhere; *Use it here* moves it and the first steps back', async () => {
		const env = makeEnv();
		const first = claimWriter('table', env());
		await settle();
		expect(first.state).toBe('holding');
		const second = claimWriter('table', env());
		await settle();
		expect(second.state).toBe('elsewhere');
		expect(first.state).toBe('holding');

		const seen: string[] = [];
		first.subscribe((s) => seen.push(s));
		second.useHere();
		await settle();
		expect(second.state).toBe('holding');
		expect(first.state).toBe('stepped_back');
		expect(seen).toEqual(['holding', 'stepped_back']);

		// and back again: the one that stepped back takes it over in its turn
		first.useHere();
		await settle();
		expect([first.state, second.state]).toEqual(['holding', 'stepped_back']);
		first.close();
		second.close();
	});

	it('a tab waiting for it takes it once the holder closes; one that stepped back waits for a tap', async () => {
		const env = makeEnv();
		const a = claimWriter('duel:X', env());
		await settle();
		const b = claimWriter('duel:X', env());
		await settle();
		expect(b.state).toBe('elsewhere');
		a.close();
		await settle();
		expect(b.state).toBe('holding');

		const c = claimWriter('duel:X', env());
		await settle();
		c.useHere();
		await settle();
		expect([b.state, c.state]).toEqual(['stepped_back', 'holding']);
		c.close();
		await vi.advanceTimersByTimeAsync(LEASE_MS * 2);
		expect(b.state).toBe('stepped_back');
		b.close();
	});

	it('claims of different names do not meet', async () => {
		const env = makeEnv();
		const a = claimWriter('game:1', env());
		const b = claimWriter('game:2', env());
		await settle();
		expect([a.state, b.state]).toEqual(['holding', 'holding']);
		a.close();
		b.close();
	});

	it('never two holders, whatever tabs open, take over and close in whatever order (property)', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.oneof(fc.constant({ op: 'open' as const }), fc.record({ op: fc.constantFrom('use' as const, 'close' as const), tab: fc.nat(7) })), { minLength: 1, maxLength: 14 }),
				async (ops) => {
					const env = makeEnv();
					const tabs: SingleWriter[] = [];
					const open: SingleWriter[] = [];
					for (const step of ops) {
						if (step.op === 'open') {
							const tab = claimWriter('table', env());
							tabs.push(tab);
							open.push(tab);
						} else {
							const tab = open[step.tab % Math.max(open.length, 1)];
							if (!tab) continue;
							if (step.op === 'use') tab.useHere();
							else {
								tab.close();
								open.splice(open.indexOf(tab), 1);
							}
						}
						await settle();
						expect(holders(open)).toBeLessThanOrEqual(1);
					}
					await vi.advanceTimersByTimeAsync(LEASE_MS * 2);
					expect(holders(open)).toBeLessThanOrEqual(1);
					// while any tab is open and one waits (not stepped back), someone holds it
					if (open.some((t) => t.state === 'elsewhere')) expect(holders(open)).toBe(1);
					for (const t of open) t.close();
				}
			),
			{ numRuns: 60 }
		);
	});
});

describe('the fallback: heartbeat and lease', () => {
	it('a holder frozen past the lease is presumed gone; when it wakes, the later claim stands and it steps back', async () => {
		const hub = new FakeBusHub();
		const busA = hub.open();
		const a = claimWriter('table', { locks: null, bus: () => busA, id: 'a' });
		await settle();
		const b = claimWriter('table', { locks: null, bus: () => hub.open(), id: 'b' });
		await settle();
		expect([a.state, b.state]).toEqual(['holding', 'elsewhere']);

		// a few heartbeats: still held
		await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 5);
		expect(b.state).toBe('elsewhere');

		hub.frozen.add(busA);
		await vi.advanceTimersByTimeAsync(LEASE_MS + HEARTBEAT_MS + SETTLE_MS);
		expect(b.state).toBe('holding');

		hub.frozen.delete(busA);
		await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
		expect([a.state, b.state]).toEqual(['stepped_back', 'holding']);
		a.close();
		b.close();
	});

	it('two tabs opening at once: one holds it, the other says so', async () => {
		const hub = new FakeBusHub();
		const a = claimWriter('table', { locks: null, bus: () => hub.open(), id: 'a' });
		const b = claimWriter('table', { locks: null, bus: () => hub.open(), id: 'b' });
		await settle();
		await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
		expect(holders([a, b])).toBe(1);
		a.close();
		b.close();
	});

	it('messages that are not a claim change nothing', async () => {
		const hub = new FakeBusHub();
		const a = claimWriter('table', { locks: null, bus: () => hub.open(), id: 'a' });
		await settle();
		const stranger = hub.open();
		for (const data of [null, 1, 'take', { t: 'take', id: 'z' }, { t: 'take', id: 'z', epoch: Infinity }, { t: 'held', id: 5, epoch: 9 }, { t: 'nope', id: 'z' }]) stranger.postMessage(data);
		await settle();
		expect(a.state).toBe('holding');
		a.close();
	});

	it('with neither Web Locks nor BroadcastChannel the tab holds it (there is no other tab to hear)', () => {
		expect(claimWriter('table', { locks: null }).state).toBe('holding');
	});
});
