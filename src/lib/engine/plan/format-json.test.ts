import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPlan } from '../game/testing';
import { generatePlan } from './generate';
import { jsonFault, MAX_LISTED_ISSUES, MAX_PLAN_DEPTH, MAX_PLAN_FILE_BYTES, MAX_PLAN_LIST, parsePlanJson, planFromData, serializePlan, shorten, utf8Length } from './format-json';
import { parsePlanAny } from './format-text';

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
		['not JSON (where it goes wrong, as line:column)', '{\n  "format": nope', 'not_json', '2:13'],
		['a control character in a string', '{"format": "a\tb"}', 'not_json', '1:14'],
		['JSON that stops short (at its end)', '{\n"format": [1,', 'not_json', '2:14'],
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

	// Regression (issue 18): `shorten` ran JSON.stringify over whatever the file held and overflowed the stack.
	test('a file nested 200,000 deep is refused, saying where, without overflowing the stack', () => {
		const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
		const inFormat = `{"format":${deep(200_000)}}`;
		expect(parsePlanJson(inFormat)).toEqual({ ok: false, error: [{ code: 'too_deep', path: `1:${11 + MAX_PLAN_DEPTH - 1}`, limit: MAX_PLAN_DEPTH }] });
		const inCells = serializePlan(example).replace('["land","weaponry","pit","pit"]', `["land","weaponry","pit",${deep(200_000)}]`);
		// the 17th opening bracket: line 9 (the first row), after the 3 levels open there and 13 more
		expect(parsePlanJson(inCells)).toMatchObject({ ok: false, error: [{ code: 'too_deep', path: '9:41' }] });
		// brackets inside a string are text, not nesting
		expect(parsePlanJson(JSON.stringify({ format: '['.repeat(1000) }))).toMatchObject({ ok: false, error: [{ code: 'not_a_plan' }] });
	});

	test('data already parsed (a peer\'s frame) nested 200,000 deep is refused with a short finding', () => {
		let deep: unknown = [];
		for (let i = 0; i < 200_000; i++) deep = [deep];
		const result = planFromData({ format: deep });
		expect(result).toMatchObject({ ok: false, error: [{ code: 'not_a_plan', path: 'format' }] });
		if (!result.ok) expect(result.error[0]!.found!.length).toBeLessThanOrEqual(40);
		expect(planFromData({ ...JSON.parse(serializePlan(example)), name: deep })).toMatchObject({ ok: false, error: [{ code: 'invalid_value', path: 'name' }] });
	});

	test('a finding is at most 40 characters, whatever the value', () => {
		fc.assert(
			fc.property(fc.anything(), (value) => {
				expect(shorten(value).length).toBeLessThanOrEqual(40);
			})
		);
		expect(shorten({ kind: 'lava', flow: 'up' })).toBe('{"kind":"lava","flow":"up"}');
	});

	test('the JSON check agrees with JSON.parse on any text: sound exactly when JSON.parse takes it', () => {
		const text = fc.oneof(
			fc.json(),
			fc.string(),
			fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'u', ',', ':', '1', '-', '.', 'e', ' ', '\n', 'true', 'nul') }),
			fc.json().chain((json) => fc.tuple(fc.nat(json.length), fc.constantFrom('', ',', '}', ']', '"', '\\', '0', '\u0001')).map(([at, insert]) => json.slice(0, at) + insert + json.slice(at + 1)))
		);
		fc.assert(
			fc.property(text, (t) => {
				let error: Error | null = null;
				try {
					JSON.parse(t);
				} catch (e) {
					error = e as Error;
				}
				const fault = jsonFault(t, 1000);
				expect(fault === null, `${t} ${error?.message}`).toBe(error === null);
				if (fault) expect(fault.at).toBeLessThanOrEqual(t.length);
			}),
			{ numRuns: 3000 }
		);
	});

	test('a file over the limit is refused by its size in bytes, saying the limit', () => {
		expect(parsePlanJson(' '.repeat(MAX_PLAN_FILE_BYTES + 1))).toEqual({ ok: false, error: [{ code: 'too_large', path: '', found: String(MAX_PLAN_FILE_BYTES + 1), limit: MAX_PLAN_FILE_BYTES }] });
		// two bytes a letter in UTF-8: fewer characters than the limit, more bytes
		const cyrillic = `{"name":"${'ж'.repeat(MAX_PLAN_FILE_BYTES / 2)}"}`;
		expect(parsePlanAny(cyrillic)).toMatchObject({ ok: false, error: [{ code: 'too_large', found: String(utf8Length(cyrillic)) }] });
		expect(parsePlanAny(`labyrinth-plan 1 classic\n${'x'.repeat(MAX_PLAN_FILE_BYTES)}`)).toMatchObject({ ok: false, error: [{ code: 'too_large' }] });
		expect(utf8Length('aж€😀')).toBe(new TextEncoder().encode('aж€😀').length);
	});

	test('thousands of problems: the first ones listed, the rest counted', () => {
		const file = JSON.parse(serializePlan(example));
		file.walls = Array.from({ length: 5000 }, () => ({ cell: 'z99', dir: 'down' }));
		const result = parsePlanJson(JSON.stringify(file));
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error).toHaveLength(MAX_LISTED_ISSUES + 1);
		expect(result.error[0]).toEqual({ code: 'unknown_cell', path: 'walls[0].cell', found: 'z99' });
		expect(result.error.at(-1)).toEqual({ code: 'more', path: '', found: String(5000 - MAX_LISTED_ISSUES) });
		// schema problems too
		file.walls = Array.from({ length: 5000 }, () => ({ cell: 'a1', dir: 'sideways' }));
		const schema = parsePlanJson(JSON.stringify(file));
		expect(schema).toMatchObject({ ok: false, error: { length: MAX_LISTED_ISSUES + 1, [MAX_LISTED_ISSUES]: { code: 'more', found: String(5000 - MAX_LISTED_ISSUES) } } });
	});

	test('a list longer than any plan needs is one problem, not one per entry', () => {
		const file = JSON.parse(serializePlan(example));
		file.items = Array.from({ length: MAX_PLAN_LIST + 1 }, () => ({ cell: 'a1', kind: 'nothing' }));
		expect(parsePlanJson(JSON.stringify(file))).toMatchObject({ ok: false, error: [{ code: 'invalid_value', path: 'items' }] });
	});

	test('a name with bidirectional controls is kept without them; too long a name is refused', () => {
		const file = JSON.parse(serializePlan(example));
		file.name = 'Kitchen\u202Eelbat';
		expect(parsePlanJson(JSON.stringify(file))).toMatchObject({ ok: true, value: { name: 'Kitchenelbat' } });
		file.name = 'x'.repeat(201);
		expect(parsePlanJson(JSON.stringify(file))).toMatchObject({ ok: false, error: [{ code: 'invalid_value', path: 'name' }] });
	});

	test('never throws on any text or any JSON: a plan, or problems each saying where (at most 20 and a count)', () => {
		const located = (issue: { code: string; path: string }) => issue.code === 'more' || issue.code === 'too_large' || issue.path !== '' || issue.code === 'not_a_plan';
		const nested = fc.letrec((tie) => ({ value: fc.oneof({ depthSize: 'small' }, fc.json(), fc.array(tie('value'), { maxLength: 3 })) })).value;
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string(),
					fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', '1', '\n') }),
					fc.json(),
					fc.anything().map((x) => JSON.stringify({ format: 'labyrinth-plan', version: 1, cells: x }) ?? ''),
					nested.map((x) => JSON.stringify({ format: 'labyrinth-plan', version: 1, rules: 'classic', name: 'x', width: 1, height: 1, cells: [[x]] }))
				),
				(text) => {
					const result = parsePlanAny(text);
					if (result.ok) return;
					expect(result.error.length).toBeGreaterThan(0);
					expect(result.error.length).toBeLessThanOrEqual(MAX_LISTED_ISSUES + 1);
					for (const issue of result.error) {
						expect(located(issue), JSON.stringify(issue)).toBe(true);
						expect((issue.found ?? '').length).toBeLessThanOrEqual(40);
					}
				}
			),
			{ numRuns: 1000 }
		);
	});
});
