/**
 * The balance report (issue 22): many seeded bot games on one plan, counted from the master's
 * side — how games end, how long they last, where players go and die, which starts win, how
 * much the fake treasures pull, which features nobody reaches. Game `i` is played from the seed
 * `${seed}:${i}`, so the report is a pure function of its options.
 */
import type { Command, DrawReason, GameState, WinHow } from '../engine/game/types';
import type { CellKind, Plan } from '../engine/plan/types';
import type { BotLevel } from './bot';
import { playBotGame } from './play';

export type Ending = `win:${WinHow}` | `draw:${DrawReason}` | 'unfinished';

export interface SimulationOptions {
	plan: Plan;
	games: number;
	/** One level per seat. */
	bots: readonly BotLevel[];
	seed: string | number;
	settings?: unknown;
	maxMoves?: number;
	/** After each game (a progress bar); return false to stop early (the report covers the games played). */
	onGame?(done: number, total: number): boolean | void;
}

export interface TreasurePull {
	cell: number;
	true: boolean;
	/** Moves that ended on its square while it still lay there at the start of the game (over all games). */
	visits: number;
	/** Times a player picked it up. */
	pickups: number;
}

export interface SimulationReport {
	plan: { name: string; width: number; height: number; rules: Plan['rules'] };
	games: number;
	bots: BotLevel[];
	seed: string;
	endings: Partial<Record<Ending, number>>;
	/** Wins per seat, and per bot level. */
	seatWins: number[];
	/** Moves per game. */
	length: { min: number; p10: number; median: number; p90: number; max: number; mean: number };
	/** Per cell (row-major): moves that ended there, over all games. */
	visits: number[];
	/** Per cell: players who died (or were lost outside from) there. */
	deaths: number[];
	/** Per cell: games a player started there, and games that player won. */
	starts: number[];
	startWins: number[];
	treasures: TreasurePull[];
	/** Features (not land) and treasures nobody reached in any game. */
	neverReached: { cell: number; kind: CellKind | 'treasure' }[];
}

export function simulate(opts: SimulationOptions): SimulationReport {
	const run = new Simulation(opts);
	while (!run.finished) {
		run.next();
		if (opts.onGame?.(run.played, opts.games) === false) break;
	}
	return run.report();
}

/**
 * One share of a report's games, for a report split across cores: `index` of `count` plays the
 * games i with i % count === index (interleaved, so every share meets the same mix of games).
 */
export interface SimulationShare {
	index: number;
	count: number;
}

/**
 * What a share of the games counted: plain data (it crosses from a worker), and mergeable — the
 * report over all games is `reportOf` the tallies of its shares, whichever core played which game.
 */
export interface SimulationTally {
	played: number;
	/** Per ending: how many, and the lowest game index that ended so (the report lists endings in that order). */
	endings: Partial<Record<Ending, { n: number; first: number }>>;
	lengths: number[];
	visits: number[];
	deaths: number[];
	starts: number[];
	startWins: number[];
	seatWins: number[];
	/** Per cell: 1 when a player stood on it in some game. */
	reached: number[];
	/** The treasures as the lowest game played found them (its index), with their ids; pick-ups over this share's games. */
	treasures: { first: number; list: TreasurePull[]; ids: number[] } | null;
}

/**
 * A simulation played one game at a time (the editor's worker yields between games, so that
 * its *Stop* is heard); `report()` covers the games played so far. Given a share, it plays only
 * that share's games (`tally()` is then merged with the other shares' by `reportOf`).
 */
export class Simulation {
	private readonly size: number;
	private readonly visits: number[];
	private readonly deaths: number[];
	private readonly starts: number[];
	private readonly startWins: number[];
	private readonly seatWins: number[];
	private readonly endings: Partial<Record<Ending, { n: number; first: number }>> = {};
	private readonly lengths: number[] = [];
	private readonly reached: number[];
	private treasures: SimulationTally['treasures'] = null;
	/** Treasure id → index in `treasures`. */
	private byId = new Map<number, number>();
	private readonly share: SimulationShare;
	/** The index of the next game to play. */
	private game: number;
	played = 0;

	constructor(
		private readonly opts: Omit<SimulationOptions, 'onGame'>,
		share: SimulationShare = { index: 0, count: 1 }
	) {
		const { plan } = opts;
		if (!(share.count >= 1 && share.index >= 0 && share.index < share.count)) throw new Error('simulation share out of range');
		this.share = share;
		this.game = share.index;
		this.size = plan.width * plan.height;
		this.visits = new Array<number>(this.size).fill(0);
		this.deaths = new Array<number>(this.size).fill(0);
		this.starts = new Array<number>(this.size).fill(0);
		this.startWins = new Array<number>(this.size).fill(0);
		this.seatWins = new Array<number>(opts.bots.length).fill(0);
		this.reached = new Array<number>(this.size).fill(0);
	}

	/** Every game of this share played. */
	get finished(): boolean {
		return this.game >= this.opts.games;
	}

	/** Plays the next game of the share (game `i` from the seed `${seed}:${i}`). */
	next(): void {
		const { opts, visits, deaths, starts, reached } = this;
		const i = this.game;
		let startCells: number[] = [];
		const onStep = (before: GameState, after: GameState, cmd: Command) => {
			if (!this.treasures) {
				const list: TreasurePull[] = [];
				const ids: number[] = [];
				this.byId = new Map();
				before.items.forEach((items, cell) => {
					for (const it of items)
						if (it.k === 'treasure') {
							this.byId.set(it.id, list.length);
							ids.push(it.id);
							list.push({ cell, true: it.id === before.trueTreasure, visits: 0, pickups: 0 });
						}
				});
				this.treasures = { first: i, list, ids };
			}
			if (cmd.type === 'confirm_starts' || cmd.type === 'common_start') {
				startCells = after.players.map((p) => p.cell);
				for (const c of startCells) if (c >= 0) starts[c]!++;
			}
			for (const p of after.players) {
				const q = before.players[p.seat]!;
				if (p.status === 'in' && p.cell >= 0 && p.outside === null && (p.cell !== q.cell || (cmd.type === 'move' && cmd.by === p.seat))) {
					reached[p.cell] = 1;
					if (cmd.type === 'move' && cmd.by === p.seat) visits[p.cell]!++;
				}
				if (q.status === 'in' && p.status !== 'in' && p.cell >= 0) deaths[p.cell]!++;
				const t = p.carry?.k === 'treasure' ? p.carry.id : null;
				if (t !== null && (q.carry?.k !== 'treasure' || q.carry.id !== t)) {
					const at = this.byId.get(t);
					if (at !== undefined) this.treasures!.list[at]!.pickups++;
				}
			}
		};
		const g = playBotGame({ plan: opts.plan, bots: opts.bots, seed: `${opts.seed}:${i}`, settings: opts.settings, maxMoves: opts.maxMoves, onStep });
		const r = g.state.result;
		const ending: Ending = g.unfinished || !r ? 'unfinished' : r.kind === 'win' ? `win:${r.how}` : `draw:${r.reason}`;
		const counted = this.endings[ending];
		if (counted) counted.n++;
		else this.endings[ending] = { n: 1, first: i };
		this.lengths.push(g.state.moveNo);
		if (r?.kind === 'win') {
			this.seatWins[r.seat]!++;
			const start = startCells[r.seat] ?? -1;
			if (start >= 0) this.startWins[start]!++;
		}
		this.played++;
		this.game += this.share.count;
	}

	/** What this share counted so far (a copy). */
	tally(): SimulationTally {
		const t = this.treasures;
		return {
			played: this.played,
			endings: Object.fromEntries(Object.entries(this.endings).map(([k, v]) => [k, { ...v }])),
			lengths: [...this.lengths],
			visits: [...this.visits],
			deaths: [...this.deaths],
			starts: [...this.starts],
			startWins: [...this.startWins],
			seatWins: [...this.seatWins],
			reached: [...this.reached],
			treasures: t && { first: t.first, list: t.list.map((x) => ({ ...x })), ids: [...t.ids] }
		};
	}

	/** The report over the games played so far. */
	report(): SimulationReport {
		return reportOf(this.opts, [this.tally()]);
	}
}

const sum = (into: number[], add: readonly number[]) => add.forEach((n, i) => (into[i] = (into[i] ?? 0) + n));

/**
 * The report over the games the tallies counted (one per share, in any order): sums, the
 * endings in the order games first ended so, the treasures as the lowest game found them. Every
 * count is a sum and the lengths' spread is taken sorted, so a report split across cores is the
 * one-core report byte for byte (simulate.test.ts).
 */
export function reportOf(opts: Omit<SimulationOptions, 'onGame'>, tallies: readonly SimulationTally[]): SimulationReport {
	const plan = opts.plan;
	const size = plan.width * plan.height;
	const zeros = (n: number) => new Array<number>(n).fill(0);
	const visits = zeros(size);
	const deaths = zeros(size);
	const starts = zeros(size);
	const startWins = zeros(size);
	const seatWins = zeros(opts.bots.length);
	const reached = zeros(size);
	const lengths: number[] = [];
	const endingCounts = new Map<Ending, { n: number; first: number }>();
	let played = 0;
	for (const t of tallies) {
		played += t.played;
		sum(visits, t.visits);
		sum(deaths, t.deaths);
		sum(starts, t.starts);
		sum(startWins, t.startWins);
		sum(seatWins, t.seatWins);
		sum(reached, t.reached);
		lengths.push(...t.lengths);
		for (const [k, v] of Object.entries(t.endings) as [Ending, { n: number; first: number }][]) {
			const e = endingCounts.get(k);
			if (e) {
				e.n += v.n;
				e.first = Math.min(e.first, v.first);
			} else endingCounts.set(k, { ...v });
		}
	}
	const endings: Partial<Record<Ending, number>> = {};
	for (const [k, v] of [...endingCounts].sort((a, b) => a[1].first - b[1].first)) endings[k] = v.n;
	// The treasures as the lowest game played found them; every share's pick-ups added by treasure id.
	const found = tallies.map((t) => t.treasures).filter((t) => t !== null);
	const base = found.reduce<(typeof found)[number] | undefined>((lowest, t) => (!lowest || t.first < lowest.first ? t : lowest), undefined);
	const list: TreasurePull[] = base ? base.list.map((t) => ({ ...t, pickups: 0, visits: visits[t.cell]! })) : [];
	for (const t of found)
		t.ids.forEach((id, j) => {
			const at = base!.ids.indexOf(id);
			if (at >= 0) list[at]!.pickups += t.list[j]!.pickups;
		});
	const neverReached: SimulationReport['neverReached'] = [];
	for (let c = 0; c < size; c++) {
		const cell = plan.cells[c];
		if (!cell || reached[c]) continue;
		if (cell.kind !== 'land') neverReached.push({ cell: c, kind: cell.kind });
		else if (list.some((t) => t.cell === c)) neverReached.push({ cell: c, kind: 'treasure' });
	}
	return {
		plan: { name: plan.name, width: plan.width, height: plan.height, rules: plan.rules },
		games: played,
		bots: [...opts.bots],
		seed: String(opts.seed),
		endings,
		seatWins,
		length: spread(lengths),
		visits,
		deaths,
		starts,
		startWins,
		treasures: list,
		neverReached
	};
}

/** A spread of counts: the least, the 10th percentile, the median, the 90th, the most, the mean. */
export type Spread = SimulationReport['length'];

/** The spread of `xs` (taken sorted: the same whatever order the counts came in). */
export function spread(xs: number[]): Spread {
	if (xs.length === 0) return { min: 0, p10: 0, median: 0, p90: 0, max: 0, mean: 0 };
	const s = [...xs].sort((a, b) => a - b);
	const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
	return { min: s[0]!, p10: at(0.1), median: at(0.5), p90: at(0.9), max: s[s.length - 1]!, mean: Math.round((s.reduce((a, b) => a + b, 0) / s.length) * 10) / 10 };
}

/** A heat map as text: one digit per square (0 never … 9 the most), '.' outside the shape. */
export function heatRows(plan: Pick<Plan, 'width' | 'height' | 'cells'>, values: readonly number[]): string[] {
	const max = Math.max(1, ...values);
	const rows: string[] = [];
	for (let y = 0; y < plan.height; y++) {
		let row = '';
		for (let x = 0; x < plan.width; x++) {
			const c = y * plan.width + x;
			row += plan.cells[c] ? String(values[c] ? Math.max(1, Math.round((values[c]! / max) * 9)) : 0) : '.';
		}
		rows.push(row);
	}
	return rows;
}
