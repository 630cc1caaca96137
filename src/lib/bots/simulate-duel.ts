/**
 * Duels between two plans, played by computers (issue 36; `labyrinth simulate mine.json
 * yours.json --rules duel`): how many each side wins, how many reach the limit unfinished, how
 * long they last. Duel `i` is played from the seed `${seed}:${i}` (who starts is drawn from it),
 * so the report is a pure function of its options; split into shares across threads, the
 * tallies merge into the same report byte for byte (every count a sum, the spreads taken sorted).
 */
import type { Plan } from '../engine/plan/types';
import type { BotLevel } from './bot';
import { playBotDuel } from './duel';
import type { SimulationShare } from './simulate';
import { spread, type Spread } from './simulate';

export interface DuelSimulationOptions {
	/** Player 0's plan (walked by player 1) and player 1's. */
	plans: readonly [Plan, Plan];
	games: number;
	/** Player 0's level and player 1's. */
	bots: readonly [BotLevel, BotLevel];
	seed: string | number;
	settings?: unknown;
	/** Commands (both players) after which a duel is counted unfinished. */
	maxCommands?: number;
}

/** What a share of the duels counted: plain data (it crosses from a thread), mergeable by sums. */
export interface DuelTally {
	played: number;
	/** Per player: duels won (the true treasure carried out of the other's labyrinth). */
	wins: [number, number];
	/** Duels won by the player who moved first. */
	firstWins: number;
	unfinished: number;
	/** Per duel: turns and commands. */
	turns: number[];
	commands: number[];
	/** Per player: fake treasures carried out (each crumbled, 3.6), over all duels. */
	fakes: [number, number];
}

export interface DuelReport {
	rules: 'duel';
	plans: [string, string];
	games: number;
	bots: [BotLevel, BotLevel];
	seed: string;
	wins: [number, number];
	firstWins: number;
	unfinished: number;
	/** Turns per duel (a turn of several actions once), and commands (every action, start and take). */
	turns: Spread;
	commands: Spread;
	fakes: [number, number];
}

/** A duel simulation played one duel at a time; given a share, it plays only that share's duels. */
export class DuelSimulation {
	private readonly tallied: DuelTally = { played: 0, wins: [0, 0], firstWins: 0, unfinished: 0, turns: [], commands: [], fakes: [0, 0] };
	private game: number;

	constructor(
		private readonly opts: DuelSimulationOptions,
		private readonly share: SimulationShare = { index: 0, count: 1 }
	) {
		if (!(share.count >= 1 && share.index >= 0 && share.index < share.count)) throw new Error('simulation share out of range');
		this.game = share.index;
	}

	get finished(): boolean {
		return this.game >= this.opts.games;
	}

	get played(): number {
		return this.tallied.played;
	}

	next(): void {
		const { opts, tallied: t } = this;
		const g = playBotDuel({ plans: opts.plans, bots: opts.bots, seed: `${opts.seed}:${this.game}`, settings: opts.settings, maxCommands: opts.maxCommands });
		const winner = g.match.turns.winner;
		if (winner === null) t.unfinished++;
		else {
			t.wins[winner]++;
			if (winner === g.first) t.firstWins++;
		}
		t.turns.push(g.turns);
		t.commands.push(g.commands);
		// Player p walks half 1 − p: the fakes he carried out crumbled there.
		for (const p of [0, 1] as const) t.fakes[p] += g.fakes[p];
		t.played++;
		this.game += this.share.count;
	}

	tally(): DuelTally {
		const t = this.tallied;
		return { ...t, wins: [...t.wins], turns: [...t.turns], commands: [...t.commands], fakes: [...t.fakes] };
	}
}

export function simulateDuels(opts: DuelSimulationOptions, onGame?: (done: number, total: number) => boolean | void): DuelReport {
	const run = new DuelSimulation(opts);
	while (!run.finished) {
		run.next();
		if (onGame?.(run.played, opts.games) === false) break;
	}
	return duelReportOf(opts, [run.tally()]);
}

/** The report over the duels the tallies counted (one per share, in any order). */
export function duelReportOf(opts: DuelSimulationOptions, tallies: readonly DuelTally[]): DuelReport {
	const wins: [number, number] = [0, 0];
	const fakes: [number, number] = [0, 0];
	let played = 0;
	let firstWins = 0;
	let unfinished = 0;
	const turns: number[] = [];
	const commands: number[] = [];
	for (const t of tallies) {
		played += t.played;
		firstWins += t.firstWins;
		unfinished += t.unfinished;
		for (const p of [0, 1] as const) {
			wins[p] += t.wins[p];
			fakes[p] += t.fakes[p];
		}
		turns.push(...t.turns);
		commands.push(...t.commands);
	}
	return {
		rules: 'duel',
		plans: [opts.plans[0].name, opts.plans[1].name],
		games: played,
		bots: [opts.bots[0], opts.bots[1]],
		seed: String(opts.seed),
		wins,
		firstWins,
		unfinished,
		turns: spread(turns),
		commands: spread(commands),
		fakes
	};
}
