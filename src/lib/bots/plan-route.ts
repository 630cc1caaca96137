/**
 * Routes over what a player is sure of: a shortest-path search (small integer costs, so a
 * bucket queue) from the player's cell across sides known open, sides not known at all (a
 * step into the unknown costs more) and, for a player with grenades, known inner walls (most).
 * Cells known to be hazards cost more to enter: pits and rivers take the player where he
 * cannot be sure of, encephalitis infects. One search answers every goal: the cheapest cell
 * of a set, the cheapest side worth trying.
 */
import { DIRECTIONS, type Direction } from '../engine/plan/types';
import { SIDE_OPEN, SIDE_UNKNOWN, SIDE_WALL, STAMP_LIMIT, type Map2D } from './knowledge';

// Module-local copies: the inner loop reads them millions of times in a simulation.
const OPEN = SIDE_OPEN;
const UNKNOWN = SIDE_UNKNOWN;
const WALL = SIDE_WALL;

/** Where a side aimed at (`Reach.toSide`) may lie: anywhere, on the outline, between two squares. */
export const ANYWHERE = 0;
export const OUTLINE = 1;
export const INNER = 2;
export type SideWhere = typeof ANYWHERE | typeof OUTLINE | typeof INNER;

export interface RouteCosts {
	/** Through a side not known (it may be a wall). */
	unknown: number;
	/** Through a known inner wall (blown by a grenade on the way); Infinity: never. */
	wall: number;
	/** Extra cost to enter a cell of this known kind. */
	hazard: Partial<Record<string, number>>;
	/**
	 * Kinds that take a player who enters them elsewhere (a pit sends him to its next pit, 4.4): a
	 * route that enters one ends there, unless `landing` says where it goes on from.
	 */
	ends?: Partial<Record<string, boolean>>;
	/** Per cell: where a player who steps onto it is left (a river's next cell downstream, a pit's next pit), or −1: on it. */
	landing?: Int32Array;
}

export interface Route {
	/** The first step from the start. */
	dir: Direction;
	/** The first step goes through a known wall (blow it first). */
	blow: boolean;
	/** The cell where the route ends (the goal cell, or the cell whose side is the goal). */
	to: number;
	cost: number;
}

/**
 * Everything reachable from one cell: costs and the first step of the cheapest way there,
 * worked out only as far as the questions asked need (a bucket queue, settled in order).
 * One instance serves a player's every search (`run` refills it), so a decision allocates nothing.
 */
export class Reach {
	/**
	 * Per cell: the run that last reached it (`dist`, `first` and `blown` are read only where it
	 * is this run's), so a run starts without clearing them — most runs reach a few cells.
	 */
	private reachedIn = new Int32Array(0);
	private runNo = 0;
	private dist = new Float64Array(0);
	/** Direction index of the first step (−1 at the start or out of reach). */
	private first = new Int8Array(0);
	/** Whether that first step blows a wall. */
	private blown = new Uint8Array(0);
	/** The extra cost of entering each cell (its known kind's hazard), where looked up in this run (`enterIn`). */
	private enter = new Float64Array(0);
	/** Per cell: the run that looked up `enter` and `stops`. */
	private enterIn = new Int32Array(0);
	/** Per cell: entering it ends a route (its kind is one of `costs.ends`, its landing not known); read with `enter`. */
	private stops = new Uint8Array(0);
	/** Per cell: reached by entering a cell that ends a route (no way leads on from it); set where `dist` is. */
	private terminal = new Uint8Array(0);
	map!: Map2D;
	from = -1;
	costs!: RouteCosts;
	/** Direction indexes in the order ties are broken. */
	order: readonly number[] = [];
	/**
	 * The bucket queue, kept between runs (a run allocates nothing): each bucket (by distance) a
	 * list of entries in the order they were pushed, `head`/`tail` per distance, `next` and `cell` per entry.
	 */
	private head = new Int32Array(64);
	private tail = new Int32Array(64);
	private next = new Int32Array(64);
	private cell = new Int32Array(64);
	private entries = 0;
	/** One past the farthest distance pushed in this run. */
	private reached = 0;

	/** The least extra cost of entering a cell (0 unless some hazard is negative), for `costs`. */
	private leastExtra = 0;

	/** The search from `from` over `map`. */
	run(map: Map2D, from: number, costs: RouteCosts, order: readonly number[]): this {
		this.map = map;
		this.from = from;
		if (costs !== this.costs) {
			this.costs = costs;
			let least = 0;
			for (const kind in costs.hazard) least = Math.min(least, costs.hazard[kind] ?? 0);
			this.leastExtra = least;
		}
		this.order = order;
		const size = map.shape.length;
		if (this.dist.length !== size) {
			this.reachedIn = new Int32Array(size);
			this.runNo = 0;
			this.dist = new Float64Array(size);
			this.first = new Int8Array(size);
			this.blown = new Uint8Array(size);
			this.enter = new Float64Array(size);
			this.enterIn = new Int32Array(size);
			this.stops = new Uint8Array(size);
			this.terminal = new Uint8Array(size);
		}
		if (this.runNo >= STAMP_LIMIT) {
			// The stamps start over before they outgrow their Int32Arrays.
			this.reachedIn.fill(0);
			this.enterIn.fill(0);
			this.runNo = 0;
		}
		const runNo = ++this.runNo;
		this.entries = 0;
		this.reached = 0;
		this.push(0, from);
		this.reachedIn[from] = runNo;
		this.dist[from] = 0;
		this.first[from] = -1;
		this.blown[from] = 0;
		this.terminal[from] = 0;
		this.done = -1;
		return this;
	}

	private push(d: number, cell: number): void {
		if (d >= this.head.length) {
			const length = Math.max(d + 1, this.head.length * 2);
			const head = new Int32Array(length);
			head.set(this.head.subarray(0, this.reached));
			this.head = head;
			const tail = new Int32Array(length);
			tail.set(this.tail.subarray(0, this.reached));
			this.tail = tail;
		}
		if (d >= this.reached) {
			// Mostly a bucket or two: a loop, not a call.
			const head = this.head;
			for (let b = this.reached; b <= d; b++) head[b] = -1;
			this.reached = d + 1;
		}
		const e = this.entries++;
		if (e >= this.next.length) {
			const next = new Int32Array(this.next.length * 2);
			next.set(this.next);
			this.next = next;
			const cell = new Int32Array(this.cell.length * 2);
			cell.set(this.cell);
			this.cell = cell;
		}
		this.cell[e] = cell;
		this.next[e] = -1;
		if (this.head[d] === -1) this.head[d] = e;
		else this.next[this.tail[d]!] = e;
		this.tail[d] = e;
	}

	/** Buckets settled so far (the search goes only as far as a question needs). */
	private done = -1;

	/** Settles every cell up to distance `upTo` (each bucket in the order the full search takes them). */
	private expand(upTo: number): void {
		const { dist, first, blown, enter, enterIn, stops, terminal, from, reachedIn, runNo } = this;
		const ends = this.costs.ends;
		const landing = this.costs.landing;
		const map = this.map;
		const nb = map.nb;
		const unknownStep = this.costs.unknown;
		const wallStep = this.costs.wall;
		const hazard = this.costs.hazard;
		const order = this.order;
		const o0 = order[0]!, o1 = order[1]!, o2 = order[2]!, o3 = order[3]!;
		for (let d = this.done + 1; d <= upTo && d < this.reached; d++) {
			// Entries pushed while this bucket is read go to farther buckets (every step costs ≥ 1).
			for (let e = this.head[d]!; e !== -1; e = this.next[e]!) {
				const cell = this.cell[e]!;
				if (dist[cell] !== d || terminal[cell] === 1) continue;
				for (let k = 0; k < 4; k++) {
					const di = k === 0 ? o0 : k === 1 ? o1 : k === 2 ? o2 : o3;
					const n = nb[cell * 4 + di]!;
					if (n < 0) continue;
					const side = map.side(cell, di);
					let step: number;
					if (side === OPEN) step = 1;
					else if (side === UNKNOWN) step = unknownStep;
					else if (side === WALL) step = wallStep;
					else continue;
					if (step === Infinity) continue;
					// Looked up once per run (`enterIn`: the entries of other runs are stale).
					let extra = enterIn[n] === runNo ? enter[n]! : -1;
					if (extra < 0) {
						const kind = map.kind(n);
						extra = enter[n] = kind === undefined ? 0 : (hazard[kind] ?? 0);
						stops[n] = kind !== undefined && ends?.[kind] === true ? 1 : 0;
						enterIn[n] = runNo;
					}
					const nd = d + step + extra;
					// Where the step leaves the player: carried on as seen before, or here, the route's end.
					const land = landing ? landing[n]! : -1;
					const to = land >= 0 ? land : n;
					// A cell not reached yet in this run: its entries are stale.
					if (reachedIn[to] !== runNo ? nd !== Infinity : nd < dist[to]!) {
						reachedIn[to] = runNo;
						dist[to] = nd;
						first[to] = cell === from ? di : first[cell]!;
						blown[to] = cell === from ? (side === WALL ? 1 : 0) : blown[cell]!;
						terminal[to] = land < 0 ? stops[n]! : 0;
						this.push(nd, to);
					}
				}
			}
			this.done = d;
		}
	}

	/**
	 * The cheapest cell (other than the start) for which `goal` holds; of equal costs, the lowest
	 * cell. Read in order of distance, so the search stops at the first distance that cannot do
	 * better, or beyond `maxCost` (a farther cell is no answer).
	 */
	toCell(goal: (cell: number) => boolean, maxCost = Infinity): Route | null {
		// The best so far in locals (a route is made once, at the end).
		let bestTo = -1;
		let bestCost = 0;
		const dist = this.dist;
		for (let d = 0; d <= maxCost; d++) {
			if (bestTo >= 0 && d > bestCost) break;
			// Bucket d is whole once the nearer ones are expanded (every step costs at least 1):
			// a bucket is expanded only when the one after it is read.
			this.expand(d - 1);
			if (d >= this.reached) break;
			for (let e = this.head[d]!; e !== -1; e = this.next[e]!) {
				const c = this.cell[e]!;
				if (dist[c] !== d || c === this.from || (bestTo >= 0 && c > bestTo) || !goal(c)) continue;
				bestTo = c;
				bestCost = d;
			}
		}
		return bestTo < 0 ? null : { dir: DIRECTIONS[this.first[bestTo]!]!, blow: this.blown[bestTo] === 1, to: bestTo, cost: bestCost };
	}

	/**
	 * The cheapest side known as `side` (SIDE_*) that lies `where` (anywhere, on the outline, inside),
	 * reached and then tried; of equal costs, the lowest cell, then the first direction in the tie
	 * order. Read in order of distance: a side costs at least `least` more than its cell (1, or
	 * `costs.unknown` for a side not known, and the least hazard), so the farther buckets are never
	 * expanded.
	 */
	toSide(side: number, where: SideWhere = ANYWHERE): Route | null {
		// The best so far in locals (a route is made once, at the end).
		let bestTo = -1;
		let bestCost = 0;
		let bestK = 0;
		let bestDi = 0;
		const map = this.map;
		const nb = map.nb;
		const { dist, order } = this;
		const least = (side === UNKNOWN ? this.costs.unknown : 1) + this.leastExtra;
		for (let d = 0; ; d++) {
			if (bestTo >= 0 && d + least > bestCost) break;
			// Bucket d is whole once the nearer ones are expanded (every step costs at least 1).
			this.expand(d - 1);
			if (d >= this.reached) break;
			for (let e = this.head[d]!; e !== -1; e = this.next[e]!) {
				const c = this.cell[e]!;
				if (dist[c] !== d || this.terminal[c] === 1) continue;
				for (let k = 0; k < 4; k++) {
					const di = order[k]!;
					// Where the side lies first: a side not wanted is not read (reading one reads the facts).
					const n = nb[c * 4 + di]!;
					if (where === OUTLINE ? n >= 0 : where === INNER && n < 0) continue;
					const s = map.side(c, di);
					if (s !== side) continue;
					const kind = n >= 0 ? map.kind(n) : undefined;
					const cost = d + (s === UNKNOWN ? this.costs.unknown : 1) + (kind === undefined ? 0 : (this.costs.hazard[kind] ?? 0));
					if (bestTo >= 0 && (cost > bestCost || (cost === bestCost && (c > bestTo || (c === bestTo && k > bestK))))) continue;
					bestTo = c;
					bestCost = cost;
					bestK = k;
					bestDi = di;
				}
			}
		}
		if (bestTo < 0) return null;
		return bestTo === this.from
			? { dir: DIRECTIONS[bestDi]!, blow: false, to: bestTo, cost: bestCost }
			: { dir: DIRECTIONS[this.first[bestTo]!]!, blow: this.blown[bestTo] === 1, to: bestTo, cost: bestCost };
	}
}
