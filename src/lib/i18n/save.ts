/** What a failed save (src/lib/store/saver.ts) tells the person, in their language. */
import { m } from '../paraglide/messages.js';
import type { SaveProblem } from '../store/saver';

export function saveProblemText(problem: SaveProblem): string {
	return { quota: m.save_problem_quota, blocked: m.save_problem_blocked, newer: m.save_problem_newer, clone: m.save_problem_clone, unknown: m.save_problem_unknown }[problem]();
}
