/**
 * Clauses of seed 000 (and two of seed 002) that an outside suite found without a test of their
 * own (issue 17), each tested by its clause: cremation (4.2), a corpse thrown onto a landmine
 * (5.7), shallow rivers (7.4), handicaps (7.2), the time limit (9), the N−1 cell re-orders (5.5),
 * the rusty bullet's range and the shop (002 3.1, 3.3), and the validator on a river flowing into
 * a pit (4.5).
 */
import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../../game/testing';
import { validatePlan } from '../../plan/validate';
import type { Plan } from '../../plan/types';
import en from '../../../../../messages/en.json';
import ru from '../../../../../messages/ru.json';
import uk from '../../../../../messages/uk.json';
import { abandonedExt, heldItem } from '../abandoned/rules';
import { grid } from '../topographic/testing';

const corpses = (g: Script) => g.state.items.flat().filter((i) => i.k === 'corpse').length + g.state.players.filter((p) => p.carry?.k === 'corpse').length;

describe('4.2 "a corpse carried in is confiscated and cremated by the medical workers"', () => {
	test('4.2: the corpse carried into a hospital is gone — not carried, not lying there — and everybody hears it', () => {
		// y0: a b . H    a shoots b dead (two moves), picks the corpse up, carries it into the hospital.
		const h = new Script(buildPlan(['LLLH'], { items: [[0, 0, 'treasure', true]] }), 3, { landmines: false }).start([0, 0], [1, 0], [3, 0]);
		h.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		h.until(1).do({ type: 'order_cell', by: 1, cell: null });
		h.move(1, [{ a: 'skip' }]);
		h.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'right' }]);
		expect(h.p(1).status).toBe('dead');
		expect(h.p(0).carry).toMatchObject({ k: 'corpse', seat: 1 });
		expect(corpses(h)).toBe(1);
		h.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		h.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(h.last.find((e) => e.type === 'cremated')).toMatchObject({ seat: 0, audience: { to: 'all' } });
		expect(h.p(0).carry).toBeNull();
		expect(corpses(h)).toBe(0);
	});
});

describe('5.7 "a landmine can also be triggered by throwing someone\'s corpse towards the cell where it is set"', () => {
	test('5.7: the thrown corpse sets the mine off: all on that cell wounded, bullets there destroyed, the corpse stays, the thrower unhurt', () => {
		// y0: c b a T    b lays his mine to the left (under c); a kills b and throws the corpse left.
		const plan = buildPlan(['LLLL'], { items: [[3, 0, 'treasure', true], [0, 0, 'bullet', 2]] });
		const g = new Script(plan, 3).start([2, 0], [1, 0], [0, 0]);
		g.until(1).move(1, [{ a: 'mine', dir: 'left' }, { a: 'skip' }]);
		expect(g.state.items[0]).toContainEqual({ k: 'landmine', armed: true });
		g.until(0).move(0, [{ a: 'leave', item: 'landmine', dir: 'right' }, { a: 'shoot', dir: 'left' }, { a: 'skip' }]);
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'skip' }]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'left' }, { a: 'go', dir: 'left' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.p(0).carry?.k).toBe('corpse');
		expect(g.p(2).health).toBe('healthy');
		g.until(0).move(0, [{ a: 'leave', item: 'corpse', dir: 'left' }, { a: 'skip' }]);
		expect(g.types()).toContain('blast');
		expect(g.p(2).health).toBe('wounded');
		expect(g.p(0).health).toBe('healthy');
		const there = g.state.items[0]!;
		expect(there.filter((i) => i.k === 'bullet' || i.k === 'landmine')).toEqual([]);
		expect(there.filter((i) => i.k === 'corpse')).toHaveLength(1);
	});

	test('5.7: a corpse only left (not thrown) on the own mined cell does not set it off', () => {
		const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] });
		const g = new Script(plan, 3).start([0, 0], [1, 0], [1, 0]);
		g.until(1).move(1, [{ a: 'mine' }, { a: 'skip' }]);
		g.until(2).move(2, [{ a: 'leave', item: 'landmine', dir: 'right' }, { a: 'shoot', dir: 'up' }, { a: 'skip' }]); // wounds 1 on the own cell
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'skip' }]);
		g.until(2).move(2, [{ a: 'shoot', dir: 'up' }, { a: 'skip' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.p(2).carry?.k).toBe('corpse');
		g.until(2).move(2, [{ a: 'leave', item: 'corpse' }, { a: 'skip' }]);
		expect(g.types()).not.toContain('blast');
		expect(g.state.items[1]).toContainEqual({ k: 'landmine', armed: true });
	});
});

describe('7.4 "rivers can be shallow"', () => {
	//  y0: L v L     a river down the middle into a delta
	//  y1: L v L
	//  y2: L D L
	const plan = buildPlan(['LvL', 'LvL', 'LDL'], { items: [[0, 0, 'treasure', true]] });
	test('7.4: carried once on stepping in; then up- and downstream like land ("by the river"); out and in again carries again', () => {
		const g = new Script(plan, 2, { rivers: 'shallow' }).start([0, 0], [2, 2]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: false });
		expect(g.p(0).cell).toBe(g.cell(1, 1));
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]); // upstream, on foot
		expect(g.types()[0]).toBe('river_wade');
		expect(g.p(0).cell).toBe(g.cell(1, 0));
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]); // downstream: told the same, one cell only
		expect(g.types()[0]).toBe('river_wade');
		expect(g.p(0).cell).toBe(g.cell(1, 1));
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]); // out of the river
		expect(g.types()[0]).toBe('land');
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]); // in again: carried again
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		expect(g.p(0).cell).toBe(g.cell(1, 2));
	});
	test('7.4: "one cannot exit the delta towards a river flowing in" — answered like a wall; normal rivers let him step in', () => {
		const g = new Script(plan, 2, { rivers: 'shallow' }).start([1, 2], [0, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.types()).toEqual(expect.arrayContaining(['river_against']));
		expect(g.p(0).cell).toBe(g.cell(1, 2));
		const n = new Script(plan, 2).start([1, 2], [0, 0]);
		n.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(n.last[0]).toMatchObject({ type: 'river', delta: true });
	});
});

describe('7.2 handicaps', () => {
	const plan = buildPlan(['LHL', 'LWL'], { items: [[0, 0, 'treasure', true], [2, 0, 'treasure', false]] });
	test('7.2: "ask the type of m cells … before the game start": m private answers, the table hears only that he asked', () => {
		const g = new Script(plan, 2, { handicapQuestions: 2 });
		g.do({ type: 'ask_cell_kind', by: 0, cell: g.cell(1, 0) });
		g.do({ type: 'ask_cell_kind', by: 0, cell: g.cell(1, 1) });
		const mine = g.view(0).events.filter((e) => e.type === 'cell_kind_answer');
		expect(mine.map((e) => (e as { kind: string }).kind)).toEqual(['hospital', 'weaponry']);
		const theirs = g.view(1).events;
		expect(theirs.filter((e) => e.type === 'cell_kind_answer')).toEqual([]);
		expect(theirs.filter((e) => e.type === 'cell_kind_asked')).toHaveLength(2);
		g.do({ type: 'ask_cell_kind', by: 0, cell: 0 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_question_left' });
		// Only before the start (7.2 "before the game start").
		const h = new Script(plan, 2, { handicapQuestions: 1 }).start([0, 1], [2, 1]);
		h.do({ type: 'ask_cell_kind', by: h.now, cell: 0 });
		expect(h.last[0]).toMatchObject({ type: 'rejected', reason: 'wrong_phase' });
	});
	test('7.2: "one extra cell order": not wounded, he leaves bullets, treasure (landmine, corpse) where he was, keeps his grenades; the cell is told to the master only', () => {
		const g = new Script(plan, 2, { handicapOrders: 1, landmines: false }).start([1, 0], [1, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 0 });
		g.until(0).do({ type: 'order_cell', by: 0, cell: g.cell(2, 1) });
		expect(g.p(0)).toMatchObject({ cell: g.cell(2, 1), bullets: 0, grenades: 3, carry: null, extraOrders: 0 });
		expect(g.state.items[0]).toEqual([{ k: 'bullet' }, { k: 'bullet' }, { k: 'bullet' }, { k: 'treasure', id: 0 }]);
		expect(g.last.find((e) => e.type === 'ordered_at')?.audience).toEqual({ to: 'master' });
		expect(g.last.find((e) => e.type === 'cell_ordered')).toMatchObject({ declined: false, audience: { to: 'all' } });
		g.move(0, [{ a: 'go', dir: 'down' }]);
		g.until(0).do({ type: 'order_cell', by: 0, cell: 0 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_order_left' });
	});
});

describe('9 move time limitation', () => {
	const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] });
	test('9: "his corpse and all the items are left where he died"; with one player left he wins (3.5)', () => {
		const g = new Script(plan, 2).start([1, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		const a = g.now;
		const before = g.p(a);
		g.do({ type: 'time_out', by: 'master', seat: a });
		expect(g.last[0]).toMatchObject({ type: 'timed_out', seat: a, audience: { to: 'all' } });
		const there = g.state.items[before.cell]!;
		expect(there.filter((i) => i.k === 'bullet')).toHaveLength(before.bullets);
		expect(there.filter((i) => i.k === 'grenade')).toHaveLength(before.grenades);
		if (before.carry) expect(there).toContainEqual(before.carry.k === 'landmine' ? { k: 'landmine', armed: false } : before.carry);
		expect(there).toContainEqual({ k: 'corpse', seat: a, contagious: false });
		expect(g.state.result).toEqual({ kind: 'win', seat: 1 - a, how: 'elimination' });
	});
	test('9: only the player whose move it is can be timed, and only by the master', () => {
		const g = new Script(plan, 3).start([0, 0], [1, 0], [2, 0]);
		const other = g.state.order[1]!;
		g.do({ type: 'time_out', by: 'master', seat: other });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'not_your_turn' });
		g.do({ type: 'time_out', by: g.now, seat: g.now } as never);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'malformed' });
	});
});

describe('5.5 "each player has N-1 cell re-orders"', () => {
	const plan = buildPlan(['LLLH'], { items: [[0, 0, 'treasure', true]] });
	test('5.5: N−1 orders each; "a player who used up all his re-orders continues from the same cell when wounded"', () => {
		// Three players: two orders. The wounded one (seat 1) orders the hospital's neighbour, heals, comes back.
		const g = new Script(plan, 3, { landmines: false }).start([0, 0], [1, 0], [3, 0]);
		expect(g.state.players.map((p) => p.reorders)).toEqual([2, 2, 2]);
		for (let k = 0; k < 3; k++) {
			g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
			expect(g.p(1).health).toBe('wounded');
			g.until(1);
			const told = g.last.find((e) => e.type === 'wounded_notice');
			expect(told).toMatchObject({ seat: 1, canOrder: k < 2, audience: { to: 'all' } }); // section A: "Player 2 is wounded…"
			if (k < 2) g.do({ type: 'order_cell', by: 1, cell: g.cell(2, 0) });
			else {
				g.do({ type: 'order_cell', by: 1, cell: g.cell(2, 0) });
				expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_order_left' });
				expect(g.p(1).cell).toBe(g.cell(1, 0));
				break;
			}
			g.move(1, [{ a: 'go', dir: 'right' }]); // healed in the hospital
			expect(g.p(1).health).toBe('healthy');
			g.until(1).move(1, [{ a: 'go', dir: 'left' }]);
			g.until(1).move(1, [{ a: 'go', dir: 'left' }]);
			expect(g.p(1).cell).toBe(g.cell(1, 0));
		}
		expect(g.p(1).reorders).toBe(0);
	});
	test('5.5: "ordering a new cell is only possible on the turn immediately following the wound"', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		g.until(1).move(1, [{ a: 'go', dir: 'up' }]); // moved without ordering: declined
		expect(g.last.find((e) => e.type === 'cell_ordered')).toMatchObject({ declined: true });
		g.until(1).do({ type: 'order_cell', by: 1, cell: g.cell(2, 0) });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_order_left' });
		expect(g.p(1).reorders).toBe(1);
	});
});

describe('002 3.1 the rusty bullet, 3.3 the shop', () => {
	const row = (cells: string, extra = {}) => grid('abandoned', [cells], { exits: [{ cell: 0, dir: 'up', open: true }], items: [], ...extra });
	function game(plan: Plan, places: number[], seed = 1): Script {
		const g = new Script(plan, places.length, {}, seed);
		places.forEach((cell, seat) => g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat, cell } }));
		g.do({ type: 'confirm_starts', by: 'master' });
		return g;
	}
	const give = (g: Script, seat: number) => {
		const x = abandonedExt(g.state);
		const items = x.items.slice();
		items[seat] = 'bullet';
		g.state = { ...g.state, ext: { ...x, items } };
	};
	test('002 3.1: "up to 3 spaces away … if a wall blocks the bullet, announce that the shooter has missed"', () => {
		const open = game(row('L L L L L'), [0, 3]);
		const me = open.state.order[0]!;
		open.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: 0 } });
		open.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - me, cell: 3 } });
		give(open, me);
		open.move(me, [{ a: 'use', item: 'bullet', dir: 'right' }, { a: 'go', dir: 'down' }]);
		expect(open.last[0]).toMatchObject({ type: 'injured', seat: 1 - me, by: me });
		const walled = game(row('L L L L L', { walls: [{ cell: 1, dir: 'right' }] }), [0, 3]);
		const m2 = walled.state.order[0]!;
		walled.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: m2, cell: 0 } });
		walled.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - m2, cell: 2 } });
		give(walled, m2);
		walled.move(m2, [{ a: 'use', item: 'bullet', dir: 'right' }, { a: 'go', dir: 'down' }]);
		expect(walled.last[0]).toMatchObject({ type: 'missed', audience: { to: 'all' } });
		expect(walled.p(1 - m2).health).toBe('healthy');
		// "The shooter loses his/her bullet" either way.
		expect(heldItem(walled.state, m2)).toBeNull();
	});
	test('002 3.3: "if the adventurer is not already holding an item, they may roll the dice": the die is public, the item held', () => {
		const g = game(row('L T L'), [0]);
		g.move(0, [{ a: 'go', dir: 'right' }]);
		const shop = g.last.find((e) => e.type === 'shop') as { roll: number; item: string; audience: unknown };
		expect(shop.audience).toEqual({ to: 'all' });
		expect(shop.roll).toBeGreaterThanOrEqual(1);
		expect(shop.roll).toBeLessThanOrEqual(6);
		expect(heldItem(g.state, 0)).toBe(shop.item);
	});
});

describe('4.5 the validator on a river flowing into a pit', () => {
	test('4.5.2: "two cells linked by the flow … belong to the same river system": a river into a pit is an error located on both cells', () => {
		const plan = buildPlan(['LWLLH', 'L>PLL', 'PLLLH'], {
			exits: [[0, 0, 'up', true], [4, 2, 'down', false]],
			loops: [[[2, 1], [0, 2]]],
			items: [[3, 2, 'treasure', true]]
		});
		const { errors } = validatePlan(plan, { players: 3 });
		const e = errors.find((p) => p.code === 'river_flow_into_land');
		expect(e).toMatchObject({ cells: [plan.width + 1, plan.width + 2] });
		for (const msgs of [en, ru, uk] as unknown as Record<string, string>[]) expect(msgs.problem_river_flow_into_land).toBeTruthy();
		expect(en.problem_river_flow_into_land).toMatch(/river or a delta/);
	});
});
