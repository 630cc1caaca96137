import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Course, FrameMap, keepLikeliest, S_EXIT, S_OPEN, S_UNKNOWN, S_WALL, type Hypothesis } from './frame-map';

// The frame both explorers map in when placed on a cell nobody names (seed 002 §2, seed 003 §3):
// twice the labyrinth's size, so the labyrinth fits around the first cell whichever way it lies.
const W = 5;
const H = 4;
const frame = () => new FrameMap(2 * W + 1, 2 * H + 1, H * (2 * W + 1) + W);

describe('frame map', () => {
	test('a side written is seen from both cells (an exit is a wall from outside), and a contradiction changes nothing', () => {
		fc.assert(
			fc.property(fc.nat(frame().kind.length - 1), fc.integer({ min: 0, max: 3 }), fc.constantFrom(S_OPEN, S_WALL, S_EXIT), (c, di, s) => {
				const map = frame();
				expect(map.setSide(c, di, s)).toBe(true);
				expect(map.sides[c * 4 + di]).toBe(s);
				const n = map.nb(c, di);
				if (n >= 0) expect(map.sides[n * 4 + ((di + 2) % 4)]).toBe(s === S_EXIT ? S_WALL : s);
				const before = map.sides.slice();
				const other = s === S_OPEN ? S_WALL : S_OPEN;
				expect(map.setSide(c, di, other)).toBe(false);
				expect(map.sides).toEqual(before);
				expect(map.setSide(c, di, s)).toBe(true);
			})
		);
	});

	test('the cells visited always fit in the labyrinth: a cell that would make the frame wider or taller is refused and changes nothing', () => {
		fc.assert(
			fc.property(fc.array(fc.nat(frame().kind.length - 1), { maxLength: 30 }), (cells) => {
				const map = frame();
				for (const c of cells) {
					const fits = map.fits(c, W, H);
					const bounds = [map.minX, map.maxX, map.minY, map.maxY];
					expect(map.visit(c, W, H)).toBe(fits);
					if (!fits) expect([map.minX, map.maxX, map.minY, map.maxY]).toEqual(bounds);
					expect(map.maxX - map.minX).toBeLessThan(W);
					expect(map.maxY - map.minY).toBeLessThan(H);
				}
			})
		);
	});

	test('a copy is independent of its source, and a side across the frame that cannot be inside is the outline', () => {
		const map = frame();
		const copy = new FrameMap(map.gw, map.gh, 0, map);
		copy.setSide(0, 1, S_WALL);
		copy.setKind(0, 3);
		expect(map.sides[1]).toBe(S_UNKNOWN);
		expect(map.kind[0]).toBe(0);
		const centre = H * map.gw + W;
		// From the centre, W − 1 cells to the right still fit; the W-th does not.
		for (let i = 0; i < W - 1; i++) map.visit(centre + i + 1, W, H);
		expect(map.outline(centre + W - 1, 1, W, H)).toBe(true);
		expect(map.outline(centre, 0, W, H)).toBe(false);
		expect(map.mayBeOutline(centre + W - 1, 1)).toBe(true);
		expect(map.mayBeOutline(centre, 1)).toBe(false);
	});

	test('the likeliest hypotheses are kept, first the likeliest, their weights summing to one', () => {
		fc.assert(
			fc.property(fc.array(fc.double({ min: 0.001, max: 10, noNaN: true }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 32 }), (weights, most) => {
				const hyps: Hypothesis<FrameMap>[] = weights.map((weight, pos) => ({ pos, map: frame(), weight }));
				const kept = [...weights].sort((a, b) => b - a).slice(0, most);
				keepLikeliest(hyps, most);
				expect(hyps.length).toBe(Math.min(most, weights.length));
				const total = kept.reduce((s, w) => s + w, 0);
				hyps.forEach((h, i) => expect(h.weight).toBeCloseTo(kept[i]! / total, 9));
			})
		);
	});

	test('a step taken again after the same course weighs less each time; another course starts afresh', () => {
		const course = new Course();
		course.record(null, '');
		expect(course.penalty(2)).toBe(1);
		expect(course.take(2)).toBe(1);
		expect(course.penalty(2)).toBe(3);
		expect(course.take(2)).toBe(2);
		expect(course.penalty(2)).toBe(5);
		expect(course.penalty(1)).toBe(1);
		course.record(2, 'wall,');
		expect(course.penalty(2)).toBe(1);
	});
});
