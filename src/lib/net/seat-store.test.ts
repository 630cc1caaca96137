import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { LabyrinthDatabase } from '../store/db';
import { createStore, del, get, keys, set } from 'idb-keyval';
import { CHUNK, SeatStore, type OldSeats } from './seat-store';
import type { GameEvent } from '../engine/game/types';
import type { Membership } from '../store/records';

const seat = (room: string, updatedAt: number, name = 'Ann'): Membership => ({ room, name, key: 'k'.repeat(24), seat: 0, events: [], nextCmd: 3, pending: null, updatedAt });

const opened: string[] = [];
/** A store in a database of its own, with the given old table (none by default). */
function store(old: OldSeats | null = null): SeatStore {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	return new SeatStore(name, async () => old);
}
afterEach(() => {
	for (const name of opened.splice(0)) indexedDB.deleteDatabase(name);
});

/** The old Dexie table, as an older version left it. */
async function oldTable(rows: Membership[]): Promise<{ db: LabyrinthDatabase; old: OldSeats }> {
	const db = new LabyrinthDatabase(`old-${Math.random()}`);
	await db.memberships.bulkPut(rows);
	return { db, old: { all: () => db.memberships.toArray(), clear: () => db.memberships.clear() } };
}

test('the phone keeps its seats by room, lists the newest first and forgets one', async () => {
	const seats = store();
	const ann = seat('ABCDEF', 5);
	await seats.save(ann);
	await seats.save(seat('GHJKMN', 9, 'Bob'));
	expect(await seats.load('ABCDEF')).toEqual(ann);
	expect(await seats.load('PQRSTU')).toBeNull();
	expect((await seats.list()).map((m) => m.room)).toEqual(['GHJKMN', 'ABCDEF']);
	await seats.forget('GHJKMN');
	expect(await seats.load('GHJKMN')).toBeNull();
	expect((await seats.list()).map((m) => m.room)).toEqual(['ABCDEF']);
});

test('a save is on disk when it resolves: another connection reads it', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const m = { ...seat('ABCDEF', 5), pending: { id: 3, command: { type: 'move' as const, by: 0, actions: [{ a: 'go' as const, dir: 'up' as const }] } } };
	await new SeatStore(name, async () => null).save(m);
	expect(await new SeatStore(name, async () => null).load('ABCDEF')).toEqual(m);
});

test('saves land in the order they were made, the last one kept', async () => {
	await fc.assert(
		fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('ABCDEF', 'GHJKMN', 'PQRSTU'), fc.nat(1000)), { minLength: 1, maxLength: 12 }), async (writes) => {
			const seats = store();
			// not awaited one by one: a burst, as the session makes them
			await Promise.all(writes.map(([room, at]) => seats.save(seat(room, at))));
			const last = new Map(writes.map(([room, at]) => [room, at]));
			for (const [room, at] of last) expect((await seats.load(room))?.updatedAt).toBe(at);
			expect((await seats.list()).length).toBe(last.size);
		}),
		{ numRuns: 25 }
	);
});

test('a phone updated in the middle of a game keeps its seat: the old table is moved here, once', async () => {
	const { db, old } = await oldTable([seat('ABCDEF', 5), seat('GHJKMN', 7)]);
	try {
		const seats = store(old);
		expect(await seats.load('ABCDEF')).toEqual(seat('ABCDEF', 5));
		expect((await seats.list()).map((m) => m.room)).toEqual(['GHJKMN', 'ABCDEF']);
		// moved, not copied: the old table is empty, so a seat forgotten here cannot come back
		expect(await db.memberships.count()).toBe(0);
		await seats.forget('GHJKMN');
		expect(await seats.load('GHJKMN')).toBeNull();
	} finally {
		await db.delete();
	}
});

test('a seat already here is newer than the old table\'s and stays', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const newer = seat('ABCDEF', 50, 'Anna');
	await new SeatStore(name, async () => null).save(newer);
	const { db, old } = await oldTable([seat('ABCDEF', 5), seat('GHJKMN', 7)]);
	try {
		const seats = new SeatStore(name, async () => old);
		expect(await seats.load('ABCDEF')).toEqual(newer);
		expect(await seats.load('GHJKMN')).toEqual(seat('GHJKMN', 7));
	} finally {
		await db.delete();
	}
});

test('an old table that cannot be read does not stop the game, and is tried again next time', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const broken: OldSeats = { all: () => Promise.reject(new Error('blocked')), clear: () => Promise.resolve() };
	const warn = console.warn;
	console.warn = () => undefined;
	try {
		const seats = new SeatStore(name, async () => broken);
		await seats.save(seat('ABCDEF', 5));
		expect(await seats.load('ABCDEF')).toEqual(seat('ABCDEF', 5));
	} finally {
		console.warn = warn;
	}
	const { db, old } = await oldTable([seat('GHJKMN', 7)]);
	try {
		expect(await new SeatStore(name, async () => old).load('GHJKMN')).toEqual(seat('GHJKMN', 7));
	} finally {
		await db.delete();
	}
});

/** Distinct events (what they say does not matter to the store). */
const event = (i: number) => ({ type: 'turn', seat: i % 6, n: i, audience: { to: 'all' } }) as unknown as GameEvent;

test('a seat loads as it was saved last, whatever the appends, saves and reloads in between', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.oneof(fc.record({ append: fc.nat(CHUNK * 2 + 3) }), fc.constant({ save: true }), fc.constant({ reload: true })), { minLength: 1, maxLength: 14 }),
			async (steps) => {
				const name = `seats-${Math.random()}`;
				opened.push(name);
				let seats = new SeatStore(name, async () => null);
				let events: GameEvent[] = [];
				let saved: Membership | null = null;
				for (const step of steps) {
					if ('append' in step) events = [...events, ...Array.from({ length: step.append }, (_, i) => event(events.length + i))];
					else if ('save' in step) {
						saved = { ...seat('ABCDEF', events.length), events };
						await seats.save(saved);
					} else {
						// a reload: a new store, and the session goes on from what it loads
						seats = new SeatStore(name, async () => null);
						const loaded = await seats.load('ABCDEF');
						expect(loaded).toEqual(saved);
						events = loaded?.events ?? events;
					}
				}
				expect(await new SeatStore(name, async () => null).load('ABCDEF')).toEqual(saved);
			}
		),
		{ numRuns: 40 }
	);
});

test('a save writes the head and only the chunk the new events fell in', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const seats = new SeatStore(name, async () => null);
	const events = Array.from({ length: CHUNK * 3 + 5 }, (_, i) => event(i));
	await seats.save({ ...seat('ABCDEF', 1), events: [...events] });
	const raw = createStore(name, 'memberships');
	// the chunks already on disk are marked: a later save must leave them as they are
	for (const n of [0, 1, 2]) await set(['ABCDEF', n], ['marked'], raw);
	events.push(event(events.length));
	await seats.save({ ...seat('ABCDEF', 2), events: [...events] });
	expect(await get(['ABCDEF', 2], raw)).toEqual(['marked']);
	expect(await get(['ABCDEF', 3], raw)).toEqual(events.slice(CHUNK * 3));
	const head = await get<Record<string, unknown>>('ABCDEF', raw);
	expect(head?.events).toBeUndefined();
	expect(head?.eventCount).toBe(events.length);
});

test('a seat another game wrote over, or shorter, is written whole: no chunk of the older one stays', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const seats = new SeatStore(name, async () => null);
	await seats.save({ ...seat('ABCDEF', 1), events: Array.from({ length: CHUNK * 2 + 1 }, (_, i) => event(i)) });
	const other = { ...seat('ABCDEF', 2), events: Array.from({ length: 3 }, (_, i) => event(1000 + i)) };
	await seats.save(other);
	expect(await new SeatStore(name, async () => null).load('ABCDEF')).toEqual(other);
	expect((await keys(createStore(name, 'memberships'))).length).toBe(2);
});

test('a seat an older version saved whole (events inline) loads as it was, and takes chunks at its next save', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const raw = createStore(name, 'memberships');
	const inline: Membership = { ...seat('ABCDEF', 5), events: Array.from({ length: CHUNK + 10 }, (_, i) => event(i)) };
	await set('ABCDEF', inline, raw);
	await set('GHJKMN', seat('GHJKMN', 9, 'Bob'), raw);
	const seats = new SeatStore(name, async () => null);
	const loaded = await seats.load('ABCDEF');
	expect(loaded).toEqual(inline);
	expect((await seats.list()).map((m) => m.room)).toEqual(['GHJKMN', 'ABCDEF']);
	const next = { ...loaded!, events: [...loaded!.events, event(CHUNK + 10)], updatedAt: 6 };
	await seats.save(next);
	const head = await get<Record<string, unknown>>('ABCDEF', raw);
	expect(head?.events).toBeUndefined();
	expect(await get(['ABCDEF', 0], raw)).toEqual(next.events.slice(0, CHUNK));
	expect(await new SeatStore(name, async () => null).load('ABCDEF')).toEqual(next);
	expect(await new SeatStore(name, async () => null).load('GHJKMN')).toEqual(seat('GHJKMN', 9, 'Bob'));
});

test('forgetting a seat deletes its chunks, and no other seat\'s', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const seats = new SeatStore(name, async () => null);
	const bob = { ...seat('GHJKMN', 3, 'Bob'), events: Array.from({ length: CHUNK + 1 }, (_, i) => event(i)) };
	await seats.save({ ...seat('ABCDEF', 5), events: Array.from({ length: CHUNK * 2 + 1 }, (_, i) => event(i)) });
	await seats.save(bob);
	await seats.forget('ABCDEF');
	expect(await seats.load('ABCDEF')).toBeNull();
	const left = await keys(createStore(name, 'memberships'));
	expect(left.filter((key) => (Array.isArray(key) ? key[0] : key) === 'ABCDEF')).toEqual([]);
	expect(await new SeatStore(name, async () => null).load('GHJKMN')).toEqual(bob);
});

test('a seat\'s head is the seat without its events, read without its chunks (a reload asks it before loading the seat)', async () => {
	const name = `seats-${Math.random()}`;
	opened.push(name);
	const raw = createStore(name, 'memberships');
	const seats = new SeatStore(name, async () => null);
	const chunked = { ...seat('ABCDEF', 5), events: Array.from({ length: CHUNK * 2 + 3 }, (_, i) => event(i)) };
	await seats.save(chunked);
	const inline: Membership = { ...seat('GHJKMN', 9, 'Bob'), events: Array.from({ length: 7 }, (_, i) => event(i)) };
	await set('GHJKMN', inline, raw);
	const { events: _chunkedEvents, ...chunkedHead } = chunked;
	const { events: _inlineEvents, ...inlineHead } = inline;
	const fresh = new SeatStore(name, async () => null);
	expect(await fresh.head('ABCDEF')).toEqual(chunkedHead);
	expect(await fresh.head('GHJKMN')).toEqual(inlineHead);
	expect(await fresh.head('PQRSTU')).toBeNull();
	// its chunks are not read: with one gone the head still comes, while the whole seat says what is missing
	await del(['ABCDEF', 1], raw);
	expect(await new SeatStore(name, async () => null).head('ABCDEF')).toEqual(chunkedHead);
	await expect(new SeatStore(name, async () => null).load('ABCDEF')).rejects.toThrow(/missing events/);
});
