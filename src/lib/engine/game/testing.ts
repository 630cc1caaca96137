/**
 * Test-only helpers: a tiny plan builder from rows of letters and a scripted
 * game driver. Letters: L land, H hospital, W weaponry, P pit, D delta,
 * E encephalitis, arrows ^ > v < a river flowing that way, '.' no cell.
 */
import type { Cell, Direction, Exit, InnerWall, PlacedItem, Plan } from '../plan/types';
import { apply } from './apply';
import { createGame, initialState, type Game } from './game';
import type { Command, GameEvent, GameState } from './types';

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
	last: GameEvent[] = [];
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
		this.last = r.events;
		if (!(r.events.length === 1 && r.events[0]!.type === 'rejected')) this.game.log.push(cmd);
		return r.events;
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
