import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPlan } from '../game/testing';
import { generatePlan } from './generate';
import { parsePlanJson, serializePlan } from './format-json';

const example = buildPlan(['LWPP', '>DLL', 'LLLH', 'LL.L'], {
	walls: [[0, 2, 'up']],
	exits: [[0, 0, 'up', true], [0, 3, 'left', false]],
	loops: [[[2, 0], [3, 0]]],
	items: [[3, 1, 'treasure', true], [1, 2, 'treasure', false], [1, 2, 'bullet', 2]]
});

describe('plan JSON file', () => {
	test('round-trips: serialize then parse gives the plan back (property over generated plans)', () => {
		fc.assert(
			fc.property(fc.integer(), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 12 }), (seed, width, height) => {
				const plan = generatePlan({ width, height, seed, bullets: 2, landmines: 1 });
				expect(parsePlanJson(serializePlan(plan))).toEqual({ ok: true, value: plan });
			}),
			{ numRuns: 300 }
		);
	});

	test('is readable: cells by paper names, one row a line, left-out squares as null', () => {
		const text = serializePlan(example);
		expect(text).toContain('"format": "labyrinth-plan"');
		expect(text).toContain('["land","weaponry","pit","pit"]');
		expect(text).toContain('[{"kind":"river","flow":"right"},"delta","land","land"]');
		expect(text).toContain('["land","land",null,"land"]');
		expect(JSON.parse(text).pitLoops).toEqual([['c1', 'd1']]);
		expect(JSON.parse(text).walls).toEqual([{ cell: 'a2', dir: 'down' }]);
	});

	test.each([
		['not JSON', '{ nope', 'not_json', ''],
		['another kind of file', JSON.stringify({ format: 'svg' }), 'not_a_plan', 'format'],
		['a future version', JSON.stringify({ format: 'labyrinth-plan', version: 9 }), 'unsupported_version', 'version']
	])('refuses %s, saying so', (_name, text, code, path) => {
		const result = parsePlanJson(text);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error[0]).toMatchObject({ code, path });
	});

	test('locates a wrong value by its path', () => {
		const file = JSON.parse(serializePlan(example));
		file.items[1].true = 'yes';
		file.exits[0].dir = 'north';
		const result = parsePlanJson(JSON.stringify(file));
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.map((i) => i.path).sort()).toEqual(['exits.0.dir', 'items.1.true']);
	});

	test('locates a cell name outside the labyrinth', () => {
		const file = JSON.parse(serializePlan(example));
		file.walls.push({ cell: 'z9', dir: 'down' });
		const result = parsePlanJson(JSON.stringify(file));
		expect(result).toEqual({ ok: false, error: [{ code: 'unknown_cell', path: 'walls[1].cell', found: 'z9' }] });
	});

	test('refuses rows that do not match the size', () => {
		const file = JSON.parse(serializePlan(example));
		file.cells[2].pop();
		expect(parsePlanJson(JSON.stringify(file))).toMatchObject({ ok: false, error: [{ code: 'size_mismatch' }] });
	});

	test('never throws on random input', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string(), fc.json(), fc.anything().map((x) => JSON.stringify({ format: 'labyrinth-plan', version: 1, cells: x }) ?? '')), (text) => {
				const result = parsePlanJson(text);
				return typeof result.ok === 'boolean';
			}),
			{ numRuns: 1000 }
		);
	});
});
