import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { FactReader, KnownKind, KnownSide } from '../sheet/assistant';
import { Map2D, SIDE_OPEN, SIDE_UNKNOWN, SIDE_WALL, STAMP_LIMIT } from './knowledge';
import { INNER, OUTLINE, Reach, type RouteCosts } from './plan-route';

const KINDS: (KnownKind | undefined)[] = [undefined, undefined, undefined, 'land', 'pit', 'river', 'encephalitis', 'hospital'];
const SIDES: (KnownSide | undefined)[] = [undefined, undefined, 'open', 'open', 'wall', 'exit'];

/** A square map of `width` (every cell inside) with the given kinds and sides (each side drawn once, from either face). */
function mapOf(width: number, kinds: number[], sides: number[]): { map: Map2D; reader: FactReader } {
	const size = width * width;
	const nb = new Int32Array(size * 4).fill(-1);
	for (let c = 0; c < size; c++) {
		const x = c % width;
		const y = Math.floor(c / width);
		if (y > 0) nb[c * 4] = c - width;
		if (x < width - 1) nb[c * 4 + 1] = c + 1;
		if (y < width - 1) nb[c * 4 + 2] = c + width;
		if (x > 0) nb[c * 4 + 3] = c - 1;
	}
	// A side is kept with the cell on its upper or left side (or on the outline), as the assistant keeps it.
	const keyOf = (cell: number, di: number) => {
		const n = nb[cell * 4 + di]!;
		return n < 0 || di === 1 || di === 2 ? cell * 4 + di : n * 4 + ((di + 2) & 3);
	};
	const reader: FactReader = {
		kind: (cell) => KINDS[kinds[cell % kinds.length]! % KINDS.length],
		side: (cell, di) => SIDES[sides[keyOf(cell, di) % sides.length]! % SIDES.length]
	};
	return { map: new Map2D(new Array<boolean>(size).fill(true), nb), reader };
}

const COSTS: RouteCosts = { unknown: 2, wall: 8, hazard: { pit: 6, river: 6, water: 6, encephalitis: 30 } };

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
			const step = side === SIDE_OPEN ? 1 : side === SIDE_UNKNOWN ? COSTS.unknown : side === SIDE_WALL ? COSTS.wall : Infinity;
			const kind = map.kind(n);
			const d = dist[c]! + step + (kind === undefined ? 0 : (COSTS.hazard[kind] ?? 0));
			if (d < dist[n]!) dist[n] = d;
		}
	}
}

/** Every question the explorer asks of one search, answered. */
function answers(reach: Reach, map: Map2D, reader: FactReader, from: number, order: number[]): unknown[] {
	reach.run(map.readFrom(reader), from, COSTS, order);
	return [
		reach.toSide(SIDE_UNKNOWN, INNER),
		reach.toSide(SIDE_UNKNOWN, OUTLINE),
		reach.toSide(SIDE_UNKNOWN),
		reach.toCell((c) => map.kind(c) === 'hospital'),
		reach.toCell((c) => c % 7 === 3, 12)
	];
}

describe('route search', () => {
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
