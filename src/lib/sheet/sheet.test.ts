import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPlan } from '../engine/game/testing';
import type { GameEvent } from '../engine/game/types';
import { addPencil, annotate, clearPencil, drawnAfter, erase, grid, mark, newSheet, paintStroke, promote, sheetPicture, shift, toggleHidden, toSheet, fromSheet, truthOnSheet, verdicts } from './sheet';
import { ownMoveOf } from './feed';

const sheet = () => newSheet(4, 3, Array(12).fill(true));

describe('the deduction sheet', () => {
	test('a mark replaces the same sort of mark of its pencil; the same mark again takes it off', () => {
		let s = mark(sheet(), 0, 20, { t: 'kind', kind: 'hospital' });
		s = mark(s, 0, 20, { t: 'river', dir: 'up' });
		s = mark(s, 0, 20, { t: 'question' });
		expect(s.marks.map((m) => m.value)).toEqual([{ t: 'river', dir: 'up' }, { t: 'question' }]);
		s = mark(s, 0, 20, { t: 'question' });
		expect(s.marks).toHaveLength(1);
		s = erase(s, 0, 20);
		expect(s.marks).toEqual([]);
	});

	test('a drag paints every square it crossed, sets and never toggles; the eraser clears them; a river flows along the drag', () => {
		const before = mark(sheet(), 0, 21, { t: 'kind', kind: 'hospital' });
		const painted = paintStroke(before, 0, [20, 21, 22], { t: 'kind', kind: 'hospital' }, 3);
		expect(sheetPicture(painted).plan.cells.flatMap((c, i) => (c?.kind === 'hospital' ? [i] : []))).toEqual([20, 21, 22]);
		expect(painted.marks.filter((m) => m.cell !== 21).every((m) => m.at === 3)).toBe(true);
		expect(paintStroke(painted, 0, [20, 21, 22], null).marks).toEqual([]);
		// 8 squares a row: 20 → 21 → 29 (down), the last keeps the way it came.
		const river = paintStroke(sheet(), 0, [20, 21, 29], { t: 'river', dir: 'up' });
		expect(river.marks.map((m) => [m.cell, m.value])).toEqual([
			[20, { t: 'river', dir: 'right' }],
			[21, { t: 'river', dir: 'down' }],
			[29, { t: 'river', dir: 'down' }]
		]);
	});

	test('pencils: hidden ones are not drawn; promote moves a hypothesis into the main pencil; clear empties one', () => {
		let s = mark(sheet(), 0, 20, { t: 'kind', kind: 'land' });
		const added = addPencil(s);
		s = mark(added.sheet, added.pencil, 20, { t: 'kind', kind: 'weaponry' });
		s = mark(s, added.pencil, 21, { t: 'pit', n: 2 });
		expect(sheetPicture(s).plan.cells[20]?.kind).toBe('weaponry');
		s = toggleHidden(s, added.pencil);
		expect(sheetPicture(s).plan.cells[20]?.kind).toBe('land');
		expect(sheetPicture(s).unknown.has(21)).toBe(true);
		s = promote(toggleHidden(s, added.pencil), added.pencil);
		expect(s.pencils.map((p) => p.id)).toEqual([0]);
		expect(s.marks.filter((m) => m.cell === 20)).toEqual([{ pencil: 0, cell: 20, value: { t: 'kind', kind: 'weaponry' } }]);
		expect(sheetPicture(s).plan.pitLoops[1]).toEqual([21]);
		// A pit of no known loop (the assistant's) is drawn a pit, in no loop.
		const loose = sheetPicture(s, [{ pencil: -1, cell: 22, value: { t: 'pit', n: 0 } }]).plan;
		expect(loose.cells[22]?.kind).toBe('pit');
		expect(loose.pitLoops.flat()).not.toContain(22);
		expect(clearPencil(s, 0).marks).toEqual([]);
	});

	test('a fragment drawn anywhere moves as a whole, and never off the sheet', () => {
		const added = addPencil(sheet());
		let s = mark(added.sheet, added.pencil, 0, { t: 'kind', kind: 'delta' });
		s = mark(s, added.pencil, 1, 'wall', 'right');
		const moved = shift(s, added.pencil, 3, 2);
		const { width } = grid(s);
		expect(moved.marks.map((m) => m.cell)).toEqual([2 * width + 3, 2 * width + 4]);
		expect(shift(s, added.pencil, -1, 0)).toBe(s);
	});

	test('property: contour cells map onto the sheet and back', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.nat(), (w, h, n) => {
				const s = newSheet(w, h, Array(w * h).fill(true));
				const cell = n % (w * h);
				expect(fromSheet(s, toSheet(s, cell))).toBe(cell);
			})
		);
	});

	test('a feed entry: its note is kept (and taken away when emptied); what was drawn after it is the first drawing made once it was heard', () => {
		let s = annotate(sheet(), 3, '  Boris lies  ');
		expect(s.annotations).toEqual({ 3: 'Boris lies' });
		s = mark(s, 0, 20, { t: 'kind', kind: 'land' }, undefined, 2);
		s = mark(s, 0, 21, 'wall', 'up', 5);
		s = mark(s, 0, 22, { t: 'question' }, undefined, 5);
		s = mark(s, 0, 23, { t: 'pit', n: 1 }, undefined, 7);
		expect(drawnAfter(s, 3).map((m) => m.cell)).toEqual([21, 22]);
		expect(drawnAfter(s, 5).map((m) => m.cell)).toEqual([23]);
		expect(drawnAfter(s, 7)).toEqual([]);
		expect(annotate(s, 3, ' ').annotations).toEqual({});
	});

	test('which own move an entry answered: the events after the move was sent, up to the next turn', () => {
		const ev = (type: string, seat: number): GameEvent => ({ type, seat, audience: { to: 'all' } }) as GameEvent;
		const events = [ev('turn', 0), ev('wall', 0), ev('turn', 1), ev('land', 1), ev('turn', 0), ev('pit', 0), ev('found', 0), ev('turn', 1)];
		const own = [
			{ command: { type: 'choose_start' as const, by: 0, cell: 1 }, at: 0 },
			{ command: { type: 'move' as const, by: 0, actions: [{ a: 'go' as const, dir: 'up' as const }] }, at: 1 },
			{ command: { type: 'move' as const, by: 0, actions: [{ a: 'go' as const, dir: 'left' as const }] }, at: 5 }
		];
		expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => ownMoveOf(own, events, 0, i))).toEqual([null, 1, null, null, null, 2, 2, null]);
	});

	test('the reveal: the true plan lies under the contour; each drawn kind, river, pit, treasure, wall and exit is judged against it', () => {
		const truth = buildPlan(['LH', 'RP'], { walls: [[0, 0, 'right']], exits: [[0, 0, 'left', true]], items: [[1, 0, 'treasure', true]], loops: [[[1, 1]]] });
		truth.cells[2] = { kind: 'river', flow: 'up' };
		const s0 = newSheet(2, 2, [true, true, true, true]);
		const on = truthOnSheet(s0, truth);
		expect(on.cells[toSheet(s0, 1)]).toEqual({ kind: 'hospital' });
		expect(on.cells[0]).toBeNull();
		expect(on.walls).toEqual([{ cell: toSheet(s0, 0), dir: 'right' }]);
		let s = mark(s0, 0, toSheet(s0, 1), { t: 'kind', kind: 'hospital' });
		s = mark(s, 0, toSheet(s0, 0), { t: 'kind', kind: 'weaponry' });
		s = mark(s, 0, toSheet(s0, 2), { t: 'river', dir: 'up' });
		s = mark(s, 0, toSheet(s0, 3), { t: 'pit', n: 1 });
		s = mark(s, 0, toSheet(s0, 1), { t: 'treasure' });
		s = mark(s, 0, toSheet(s0, 1), 'wall', 'left');
		s = mark(s, 0, toSheet(s0, 0), 'exit', 'left');
		s = mark(s, 0, toSheet(s0, 2), 'exit', 'left');
		s = mark(s, 0, toSheet(s0, 3), 'wall', 'left');
		const judged = verdicts(s, truth).map((v) => `${fromSheet(s, v.cell)}${v.dir ?? ''}:${v.right}`);
		expect(judged).toEqual(['1:true', '0:false', '2:true', '3:true', '1:true', '1left:true', '0left:true', '2left:false', '3left:false']);
	});

	test('property: a plan moved onto the sheet keeps every cell where the contour has it', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (w, h) => {
				const truth = buildPlan(Array.from({ length: h }, () => 'L'.repeat(w)), {});
				const s = newSheet(w, h, Array(w * h).fill(true));
				const on = truthOnSheet(s, truth);
				expect(on.cells.filter(Boolean)).toHaveLength(w * h);
				for (let c = 0; c < w * h; c++) expect(on.cells[toSheet(s, c)]).toEqual(truth.cells[c]);
			})
		);
	});
});
