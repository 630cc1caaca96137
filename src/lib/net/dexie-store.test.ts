import 'fake-indexeddb/auto';
import { afterEach, expect, test } from 'vitest';
import { createGame } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import { generatePlan } from '../engine/plan/generate';
import { LabyrinthDatabase } from '../store/db';
import { GameStore } from '../store/games';
import { DexieDuelStore, DexieHostStore } from './dexie-store';
import { deviceOf, newDuelRecord } from './duel-record';
import { generateDuel } from '../engine/rules/duel/generate';
import { HostSession } from './host';
import { newGame, scriptedCommands } from './testing';

let db: LabyrinthDatabase | null = null;
afterEach(async () => {
	await db?.delete();
	db = null;
});

test('the host store keeps the table and appends commands to the game in one transaction', async () => {
	db = new LabyrinthDatabase(`net-${Math.random()}`);
	const store = new DexieHostStore(db);
	const game = newGame(2);
	await new GameStore(db).restore({ id: 'g', mode: 'host', names: ['', ''], game, createdAt: 1, updatedAt: 1, finished: 0 });
	const table = { ...HostSession.newTable('ABCDEF', 2), gameId: 'g', seats: [{ name: 'Ann', key: 'k'.repeat(24), lastCmd: 0, lastResult: null }] };
	await store.saveTable(table);
	const [first] = scriptedCommands(game, 1);
	const later = { ...table, seats: [{ ...table.seats[0]!, lastCmd: 1, lastResult: { ok: true } }] };
	await store.append(later, 'g', first!, false);
	expect((await store.loadGame('g'))!.log).toEqual([first]);
	expect(await store.loadTable('ABCDEF')).toEqual(later);
	expect((await db.games.get('g'))!.names).toEqual(['Ann', '']);
	expect(await store.tableOf('g')).toEqual(later);
	// A failed append (no such game) changes neither.
	await expect(store.append({ ...later, capacity: 9 }, 'nope', first!, false)).rejects.toThrow();
	expect((await store.loadTable('ABCDEF'))!.capacity).toBe(2);
});

test('the duel store keeps a duel by room (schema v5) and lists the newest first', async () => {
	db = new LabyrinthDatabase(`net-${Math.random()}`);
	const store = new DexieDuelStore(db);
	const plan = generateDuel(4);
	const record = { ...newDuelRecord({ id: 'ABCDEF', role: 'opener', name: 'Ann', plan, seed: 's', now: 5 }), exchanges: [{ by: 0 as const, actions: [{ a: 'go' as const, dir: 'up' as const }], reply: [] }] };
	await store.save(record);
	await store.save({ ...record, id: 'GHJKMN', updatedAt: 9 });
	const back = await store.load('ABCDEF');
	expect(back).toEqual(record);
	expect(deviceOf(back!)).not.toBeNull();
	expect((await store.list()).map((x) => x.id)).toEqual(['GHJKMN', 'ABCDEF']);
	await store.remove('GHJKMN');
	expect(await store.load('GHJKMN')).toBeNull();
});

/** The bytes (JSON) a database puts into each table, and the records it hands back, counted through Dexie's core. */
function metered(name: string): { db: LabyrinthDatabase; written: Map<string, number>; read: Map<string, number> } {
	const written = new Map<string, number>();
	const read = new Map<string, number>();
	const size = (values: unknown) => JSON.stringify(values ?? null).length;
	const add = (into: Map<string, number>, table: string, bytes: number) => into.set(table, (into.get(table) ?? 0) + bytes);
	const metered = new LabyrinthDatabase(name);
	metered.use({
		stack: 'dbcore',
		name: 'metered',
		create: (down) => ({
			...down,
			table: (table) => {
				const t = down.table(table);
				return {
					...t,
					mutate: (req) => (add(written, table, 'values' in req ? size(req.values) : 0), t.mutate(req)),
					get: async (req) => {
						const value: unknown = await t.get(req);
						add(read, table, size(value));
						return value;
					},
					getMany: async (req) => {
						const values: unknown[] = await t.getMany(req);
						add(read, table, size(values));
						return values;
					},
					query: async (req) => {
						const result = await t.query(req);
						add(read, table, req.values ? size(result.result) : 0);
						return result;
					},
					openCursor: async (req) => {
						const cursor = await t.openCursor(req);
						if (cursor && req.values) add(read, table, size(cursor.value));
						return cursor;
					}
				};
			}
		})
	});
	return { db: metered, written, read };
}

test("a move writes and reads the same whatever the game's length and the size of its plan (issue 35)", async () => {
	// Two games far apart: a 5x5 plan fresh, a 40x40 plan 600 commands in; the same command, the same table.
	const moveCost = async (width: number, length: number) => {
		const m = metered(`net-${Math.random()}`);
		db = m.db;
		const created = createGame({ plan: generatePlan({ width, height: width, seed: 3 }), seats: 2, seed: 3 });
		if (!created.ok) throw new Error('setup');
		const filler: Command = { type: 'ruling', by: 'master', reason: 'the table agrees' };
		const log = Array.from({ length }, () => filler);
		await new GameStore(db).restore({ id: 'g', mode: 'host', names: ['Ann', 'Bo'], game: { ...created.value, log }, createdAt: 1, updatedAt: 1, finished: 0 });
		const store = new DexieHostStore(db);
		const table = { ...HostSession.newTable('ABCDEF', 2), gameId: 'g', seats: [{ name: 'Ann', key: 'k'.repeat(24), lastCmd: 0, lastResult: null }] };
		await store.saveTable(table);
		await store.append(table, 'g', filler, false); // the first of the page may learn the record's end
		m.written.clear();
		m.read.clear();
		await store.append(table, 'g', filler, false);
		const cost = { written: Object.fromEntries(m.written), read: Object.fromEntries(m.read) };
		expect((await store.loadGame('g'))!.log).toEqual([...log, filler, filler]);
		await db.delete();
		return cost;
	};
	const fresh = await moveCost(5, 0);
	const long = await moveCost(40, 600);
	// nothing of the game is read; the same tables get the same bytes, but for the row's number (1 against 601)
	expect(long.read).toEqual(fresh.read);
	expect(Object.keys(long.written).sort()).toEqual(['commands', 'hostTables']);
	expect(Object.keys(fresh.written).sort()).toEqual(['commands', 'hostTables']);
	expect(long.written.hostTables).toBe(fresh.written.hostTables);
	expect(long.written.commands! - fresh.written.commands!).toBe(String(601).length - String(1).length);
});
