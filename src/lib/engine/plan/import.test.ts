import { describe, expect, test } from 'vitest';
import { buildPlan, problemFloodFile } from '../game/testing';
import { parsePlanJson, serializePlan } from './format-json';
import { importPlanFile, MAX_IMPORT_PROBLEMS } from './import';
import { validatePlan } from './validate';

const plan = buildPlan(['LWLLH', 'L>DLL', 'PLLLP', 'HLLWL'], { exits: [[0, 0, 'up', true], [4, 3, 'down', false]], loops: [[[0, 2], [4, 2]]], items: [[2, 2, 'treasure', true]] });

describe('a plan file taken into the library', () => {
	test('a plan being drawn, problems and all, is taken', () => {
		const unfinished = { ...plan, exits: [], items: [] };
		expect(validatePlan(unfinished).errors.length).toBeGreaterThan(0);
		expect(importPlanFile(serializePlan(unfinished))).toEqual({ ok: true, value: unfinished });
	});

	// Regression (issue 18): a plan with 50,000 problems was imported into the library.
	test('a plan with 50,000 problems is refused with one message saying how many and the limit', () => {
		const text = problemFloodFile(plan);
		// the file itself is well formed: only the validator objects to it
		const parsed = parsePlanJson(text);
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		const report = validatePlan(parsed.value);
		const problems = report.errors.length + report.warnings.length;
		expect(problems).toBeGreaterThan(50_000);
		expect(importPlanFile(text)).toEqual({ ok: false, error: [{ code: 'too_many_problems', path: '', found: String(problems), limit: MAX_IMPORT_PROBLEMS }] });
	});

	test('a file that cannot be read is refused as the format says', () => {
		expect(importPlanFile('{ nope')).toMatchObject({ ok: false, error: [{ code: 'not_json', path: '1:3' }] });
	});
});
