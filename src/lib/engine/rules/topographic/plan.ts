/**
 * What makes a topographic plan (seed 003) valid: the 8x8 field, the seed's
 * objects with their own rules (rivers into swamps, pits as a permutation with
 * no pit leading to itself, one morgue, the treasure), the creatures' places.
 */
import { compileBoard, DIR_INDEX } from '../../game/board';
import { DIRECTIONS, type CellKind, type Plan } from '../../plan/types';
import { cellsLeftOut, kindsNotInRules, wallsNotInner } from '../common/plan-checks';
import { kindsOf } from '../common/kinds';
import { TOPOGRAPHIC } from './kinds';
import { cutOffByWalls } from '../common/connectivity';
import { riverProblems } from '../common/rivers';
import type { PlanProblem } from '../types';

export const TOPOGRAPHIC_SIZE = 8;

export function topographicProblems(plan: Plan): PlanProblem[] {
	const out: PlanProblem[] = [];
	const { board } = compileBoard(plan);
	if (plan.width !== TOPOGRAPHIC_SIZE || plan.height !== TOPOGRAPHIC_SIZE)
		out.push({ code: 'grid_size_rules', params: { expected: `${TOPOGRAPHIC_SIZE}x${TOPOGRAPHIC_SIZE}`, found: `${plan.width}x${plan.height}` } });
	out.push(...cellsLeftOut(plan), ...kindsNotInRules(plan, kindsOf(TOPOGRAPHIC)));
	// 1.2 spinners turn the compass by 1, 2 or 3 quarters.
	const noTurn = plan.cells.flatMap((c, i) => (c?.kind === 'spinner' && ![1, 2, 3].includes(c.turn ?? 0) ? [i] : []));
	if (noTurn.length) out.push({ code: 'spinner_without_turn', cells: noTurn });
	// Walls only between two cells.
	out.push(...wallsNotInner(plan, board));
	// 1.3 rivers flow into rivers or swamps and end in a swamp.
	out.push(...riverProblems(plan, ['swamp'], 'river_not_into_swamp', 'river_no_swamp'));
	// 1.5 pits: a permutation where no pit leads to itself.
	out.push(...pitProblems(plan));
	// 1.10 one morgue; 1.7 an arsenal.
	const count = (k: CellKind) => plan.cells.filter((c) => c?.kind === k).length;
	if (count('morgue') !== 1) out.push({ code: 'morgue_count', params: { expected: 1, found: count('morgue') } });
	if (count('arsenal') < 1) out.push({ code: 'missing_arsenal' });
	// 1.8 one treasure, lying on land.
	const treasures = plan.items.filter((it) => it.kind === 'treasure');
	if (treasures.length !== 1) out.push({ code: 'treasure_count', params: { expected: 1, found: treasures.length } });
	const offLand = treasures.filter((t) => plan.cells[t.cell]?.kind !== 'land').map((t) => t.cell);
	if (offLand.length) out.push({ code: 'treasure_not_on_land', cells: offLand });
	const others = plan.items.filter((it) => it.kind !== 'treasure').map((it) => it.cell);
	if (others.length) out.push({ code: 'item_not_in_rules', cells: others });
	// 1.9 exits: gaps in the outer wall.
	const exitProblems = plan.exits.filter((e) => !(e.cell >= 0 && e.cell < board.size) || board.nb[e.cell * 4 + DIR_INDEX[e.dir]] !== -1);
	if (exitProblems.length) out.push({ code: 'exit_not_outer', cells: exitProblems.map((e) => e.cell) });
	if (plan.exits.filter((e) => e.open).length < 1) out.push({ code: 'no_exit' });
	// 2 the creatures' places.
	if (plan.bear !== undefined && !(plan.bear >= 0 && plan.bear < board.size && plan.cells[plan.bear]))
		out.push({ code: 'bear_off_plan', cells: [plan.bear] });
	if (plan.ghost) {
		const g = plan.ghost;
		const broken: number[] = [];
		for (let i = 0; i < g.length; i++) {
			const c = g[i]!;
			if (!(c >= 0 && c < board.size && plan.cells[c])) broken.push(c);
			else if (i > 0 && !DIRECTIONS.some((d) => board.nb[g[i - 1]! * 4 + DIR_INDEX[d]] === c)) broken.push(c);
		}
		if (broken.length) out.push({ code: 'ghost_path_broken', cells: broken });
	}
	const cut = cutOffByWalls(plan);
	if (cut.length) out.push({ code: 'cells_unreachable', cells: cut, params: { count: cut.length }, warning: true });
	return out;
}

/** Every pit in exactly one loop of two or more pits (classic codes, same texts). */
export function pitProblems(plan: Plan): PlanProblem[] {
	const out: PlanProblem[] = [];
	const seen = new Map<number, number>();
	plan.pitLoops.forEach((loop, i) => {
		if (loop.length < 2) out.push({ code: 'loop_too_short', cells: loop, params: { loop: i + 1 } });
		const notPit = loop.filter((c) => plan.cells[c]?.kind !== 'pit');
		if (notPit.length) out.push({ code: 'loop_cell_not_pit', cells: notPit, params: { loop: i + 1 } });
		for (const c of loop) {
			if (seen.has(c)) out.push({ code: 'pit_in_several_loops', cells: [c] });
			seen.set(c, i);
		}
	});
	const lonely = plan.cells.flatMap((c, i) => (c?.kind === 'pit' && !seen.has(i) ? [i] : []));
	if (lonely.length) out.push({ code: 'pit_not_in_loop', cells: lonely });
	return out;
}
