import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { LabyrinthDatabase } from '../store/db';
import { SeatStore, type OldSeats } from './seat-store';
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
