import { describe, expect, test } from 'vitest';
import { buildPlan } from '../engine/game/testing';
import { legendOf, swatchOf } from './legend';

describe('legendOf: the symbols a board draws, each once', () => {
	const plan = buildPlan(['LHP', 'PL>'], {
		walls: [[0, 0, 'right']],
		exits: [[0, 0, 'up', true], [2, 1, 'down', false]],
		loops: [[[2, 0], [0, 1]]],
		items: [[1, 1, 'treasure', true], [0, 1, 'treasure', false], [1, 0, 'bullet', 2]]
	});

	test('the master\'s plan: its kinds, walls, both exits, the loop, true and fake treasures, items', () => {
		expect(legendOf(plan)).toEqual([
			{ t: 'kind', kind: 'land' },
			{ t: 'kind', kind: 'hospital' },
			{ t: 'kind', kind: 'pit' },
			{ t: 'kind', kind: 'river' },
			{ t: 'wall' },
			{ t: 'exit', open: true },
			{ t: 'exit', open: false },
			{ t: 'loop' },
			{ t: 'treasure', look: 'true' },
			{ t: 'treasure', look: 'fake' },
			{ t: 'item', kind: 'bullet' }
		]);
	});

	test('a sheet: blank squares named, no exits of the outline, no loop order, treasures alike', () => {
		const symbols = legendOf(plan, { unknown: new Set([0, 1]), plainOutline: true, loopOrder: false, treasureTruth: false });
		expect(symbols[0]).toEqual({ t: 'unknown' });
		expect(symbols).not.toContainEqual({ t: 'kind', kind: 'hospital' });
		expect(symbols).not.toContainEqual({ t: 'exit', open: true });
		expect(symbols).not.toContainEqual({ t: 'loop' });
		expect(symbols.filter((s) => s.t === 'treasure')).toEqual([{ t: 'treasure', look: 'mark' }]);
		// The walls the player drew are listed; an outline that is not known to be walls is not.
		expect(symbols).toContainEqual({ t: 'wall' });
		expect(legendOf({ ...plan, walls: [] }, { plainOutline: true })).not.toContainEqual({ t: 'wall' });
	});

	test('each symbol\'s swatch draws it: a pit with its number, the loop as two pits in order, an exit on its side', () => {
		expect(swatchOf({ t: 'kind', kind: 'pit' }).plan.pitLoops).toEqual([[0]]);
		expect(swatchOf({ t: 'kind', kind: 'pit' }).loopOrder).toBe(false);
		expect(swatchOf({ t: 'loop' })).toMatchObject({ loopOrder: true, plan: { width: 2, pitLoops: [[0, 1]] } });
		expect(swatchOf({ t: 'exit', open: false }).plan.exits).toEqual([{ cell: 0, dir: 'right', open: false }]);
		expect(swatchOf({ t: 'treasure', look: 'mark' }).treasureTruth).toBe(false);
	});
});
