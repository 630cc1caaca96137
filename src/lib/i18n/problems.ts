/** Text for the plan validator's problems, from the paraglide `problem_*` keys. */
import { m } from '../paraglide/messages.js';
import type { Problem } from '../engine/plan/validate';
import type { Locale } from './events';

type Msg = (params?: Record<string, unknown>, options?: { locale?: Locale }) => string;
const msgs = m as unknown as Record<string, Msg>;

export function renderProblem(problem: Problem, locale: Locale): string {
	const message = msgs[`problem_${problem.code}`];
	return message ? message(problem.params ?? {}, { locale }) : problem.code;
}
