/**
 * What makes a topographic plan (seed 003) valid: the 8x8 field, the seed's
 * objects with their own rules (rivers into swamps, pits as a permutation with
 * no pit leading to itself, one morgue, the treasure), the creatures' places.
 */
import { compileBoard, DIR_INDEX, type Board } from '../../game/board';
import { SIDE_OPEN, SIDE_WALL } from '../../game/types';
import { CELL_KINDS, DIRECTIONS, type CellKind, type Plan } from '../../plan/types';
import { cellsLeftOut, kindsNotInRules, wallsNotInner } from '../common/plan-checks';
import type { PlanProblem } from '../types';

const K = (k: CellKind) => CELL_KINDS.indexOf(k);
export const TOPOGRAPHIC_SIZE = 8;

/**
 * Each river square's flow, sorted by what is wrong with it: none given, off the plan (the
 * abandoned labyrinth's mouth), through a wall, into neither river nor one of `endKinds`;
 * the others' squares by the river square they flow into (`inflow`: more than one is a fork).
 */
export function riverFlows(plan: Plan, board: Board, sides: ArrayLike<number>, endKinds: readonly CellKind[]) {
	const river = K('river');
	const ends = endKinds.map(K);
	const noFlow: number[] = [];
	const offPlan: number[] = [];
	const through: number[] = [];
	const notOnward: number[] = [];
	const inflow = new Map<number, number[]>();
	for (const c of board.cellList) {
		if (board.kind[c] !== river) continue;
		const f = plan.cells[c]!.flow;
		if (!f) {
			noFlow.push(c);
			continue;
		}
		const n = board.nb[c * 4 + DIR_INDEX[f]]!;
		if (n < 0) offPlan.push(c);
		else if (sides[c * 4 + DIR_INDEX[f]] === SIDE_WALL) through.push(c);
		else if (board.kind[n] === river) inflow.set(n, [...(inflow.get(n) ?? []), c]);
		else if (!ends.includes(board.kind[n]!)) notOnward.push(c);
	}
	return { noFlow, offPlan, through, notOnward, inflow };
}

/** Shared checks of every system with a river that must reach `end` kinds; returns the problems. */
export function riverProblems(plan: Plan, endKinds: readonly CellKind[], notOnward: string, loopCode: string): PlanProblem[] {
	const out: PlanProblem[] = [];
	const { board, sides } = compileBoard(plan);
	const river = K('river');
	const { noFlow, offPlan, through, notOnward: bad } = riverFlows(plan, board, sides, endKinds);
	if (noFlow.length) out.push({ code: 'river_without_flow', cells: noFlow });
	if (offPlan.length) out.push({ code: 'river_flow_off_plan', cells: offPlan });
	if (through.length) out.push({ code: 'river_flow_through_wall', cells: through });
	if (bad.length) out.push({ code: notOnward, cells: bad });
	// Every river must end: following the flow never comes back.
	const looping: number[] = [];
	for (const c of board.cellList) {
		if (board.kind[c] !== river) continue;
		let cur = c;
		let steps = 0;
		while (cur >= 0 && board.kind[cur] === river && steps <= board.size) {
			cur = board.flow[cur]!;
			steps++;
		}
		if (steps > board.size) looping.push(c);
	}
	if (looping.length) out.push({ code: loopCode, cells: looping });
	return out;
}

export function topographicProblems(plan: Plan): PlanProblem[] {
	const out: PlanProblem[] = [];
	const { board } = compileBoard(plan);
	if (plan.width !== TOPOGRAPHIC_SIZE || plan.height !== TOPOGRAPHIC_SIZE)
		out.push({ code: 'grid_size_rules', params: { expected: `${TOPOGRAPHIC_SIZE}x${TOPOGRAPHIC_SIZE}`, found: `${plan.width}x${plan.height}` } });
	out.push(...cellsLeftOut(plan), ...kindsNotInRules(plan, 'topographic'));
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

/**
 * Cells cut off by walls from the largest walled-in area (rivers and pits aside): a
 * recommendation of the systems whose seeds do not forbid it (topographic, abandoned).
 */
export function cutOffByWalls(plan: Plan): number[] {
	const { board, sides } = compileBoard(plan);
	const comp = new Map<number, number>();
	const sizes: number[] = [];
	for (const start of board.cellList) {
		if (comp.has(start)) continue;
		const id = sizes.length;
		let size = 0;
		const stack = [start];
		comp.set(start, id);
		while (stack.length) {
			const c = stack.pop()!;
			size++;
			for (let d = 0; d < 4; d++) {
				if (sides[c * 4 + d] !== SIDE_OPEN) continue;
				const n = board.nb[c * 4 + d]!;
				if (comp.has(n)) continue;
				comp.set(n, id);
				stack.push(n);
			}
		}
		sizes.push(size);
	}
	const main = sizes.indexOf(Math.max(...sizes));
	return board.cellList.filter((c) => comp.get(c) !== main);
}
