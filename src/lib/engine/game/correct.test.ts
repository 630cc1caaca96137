// Rulings 5 (seed 000, section 8: the master's word is final): the master sets what a player carries.
import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from './testing';
import type { Command, CorrectionChange } from './types';

// a0 holds treasure 0 (fake), c0 treasure 1 (true); d0 is a hospital
const plan = buildPlan(['LLLH'], { items: [[0, 0, 'treasure', false], [2, 0, 'treasure', true]], exits: [[0, 0, 'left', true], [3, 0, 'right', true]] });
const fix = (change: CorrectionChange): Command => ({ type: 'correct', by: 'master', reason: 'a slip', change });

describe('rulings 5: correcting what a player carries', () => {
	test('a treasure is taken from where it lies; what he carried is put down on his cell', () => {
		const g = new Script(plan, 2).start([1, 0], [3, 0]);
		expect(g.p(0).carry).toEqual({ k: 'landmine' });
		g.do(fix({ kind: 'carry', seat: 0, carry: { k: 'treasure', id: 1 } }));
		// a landmine is set like the ammo: not put down
		expect(g.state.items[1]).toEqual([]);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 1 });
		expect(g.state.items[2]).toEqual([]);
		expect(g.last.map((e) => [e.type, e.audience.to])).toEqual([['master_correct', 'all'], ['master_corrected', 'master']]);
		// the table hears that the master corrected something, never what
		expect(g.view(1).events.some((e) => e.type === 'master_corrected')).toBe(false);
		g.do(fix({ kind: 'carry', seat: 0, carry: { k: 'treasure', id: 0 } }));
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 0 });
		expect(g.state.items[0]).toEqual([]);
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 1 }]);
		g.do(fix({ kind: 'carry', seat: 0, carry: null }));
		expect(g.p(0).carry).toBeNull();
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 1 }, { k: 'treasure', id: 0 }]);
	});

	test('a treasure another player carries changes hands; a landmine is simply given', () => {
		const g = new Script(plan, 2).start([1, 0], [3, 0]);
		g.do(fix({ kind: 'carry', seat: 1, carry: { k: 'treasure', id: 1 } }));
		g.do(fix({ kind: 'carry', seat: 0, carry: { k: 'treasure', id: 1 } }));
		expect([g.p(0).carry, g.p(1).carry]).toEqual([{ k: 'treasure', id: 1 }, null]);
		g.do(fix({ kind: 'carry', seat: 1, carry: { k: 'landmine' } }));
		expect(g.p(1).carry).toEqual({ k: 'landmine' });
	});

	test('bad input gets a clear refusal and changes nothing', () => {
		const g = new Script(plan, 2).start([1, 0], [3, 0]);
		const before = g.state;
		for (const change of [
			{ kind: 'carry', seat: 0, carry: { k: 'treasure', id: 7 } },
			{ kind: 'carry', seat: 0, carry: { k: 'corpse', seat: 1 } },
			{ kind: 'carry', seat: 0, carry: { k: 'corpse', seat: 0 } },
			{ kind: 'carry', seat: 5, carry: null },
			{ kind: 'carry', seat: 0, carry: { k: 'bullet' } },
			{ kind: 'carry', seat: 0, carry: 'treasure' }
		]) {
			const events = g.do(fix(change as CorrectionChange));
			expect(events.map((e) => e.type), JSON.stringify(change)).toEqual(['rejected']);
			expect(g.state).toBe(before);
		}
		expect(g.do(fix({ kind: 'carry', seat: 0, carry: { k: 'treasure', id: 7 } }))[0]).toMatchObject({ reason: 'no_item' });
	});
});
