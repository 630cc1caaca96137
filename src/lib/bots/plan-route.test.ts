import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { KnownKind, Reason } from '../sheet/assistant';
import { Map2D } from './knowledge';
import { Reach, type RouteCosts } from './plan-route';

const REASON: Reason = { code: 'moved', from: 0, move: 0 };

/** A width × height rectangle, every square inside, with the given kinds known and every inner side known open. */
function openMap(width: number, height: number, kinds: Record<number, KnownKind> = {}): Map2D {
	const size = width * height;
	const nb = new Int32Array(size * 4).fill(-1);
	for (let c = 0; c < size; c++) {
		const x = c % width;
		const y = Math.floor(c / width);
		if (y > 0) nb[c * 4] = c - width;
		if (x < width - 1) nb[c * 4 + 1] = c + 1;
		if (y < height - 1) nb[c * 4 + 2] = c + width;
		if (x > 0) nb[c * 4 + 3] = c - 1;
	}
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
