import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { validatePlan } from '../engine/plan/validate';
import type { Plan } from '../engine/plan/types';
import { EditorCore, TOOLS, type ToolId } from './editor';
import { blankPlan, hasWall, outerSide } from './edits';
import { at, drag, tap } from './testing';

describe('paint tool', () => {
	test('a tap paints one square, a drag every square it crosses, as one step of history', () => {
		const editor = new EditorCore(blankPlan(5, 5, 't'));
		editor.options.kind = 'hospital';
		tap(editor, at(0, 0));
		expect(editor.plan.cells[0]?.kind).toBe('hospital');
		editor.options.kind = 'weaponry';
		// A quick stroke straight across the second row (only two move events) skips no square.
		drag(editor, [at(0, 1), at(4, 1)]);
		expect(editor.plan.cells.slice(5, 10).map((c) => c?.kind)).toEqual(Array(5).fill('weaponry'));
		editor.undo();
		expect(editor.plan.cells.slice(5, 10).every((c) => c?.kind === 'land')).toBe(true);
		expect(editor.plan.cells[0]?.kind).toBe('hospital');
	});

	test('a second finger (pinch) cancels the stroke: the plan is as before it began', () => {
		const before = blankPlan(4, 4, 't');
		const editor = new EditorCore(before);
		editor.options.kind = 'pit';
		editor.down(at(0, 0));
		editor.move(at(3, 0));
		expect(editor.phase).toBe('dragging');
		editor.cancel();
		expect(editor.plan).toBe(before);
		expect(editor.canUndo).toBe(false);
	});
});

describe('walls tool', () => {
	test('a tap on an inner side toggles its wall; on the outline it cycles wall, closed exit, open exit', () => {
		const editor = new EditorCore(blankPlan(3, 3, 't'));
		editor.setTool('walls');
		tap(editor, { x: 1, y: 0.5 }); // between a1 and b1
		expect(hasWall(editor.plan, 0, 'right')).toBe(true);
		tap(editor, { x: 0.98, y: 0.5 });
		expect(hasWall(editor.plan, 0, 'right')).toBe(false);
		const states = [];
		for (let i = 0; i < 3; i++) {
			tap(editor, { x: 1.5, y: 0.02 }); // the top side of b1
			states.push(outerSide(editor.plan, 1, 'up'));
		}
		expect(states).toEqual(['closed_exit', 'open_exit', 'wall']);
	});

	test('a swipe along a line of edges builds a wall along it; across squares it sets every side crossed the way the first one went', () => {
		const editor = new EditorCore(blankPlan(4, 4, 't'));
		editor.setTool('walls');
		drag(editor, [{ x: 0.1, y: 2 }, { x: 2, y: 2.05 }, { x: 3.9, y: 1.97 }]);
		for (let x = 0; x < 4; x++) expect(hasWall(editor.plan, 4 + x, 'down')).toBe(true);
		expect(editor.plan.walls).toHaveLength(4);
		drag(editor, [at(0, 0), at(0, 3)]);
		// The first side crossed had no wall, so the stroke puts walls up (and leaves the one already there).
		expect([0, 4, 8].map((c) => hasWall(editor.plan, c, 'down'))).toEqual([true, true, true]);
		expect(editor.plan.walls).toHaveLength(6);
		editor.undo();
		editor.undo();
		expect(editor.plan.walls).toHaveLength(0);
	});
});

describe('walls tool: a swipe along a grid line', () => {
	// Issue 33: a swipe that started on a grid corner put up an extra segment at its start.
	test('from corner to corner, with a finger a little off the line, walls exactly the segments between them', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 5 }), // the line (between rows or columns line-1 and line)
				fc.integer({ min: 0, max: 6 }),
				fc.integer({ min: 1, max: 6 }),
				fc.boolean(),
				fc.boolean(),
				fc.double({ min: -0.1, max: 0.1, noNaN: true }),
				(line, from, length, vertical, backwards, wobble) => {
					const size = 7;
					const to = Math.min(size, from + length);
					if (to <= from) return;
					const editor = new EditorCore(blankPlan(size, size, 't'));
					editor.setTool('walls');
					const point = (along: number, off: number) => (vertical ? { x: line + off, y: along } : { x: along, y: line + off });
					const [start, end] = backwards ? [to, from] : [from, to];
					drag(editor, [point(start, 0), point((start + end) / 2, wobble), point(end, wobble / 2)]);
					const walled = editor.plan.walls.map((w) => (vertical ? Math.floor(w.cell / size) : w.cell % size)).sort((a, b) => a - b);
					expect(walled).toEqual(Array.from({ length: to - from }, (_, i) => from + i));
				}
			)
		);
	});
});

describe('river tool', () => {
	test('dragging through five squares makes a river flowing after the finger into a delta', () => {
		const editor = new EditorCore(blankPlan(5, 5, 't'));
		editor.setTool('river');
		drag(editor, [at(0, 0), at(1, 0), at(2, 0), at(2, 1), at(2, 2)]);
		const c = editor.plan.cells;
		expect([c[0], c[1], c[2], c[7]]).toEqual([
			{ kind: 'river', flow: 'right' },
			{ kind: 'river', flow: 'right' },
			{ kind: 'river', flow: 'down' },
			{ kind: 'river', flow: 'down' }
		]);
		expect(c[12]).toEqual({ kind: 'delta' });
		const report = validatePlan(editor.plan);
		expect(report.errors.filter((p) => p.code.startsWith('river') || p.code.startsWith('delta'))).toEqual([]);
	});

	test('backing up takes the last step back; a river drawn into another joins it', () => {
		const editor = new EditorCore(blankPlan(5, 5, 't'));
		editor.setTool('river');
		drag(editor, [at(0, 2), at(1, 2), at(2, 2), at(1, 2)]);
		expect(editor.plan.cells[10]).toEqual({ kind: 'river', flow: 'right' });
		expect(editor.plan.cells[11]).toEqual({ kind: 'delta' });
		drag(editor, [at(1, 0), at(1, 1), at(1, 2)]);
		expect(editor.plan.cells[6]).toEqual({ kind: 'river', flow: 'down' });
		expect(editor.plan.cells[11]).toEqual({ kind: 'delta' });
		expect(editor.plan.cells.filter((c) => c?.kind === 'delta')).toHaveLength(1);
	});

	test('a river drawn across a wall takes the wall down (4.4: flows never cross a wall)', () => {
		const editor = new EditorCore(blankPlan(3, 1, 't'));
		editor.setTool('walls');
		tap(editor, { x: 1, y: 0.5 });
		editor.setTool('river');
		drag(editor, [at(0, 0), at(2, 0)]);
		expect(hasWall(editor.plan, 0, 'right')).toBe(false);
		expect(editor.plan.cells[0]).toEqual({ kind: 'river', flow: 'right' });
	});
});

describe('loop tool', () => {
	test('tapping squares in order chains a loop of pits; tapping its first pit closes it and the next tap starts another', () => {
		const editor = new EditorCore(blankPlan(4, 4, 't'));
		editor.setTool('loop');
		for (const p of [at(0, 0), at(3, 0), at(3, 3)]) tap(editor, p);
		expect(editor.plan.pitLoops).toEqual([[0, 3, 15]]);
		expect([0, 3, 15].every((c) => editor.plan.cells[c]?.kind === 'pit')).toBe(true);
		tap(editor, at(0, 0));
		tap(editor, at(1, 1));
		tap(editor, at(2, 2));
		expect(editor.plan.pitLoops).toEqual([[0, 3, 15], [5, 10]]);
		expect(validatePlan(editor.plan).errors.filter((p) => p.code.startsWith('loop') || p.code.startsWith('pit'))).toEqual([]);
	});
});

describe('shape tool', () => {
	test('removing the corners of a square leaves a square without corners; a tap brings one back', () => {
		const editor = new EditorCore(blankPlan(4, 4, 't'));
		editor.setTool('shape');
		for (const p of [at(0, 0), at(3, 0), at(0, 3), at(3, 3)]) tap(editor, p);
		expect([0, 3, 12, 15].map((c) => editor.plan.cells[c])).toEqual([null, null, null, null]);
		tap(editor, at(3, 3));
		expect(editor.plan.cells[15]).toEqual({ kind: 'land' });
	});
});

describe('treasures and items', () => {
	test('there is one true treasure: placing it again moves it; fake ones add up; items pile', () => {
		const editor = new EditorCore(blankPlan(3, 3, 't'));
		editor.setTool('treasure');
		tap(editor, at(0, 0));
		tap(editor, at(2, 2));
		expect(editor.plan.items).toEqual([{ cell: 8, kind: 'treasure', true: true }]);
		editor.options.treasureTrue = false;
		tap(editor, at(1, 1));
		tap(editor, at(0, 1));
		expect(editor.plan.items.filter((i) => i.kind === 'treasure' && !i.true)).toHaveLength(2);
		editor.setTool('item');
		editor.options.item = 'grenade';
		tap(editor, at(2, 0));
		tap(editor, at(2, 0));
		expect(editor.plan.items).toContainEqual({ cell: 2, kind: 'grenade', count: 2 });
		editor.setTool('eraser');
		tap(editor, at(2, 0));
		expect(editor.plan.items.some((i) => i.cell === 2)).toBe(false);
	});
});

describe('inspector', () => {
	test('a tap selects a square in its middle and a side near its edge', () => {
		const editor = new EditorCore(blankPlan(3, 3, 't'));
		editor.setTool('inspect');
		tap(editor, at(1, 1));
		expect(editor.selection).toEqual({ kind: 'cell', cell: 4 });
		tap(editor, { x: 1.5, y: 1.05 });
		expect(editor.selection).toEqual({ kind: 'side', side: { cell: 4, dir: 'up' } });
		expect(editor.canUndo).toBe(false);
	});
});

describe('history (property)', () => {
	const point = fc.record({ x: fc.double({ min: -0.5, max: 6.5, noNaN: true }), y: fc.double({ min: -0.5, max: 6.5, noNaN: true }) });
	const gesture = fc.record({ tool: fc.constantFrom<ToolId>(...TOOLS), points: fc.array(point, { minLength: 1, maxLength: 6 }) });

	test('undoing every gesture gives back the first plan, redoing them gives back the last; one step per gesture at most', () => {
		fc.assert(
			fc.property(fc.array(gesture, { maxLength: 25 }), (gestures) => {
				const commits: Plan[] = [];
				const first = blankPlan(6, 6, 'p');
				const editor = new EditorCore(first, (plan) => commits.push(plan));
				const seen: Plan[] = [first];
				for (const { tool, points } of gestures) {
					editor.setTool(tool);
					drag(editor, points);
					if (editor.plan !== seen[seen.length - 1]) seen.push(editor.plan);
				}
				expect(commits).toEqual(seen.slice(1));
				const last = editor.plan;
				while (editor.canUndo) editor.undo();
				expect(editor.plan).toEqual(first);
				while (editor.canRedo) editor.redo();
				expect(editor.plan).toEqual(last);
				// Whatever the strokes, every wall and loop refers to present squares.
				for (const w of last.walls) expect(last.cells[w.cell]).toBeTruthy();
				for (const loop of last.pitLoops) for (const c of loop) expect(last.cells[c]?.kind).toBe('pit');
				for (const item of last.items) expect(last.cells[item.cell]).toBeTruthy();
			}),
			{ numRuns: 300 }
		);
	});
});
