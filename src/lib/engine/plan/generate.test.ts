import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { generatePlan, SHAPES, shapeMask } from './generate';
import { validatePlan } from './validate';

describe('generatePlan', () => {
	test('every plan is valid, across sizes, shapes and counts (property, thousands of seeds)', () => {
		fc.assert(
			fc.property(
				fc.record({
					seed: fc.integer(),
					width: fc.integer({ min: 2, max: 14 }),
					height: fc.integer({ min: 2, max: 14 }),
					shape: fc.constantFrom(...SHAPES),
					rivers: fc.integer({ min: 0, max: 5 }),
					riverLength: fc.integer({ min: 1, max: 6 }),
					pits: fc.integer({ min: 0, max: 8 }),
					pitLoops: fc.integer({ min: 1, max: 3 }),
					encephalitis: fc.integer({ min: 0, max: 3 }),
					fakeTreasures: fc.integer({ min: 0, max: 5 }),
					exitsOpen: fc.integer({ min: 0, max: 4 }),
					exitsClosed: fc.integer({ min: 0, max: 4 }),
					wallDensity: fc.double({ min: 0, max: 1, noNaN: true }),
					weaponries: fc.integer({ min: 1, max: 4 }),
					hospitals: fc.integer({ min: 1, max: 4 })
				}),
				(options) => {
					const plan = generatePlan(options);
					expect(validatePlan(plan).errors).toEqual([]);
					const mask = shapeMask(options.shape, options.width, options.height);
					expect(plan.cells.map((c) => c !== null)).toEqual(mask);
				}
			),
			{ numRuns: 2000 }
		);
	});

	test('large plans up to 30x30 are valid', () => {
		for (const [width, height] of [[30, 30], [25, 12], [30, 2]] as const) {
			for (let seed = 0; seed < 5; seed++) expect(validatePlan(generatePlan({ width, height, seed })).errors).toEqual([]);
		}
	});

	test('the same seed gives the same plan; another seed another', () => {
		const a = generatePlan({ width: 8, height: 8, seed: 'kitchen table' });
		expect(generatePlan({ width: 8, height: 8, seed: 'kitchen table' })).toEqual(a);
		expect(generatePlan({ width: 8, height: 8, seed: 'another table' })).not.toEqual(a);
	});

	test('8 (recommendations 2, 4, 6): default plans avoid attractors, hospitals by weaponries and treasures by exits', () => {
		const avoided = ['strong_attractor', 'adjacent_deltas', 'hospital_next_to_weaponry', 'treasure_near_exit'];
		let clean = 0;
		for (let seed = 0; seed < 200; seed++) {
			const warnings = validatePlan(generatePlan({ width: 10, height: 10, seed })).warnings;
			if (!warnings.some((w) => avoided.includes(w.code))) clean++;
		}
		expect(clean).toBeGreaterThanOrEqual(195);
	});

	test('the true treasure lies farther from the exits than the average land cell', () => {
		let farther = 0;
		for (let seed = 0; seed < 100; seed++) {
			const plan = generatePlan({ width: 10, height: 10, seed });
			const distance = (c: number) => Math.min(...plan.exits.map((e) => Math.abs((c % 10) - (e.cell % 10)) + Math.abs(Math.floor(c / 10) - Math.floor(e.cell / 10))));
			const land = plan.cells.flatMap((c, i) => (c?.kind === 'land' ? [i] : []));
			const mean = land.reduce((sum, c) => sum + distance(c), 0) / land.length;
			const truth = plan.items.find((i) => i.kind === 'treasure' && i.true)!;
			if (distance(truth.cell) > mean) farther++;
		}
		expect(farther).toBeGreaterThanOrEqual(95);
	});

	test('a shape too small for a labyrinth is refused with a reason', () => {
		expect(() => generatePlan({ width: 1, height: 2, seed: 1 })).toThrow(/at least 3/);
	});
});
