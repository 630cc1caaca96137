/**
 * The sheet being edited (Sheet.svelte presents it): the sheet now, its undo and redo, and its
 * writing to the device — every change is written at once (a closed tab loses nothing); a
 * refused write keeps the sheet on screen, says why and is tried again (saver.ts).
 */
import { Saver, type SaveStatus, type Timers } from '../store/saver';
import type { SheetData } from '../store/records';

export class SheetEdits {
	sheet = $state.raw<SheetData>() as SheetData;
	/** Whether the sheet kept on the device has been read (the first screen waits for it). */
	loaded = $state(false);
	canUndo = $state(false);
	canRedo = $state(false);
	saveStatus = $state<SaveStatus>({ state: 'saved' });
	private undoStack: SheetData[] = [];
	private redoStack: SheetData[] = [];
	private readonly saver: Saver<SheetData>;

	/** `blank`: the sheet before any is read; `write`: keeps the whole sheet on the device. */
	constructor(blank: SheetData, write: (sheet: SheetData) => Promise<void>, timers?: Timers) {
		this.sheet = blank;
		this.saver = new Saver<SheetData>(write, (status) => (this.saveStatus = status), timers);
	}

	/** The sheet kept on the device, if any (one made before the sheet was first opened has no contour yet: the blank stays). */
	load(stored: SheetData | null | undefined): void {
		if (stored && stored.width === this.sheet.width) this.sheet = stored;
		this.loaded = true;
	}

	/** A change made: undoable, written at once. The same sheet again is no change. */
	change(next: SheetData): void {
		if (next === this.sheet) return;
		this.undoStack.push(this.sheet);
		this.redoStack = [];
		this.show(next);
	}

	undo(): void {
		const previous = this.undoStack.pop();
		if (!previous) return;
		this.redoStack.push(this.sheet);
		this.show(previous);
	}

	redo(): void {
		const next = this.redoStack.pop();
		if (!next) return;
		this.undoStack.push(this.sheet);
		this.show(next);
	}

	/** Tries a refused write again now. */
	retry(): void {
		this.saver.retryNow();
	}

	private show(sheet: SheetData): void {
		this.sheet = sheet;
		this.canUndo = this.undoStack.length > 0;
		this.canRedo = this.redoStack.length > 0;
		this.saver.save($state.snapshot(sheet) as SheetData);
	}
}
