/**
 * The editor as the screen sees it: the headless `EditorCore` plus what Svelte must redraw
 * after each call, the live validation, and autosave into the library.
 */
import { DEFAULT_OPTIONS, EditorCore, toolsFor, type Selection, type ToolId, type ToolOptions } from '$lib/editor/editor';
import type { Point } from '$lib/editor/hit';
import { validatePlan, type ValidationReport } from '$lib/engine/plan/validate';
import type { Plan } from '$lib/engine/plan/types';

export class EditorState {
	plan = $state.raw<Plan>() as Plan;
	tool = $state<ToolId>('paint');
	options = $state<ToolOptions>({ ...DEFAULT_OPTIONS });
	selection = $state.raw<Selection>(null);
	activeLoop = $state<number | null>(null);
	activePortalSet = $state<number | null>(null);
	canUndo = $state(false);
	canRedo = $state(false);
	painting = $state(false);
	/** The validator's verdict on the plan as it is now (fast: well under a millisecond at 30x30). */
	report: ValidationReport = $derived(validatePlan(this.plan));
	/** The tools the plan's rule system is drawn with. */
	tools: readonly ToolId[] = $derived(toolsFor(this.plan.rules));
	private core: EditorCore;

	constructor(plan: Plan, onCommit: (plan: Plan) => void) {
		this.core = new EditorCore(plan, onCommit);
		this.sync();
	}

	stroke(type: 'down' | 'move' | 'up' | 'cancel', point: Point): void {
		this.core.options = { ...this.options };
		if (type === 'down') this.core.down(point);
		else if (type === 'move') this.core.move(point);
		else if (type === 'up') this.core.up();
		else this.core.cancel();
		this.sync();
	}

	setTool(tool: ToolId): void {
		this.core.setTool(tool);
		this.sync();
	}

	newLoop(): void {
		this.core.activeLoop = null;
		this.sync();
	}

	newPortalSet(): void {
		this.core.activePortalSet = null;
		this.sync();
	}

	undo(): void {
		this.core.undo();
		this.sync();
	}

	redo(): void {
		this.core.redo();
		this.sync();
	}

	edit(change: (plan: Plan) => Plan): void {
		this.core.edit(change);
		this.sync();
	}

	private sync(): void {
		this.plan = this.core.plan;
		this.tool = this.core.tool;
		this.selection = this.core.selection;
		this.activeLoop = this.core.activeLoop;
		this.activePortalSet = this.core.activePortalSet;
		this.canUndo = this.core.canUndo;
		this.canRedo = this.core.canRedo;
		this.painting = this.core.phase !== 'idle';
	}
}
