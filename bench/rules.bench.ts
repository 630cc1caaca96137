/**
 * The other rule systems: adjudicated moves per second (replaying recorded
 * random games of topographic and abandoned boards, 4 players) and the time to
 * generate a valid plan for each of topographic, abandoned and duel.
 */
import { createRng } from '../src/lib/engine/random';
import { apply } from '../src/lib/engine/game/apply';
import { createGame, initialState, replay, type Game } from '../src/lib/engine/game/game';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { DIRECTIONS, type RuleSystemId } from '../src/lib/engine/plan/types';
import type { Command } from '../src/lib/engine/game/types';

function record(rules: 'topographic' | 'abandoned', seed: number, commands: number): Game {
	const rng = createRng(seed);
	const plan = generatePlan({ rules, width: 0, height: 0, seed });
	const g = createGame({ plan, seats: 4, seed });
	if (!g.ok) throw new Error('setup');
	const game = g.value;
	let state = initialState(game);
	// Both systems place the players themselves (003 3, 002 2).
	const confirm: Command = { type: 'confirm_starts', by: 'master' };
	state = apply(state, confirm).state;
	game.log.push(confirm);
	while (game.log.length < commands && state.phase === 'play') {
		const by = state.order[state.turn]!;
		const cmd: Command = { type: 'move', by, actions: [{ a: 'go', dir: DIRECTIONS[rng.int(4)]! }] };
		state = apply(state, cmd).state;
		game.log.push(cmd);
	}
	return game;
}

function movesPerSecond(rules: 'topographic' | 'abandoned'): number {
	const games: Game[] = [];
	let moves = 0;
	for (let seed = 1; moves < 30_000; seed++) {
		const g = record(rules, seed, 2000);
		games.push(g);
		moves += g.log.length;
	}
	for (const g of games.slice(0, 3)) replay(g);
	let best = Infinity;
	for (let round = 0; round < 3; round++) {
		const t0 = performance.now();
		for (const g of games) replay(g);
		best = Math.min(best, performance.now() - t0);
	}
	return Math.round(moves / (best / 1000));
}

function generateMs(rules: RuleSystemId): number {
	const times: number[] = [];
	for (let seed = 1; seed <= 30; seed++) {
		const t0 = performance.now();
		generatePlan({ rules, width: 0, height: 0, seed });
		times.push(performance.now() - t0);
	}
	times.sort((a, b) => a - b);
	return Number(times[Math.floor(times.length / 2)]!.toFixed(2));
}

export default async () => [
	{ name: 'rules.topographic_moves_per_s', value: movesPerSecond('topographic'), unit: 'moves/s' },
	{ name: 'rules.abandoned_moves_per_s', value: movesPerSecond('abandoned'), unit: 'moves/s' },
	{ name: 'rules.generate_topographic_ms', value: generateMs('topographic'), unit: 'ms' },
	{ name: 'rules.generate_abandoned_ms', value: generateMs('abandoned'), unit: 'ms' },
	{ name: 'rules.generate_duel_ms', value: generateMs('duel'), unit: 'ms' }
];
