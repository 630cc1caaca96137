/**
 * What a finger is on. Points are in board units: one square is 1 x 1, the top-left
 * corner of square a1 is (0, 0).
 */
import { neighbour } from '../engine/plan/geometry';
import type { Direction, Plan } from '../engine/plan/types';

export interface Point {
	x: number;
	y: number;
}

export interface SideRef {
	cell: number;
	dir: Direction;
}

/** How close to an edge (in squares) a point counts as on it; generous for fingers. */
export const SIDE_TOLERANCE = 0.24;

/** The margin drawn round a plan (for the column letters and row numbers), in squares. */
export const BOARD_MARGIN = 0.7;

/** The CSS aspect ratio of a whole plan drawn with its margin, so its box has no empty band. */
export function boardAspect(width: number, height: number): string {
	return `${width + 2 * BOARD_MARGIN} / ${height + 2 * BOARD_MARGIN}`;
}

/** The middle of a square, in board units. */
export function cellCentre(width: number, cell: number): Point {
	return { x: (cell % width) + 0.5, y: Math.floor(cell / width) + 0.5 };
}

/** The present square under a point, or null. */
export function cellAt(plan: Plan, p: Point): number | null {
	const x = Math.floor(p.x);
	const y = Math.floor(p.y);
	if (x < 0 || y < 0 || x >= plan.width || y >= plan.height) return null;
	const cell = y * plan.width + x;
	return plan.cells[cell] ? cell : null;
}

/**
 * The side of a present square nearest the point, when the point lies within `tolerance`
 * of it — from inside the square or just outside the outline.
 */
export function sideAt(plan: Plan, p: Point, tolerance = SIDE_TOLERANCE): SideRef | null {
	// `beyond`: how far past the side's ends the point lies (0 along the side itself). A point by a
	// grid corner is within tolerance of the sides on both sides of it; the one it lies along wins
	// (issue 33: a swipe from a corner walled the segment behind its start too).
	const candidates: Array<{ side: SideRef; distance: number; beyond: number }> = [];
	const consider = (x: number, y: number) => {
		if (x < 0 || y < 0 || x >= plan.width || y >= plan.height) return;
		const cell = y * plan.width + x;
		if (!plan.cells[cell]) return;
		const fx = p.x - x;
		const fy = p.y - y;
		const past = (f: number) => Math.max(0, -f, f - 1);
		const edges: Array<[Direction, number, number]> = [
			['up', Math.abs(fy), past(fx)],
			['down', Math.abs(fy - 1), past(fx)],
			['left', Math.abs(fx), past(fy)],
			['right', Math.abs(fx - 1), past(fy)]
		];
		for (const [dir, distance, beyond] of edges) if (beyond <= tolerance && distance <= tolerance) candidates.push({ side: { cell, dir }, distance, beyond });
	};
	const x = Math.floor(p.x);
	const y = Math.floor(p.y);
	for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) consider(x + dx, y + dy);
	if (candidates.length === 0) return null;
	candidates.sort((a, b) => a.beyond - b.beyond || a.distance - b.distance);
	const best = candidates[0]!.side;
	// Name an inner side from the square the point is in, so a tap reads as "this square's wall".
	const here = cellAt(plan, p);
	if (here !== null && here !== best.cell && neighbour(plan, best.cell, best.dir) === here) {
		const back = candidates.find((c) => c.side.cell === here);
		if (back) return back.side;
	}
	return best;
}

/**
 * Whether the point is by a grid corner (within `reach` of a crossing of grid lines on both
 * axes), where the sides meeting there are equally near and a stroke cannot tell which it means:
 * a stroke along edges takes its sides from the points between corners (issue 33).
 */
export function nearCorner(p: Point, reach = 0.12): boolean {
	const off = (v: number) => Math.abs(v - Math.round(v));
	return off(p.x) <= reach && off(p.y) <= reach;
}

/** Whether a side lies on the outline (an outer wall or exit) rather than between two squares. */
export function isOuter(plan: Plan, side: SideRef): boolean {
	return neighbour(plan, side.cell, side.dir) === null;
}

/**
 * Every square of the (unbounded) grid a straight segment from `a` to `b` passes through, in
 * order from `a`'s square to `b`'s, each sharing a side with the one before (where the segment
 * runs exactly through a corner, the square it passes first on the x axis joins the two).
 * Exact, not sampled: a quick swipe, sent as a few far-apart pointer samples, skips no square.
 */
export function squaresOnSegment(a: Point, b: Point): { x: number; y: number }[] {
	// (+ 0: no -0 for a point at -0)
	let x = Math.floor(a.x) + 0;
	let y = Math.floor(a.y) + 0;
	const endX = Math.floor(b.x) + 0;
	const endY = Math.floor(b.y) + 0;
	const dx = b.x - a.x;
	const dy = b.y - a.y;
	const stepX = Math.sign(dx);
	const stepY = Math.sign(dy);
	// How far along the segment (0..1) the next vertical and horizontal grid line is crossed.
	const across = (from: number, d: number, cell: number, step: number) => (step === 0 ? Infinity : ((step > 0 ? cell + 1 : cell) - from) / d);
	let nextX = across(a.x, dx, x, stepX);
	let nextY = across(a.y, dy, y, stepY);
	const perX = stepX === 0 ? Infinity : Math.abs(1 / dx);
	const perY = stepY === 0 ? Infinity : Math.abs(1 / dy);
	const squares = [{ x, y }];
	const left = Math.abs(endX - x) + Math.abs(endY - y);
	for (let i = 0; i < left; i++) {
		// Step on the axis whose line comes first (x on a tie), unless that axis is done.
		if ((nextX <= nextY && x !== endX) || y === endY) {
			x += stepX;
			nextX += perX;
		} else {
			y += stepY;
			nextY += perY;
		}
		squares.push({ x, y });
	}
	return squares;
}

/** The present squares a straight stroke from `a` to `b` passes through, in order (so a quick swipe skips none). */
export function cellsAlong(plan: Plan, a: Point, b: Point): number[] {
	const cells: number[] = [];
	for (const { x, y } of squaresOnSegment(a, b)) {
		if (x < 0 || y < 0 || x >= plan.width || y >= plan.height) continue;
		const cell = y * plan.width + x;
		if (plan.cells[cell]) cells.push(cell);
	}
	return cells;
}

/** Sample points along a stroke, about a fifth of a square apart. */
export function pointsAlong(a: Point, b: Point): Point[] {
	const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.2));
	return Array.from({ length: steps }, (_, i) => ({ x: a.x + ((b.x - a.x) * (i + 1)) / steps, y: a.y + ((b.y - a.y) * (i + 1)) / steps }));
}
