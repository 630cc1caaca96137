/**
 * Rulings 5, the master's undo, now that a state keeps no chain of the states before it (issue 19):
 * an undo rebuilds the state before the command it takes back from a checkpoint and the commands
 * since. Whatever the game, that must be the very state the shortened log gives, and replaying the
 * whole log must give the live state and events.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../random';
import { generatePlan } from '../plan/generate';
import { apply } from './apply';
import { CHECKPOINT_EVERY } from './draft';
import { createGame, initialState, replay, replayEvents, rejected, type Game } from './game';
import { EventLog } from './event-log';
import { randomLegalCommand } from './random-command';
import { stateKey } from './testing';
import type { Command, GameState } from './types';

const UNDO: Command = { type: 'undo', by: 'master', reason: 'property' };

/** Everything an undo must give back: the game as `stateKey` sees it, and what it leaves out. */
const fullKey = (s: GameState) => `${stateKey(s)}|${JSON.stringify(s.rng)}|${JSON.stringify(s.ext ?? null)}|${s.depth}`;

function newGame(seed: number, seats: number, size: number): Game {
	const plan = generatePlan({ width: size, height: size, seed, bullets: 2, grenades: 2, landmines: 1 });
	const created = createGame({ plan, seats, seed, settings: seed % 2 ? { nStop: 1000 } : {} });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	return created.value;
}

/**
 * Plays `length` random legal commands (the master's undo one time in `undoOneIn`), checking
 * each undo against a replay of the log cut before the command it takes back.
 */
function playChecked(game: Game, rng: ReturnType<typeof createRng>, length: number, undoOneIn: number): { state: GameState; events: EventLog } {
	let state = initialState(game);
	let events = EventLog.empty();
	/** The log's indexes of the effective commands an undo would take back, oldest first. */
	const undoable: number[] = [];
	for (let i = 0; i < length && state.phase !== 'over'; i++) {
		const command = state.past && rng.int(undoOneIn) === 0 ? UNDO : randomLegalCommand(state, rng, { master: true });
		if (!command) break;
		const r = apply(state, command);
		expect(rejected(r), JSON.stringify(command)).toBe(false);
		if (command.type === 'undo') {
			const at = undoable.pop()!;
			const before = replay({ ...game, log: game.log.slice(0, at) }).state;
			expect(fullKey(r.state)).toBe(fullKey(before));
			// The game's events go on: the undone command's answer stays, the undo follows it.
			expect(r.events).toMatchObject([{ type: 'master_undo', reason: command.reason }]);
		} else if (r.state.depth === state.depth + 1) undoable.push(game.log.length);
		else expect(r.state.depth).toBe(state.depth);
		game.log.push(command);
		state = r.state;
		events = events.with(r.events);
	}
	return { state, events };
}

describe('property (rulings 5): undo and replay without a chain of states', () => {
	test('an undo gives the state of the log cut before the undone command; the replay of the log gives the live state and events', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 3, max: 6 }), fc.integer({ min: 2, max: 12 }), (seed, seats, size, undoOneIn) => {
				const game = newGame(seed, seats, size);
				const rng = createRng(seed);
				const live = playChecked(game, rng, 40 + rng.int(220), undoOneIn);
				const re = replayEvents(game);
				expect(fullKey(re.state)).toBe(fullKey(live.state));
				expect(fullKey(replay(game).state)).toBe(fullKey(live.state));
				expect(JSON.stringify(re.events.slice())).toBe(JSON.stringify(live.events.slice()));
			}),
			{ numRuns: 40 }
		);
	}, 120_000);

	test(`undos in a row go back across checkpoints (every ${CHECKPOINT_EVERY} effective commands) to the first state`, () => {
		const game = newGame(3, 3, 6);
		let { state, events } = playChecked(game, createRng(3), 3 * CHECKPOINT_EVERY + 7, 1_000_000);
		const start = stateKey(initialState(game));
		expect(state.depth).toBeGreaterThan(2 * CHECKPOINT_EVERY);
		const lengths: number[] = [];
		while (state.past) {
			const depth = state.depth;
			const r = apply(state, UNDO);
			expect(r.state.depth).toBe(depth - 1);
			game.log.push(UNDO);
			state = r.state;
			events = events.with(r.events);
			lengths.push(game.log.length);
		}
		expect(stateKey(state)).toBe(start);
		expect(apply(state, UNDO).events).toMatchObject([{ type: 'rejected', reason: 'nothing_to_undo' }]);
		// The replay (undo after undo) comes to the same first state, events and all.
		const re = replayEvents(game);
		expect(stateKey(re.state)).toBe(start);
		expect(JSON.stringify(re.events.slice())).toBe(JSON.stringify(events.slice()));
	});

	test('a state holds one state per checkpoint, not one per command', () => {
		const game = newGame(5, 4, 8);
		let { state } = playChecked(game, createRng(5), 5 * CHECKPOINT_EVERY, 1_000_000);
		let held = 0;
		for (let s: GameState | null = state.checkpoint; s; s = s.checkpoint) held++;
		expect(held).toBe(Math.ceil(state.depth / CHECKPOINT_EVERY));
		state = apply(state, UNDO).state;
		expect(state.checkpoint?.depth ?? 0).toBeLessThan(state.depth);
	});
});
