/** Text for the plan validator's problems and plan-file issues (paraglide `problem_*`, `format_*` keys). */
import * as formatMessages from '../paraglide/groups/format.js';
import * as problemMessages from '../paraglide/groups/problem.js';
import type { FormatIssue } from '../engine/plan/format-json';
import type { Problem } from '../engine/plan/validate';
import { cellName, type Locale } from './events';

type Msg = (params?: Record<string, unknown>, options?: { locale?: Locale }) => string;
const msgs = { ...problemMessages, ...formatMessages } as unknown as Record<string, Msg>;

export function renderProblem(problem: Problem, locale: Locale): string {
	const message = msgs[`problem_${problem.code}`];
	return message ? message(problem.params ?? {}, { locale }) : problem.code;
}

// Issues whose `found` is a count (bytes, problems), written as the language writes numbers.
const COUNTED = new Set<FormatIssue['code']>(['too_large', 'too_many_problems', 'more']);

/**
 * Where in the file, as a person reads it: a square of the grid (`cells.2.3`, row 2 and column 3
 * counted from 0) by its name on the plan as the editor names it ("d3"), with what of it follows
 * ("d3 (flow)"); any other place as it is.
 */
export function placeName(path: string): string {
	const square = /^cells\.(\d+)\.(\d+)(?:\.(.+))?$/.exec(path);
	if (!square) return path;
	const [row, column] = [Number(square[1]), Number(square[2])];
	const name = cellName(row * (column + 1) + column, column + 1);
	return square[3] ? `${name} (${square[3]})` : name;
}

/** Text for a plan file that could not be read (JSON or text picture). */
export function renderFormatIssue(issue: FormatIssue, locale: Locale): string {
	const message = msgs[`format_${issue.code}`];
	if (!message) return issue.code;
	const number = new Intl.NumberFormat(locale);
	const found = issue.found === undefined ? '—' : COUNTED.has(issue.code) && /^\d+$/.test(issue.found) ? number.format(Number(issue.found)) : issue.found;
	return message({ path: placeName(issue.path) || '—', found, limit: issue.limit === undefined ? '—' : number.format(issue.limit) }, { locale });
}
