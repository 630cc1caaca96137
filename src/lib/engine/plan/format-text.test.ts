import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPlan } from '../game/testing';
import { parsePlanJson, serializePlan } from './format-json';
import { canonicalOrder, parsePlanAny, parsePlanText, renderPlanText } from './format-text';
import { generatePlan, SHAPES } from './generate';

const TYPED = `labyrinth-plan 1 classic
name: Kitchen table
    a    b    c    d
  +----+----+----+----+
1 |L    W    P1   P1  |
  +    +    +    +    +
2 |R>   D    L    L$  |
  +----+    +    +    +
3 |L    L?   L    H   |
  +~~~~+----+----+    +
loop 1: c1 d1
item d2: treasure true
item b3: treasure
`;

describe('plan text picture', () => {
	test('a picture typed by hand reads as the plan it shows', () => {
		const result = parsePlanText(TYPED);
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		const plan = result.value;
		expect(plan.cells.map((c) => c?.kind[0]).join('')).toBe('lwpprdlllllh');
		expect(plan.cells[4]).toEqual({ kind: 'river', flow: 'right' });
		expect(plan.walls).toEqual([{ cell: 4, dir: 'down' }]);
		expect(plan.exits).toEqual([
			{ cell: 8, dir: 'down', open: false },
			{ cell: 11, dir: 'down', open: true }
		]);
		expect(plan.pitLoops).toEqual([[2, 3]]);
		expect(plan.items).toEqual([
			{ cell: 7, kind: 'treasure', true: true },
			{ cell: 9, kind: 'treasure', true: false }
		]);
	});

	test('round-trips with the plan (property over generated plans of every shape)', () => {
		fc.assert(
			fc.property(fc.integer(), fc.integer({ min: 2, max: 14 }), fc.integer({ min: 2, max: 14 }), fc.constantFrom(...SHAPES), (seed, width, height, shape) => {
				const plan = generatePlan({ width, height, seed, shape, grenades: 1, landmines: 1 });
				expect(parsePlanText(renderPlanText(plan))).toEqual({ ok: true, value: canonicalOrder(plan) });
			}),
			{ numRuns: 300 }
		);
	});

	test('round-trips with the JSON file: text → plan → JSON → plan → text is the same text', () => {
		const plan = parsePlanText(TYPED);
		if (!plan.ok) throw new Error('typed plan');
		const json = parsePlanJson(serializePlan(plan.value));
		if (!json.ok) throw new Error('json');
		expect(renderPlanText(json.value)).toBe(renderPlanText(plan.value));
		expect(parsePlanAny(serializePlan(plan.value))).toEqual(json);
	});

	test('left-out squares draw as blanks, and the cells around them keep their outer walls', () => {
		const plan = buildPlan(['.LL', 'LLL', 'LL.'], { exits: [[1, 0, 'up', true], [2, 1, 'right', false]] });
		const text = renderPlanText(plan);
		expect(text).toContain('1      |L    L   |');
		expect(text).toContain('\n   +    +    +----+\n'); // b1's top is an open exit: a gap
		expect(text).toContain(' 2 |L    L    L   ~\n'); // c2's right is a closed exit
		expect(parsePlanText(text)).toEqual({ ok: true, value: canonicalOrder(plan) });
	});

	test.each([
		['another file', 'hello\n', 'not_a_plan', 'line 1'],
		['an unknown cell letter', TYPED.replace('|L    W', '|X    W'), 'invalid_value', 'line 5, a1'],
		['an item on a cell outside', TYPED + 'item z9: bullet 1\n', 'unknown_cell', 'line 14'],
		['a closed exit drawn inside', TYPED.replace('  +----+    +    +    +', '  +----+    +~~~~+    +'), 'invalid_value', 'line 8']
	])('refuses %s and says where', (_name, text, code, path) => {
		const result = parsePlanText(text);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error[0]).toMatchObject({ code, path });
	});

	test('never throws on random text', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 0, max: TYPED.length }), (noise, at) => {
				const result = parsePlanText(TYPED.slice(0, at) + noise + TYPED.slice(at));
				return typeof result.ok === 'boolean';
			}),
			{ numRuns: 1000 }
		);
	});
});
