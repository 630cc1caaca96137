import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { FORMAT_ISSUE_CODES, parsePlanJson, serializePlan } from '../engine/plan/format-json';
import { blankPlan } from '../editor/edits';
import { cellName } from '../engine/plan/geometry';
import { PROBLEM_CODES } from '../engine/plan/validate';
import { LOCALES } from './events';
import { placeName, renderFormatIssue, renderProblem } from './problems';

describe('renderProblem', () => {
	test.each(LOCALES)('every validator problem has a text in %s, with its parameters filled in', (locale) => {
		for (const code of PROBLEM_CODES) {
			const text = renderProblem({ code, params: { count: 7, loop: 2, field: 'walls', expected: 9, found: 8, width: 0, height: 3, item: 'bullet', players: 3, ways_out: 1, treasure: 'true', pits: '1, 2, 2', exits: '—' } }, locale);
			expect(text, code).not.toBe(code);
			expect(text, code).not.toMatch(/[{}]/);
		}
	});

	test('Russian and Ukrainian texts are translations, not English copies', () => {
		const en = renderProblem({ code: 'missing_hospital' }, 'en');
		expect(renderProblem({ code: 'missing_hospital' }, 'ru')).not.toBe(en);
		expect(renderProblem({ code: 'missing_hospital' }, 'uk')).not.toBe(en);
	});
});

describe('renderFormatIssue', () => {
	test.each(LOCALES)('every plan-file issue has a text in %s, with its place, finding and limit filled in', (locale) => {
		for (const code of FORMAT_ISSUE_CODES) {
			const text = renderFormatIssue({ code, path: '3:7', found: '50000', limit: 1000 }, locale);
			expect(text, code).not.toBe(code);
			expect(text, code).not.toMatch(/[{}]|undefined/);
		}
	});

	test('counts are written as the language writes numbers, and the limit is said', () => {
		expect(renderFormatIssue({ code: 'too_many_problems', path: '', found: '50000', limit: 1000 }, 'en')).toBe('The plan has 50,000 problems; a plan with more than 1,000 is not taken.');
		expect(renderFormatIssue({ code: 'too_deep', path: '1:27', limit: 16 }, 'en')).toContain('1:27');
		expect(renderFormatIssue({ code: 'more', path: '', found: '4980' }, 'ru')).toBe('…и ещё 4\u00a0980.');
	});
});

describe('a refusal names the square as the editor does (issue 33: "cells.2.3")', () => {
	test('a wrong value on any square of an imported file is told by that square’s name, never by its path', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.nat(), fc.constantFrom(...LOCALES), (width, height, pick, locale) => {
				const plan = blankPlan(width, height, 'Broken');
				const file = JSON.parse(serializePlan(plan)) as { cells: unknown[][] };
				const [row, column] = [pick % height, Math.floor(pick / height) % width];
				file.cells[row]![column] = 'lava';
				const parsed = parsePlanJson(JSON.stringify(file));
				expect(parsed.ok).toBe(false);
				if (parsed.ok) return;
				const texts = parsed.error.map((issue) => renderFormatIssue(issue, locale));
				expect(texts.join('\n')).not.toMatch(/cells\.\d/);
				expect(texts.some((t) => t.includes(cellName(row * width + column, width))), texts.join('\n')).toBe(true);
			})
		);
	});

	test('other places are left as they are', () => {
		expect(placeName('cells.0.0')).toBe('a1');
		expect(placeName('cells.2.3.flow')).toBe('d3 (flow)');
		expect(placeName('walls.4.dir')).toBe('walls.4.dir');
		expect(placeName('3:7')).toBe('3:7');
	});
});
