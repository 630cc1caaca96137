import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DIRECTIONS } from '../engine/plan/types';
import type { Fact } from './facts';
import { newSheet, toSheet } from './sheet';
import { factMarks, nextDir, painting, sideTapped, squareTapped, strokeValue, type Tool } from './tools';

const sheet = () => newSheet(4, 3, Array(12).fill(true));
const ground = (s: ReturnType<typeof sheet>, square: number) => s.marks.filter((m) => m.cell === square && !m.dir).map((m) => m.value);

describe('a tap with each tool', () => {
	test('a side goes wall → exit → nothing on the contour\'s edge, wall → nothing inside; each tap keeps when it was made', () => {
		let s = sideTapped(sheet(), 0, 20, 'up', true, 4);
		expect(s.marks).toEqual([{ pencil: 0, cell: 20, dir: 'up', value: 'wall', at: 4 }]);
		s = sideTapped(s, 0, 20, 'up', true, 5);
		expect(s.marks).toEqual([{ pencil: 0, cell: 20, dir: 'up', value: 'exit', at: 5 }]);
		expect(sideTapped(s, 0, 20, 'up', true, 6).marks).toEqual([]);
		const inside = sideTapped(sideTapped(sheet(), 0, 21, 'right', false, 1), 0, 21, 'right', false, 2);
		expect(inside.marks).toEqual([]);
		// Another pencil's wall is its own.
		expect(sideTapped(sideTapped(sheet(), 0, 20, 'up', true, 1), 2, 20, 'up', true, 1).marks).toHaveLength(2);
	});

	test('property: a river\'s arrow turns a quarter at each tap and is back after four; a pit counts 1 to 9 and starts again', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 30 }), (taps) => {
				let river = sheet();
				let pit = sheet();
				for (let i = 0; i < taps; i++) {
					river = squareTapped(river, 'river', 0, 21, i);
					pit = squareTapped(pit, 'pit', 0, 21, i);
				}
				expect(ground(river, 21)).toEqual([{ t: 'river', dir: DIRECTIONS[(taps - 1) % 4] }]);
				expect(ground(pit, 21)).toEqual([{ t: 'pit', n: ((taps - 1) % 9) + 1 }]);
			})
		);
		expect(nextDir(null)).toBe('up');
	});

	test('a kind, a treasure or a question is marked (the same again takes it off); the eraser clears the pencil\'s marks there only', () => {
		let s = squareTapped(sheet(), 'hospital', 0, 21, 1);
		s = squareTapped(s, 'treasure', 0, 21, 1);
		expect(ground(s, 21)).toEqual([{ t: 'kind', kind: 'hospital' }, { t: 'treasure' }]);
		expect(ground(squareTapped(s, 'treasure', 0, 21, 2), 21)).toEqual([{ t: 'kind', kind: 'hospital' }]);
		const other = squareTapped(s, 'question', 1, 21, 1);
		expect(ground(squareTapped(other, 'eraser', 0, 21, 2), 21)).toEqual([{ t: 'question' }]);
	});
});

describe('a drag', () => {
	test('paints with the squares\' tools but the pit, never walls or notes; the eraser paints nothing', () => {
		const tools: Tool[] = ['land', 'hospital', 'river', 'pit', 'wall', 'treasure', 'question', 'note', 'eraser'];
		expect(tools.filter(painting)).toEqual(['land', 'hospital', 'river', 'treasure', 'question', 'eraser']);
		expect(strokeValue('eraser')).toBeNull();
		expect(strokeValue('hospital')).toEqual({ t: 'kind', kind: 'hospital' });
		expect(strokeValue('river')).toEqual({ t: 'river', dir: 'right' });
	});
});

describe('the assistant\'s facts on the sheet', () => {
	test('walls and exits, kinds and pits in its own pencil (−1), where the sheet has the cell; water and passages draw nothing', () => {
		const s = sheet();
		const reason = { code: 'moved' as const, from: 0, move: 1 };
		const facts: Fact[] = [
			{ kind: 'side', cell: 1, dir: 'up', value: 'wall', reason },
			{ kind: 'side', cell: 1, dir: 'left', value: 'exit', reason },
			{ kind: 'side', cell: 2, dir: 'up', value: 'open', reason },
			{ kind: 'cell', cell: 5, value: 'landlike', reason },
			{ kind: 'cell', cell: 6, value: 'water', reason },
			{ kind: 'cell', cell: 6, value: 'river', reason },
			{ kind: 'cell', cell: 7, value: 'pit', reason },
			{ kind: 'cell', cell: 8, value: 'hospital', reason }
		];
		expect(factMarks(s, facts)).toEqual([
			{ pencil: -1, cell: toSheet(s, 1), dir: 'up', value: 'wall' },
			{ pencil: -1, cell: toSheet(s, 1), dir: 'left', value: 'exit' },
			{ pencil: -1, cell: toSheet(s, 5), value: { t: 'kind', kind: 'land' } },
			{ pencil: -1, cell: toSheet(s, 7), value: { t: 'pit', n: 0 } },
			{ pencil: -1, cell: toSheet(s, 8), value: { t: 'kind', kind: 'hospital' } }
		]);
	});
});
