/**
 * What a duel plan must hold (seeds 001/004, section 2): a 10x10 field with one
 * crossbow, one crutch, one trap, four numbered pits with their four exits,
 * three fake treasures and one true, one exit on each side, at most one object
 * a cell — and no enclosures (3.8): from any cell every cell can be visited and
 * the labyrinth left without grenades.
 */
import { compileBoard, DIR_INDEX, type Board } from '../../game/board';
import { SIDE_OPEN } from '../../game/types';
import { CELL_KINDS, DIRECTIONS, type CellKind, type Plan } from '../../plan/types';
import { cellsLeftOut, kindsNotInRules, wallsNotInner } from '../common/plan-checks';
import { kindsOf } from '../common/kinds';
import { DUEL } from './kinds';
import type { PlanProblem } from '../types';

export const DUEL_SIZE = 10;
/** The outside of the labyrinth as a place in the walking graph (`enclosed` with re-entry through any exit). */
const OUTSIDE = -1;

/** `anyExit`: re-entry through any exit is agreed (`duelReentryAnyExit`, 3.9), so areas fenced off behind an exit of their own are allowed (3.8). */
export function duelProblems(plan: Plan, anyExit = false): PlanProblem[] {
	const out: PlanProblem[] = [];
	const { board, sides } = compileBoard(plan);
	if (plan.width !== DUEL_SIZE || plan.height !== DUEL_SIZE)
		out.push({ code: 'grid_size_rules', params: { expected: `${DUEL_SIZE}x${DUEL_SIZE}`, found: `${plan.width}x${plan.height}` } });
	out.push(...cellsLeftOut(plan), ...kindsNotInRules(plan, kindsOf(DUEL)), ...wallsNotInner(plan, board));

	const cellsOf = (k: CellKind) => plan.cells.flatMap((c, i) => (c?.kind === k ? [i] : []));
	for (const [k, code] of [
		['crossbow', 'duel_crossbow_count'],
		['crutch', 'duel_crutch_count'],
		['trap', 'duel_trap_count']
	] as const) {
		const at = cellsOf(k);
		if (at.length !== 1) out.push({ code, cells: at, params: { found: at.length } });
	}
	// 2d: pits 1..4, each tied to exactly one exit with its number.
	const pits = cellsOf('pit');
	const exits = cellsOf('pit_exit');
	const numbers = (cells: number[]) => cells.map((c) => plan.cells[c]!.number ?? 0).sort((a, b) => a - b);
	const want = [1, 2, 3, 4];
	if (JSON.stringify(numbers(pits)) !== JSON.stringify(want) || JSON.stringify(numbers(exits)) !== JSON.stringify(want)) {
		// The numbers found, so the designer sees which is missing or twice ("?" a pit without a number).
		const found = (cells: number[]) => numbers(cells).map((n) => (n ? String(n) : '?')).join(', ') || '—';
		out.push({ code: 'duel_pits', cells: [...pits, ...exits], params: { pits: found(pits), exits: found(exits) } });
	}

	// 2e: three fake treasures and one true; 2: one object a cell.
	const treasures = plan.items.filter((it) => it.kind === 'treasure');
	const trueCount = treasures.filter((t) => t.true).length;
	if (trueCount !== 1) out.push({ code: 'true_treasure_count', params: { count: trueCount } });
	const fakes = treasures.length - trueCount;
	if (fakes !== 3) out.push({ code: 'duel_fake_treasures', params: { found: fakes } });
	const others = plan.items.filter((it) => it.kind !== 'treasure').map((it) => it.cell);
	if (others.length) out.push({ code: 'item_not_in_rules', cells: others });
	const crowded = new Set<number>();
	const held = new Map<number, number>();
	for (const t of treasures) {
		held.set(t.cell, (held.get(t.cell) ?? 0) + 1);
		if (plan.cells[t.cell]?.kind !== 'land' || held.get(t.cell)! > 1) crowded.add(t.cell);
	}
	if (crowded.size) out.push({ code: 'duel_one_object', cells: [...crowded] });

	// 2: four exits, one on each side.
	const notOuter = plan.exits.filter((e) => !(e.cell >= 0 && e.cell < board.size) || board.nb[e.cell * 4 + DIR_INDEX[e.dir]] !== -1);
	if (notOuter.length) out.push({ code: 'exit_not_outer', cells: notOuter.map((e) => e.cell) });
	const perSide = DIRECTIONS.map((d) => plan.exits.filter((e) => e.open && e.dir === d).length);
	if (plan.exits.length !== 4 || perSide.some((n) => n !== 1)) out.push({ code: 'duel_exits', cells: plan.exits.map((e) => e.cell) });

	// 3.8: no enclosures.
	if (!out.some((p) => p.code === 'grid_size_rules' || p.code === 'cells_left_out')) {
		const shut = enclosed(plan, board, sides, anyExit);
		if (shut.length) out.push({ code: 'duel_enclosure', cells: shut });
	}
	return out;
}

/**
 * Cells from which not every cell can be visited, or the labyrinth not left,
 * without grenades. A pit is passed through (its exit is where one stands), so
 * the walking graph runs between the other cells; every cell must be reachable
 * from every other, and some cell must have an exit. With `anyExit` (re-entry through any exit
 * agreed: «в этом случае можно отгораживать участки, попасть в которые можно только через
 * определенный вход») the outside joins them: out through any open exit, back in through any.
 */
export function enclosed(plan: Plan, board: Board, sides: Uint8Array, anyExit = false): number[] {
	const pit = CELL_KINDS.indexOf('pit');
	const exitOf = new Map<number, number>();
	plan.cells.forEach((c, i) => {
		if (c?.kind !== 'pit' || !c.number) return;
		const e = plan.cells.findIndex((o) => o?.kind === 'pit_exit' && o.number === c.number);
		if (e >= 0) exitOf.set(i, e);
	});
	const land = (c: number) => (board.kind[c] === pit ? (exitOf.get(c) ?? c) : c);
	const next: number[][] = board.cellList.map(() => []);
	const index = new Map(board.cellList.map((c, i) => [c, i]));
	for (const c of board.cellList)
		for (const d of DIRECTIONS) {
			if (sides[c * 4 + DIR_INDEX[d]] !== SIDE_OPEN) continue;
			next[index.get(c)!]!.push(board.nb[c * 4 + DIR_INDEX[d]]!);
		}
	const canStand = (c: number) => board.kind[c] !== pit || !exitOf.has(c);
	const reach = (from: number, edges: (c: number) => number[]) => {
		const seen = new Set<number>([from]);
		const stack = [from];
		while (stack.length) {
			const c = stack.pop()!;
			for (const n of edges(c)) {
				if (seen.has(n)) continue;
				seen.add(n);
				stack.push(n);
			}
		}
		return seen;
	};
	const standing = board.cellList.filter(canStand);
	const leavable = standing.filter((c) => plan.exits.some((e) => e.open && e.cell === c));
	if (anyExit && leavable.length) {
		// The outside as one more place to stand (−1): every exit cell leads to it and from it.
		for (const c of leavable) next[index.get(c)!]!.push(OUTSIDE);
		next.push(leavable);
		index.set(OUTSIDE, next.length - 1);
		standing.push(OUTSIDE);
	}
	// Forward: a step onto n visits n and ends where n puts the walker.
	const fwd = (c: number) => next[index.get(c)!]!.flatMap((n) => (land(n) === n ? [n] : [n, land(n)]));
	// Measured from a cell with an exit, so what gets flagged is the closed-off part.
	const root = leavable[0];
	if (root === undefined) return standing;
	const reachedFwd = reach(root, (c) => (canStand(c) ? fwd(c) : []));
	// Backward over standing cells only.
	const back = new Map<number, number[]>();
	for (const c of standing) for (const n of next[index.get(c)!]!) {
		const t = land(n);
		back.set(t, [...(back.get(t) ?? []), c]);
	}
	const reachedBack = reach(root, (c) => back.get(c) ?? []);
	return board.cellList.filter((c) => !reachedFwd.has(c) || (canStand(c) && !reachedBack.has(c)));
}
