/**
 * The phone's disk as the game grows (issue 19): `SeatStore.save` of a seat holding 250 and
 * 4,000 events, one new event each time (IndexedDB as fake-indexeddb gives it in Node), the
 * median of 100 saves each; `phone.save_ratio_4000_250` is their ratio (a save writes the
 * seat's head and the chunk the new event fell in, whatever the length of the game).
 */
import 'fake-indexeddb/auto';
import type { GameEvent } from '../src/lib/engine/game/types';
import { CHUNK, SeatStore } from '../src/lib/net/seat-store';
import type { Membership } from '../src/lib/store/records';

/** A whole chunk's worth of saves, so both lengths are timed over chunks as full and as empty. */
const TIMED = CHUNK;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** An event of a move's usual size (what it says does not matter to the disk). */
const event = (i: number) => ({ type: 'moved', by: i % 6, dir: 'up', to: { x: i % 40, y: 7 }, wall: false, audience: { to: 'all' } }) as unknown as GameEvent;

async function saveAt(length: number): Promise<number> {
	const database = `phone-bench-${length}-${Math.random()}`;
	const store = new SeatStore(database, async () => null);
	const events = Array.from({ length }, (_, i) => event(i));
	const seat = (): Membership => ({ room: 'ABCDEF', name: 'Ann', key: 'k'.repeat(24), seat: 0, events, nextCmd: 3, pending: null, updatedAt: events.length });
	for (let i = 0; i < 10; i++) {
		events.push(event(events.length));
		await store.save(seat());
	}
	const times: number[] = [];
	for (let i = 0; i < TIMED; i++) {
		events.push(event(events.length));
		const m = seat();
		const t = performance.now();
		await store.save(m);
		times.push(performance.now() - t);
	}
	return median(times);
}

export default async () => {
	const short = await saveAt(250);
	const long = await saveAt(4000);
	return [
		{ name: 'phone.save_ms_250', value: Math.round(short * 1000) / 1000, unit: 'ms' },
		{ name: 'phone.save_ms_4000', value: Math.round(long * 1000) / 1000, unit: 'ms' },
		{ name: 'phone.save_ratio_4000_250', value: Math.round((long / short) * 100) / 100, unit: '×' }
	];
};
