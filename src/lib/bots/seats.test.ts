import { describe, expect, test } from 'vitest';
import { apply } from '../engine/game/apply';
import { createGame, initialState, replayEvents, type Game } from '../engine/game/game';
import { EventLog } from '../engine/game/event-log';
import type { Command, GameState } from '../engine/game/types';
import { generatePlan } from '../engine/plan/generate';
import { BOT_LEVELS, type BotLevel } from './bot';
import { masterCommand, playBotGame } from './play';
import { generateAbandoned } from '../engine/rules/abandoned/generate';
import { generateTopographic } from '../engine/rules/topographic/generate';
import { botLevelsFor, MAX_TRIES, TableBots, type SeatPlayers } from './seats';

/** A table's loop, as the screens run it: the app's master acts, each computer's move, refusals decided again. */
function playOn(game: Game, bots: TableBots, state: GameState, maxMoves: number): Command[] {
	const log = [...game.log];
	let events = replayEvents(game).events;
	while (state.phase !== 'over' && state.moveNo < maxMoves) {
		let cmd = masterCommand(state, game.seed);
		let r = cmd ? apply(state, cmd) : null;
		for (let i = 0; !cmd && i < MAX_TRIES; i++) {
			const d = bots.decide(state, events);
			if (!d) break;
			const tried = apply(state, d);
			if (tried.events.length === 1 && tried.events[0]!.type === 'rejected') continue;
			cmd = d;
			r = tried;
		}
		if (!cmd || !r) break;
		log.push(cmd);
		state = r.state;
		events = events.with(r.events);
	}
	return log;
}

function stateOf(game: Game): GameState {
	let state = initialState(game);
	for (const c of game.log) state = apply(state, c).state;
	return state;
}

describe('computer seats at a table', () => {
	const plan = generatePlan({ width: 8, height: 8, seed: 31 });
	const levels: SeatPlayers = ['explorer', 'hunter', 'wanderer'];
	const created = createGame({ plan, seats: 3, seed: 'table', settings: {} });
	if (!created.ok) throw new Error('no game');
	const start = created.value;

	test('a table of computers plays the same game as the simulation from the same seed', () => {
		const log = playOn(start, new TableBots(start.seed, levels), initialState(start), 400);
		const sim = playBotGame({ plan, bots: levels as BotLevel[], seed: 'table', maxMoves: 400 });
		expect(log).toEqual(sim.game.log);
	}, 120_000);

	// A reload in the middle: the bots rebuilt from the record carry on exactly as they would have.
	test.each([1, 4, 9, 30, 77])('resumed after %i commands, the computers continue the same game', (cut) => {
		const whole = playOn(start, new TableBots(start.seed, levels), initialState(start), 400);
		expect(whole.length).toBeGreaterThan(cut);
		const part = { ...start, log: whole.slice(0, cut) };
		expect(playOn(part, TableBots.resume(part, levels), stateOf(part), 400)).toEqual(whole);
	}, 120_000);

	// The abandoned labyrinth's explorer keeps its own frame map and hypotheses: rebuilt from the record, it carries on the same.
	test.each([3, 20, 61])('an abandoned-labyrinth table resumed after %i commands continues the same game', (cut) => {
		const board = generateAbandoned('resume');
		const made = createGame({ plan: board, seats: 2, seed: 'abandoned-table', settings: {} });
		if (!made.ok) throw new Error('no game');
		const players: SeatPlayers = ['explorer', 'explorer'];
		const whole = playOn(made.value, new TableBots(made.value.seed, players), initialState(made.value), 300);
		expect(whole.length).toBeGreaterThan(cut);
		const part = { ...made.value, log: whole.slice(0, cut) };
		expect(playOn(part, TableBots.resume(part, players), stateOf(part), 300)).toEqual(whole);
	}, 120_000);

	// The topographic explorer keeps its own frame map, spinner turns and river landings (issue 36): rebuilt from the record, it carries on the same.
	test.each([2, 25, 90])('a topographic table resumed after %i commands continues the same game', (cut) => {
		const board = generateTopographic('resume');
		const made = createGame({ plan: board, seats: 2, seed: 'topographic-table', settings: {} });
		if (!made.ok) throw new Error('no game');
		const players: SeatPlayers = ['explorer', 'explorer'];
		const whole = playOn(made.value, new TableBots(made.value.seed, players), initialState(made.value), 300);
		expect(whole.length).toBeGreaterThan(cut);
		const part = { ...made.value, log: whole.slice(0, cut) };
		expect(playOn(part, TableBots.resume(part, players), stateOf(part), 300)).toEqual(whole);
	}, 120_000);

	test('a person among computers: only the computers\' seats are decided', () => {
		const bots = new TableBots('x', [null, 'explorer']);
		expect(bots.isBot(0)).toBe(false);
		expect(bots.isBot(1)).toBe(true);
		expect(bots.isBot(null)).toBe(false);
		const two = createGame({ plan, seats: 2, seed: 'x', order: [0, 1] });
		if (!two.ok) throw new Error('no game');
		// Seat 0 chooses its start first (6.1): a person's turn, so nothing is decided for it.
		expect(bots.decide(initialState(two.value), EventLog.empty())).toBeNull();
	});

	test('the levels a computer plays per system: all in classic, the wanderer and explorer in the abandoned and topographic labyrinths, and the same two in the duel', () => {
		expect(botLevelsFor('classic')).toEqual(BOT_LEVELS);
		expect(botLevelsFor('topographic')).toEqual(['wanderer', 'explorer']);
		expect(botLevelsFor('abandoned')).toEqual(['wanderer', 'explorer']);
		expect(botLevelsFor('duel')).toEqual(['wanderer', 'explorer']);
	});
});
