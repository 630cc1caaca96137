/**
 * A plan file taken into the library: read in either format, and refused when it holds more
 * problems than a person could ever work through (a file made to flood the editor's list and the
 * library's badge), with one bounded message that says how many and the limit.
 */
import { type Result, err } from '../result';
import type { FormatIssue } from './format-json';
import { parsePlanAny } from './format-text';
import type { Plan } from './types';
import { validatePlan } from './validate';

/** The most problems (errors and warnings) a plan may have to be imported; a plan being drawn has a few dozen. */
export const MAX_IMPORT_PROBLEMS = 1000;

export function importPlanFile(text: string): Result<Plan, FormatIssue[]> {
	const parsed = parsePlanAny(text);
	if (!parsed.ok) return parsed;
	const report = validatePlan(parsed.value);
	const problems = report.errors.length + report.warnings.length;
	if (problems > MAX_IMPORT_PROBLEMS) return err([{ code: 'too_many_problems', path: '', found: String(problems), limit: MAX_IMPORT_PROBLEMS }]);
	return parsed;
}
