/**
 * The editor as the screen sees it: the headless `EditorCore` read through getters over one
 * subscription (each call that may change the core tells the screen once, when something did),
 * the live validation, and autosave into the library.
 */
import { createSubscriber } from 'svelte/reactivity';
import { DEFAULT_OPTIONS, EditorCore, toolsFor, type Selection, type ToolId, type ToolOptions } from '$lib/editor/editor';
import type { Point, SideRef } from '$lib/editor/hit';
import { validatePlan, type ValidationReport } from '$lib/engine/plan/validate';
import type { Plan } from '$lib/engine/plan/types';

export class EditorState {
	/** The tool's choices (what the paint tool lays, the treasure's truth…): the palette writes them. */
	options = $state<ToolOptions>({ ...DEFAULT_OPTIONS });
	private core: EditorCore;
	#changed: (() => void) | null = null;
	readonly #subscribe = createSubscriber((update) => {
		this.#changed = update;
		return () => (this.#changed = null);
	});
	/** What the screen last saw, so a call that changed nothing (a finger moving within a square) redraws nothing. */
	#seen: readonly unknown[] = [];
	#report: { plan: Plan; report: ValidationReport } | null = null;

	constructor(plan: Plan, onCommit: (plan: Plan) => void) {
		this.core = new EditorCore(plan, onCommit);
		this.#seen = this.#stamp();
	}

	get plan(): Plan {
		this.#subscribe();
		return this.core.plan;
	}
	get tool(): ToolId {
		this.#subscribe();
		return this.core.tool;
	}
	get selection(): Selection {
		this.#subscribe();
		return this.core.selection;
	}
	/** The selected square, if a square is selected. */
	get selectedCell(): number | null {
		const selection = this.selection;
		return selection?.kind === 'cell' ? selection.cell : null;
	}
	/** The selected side, if a side is selected. */
	get selectedSide(): SideRef | null {
		const selection = this.selection;
		return selection?.kind === 'side' ? selection.side : null;
	}
	get activeLoop(): number | null {
		this.#subscribe();
		return this.core.activeLoop;
	}
	get activePortalSet(): number | null {
		this.#subscribe();
		return this.core.activePortalSet;
	}
	get canUndo(): boolean {
		this.#subscribe();
		return this.core.canUndo;
	}
	get canRedo(): boolean {
		this.#subscribe();
		return this.core.canRedo;
	}
	get painting(): boolean {
		this.#subscribe();
		return this.core.phase !== 'idle';
	}
	/** The validator's verdict on the plan as it is now (fast: well under a millisecond at 30x30), once per plan. */
	get report(): ValidationReport {
		const plan = this.plan;
		if (this.#report?.plan !== plan) this.#report = { plan, report: validatePlan(plan) };
		return this.#report.report;
	}
	/** The tools the plan's rule system is drawn with. */
	get tools(): readonly ToolId[] {
		return toolsFor(this.plan.rules);
	}

	stroke(type: 'down' | 'move' | 'up' | 'cancel', point: Point): void {
		this.core.options = { ...this.options };
		if (type === 'down') this.core.down(point);
		else if (type === 'move') this.core.move(point);
		else if (type === 'up') this.core.up();
		else this.core.cancel();
		this.#tell();
	}

	setTool(tool: ToolId): void {
		this.core.setTool(tool);
		this.#tell();
	}

	newLoop(): void {
		this.core.activeLoop = null;
		this.#tell();
	}

	newPortalSet(): void {
		this.core.activePortalSet = null;
		this.#tell();
	}

	undo(): void {
		this.core.undo();
		this.#tell();
	}

	redo(): void {
		this.core.redo();
		this.#tell();
	}

	edit(change: (plan: Plan) => Plan): void {
		this.core.edit(change);
		this.#tell();
	}

	#stamp(): readonly unknown[] {
		const c = this.core;
		return [c.plan, c.tool, c.selection, c.activeLoop, c.activePortalSet, c.canUndo, c.canRedo, c.phase];
	}

	/** Tells the screen, when the call changed anything it shows. */
	#tell(): void {
		const now = this.#stamp();
		if (now.every((v, i) => v === this.#seen[i])) return;
		this.#seen = now;
		this.#changed?.();
	}
}
