/**
 * The plan checks every rule system chains its own onto (chessops' variants chain their
 * validation onto a shared base the same way): every square present, only the system's kinds
 * (its descriptor's), walls only between two squares. The rivers' checks are in rivers.ts, the
 * reach's in connectivity.ts. Each check gives at most one located problem.
 */
import { DIR_INDEX, type Board } from '../../game/board';
import type { CellKind, Plan } from '../../plan/types';
import type { PlanProblem } from '../types';

const located = (code: string, cells: number[]): PlanProblem[] => (cells.length ? [{ code, cells }] : []);

/** Squares of the bounding rectangle left out (the systems played on a full rectangle). */
export function cellsLeftOut(plan: Plan): PlanProblem[] {
	return located('cells_left_out', plan.cells.flatMap((c, i) => (c ? [] : [i])));
}

/** Squares of a kind not among the system's `kinds` (its descriptor's). */
export function kindsNotInRules(plan: Plan, kinds: readonly CellKind[]): PlanProblem[] {
	return located('cell_kind_not_in_rules', plan.cells.flatMap((c, i) => (c && !kinds.includes(c.kind) ? [i] : [])));
}

/** Walls that are not between two squares. */
export function wallsNotInner(plan: Plan, board: Board): PlanProblem[] {
	return located(
		'wall_not_inner',
		plan.walls.filter((w) => !(board.nb[w.cell * 4 + DIR_INDEX[w.dir]]! >= 0)).map((w) => w.cell)
	);
}
