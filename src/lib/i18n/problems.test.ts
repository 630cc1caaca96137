import { describe, expect, test } from 'vitest';
import { FORMAT_ISSUE_CODES } from '../engine/plan/format-json';
import { PROBLEM_CODES } from '../engine/plan/validate';
import { LOCALES } from './events';
import { renderFormatIssue, renderProblem } from './problems';

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
