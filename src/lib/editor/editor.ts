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
import type { Plan, RuleSystemId } from '../engine/plan/types';
import { systemFace } from '../systems/index';
import {
	paintableKinds,
	addItem,
	appendToLoop,
	appendToPortalSet,
	cycleOuterSide,
	cycleSpinner,
	directionBetween,
	drawGhost,
	drawRiver,
	eraseCell,
	hasWall,
	innerWall,
	paintCell,
	placeBear,
	removeGhost,
	setWall,
	toggleBear,
	toggleSquare,
	toggleTreasure,
	MAX_PORTAL_SET,
	type PaintableKind,
	type PaintDetail,
	type PlaceableItem,
	type SpinnerTurn
} from './edits';
import { cellAt, cellsAlong, isOuter, nearCorner, pointsAlong, sideAt, squaresOnSegment, type Point, type SideRef } from './hit';

import type { ToolId } from '../systems/types';

export { TOOLS, type ToolId } from '../systems/types';

/**
 * The tools each rule system's plans are drawn with: only what its plans hold (no items or
 * shape outside the classic game, pit loops where pits are a permutation, portal sets in
 * the abandoned labyrinth, the bear and the ghost in the topographic one, no rivers in a duel).
 */
export function toolsFor(rules: RuleSystemId): readonly ToolId[] {
	return systemFace(rules).tools;
}

/** The creature tool places the topographic bear (its start) or draws the ghost's path. */
export const CREATURES = ['bear', 'ghost'] as const;
export type Creature = (typeof CREATURES)[number];
export type Phase = 'idle' | 'pointing' | 'painting';
export type Selection = { kind: 'cell'; cell: number } | { kind: 'side'; side: SideRef } | null;

export interface ToolOptions {
	kind: PaintableKind;
	treasureTrue: boolean;
	item: PlaceableItem;
	/** A painted spinner's compass turn. */
	turn: SpinnerTurn;
	/** A painted duel pit's or pit exit's number; null: the lowest one not yet taken. */
	number: number | null;
	creature: Creature;
}

export const DEFAULT_OPTIONS: ToolOptions = { kind: 'land', treasureTrue: true, item: 'bullet', turn: 1, number: null, creature: 'bear' };

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
	/** The paint tool came down on a spinner while painting spinners: a tap turns its needle. */
	spinnerTap?: boolean;
}

export class EditorCore {
	plan: Plan;
	tool: ToolId = 'paint';
	options: ToolOptions = { ...DEFAULT_OPTIONS };
	phase: Phase = 'idle';
	selection: Selection = null;
	/** The loop the loop tool adds to; null: the next pit starts a new loop. */
	activeLoop: number | null = null;
	/** The portal set the portal tool adds to; null: the next portal starts a new set. */
	activePortalSet: number | null = null;
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

	/** The tools this plan's rule system is drawn with. */
	get tools(): readonly ToolId[] {
		return toolsFor(this.plan.rules);
	}

	setTool(tool: ToolId): void {
		this.cancel();
		this.tool = tool;
		if (tool !== 'loop') this.activeLoop = null;
		if (tool !== 'portal') this.activePortalSet = null;
		if (tool !== 'inspect') this.selection = null;
	}

	down(p: Point): void {
		this.cancel();
		const g: Gesture = { start: this.plan, from: p, last: p, cells: [], sides: new Set(), mode: null };
		this.gesture = g;
		this.phase = 'pointing';
		if (this.ghostTool) {
			// A drag that starts on the end of the ghost's path goes on with it; elsewhere it draws a new one.
			const cell = cellAt(this.plan, p);
			const path = this.plan.ghost ?? [];
			if (cell !== null && path.length > 0 && path[path.length - 1] === cell) g.cells.push(...path);
		}
		// A spinner under a finger that paints spinners waits: a tap turns its needle, a drag paints it.
		g.spinnerTap = this.tool === 'paint' && this.options.kind === 'spinner' && this.plan.cells[cellAt(this.plan, p) ?? -1]?.kind === 'spinner';
		// Painting tools mark the first square at once, so the finger sees its effect.
		if ((this.tool === 'paint' && !g.spinnerTap) || this.tool === 'eraser' || this.tool === 'shape' || this.tool === 'river') this.stroke(p, p);
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
		this.keepToolAvailable();
		this.onCommit(this.plan);
	}

	redo(): void {
		this.cancel();
		const next = this.redoStack.pop();
		if (!next) return;
		this.undoStack.push(this.plan);
		this.plan = next;
		this.keepToolAvailable();
		this.onCommit(this.plan);
	}

	/** An edit from outside a gesture (the inspector, renaming, the generator): one step of history. */
	edit(change: (plan: Plan) => Plan): void {
		this.cancel();
		const before = this.plan;
		this.plan = change(before);
		this.commit(before);
		this.keepToolAvailable();
	}

	/** A tool the plan's rule system does not use (the plan started over as another system) gives way to paint. */
	private keepToolAvailable(): void {
		if (!this.tools.includes(this.tool)) this.setTool('paint');
	}

	private get ghostTool(): boolean {
		return this.tool === 'creature' && this.options.creature === 'ghost';
	}

	/** What a painted cell carries besides its kind, from the palette's options. */
	private get detail(): PaintDetail {
		return { turn: this.options.turn, ...(this.options.number !== null ? { number: this.options.number } : {}) };
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
			case 'portal': {
				if (cell === null) return;
				const first = this.activePortalSet === null ? undefined : g.start.portals?.[this.activePortalSet]?.[0];
				if (first === cell) {
					// As with loops: tapping the set's first portal again closes it (one portal alone is a fake one).
					this.activePortalSet = null;
					return;
				}
				const result = appendToPortalSet(g.start, this.activePortalSet, cell);
				this.plan = result.plan;
				// A set of three is full: the next portal starts another.
				this.activePortalSet = result.set !== null && (result.plan.portals?.[result.set]?.length ?? 0) < MAX_PORTAL_SET ? result.set : null;
				return;
			}
			case 'creature':
				if (cell === null) return;
				if (this.options.creature === 'bear') this.plan = toggleBear(g.start, cell);
				// A tap on the ghost's path takes the ghost away; elsewhere it puts a ghost that stays on its square.
				else this.plan = g.start.ghost?.includes(cell) ? removeGhost(g.start) : drawGhost(g.start, [cell]);
				return;
			case 'paint':
				// A tap on a spinner (while painting spinners) turns its compass one more quarter.
				if (cell !== null && g.spinnerTap) this.plan = cycleSpinner(g.start, cell);
				return;
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
					this.plan = this.tool === 'paint' ? paintCell(this.plan, cell, paintableKinds(this.plan.rules).includes(this.options.kind) ? this.options.kind : 'land', this.detail) : eraseCell(this.plan, cell);
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
			case 'creature': {
				if (this.options.creature === 'bear') {
					// A drag carries the bear to where the finger is.
					const cell = cellAt(g.start, b);
					if (cell !== null) this.plan = placeBear(g.start, cell);
					return;
				}
				const cells = cellsAlong(g.start, a, b);
				// The ghost's first square counts at once (a tap on it does not: see tap).
				if (g.cells.length === 0 && cells[0] !== undefined) g.cells.push(cells[0]);
				for (const cell of cells) riverStep(g, cell, g.start);
				this.plan = drawGhost(g.start, g.cells);
				return;
			}
			case 'walls': {
				// A stroke that starts on an edge runs along edges; one that starts inside a square runs across them.
				if (sideAt(g.start, g.from)) {
					const horizontal = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y);
					for (const p of pointsAlong(a, b)) {
						if (nearCorner(p)) continue;
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
	return squaresOnSegment(a, b).flatMap(({ x, y }) => (x < 0 || y < 0 || x >= plan.width || y >= plan.height ? [] : [y * plan.width + x]));
}

/** Extends a river's (or the ghost's) path by one square: backing into the previous square takes the last step back. */
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
