/**
 * Engine benchmarks: adjudicated moves per second over random legal games
 * on generated 10x10 plans with 6 players, and the time to replay a 2,000-move log.
 */
import { createRng } from '../src/lib/engine/random';
import { apply } from '../src/lib/engine/game/apply';
import { createGame, initialState, replay, type Game } from '../src/lib/engine/game/game';
import { randomLegalCommand } from '../src/lib/engine/game/random-command';
import { generatePlan } from '../src/lib/engine/plan/generate';
import type { Command } from '../src/lib/engine/game/types';

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
	return [
		{ name: 'engine.moves_per_s', value: Math.round(movesPerS), unit: 'moves/s' },
		{ name: 'engine.replay_2000_ms', value: Number(times[Math.floor(times.length / 2)]!.toFixed(2)), unit: 'ms' },
		{ name: 'engine.replay_2000_commands', value: long.log.length, unit: 'commands' }
	];
};
