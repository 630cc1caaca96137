/**
 * One place per kind (issue 34): a cell kind given to one rule system through its descriptor
 * alone reaches everything that offers a system's kinds — the editor's palette, the plan
 * validator, the plan's text picture, the legend and the deduction sheet — and taken away, it
 * is refused by each again. The throwaway kind is another system's kind (every kind needs its
 * place in `CELL_KINDS`, its letter and its label), put into a system that does not have it.
 */
import { describe, expect, test } from 'vitest';
import { buildPlan } from '../engine/game/testing';
import { parsePlanText, renderPlanText } from '../engine/plan/format-text';
import type { CellKind, Plan, RuleSystemId } from '../engine/plan/types';
import { validatePlan } from '../engine/plan/validate';
import { descriptorOf, DESCRIPTORS, kindLetters, ruleSystem } from '../engine/rules/index';
import { generateAbandoned } from '../engine/rules/abandoned/generate';
import { generateDuel } from '../engine/rules/duel/generate';
import { generateTopographic } from '../engine/rules/topographic/generate';
import { legendOf } from '../editor/legend';
import { cellKindsOf, systemFace } from './index';

/** `kind` (with its letter) in `id`'s descriptor while `check` runs; the descriptor as it was afterwards. */
function withKind(id: RuleSystemId, kind: CellKind, letter: string, check: () => void): void {
	const letters = descriptorOf(id).letters as Partial<Record<CellKind, string>>;
	letters[kind] = letter;
	try {
		check();
	} finally {
		delete letters[kind];
	}
}

const CLASSIC_PLAN = buildPlan(['LWLLH', 'L>DLL', 'PLLLP', 'HLLWL'], {
	exits: [
		[0, 0, 'up', true],
		[4, 3, 'down', false]
	],
	items: [[2, 2, 'treasure', true]]
});

/** A plan of each system its validator takes. */
const PLANS: Record<RuleSystemId, Plan> = {
	classic: CLASSIC_PLAN,
	topographic: generateTopographic('kind', 'kind'),
	abandoned: generateAbandoned('kind', 'kind'),
	duel: generateDuel('kind', 'kind')
};

/** The plan with its square at (3, 0) of `kind`. */
const withSquare = (plan: Plan, kind: CellKind): Plan => ({ ...plan, cells: plan.cells.map((c, i) => (i === 3 ? { kind } : c)) });

/** What each place that offers a system's kinds says of `kind` in a plan of `id`. */
function offers(id: RuleSystemId, plan: Plan, kind: CellKind) {
	const system = ruleSystem(id);
	if (!system.ok) throw new Error(id);
	const text = parsePlanText(renderPlanText(plan));
	return {
		palette: systemFace(id).paints.includes(kind as never),
		validator: !validatePlan(plan).errors.some((e) => e.code === 'cell_kind_not_in_rules'),
		text: text.ok && text.value.cells[3]?.kind === kind,
		legend: legendOf(plan).some((s) => s.t === 'kind' && s.kind === kind),
		// The sheet offers the system's kinds to mark: the engine's `cellKinds`, and the face's (what the phone's sheet may read without the engine).
		sheet: system.value.cellKinds.includes(kind),
		faceKinds: cellKindsOf(id).includes(kind)
	};
}

describe('a cell kind added to one system through its descriptor', () => {
	test.each([
		['classic', 'arsenal'],
		['classic', 'portal'],
		['topographic', 'hospital'],
		['abandoned', 'crocodile'],
		['duel', 'swamp']
	] as const)('%s given %s: palette, validator, text format, legend and sheet all offer it; without it they refuse it', (id, kind) => {
		const plan = withSquare(PLANS[id], kind);
		const letter = kindLetters()[kind]!;
		// Before: the system knows no such kind (the legend draws whatever a plan holds).
		expect(offers(id, plan, kind)).toEqual({ palette: false, validator: false, text: false, legend: true, sheet: false, faceKinds: false });
		withKind(id, kind, letter, () => {
			expect(offers(id, plan, kind)).toEqual({ palette: true, validator: true, text: true, legend: true, sheet: true, faceKinds: true });
		});
		// Taken away again: refused as before.
		expect(offers(id, plan, kind)).toEqual({ palette: false, validator: false, text: false, legend: true, sheet: false, faceKinds: false });
	});

	test('a kind has one letter wherever it is used, and no two kinds share a letter', () => {
		const seen = new Map<string, CellKind>();
		for (const d of DESCRIPTORS)
			for (const [kind, letter] of Object.entries(d.letters) as [CellKind, string][]) {
				expect(kindLetters()[kind], `${d.id} ${kind}`).toBe(letter);
				expect(seen.get(letter) ?? kind, `${d.id} letter ${letter}`).toBe(kind);
				seen.set(letter, kind);
			}
	});
});
