/**
 * A player's deduction sheet: marks on a grid a little larger than the agreed contour (a
 * player who does not know where they are may draw beyond it), in pencils (layers) that can
 * be hidden, cleared, promoted into the main pencil, or shifted as a whole — a fragment drawn
 * anywhere and later dropped where it fits. Pure data and pure edits; the screen keeps the
 * history and the device keeps the sheet.
 */
import { neighbour, OPPOSITE } from '../engine/plan/geometry';
import type { Direction, Plan } from '../engine/plan/types';
import type { CellMark, Mark, SheetData, SideMark } from '../store/records';

/** Squares of margin around the contour on every side. */
export const SHEET_MARGIN = 2;
export const PENCIL_COLOURS = ['#1d4a3e', '#c2410c', '#7c3aed', '#0f766e', '#be185d'] as const;

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
export function mark(sheet: SheetData, pencil: number, cell: number, value: CellMark | SideMark, dir?: Direction, at?: number): SheetData {
	const same = (m: Mark) => m.pencil === pencil && m.cell === cell && m.dir === dir && slot(m.value) === slot(value);
	const before = sheet.marks.find(same);
	const rest = sheet.marks.filter((m) => !same(m));
	if (before && JSON.stringify(before.value) === JSON.stringify(value)) return { ...sheet, marks: rest };
	const made: Mark = dir ? { pencil, cell, dir, value } : { pencil, cell, value };
	return { ...sheet, marks: [...rest, at === undefined ? made : { ...made, at }] };
}

/**
 * A drag of a painting tool: every square it crossed (in order, side by side) gets the mark, or
 * loses the pencil's marks (`null`, the eraser) — set, never toggled, so a square crossed that
 * already had the mark keeps it. A river drawn by a drag flows along it, square to square.
 */
export function paintStroke(sheet: SheetData, pencil: number, squares: readonly number[], value: CellMark | null, at?: number): SheetData {
	const { width } = grid(sheet);
	let next = sheet;
	squares.forEach((cell, i) => {
		if (value === null) return void (next = erase(next, pencil, cell));
		let wanted = value;
		if (value.t === 'river') {
			const [from, to] = i + 1 < squares.length ? [cell, squares[i + 1]!] : [squares[i - 1] ?? cell, cell];
			wanted = { t: 'river', dir: stepDirection(from, to, width) ?? value.dir };
		}
		const had = next.marks.find((m) => m.pencil === pencil && m.cell === cell && !m.dir && slot(m.value) === slot(wanted));
		if (!had || JSON.stringify(had.value) !== JSON.stringify(wanted)) next = mark(next, pencil, cell, wanted, undefined, at);
	});
	return next;
}

/** The way from a square to the next one beside it (null: not side by side). */
function stepDirection(from: number, to: number, width: number): Direction | null {
	if (to === from + 1 && to % width !== 0) return 'right';
	if (to === from - 1 && from % width !== 0) return 'left';
	if (to === from + width) return 'down';
	if (to === from - width) return 'up';
	return null;
}

/** A note on an entry of the feed (empty text: the note taken away). */
export function annotate(sheet: SheetData, entry: number, text: string): SheetData {
	const annotations = { ...sheet.annotations };
	if (text.trim()) annotations[entry] = text.trim().slice(0, 200);
	else delete annotations[entry];
	return { ...sheet, annotations };
}

/** The marks drawn after hearing entry `entry`: the first drawing made once it was heard (its consequence on paper). */
export function drawnAfter(sheet: SheetData, entry: number): Mark[] {
	let first = Infinity;
	for (const m of sheet.marks) if (m.at !== undefined && m.at > entry && m.at < first) first = m.at;
	return sheet.marks.filter((m) => m.at === first);
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
				// Loop 0: a pit whose loop is not known (the assistant's); it joins no loop.
				if (v.n > 0) pits.set(v.n, [...(pits.get(v.n) ?? []), m.cell]);
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

/** The true plan moved onto the sheet's grid (the contour inside its margin), for the reveal. */
export function truthOnSheet(sheet: Pick<SheetData, 'width' | 'height'>, truth: Plan): Plan {
	const { width, height } = grid(sheet);
	const at = (cell: number) => toSheet(sheet, cell);
	const cells: Plan['cells'] = Array.from({ length: width * height }, () => null);
	truth.cells.forEach((c, i) => (cells[at(i)] = c));
	return {
		...truth,
		width,
		height,
		cells,
		walls: truth.walls.map((w) => ({ ...w, cell: at(w.cell) })),
		exits: truth.exits.map((e) => ({ ...e, cell: at(e.cell) })),
		pitLoops: truth.pitLoops.map((loop) => loop.map(at)),
		items: truth.items.map((item) => ({ ...item, cell: at(item.cell) }))
	};
}

/**
 * How the visible marks compare with the true plan: each square's ground (kind, river, pit) and
 * each wall or exit the player drew, right or wrong. Question marks and notes are not judged.
 */
export function verdicts(sheet: SheetData, truth: Plan): { cell: number; dir?: Direction; right: boolean }[] {
	const visible = new Set(sheet.pencils.filter((p) => !p.hidden).map((p) => p.id));
	const real = truthOnSheet(sheet, truth);
	const out: { cell: number; dir?: Direction; right: boolean }[] = [];
	for (const m of sheet.marks) {
		if (!visible.has(m.pencil)) continue;
		const c = real.cells[m.cell];
		const v = m.value;
		if (typeof v === 'string') {
			if (!m.dir || v === 'open') continue;
			out.push({ cell: m.cell, dir: m.dir, right: c !== null && c !== undefined && sideIs(real, m.cell, m.dir, v) });
			continue;
		}
		if (v.t === 'kind') out.push({ cell: m.cell, right: c?.kind === v.kind });
		else if (v.t === 'river') out.push({ cell: m.cell, right: c?.kind === 'river' && c.flow === v.dir });
		else if (v.t === 'pit') out.push({ cell: m.cell, right: c?.kind === 'pit' });
		else if (v.t === 'treasure') out.push({ cell: m.cell, right: real.items.some((i) => i.cell === m.cell && i.kind === 'treasure') });
	}
	return out;
}

function sideIs(plan: Plan, cell: number, dir: Direction, value: 'wall' | 'exit'): boolean {
	const other = neighbour(plan, cell, dir);
	const inside = other !== null;
	const exit = plan.exits.find((e) => (e.cell === cell && e.dir === dir) || (other !== null && e.cell === other && e.dir === OPPOSITE[dir]));
	if (value === 'exit') return !inside && exit !== undefined;
	if (!inside) return !exit?.open;
	return plan.walls.some((w) => (w.cell === cell && w.dir === dir) || (w.cell === other && w.dir === OPPOSITE[dir]));
}
