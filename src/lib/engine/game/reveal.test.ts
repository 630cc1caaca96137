// The reveal's replay (issue 7: "a replay of every player's path, move by move, with a
// scrubber"): read at any step it must say what the engine's state said then — where each
// player stood, who was still in, which walls were down — and the public answers of exactly
// that command; it must survive the trip to a phone as JSON.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { apply } from './apply';
import { DIR_INDEX } from './board';
import { createGame, initialState, type Game } from './game';
import { randomLegalCommand } from './random-command';
import { SIDE_OPEN, type Command, type GameEvent, type GameState } from './types';
import { generatePlan } from '../plan/generate';
import { createRng } from '../random';
import { ACCEPTANCE_PLAN, cellOf, scriptCommands } from '../../../../tests/e2e/support/acceptance-game';
import { recordReplay, withoutMoves } from './reveal-of';
import { saidMove } from './announce';
import { blownWalls, itemsAt, kitAt, MASTER, seatCell, seatIn, seatPath, stepAt, THING, type Replay } from './reveal';
import type { PlacedItem } from '../plan/types';

/** A random legal game (the master's acts included), with every state along the way. */
function randomGame(seed: number, length: number): { game: Game; states: GameState[]; events: GameEvent[][] } {
	const rng = createRng(seed);
	const plan = generatePlan({ width: 3 + rng.int(5), height: 3 + rng.int(5), seed, bullets: 2, grenades: 2, landmines: 1 });
	const created = createGame({ plan, seats: 2 + rng.int(3), seed, settings: seed % 2 ? { grenadeWording: 'tell' } : {} });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	let state = initialState(created.value);
	const states = [state];
	const events: GameEvent[][] = [];
	const log: Command[] = [];
	for (let i = 0; i < length; i++) {
		const command = randomLegalCommand(state, rng, { master: true });
		if (!command) break;
		const applied = apply(state, command);
		if (applied.events.some((e) => e.type === 'rejected')) continue;
		state = applied.state;
		log.push(command);
		states.push(state);
		events.push(applied.events);
	}
	return { game: { ...created.value, log }, states, events };
}

/** Per cell, the things lying there as the board draws them (counted out, corpses left aside: the board draws none). */
const lying = (items: readonly PlacedItem[]) => {
	const out = new Map<number, string[]>();
	for (const item of items) {
		const things = item.kind === 'treasure' ? [item.true ? 'treasure' : 'fake'] : Array<string>(item.count).fill(item.kind);
		if (things.length) out.set(item.cell, [...(out.get(item.cell) ?? []), ...things]);
	}
	return out;
};
const lyingInState = (state: GameState) => {
	const out = new Map<number, string[]>();
	state.items.forEach((list, cell) => {
		const things = list.flatMap((i) => (i.k === 'corpse' ? [] : [i.k === 'treasure' ? (i.id === state.trueTreasure ? 'treasure' : 'fake') : i.k]));
		if (things.length) out.set(cell, things);
	});
	return out;
};
const carryCode = (state: GameState, seat: number) => {
	const c = state.players[seat]!.carry;
	if (!c) return THING.none;
	return c.k === 'treasure' ? (c.id === state.trueTreasure ? THING.treasure : THING.fake) : c.k === 'landmine' ? THING.landmine : THING.corpse;
};

const openWalls = (game: Game, state: GameState) =>
	game.plan.walls.flatMap((w, i) => (state.sides[w.cell * 4 + DIR_INDEX[w.dir]] === SIDE_OPEN ? [i] : []));

describe('the reveal replay', () => {
	test('at every step it says what the engine said: cells, who is in, blown walls, the public answers of that command', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
				const { game, states, events } = randomGame(seed, 160);
				// what a phone receives: the replay as JSON
				const replay = JSON.parse(JSON.stringify(recordReplay(game))) as Replay;
				const feed = events.flat().filter((e) => e.audience.to === 'all');
				expect(replay.commands).toBe(game.log.length);
				states.forEach((state, step) => {
					for (const p of state.players) {
						expect(seatCell(replay, p.seat, step)).toBe(p.cell);
						expect(seatIn(replay, p.seat, step)).toBe(p.status === 'in');
						const path = seatPath(replay, p.seat, step);
						if (p.cell >= 0) expect(path[path.length - 1]).toBe(p.cell);
						// a path never repeats a cell twice in a row (one check per path: an expect per cell made this test quadratic)
						expect(path.findIndex((cell, i) => i > 0 && cell === path[i - 1])).toBe(-1);
					}
					expect(blownWalls(replay, step)).toEqual(openWalls(game, state));
					// issue 33: the items where they are at that step, and what each player has with him
					expect(lying(itemsAt(replay, game.plan, step))).toEqual(lyingInState(state));
					for (const p of state.players) expect(kitAt(replay, p.seat, step)).toEqual({ bullets: p.bullets, grenades: p.grenades, carry: carryCode(state, p.seat) });
					const { act, said, heard } = stepAt(replay, feed, step);
					if (step === 0) return expect(act).toBeNull();
					const command = game.log[step - 1]!;
					expect(act?.by).toBe(typeof command.by === 'number' ? command.by : MASTER);
					expect(act?.move?.actions ?? null).toEqual(command.type === 'move' ? command.actions : null);
					// the move as the table heard it said (1.2), then the answer
					expect(said).toEqual(command.type === 'move' ? saidMove(command) : null);
					expect(heard).toEqual(events[step - 1]!.filter((e) => e.audience.to === 'all' && e.type !== 'move_announced'));
				});
			}),
			{ numRuns: 40 }
		);
	}, 120_000); // 40 games of 160 commands read at every step: a generous budget for a busy machine

	test("the acceptance game's replay: a pit and a river move a player more than one square; the grenade's wall is down from its step on", () => {
		const created = createGame({ plan: ACCEPTANCE_PLAN, seats: 2, seed: 'accept-1' });
		if (!created.ok) throw new Error('no game');
		const order = initialState(created.value).order;
		const game = { ...created.value, log: scriptCommands(order).map((s) => s.command) };
		const replay = recordReplay(game);
		const grenadeStep = game.log.findIndex((c) => c.type === 'move' && c.actions.some((a) => a.a === 'grenade')) + 1;
		expect(blownWalls(replay, grenadeStep - 1)).toEqual([]);
		expect(blownWalls(replay, grenadeStep)).toHaveLength(1);
		expect(blownWalls(replay, replay.commands)).toHaveLength(1);
		// every step of a path is a square's move; a pit or a river carries further (4.4, 4.5)
		const width = ACCEPTANCE_PLAN.width;
		const far = [0, 1].flatMap((seat) => {
			const path = seatPath(replay, seat, replay.commands);
			return path.slice(1).filter((cell, i) => Math.abs((cell % width) - (path[i]! % width)) + Math.abs(Math.floor(cell / width) - Math.floor(path[i]! / width)) > 1);
		});
		expect(far.length).toBeGreaterThan(0);
		// the fake treasure leaves its square with the player who found it, and is gone once carried out (it crumbles)
		const fakeCell = cellOf([3, 0]);
		const hasFake = (step: number) => lying(itemsAt(replay, ACCEPTANCE_PLAN, step)).get(fakeCell)?.includes('fake') ?? false;
		expect(hasFake(0)).toBe(true);
		const found = game.log.findIndex((_, i) => !hasFake(i + 1)) + 1;
		expect(found).toBeGreaterThan(0);
		expect([0, 1].map((seat) => kitAt(replay, seat, found)?.carry)).toContain(THING.fake);
	});

	test('without the moves as announced it keeps everything else (for a game too long to send whole)', () => {
		const { game } = randomGame(7, 120);
		const replay = recordReplay(game);
		const slim = withoutMoves(replay);
		expect(slim.acts.every((a) => a.move === undefined)).toBe(true);
		expect(slim.acts.map((a) => a.by)).toEqual(replay.acts.map((a) => a.by));
		expect({ ...slim, acts: [] }).toEqual({ ...replay, acts: [] });
		expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(replay).length);
	});
});
