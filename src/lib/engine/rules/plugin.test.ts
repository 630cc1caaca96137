import { describe, expect, test } from 'vitest';
import { applyWith } from '../game/apply';
import { buildPlan, Script } from '../game/testing';
import { ruleSystem, classic } from './index';
import type { RuleSystem } from './types';

describe('rule systems plug in by overriding hooks', () => {
	test('the registry builds every rule system under its own id', () => {
		expect(ruleSystem('classic')).toEqual({ ok: true, value: classic });
		for (const id of ['duel', 'topographic', 'abandoned'] as const) {
			const r = ruleSystem(id);
			expect(r.ok && r.value.id).toBe(id);
		}
	});
	test('a variant overriding one hook changes only that behaviour (bullets pass hospitals)', () => {
		const variant: RuleSystem = { ...classic, bulletStops: () => false };
		const plan = buildPlan(['LHL'], { items: [[0, 0, 'treasure', true]] });
		const g = new Script(plan, 2).start([0, 0], [2, 0]);
		g.until(0);
		const cmd = { type: 'move', by: 0, actions: [{ a: 'shoot', dir: 'right' }, { a: 'skip' }] } as const;
		const viaClassic = applyWith(classic, g.state, cmd as never);
		const viaVariant = applyWith(variant, g.state, cmd as never);
		// after the move as said (1.2), the answer
		expect(viaClassic.events[1]!.type).toBe('no_scream');
		expect(viaVariant.events[1]!.type).toBe('scream');
	});

	test('the system\'s plan checks: a plan using a kind the system does not know is located', () => {
		const plan = buildPlan(['LL'], {});
		(plan.cells[1] as { kind: string }).kind = 'spinner';
		const kinds = (p: typeof plan) => classic.planProblems(p).filter((x) => x.code === 'cell_kind_not_in_rules');
		expect(kinds(plan)).toEqual([{ code: 'cell_kind_not_in_rules', cells: [1] }]);
		expect(kinds(buildPlan(['LH'], {}))).toEqual([]);
	});
});
