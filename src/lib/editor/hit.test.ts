import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cellsAlong, squaresOnSegment, type Point } from './hit';
import { buildPlan } from '../engine/game/testing';

const coordinate = fc.double({ min: -4, max: 14, noNaN: true, noDefaultInfinity: true });
const point = fc.record({ x: coordinate, y: coordinate });
/** Points on whole or half squares too: strokes along grid lines and through corners. */
const gridPoint = fc.record({ x: fc.integer({ min: -8, max: 28 }).map((n) => n / 2), y: fc.integer({ min: -8, max: 28 }).map((n) => n / 2) });
const anyPoint = fc.oneof(point, gridPoint);

/** Whether the closed segment a–b meets the closed unit square at (x, y) (Liang–Barsky clipping). */
function touches(a: Point, b: Point, x: number, y: number, eps = 1e-9): boolean {
	let t0 = 0;
	let t1 = 1;
	const d = { x: b.x - a.x, y: b.y - a.y };
	for (const [p, q] of [
		[-d.x, a.x - (x - eps)],
		[d.x, x + 1 + eps - a.x],
		[-d.y, a.y - (y - eps)],
		[d.y, y + 1 + eps - a.y]
	] as const) {
		if (p === 0) {
			if (q < 0) return false;
			continue;
		}
		const r = q / p;
		if (p < 0) t0 = Math.max(t0, r);
		else t1 = Math.min(t1, r);
		if (t0 > t1) return false;
	}
	return true;
}

describe('squaresOnSegment: the squares a drag crosses between two pointer samples', () => {
	test('every square the segment passes through is on the list (a fine sampling finds no other)', () => {
		fc.assert(
			fc.property(anyPoint, anyPoint, (a, b) => {
				const squares = new Set(squaresOnSegment(a, b).map((s) => `${s.x},${s.y}`));
				for (let i = 0; i <= 1000; i++) {
					const t = i / 1000;
					const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
					// A sample on a grid line belongs to either side: only those clearly inside one square count.
					const off = (v: number) => Math.abs(v - Math.round(v)) < 1e-7;
					if (off(p.x) || off(p.y)) continue;
					expect(squares.has(`${Math.floor(p.x)},${Math.floor(p.y)}`)).toBe(true);
				}
			}),
			{ numRuns: 300 }
		);
	});

	test('from the first sample\'s square to the last\'s, side by side, each touched by the segment, none twice', () => {
		fc.assert(
			fc.property(anyPoint, anyPoint, (a, b) => {
				const squares = squaresOnSegment(a, b);
				expect(squares[0]).toEqual({ x: Math.floor(a.x) + 0, y: Math.floor(a.y) + 0 });
				expect(squares[squares.length - 1]).toEqual({ x: Math.floor(b.x) + 0, y: Math.floor(b.y) + 0 });
				for (let i = 1; i < squares.length; i++) expect(Math.abs(squares[i]!.x - squares[i - 1]!.x) + Math.abs(squares[i]!.y - squares[i - 1]!.y)).toBe(1);
				expect(new Set(squares.map((s) => `${s.x},${s.y}`)).size).toBe(squares.length);
				for (const s of squares) expect(touches(a, b, s.x, s.y, 1e-6)).toBe(true);
			}),
			{ numRuns: 500 }
		);
	});

	test('a drag over three squares in a row gives the three; a diagonal through corners joins them side by side', () => {
		expect(squaresOnSegment({ x: 0.5, y: 0.5 }, { x: 2.5, y: 0.5 })).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }]);
		expect(squaresOnSegment({ x: 0.5, y: 0.5 }, { x: 2.5, y: 2.5 })).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 1 }, { x: 2, y: 2 }]);
		expect(squaresOnSegment({ x: 3.2, y: 1.1 }, { x: 3.9, y: 1.9 })).toEqual([{ x: 3, y: 1 }]);
	});

	test('cellsAlong keeps only the plan\'s present squares, in order', () => {
		const plan = buildPlan(['LLL', 'L.L']);
		expect(cellsAlong(plan, { x: 0.5, y: 1.5 }, { x: 2.5, y: 1.5 })).toEqual([3, 5]);
		expect(cellsAlong(plan, { x: -1, y: 0.5 }, { x: 9, y: 0.5 })).toEqual([0, 1, 2]);
	});
});
