/**
 * Whether a plan's squares reach one another across the sides without a wall (rivers and pits
 * aside): the fixed-field generators keep a wall only while every square stays reachable, and
 * the systems whose seeds do not forbid a walled-in corner warn of one.
 */
import { compileBoard } from '../../game/board';
import { SIDE_OPEN } from '../../game/types';
import { neighbour } from '../../plan/geometry';
import { DIRECTIONS, type Direction, type Plan } from '../../plan/types';

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
