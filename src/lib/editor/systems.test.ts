// The editor's tools for the parts of the other rule systems' plans: spinners' compass turns,
// the topographic bear and ghost, rivers into swamps or from wall to wall, the abandoned
// labyrinth's portal sets, a duel's numbered pits. Each gesture is one step of history, and
// what is drawn is what the system's validator and engine read.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { validatePlan } from '../engine/plan/validate';
import type { Plan, RuleSystemId } from '../engine/plan/types';
import { ghostCell } from '../engine/rules/topographic/rules';
import { EditorCore, toolsFor, type ToolId } from './editor';
import {
	blankPlan,
	drawGhost,
	ghostGoesRound,
	makeFakePortal,
	movePortalInSet,
	paintCell,
	portalSetKind,
	removeFromPortalSet,
	reverseGhost,
	toggleSquare
} from './edits';
import { at, drag, tap } from './testing';
const codes = (plan: Plan) => validatePlan(plan).errors.map((p) => p.code);
const blank = (rules: RuleSystemId, size = 8) => blankPlan(size, size, 't', rules);

describe('spinners (seed 003, 1.2: a fixed compass turn each)', () => {
	test('a spinner is painted with the chosen turn; a tap on it turns the needle one more quarter; each is one step of history', () => {
		const editor = new EditorCore(blank('topographic'));
		editor.options.kind = 'spinner';
		editor.options.turn = 2;
		tap(editor, at(1, 1));
		expect(editor.plan.cells[9]).toEqual({ kind: 'spinner', turn: 2 });
		tap(editor, at(1, 1));
		expect(editor.plan.cells[9]).toEqual({ kind: 'spinner', turn: 3 });
		tap(editor, at(1, 1));
		expect(editor.plan.cells[9]).toEqual({ kind: 'spinner', turn: 1 });
		editor.undo();
		expect(editor.plan.cells[9]).toEqual({ kind: 'spinner', turn: 3 });
		// A stroke over spinners of other turns sets them all to the chosen one, as one step.
		editor.options.turn = 1;
		drag(editor, [at(0, 1), at(3, 1)]);
		expect(editor.plan.cells.slice(8, 12)).toEqual(Array(4).fill({ kind: 'spinner', turn: 1 }));
		expect(codes(editor.plan)).not.toContain('spinner_without_turn');
		editor.undo();
		expect(editor.plan.cells[9]).toEqual({ kind: 'spinner', turn: 3 });
	});

	test('a spinner painted any other way (the inspector\'s kind chips) gets a turn, so it is never without one', () => {
		const plan = paintCell(blank('topographic'), 0, 'spinner');
		expect(plan.cells[0]).toEqual({ kind: 'spinner', turn: 1 });
		expect(paintCell(plan, 0, 'spinner', { turn: 3 }).cells[0]).toEqual({ kind: 'spinner', turn: 3 });
		expect(paintCell(plan, 0, 'land').cells[0]).toEqual({ kind: 'land' });
	});
});

describe('the bear (seed 003, 2)', () => {
	test('a tap puts the bear, a tap elsewhere moves it, a tap on it takes it away; a drag carries it', () => {
		const editor = new EditorCore(blank('topographic'));
		editor.setTool('creature');
		editor.options.creature = 'bear';
		tap(editor, at(2, 3));
		expect(editor.plan.bear).toBe(26);
		tap(editor, at(5, 5));
		expect(editor.plan.bear).toBe(45);
		drag(editor, [at(5, 5), at(6, 5), at(7, 6)]);
		expect(editor.plan.bear).toBe(55);
		tap(editor, at(7, 6));
		expect('bear' in editor.plan).toBe(false);
		editor.undo();
		editor.undo();
		expect(editor.plan.bear).toBe(45);
	});

	test('the eraser takes the bear off its square', () => {
		const editor = new EditorCore({ ...blank('topographic'), bear: 3 });
		editor.setTool('eraser');
		tap(editor, at(3, 0));
		expect(editor.plan.bear).toBeUndefined();
	});
});

describe('the ghost\'s fixed path (seed 003, 2)', () => {
	test('a drag through cells is the path in the order drawn; the engine walks it to the end and back', () => {
		const editor = new EditorCore(blank('topographic'));
		editor.setTool('creature');
		editor.options.creature = 'ghost';
		// A quick diagonal stroke over a corner goes round through a square both touch.
		drag(editor, [at(1, 1), at(2, 1), at(3, 2), at(3, 3)]);
		expect(editor.plan.ghost).toEqual([9, 10, 11, 19, 27]);
		expect(ghostGoesRound(editor.plan)).toBe(false);
		expect(codes(editor.plan)).not.toContain('ghost_path_broken');
		const steps = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((s) => ghostCell({ ghostPath: editor.plan.ghost!, ghostRound: false, ghostSteps: s }));
		expect(steps).toEqual([9, 10, 11, 19, 27, 19, 11, 10, 9]);
		expect(editor.canUndo).toBe(true);
		editor.undo();
		expect(editor.plan.ghost).toBeUndefined();
	});

	test('a drag from the path\'s end goes on with it; backing up takes steps back; back beside the start it goes round', () => {
		const editor = new EditorCore(blank('topographic'));
		editor.setTool('creature');
		editor.options.creature = 'ghost';
		drag(editor, [at(0, 0), at(1, 0)]);
		expect(editor.plan.ghost).toEqual([0, 1]);
		drag(editor, [at(1, 0), at(1, 1), at(1, 2), at(1, 1)]);
		expect(editor.plan.ghost).toEqual([0, 1, 9]);
		drag(editor, [at(1, 1), at(0, 1), at(0, 0)]);
		expect(editor.plan.ghost).toEqual([0, 1, 9, 8]);
		expect(ghostGoesRound(editor.plan)).toBe(true);
		// Reversed, it goes round the other way.
		expect(reverseGhost(editor.plan).ghost).toEqual([8, 9, 1, 0]);
		// A new drag elsewhere draws a new path.
		drag(editor, [at(5, 5), at(6, 5)]);
		expect(editor.plan.ghost).toEqual([45, 46]);
		// A tap on the path takes the ghost away; a tap elsewhere puts one that stays there.
		tap(editor, at(6, 5));
		expect(editor.plan.ghost).toBeUndefined();
		tap(editor, at(2, 2));
		expect(editor.plan.ghost).toEqual([18]);
	});

	test('a path is cut at the first gap or repeat; a square left out leaves its gap for the validator to name', () => {
		const plan = blank('topographic', 4);
		expect(drawGhost(plan, [0, 1, 5, 1, 2]).ghost).toEqual([0, 1, 5]);
		expect(drawGhost(plan, [0, 2]).ghost).toEqual([0]);
		const cut = toggleSquare(drawGhost(plan, [0, 1, 2]), 1);
		expect(cut.ghost).toEqual([0, 2]);
		expect(validatePlan(cut).errors).toContainEqual(expect.objectContaining({ code: 'ghost_path_broken', cells: [2] }));
	});
});

describe('rivers of each system', () => {
	test('topographic: a dragged river flows into a swamp (1.3), and joins a swamp it runs into', () => {
		const editor = new EditorCore(blank('topographic'));
		editor.setTool('river');
		drag(editor, [at(0, 0), at(1, 0), at(2, 0), at(2, 1)]);
		expect(editor.plan.cells.slice(0, 3)).toEqual([
			{ kind: 'river', flow: 'right' },
			{ kind: 'river', flow: 'right' },
			{ kind: 'river', flow: 'down' }
		]);
		expect(editor.plan.cells[10]).toEqual({ kind: 'swamp' });
		drag(editor, [at(3, 3), at(3, 2), at(2, 2), at(2, 1)]);
		expect(editor.plan.cells[18]).toEqual({ kind: 'river', flow: 'up' });
		expect(editor.plan.cells.filter((c) => c?.kind === 'swamp')).toHaveLength(1);
		expect(codes(editor.plan).filter((c) => c.startsWith('river'))).toEqual([]);
	});

	test('abandoned: a river dragged from the wall to the wall flows on against the wall, one way, without a fork', () => {
		const editor = new EditorCore(blank('abandoned'));
		editor.setTool('river');
		drag(editor, [at(0, 2), at(1, 2), at(2, 2), at(2, 3), at(2, 4), at(2, 5), at(2, 6), at(2, 7)]);
		expect(editor.plan.cells[16]).toEqual({ kind: 'river', flow: 'right' });
		expect(editor.plan.cells[58]).toEqual({ kind: 'river', flow: 'down' });
		expect(editor.plan.cells.filter((c) => c?.kind === 'river')).toHaveLength(8);
		expect(codes(editor.plan).filter((c) => c.startsWith('river'))).toEqual([]);
		// A river that stops inside the labyrinth, or runs into another, is named by the validator.
		drag(editor, [at(7, 4), at(6, 4), at(5, 4)]);
		expect(validatePlan(editor.plan).errors).toContainEqual(expect.objectContaining({ code: 'river_not_wall_to_wall', cells: [39] }));
		editor.undo();
		drag(editor, [at(4, 0), at(4, 1), at(3, 1), at(2, 1), at(2, 2)]);
		expect(validatePlan(editor.plan).errors).toContainEqual(expect.objectContaining({ code: 'river_fork', cells: [18] }));
	});
});

describe('portal sets (seed 002: fake, two-way and three-way portals)', () => {
	test('tapping portals in order links them; tapping the first again closes a set; a third portal fills one', () => {
		const editor = new EditorCore(blank('abandoned'));
		editor.setTool('portal');
		tap(editor, at(1, 1));
		tap(editor, at(1, 1)); // closes it: a fake portal alone
		tap(editor, at(3, 3));
		tap(editor, at(6, 6)); // a two-way pair
		expect(editor.activePortalSet).toBe(1);
		editor.activePortalSet = null; // "New set"
		for (const p of [at(0, 7), at(7, 0), at(4, 4)]) tap(editor, p);
		expect(editor.activePortalSet).toBeNull();
		tap(editor, at(5, 2)); // a full set of three: this starts another
		expect(editor.plan.portals).toEqual([[9], [27, 54], [56, 7, 36], [21]]);
		expect(editor.plan.portals!.map(portalSetKind)).toEqual(['fake', 'two_way', 'three_way', 'fake']);
		expect([9, 27, 54, 56, 7, 36, 21].every((c) => editor.plan.cells[c]?.kind === 'portal')).toBe(true);
		expect(codes(editor.plan).filter((c) => c.startsWith('portal'))).toEqual([]);
		editor.undo();
		expect(editor.plan.portals).toHaveLength(3);
	});

	test('a portal painted over leaves its set; out of its set it is named by the validator; order moves within a set', () => {
		let plan: Plan = { ...blank('abandoned'), cells: blank('abandoned').cells.map((c, i) => ([1, 2, 3].includes(i) ? { kind: 'portal' } : c)), portals: [[1, 2, 3]] };
		plan = movePortalInSet(plan, 1, 1);
		expect(plan.portals).toEqual([[2, 1, 3]]);
		expect(movePortalInSet(plan, 3, 1)).toBe(plan);
		plan = paintCell(plan, 1, 'marsh');
		expect(plan.portals).toEqual([[2, 3]]);
		plan = removeFromPortalSet(plan, 3);
		expect(plan.portals).toEqual([[2]]);
		expect(validatePlan(plan).errors).toContainEqual(expect.objectContaining({ code: 'portal_not_in_set', cells: [3] }));
		// On its own it is a fake portal, a set of one.
		plan = makeFakePortal(plan, 3);
		expect(plan.portals).toEqual([[2], [3]]);
		expect(makeFakePortal(plan, 3)).toBe(plan);
		expect(codes(plan).filter((c) => c.startsWith('portal'))).toEqual([]);
	});
});

describe('a duel\'s numbered pits (seeds 001/004, 2d)', () => {
	test('pits and pit exits take the lowest free number, or the chosen one; four of each pass the count', () => {
		const editor = new EditorCore(blank('duel', 10));
		editor.options.kind = 'pit';
		for (let x = 0; x < 4; x++) tap(editor, at(x, 0));
		editor.options.kind = 'pit_exit';
		for (let x = 0; x < 3; x++) tap(editor, at(x, 2));
		// The validator says which numbers it found, so the missing exit IV shows.
		expect(validatePlan(editor.plan).errors).toContainEqual(expect.objectContaining({ code: 'duel_pits', params: { pits: '1, 2, 3, 4', exits: '1, 2, 3' } }));
		editor.options.number = 4;
		tap(editor, at(9, 9));
		expect(editor.plan.cells.slice(0, 4).map((c) => c?.number)).toEqual([1, 2, 3, 4]);
		expect(editor.plan.cells[99]).toEqual({ kind: 'pit_exit', number: 4 });
		expect(codes(editor.plan)).not.toContain('duel_pits');
		// Repainting with another number renumbers.
		editor.options.kind = 'pit';
		editor.options.number = 1;
		tap(editor, at(3, 0));
		expect(editor.plan.cells[3]).toEqual({ kind: 'pit', number: 1 });
		expect(codes(editor.plan)).toContain('duel_pits');
	});
});

describe('treasures of each system', () => {
	test('topographic: one treasure, the true one, moved by a tap; abandoned: piles, as many as tapped', () => {
		const topo = new EditorCore(blank('topographic'));
		topo.setTool('treasure');
		topo.options.treasureTrue = false;
		tap(topo, at(0, 0));
		tap(topo, at(1, 0));
		expect(topo.plan.items).toEqual([{ cell: 1, kind: 'treasure', true: true }]);
		const abandoned = new EditorCore(blank('abandoned'));
		abandoned.setTool('treasure');
		tap(abandoned, at(0, 0));
		tap(abandoned, at(1, 0));
		expect(abandoned.plan.items).toEqual([
			{ cell: 0, kind: 'treasure', true: true },
			{ cell: 1, kind: 'treasure', true: true }
		]);
		tap(abandoned, at(0, 0));
		expect(abandoned.plan.items).toEqual([{ cell: 1, kind: 'treasure', true: true }]);
	});
});

describe('exits of the other systems (gaps in the outer wall)', () => {
	test('a tap on the outline makes an open exit and takes it away again: no closed exits outside the classic game', () => {
		for (const rules of ['topographic', 'abandoned', 'duel'] as const) {
			const editor = new EditorCore(blank(rules, rules === 'duel' ? 10 : 8));
			editor.setTool('walls');
			tap(editor, { x: 2.5, y: 0.02 });
			expect(editor.plan.exits).toEqual([{ cell: 2, dir: 'up', open: true }]);
			tap(editor, { x: 2.5, y: 0.02 });
			expect(editor.plan.exits).toEqual([]);
		}
	});

	test('a duel with one open exit on each side passes the exit count (2)', () => {
		const editor = new EditorCore(blank('duel', 10));
		editor.setTool('walls');
		for (const p of [{ x: 4.5, y: 0.02 }, { x: 9.98, y: 4.5 }, { x: 4.5, y: 9.98 }, { x: 0.02, y: 4.5 }]) tap(editor, p);
		expect(codes(editor.plan)).not.toContain('duel_exits');
	});
});

describe('the tools each system offers', () => {
	test('each system offers the tools for what its plans hold; starting over as another system leaves a tool it lacks for paint', () => {
		expect(toolsFor('topographic')).toContain('creature');
		expect(toolsFor('abandoned')).toContain('portal');
		for (const rules of ['classic', 'abandoned', 'duel'] as const) expect(toolsFor(rules)).not.toContain('creature');
		for (const rules of ['topographic', 'abandoned', 'duel'] as const) expect(toolsFor(rules)).not.toContain('shape');
		expect(toolsFor('duel')).not.toContain('river');
		const editor = new EditorCore(blank('topographic'));
		editor.setTool('creature');
		editor.edit(() => blank('duel', 10));
		expect(editor.tool).toBe('paint');
		editor.setTool('walls');
		editor.undo();
		expect(editor.tool).toBe('walls');
	});
});

describe('history of the systems\' tools (property)', () => {
	const point = fc.record({ x: fc.double({ min: -0.5, max: 8.5, noNaN: true }), y: fc.double({ min: -0.5, max: 8.5, noNaN: true }) });
	const rules = fc.constantFrom<RuleSystemId>('topographic', 'abandoned', 'duel');

	test('every gesture is one step at most; undo and redo give back the plans; sets, paths and the bear always refer to the right cells', () => {
		fc.assert(
			fc.property(
				rules,
				fc.array(fc.record({ tool: fc.nat(20), creature: fc.boolean(), turn: fc.constantFrom(1, 2, 3), points: fc.array(point, { minLength: 1, maxLength: 6 }) }), { maxLength: 25 }),
				(system, gestures) => {
					const first = blank(system, system === 'duel' ? 10 : 8);
					const editor = new EditorCore(first);
					const tools = toolsFor(system);
					const seen: Plan[] = [first];
					for (const { tool, creature, turn, points } of gestures) {
						editor.setTool(tools[tool % tools.length] as ToolId);
						editor.options.creature = creature ? 'ghost' : 'bear';
						editor.options.turn = turn as 1 | 2 | 3;
						editor.options.kind = (['spinner', 'portal', 'pit', 'land'] as const)[tool % 4]!;
						drag(editor, points);
						if (editor.plan !== seen[seen.length - 1]) seen.push(editor.plan);
					}
					const last = editor.plan;
					let undos = 0;
					while (editor.canUndo) {
						editor.undo();
						undos++;
					}
					expect(undos).toBe(seen.length - 1);
					expect(editor.plan).toEqual(first);
					while (editor.canRedo) editor.redo();
					expect(editor.plan).toEqual(last);
					for (const set of last.portals ?? []) {
						expect(set.length).toBeGreaterThan(0);
						expect(set.length).toBeLessThanOrEqual(3);
						for (const c of set) expect(last.cells[c]?.kind).toBe('portal');
					}
					for (const c of last.cells) if (c?.kind === 'spinner') expect([1, 2, 3]).toContain(c.turn);
					if (last.bear !== undefined) expect(last.cells[last.bear]).toBeTruthy();
					const g = last.ghost ?? [];
					for (let i = 1; i < g.length; i++) expect(Math.abs((g[i]! % 8) - (g[i - 1]! % 8)) + Math.abs(Math.floor(g[i]! / 8) - Math.floor(g[i - 1]! / 8))).toBe(1);
					expect(new Set(g).size).toBe(g.length);
					if (system === 'topographic') expect(validatePlan(last).errors.map((p) => p.code)).not.toContain('ghost_path_broken');
				}
			),
			{ numRuns: 200 }
		);
	});
});
