/**
 * The editor, headless: the plan, the chosen tool, the gesture in progress and the undo
 * history. Each tool is a small state machine driven by three events (down, move, up)
 * plus cancel:
 *
 *     idle --down--> pointing --moves off the first square--> painting
 *       ^               |  up: a tap                              |  up: the stroke
 *       +---------------+-----------------------------------------+
 *     cancel (a second finger lands: pinch-zoom) puts the plan back as the gesture found it.
 *
 * A gesture is one step of history however many squares it painted. The Svelte screen
 * only turns pointer events into board points and draws `plan`.
 */
import type { Plan } from '../engine/plan/types';
import {
	paintableKinds,
	addItem,
	appendToLoop,
	cycleOuterSide,
	directionBetween,
	drawRiver,
	eraseCell,
	hasWall,
	innerWall,
	paintCell,
	setWall,
	toggleSquare,
	toggleTreasure,
	type PaintableKind,
	type PlaceableItem
} from './edits';
import { cellAt, cellsAlong, isOuter, pointsAlong, sideAt, type Point, type SideRef } from './hit';

export const TOOLS = ['paint', 'walls', 'river', 'loop', 'treasure', 'item', 'shape', 'eraser', 'inspect'] as const;
export type ToolId = (typeof TOOLS)[number];
export type Phase = 'idle' | 'pointing' | 'painting';
export type Selection = { kind: 'cell'; cell: number } | { kind: 'side'; side: SideRef } | null;

export interface ToolOptions {
	kind: PaintableKind;
	treasureTrue: boolean;
	item: PlaceableItem;
}

/** How far (in squares) a finger moves before a tap becomes a stroke. */
const DRAG_THRESHOLD = 0.3;

interface Gesture {
	start: Plan;
	from: Point;
	last: Point;
	/** Squares visited, in order (paint, shape, eraser: each once; river: the path). */
	cells: number[];
	/** Sides already set by this stroke ("cell:dir"). */
	sides: Set<string>;
	/** Walls and shape strokes set every square/side the same way: decided by the first one. */
	mode: boolean | null;
}

export class EditorCore {
	plan: Plan;
	tool: ToolId = 'paint';
	options: ToolOptions = { kind: 'land', treasureTrue: true, item: 'bullet' };
	phase: Phase = 'idle';
	selection: Selection = null;
	/** The loop the loop tool adds to; null: the next pit starts a new loop. */
	activeLoop: number | null = null;
	private undoStack: Plan[] = [];
	private redoStack: Plan[] = [];
	private gesture: Gesture | null = null;

	constructor(
		plan: Plan,
		/** Called after every change of the plan that is a step of history (a gesture, undo, redo, an edit). */
		private readonly onCommit: (plan: Plan) => void = () => {}
	) {
		this.plan = plan;
	}

	get canUndo(): boolean {
		return this.undoStack.length > 0;
	}
	get canRedo(): boolean {
		return this.redoStack.length > 0;
	}

	setTool(tool: ToolId): void {
		this.cancel();
		this.tool = tool;
		if (tool !== 'loop') this.activeLoop = null;
		if (tool !== 'inspect') this.selection = null;
	}

	down(p: Point): void {
		this.cancel();
		this.gesture = { start: this.plan, from: p, last: p, cells: [], sides: new Set(), mode: null };
		this.phase = 'pointing';
		// Painting tools mark the first square at once, so the finger sees its effect.
		if (this.tool === 'paint' || this.tool === 'eraser' || this.tool === 'shape' || this.tool === 'river') this.stroke(p, p);
	}

	move(p: Point): void {
		const g = this.gesture;
		if (!g) return;
		if (this.phase === 'pointing' && Math.hypot(p.x - g.from.x, p.y - g.from.y) < DRAG_THRESHOLD) return;
		this.phase = 'painting';
		this.stroke(g.last, p);
		g.last = p;
	}

	up(): void {
		const g = this.gesture;
		if (!g) return;
		if (this.phase === 'pointing') this.tap(g.from);
		else if (this.tool === 'river') this.plan = drawRiver(g.start, g.cells);
		this.gesture = null;
		this.phase = 'idle';
		this.commit(g.start);
	}

	/** Abandons the gesture in progress: the plan is as it was before the finger came down. */
	cancel(): void {
		if (!this.gesture) return;
		this.plan = this.gesture.start;
		this.gesture = null;
		this.phase = 'idle';
	}

	undo(): void {
		this.cancel();
		const previous = this.undoStack.pop();
		if (!previous) return;
		this.redoStack.push(this.plan);
		this.plan = previous;
		this.onCommit(this.plan);
	}

	redo(): void {
		this.cancel();
		const next = this.redoStack.pop();
		if (!next) return;
		this.undoStack.push(this.plan);
		this.plan = next;
		this.onCommit(this.plan);
	}

	/** An edit from outside a gesture (the inspector, renaming, the generator): one step of history. */
	edit(change: (plan: Plan) => Plan): void {
		this.cancel();
		const before = this.plan;
		this.plan = change(before);
		this.commit(before);
	}

	private commit(before: Plan): void {
		if (this.plan === before) return;
		this.undoStack.push(before);
		this.redoStack = [];
		this.onCommit(this.plan);
	}

	/** A tap: what each tool does with one touch. */
	private tap(p: Point): void {
		const g = this.gesture!;
		const cell = cellAt(g.start, p);
		const side = sideAt(g.start, p);
		switch (this.tool) {
			case 'walls':
				if (!side) return;
				this.plan = isOuter(g.start, side) ? cycleOuterSide(g.start, side.cell, side.dir) : setWall(g.start, side.cell, side.dir, !hasWall(g.start, side.cell, side.dir));
				return;
			case 'loop': {
				if (cell === null) return;
				const first = this.activeLoop === null ? undefined : g.start.pitLoops[this.activeLoop]?.[0];
				if (first === cell) {
					// Tapping the loop's first pit again closes it: the next pit starts a new loop.
					this.activeLoop = null;
					return;
				}
				const result = appendToLoop(g.start, this.activeLoop, cell);
				this.plan = result.plan;
				this.activeLoop = result.loop;
				return;
			}
			case 'treasure':
				if (cell !== null) this.plan = toggleTreasure(g.start, cell, this.options.treasureTrue);
				return;
			case 'item':
				if (cell !== null) this.plan = addItem(g.start, cell, this.options.item);
				return;
			case 'inspect':
				// Near an edge (or outside the outline) the side is meant; elsewhere the square.
				this.selection = side && (cell === null || nearEdge(p)) ? { kind: 'side', side } : cell !== null ? { kind: 'cell', cell } : null;
				return;
			case 'shape':
				// A tap outside the present squares brings a removed one back.
				if (cell === null) this.stroke(p, p);
				return;
			default:
				return;
		}
	}

	/** The stroke from `a` to `b` (the same point on the first touch). */
	private stroke(a: Point, b: Point): void {
		const g = this.gesture!;
		switch (this.tool) {
			case 'paint':
			case 'eraser':
				for (const cell of cellsAlong(this.plan, a, b)) {
					if (g.cells.includes(cell)) continue;
					g.cells.push(cell);
					this.plan = this.tool === 'paint' ? paintCell(this.plan, cell, paintableKinds(this.plan.rules).includes(this.options.kind) ? this.options.kind : 'land') : eraseCell(this.plan, cell);
				}
				return;
			case 'shape':
				for (const cell of squaresAlong(this.plan, a, b)) {
					if (g.cells.includes(cell)) continue;
					const present = this.plan.cells[cell] != null;
					g.mode ??= !present;
					g.cells.push(cell);
					if (present !== g.mode) this.plan = toggleSquare(this.plan, cell);
				}
				return;
			case 'river': {
				for (const cell of cellsAlong(g.start, a, b)) riverStep(g, cell, g.start);
				// The river follows the finger as it is drawn.
				this.plan = drawRiver(g.start, g.cells);
				return;
			}
			case 'walls': {
				// A stroke that starts on an edge runs along edges; one that starts inside a square runs across them.
				if (sideAt(g.start, g.from)) {
					const horizontal = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y);
					for (const p of pointsAlong(a, b)) {
						const side = sideAt(g.start, p);
						const lies = side && (side.dir === 'up' || side.dir === 'down') === horizontal;
						if (side && lies && !isOuter(g.start, side)) this.wallStroke(side);
					}
				} else {
					const crossed = cellsAlong(g.start, a, b);
					for (let i = 0; i + 1 < crossed.length; i++) {
						const dir = directionBetween(g.start, crossed[i]!, crossed[i + 1]!);
						if (dir) this.wallStroke({ cell: crossed[i]!, dir });
					}
				}
				return;
			}
			default:
				return;
		}
	}

	private wallStroke(side: SideRef): void {
		const g = this.gesture!;
		const wall = innerWall(this.plan, side.cell, side.dir);
		if (!wall || g.sides.has(`${wall.cell}:${wall.dir}`)) return;
		g.sides.add(`${wall.cell}:${wall.dir}`);
		g.mode ??= !hasWall(this.plan, side.cell, side.dir);
		this.plan = setWall(this.plan, side.cell, side.dir, g.mode);
	}
}

function nearEdge(p: Point): boolean {
	const fx = p.x - Math.floor(p.x);
	const fy = p.y - Math.floor(p.y);
	return Math.min(fx, 1 - fx, fy, 1 - fy) < 0.2;
}

/** Every square of the bounding grid a stroke passes through, present or removed (the shape tool). */
function squaresAlong(plan: Plan, a: Point, b: Point): number[] {
	const cells: number[] = [];
	for (const p of [a, ...pointsAlong(a, b)]) {
		const x = Math.floor(p.x);
		const y = Math.floor(p.y);
		if (x < 0 || y < 0 || x >= plan.width || y >= plan.height) continue;
		const cell = y * plan.width + x;
		if (cells[cells.length - 1] !== cell) cells.push(cell);
	}
	return cells;
}

/** Extends a river path by one square: backing into the previous square takes the last step back. */
function riverStep(g: Gesture, cell: number, plan: Plan): void {
	const path = g.cells;
	const last = path[path.length - 1];
	if (last === cell) return;
	if (path.length >= 2 && path[path.length - 2] === cell) {
		path.pop();
		return;
	}
	if (last !== undefined && directionBetween(plan, last, cell) === null) {
		// A diagonal jump (a quick stroke over a corner): go round through a square both touch.
		const w = plan.width;
		const corner = Math.floor(last / w) * w + (cell % w);
		if (directionBetween(plan, last, corner) === null || directionBetween(plan, corner, cell) === null) return;
		path.push(corner);
	}
	if (path.includes(cell)) return;
	path.push(cell);
}
