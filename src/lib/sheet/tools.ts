/**
 * What the sheet's tools do (Sheet.svelte presents them): the mark a tap leaves with each tool,
 * what a drag paints, and the assistant's facts as marks of its own pencil (−1). Plain functions
 * of the sheet: the sheet and its history are edits.svelte.ts's, the fingers the component's.
 */
import type { Direction } from '../engine/plan/types';
import type { PaintableKind } from '../systems/types';
import type { CellMark, Mark, SheetData, SideMark } from '../store/records';
import type { Fact } from './facts';
import { erase, mark, toSheet } from './sheet';

/** The sheet's drawing tools: a square's kind (the system's own) or sign, a wall, a note, the eraser. */
export type Tool = PaintableKind | 'river' | 'wall' | 'treasure' | 'question' | 'note' | 'eraser';

/** The tools a drag paints with: every square's kind and sign but the pit (its tap numbers it); not walls or notes. */
export const painting = (t: Tool) => t !== 'wall' && t !== 'note' && t !== 'pit';

/** A river's arrow turns a quarter clockwise at each tap. */
export const nextDir = (dir: Direction | null): Direction => (dir === 'up' ? 'right' : dir === 'right' ? 'down' : dir === 'down' ? 'left' : 'up');

/** A tap of the wall tool on `square`'s side `dir`: wall → exit (on the contour's edge only) → nothing. */
export function sideTapped(sheet: SheetData, pencil: number, square: number, dir: Direction, onEdge: boolean, at: number): SheetData {
	const current = sheet.marks.find((mk) => mk.pencil === pencil && mk.cell === square && mk.dir === dir)?.value;
	const next: SideMark | null = current === 'wall' ? (onEdge ? 'exit' : null) : current === 'exit' ? null : 'wall';
	// `mark` with the value the side has takes it off.
	return next ? mark(sheet, pencil, square, next, dir, at) : mark(sheet, pencil, square, current as SideMark, dir);
}

/**
 * A tap on `square` with a square's tool (not the wall, not a note: it asks for its words): the
 * eraser clears the pencil's marks there; a river's arrow turns, a pit's number counts 1 to 9.
 */
export function squareTapped(sheet: SheetData, tool: Exclude<Tool, 'wall' | 'note'>, pencil: number, square: number, at: number): SheetData {
	if (tool === 'eraser') return erase(sheet, pencil, square);
	const mine = sheet.marks.find((mk) => mk.pencil === pencil && mk.cell === square && !mk.dir && typeof mk.value !== 'string' && (mk.value.t === 'river' || mk.value.t === 'pit'))?.value as CellMark | undefined;
	const value: CellMark =
		tool === 'river'
			? { t: 'river', dir: nextDir(mine?.t === 'river' ? mine.dir : null) }
			: tool === 'pit'
				? { t: 'pit', n: mine?.t === 'pit' ? (mine.n % 9) + 1 : 1 }
				: tool === 'treasure'
					? { t: 'treasure' }
					: tool === 'question'
						? { t: 'question' }
						: { t: 'kind', kind: tool };
	return mark(sheet, pencil, square, value, undefined, at);
}

/** What a painting drag leaves on every square it crosses (null: the eraser's nothing). */
export function strokeValue(tool: Tool): CellMark | null {
	return tool === 'eraser'
		? null
		: tool === 'river'
			? { t: 'river', dir: 'right' }
			: tool === 'treasure'
				? { t: 'treasure' }
				: tool === 'question'
					? { t: 'question' }
					: { t: 'kind', kind: tool as Exclude<Tool, 'river' | 'pit' | 'wall' | 'treasure' | 'question' | 'note' | 'eraser'> };
}

/** The assistant's facts as marks on the sheet (its pencil, −1): walls, exits and kinds; water and passages draw nothing. */
export function factMarks(sheet: Pick<SheetData, 'width' | 'height'>, facts: readonly Fact[]): Mark[] {
	return facts.flatMap((f): Mark[] => {
		const cell = toSheet(sheet, f.cell);
		if (f.kind === 'side') return f.value === 'wall' || f.value === 'exit' ? [{ pencil: -1, cell, dir: f.dir, value: f.value }] : [];
		switch (f.value) {
			case 'land':
			case 'landlike':
				return [{ pencil: -1, cell, value: { t: 'kind', kind: 'land' } }];
			case 'water':
			case 'river':
				return [];
			case 'pit':
				return [{ pencil: -1, cell, value: { t: 'pit', n: 0 } }];
			default:
				return [{ pencil: -1, cell, value: { t: 'kind', kind: f.value } }];
		}
	});
}
