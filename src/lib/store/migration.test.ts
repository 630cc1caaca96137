import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, test } from 'vitest';
import { createGame, replay } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import type { Command } from '../engine/game/types';
import { generatePlan } from '../engine/plan/generate';
import { createRng } from '../engine/random';
import { LabyrinthDatabase, type StoredGame } from './db';
import { GameStore } from './games';

/** The schema as it was before the logs moved out (versions 1 to 5 of db.ts). */
function schemaV5(name: string): Dexie {
	const db = new Dexie(name);
	db.version(1).stores({ plans: 'id, updatedAt, deletedAt' });
	db.version(2).stores({ games: 'id, updatedAt, finished' });
	db.version(3).stores({ hostTables: 'room, gameId, updatedAt', memberships: 'room, updatedAt' });
	db.version(4).stores({ sheets: 'id, updatedAt' });
	db.version(5).stores({ duels: 'id, updatedAt' });
	return db;
}

function playedGame(seed: number, length: number): StoredGame {
	const created = createGame({ plan: generatePlan({ width: 6, height: 6, seed }), seats: 3, seed });
	if (!created.ok) throw new Error('setup');
	const rng = createRng(seed);
	let state = replay(created.value).state;
	const log: Command[] = [];
	for (let i = 0; i < length && state.phase !== 'over'; i++) {
		const command = randomLegalCommand(state, rng);
		if (!command) break;
		log.push(command);
		state = replay({ ...created.value, log }).state;
	}
	return { id: `game-${seed}`, mode: seed % 2 ? 'pass' : 'host', names: ['A', 'B', 'C'], game: { ...created.value, log }, createdAt: seed, updatedAt: 100 + seed, finished: 0 };
}

describe('schema 6: the logs as rows of their own (issue 19)', () => {
	test('a device with games kept by schema 5 keeps every one of them, log and all, and goes on appending', async () => {
		const name = 'migration-test-v5';
		const old = schemaV5(name);
		const games = [playedGame(1, 40), playedGame(2, 0), playedGame(3, 25)];
		await old.table('games').bulkAdd(games);
		await old.table('hostTables').add({ room: 'ROOM01', gameId: 'game-2', seats: [], capacity: 6, createdAt: 1, updatedAt: 1 });
		old.close();

		const db = new LabyrinthDatabase(name);
		const store = new GameStore(db);
		for (const game of games) expect(await store.get(game.id)).toEqual(game);
		expect((await store.list()).map((g) => [g.id, g.commands])).toEqual([
			['game-3', games[2]!.game.log.length],
			['game-2', 0],
			['game-1', games[0]!.game.log.length]
		]);
		// the record on disk holds no log any more
		expect(await db.games.get('game-1')).not.toHaveProperty('game.log');
		expect(await db.hostTables.get('ROOM01')).toMatchObject({ gameId: 'game-2' });

		const next = randomLegalCommand(replay(games[0]!.game).state, createRng(9))!;
		await store.append('game-1', next, false, 500);
		const after = (await store.get('game-1'))!;
		expect(after.game.log).toEqual([...games[0]!.game.log, next]);
		expect(after.updatedAt).toBe(500);
		db.close();
	});

	test('a deleted game comes back whole, log included; the others keep theirs', async () => {
		const store = new GameStore(new LabyrinthDatabase('migration-test-remove'));
		const a = await store.create('pass', ['A', 'B', 'C'], playedGame(4, 30).game);
		const b = await store.create('pass', ['A', 'B', 'C'], playedGame(5, 20).game);
		const kept = (await store.get(a))!;
		const removed = await store.remove(a);
		expect(removed).toEqual(kept);
		expect(await store.get(a)).toBeUndefined();
		expect((await store.get(b))!.game.log.length).toBeGreaterThan(0);
		await store.restore(removed!);
		expect(await store.get(a)).toEqual(kept);
	});
});
