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
