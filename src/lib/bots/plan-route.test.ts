import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { FactReader, KnownKind, KnownSide, Reason } from '../sheet/assistant';
import { Map2D, SIDE_OPEN, SIDE_UNKNOWN, SIDE_WALL, STAMP_LIMIT } from './knowledge';
import { INNER, OUTLINE, Reach, type RouteCosts } from './plan-route';

const REASON: Reason = { code: 'moved', from: 0, move: 0 };

/** The neighbours (up, right, down, left; −1 off the grid) of a width × height rectangle's squares, as `Map2D` takes them. */
function gridNeighbours(width: number, height: number): Int32Array {
	const nb = new Int32Array(width * height * 4).fill(-1);
	for (let c = 0; c < width * height; c++) {
		const x = c % width;
		const y = Math.floor(c / width);
		if (y > 0) nb[c * 4] = c - width;
		if (x < width - 1) nb[c * 4 + 1] = c + 1;
		if (y < height - 1) nb[c * 4 + 2] = c + width;
		if (x > 0) nb[c * 4 + 3] = c - 1;
	}
	return nb;
}

/** A width × height rectangle, every square inside, with the given kinds known and every inner side known open. */
function openMap(width: number, height: number, kinds: Record<number, KnownKind> = {}): Map2D {
	const size = width * height;
	const nb = gridNeighbours(width, height);
	const map = new Map2D(new Array<boolean>(size).fill(true), nb);
	for (let c = 0; c < size; c++) {
		if (c % width < width - 1) map.set({ kind: 'side', cell: c, dir: 'right', value: 'open', reason: REASON });
		if (c + width < size) map.set({ kind: 'side', cell: c, dir: 'down', value: 'open', reason: REASON });
		map.set({ kind: 'cell', cell: c, value: kinds[c] ?? 'land', reason: REASON });
	}
	return map;
}

const ORDER = [0, 1, 2, 3] as const;
const COSTS: RouteCosts = { unknown: 2, wall: Infinity, hazard: { pit: 6 } };

describe('route search', () => {
	// 4.4: a pit sends whoever enters it to its next pit, so no way leads on from it to its neighbours.
	test('a route does not walk through a pit that ends routes: a corridor blocked by one has no way past it', () => {
		// One row: 0 1 [2 = pit] 3 4.
		const map = openMap(5, 1, { 2: 'pit' });
		const through = new Reach().run(map, 0, COSTS, ORDER).toCell((c) => c === 4);
		expect(through?.cost).toBe(4 + 6);
		const ended = new Reach().run(map, 0, { ...COSTS, ends: { pit: true } }, ORDER);
		expect(ended.toCell((c) => c === 4)).toBeNull();
		// The pit itself is a place a route may go to.
		expect(new Reach().run(map, 0, { ...COSTS, ends: { pit: true } }, ORDER).toCell((c) => c === 2)?.dir).toBe('right');
	});

	test('a route goes round a pit that ends routes when there is a way round', () => {
		// 3 × 2: the pit at 1 on the top row; the way from 0 to 2 goes along the bottom row.
		const map = openMap(3, 2, { 1: 'pit' });
		const r = new Reach().run(map, 0, { ...COSTS, ends: { pit: true } }, ORDER).toCell((c) => c === 2);
		expect(r).toMatchObject({ dir: 'down', cost: 4 });
	});

	test('a cell seen to send the player on (a river flowing back, a pit with its next known) is followed to where it leaves him', () => {
		// One row: 0 1 2 3; stepping onto 2 has been seen to leave the player on 1 (it flows back).
		const map = openMap(4, 1, { 2: 'river' });
		const landing = new Int32Array(4).fill(-1);
		landing[2] = 1;
		expect(new Reach().run(map, 0, { ...COSTS, landing }, ORDER).toCell((c) => c === 3)).toBeNull();
		// A pit whose next pit is known: entering it goes on from there.
		const pits = openMap(4, 1, { 1: 'pit', 3: 'pit' });
		const next = new Int32Array(4).fill(-1);
		next[1] = 3;
		const r = new Reach().run(pits, 0, { ...COSTS, ends: { pit: true }, landing: next }, ORDER).toCell((c) => c === 3);
		expect(r).toMatchObject({ dir: 'right', to: 3, cost: 1 + 6 });
	});

	test('property: ending routes at pits never makes a route cheaper, and changes nothing where no pit is known', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 2, max: 6 }),
				fc.integer({ min: 2, max: 6 }),
				fc.array(fc.nat(35), { maxLength: 6 }),
				fc.nat(35),
				fc.nat(35),
				(width, height, pitList, fromSeed, goalSeed) => {
					const size = width * height;
					const kinds: Record<number, KnownKind> = {};
					for (const p of pitList) kinds[p % size] = 'pit';
					const map = openMap(width, height, kinds);
					const from = fromSeed % size;
					const goal = goalSeed % size;
					if (goal === from) return;
					const free = new Reach().run(map, from, COSTS, ORDER).toCell((c) => c === goal);
					const ended = new Reach().run(map, from, { ...COSTS, ends: { pit: true } }, ORDER).toCell((c) => c === goal);
					if (ended) expect(ended.cost).toBeGreaterThanOrEqual(free!.cost);
					if (pitList.length === 0) expect(ended).toEqual(free);
				}
			),
			{ numRuns: 300, seed: 44 }
		);
	});
});

const SOME_KINDS: (KnownKind | undefined)[] = [undefined, undefined, undefined, 'land', 'pit', 'river', 'encephalitis', 'hospital'];
const SIDES: (KnownSide | undefined)[] = [undefined, undefined, 'open', 'open', 'wall', 'exit'];

/** A square map of `width` (every cell inside) with the given kinds and sides (each side drawn once, from either face). */
function mapOf(width: number, kinds: number[], sides: number[]): { map: Map2D; reader: FactReader } {
	const size = width * width;
	const nb = gridNeighbours(width, width);
	// A side is kept with the cell on its upper or left side (or on the outline), as the assistant keeps it.
	const keyOf = (cell: number, di: number) => {
		const n = nb[cell * 4 + di]!;
		return n < 0 || di === 1 || di === 2 ? cell * 4 + di : n * 4 + ((di + 2) & 3);
	};
	const reader: FactReader = {
		kind: (cell) => SOME_KINDS[kinds[cell % kinds.length]! % SOME_KINDS.length],
		side: (cell, di) => SIDES[sides[keyOf(cell, di) % sides.length]! % SIDES.length]
	};
	return { map: new Map2D(new Array<boolean>(size).fill(true), nb), reader };
}

const HUNTER_COSTS: RouteCosts = { unknown: 2, wall: 8, hazard: { pit: 6, river: 6, water: 6, encephalitis: 30 } };

/** Each cell's least cost from `from` (Dijkstra over the same rules), as a check of the costs the search finds. */
function leastCosts(map: Map2D, from: number): number[] {
	const size = map.shape.length;
	const dist = new Array<number>(size).fill(Infinity);
	const done = new Array<boolean>(size).fill(false);
	dist[from] = 0;
	for (;;) {
		let c = -1;
		for (let x = 0; x < size; x++) if (!done[x] && dist[x]! < Infinity && (c < 0 || dist[x]! < dist[c]!)) c = x;
		if (c < 0) return dist;
		done[c] = true;
		for (let di = 0; di < 4; di++) {
			const n = map.nb[c * 4 + di]!;
			if (n < 0) continue;
			const side = map.side(c, di);
			const step = side === SIDE_OPEN ? 1 : side === SIDE_UNKNOWN ? HUNTER_COSTS.unknown : side === SIDE_WALL ? HUNTER_COSTS.wall : Infinity;
			const kind = map.kind(n);
			const d = dist[c]! + step + (kind === undefined ? 0 : (HUNTER_COSTS.hazard[kind] ?? 0));
			if (d < dist[n]!) dist[n] = d;
		}
	}
}

/** Every question the explorer asks of one search, answered. */
function answers(reach: Reach, map: Map2D, reader: FactReader, from: number, order: number[], costs = HUNTER_COSTS): unknown[] {
	reach.run(map.readFrom(reader), from, costs, order);
	return [
		reach.toSide(SIDE_UNKNOWN, INNER),
		reach.toSide(SIDE_UNKNOWN, OUTLINE),
		reach.toSide(SIDE_UNKNOWN),
		reach.toCell((c) => map.kind(c) === 'hospital'),
		reach.toCell((c) => c % 7 === 3, 12)
	];
}

describe('route search reused', () => {
	// A search and a map are reused from one question to the next without being cleared (stamps
	// tell what this run reached and read); they must answer as fresh ones do, also when the
	// stamps start over.
	test('property: a reused search over a reused map answers as a fresh one, across the stamps starting over', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 2, max: 7 }),
				fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
				fc.array(fc.nat(), { minLength: 1, maxLength: 200 }),
				fc.array(fc.tuple(fc.nat(), fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4 })), { minLength: 1, maxLength: 6 }),
				(width, kinds, sides, starts) => {
					const { map, reader } = mapOf(width, kinds, sides);
					const reused = new Reach();
					// The next run and reading are the last before the stamps start over.
					(reused as unknown as { runNo: number }).runNo = STAMP_LIMIT - 1;
					(map as unknown as { reading: number }).reading = STAMP_LIMIT - 1;
					for (const [start, order] of starts) {
						const from = start % (width * width);
						const fresh = mapOf(width, kinds, sides);
						// Rivers that carry on to the next square, pits that end a route.
						const landing = new Int32Array(width * width).map((_, c) => (fresh.reader.kind(c) === 'river' ? (c + 1) % (width * width) : -1));
						const carried: RouteCosts = { ...HUNTER_COSTS, ends: { pit: true }, landing };
						expect(answers(reused, map, reader, from, order, carried)).toEqual(answers(new Reach(), fresh.map, fresh.reader, from, order, carried));
						const got = answers(reused, map, reader, from, order);
						expect(got).toEqual(answers(new Reach(), fresh.map, fresh.reader, from, order));
						// The nearest hospital costs what the cheapest way there costs.
						const least = leastCosts(fresh.map, from);
						let hospital = Infinity;
						for (let c = 0; c < least.length; c++) if (c !== from && fresh.map.kind(c) === 'hospital') hospital = Math.min(hospital, least[c]!);
						expect((got[3] as { cost: number } | null)?.cost ?? Infinity).toBe(hospital);
					}
				}
			),
			{ numRuns: 300 }
		);
	});
});
