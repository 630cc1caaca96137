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
