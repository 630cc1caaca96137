/**
 * A player's deduction sheet: marks on a grid a little larger than the agreed contour (a
 * player who does not know where they are may draw beyond it), in pencils (layers) that can
 * be hidden, cleared, promoted into the main pencil, or shifted as a whole — a fragment drawn
 * anywhere and later dropped where it fits. Pure data and pure edits; the screen keeps the
 * history and the device keeps the sheet.
 */
import type { CellKind, Direction, Plan } from '../engine/plan/types';

/** Squares of margin around the contour on every side. */
export const SHEET_MARGIN = 2;
export const PENCIL_COLOURS = ['#1d4a3e', '#c2410c', '#7c3aed', '#0f766e', '#be185d'] as const;

export type CellMark =
	| { t: 'kind'; kind: Exclude<CellKind, 'river' | 'pit'> }
	| { t: 'river'; dir: Direction }
	| { t: 'pit'; n: number }
	| { t: 'treasure' }
	| { t: 'question' }
	| { t: 'note'; text: string };
export type SideMark = 'wall' | 'exit' | 'open';

export interface Mark {
	pencil: number;
	/** A square of the sheet's grid (row-major over the grid with its margin). */
	cell: number;
	/** Present for a mark on a side of the square. */
	dir?: Direction;
	value: CellMark | SideMark;
}

export interface Pencil {
	id: number;
	colour: string;
	hidden: boolean;
}

export interface SheetData {
	version: 1;
	/** The contour as agreed (the labyrinth's width, height and shape). */
	width: number;
	height: number;
	shape: boolean[];
	pencils: Pencil[];
	marks: Mark[];
	/** Whether the assistant draws what it is sure of (off by default). */
	assistant: boolean;
}

export function newSheet(width: number, height: number, shape: boolean[]): SheetData {
	return { version: 1, width, height, shape: shape.slice(), pencils: [{ id: 0, colour: PENCIL_COLOURS[0], hidden: false }], marks: [], assistant: false };
}

/** The sheet's grid: the contour with its margin. */
export function grid(sheet: Pick<SheetData, 'width' | 'height'>): { width: number; height: number } {
	return { width: sheet.width + 2 * SHEET_MARGIN, height: sheet.height + 2 * SHEET_MARGIN };
}

/** A cell of the labyrinth (contour coordinates) as a square of the sheet, and back (null in the margin). */
export function toSheet(sheet: Pick<SheetData, 'width' | 'height'>, cell: number): number {
	const { width } = grid(sheet);
	return (Math.floor(cell / sheet.width) + SHEET_MARGIN) * width + (cell % sheet.width) + SHEET_MARGIN;
}
export function fromSheet(sheet: Pick<SheetData, 'width' | 'height'>, square: number): number | null {
	const { width } = grid(sheet);
	const x = (square % width) - SHEET_MARGIN;
	const y = Math.floor(square / width) - SHEET_MARGIN;
	if (x < 0 || y < 0 || x >= sheet.width || y >= sheet.height) return null;
	return y * sheet.width + x;
}

const slot = (value: CellMark | SideMark): string => (typeof value === 'string' ? 'side' : value.t === 'kind' || value.t === 'river' || value.t === 'pit' ? 'ground' : value.t);

/** Marks a square or a side with the pencil: replaces what that pencil said there of the same sort; the same mark again takes it away. */
export function mark(sheet: SheetData, pencil: number, cell: number, value: CellMark | SideMark, dir?: Direction): SheetData {
	const same = (m: Mark) => m.pencil === pencil && m.cell === cell && m.dir === dir && slot(m.value) === slot(value);
	const before = sheet.marks.find(same);
	const rest = sheet.marks.filter((m) => !same(m));
	if (before && JSON.stringify(before.value) === JSON.stringify(value)) return { ...sheet, marks: rest };
	return { ...sheet, marks: [...rest, dir ? { pencil, cell, dir, value } : { pencil, cell, value }] };
}

/** Takes every mark of the pencil off a square (and its sides). */
export function erase(sheet: SheetData, pencil: number, cell: number): SheetData {
	return { ...sheet, marks: sheet.marks.filter((m) => !(m.pencil === pencil && m.cell === cell)) };
}

export function addPencil(sheet: SheetData): { sheet: SheetData; pencil: number } {
	const id = Math.max(...sheet.pencils.map((p) => p.id)) + 1;
	const colour = PENCIL_COLOURS[id % PENCIL_COLOURS.length]!;
	return { sheet: { ...sheet, pencils: [...sheet.pencils, { id, colour, hidden: false }] }, pencil: id };
}

export function toggleHidden(sheet: SheetData, pencil: number): SheetData {
	return { ...sheet, pencils: sheet.pencils.map((p) => (p.id === pencil ? { ...p, hidden: !p.hidden } : p)) };
}

export function clearPencil(sheet: SheetData, pencil: number): SheetData {
	return { ...sheet, marks: sheet.marks.filter((m) => m.pencil !== pencil) };
}

/** A hypothesis confirmed: its marks join the main pencil (0), overriding what that said there. */
export function promote(sheet: SheetData, pencil: number): SheetData {
	if (pencil === 0) return sheet;
	let next: SheetData = { ...sheet, marks: sheet.marks.filter((m) => m.pencil !== pencil) };
	for (const m of sheet.marks.filter((m) => m.pencil === pencil)) {
		const same = (o: Mark) => o.pencil === 0 && o.cell === m.cell && o.dir === m.dir && slot(o.value) === slot(m.value);
		next = { ...next, marks: [...next.marks.filter((o) => !same(o)), { ...m, pencil: 0 }] };
	}
	return { ...next, pencils: next.pencils.filter((p) => p.id !== pencil) };
}

/** Moves all of a pencil's marks by whole squares (a fragment dropped where it fits); refused if any would leave the sheet. */
export function shift(sheet: SheetData, pencil: number, dx: number, dy: number): SheetData {
	const { width, height } = grid(sheet);
	const moved: Mark[] = [];
	for (const m of sheet.marks) {
		if (m.pencil !== pencil) continue;
		const x = (m.cell % width) + dx;
		const y = Math.floor(m.cell / width) + dy;
		if (x < 0 || y < 0 || x >= width || y >= height) return sheet;
		moved.push({ ...m, cell: y * width + x });
	}
	return { ...sheet, marks: [...sheet.marks.filter((m) => m.pencil !== pencil), ...moved] };
}

/**
 * The visible marks drawn as a plan of the sheet's grid (so the board draws them with the
 * editor's own symbols), with the squares nobody marked and the margin named.
 */
export function sheetPicture(sheet: SheetData, extra: Mark[] = []): { plan: Plan; unknown: Set<number>; margin: Set<number>; notes: Mark[] } {
	const { width, height } = grid(sheet);
	const visible = new Set(sheet.pencils.filter((p) => !p.hidden).map((p) => p.id));
	const marks = [...extra, ...sheet.marks.filter((m) => visible.has(m.pencil))];
	const cells: Plan['cells'] = Array.from({ length: width * height }, () => ({ kind: 'land' }));
	const unknown = new Set(cells.keys());
	const margin = new Set<number>();
	for (let square = 0; square < cells.length; square++) {
		const cell = fromSheet(sheet, square);
		if (cell === null || !sheet.shape[cell]) margin.add(square);
	}
	const walls: Plan['walls'] = [];
	const pits = new Map<number, number[]>();
	const items: Plan['items'] = [];
	const notes: Mark[] = [];
	for (const m of marks) {
		const v = m.value;
		if (typeof v === 'string') {
			if (v === 'wall' && m.dir) {
				const x = m.cell % width;
				const y = Math.floor(m.cell / width);
				const canonical = m.dir === 'left' ? (x > 0 ? { cell: m.cell - 1, dir: 'right' as const } : null) : m.dir === 'up' ? (y > 0 ? { cell: m.cell - width, dir: 'down' as const } : null) : { cell: m.cell, dir: m.dir };
				if (canonical && !walls.some((w) => w.cell === canonical.cell && w.dir === canonical.dir)) walls.push(canonical);
			} else notes.push(m);
			continue;
		}
		switch (v.t) {
			case 'kind':
				cells[m.cell] = { kind: v.kind };
				unknown.delete(m.cell);
				break;
			case 'river':
				cells[m.cell] = { kind: 'river', flow: v.dir };
				unknown.delete(m.cell);
				break;
			case 'pit':
				cells[m.cell] = { kind: 'pit' };
				unknown.delete(m.cell);
				pits.set(v.n, [...(pits.get(v.n) ?? []), m.cell]);
				break;
			case 'treasure':
				items.push({ cell: m.cell, kind: 'treasure', true: false });
				break;
			default:
				notes.push(m);
		}
	}
	const pitLoops: number[][] = [];
	for (const [n, list] of pits) pitLoops[n - 1] = list;
	for (let i = 0; i < pitLoops.length; i++) pitLoops[i] ??= [];
	return { plan: { rules: 'classic', name: '', width, height, cells, walls, exits: [], pitLoops, items }, unknown, margin, notes };
}
