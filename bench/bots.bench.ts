/**
 * Computer players (issue 22). `sim.games_per_s`: whole bot games per second — four explorers
 * on generated 10x10 plans, the app as master, each seat given `viewFor` at its turn (target
 * ≥ 100 on one core). `bot.decide_ms`: the 95th percentile of one bot's decision (the feed
 * read, the assistant updated, the route planned) over those games (target ≤ 5; the issue
 * asks 50 ms on a mid-range phone); `bot.decide_ms.topographic` and `.abandoned` the same for
 * those systems' levels. The report on every core (`sim.report_games_per_s`, warm and cold) is
 * report.bench.ts.
 */
import { currentSeat } from '../src/lib/engine/game/apply';
import { addToFeeds, viewFor } from '../src/lib/engine/game/view';
import type { GameEvent } from '../src/lib/engine/game/types';
import type { Plan } from '../src/lib/engine/plan/types';
import type { BotLevel } from '../src/lib/store/records';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { createBot } from '../src/lib/bots/bot';
import { masterCommand, playBotGame } from '../src/lib/bots/play';
import { createGame, initialState, rejected } from '../src/lib/engine/game/game';
import { apply } from '../src/lib/engine/game/apply';
import { generateTopographic } from '../src/lib/engine/rules/topographic/generate';
import { generateAbandoned } from '../src/lib/engine/rules/abandoned/generate';

const PLANS = 8;
const plans = Array.from({ length: PLANS }, (_, i) => generatePlan({ width: 10, height: 10, seed: 100 + i }));
const FOUR = ['explorer', 'explorer', 'explorer', 'explorer'] as const;

/** Plays one game of computers to its end (or `maxMoves`) and returns each decision's time in ms (the view made outside the timing, as the host makes it anyway). */
function decisionTimes(plan: Plan, levels: readonly BotLevel[], seed: number, maxMoves: number): number[] {
	const created = createGame({ plan, seats: levels.length, seed });
	if (!created.ok) throw new Error('setup');
	let state = initialState(created.value);
	const bots = levels.map((level, seat) => createBot(level, seat, seed));
	const feeds: GameEvent[][] = levels.map(() => []);
	const times: number[] = [];
	while (state.phase !== 'over' && state.moveNo < maxMoves) {
		let cmd = masterCommand(state, seed);
		if (!cmd) {
			const seat = currentSeat(state)!;
			const view = viewFor(state, seat, feeds[seat]!);
			const t = performance.now();
			cmd = bots[seat]!.decide(view);
			times.push(performance.now() - t);
		}
		if (!cmd) break;
		const r = apply(state, cmd);
		if (!rejected(r)) addToFeeds(feeds, r.events);
		state = r.state;
	}
	return times;
}

export default async () => {
	playBotGame({ plan: plans[0]!, bots: FOUR, seed: 'warm' });
	let games = 0;
	const t0 = performance.now();
	while (games < 24) {
		playBotGame({ plan: plans[games % PLANS]!, bots: FOUR, seed: games });
		games++;
	}
	const gamesPerS = games / ((performance.now() - t0) / 1000);

	// Decisions timed one by one (the view made outside the timing, as the host makes it anyway).
	const times: number[] = [];
	for (let g = 0; g < 6; g++) times.push(...decisionTimes(plans[g]!, FOUR, g, 4000));
	times.sort((a, b) => a - b);
	const p95 = times[Math.floor(times.length * 0.95)]!;
	// The other systems' computers (issue 36): every level that plays there, its decisions timed the same way.
	const systems = [
		{ name: 'topographic', plan: (g: number) => generateTopographic(g), levels: ['explorer', 'wanderer', 'explorer'] as const },
		{ name: 'abandoned', plan: (g: number) => generateAbandoned(g), levels: ['explorer', 'wanderer', 'explorer'] as const }
	];
	const perSystem = systems.map(({ name, plan, levels }) => {
		const spent: number[] = [];
		for (let g = 1; g <= 4; g++) spent.push(...decisionTimes(plan(g), levels, g, 800));
		spent.sort((a, b) => a - b);
		return { name: `bot.decide_ms.${name}`, value: Number(spent[Math.floor(spent.length * 0.95)]!.toFixed(3)), unit: 'ms (p95)' };
	});
	return [
		{ name: 'sim.games_per_s', value: Number(gamesPerS.toFixed(2)), unit: 'games/s' },
		{ name: 'bot.decide_ms', value: Number(p95.toFixed(3)), unit: 'ms (p95)' },
		...perSystem
	];
};
