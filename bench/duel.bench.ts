/**
 * The duel's computers (issue 36). `sim.duel_games_per_s`: whole duels per second, two explorers
 * on two generated duel plans, one core (as `labyrinth simulate mine.json yours.json --rules duel
 * --threads 1` plays them). `bot.decide_ms.duel`: the 95th percentile of one decision of every
 * level the duel offers (`botLevelsFor('duel')`: the wanderer and the explorer), each given its
 * half's view at its turns, the view made outside the timing (target ≤ 5).
 */
import type { Bot } from '../src/lib/bots/bot';
import { DuelWalker, duelBot, duelComputerTurn, playBotDuel } from '../src/lib/bots/duel';
import { botLevelsFor } from '../src/lib/bots/seats';
import { createDuel } from '../src/lib/engine/rules/duel/match';
import { generateDuel } from '../src/lib/engine/rules/duel/generate';

const plans = [generateDuel(1), generateDuel(2)] as const;

/** A bot whose decisions are timed one by one (into `times`). */
function timed(bot: Bot, times: number[]): Bot {
	return {
		seat: bot.seat,
		level: bot.level,
		decide(view) {
			const t = performance.now();
			const cmd = bot.decide(view);
			times.push(performance.now() - t);
			return cmd;
		}
	};
}

export default async () => {
	playBotDuel({ plans, bots: ['explorer', 'explorer'], seed: 'warm' });
	const DUELS = 16;
	const t0 = performance.now();
	for (let i = 0; i < DUELS; i++) playBotDuel({ plans, bots: ['explorer', 'explorer'], seed: `bench:${i}` });
	const duelsPerS = DUELS / ((performance.now() - t0) / 1000);

	const times: number[] = [];
	const levels = botLevelsFor('duel');
	for (let g = 0; g < 8; g++) {
		const seed = `decide:${g}`;
		const created = createDuel({ plans, seed });
		if (!created.ok) throw new Error('setup');
		let match = created.value;
		// Every level against the explorer, in either seat.
		const level = levels[g % levels.length]!;
		const walkers = [new DuelWalker(() => timed(duelBot(g % 2 ? 'explorer' : level, 0, seed), times)), new DuelWalker(() => timed(duelBot(g % 2 ? level : 'explorer', 1, seed), times))] as const;
		for (const p of [match.turns.turn, match.turns.turn === 0 ? 1 : 0] as const) match = duelComputerTurn(match, p, walkers[p]).match;
		for (let turns = 0; match.turns.winner === null && turns < 1500; turns++) {
			const p = match.turns.turn;
			const t = duelComputerTurn(match, p, walkers[p]);
			match = t.match;
			if (t.stuck) break;
		}
	}
	times.sort((a, b) => a - b);
	return [
		{ name: 'sim.duel_games_per_s', value: Number(duelsPerS.toFixed(2)), unit: 'duels/s' },
		{ name: 'bot.decide_ms.duel', value: Number(times[Math.floor(times.length * 0.95)]!.toFixed(3)), unit: 'ms (p95)', max: 5 }
	];
};
