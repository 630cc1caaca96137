/**
 * Engine benchmarks: adjudicated moves per second over random legal games
 * on generated 10x10 plans with 6 players, and the time to replay a 2,000-move log.
 * Issue 19: `engine.replay_32000_ms`, the replay of a 32,000-command game (10x10, six players;
 * random legal commands, none that ends the game), and `engine.state_kb_32000`, the heap its
 * final state holds alive (measured after a full collection, with and without it);
 * `engine.replay_ratio_32000_2000`: its replay against the replay of its first 2,000 commands (16 is linear).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRng } from '../src/lib/engine/random';
import { apply } from '../src/lib/engine/game/apply';
import { createGame, initialState, replay, type Game } from '../src/lib/engine/game/game';
import { randomLegalCommand } from '../src/lib/engine/game/random-command';
import { generatePlan } from '../src/lib/engine/plan/generate';
import type { Command, GameState } from '../src/lib/engine/game/types';

function recordGame(seed: number, maxCommands: number): Game {
	const rng = createRng(seed);
	const plan = generatePlan({ width: 10, height: 10, seed, bullets: 2, grenades: 2, landmines: 2 });
	const g = createGame({ plan, seats: 6, seed, settings: { nStop: 100000 } });
	if (!g.ok) throw new Error('setup');
	const game = g.value;
	let state = initialState(game);
	while (game.log.length < maxCommands && state.phase !== 'over') {
		const cmd = randomLegalCommand(state, rng);
		if (!cmd) break;
		state = apply(state, cmd).state;
		game.log.push(cmd);
	}
	return game;
}

const isMove = (c: Command) => c.type === 'move';

const inGame = (state: GameState) => state.players.filter((p) => p.status === 'in').length;

/** A game of `length` commands that does not end (random legal commands, none that ends it or puts a player out; the master's undo where there is no other way). */
function endlessGame(seed: number, length: number): Game {
	const plan = generatePlan({ width: 10, height: 10, seed, bullets: 2, grenades: 2, landmines: 2 });
	const g = createGame({ plan, seats: 6, seed, settings: { nStop: 100000 } });
	if (!g.ok) throw new Error('setup');
	const rng = createRng(seed);
	let state = initialState(g.value);
	while (g.value.log.length < length) {
		let next: { command: Command; state: typeof state } | null = null;
		for (let tries = 0; tries < 50 && !next; tries++) {
			const command = randomLegalCommand(state, rng);
			if (!command) break;
			const after = apply(state, command).state;
			// none that ends the game or puts a player out (on a 10x10 plan five out would end it)
			if (after.phase !== 'over' && inGame(after) === inGame(state)) next = { command, state: after };
		}
		if (!next) {
			// every way on puts someone out: the master takes the last command back, and play goes on another way
			const undo: Command = { type: 'undo', by: 'master', reason: 'bench' };
			const after = apply(state, undo);
			if (after.events.some((e) => e.type === 'rejected')) throw new Error(`the game ended after ${g.value.log.length} commands`);
			next = { command: undo, state: after.state };
		}
		state = next.state;
		g.value.log.push(next.command);
	}
	return g.value;
}

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function heapAfterCollecting(): number {
	for (let i = 0; i < 3; i++) collect();
	return process.memoryUsage().heapUsed;
}

export default async () => {
	// Record games first, then time only the adjudication (replaying the logs).
	const games: Game[] = [];
	let moves = 0;
	for (let seed = 1; moves < 60_000; seed++) {
		const g = recordGame(seed, 3000);
		games.push(g);
		moves += g.log.filter(isMove).length;
	}
	for (const g of games.slice(0, 5)) replay(g); // warm-up
	let best = Infinity;
	for (let round = 0; round < 3; round++) {
		const t0 = performance.now();
		for (const g of games) replay(g);
		best = Math.min(best, performance.now() - t0);
	}
	const movesPerS = moves / (best / 1000);

	let long: Game | null = null;
	for (let seed = 1000; !long; seed++) {
		const g = recordGame(seed, 2000);
		if (g.log.filter(isMove).length >= 1900 && g.log.length >= 2000) long = { ...g, log: g.log.slice(0, 2000) };
		if (seed > 1200) long = g;
	}
	for (let i = 0; i < 5; i++) replay(long);
	const times: number[] = [];
	for (let i = 0; i < 20; i++) {
		const t0 = performance.now();
		replay(long);
		times.push(performance.now() - t0);
	}
	times.sort((a, b) => a - b);

	const endless = endlessGame(7, 32_000);
	replay(endless);
	const replays: number[] = [];
	for (let i = 0; i < 3; i++) {
		const t0 = performance.now();
		replay(endless);
		replays.push(performance.now() - t0);
	}
	replays.sort((a, b) => a - b);
	// The same game cut at 2,000 commands: 16x the commands should take about 16x the time.
	const endless2000 = { ...endless, log: endless.log.slice(0, 2000) };
	for (let i = 0; i < 5; i++) replay(endless2000);
	const shorts: number[] = [];
	for (let i = 0; i < 9; i++) {
		const t0 = performance.now();
		replay(endless2000);
		shorts.push(performance.now() - t0);
	}
	shorts.sort((a, b) => a - b);
	const before = heapAfterCollecting();
	const held = replay(endless).state;
	const withState = heapAfterCollecting();
	// read after the measure, so the state is alive through it
	if (held.depth === 0) throw new Error('no game');
	return [
		{ name: 'engine.replay_32000_ms', value: Number(replays[1]!.toFixed(1)), unit: 'ms' },
		{ name: 'engine.replay_ratio_32000_2000', value: Number((replays[1]! / shorts[4]!).toFixed(1)), unit: 'x (16 = linear)' },
		{ name: 'engine.state_kb_32000', value: Math.round((withState - before) / 1024), unit: 'KB' },
		{ name: 'engine.moves_per_s', value: Math.round(movesPerS), unit: 'moves/s' },
		{ name: 'engine.replay_2000_ms', value: Number(times[Math.floor(times.length / 2)]!.toFixed(2)), unit: 'ms' },
		{ name: 'engine.replay_2000_commands', value: long.log.length, unit: 'commands' }
	];
};
