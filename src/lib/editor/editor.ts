/**
 * The editor, headless: the plan, the chosen tool, the gesture in progress and the undo
 * history. The gesture's states (idle → pointing → dragging, cancel back to the mark) are run
 * here; what each tool does on them is the tool's own object in `TOOL_TABLE` (tools.ts).
 *
 * A gesture is one step of history however many squares it painted. The Svelte screen
 * only turns pointer events into board points and draws `plan`.
 */
import type { Plan, RuleSystemId } from '../engine/plan/types';
import { systemFace } from '../systems/index';
import type { Point } from './hit';
import { TOOL_TABLE, type Gesture, type Selection, type Tool, type ToolOptions } from './tools';

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

export { CREATURES, type Creature, type Selection, type ToolOptions } from './tools';
export type Phase = 'idle' | 'pointing' | 'dragging';

export const DEFAULT_OPTIONS: ToolOptions = { kind: 'land', treasureTrue: true, item: 'bullet', turn: 1, number: null, creature: 'bear' };

/** How far (in squares) a finger moves before a tap becomes a stroke. */
const DRAG_THRESHOLD = 0.3;

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
		if (tool !== this.tool) this.active.leave?.(this);
		this.tool = tool;
	}

	/** The active tool's object. */
	private get active(): Tool {
		return TOOL_TABLE[this.tool];
	}

	/** idle → pointing. */
	down(p: Point): void {
		this.cancel();
		const g: Gesture = { start: this.plan, from: p, last: p, cells: [], sides: new Set(), mode: null };
		this.gesture = g;
		this.phase = 'pointing';
		this.active.down?.(this, g, p);
	}

	/** pointing → dragging once the finger leaves its first square; dragging: the stroke goes on. */
	move(p: Point): void {
		const g = this.gesture;
		if (!g) return;
		if (this.phase === 'pointing' && Math.hypot(p.x - g.from.x, p.y - g.from.y) < DRAG_THRESHOLD) return;
		this.phase = 'dragging';
		this.active.drag?.(this, g, g.last, p);
		g.last = p;
	}

	/** pointing → idle (a tap) or dragging → idle (a release): one step of history. */
	up(): void {
		const g = this.gesture;
		if (!g) return;
		if (this.phase === 'pointing') this.active.tap?.(this, g, g.from);
		else this.active.release?.(this, g);
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

	private commit(before: Plan): void {
		if (this.plan === before) return;
		this.undoStack.push(before);
		this.redoStack = [];
		this.onCommit(this.plan);
	}
}
