import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { createGame, replay } from '../engine/game/game';
import { generateAbandoned } from '../engine/rules/abandoned/generate';
import { generateTopographic } from '../engine/rules/topographic/generate';
import { generatePlan } from '../engine/plan/generate';
import type { Plan } from '../engine/plan/types';
import { LabyrinthDatabase } from './db';
import { GameStore } from './games';

let n = 0;
const store = () => new GameStore(new LabyrinthDatabase(`games-test-${++n}`));
const game = (plan: Plan) => {
	const g = createGame({ plan, seats: 2, seed: 'store' });
	if (!g.ok) throw new Error(JSON.stringify(g.error));
	return g.value;
};

describe('the game history (seed 002: list, restore, delete saved games)', () => {
	test('games of every system are listed by mode, newest first; one deleted leaves the list and comes back whole with restore', async () => {
		const games = store();
		const classic = await games.create('pass', ['A', 'B'], game(generatePlan({ width: 5, height: 5, seed: 1 })), 1000);
		const topo = await games.create('pass', ['A', 'B'], game(generateTopographic(2)), 2000);
		const omniscient = await games.create('host', ['A', 'B'], game(generateAbandoned(3)), 3000);
		await games.append(omniscient, { type: 'confirm_starts', by: 'master' }, false, 4000);
		expect((await games.list('pass')).map((g) => g.id)).toEqual([topo, classic]);
		expect((await games.list('host')).map((g) => g.id)).toEqual([omniscient]);

		const kept = (await games.get(omniscient))!;
		await games.remove(omniscient);
		expect(await games.get(omniscient)).toBeUndefined();
		expect(await games.list('host')).toEqual([]);
		await games.restore(kept);
		const back = (await games.get(omniscient))!;
		expect(back).toEqual(kept);
		// Restored where it was: the same state as before the deletion.
		expect(replay(back.game).state.phase).toBe('play');
		expect(back.game.log).toHaveLength(1);
	});

	test('the computer seats are kept with the game and stay through its moves; a game of people has none', async () => {
		const games = store();
		const id = await games.create('pass', ['Ada', 'Computer 2'], game(generatePlan({ width: 5, height: 5, seed: 2 })), 1000, [null, 'explorer']);
		await games.append(id, { type: 'choose_start', by: 0, cell: 0 }, false, 2000);
		expect((await games.get(id))!.bots).toEqual([null, 'explorer']);
		const people = await games.create('pass', ['A', 'B'], game(generatePlan({ width: 5, height: 5, seed: 2 })), 1000, [null, null]);
		expect((await games.get(people))!.bots).toBeUndefined();
	});
});

describe("a move writes only its command's row (issue 35): what the record summarised is read off the log", () => {
	test('the list counts the moves and orders by the last one; the record says the game ended, and reopened after an undo', async () => {
		const games = store();
		const plan = generatePlan({ width: 5, height: 5, seed: 4 });
		const early = await games.create('pass', ['A', 'B'], game(plan), 1000);
		const late = await games.create('pass', ['A', 'B'], game(plan), 2000);
		await games.append(early, { type: 'choose_start', by: 0, cell: 0 }, false, 3000);
		await games.append(early, { type: 'choose_start', by: 1, cell: 1 }, true, 4000);
		expect((await games.list()).map((g) => [g.id, g.commands, g.updatedAt, g.finished])).toEqual([
			[early, 2, 4000, 1],
			[late, 0, 2000, 0]
		]);
		expect((await games.get(early))!.updatedAt).toBe(4000);
		// an undo after the end (pass-and-play allows it) reopens the game, on disk too
		await games.append(early, { type: 'undo', by: 'master', reason: 'misspoke' }, false, 5000);
		expect((await games.list())[0]).toMatchObject({ id: early, commands: 3, updatedAt: 5000, finished: 0 });
		// a store of another page reads the same
		const db = (games as unknown as { db: LabyrinthDatabase }).db;
		expect((await new GameStore(db).get(early))!.finished).toBe(0);
	});

	test('a move whose transaction fails leaves the record and the log as they were, and the next one is written in its place', async () => {
		const games = store();
		const db = (games as unknown as { db: LabyrinthDatabase }).db;
		const id = await games.create('host', ['A', 'B'], game(generatePlan({ width: 5, height: 5, seed: 5 })), 1000);
		await expect(
			db.transaction('rw', db.games, db.commands, async () => {
				await games.appendNow(id, { type: 'choose_start', by: 0, cell: 0 }, true, 2000);
				throw new Error('the disk refused');
			})
		).rejects.toThrow('the disk refused');
		expect(await games.list()).toMatchObject([{ id, commands: 0, updatedAt: 1000, finished: 0 }]);
		await games.append(id, { type: 'choose_start', by: 0, cell: 0 }, true, 3000);
		expect(await games.list()).toMatchObject([{ id, commands: 1, updatedAt: 3000, finished: 1 }]);
		expect((await games.get(id))!.game.log).toHaveLength(1);
	});
});
