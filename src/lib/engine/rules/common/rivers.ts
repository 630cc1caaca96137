/**
 * The river checks the systems with a flowing river share (topographic 1.3, abandoned 1): each
 * square's flow sorted by what is wrong with it, and the rivers that must reach an end.
 */
import { compileBoard, DIR_INDEX, type Board } from '../../game/board';
import { SIDE_WALL } from '../../game/types';
import { CELL_KINDS, type CellKind, type Plan } from '../../plan/types';
import type { PlanProblem } from '../types';

const K = (k: CellKind) => CELL_KINDS.indexOf(k);

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
