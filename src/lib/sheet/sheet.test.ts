import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addPencil, clearPencil, erase, grid, mark, newSheet, promote, sheetPicture, shift, toggleHidden, toSheet, fromSheet } from './sheet';

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
});
