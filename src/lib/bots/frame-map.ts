/**
 * The map an explorer draws in its own frame when the program places it on a cell nobody names
 * (the abandoned labyrinth, seed 002 §2; the topographic one, seed 003 §3): a grid twice the
 * labyrinth's size, centred where it first decided, so that the labyrinth fits whichever way it
 * lies around that cell. Cells' kinds, sides and where a cell was seen to send the player, the
 * bounds of the cells known to be inside, and the hypotheses (a position with its map) both
 * explorers hold and weigh. Each system's explorer adds what its rules need.
 */

export const S_UNKNOWN = 0;
export const S_OPEN = 1;
export const S_WALL = 2;
/** An exit found (the abandoned labyrinth): seen from the other side it is a wall. */
export const S_EXIT = 3;

/** A cell's kind not known yet (each system numbers its kinds from 1). */
export const K_UNKNOWN = 0;

/** Per direction index (up, right, down, left): the step in x and in y. */
export const DX = [0, 1, 0, -1];
export const DY = [-1, 0, 1, 0];

export class FrameMap {
	readonly kind: Uint8Array;
	readonly sides: Uint8Array;
	/** Per cell that sends the player on (a portal, a river, a pit): where it was seen to (−1 not seen). */
	readonly link: Int16Array;
	/** Bounds of the cells known to be in the labyrinth (x, y). */
	minX: number;
	maxX: number;
	minY: number;
	maxY: number;
	/** Hard bounds (the labyrinth's wall found, e.g. at an exit): −∞/+∞ while none is. */
	loX = -Infinity;
	hiX = Infinity;
	loY = -Infinity;
	hiY = Infinity;

	/** A map with only `origin` known to be inside, or a copy of `from`. */
	constructor(
		readonly gw: number,
		readonly gh: number,
		origin: number,
		from?: FrameMap
	) {
		if (from) {
			this.kind = from.kind.slice();
			this.sides = from.sides.slice();
			this.link = from.link.slice();
			this.minX = from.minX;
			this.maxX = from.maxX;
			this.minY = from.minY;
			this.maxY = from.maxY;
			this.loX = from.loX;
			this.hiX = from.hiX;
			this.loY = from.loY;
			this.hiY = from.hiY;
		} else {
			this.kind = new Uint8Array(gw * gh);
			this.sides = new Uint8Array(gw * gh * 4);
			this.link = new Int16Array(gw * gh).fill(-1);
			this.minX = this.maxX = origin % gw;
			this.minY = this.maxY = Math.floor(origin / gw);
		}
	}

	/** The cell across side `di` of `c` (−1 off the frame). */
	nb(c: number, di: number): number {
		const x = (c % this.gw) + DX[di]!;
		const y = Math.floor(c / this.gw) + DY[di]!;
		return x < 0 || y < 0 || x >= this.gw || y >= this.gh ? -1 : y * this.gw + x;
	}

	/** Sets a side (and its other face); false when it contradicts what is known. */
	setSide(c: number, di: number, s: number): boolean {
		const old = this.sides[c * 4 + di]!;
		if (old !== S_UNKNOWN) return old === s;
		this.sides[c * 4 + di] = s;
		const n = this.nb(c, di);
		if (n >= 0) this.sides[n * 4 + ((di + 2) % 4)] = s === S_EXIT ? S_WALL : s;
		return true;
	}

	/** Sets a cell's kind; false when it contradicts what is known. */
	setKind(c: number, k: number): boolean {
		const old = this.kind[c]!;
		if (old !== K_UNKNOWN) return old === k;
		this.kind[c] = k;
		return true;
	}

	/** Whether a cell may be in a labyrinth `w` by `h` with the cells known (the frame fits). */
	fits(c: number, w: number, h: number): boolean {
		const x = c % this.gw;
		const y = Math.floor(c / this.gw);
		const minX = Math.min(this.minX, x);
		const maxX = Math.max(this.maxX, x);
		const minY = Math.min(this.minY, y);
		const maxY = Math.max(this.maxY, y);
		return maxX - minX < w && maxY - minY < h && x >= this.loX && x <= this.hiX && y >= this.loY && y <= this.hiY;
	}

	/** Records a cell as in the labyrinth; false when the frame no longer fits. */
	visit(c: number, w: number, h: number): boolean {
		if (c < 0 || !this.fits(c, w, h)) return false;
		const x = c % this.gw;
		const y = Math.floor(c / this.gw);
		this.minX = Math.min(this.minX, x);
		this.maxX = Math.max(this.maxX, x);
		this.minY = Math.min(this.minY, y);
		this.maxY = Math.max(this.maxY, y);
		return true;
	}

	/** Whether the cell across side `di` of `c` cannot be in the labyrinth (the side is its outline). */
	outline(c: number, di: number, w: number, h: number): boolean {
		const n = this.nb(c, di);
		return n < 0 || !this.fits(n, w, h);
	}

	/** Whether side `di` of `c` may be the labyrinth's wall (nothing known lies beyond it). */
	mayBeOutline(c: number, di: number): boolean {
		const x = c % this.gw;
		const y = Math.floor(c / this.gw);
		if (di === 0) return y <= this.minY;
		if (di === 2) return y >= this.maxY;
		if (di === 1) return x >= this.maxX;
		return x <= this.minX;
	}
}

/** Where he may stand, with the map that goes with it, and how likely (the weights sum to 1). */
export interface Hypothesis<M extends FrameMap> {
	pos: number;
	map: M;
	weight: number;
}

/** The likeliest `most` hypotheses kept, first the likeliest, their weights summing to 1. */
export function keepLikeliest<M extends FrameMap>(hyps: Hypothesis<M>[], most: number): void {
	hyps.sort((a, b) => b.weight - a.weight);
	if (hyps.length > most) hyps.length = most;
	const total = hyps.reduce((s, h) => s + h.weight, 0);
	for (const h of hyps) h.weight /= total;
}

/**
 * The explorer's recent course (its last four steps and their answers) and how often each step
 * was chosen after it: a pit, a river or a portal can send him round the same loop, and a step
 * taken again from the same course weighs less (then, past three times, is replaced at random).
 */
export class Course {
	private readonly tried = new Map<string, number>();
	private readonly steps: string[] = [];
	private here = '';

	/** The step just answered (its direction and answers) joins the course. */
	record(dir: number | null, answer: string): void {
		if (dir !== null) {
			this.steps.push(`${dir}:${answer}`);
			if (this.steps.length > 4) this.steps.shift();
		}
		this.here = this.steps.join(' ');
	}

	/** How much less a step in direction `d` weighs from this course (1: never taken). */
	penalty(d: number): number {
		return 1 + 2 * (this.tried.get(`${this.here}|${d}`) ?? 0);
	}

	/** Counts the step chosen; the times it has now been chosen from this course. */
	take(d: number): number {
		const key = `${this.here}|${d}`;
		const tries = (this.tried.get(key) ?? 0) + 1;
		this.tried.set(key, tries);
		if (this.tried.size > 4096) this.tried.clear();
		return tries;
	}
}
