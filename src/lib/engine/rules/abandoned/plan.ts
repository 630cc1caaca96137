/**
 * What makes an abandoned-labyrinth plan (seed 002) valid: a full rectangle of
 * its tiles; rivers that begin and end on the labyrinth's wall, never fork and
 * flow one way; portal sets of one, two or three; treasure piles on safe tiles;
 * at least one exit and one safe tile to start on.
 */
import { compileBoard, DIR_INDEX } from '../../game/board';
import { CELL_KINDS, DIRECTIONS, type Plan } from '../../plan/types';
import type { PlanProblem } from '../types';
import { cellsLeftOut, kindsNotInRules, wallsNotInner } from '../common/plan-checks';
import { kindsOf } from '../common/kinds';
import { ABANDONED } from './kinds';
import { cutOffByWalls } from '../common/connectivity';
import { riverFlows } from '../common/rivers';


/** The seed's default board (8x8): tiles and borders. */
export const ABANDONED_DEFAULTS = {
	width: 8,
	height: 8,
	safe: 34,
	shop: 1,
	hospital: 1,
	marsh: 8,
	river: 12,
	fakePortals: 1,
	twoWayPortals: 1,
	threeWayPortals: 1,
	treasure: 2,
	outerWalls: 30,
	exits: 2,
	innerWalls: 20
} as const;

export function abandonedProblems(plan: Plan): PlanProblem[] {
	const out: PlanProblem[] = [];
	const { board, sides } = compileBoard(plan);
	out.push(...cellsLeftOut(plan), ...kindsNotInRules(plan, kindsOf(ABANDONED)), ...wallsNotInner(plan, board));

	// 1 rivers: one way, no fork, from the labyrinth's wall to the labyrinth's wall.
	const river = CELL_KINDS.indexOf('river');
	// Off the plan is the mouth: it flows against the labyrinth's wall.
	const { noFlow, through, notOnward, inflow } = riverFlows(plan, board, sides, []);
	if (noFlow.length) out.push({ code: 'river_without_flow', cells: noFlow });
	if (through.length) out.push({ code: 'river_flow_through_wall', cells: through });
	if (notOnward.length) out.push({ code: 'river_not_onward', cells: notOnward });
	const forks = [...inflow.entries()].filter(([, from]) => from.length > 1).map(([c]) => c);
	if (forks.length) out.push({ code: 'river_fork', cells: forks });
	const onOutline = (c: number) => DIRECTIONS.some((d) => board.nb[c * 4 + DIR_INDEX[d]] === -1);
	const notWallToWall: number[] = [];
	for (const c of board.cellList) {
		if (board.kind[c] !== river || inflow.has(c) || !plan.cells[c]!.flow) continue;
		// A source: it must touch the labyrinth's wall, and its river must end flowing against it.
		let cur = c;
		const seen = new Set<number>();
		while (!seen.has(cur) && board.flow[cur]! >= 0 && board.kind[board.flow[cur]!] === river) {
			seen.add(cur);
			cur = board.flow[cur]!;
		}
		const mouthFlow = plan.cells[cur]!.flow;
		const endsOnWall = mouthFlow !== undefined && board.nb[cur * 4 + DIR_INDEX[mouthFlow]] === -1;
		if (!onOutline(c) || !endsOnWall) notWallToWall.push(c);
	}
	// Rivers with no source at all flow in a circle.
	const reached = new Set<number>();
	for (const c of board.cellList) {
		if (board.kind[c] !== river || inflow.has(c)) continue;
		let cur = c;
		while (cur >= 0 && board.kind[cur] === river && !reached.has(cur)) {
			reached.add(cur);
			cur = board.flow[cur]!;
		}
	}
	const circling = board.cellList.filter((c) => board.kind[c] === river && !reached.has(c));
	if (circling.length) notWallToWall.push(...circling);
	if (notWallToWall.length) out.push({ code: 'river_not_wall_to_wall', cells: notWallToWall });

	// 1 portals: sets of one (fake), two (A-B) or three (A-B-C).
	const inSet = new Set<number>();
	for (const set of plan.portals ?? []) {
		if (set.length < 1 || set.length > 3 || set.some((c) => plan.cells[c]?.kind !== 'portal' || inSet.has(c)))
			out.push({ code: 'portal_set_size', cells: set.filter((c) => c >= 0) });
		for (const c of set) inSet.add(c);
	}
	const loose = plan.cells.flatMap((c, i) => (c?.kind === 'portal' && !inSet.has(i) ? [i] : []));
	if (loose.length) out.push({ code: 'portal_not_in_set', cells: loose });

	// 1 treasure piles lie on safe tiles; nothing else is placed.
	const treasures = plan.items.filter((it) => it.kind === 'treasure');
	if (treasures.length < 1) out.push({ code: 'treasure_count', params: { expected: '1+', found: 0 } });
	const offLand = treasures.filter((t) => plan.cells[t.cell]?.kind !== 'land').map((t) => t.cell);
	if (offLand.length) out.push({ code: 'true_treasure_not_on_land', cells: offLand });
	const others = plan.items.filter((it) => it.kind !== 'treasure').map((it) => it.cell);
	if (others.length) out.push({ code: 'item_not_in_rules', cells: others });
	const exitProblems = plan.exits.filter((e) => !(e.cell >= 0 && e.cell < board.size) || board.nb[e.cell * 4 + DIR_INDEX[e.dir]] !== -1);
	if (exitProblems.length) out.push({ code: 'exit_not_outer', cells: exitProblems.map((e) => e.cell) });
	if (plan.exits.filter((e) => e.open).length < 1) out.push({ code: 'no_exit' });
	const safe = board.cellList.filter((c) => plan.cells[c]?.kind === 'land' && !treasures.some((t) => t.cell === c));
	if (safe.length === 0) out.push({ code: 'missing_safe' });
	const cut = cutOffByWalls(plan);
	if (cut.length) out.push({ code: 'cells_unreachable', cells: cut, params: { count: cut.length }, warning: true });
	return out;
}
