import type { Direction, Plan } from './types';

const DX: Record<Direction, number> = { up: 0, right: 1, down: 0, left: -1 };
const DY: Record<Direction, number> = { up: -1, right: 0, down: 1, left: 0 };

export const OPPOSITE: Record<Direction, Direction> = {
	up: 'down',
	right: 'left',
	down: 'up',
	left: 'right'
};

export function cellIndex(plan: Pick<Plan, 'width'>, x: number, y: number): number {
	return y * plan.width + x;
}

export function cellXY(plan: Pick<Plan, 'width'>, index: number): { x: number; y: number } {
	return { x: index % plan.width, y: Math.floor(index / plan.width) };
}

/** The neighbour across `dir`, or `null` when that side is on the outline (off the grid or a left-out square). */
export function neighbour(
	plan: Pick<Plan, 'width' | 'height' | 'cells'>,
	index: number,
	dir: Direction
): number | null {
	const x = (index % plan.width) + DX[dir];
	const y = Math.floor(index / plan.width) + DY[dir];
	if (x < 0 || y < 0 || x >= plan.width || y >= plan.height) return null;
	const next = y * plan.width + x;
	return plan.cells[next] ? next : null;
}

/** Paper players' column names: a, b, … z, aa, ab, … */
export function columnName(x: number): string {
	let col = '';
	let n = x;
	do {
		col = String.fromCharCode(97 + (n % 26)) + col;
		n = Math.floor(n / 26) - 1;
	} while (n >= 0);
	return col;
}

/** Paper players' cell names: columns a, b, c…, rows 1, 2, 3… from the top ("b3"). */
export function cellName(cell: number, width: number): string {
	return `${columnName(cell % width)}${Math.floor(cell / width) + 1}`;
}

/** The cell a paper name ("b3", "aa12") stands for, or null when the name is not one. */
export function parseCellName(name: string, width: number, height: number): number | null {
	const match = /^([a-z]+)([1-9][0-9]*)$/.exec(name.trim().toLowerCase());
	if (!match) return null;
	let x = 0;
	for (const ch of match[1]!) x = x * 26 + (ch.charCodeAt(0) - 96);
	x -= 1;
	const y = Number(match[2]) - 1;
	if (x >= width || y >= height) return null;
	return y * width + x;
}

/** Whether the ghost goes round its path (its last cell touches its first, three cells or more) rather than to the end and back. */
export function isClosedRound(plan: Pick<Plan, 'width'>, path: readonly number[]): boolean {
	if (path.length < 3) return false;
	const a = path[path.length - 1]!;
	const b = path[0]!;
	const w = plan.width;
	return Math.abs((a % w) - (b % w)) + Math.abs(Math.floor(a / w) - Math.floor(b / w)) === 1;
}
