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
	const { plan } = opts;
	const size = plan.width * plan.height;
	const visits = new Array<number>(size).fill(0);
	const deaths = new Array<number>(size).fill(0);
	const starts = new Array<number>(size).fill(0);
	const startWins = new Array<number>(size).fill(0);
	const seatWins = new Array<number>(opts.bots.length).fill(0);
	const endings: Partial<Record<Ending, number>> = {};
	const lengths: number[] = [];
	const reached = new Uint8Array(size);
	let treasures: TreasurePull[] | null = null;
	/** Treasure id → index in `treasures`. */
	let byId = new Map<number, number>();
	let played = 0;
	for (let i = 0; i < opts.games; i++) {
		let startCells: number[] = [];
		const onStep = (before: GameState, after: GameState, cmd: Command) => {
			if (!treasures) {
				treasures = [];
				byId = new Map();
				before.items.forEach((list, cell) => {
					for (const it of list)
						if (it.k === 'treasure') {
							byId.set(it.id, treasures!.length);
							treasures!.push({ cell, true: it.id === before.trueTreasure, visits: 0, pickups: 0 });
						}
				});
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
					const at = byId.get(t);
					if (at !== undefined) treasures![at]!.pickups++;
				}
			}
		};
		const g = playBotGame({ plan, bots: opts.bots, seed: `${opts.seed}:${i}`, settings: opts.settings, maxMoves: opts.maxMoves, onStep });
		const r = g.state.result;
		const ending: Ending = g.unfinished || !r ? 'unfinished' : r.kind === 'win' ? `win:${r.how}` : `draw:${r.reason}`;
		endings[ending] = (endings[ending] ?? 0) + 1;
		lengths.push(g.state.moveNo);
		if (r?.kind === 'win') {
			seatWins[r.seat]!++;
			const start = startCells[r.seat] ?? -1;
			if (start >= 0) startWins[start]!++;
		}
		played++;
		if (opts.onGame?.(played, opts.games) === false) break;
	}
	const list: TreasurePull[] = treasures ?? [];
	for (const t of list) t.visits = visits[t.cell]!;
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
