/**
 * The fact set: what one hypothesis of the deduction assistant (assistant.ts) holds true of the
 * map — cells' kinds, sides, and (never listed) the pits' links — as a persistent keyed set that
 * hypotheses share until one changes, compared and intersected by value (never by the reasons).
 * Nothing here knows the rules' moves: the assistant decides which facts a move proves.
 */
import { DIR_INDEX as DIR_INDEX_EXPORT } from '../engine/game/board';
import type { Direction } from '../engine/plan/types';

/** What a cell was announced as. `landlike` is "land" said to an immune player or with encephalitis off. */
export type KnownKind = 'land' | 'landlike' | 'hospital' | 'weaponry' | 'pit' | 'river' | 'delta' | 'encephalitis' | 'water';
/** What a side was found to be: `wall` (a wall, outer or inner, or a closed exit, at that time), `open`, `exit` (an open exit). */
export type KnownSide = 'wall' | 'open' | 'exit';

/** Why a fact is known, for "show your reasoning". */
export interface Reason {
	code: 'hit_wall' | 'moved' | 'entered' | 'carried' | 'pit' | 'exit' | 'refused_exit' | 'flow' | 'loop' | 'start';
	from: number;
	dir?: Direction;
	move: number;
}

export type Fact = { kind: 'cell'; cell: number; value: KnownKind; reason: Reason } | { kind: 'side'; cell: number; dir: Direction; value: KnownSide; reason: Reason };

/**
 * Internal, never listed as a fact: in one hypothesis the map is concrete, so a fall (or a loop)
 * from pit `cell` that lands on pit `value` proves `value` is `cell`'s next pit (4.4). Kept
 * twice, from both ends (see `nextKey`, `previousKey`), as a loop gives each pit one next and one previous.
 */
export interface Link {
	kind: 'link';
	cell: number;
	value: number;
	reason: Reason;
}
export type Entry = Fact | Link;

// A module-local copy: read on every fact added (hundreds of hypotheses per move).
const DIR_INDEX = DIR_INDEX_EXPORT;

/**
 * Facts of a hypothesis are keyed by small integers, square by square: `SLOTS` keys per cell —
 * its kind (`kindKey`), its sides (`sideKey`, each side kept once, see `addSide`), a pit's next
 * and previous pit (`nextKey`, `previousKey`). A square's facts lie together, so reading the map
 * around a square (a computer player's route search, a hypothesis moved on) touches few branches.
 */
const SLOTS = 8;
const KIND_SLOT = 0;
/** Slots 1–4: the sides, by direction index. */
const SIDE_SLOT = 1;
const NEXT_SLOT = 5;
const PREVIOUS_SLOT = 6;
export const kindKey = (cell: number) => cell * SLOTS + KIND_SLOT;
export const sideKey = (cell: number, di: number) => cell * SLOTS + SIDE_SLOT + di;
export const nextKey = (pit: number) => pit * SLOTS + NEXT_SLOT;
export const previousKey = (pit: number) => pit * SLOTS + PREVIOUS_SLOT;

const BITS = 4;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;
type Leaf = readonly (Entry | undefined)[];
type Mid = readonly (Leaf | undefined)[];

/** A value's share in a set's hash (any distinct numbers do: the hash only sorts out sets that differ). */
const VALUE_CODE: Record<KnownKind | KnownSide, number> = {
	land: 1,
	landlike: 2,
	hospital: 3,
	weaponry: 4,
	pit: 5,
	river: 6,
	delta: 7,
	encephalitis: 8,
	water: 9,
	wall: 10,
	open: 11,
	exit: 12
};

/** A fact's share of its set's hash: its key and value, not its reason (sets are compared by value). */
function factHash(key: number, value: Entry['value']): number {
	let x = Math.imul(key * 16 + (typeof value === 'number' ? 13 + value * 0x10001 : VALUE_CODE[value]), 0x9e3779b1);
	x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
	return x ^ (x >>> 13);
}

/**
 * The empty set's top: an array of the elements kind every top has once a branch is written in it
 * (holey, of objects), so the code reading tops sees one kind of array, not a second one later
 * (each new kind met by optimised code throws it away: a fresh worker compiles it again).
 */
function emptyTop(): (Mid | undefined)[] {
	const top: (Mid | undefined)[] = [];
	top[1] = undefined;
	top.length = 0;
	return top;
}

/** `FactSet.common`'s scratch, one leaf wide: kept, not made per call (a typed array is dear to make; the call is not re-entered). */
const HELD = new Int32Array(WIDTH);

/**
 * A hypothesis's facts, persistent: a two-level tree of 16-wide arrays over the integer keys,
 * shared between sets until one of them changes. Adding a fact copies three short arrays, so a
 * pit that splits one hypothesis into hundreds does not copy the map hundreds of times, and
 * sets that agree on a branch are compared by reference. Each set knows how many facts it holds
 * and a hash of them by value, kept up as facts are added or dropped, so sets that differ (the
 * most) are told apart without walking them.
 */
export class FactSet {
	static readonly empty = new FactSet(emptyTop(), 0, 0);

	private constructor(
		private readonly top: readonly (Mid | undefined)[],
		/** How many facts (links are not counted: they are never listed). */
		readonly size: number,
		/** The sum of the facts' `factHash`es (32-bit). */
		private readonly hash: number
	) {}

	get(key: number): Entry | undefined {
		return this.top[key >> (2 * BITS)]?.[(key >> BITS) & MASK]?.[key & MASK];
	}

	/**
	 * The set with `fact` at `key`. `made` (≥ 0): this set was just made by `with(made, …)` and
	 * nothing holds it after this call, so its top and the branch made for `made` are its own:
	 * written in place where `key` shares them, not copied again (this set is not read after).
	 */
	with(key: number, fact: Entry, made = -1): FactSet {
		const t = key >> (2 * BITS);
		const m = (key >> BITS) & MASK;
		const i = key & MASK;
		const ownMid = made >= 0 && t === made >> (2 * BITS);
		const ownLeaf = ownMid && m === ((made >> BITS) & MASK);
		const top = made >= 0 ? (this.top as (Mid | undefined)[]) : this.top.slice();
		const oldMid = top[t];
		const mid = ownMid ? (oldMid as (Leaf | undefined)[]) : oldMid ? oldMid.slice() : new Array<Leaf | undefined>(WIDTH);
		const oldLeaf = mid[m];
		const leaf = ownLeaf ? (oldLeaf as (Entry | undefined)[]) : oldLeaf ? oldLeaf.slice() : new Array<Entry | undefined>(WIDTH);
		const old = leaf[i];
		leaf[i] = fact;
		mid[m] = leaf;
		top[t] = mid;
		const hash = (this.hash + factHash(key, fact.value) - (old === undefined ? 0 : factHash(key, old.value))) | 0;
		return new FactSet(top, this.size + (old === undefined && fact.kind !== 'link' ? 1 : 0), hash);
	}

	private each(visit: (fact: Entry) => void): void {
		for (const mid of this.top)
			if (mid)
				for (let m = 0; m < WIDTH; m++) {
					const leaf = mid[m];
					if (leaf) for (let i = 0; i < WIDTH; i++) if (leaf[i] !== undefined) visit(leaf[i]!);
				}
	}

	/** The facts (without the links): the kinds by cell, then the sides by direction, each by cell. */
	facts(): Fact[] {
		const kinds: Fact[] = [];
		const sides: Fact[][] = [[], [], [], []];
		this.each((f) => {
			if (f.kind === 'cell') kinds.push(f);
			else if (f.kind === 'side') sides[DIR_INDEX[f.dir]]!.push(f);
		});
		return kinds.concat(...sides);
	}

	/**
	 * The facts every set holds (the first set's, where all hold the same value): a set that
	 * shares the first's branches where they all hold whole. Only the leaves that differ are
	 * compared fact by fact, and of those only the facts `known` does not hold: facts the caller
	 * knows every set holds by the same value (the facts common to the sets these ones came from,
	 * which moving on and merging keep) need no looking at.
	 */
	static common(all: readonly FactSet[], known: FactSet | null = null): FactSet {
		const first = all[0];
		if (first === undefined) return FactSet.empty;
		if (all.length === 1) return first;
		let top: (Mid | undefined)[] | null = null;
		let size = first.size;
		let hash = first.hash;
		// Where the first set's leaf holds a fact not known to be common that every set read so far holds too (`count` of them).
		const held = HELD;
		for (let t = 0; t < first.top.length; t++) {
			const mid = first.top[t];
			if (!mid) continue;
			let shared = true;
			for (let o = 1; o < all.length && shared; o++) shared = FactSet.midOf(all[o]!, t) === mid;
			if (shared) continue;
			const knownMid = known === null ? undefined : FactSet.midOf(known, t);
			let kept: (Leaf | undefined)[] | null = null;
			for (let m = 0; m < WIDTH; m++) {
				const leaf = mid[m];
				if (!leaf) continue;
				const knownLeaf = knownMid?.[m];
				if (knownLeaf === leaf) continue;
				let facts = 0;
				let count = 0;
				for (let i = 0; i < WIDTH; i++) {
					const f = leaf[i];
					if (f === undefined) continue;
					facts++;
					if (knownLeaf === undefined || !sameValue(knownLeaf[i], f)) held[count++] = i;
				}
				const open = count;
				let last: Leaf | undefined = leaf;
				for (let o = 1; o < all.length && count > 0; o++) {
					const theirs = FactSet.midOf(all[o]!, t)?.[m];
					if (theirs === leaf || theirs === last) continue;
					if (!theirs) {
						count = 0;
						break;
					}
					last = theirs;
					let stay = 0;
					for (let j = 0; j < count; j++) {
						const i = held[j]!;
						const f = theirs[i];
						if (f === leaf[i] || sameValue(f, leaf[i]!)) held[stay++] = i;
					}
					count = stay;
				}
				if (count === open) continue;
				// Some facts are not common: the leaf without them.
				const next: (Entry | undefined)[] | undefined = facts - open + count > 0 ? leaf.slice() : undefined;
				for (let i = 0, j = 0; i < WIDTH; i++) {
					const f = leaf[i];
					if (f === undefined || (knownLeaf !== undefined && sameValue(knownLeaf[i], f))) continue;
					if (j < count && held[j] === i) j++;
					else {
						if (next) next[i] = undefined;
						if (f.kind !== 'link') size--;
						hash = (hash - factHash((t << (2 * BITS)) | (m << BITS) | i, f.value)) | 0;
					}
				}
				(kept ??= mid.slice())[m] = next;
			}
			if (kept) (top ??= first.top.slice())[t] = kept;
		}
		return top ? new FactSet(top, size, hash) : first;
	}

	/**
	 * Branch `t` of `set`, read within its top's length: tops differ in length, and a read past the
	 * end throws away the optimised code that makes it the first time it happens.
	 */
	private static midOf(set: FactSet, t: number): Mid | undefined {
		return t < set.top.length ? set.top[t] : undefined;
	}

	/** The same facts (by value) as `other`. */
	equals(other: FactSet): boolean {
		if (this === other) return true;
		if (this.size !== other.size || this.hash !== other.hash) return false;
		const n = Math.max(this.top.length, other.top.length);
		for (let t = 0; t < n; t++) {
			const am = FactSet.midOf(this, t);
			const bm = FactSet.midOf(other, t);
			if (am === bm) continue;
			for (let m = 0; m < WIDTH; m++) {
				const a = am?.[m];
				const b = bm?.[m];
				if (a === b) continue;
				for (let i = 0; i < WIDTH; i++) {
					const f = a?.[i];
					const g = b?.[i];
					if (f === undefined ? g !== undefined : !sameValue(g, f)) return false;
				}
			}
		}
		return true;
	}
}

export function sameValue(a: Entry | undefined, b: Entry): boolean {
	return a !== undefined && a.value === b.value;
}

/** One hypothesis's facts, read square by square (`Assistant.hypothesisReader`). */
export interface FactReader {
	kind(cell: number): KnownKind | undefined;
	/** The side of `cell` in direction index `di` (up, right, down, left). */
	side(cell: number, di: number): KnownSide | undefined;
}

/** One hypothesis's facts, read (a class, not closures: a computer player makes several per move). */
export class HypothesisReader implements FactReader {
	constructor(
		private readonly facts: FactSet,
		private readonly nb: Int32Array
	) {}

	kind(cell: number): KnownKind | undefined {
		const f = this.facts.get(kindKey(cell));
		return f?.kind === 'cell' ? f.value : undefined;
	}

	side(cell: number, di: number): KnownSide | undefined {
		// Keyed as `addSide` keys it: from the cell on its right or lower side, or on the outline.
		const other = this.nb[cell * 4 + di]!;
		const own = other < 0 || di === 1 || di === 2;
		const f = this.facts.get(own ? sideKey(cell, di) : sideKey(other, (di + 2) & 3));
		return f?.kind === 'side' ? f.value : undefined;
	}
}

/** Kinds that agree: "water" is a river or a delta; "landlike" is land or encephalitis. */
export function compatible(known: KnownKind, next: KnownKind): KnownKind | null {
	if (known === next) return known;
	if (known === 'water' && (next === 'river' || next === 'delta')) return next;
	if (next === 'water' && (known === 'river' || known === 'delta')) return known;
	if (known === 'landlike' && (next === 'land' || next === 'encephalitis')) return next;
	if (next === 'landlike' && (known === 'land' || known === 'encephalitis')) return known;
	return null;
}
