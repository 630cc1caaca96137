/**
 * The plan compiled for play: flat typed arrays for fast adjudication. The
 * board never changes during a game (walls and items live in the state).
 */
import type { CellKind, Direction, Plan } from '../plan/types';
import { CELL_KINDS } from '../plan/types';
import { SIDE_CLOSED_EXIT, SIDE_OPEN, SIDE_OPEN_EXIT, SIDE_OUTER, SIDE_WALL } from './types';

export const DIR_INDEX: Record<Direction, number> = { up: 0, right: 1, down: 2, left: 3 };
/**
 * `DIR_INDEX[dir]` for a direction already checked, by comparison: a keyed read whose key is one of
 * four strings goes through V8's megamorphic lookup, several times slower (once per move).
 */
export const dirIndex = (dir: Direction): number => (dir === 'up' ? 0 : dir === 'right' ? 1 : dir === 'down' ? 2 : 3);
export const KIND_NONE = 255;
export const K_LAND = CELL_KINDS.indexOf('land');
export const K_HOSPITAL = CELL_KINDS.indexOf('hospital');
export const K_WEAPONRY = CELL_KINDS.indexOf('weaponry');
export const K_PIT = CELL_KINDS.indexOf('pit');
export const K_RIVER = CELL_KINDS.indexOf('river');
export const K_DELTA = CELL_KINDS.indexOf('delta');
export const K_ENCEPHALITIS = CELL_KINDS.indexOf('encephalitis');

export interface Board {
	readonly width: number;
	readonly height: number;
	readonly size: number;
	/** Number of cells of the shape. */
	readonly cellCount: number;
	/** Existing cells, ascending. */
	readonly cellList: readonly number[];
	/** Index into CELL_KINDS, KIND_NONE for a square left out. */
	readonly kind: Uint8Array;
	/** cell * 4 + dir → neighbour index or −1 on the outline. */
	readonly nb: Int32Array;
	/** River cells: the downstream cell; −1 otherwise. */
	readonly flow: Int32Array;
	/** River cells: the flow direction index; −1 otherwise. */
	readonly flowDir: Int8Array;
	/** Pit cells: the next pit of the loop; −1 otherwise. */
	readonly pitNext: Int32Array;
	/** River cells nothing flows into (4.6 "river source"): items there are lost. */
	readonly source: Uint8Array;
}

export function kindOf(board: Board, cell: number): CellKind | null {
	const k = board.kind[cell];
	return k === undefined || k === KIND_NONE ? null : (CELL_KINDS[k] ?? null);
}

/** One step's x and y by direction index (`DIRECTIONS` order: up, right, down, left), as `neighbour` takes it. */
const STEP_X = [0, 1, 0, -1];
const STEP_Y = [-1, 0, 1, 0];

/** Compile a plan; tolerant of odd data (unknown cells are left out). */
export function compileBoard(plan: Plan): { board: Board; sides: Uint8Array } {
	const width = Math.max(0, plan.width | 0);
	const height = Math.max(0, plan.height | 0);
	const size = width * height;
	// The board's arrays share one buffer, the 4-byte ones first (aligned): one allocation outside
	// the heap rather than seven, a good part of the compile's time (every replay compiles its board).
	const buffer = new ArrayBuffer(size * 28);
	const nb = new Int32Array(buffer, 0, size * 4).fill(-1);
	const flow = new Int32Array(buffer, size * 16, size).fill(-1);
	const pitNext = new Int32Array(buffer, size * 20, size).fill(-1);
	const kind = new Uint8Array(buffer, size * 24, size).fill(KIND_NONE);
	const flowDir = new Int8Array(buffer, size * 25, size).fill(-1);
	const source = new Uint8Array(buffer, size * 26, size);
	const inflow = new Uint8Array(buffer, size * 27, size);
	// The sides are the state's (a game copies them when a wall falls): their own buffer.
	const sides = new Uint8Array(size * 4).fill(SIDE_OUTER);
	const cellList: number[] = [];
	for (let i = 0; i < size; i++) {
		const c = plan.cells[i];
		if (!c) continue;
		const k = CELL_KINDS.indexOf(c.kind);
		if (k < 0) continue;
		kind[i] = k;
		cellList.push(i);
	}
	// `neighbour(plan, i, DIRECTIONS[d])`, its arithmetic done once per cell (every game's replay compiles its board).
	const pw = plan.width;
	const ph = plan.height;
	for (const i of cellList) {
		const x0 = i % pw;
		const y0 = Math.floor(i / pw);
		for (let d = 0; d < 4; d++) {
			const x = x0 + STEP_X[d]!;
			const y = y0 + STEP_Y[d]!;
			if (x < 0 || y < 0 || x >= pw || y >= ph) continue;
			const n = y * pw + x;
			if (plan.cells[n] && kind[n] !== KIND_NONE) {
				nb[i * 4 + d] = n;
				sides[i * 4 + d] = SIDE_OPEN;
			}
		}
		const c = plan.cells[i]!;
		if (kind[i] === K_RIVER && c.flow) {
			const d = DIR_INDEX[c.flow];
			const n = nb[i * 4 + d]!;
			if (n >= 0) {
				flow[i] = n;
				flowDir[i] = d;
			}
		}
	}
	for (const w of plan.walls) {
		const d = DIR_INDEX[w.dir];
		if (d === undefined || !(w.cell >= 0 && w.cell < size)) continue;
		const n = nb[w.cell * 4 + d];
		if (n === undefined || n < 0) continue;
		sides[w.cell * 4 + d] = SIDE_WALL;
		sides[n * 4 + ((d + 2) & 3)] = SIDE_WALL;
	}
	for (const e of plan.exits) {
		const d = DIR_INDEX[e.dir];
		if (d === undefined || !(e.cell >= 0 && e.cell < size) || kind[e.cell] === KIND_NONE) continue;
		if (nb[e.cell * 4 + d] !== -1) continue;
		sides[e.cell * 4 + d] = e.open ? SIDE_OPEN_EXIT : SIDE_CLOSED_EXIT;
	}
	for (const loop of plan.pitLoops) {
		const n = loop.length;
		for (let j = 0; j < n; j++) {
			const a = loop[j]!;
			const b = loop[(j + 1) % n]!;
			if (a >= 0 && a < size && b >= 0 && b < size && kind[a] === K_PIT && kind[b] === K_PIT) pitNext[a] = b;
		}
	}
	for (const i of cellList) if (flow[i]! >= 0) inflow[flow[i]!] = 1;
	for (const i of cellList) if (kind[i] === K_RIVER && !inflow[i]) source[i] = 1;
	return {
		board: { width, height, size, cellCount: cellList.length, cellList, kind, nb, flow, flowDir, pitNext, source },
		sides
	};
}

/** For each of the plan's walls (in `plan.walls` order), whether it is down in a game's sides (blown up, or corrected open). */
export function wallsDown(plan: Plan, sides: Uint8Array): boolean[] {
	return plan.walls.map((w) => sides[w.cell * 4 + DIR_INDEX[w.dir]] === SIDE_OPEN);
}
