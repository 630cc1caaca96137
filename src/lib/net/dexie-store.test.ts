import 'fake-indexeddb/auto';
import { afterEach, expect, test } from 'vitest';
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
