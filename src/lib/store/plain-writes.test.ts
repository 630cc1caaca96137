// Issue 16: a Svelte $state proxy reached IndexedDB (DataCloneError) and the editor saved
// nothing. fake-indexeddb clones as the browser does and refuses a proxy the same way, so these
// tests fail if any write — to any table, through any store's method — lets one through.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { generateDuel } from '../engine/rules/duel/generate';
import { DexieDuelStore, DexieHostStore } from '../net/dexie-store';
import { newDuelRecord } from '../net/duel-record';
import { HostSession } from '../net/host';
import { SeatStore } from '../net/seat-store';
import type { Membership } from './records';
import { newGame, scriptedCommands } from '../net/testing';
import { LabyrinthDatabase } from './db';
import { GameStore } from './games';
import { SheetStore } from './sheets';
import { newSheet } from '../sheet/sheet';
import { PlanLibrary } from './plans';
import { stateLike } from './testing';

const opened: LabyrinthDatabase[] = [];
const seatDbs: string[] = [];
let n = 0;
function db(): LabyrinthDatabase {
	const d = new LabyrinthDatabase(`plain-writes-${++n}`);
	opened.push(d);
	return d;
}
afterEach(async () => {
	for (const d of opened.splice(0)) await d.delete();
	for (const name of seatDbs.splice(0)) indexedDB.deleteDatabase(name);
});

/** The key of a record `key` of `table` (a compound key, as the commands' [game+n], is `[key, 0]`). */
const keyFor = (table: LabyrinthDatabase['tables'][number], key: string) => (Array.isArray(table.schema.primKey.keyPath) ? [key, 0] : key);

/** A record for any table: its key, every index filled, and nested data below. */
function recordFor(table: LabyrinthDatabase['tables'][number], key: string, depth: number) {
	const path = table.schema.primKey.keyPath;
	const record: Record<string, unknown> = Array.isArray(path) ? { [path[0]!]: key, [path[1]!]: 0 } : { [path as string]: key };
	for (const index of table.schema.indexes) record[index.keyPath as string] = 1;
	record.nested = { depth, list: [1, { a: 'x', b: [depth] }], bytes: new Uint8Array([depth]) };
	return record;
}

describe('every table takes data as a screen holds it (proxied), by every kind of write', () => {
	test('add, put, bulkAdd, bulkPut, update and modify on each table of the schema', async () => {
		const d = db();
		await d.open();
		expect(d.tables.length).toBeGreaterThanOrEqual(6);
		for (const table of d.tables) {
			const key = Array.isArray(table.schema.primKey.keyPath) ? `[${table.schema.primKey.keyPath.join('+')}]` : (table.schema.primKey.keyPath as string);
			const read = (k: string) => table.get(keyFor(table, k));
			const one = recordFor(table, 'a', 1);
			await table.add(stateLike(one));
			expect(await read('a'), table.name).toEqual(one);
			const two = recordFor(table, 'a', 2);
			await table.put(stateLike(two));
			expect(await read('a'), table.name).toEqual(two);
			await table.bulkAdd(stateLike([recordFor(table, 'b', 3)]));
			await table.bulkPut(stateLike([recordFor(table, 'c', 4), recordFor(table, 'd', 5)]));
			expect(await read('d'), table.name).toEqual(recordFor(table, 'd', 5));
			await table.update(keyFor(table, 'b'), stateLike({ nested: { list: [{ z: [7] }] } }));
			expect((await read('b'))?.nested, table.name).toEqual({ list: [{ z: [7] }] });
			await table.where(key).equals(keyFor(table, 'c')).modify(stateLike({ nested: { list: [[8]] } }));
			expect((await read('c'))?.nested, table.name).toEqual({ list: [[8]] });
		}
	});
});

/**
 * Each store's methods: every one that writes is called with proxied arguments (and must
 * store them as given); every other one is named as a read. A method added later and not
 * listed here fails the test, so a new write path cannot skip it.
 */
describe("every store's write methods take proxied arguments", () => {
	const covered = (cls: { prototype: object }, writes: string[], reads: string[]) => {
		const methods = Object.getOwnPropertyNames(cls.prototype).filter((name) => name !== 'constructor');
		expect([...methods].sort()).toEqual([...writes, ...reads].sort());
	};
	const plan = (name: string) => ({ ...generatePlan({ width: 5, height: 5, seed: 2 }), name });

	test('the library (PlanLibrary)', async () => {
		covered(PlanLibrary, ['add', 'save', 'duplicate', 'rename', 'remove', 'restore', 'purge'], ['list', 'get']);
		const library = new PlanLibrary(db());
		const id = await library.add(stateLike(plan('First')));
		await library.save(id, stateLike(plan('Second')));
		expect((await library.get(id))?.plan).toEqual(plan('Second'));
		const copy = await library.duplicate(id, (name) => `${name} (copy)`);
		await library.rename(copy!, 'Third');
		expect((await library.get(copy!))?.plan).toEqual(plan('Third'));
		await library.remove(id, 5);
		await library.restore(id);
		await library.purge();
		expect((await library.list()).length).toBe(2);
	});

	test('the games (GameStore)', async () => {
		covered(GameStore, ['create', 'append', 'appendNow', 'rename', 'remove', 'restore', 'put'], ['get', 'list']);
		const games = new GameStore(db());
		const game = newGame(2);
		const [first] = scriptedCommands(game, 1);
		const id = await games.create('pass', stateLike(['Ann', 'Bob']), stateLike(game));
		await games.append(id, stateLike(first!), false);
		const stored = (await games.get(id))!;
		expect(stored.game).toEqual({ ...game, log: [first] });
		const d = (games as unknown as { db: LabyrinthDatabase }).db;
		await d.transaction('rw', d.games, d.commands, () => games.appendNow(id, stateLike(first!), false, 7, stateLike(['Ann', 'Bo'])));
		await games.rename(id, () => stateLike(['Ann', 'Bob']));
		expect((await games.get(id))!.game.log).toEqual([first, first]);
		await games.remove(id);
		await games.restore(stateLike(stored));
		expect(await games.get(id)).toEqual(stored);
	});

	test("the players' sheets (SheetStore)", async () => {
		covered(SheetStore, ['save', 'recordOwn'], ['get', 'own']);
		const sheets = new SheetStore(db());
		const sheet = newSheet(3, 3, Array(9).fill(true));
		const command = { type: 'move' as const, by: 0, actions: [{ a: 'go' as const, dir: 'up' as const }] };
		expect(await sheets.recordOwn('r:0', stateLike(command), 4)).toEqual([{ command, at: 4 }]);
		await sheets.save('r:0', stateLike(sheet));
		expect(await sheets.get('r:0')).toMatchObject({ sheet, own: [{ command, at: 4 }] });
		expect(await sheets.own('r:0')).toEqual([{ command, at: 4 }]);
	});

	test("the host's tables (DexieHostStore)", async () => {
		covered(DexieHostStore, ['saveTable', 'append'], ['loadTable', 'loadGame', 'tableOf']);
		const d = db();
		const store = new DexieHostStore(d);
		const game = newGame(2);
		const gameId = await new GameStore(d).create('host', ['', ''], game);
		const table = { ...HostSession.newTable('ABCDEF', 2), gameId, seats: [{ name: 'Ann', key: 'k'.repeat(24), lastCmd: 0, lastResult: null }] };
		await store.saveTable(stateLike(table));
		const [first] = scriptedCommands(game, 1);
		const later = { ...table, seats: [{ ...table.seats[0]!, lastCmd: 1, lastResult: { ok: true } }] };
		await store.append(stateLike(later), gameId, stateLike(first!), false);
		expect(await store.loadTable('ABCDEF')).toEqual(later);
		expect((await store.loadGame(gameId))!.log).toEqual([first]);
	});

	test('the duels (DexieDuelStore)', async () => {
		covered(DexieDuelStore, ['save', 'remove'], ['load', 'list']);
		const store = new DexieDuelStore(db());
		const record = newDuelRecord({ id: 'ABCDEF', role: 'opener', name: 'Ann', plan: generateDuel(4), seed: 's', now: 5 });
		await store.save(stateLike(record));
		expect(await store.load('ABCDEF')).toEqual(record);
		await store.remove('ABCDEF');
		expect(await store.load('ABCDEF')).toBeNull();
	});

	test("the phone's seats (SeatStore, idb-keyval)", async () => {
		covered(SeatStore, ['save', 'forget', 'moveOldSeats', 'writeSeat'], ['load', 'head', 'list']);
		const name = `plain-writes-seats-${++n}`;
		seatDbs.push(name);
		const old: Membership = { room: 'GHJKMN', name: 'Old', key: null, seat: null, events: [], nextCmd: 1, pending: null, updatedAt: 1 };
		// The seats an older version kept are moved over too, proxied or not.
		const seats = new SeatStore(name, async () => ({ all: async () => [stateLike(old)], clear: async () => {} }));
		const m: Membership = { room: 'ABCDEF', name: 'Ann', key: 'k'.repeat(24), seat: 0, events: [], nextCmd: 2, pending: { id: 1, command: { type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }] } }, names: ['Ann', 'Bob'], updatedAt: 5 };
		await seats.save(stateLike(m));
		expect(await seats.load('ABCDEF')).toEqual(m);
		expect(await seats.load('GHJKMN')).toEqual(old);
		await seats.forget('ABCDEF');
		expect(await seats.load('ABCDEF')).toBeNull();
	});
});
