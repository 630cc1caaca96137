/**
 * What makes a classic plan (seed 000) valid: section 8's mandatory rules (with 1.4, 4.4 and 4.5)
 * as errors, its recommendations as warnings, after the shared check that every square is of a
 * classic kind. Every problem names the cells and sides it concerns so the editor can draw it.
 * Never throws: a plan that passed the shape checks (plan/validate.ts) but is odd still gets a report.
 */
import { compileBoard, DIR_INDEX, K_DELTA, K_HOSPITAL, K_LAND, K_PIT, K_RIVER, K_WEAPONRY, KIND_NONE } from '../../game/board';
import type { Board } from '../../game/board';
import { DIRECTIONS, type Plan, type Side } from '../../plan/types';
import type { ValidateOptions } from '../../plan/validate';
import { kindsOf } from '../common/kinds';
import { kindsNotInRules } from '../common/plan-checks';
import type { PlanProblem } from '../types';
import { CLASSIC } from './kinds';

type Problem = PlanProblem;

/** Every problem of a classic plan, errors and warnings (`warning`), each list in the order the checks find them. */
export function classicProblems(plan: Plan, options: ValidateOptions = {}): PlanProblem[] {
	const errors: Problem[] = kindsNotInRules(plan, kindsOf(CLASSIC));
	const warnings: Problem[] = [];
	const { board, sides } = compileBoard(plan);
	checkKinds(board, errors, warnings);
	checkWalls(plan, board, errors);
	checkRivers(plan, board, sides, errors);
	checkPits(plan, board, errors);
	const treasures = checkItems(plan, board, errors, warnings, options);
	const graph = movementGraph(board, sides);
	checkExits(plan, board, errors, warnings, graph);
	checkConnected(board, graph, errors);
	checkAttractors(board, graph, warnings);
	checkNeighbours(board, warnings);
	checkTreasuresNearExits(plan, board, treasures, warnings);
	return [...errors, ...warnings.map((w) => ({ ...w, warning: true }))];
}

function cellsOfKind(board: Board, k: number): number[] {
	return board.cellList.filter((c) => board.kind[c] === k);
}

function checkKinds(board: Board, errors: Problem[], warnings: Problem[]) {
	// 8, mandatory 2: at least one weaponry, hospital and land.
	if (cellsOfKind(board, K_LAND).length === 0) errors.push({ code: 'missing_land' });
	const weaponries = cellsOfKind(board, K_WEAPONRY);
	const hospitals = cellsOfKind(board, K_HOSPITAL);
	if (weaponries.length === 0) errors.push({ code: 'missing_weaponry' });
	else if (weaponries.length < 2) warnings.push({ code: 'few_weaponries', cells: weaponries, params: { count: weaponries.length } });
	if (hospitals.length === 0) errors.push({ code: 'missing_hospital' });
	else if (hospitals.length < 2) warnings.push({ code: 'few_hospitals', cells: hospitals, params: { count: hospitals.length } });
}

function checkWalls(plan: Plan, board: Board, errors: Problem[]) {
	// 1.4: an inner wall separates two cells of the labyrinth.
	for (const w of plan.walls) {
		const d = DIR_INDEX[w.dir];
		const inside = Number.isInteger(w.cell) && w.cell >= 0 && w.cell < board.size && d !== undefined;
		if (!inside || board.kind[w.cell] === KIND_NONE || board.nb[w.cell * 4 + d] === -1) {
			errors.push({ code: 'wall_not_inner', sides: [{ cell: w.cell, dir: w.dir }] });
		}
	}
}

function checkRivers(plan: Plan, board: Board, sides: Uint8Array, errors: Problem[]) {
	// 4.5: a flow joins two neighbouring cells of one system across no wall; it ends in a delta.
	const rivers = cellsOfKind(board, K_RIVER);
	for (const c of rivers) {
		const flow = plan.cells[c]?.flow;
		if (!flow) {
			errors.push({ code: 'river_without_flow', cells: [c] });
			continue;
		}
		const d = DIR_INDEX[flow];
		const next = board.nb[c * 4 + d]!;
		if (next < 0) errors.push({ code: 'river_flow_off_plan', cells: [c], sides: [{ cell: c, dir: flow }] });
		else if (board.kind[next] !== K_RIVER && board.kind[next] !== K_DELTA)
			errors.push({ code: 'river_flow_into_land', cells: [c, next] });
		else if (sides[c * 4 + d] !== 0) errors.push({ code: 'river_flow_through_wall', cells: [c, next], sides: [{ cell: c, dir: flow }] });
	}
	// Following the flow must reach a delta: find cycles among river cells.
	const state = new Uint8Array(board.size); // 0 unseen, 1 on the current path, 2 done
	for (const start of rivers) {
		if (state[start]) continue;
		const path: number[] = [];
		let c = start;
		while (c >= 0 && board.kind[c] === K_RIVER && state[c] === 0) {
			state[c] = 1;
			path.push(c);
			c = board.flow[c]!;
		}
		if (c >= 0 && state[c] === 1) errors.push({ code: 'river_loop', cells: path.slice(path.indexOf(c)) });
		for (const p of path) state[p] = 2;
	}
	// 4.5.1: a river system holds at least one river cell besides its delta.
	const fed = new Uint8Array(board.size);
	for (const c of rivers) if (board.flow[c]! >= 0) fed[board.flow[c]!] = 1;
	for (const c of cellsOfKind(board, K_DELTA)) if (!fed[c]) errors.push({ code: 'delta_without_river', cells: [c] });
}

function checkPits(plan: Plan, board: Board, errors: Problem[]) {
	// 4.4: loops of N > 1 pits; every pit belongs to exactly one loop.
	const loopOf = new Int32Array(board.size).fill(-1);
	plan.pitLoops.forEach((loop, i) => {
		if (loop.length < 2) errors.push({ code: 'loop_too_short', cells: loop.filter((c) => c >= 0 && c < board.size), params: { loop: i + 1 } });
		const notPits = loop.filter((c) => !(c >= 0 && c < board.size) || board.kind[c] !== K_PIT);
		if (notPits.length) errors.push({ code: 'loop_cell_not_pit', cells: notPits.filter((c) => c >= 0 && c < board.size), params: { loop: i + 1 } });
		for (const c of loop) {
			if (!(c >= 0 && c < board.size)) continue;
			if (loopOf[c] !== -1) errors.push({ code: 'pit_in_several_loops', cells: [c], params: { loop: i + 1 } });
			loopOf[c] = i;
		}
	});
	const loose = cellsOfKind(board, K_PIT).filter((c) => loopOf[c] === -1);
	if (loose.length) errors.push({ code: 'pit_not_in_loop', cells: loose });
}

interface TreasureSpot {
	cell: number;
	true: boolean;
}

function checkItems(plan: Plan, board: Board, errors: Problem[], warnings: Problem[], options: ValidateOptions): TreasureSpot[] {
	const treasures: TreasureSpot[] = [];
	for (const item of plan.items) {
		if (!(Number.isInteger(item.cell) && item.cell >= 0 && item.cell < board.size) || board.kind[item.cell] === KIND_NONE) {
			errors.push({ code: 'item_off_plan', params: { item: item.kind } });
			continue;
		}
		if (item.kind === 'treasure') treasures.push({ cell: item.cell, true: item.true });
		else if (!(Number.isInteger(item.count) && item.count >= 1)) errors.push({ code: 'item_count', cells: [item.cell], params: { item: item.kind } });
	}
	// 8, mandatory 3: one and only one true treasure, on land.
	const real = treasures.filter((t) => t.true);
	if (real.length !== 1) errors.push({ code: 'true_treasure_count', cells: real.map((t) => t.cell), params: { count: real.length } });
	for (const t of real) if (board.kind[t.cell] !== K_LAND) errors.push({ code: 'true_treasure_not_on_land', cells: [t.cell] });
	// 8, recommendation 3: between one fake and one per player.
	const fakes = treasures.filter((t) => !t.true);
	if (fakes.length === 0) warnings.push({ code: 'no_fake_treasure' });
	else if (options.players !== undefined && fakes.length > options.players)
		warnings.push({ code: 'too_many_fake_treasures', cells: fakes.map((t) => t.cell), params: { count: fakes.length, players: options.players } });
	return treasures;
}

/**
 * Where a player standing on each cell can end up after one movement without
 * grenades (2.2, 4.4, 4.6): through open sides, into pits (to the next pit),
 * into rivers (one cell on), against walls (a river carries on), by the flow
 * and by the loop. Exits lead outside and are not part of the graph.
 */
interface MovementGraph {
	/** Up to six distinct destinations per cell, at `cell * STRIDE`; `outCount` says how many. */
	out: Int32Array;
	outCount: Uint8Array;
	/** How many movements (the four directions, by the flow, by the loop) take a player on each cell elsewhere. */
	leaving: Uint8Array;
	/** Cells a player can stand on after some movement (everything but river sources, in a sound plan). */
	restable: Uint8Array;
}

const STRIDE = 6;

function landOn(board: Board, cell: number): number {
	if (board.kind[cell] === K_PIT && board.pitNext[cell]! >= 0) return board.pitNext[cell]!;
	if (board.kind[cell] === K_RIVER && board.flow[cell]! >= 0) return board.flow[cell]!;
	return cell;
}

function movementGraph(board: Board, sides: Uint8Array): MovementGraph {
	const out = new Int32Array(board.size * STRIDE);
	const outCount = new Uint8Array(board.size);
	const restable = new Uint8Array(board.size);
	const leaving = new Uint8Array(board.size);
	const add = (c: number, to: number) => {
		if (to === c) return;
		leaving[c]!++;
		const base = c * STRIDE;
		for (let k = 0; k < outCount[c]!; k++) if (out[base + k] === to) return;
		out[base + outCount[c]!] = to;
		outCount[c]!++;
		restable[to] = 1;
	};
	for (const c of board.cellList) {
		const downstream = board.kind[c] === K_RIVER ? board.flow[c]! : -1;
		for (let d = 0; d < 4; d++) {
			const n = board.nb[c * 4 + d]!;
			if (n >= 0 && sides[c * 4 + d] === 0) add(c, landOn(board, n));
			else if (downstream >= 0) add(c, downstream);
		}
		// Moving by the flow or by the loop is a way out too (4.4, 4.6).
		if (downstream >= 0) add(c, downstream);
		if (board.kind[c] === K_PIT && board.pitNext[c]! >= 0) add(c, board.pitNext[c]!);
	}
	return { out, outCount, leaving, restable };
}

function checkExits(plan: Plan, board: Board, errors: Problem[], warnings: Problem[], graph: MovementGraph) {
	const seen = new Set<number>();
	let valid = 0;
	let open = 0;
	for (const e of plan.exits) {
		const d = DIR_INDEX[e.dir];
		const inside = Number.isInteger(e.cell) && e.cell >= 0 && e.cell < board.size && d !== undefined;
		if (!inside || board.kind[e.cell] === KIND_NONE || board.nb[e.cell * 4 + d] !== -1) {
			errors.push({ code: 'exit_not_outer', sides: [{ cell: e.cell, dir: e.dir }] });
			continue;
		}
		const key = e.cell * 4 + d;
		if (seen.has(key)) {
			errors.push({ code: 'exit_duplicate', sides: [{ cell: e.cell, dir: e.dir }] });
			continue;
		}
		seen.add(key);
		// 8, mandatory 4: no exit from a cell nobody can stand on (a river source).
		if (!graph.restable[e.cell] && board.kind[e.cell] === K_RIVER) {
			errors.push({ code: 'exit_from_inaccessible', cells: [e.cell], sides: [{ cell: e.cell, dir: e.dir }] });
			continue;
		}
		valid++;
		if (e.open) open++;
	}
	// 1.4 and 8, mandatory 4: at least two exits.
	if (valid < 2) errors.push({ code: 'too_few_exits', params: { count: valid } });
	// 8.4: "it is often agreed that at least one exit be initially open".
	else if (open === 0) warnings.push({ code: 'no_open_exit' });
}

/** Tarjan's strongly connected components, iteratively (30x30 plans recurse too deep for comfort). */
function components(board: Board, graph: MovementGraph): Int32Array {
	const index = new Int32Array(board.size).fill(-1);
	const low = new Int32Array(board.size);
	const comp = new Int32Array(board.size).fill(-1);
	const onStack = new Uint8Array(board.size);
	const stack: number[] = [];
	let counter = 0;
	let compCount = 0;
	for (const root of board.cellList) {
		if (index[root] !== -1) continue;
		const work: [number, number][] = [[root, 0]];
		index[root] = low[root] = counter++;
		stack.push(root);
		onStack[root] = 1;
		while (work.length) {
			const frame = work[work.length - 1]!;
			const [v, i] = frame;
			if (i < graph.outCount[v]!) {
				frame[1]++;
				const w = graph.out[v * STRIDE + i]!;
				if (index[w] === -1) {
					index[w] = low[w] = counter++;
					stack.push(w);
					onStack[w] = 1;
					work.push([w, 0]);
				} else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
				continue;
			}
			work.pop();
			if (work.length) {
				const parent = work[work.length - 1]![0];
				low[parent] = Math.min(low[parent]!, low[v]!);
			}
			if (low[v] === index[v]) {
				let w: number;
				do {
					w = stack.pop()!;
					onStack[w] = 0;
					comp[w] = compCount;
				} while (w !== v);
				compCount++;
			}
		}
	}
	return comp;
}

/** Groups of cells (river sources aside) that cannot all reach each other, largest first. */
function reachGroups(board: Board, graph: MovementGraph): number[][] {
	const comp = components(board, graph);
	const members = new Map<number, number[]>();
	for (const c of board.cellList) {
		if (board.kind[c] === K_RIVER && board.source[c]) continue;
		const list = members.get(comp[c]!) ?? [];
		list.push(c);
		members.set(comp[c]!, list);
	}
	return [...members.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}

function checkConnected(board: Board, graph: MovementGraph, errors: Problem[]) {
	// 8, mandatory 5: every cell but river sources reachable from every other without grenades.
	for (const group of reachGroups(board, graph).slice(1)) errors.push({ code: 'not_connected', cells: group, params: { count: group.length } });
}

/** 8, mandatory 5 alone: the cells cut off from the largest group (empty when all connect). */
export function cutOffCells(plan: Plan): number[] {
	const { board, sides } = compileBoard(plan);
	return reachGroups(board, movementGraph(board, sides)).slice(1).flat();
}

function checkAttractors(board: Board, graph: MovementGraph, warnings: Problem[]) {
	// 8, recommendation 4: easy to get into (from two or more cells), hard to get out of (at most one
	// movement leads away) — the seed's delta among incoming rivers and a wall.
	const incoming = new Uint16Array(board.size);
	for (const c of board.cellList) for (let k = 0; k < graph.outCount[c]!; k++) incoming[graph.out[c * STRIDE + k]!]!++;
	for (const c of board.cellList) {
		if (graph.leaving[c]! <= 1 && incoming[c]! >= 2) warnings.push({ code: 'strong_attractor', cells: [c], params: { ways_out: graph.leaving[c]! } });
	}
}

function checkNeighbours(board: Board, warnings: Problem[]) {
	// 8, recommendations 2 and 4: hospital next to weaponry; deltas on adjacent cells. "Neighbouring" is 1.4's: a common side, wall or not.
	for (const c of board.cellList) {
		for (const d of [1, 2]) {
			const n = board.nb[c * 4 + d]!;
			if (n < 0) continue;
			const pair = [board.kind[c], board.kind[n]];
			if ((pair[0] === K_HOSPITAL && pair[1] === K_WEAPONRY) || (pair[0] === K_WEAPONRY && pair[1] === K_HOSPITAL))
				warnings.push({ code: 'hospital_next_to_weaponry', cells: [c, n] });
			if (pair[0] === K_DELTA && pair[1] === K_DELTA) warnings.push({ code: 'adjacent_deltas', cells: [c, n] });
		}
	}
}

function checkTreasuresNearExits(plan: Plan, board: Board, treasures: TreasureSpot[], warnings: Problem[]) {
	// 8, recommendation 6: "near an exit" read as on an exit's cell or a neighbour of it.
	// The exits' sides by cell, each side once: a file repeating one exit thousands of times must
	// not make every treasure's warning thousands of sides long (issue 18).
	const exitSides = new Map<number, Side[]>();
	for (const e of plan.exits) {
		if (!(e.cell >= 0 && e.cell < board.size)) continue;
		const sides = exitSides.get(e.cell) ?? [];
		if (!sides.some((s) => s.dir === e.dir)) sides.push({ cell: e.cell, dir: e.dir });
		exitSides.set(e.cell, sides);
	}
	for (const t of treasures) {
		const around = [t.cell, ...DIRECTIONS.map((_, d) => board.nb[t.cell * 4 + d]!).filter((n) => n >= 0)];
		const sides = around.flatMap((c) => exitSides.get(c) ?? []);
		if (sides.length) warnings.push({ code: 'treasure_near_exit', cells: [t.cell], sides, params: { treasure: t.true ? 'true' : 'fake' } });
	}
}
