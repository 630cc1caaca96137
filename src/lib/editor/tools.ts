/**
 * The editor's tools, one object each, registered in `TOOL_TABLE` by id (as tldraw's tools are):
 * the editor core (editor.ts) runs the gesture's states and hands each event to the active tool.
 *
 *     idle --down--> pointing --moves off the first square--> dragging
 *       ^               |  up: tap                                |  up: release
 *       +---------------+-----------------------------------------+
 *     cancel (a second finger lands: pinch-zoom) goes back to the mark: the plan as `down` found it.
 *
 * A tool says what it does on each edge of that machine; an edge it leaves out does nothing.
 * A new tool is one object here, its id in `TOOLS` (systems/types.ts) and the systems that offer it.
 */
import type { Plan } from '../engine/plan/types';
import type { ToolId } from '../systems/types';
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

/** The creature tool places the topographic bear (its start) or draws the ghost's path. */
export const CREATURES = ['bear', 'ghost'] as const;
export type Creature = (typeof CREATURES)[number];
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

/** One gesture, from the finger coming down to it leaving (or a cancel). */
export interface Gesture {
	/** The mark: the plan as the finger found it (a cancel puts it back). */
	start: Plan;
	from: Point;
	last: Point;
	/** Squares visited, in order (paint, shape, eraser: each once; river and ghost: the path). */
	cells: number[];
	/** Sides already set by this stroke ("cell:dir"). */
	sides: Set<string>;
	/** Walls and shape strokes set every square/side the same way: decided by the first one. */
	mode: boolean | null;
	/** The paint tool came down on a spinner while painting spinners: a tap turns its needle. */
	spinnerTap?: boolean;
}

/** What a tool reads and changes of the editor: the plan being drawn and the tools' own marks. */
export interface ToolEditor {
	plan: Plan;
	readonly options: ToolOptions;
	selection: Selection;
	/** The loop the loop tool adds to; null: the next pit starts a new loop. */
	activeLoop: number | null;
	/** The portal set the portal tool adds to; null: the next portal starts a new set. */
	activePortalSet: number | null;
}

export interface Tool {
	/** idle → pointing: the finger came down at `p` (painting tools mark the first square at once). */
	down?(editor: ToolEditor, g: Gesture, p: Point): void;
	/** pointing → idle: the finger left without moving off its first square. */
	tap?(editor: ToolEditor, g: Gesture, p: Point): void;
	/** pointing/dragging → dragging: the finger moved from `a` to `b`. */
	drag?(editor: ToolEditor, g: Gesture, a: Point, b: Point): void;
	/** dragging → idle: the finger left after a drag. */
	release?(editor: ToolEditor, g: Gesture): void;
	/** Another tool was chosen: what this one held goes. */
	leave?(editor: ToolEditor): void;
}

/** Paint and eraser: each square the stroke crosses, once. */
function strokeCells(g: Gesture, editor: ToolEditor, a: Point, b: Point, change: (plan: Plan, cell: number) => Plan): void {
	for (const cell of cellsAlong(editor.plan, a, b)) {
		if (g.cells.includes(cell)) continue;
		g.cells.push(cell);
		editor.plan = change(editor.plan, cell);
	}
}

/** What a painted cell carries besides its kind, from the palette's options. */
function detailOf(options: ToolOptions): PaintDetail {
	return { turn: options.turn, ...(options.number !== null ? { number: options.number } : {}) };
}

const paint: Tool = {
	down(editor, g, p) {
		// A spinner under a finger that paints spinners waits: a tap turns its needle, a drag paints it.
		g.spinnerTap = editor.options.kind === 'spinner' && editor.plan.cells[cellAt(editor.plan, p) ?? -1]?.kind === 'spinner';
		if (!g.spinnerTap) this.drag!(editor, g, p, p);
	},
	tap(editor, g, p) {
		// A tap on a spinner (while painting spinners) turns its compass one more quarter.
		const cell = cellAt(g.start, p);
		if (cell !== null && g.spinnerTap) editor.plan = cycleSpinner(g.start, cell);
	},
	drag(editor, g, a, b) {
		const kind = paintableKinds(editor.plan.rules).includes(editor.options.kind) ? editor.options.kind : 'land';
		strokeCells(g, editor, a, b, (plan, cell) => paintCell(plan, cell, kind, detailOf(editor.options)));
	}
};

const eraser: Tool = {
	down(editor, g, p) {
		this.drag!(editor, g, p, p);
	},
	drag(editor, g, a, b) {
		strokeCells(g, editor, a, b, eraseCell);
	}
};

const shape: Tool = {
	down(editor, g, p) {
		this.drag!(editor, g, p, p);
	},
	tap(editor, g, p) {
		// A tap outside the present squares brings a removed one back.
		if (cellAt(g.start, p) === null) this.drag!(editor, g, p, p);
	},
	drag(editor, g, a, b) {
		for (const cell of squaresAlong(editor.plan, a, b)) {
			if (g.cells.includes(cell)) continue;
			const present = editor.plan.cells[cell] != null;
			g.mode ??= !present;
			g.cells.push(cell);
			if (present !== g.mode) editor.plan = toggleSquare(editor.plan, cell);
		}
	}
};

const river: Tool = {
	down(editor, g, p) {
		this.drag!(editor, g, p, p);
	},
	drag(editor, g, a, b) {
		for (const cell of cellsAlong(g.start, a, b)) pathStep(g, cell, g.start);
		// The river follows the finger as it is drawn.
		editor.plan = drawRiver(g.start, g.cells);
	},
	release(editor, g) {
		editor.plan = drawRiver(g.start, g.cells);
	}
};

const walls: Tool = {
	tap(editor, g, p) {
		const side = sideAt(g.start, p);
		if (!side) return;
		editor.plan = isOuter(g.start, side) ? cycleOuterSide(g.start, side.cell, side.dir) : setWall(g.start, side.cell, side.dir, !hasWall(g.start, side.cell, side.dir));
	},
	drag(editor, g, a, b) {
		// A stroke that starts on an edge runs along edges; one that starts inside a square runs across them.
		if (sideAt(g.start, g.from)) {
			const horizontal = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y);
			for (const p of pointsAlong(a, b)) {
				if (nearCorner(p)) continue;
				const side = sideAt(g.start, p);
				const lies = side && (side.dir === 'up' || side.dir === 'down') === horizontal;
				if (side && lies && !isOuter(g.start, side)) wallStroke(editor, g, side);
			}
		} else {
			const crossed = cellsAlong(g.start, a, b);
			for (let i = 0; i + 1 < crossed.length; i++) {
				const dir = directionBetween(g.start, crossed[i]!, crossed[i + 1]!);
				if (dir) wallStroke(editor, g, { cell: crossed[i]!, dir });
			}
		}
	}
};

const loop: Tool = {
	tap(editor, g, p) {
		const cell = cellAt(g.start, p);
		if (cell === null) return;
		const first = editor.activeLoop === null ? undefined : g.start.pitLoops[editor.activeLoop]?.[0];
		if (first === cell) {
			// Tapping the loop's first pit again closes it: the next pit starts a new loop.
			editor.activeLoop = null;
			return;
		}
		const result = appendToLoop(g.start, editor.activeLoop, cell);
		editor.plan = result.plan;
		editor.activeLoop = result.loop;
	},
	leave(editor) {
		editor.activeLoop = null;
	}
};

const portal: Tool = {
	tap(editor, g, p) {
		const cell = cellAt(g.start, p);
		if (cell === null) return;
		const first = editor.activePortalSet === null ? undefined : g.start.portals?.[editor.activePortalSet]?.[0];
		if (first === cell) {
			// As with loops: tapping the set's first portal again closes it (one portal alone is a fake one).
			editor.activePortalSet = null;
			return;
		}
		const result = appendToPortalSet(g.start, editor.activePortalSet, cell);
		editor.plan = result.plan;
		// A set of three is full: the next portal starts another.
		editor.activePortalSet = result.set !== null && (result.plan.portals?.[result.set]?.length ?? 0) < MAX_PORTAL_SET ? result.set : null;
	},
	leave(editor) {
		editor.activePortalSet = null;
	}
};

const creature: Tool = {
	down(editor, g, p) {
		if (editor.options.creature !== 'ghost') return;
		// A drag that starts on the end of the ghost's path goes on with it; elsewhere it draws a new one.
		const cell = cellAt(editor.plan, p);
		const path = editor.plan.ghost ?? [];
		if (cell !== null && path.length > 0 && path[path.length - 1] === cell) g.cells.push(...path);
	},
	tap(editor, g, p) {
		const cell = cellAt(g.start, p);
		if (cell === null) return;
		if (editor.options.creature === 'bear') editor.plan = toggleBear(g.start, cell);
		// A tap on the ghost's path takes the ghost away; elsewhere it puts a ghost that stays on its square.
		else editor.plan = g.start.ghost?.includes(cell) ? removeGhost(g.start) : drawGhost(g.start, [cell]);
	},
	drag(editor, g, a, b) {
		if (editor.options.creature === 'bear') {
			// A drag carries the bear to where the finger is.
			const cell = cellAt(g.start, b);
			if (cell !== null) editor.plan = placeBear(g.start, cell);
			return;
		}
		const cells = cellsAlong(g.start, a, b);
		// The ghost's first square counts at once (a tap on it does not: see tap).
		if (g.cells.length === 0 && cells[0] !== undefined) g.cells.push(cells[0]);
		for (const cell of cells) pathStep(g, cell, g.start);
		editor.plan = drawGhost(g.start, g.cells);
	}
};

const treasure: Tool = {
	tap(editor, g, p) {
		const cell = cellAt(g.start, p);
		if (cell !== null) editor.plan = toggleTreasure(g.start, cell, editor.options.treasureTrue);
	}
};

const item: Tool = {
	tap(editor, g, p) {
		const cell = cellAt(g.start, p);
		if (cell !== null) editor.plan = addItem(g.start, cell, editor.options.item);
	}
};

const inspect: Tool = {
	tap(editor, g, p) {
		const cell = cellAt(g.start, p);
		const side = sideAt(g.start, p);
		// Near an edge (or outside the outline) the side is meant; elsewhere the square.
		editor.selection = side && (cell === null || nearEdge(p)) ? { kind: 'side', side } : cell !== null ? { kind: 'cell', cell } : null;
	},
	leave(editor) {
		editor.selection = null;
	}
};

/** Every tool by its id: the type makes a tool in `TOOLS` without an object here a compile error. */
export const TOOL_TABLE: { readonly [id in ToolId]: Tool } = { paint, walls, river, loop, portal, treasure, item, creature, shape, eraser, inspect };

function wallStroke(editor: ToolEditor, g: Gesture, side: SideRef): void {
	const wall = innerWall(editor.plan, side.cell, side.dir);
	if (!wall || g.sides.has(`${wall.cell}:${wall.dir}`)) return;
	g.sides.add(`${wall.cell}:${wall.dir}`);
	g.mode ??= !hasWall(editor.plan, side.cell, side.dir);
	editor.plan = setWall(editor.plan, side.cell, side.dir, g.mode);
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
function pathStep(g: Gesture, cell: number, plan: Plan): void {
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
