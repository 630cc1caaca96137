/**
 * The plan checks every rule system chains its own onto (chessops' variants chain their
 * validation onto a shared base the same way): every square present, only the system's kinds
 * (read from its descriptor), walls only between two squares; and the generators' test that
 * every square can be reached. Each check gives at most one located problem.
 */
import { DIR_INDEX, type Board } from '../../game/board';
import { neighbour } from '../../plan/geometry';
import { DIRECTIONS, type Direction, type Plan, type RuleSystemId } from '../../plan/types';
import { kindsOf } from '../descriptors';
import type { PlanProblem } from '../types';

const located = (code: string, cells: number[]): PlanProblem[] => (cells.length ? [{ code, cells }] : []);

/** Squares of the bounding rectangle left out (the systems played on a full rectangle). */
export function cellsLeftOut(plan: Plan): PlanProblem[] {
	return located('cells_left_out', plan.cells.flatMap((c, i) => (c ? [] : [i])));
}

/** Squares of a kind the system `id` does not use. */
export function kindsNotInRules(plan: Plan, id: RuleSystemId): PlanProblem[] {
	const kinds: readonly string[] = kindsOf(id);
	return located('cell_kind_not_in_rules', plan.cells.flatMap((c, i) => (c && !kinds.includes(c.kind) ? [i] : [])));
}

/** Walls that are not between two squares. */
export function wallsNotInner(plan: Plan, board: Board): PlanProblem[] {
	return located(
		'wall_not_inner',
		plan.walls.filter((w) => !(board.nb[w.cell * 4 + DIR_INDEX[w.dir]]! >= 0)).map((w) => w.cell)
	);
}

/** Every square of a full rectangle reachable from square 0 across the sides without a wall (rivers and pits aside). */
export function connected(plan: Plan): boolean {
	const walls = new Set(plan.walls.map((x) => `${x.cell}:${x.dir}`));
	const open = (a: number, d: Direction, b: number) =>
		d === 'right' || d === 'down' ? !walls.has(`${a}:${d}`) : !walls.has(`${b}:${d === 'left' ? 'right' : 'down'}`);
	const seen = new Set([0]);
	const stack = [0];
	while (stack.length) {
		const c = stack.pop()!;
		for (const d of DIRECTIONS) {
			const n = neighbour(plan, c, d);
			if (n === null || seen.has(n) || !open(c, d, n)) continue;
			seen.add(n);
			stack.push(n);
		}
	}
	return seen.size === plan.width * plan.height;
}
