import { describe, expect, test } from 'vitest';
import { PROBLEM_CODES } from '../engine/plan/validate';
import { LOCALES } from './events';
import { renderProblem } from './problems';

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
