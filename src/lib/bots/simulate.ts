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
	while (run.played < opts.games) {
		run.next();
		if (opts.onGame?.(run.played, opts.games) === false) break;
	}
	return run.report();
}

/**
 * A simulation played one game at a time (the editor's worker yields between games, so that
 * its *Stop* is heard); `report()` covers the games played so far.
 */
export class Simulation {
	private readonly size: number;
	private readonly visits: number[];
	private readonly deaths: number[];
	private readonly starts: number[];
	private readonly startWins: number[];
	private readonly seatWins: number[];
	private readonly endings: Partial<Record<Ending, number>> = {};
	private readonly lengths: number[] = [];
	private readonly reached: Uint8Array;
	private treasures: TreasurePull[] | null = null;
	/** Treasure id → index in `treasures`. */
	private byId = new Map<number, number>();
	played = 0;

	constructor(private readonly opts: Omit<SimulationOptions, 'onGame'>) {
		const { plan } = opts;
		this.size = plan.width * plan.height;
		this.visits = new Array<number>(this.size).fill(0);
		this.deaths = new Array<number>(this.size).fill(0);
		this.starts = new Array<number>(this.size).fill(0);
		this.startWins = new Array<number>(this.size).fill(0);
		this.seatWins = new Array<number>(opts.bots.length).fill(0);
		this.reached = new Uint8Array(this.size);
	}

	/** Plays the next game (game `i` from the seed `${seed}:${i}`). */
	next(): void {
		const { opts, visits, deaths, starts, reached } = this;
		const i = this.played;
		let startCells: number[] = [];
		const onStep = (before: GameState, after: GameState, cmd: Command) => {
			if (!this.treasures) {
				const treasures: TreasurePull[] = [];
				this.byId = new Map();
				before.items.forEach((list, cell) => {
					for (const it of list)
						if (it.k === 'treasure') {
							this.byId.set(it.id, treasures.length);
							treasures.push({ cell, true: it.id === before.trueTreasure, visits: 0, pickups: 0 });
						}
				});
				this.treasures = treasures;
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
					if (at !== undefined) this.treasures![at]!.pickups++;
				}
			}
		};
		const g = playBotGame({ plan: opts.plan, bots: opts.bots, seed: `${opts.seed}:${i}`, settings: opts.settings, maxMoves: opts.maxMoves, onStep });
		const r = g.state.result;
		const ending: Ending = g.unfinished || !r ? 'unfinished' : r.kind === 'win' ? `win:${r.how}` : `draw:${r.reason}`;
		this.endings[ending] = (this.endings[ending] ?? 0) + 1;
		this.lengths.push(g.state.moveNo);
		if (r?.kind === 'win') {
			this.seatWins[r.seat]!++;
			const start = startCells[r.seat] ?? -1;
			if (start >= 0) this.startWins[start]!++;
		}
		this.played++;
	}

	/** The report over the games played so far. */
	report(): SimulationReport {
		const { opts, size } = this;
		const plan = opts.plan;
		const list: TreasurePull[] = (this.treasures ?? []).map((t) => ({ ...t, visits: this.visits[t.cell]! }));
		const neverReached: SimulationReport['neverReached'] = [];
		for (let c = 0; c < size; c++) {
			const cell = plan.cells[c];
			if (!cell || this.reached[c]) continue;
			if (cell.kind !== 'land') neverReached.push({ cell: c, kind: cell.kind });
			else if (list.some((t) => t.cell === c)) neverReached.push({ cell: c, kind: 'treasure' });
		}
		return {
			plan: { name: plan.name, width: plan.width, height: plan.height, rules: plan.rules },
			games: this.played,
			bots: [...opts.bots],
			seed: String(opts.seed),
			endings: { ...this.endings },
			seatWins: [...this.seatWins],
			length: spread(this.lengths),
			visits: [...this.visits],
			deaths: [...this.deaths],
			starts: [...this.starts],
			startWins: [...this.startWins],
			treasures: list,
			neverReached
		};
	}
}

function spread(xs: number[]): SimulationReport['length'] {
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
