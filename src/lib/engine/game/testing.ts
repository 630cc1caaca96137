/**
 * Test-only helpers: a tiny plan builder from rows of letters and a scripted
 * game driver. Letters: L land, H hospital, W weaponry, P pit, D delta,
 * E encephalitis, arrows ^ > v < a river flowing that way, '.' no cell.
 */
import { MAX_PLAN_LIST, serializePlan } from '../plan/format-json';
import { cellName } from '../plan/geometry';
import type { Cell, Direction, Exit, InnerWall, PlacedItem, Plan } from '../plan/types';
import { apply } from './apply';
import { EventLog } from './event-log';
import { createGame, initialState, rejected, type Game } from './game';
import type { Command, GameEvent, GameState, Seat } from './types';
import { viewFor, type SeatView } from './view';

const ARROWS: Record<string, Direction> = { '^': 'up', '>': 'right', v: 'down', '<': 'left' };
const KINDS: Record<string, Cell['kind']> = {
	L: 'land',
	H: 'hospital',
	W: 'weaponry',
	P: 'pit',
	D: 'delta',
	E: 'encephalitis'
};

export interface PlanSpec {
	walls?: [number, number, Direction][];
	exits?: [number, number, Direction, boolean?][];
	loops?: [number, number][][];
	items?: ([number, number, 'treasure', boolean] | [number, number, 'bullet' | 'grenade' | 'landmine', number])[];
}

export function buildPlan(rows: string[], spec: PlanSpec = {}): Plan {
	const height = rows.length;
	const width = Math.max(...rows.map((r) => r.length));
	const at = (x: number, y: number) => y * width + x;
	const cells: (Cell | null)[] = [];
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const ch = rows[y]![x] ?? '.';
			if (ARROWS[ch]) cells.push({ kind: 'river', flow: ARROWS[ch] });
			else if (KINDS[ch]) cells.push({ kind: KINDS[ch]! });
			else cells.push(null);
		}
	const walls: InnerWall[] = [];
	for (const [x, y, d] of spec.walls ?? []) {
		if (d === 'right' || d === 'down') walls.push({ cell: at(x, y), dir: d });
		else if (d === 'left') walls.push({ cell: at(x - 1, y), dir: 'right' });
		else walls.push({ cell: at(x, y - 1), dir: 'down' });
	}
	const exits: Exit[] = (spec.exits ?? []).map(([x, y, dir, open]) => ({ cell: at(x, y), dir, open: open ?? true }));
	const pitLoops = (spec.loops ?? []).map((l) => l.map(([x, y]) => at(x, y)));
	const items: PlacedItem[] = (spec.items ?? []).map((it) =>
		it[2] === 'treasure'
			? { cell: at(it[0], it[1]), kind: 'treasure', true: it[3] as boolean }
			: { cell: at(it[0], it[1]), kind: it[2], count: it[3] as number }
	);
	return { rules: 'classic', name: 'test', width, height, cells, walls, exits, pitLoops, items };
}

export class Script {
	game: Game;
	state: GameState;
	/** The game's events so far (its accepted commands'), kept beside the state as a keeper of the game keeps them. */
	events = EventLog.empty();
	/** The answer to the last command: its events after the move as said (which is in `said`). */
	last: GameEvent[] = [];
	/** The last command's move as announced to the table (1.2, 6.2), if it was an accepted move. */
	said: GameEvent | null = null;
	constructor(plan: Plan, seats: number, settings: object = {}, seed: string | number = 1) {
		const g = createGame({ plan, seats, seed, settings });
		if (!g.ok) throw new Error(JSON.stringify(g.error));
		this.game = g.value;
		this.state = initialState(this.game);
	}
	cell(x: number, y: number): number {
		return y * this.state.board.width + x;
	}
	do(cmd: Command): GameEvent[] {
		const r = apply(this.state, cmd);
		this.state = r.state;
		this.said = r.events.find((e) => e.type === 'move_announced') ?? null;
		this.last = r.events.filter((e) => e.type !== 'move_announced');
		if (!rejected(r)) {
			this.game.log.push(cmd);
			this.events = this.events.with(r.events);
		}
		return this.last;
	}
	/** What `seat` may know now (`viewFor` with its events). */
	view(seat: Seat): SeatView {
		return viewFor(this.state, seat, this.events.seatEvents(seat));
	}
	/** Place players (seat → [x, y]) in the drawn order and confirm. */
	start(...at: [number, number][]): this {
		for (const s of this.state.order) {
			const [x, y] = at[s]!;
			this.do({ type: 'choose_start', by: s, cell: this.cell(x, y) });
		}
		this.do({ type: 'confirm_starts', by: 'master' });
		return this;
	}
	/** The seat whose turn it is. */
	get now(): number {
		return this.state.order[this.state.turn]!;
	}
	move(seat: number, actions: Command extends infer C ? (C extends { type: 'move'; actions: infer A } ? A : never) : never, flags: object = {}): GameEvent[] {
		return this.do({ type: 'move', by: seat, actions, ...flags });
	}
	/** Let every other seat skip until it is `seat`'s turn. */
	until(seat: number): this {
		for (let i = 0; i < 10 && this.now !== seat; i++) this.do({ type: 'move', by: this.now, actions: [{ a: 'skip' }] });
		return this;
	}
	types(events = this.last): string[] {
		return events.map((e) => e.type);
	}
	p(seat: number) {
		return this.state.players[seat]!;
	}
}

/**
 * A random plan for property tests (not necessarily valid by section 8: the
 * engine must cope with any plan). Rivers are short chains into a delta, pits
 * form one loop, one true treasure lies on land.
 */
export function randomPlan(rng: import('../random').Rng, width: number, height: number): Plan {
	const size = width * height;
	const cells: (Cell | null)[] = [];
	for (let i = 0; i < size; i++) {
		const r = rng.int(20);
		cells.push(r === 0 && size > 4 ? null : { kind: r < 12 ? 'land' : r < 13 ? 'hospital' : r < 14 ? 'weaponry' : r < 16 ? 'pit' : r < 17 ? 'encephalitis' : 'land' });
	}
	const dirs: Direction[] = ['up', 'right', 'down', 'left'];
	const nbOf = (i: number, d: Direction): number | null => {
		const x = i % width;
		const y = Math.floor(i / width);
		const nx = x + (d === 'right' ? 1 : d === 'left' ? -1 : 0);
		const ny = y + (d === 'down' ? 1 : d === 'up' ? -1 : 0);
		if (nx < 0 || ny < 0 || nx >= width || ny >= height) return null;
		const n = ny * width + nx;
		return cells[n] ? n : null;
	};
	// Rivers: pick a delta, grow a chain of up to 3 river cells flowing into it.
	for (let r = 0; r < Math.max(1, Math.floor(size / 25)); r++) {
		const dl = rng.int(size);
		if (!cells[dl] || cells[dl]!.kind !== 'land') continue;
		cells[dl] = { kind: 'delta' };
		let cur = dl;
		for (let len = 0; len < 3; len++) {
			const d = dirs[rng.int(4)]!;
			const n = nbOf(cur, d);
			if (n === null || cells[n]!.kind !== 'land') break;
			const back = ({ up: 'down', down: 'up', left: 'right', right: 'left' } as const)[d];
			cells[n] = { kind: 'river', flow: back };
			cur = n;
		}
	}
	const pits: number[] = [];
	for (let i = 0; i < size; i++) if (cells[i]?.kind === 'pit') pits.push(i);
	if (pits.length === 1) cells[pits[0]!] = { kind: 'land' };
	const walls: InnerWall[] = [];
	for (let i = 0; i < size; i++) {
		if (!cells[i]) continue;
		for (const d of ['right', 'down'] as const) {
			const n = nbOf(i, d);
			if (n === null || rng.int(4) !== 0) continue;
			const ci = cells[i]!;
			const cn = cells[n]!;
			const opp = d === 'right' ? 'left' : 'up';
			if ((ci.kind === 'river' && ci.flow === d) || (cn.kind === 'river' && cn.flow === opp)) continue;
			walls.push({ cell: i, dir: d });
		}
	}
	const exits: Exit[] = [];
	for (let i = 0; i < size && exits.length < 4; i++) {
		if (!cells[i] || rng.int(4) !== 0) continue;
		for (const d of dirs) if (nbOf(i, d) === null && (i % width === 0 || i % width === width - 1 || i < width || i >= size - width)) {
			exits.push({ cell: i, dir: d, open: rng.int(3) !== 0 });
			break;
		}
	}
	const lands: number[] = [];
	for (let i = 0; i < size; i++) if (cells[i]?.kind === 'land') lands.push(i);
	if (lands.length === 0) {
		const i = (cells.findIndex((c) => c !== null) + size) % size;
		cells[i] = { kind: 'land' };
		lands.push(i);
	}
	const items: PlacedItem[] = [{ cell: rng.pick(lands)!, kind: 'treasure', true: true }];
	for (let f = rng.int(4); f > 0; f--) items.push({ cell: rng.pick(lands)!, kind: 'treasure', true: false });
	for (let f = rng.int(3); f > 0; f--) items.push({ cell: rng.pick(lands)!, kind: rng.pick(['bullet', 'grenade', 'landmine'] as const)!, count: 1 + rng.int(2) });
	const pitLoops = pits.length > 1 ? [rng.shuffle(pits)] : [];
	return { rules: 'classic', name: 'random', width, height, cells, walls, exits, pitLoops, items };
}

/** Everything of a state that matters for play (not the log, not the undo chain). */
export function stateKey(s: GameState): string {
	return JSON.stringify({
		phase: s.phase,
		turn: s.turn,
		sides: Array.from(s.sides),
		items: s.items,
		players: s.players,
		mites: Array.from(s.mites),
		moveNo: s.moveNo,
		nstop: s.nstop,
		skips: s.skipsInARow,
		survivor: s.survivorLeft,
		result: s.result
	});
}

/**
 * A plan file with more than 50,000 problems inside every limit of the file format (issue 18): the
 * longest lists, each entry wrong for the validator (a wall on the outer edge, the same exit over
 * and over, true treasures off land). `plan` needs a cell in its first row and a non-land cell.
 */
export function problemFloodFile(plan: Plan): string {
	const file = JSON.parse(serializePlan(plan));
	const edge = cellName(plan.width - 1, plan.width);
	const offLand = cellName(plan.cells.findIndex((c) => c !== null && c.kind !== 'land'), plan.width);
	file.walls = Array.from({ length: MAX_PLAN_LIST }, () => ({ cell: edge, dir: 'right' }));
	file.exits = Array.from({ length: MAX_PLAN_LIST }, () => ({ cell: 'a1', dir: 'up', open: true }));
	file.items = Array.from({ length: MAX_PLAN_LIST / 2 }, () => ({ cell: offLand, kind: 'treasure', true: true }));
	return JSON.stringify(file);
}
