import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../../game/testing';

// A small all-purpose plan (x → right, y ↓ down):
//   y0:  L  L  H  W
//   y1:  >  >  D  L
//   y2:  P  L  E  P
const base = (extra = {}) =>
	buildPlan(['LLHW', '>>DL', 'PLEP'], {
		exits: [
			[0, 0, 'up', true],
			[3, 2, 'right', false]
		],
		loops: [
			[
				[0, 2],
				[3, 2]
			]
		],
		items: [[1, 0, 'treasure', true]],
		...extra
	});

describe('2.2 movement, walls', () => {
	test('2.2: moving into a wall keeps the player in place and says so', () => {
		const g = new Script(base({ walls: [[0, 0, 'right']] }), 2).start([0, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()).toContain('wall');
		expect(g.p(0).cell).toBe(g.cell(0, 0));
	});
	test('2.2: an outer side is a wall too', () => {
		const g = new Script(base(), 2).start([3, 1], [0, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()[0]).toBe('wall');
		expect(g.p(0).cell).toBe(g.cell(3, 1));
	});
	test('4.1: walking onto land', () => {
		const g = new Script(base(), 2).start([0, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }, { a: 'skip' }]);
		expect(g.last[0]!.type).toBe('rejected');
		g.move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types().slice(0, 2)).toEqual(['land', 'found']);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 0 });
	});
});

describe('4.2 hospital, 4.3 weaponry', () => {
	test('4.2: a wounded player walking into a hospital is healed', () => {
		const g = new Script(base(), 2).start([1, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'left' }, { a: 'go', dir: 'down' }]);
		expect(g.p(1).health).toBe('wounded');
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: true });
		expect(g.p(1).health).toBe('healthy');
	});
	test('4.2: shooting out of a hospital is forbidden; nobody in a hospital is wounded', () => {
		const g = new Script(base(), 2).start([2, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'left' }, { a: 'skip' }]);
		// Answered with the move ("no luck"), not refused: the player may not know the cell (rulings).
		expect(g.last[0]).toMatchObject({ type: 'action_failed', reason: 'shoot_forbidden_here', audience: { to: 'all' } });
		expect(g.p(0).bullets).toBe(3);
		expect(g.p(1).health).toBe('healthy');
		const g2 = new Script(base(), 2).start([1, 0], [2, 0]);
		g2.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g2.types()[0]).toBe('no_scream');
		expect(g2.p(1).health).toBe('healthy');
	});
	test('4.2 / 4.3: a bullet stops at a hospital or a weaponry (does not pass through)', () => {
		// y0: L L H W L — shooter at x0, target behind the hospital at x3 (weaponry) and x4.
		const plan = buildPlan(['LLHWL'], { items: [[0, 0, 'treasure', true]] });
		const g = new Script(plan, 2).start([0, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.types()[0]).toBe('no_scream');
		const g2 = new Script(plan, 2, { shootThroughBuildings: true }).start([0, 0], [4, 0]);
		g2.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g2.types()[0]).toBe('scream');
	});
	test('4.3: one can shoot towards a weaponry: a player inside is hit, one behind it is not', () => {
		const plan = buildPlan(['LWL'], { items: [[0, 0, 'treasure', true]] });
		const g = new Script(plan, 2).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.types()[0]).toBe('scream');
		const h = new Script(plan, 2).start([0, 0], [2, 0]);
		h.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(h.types()[0]).toBe('no_scream');
	});
	test('4.3: walking into a weaponry restocks to 3 and 3', () => {
		const g = new Script(base(), 2).start([3, 1], [0, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'left' }, { a: 'shoot', dir: 'down' }, { a: 'go', dir: 'up' }]);
		expect(g.last.find((e) => e.type === 'weaponry')).toMatchObject({ bullets: 3, grenades: 3, treasure: false });
		expect(g.p(0).bullets).toBe(3);
		expect(g.p(0).grenades).toBe(3);
	});
});

describe('4.4 pits', () => {
	test('4.4: walking into a pit transports to the next one of the loop', () => {
		const g = new Script(base(), 2).start([1, 2], [0, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()[0]).toBe('pit');
		expect(g.p(0).cell).toBe(g.cell(3, 2));
	});
	test('4.4: loop movement goes to the next pit; hitting a wall from a pit does not transport', () => {
		const g = new Script(base(), 2).start([3, 2], [0, 0]);
		g.until(0).move(0, [{ a: 'loop' }]);
		expect(g.types()[0]).toBe('pit_loop');
		expect(g.p(0).cell).toBe(g.cell(0, 2));
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.types()[0]).toBe('wall');
		expect(g.p(0).cell).toBe(g.cell(0, 2));
	});
});

describe('4.5 / 4.6 rivers', () => {
	test('4.6: walking into a river carries one cell downstream', () => {
		const g = new Script(base(), 2).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: false });
		expect(g.p(0).cell).toBe(g.cell(1, 1));
	});
	test('4.6: carried to a delta is said so', () => {
		const g = new Script(base(), 2).start([1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		expect(g.p(0).cell).toBe(g.cell(2, 1));
	});
	test('4.6: moving against the flow stays put, with the same message', () => {
		const g = new Script(base(), 2).start([1, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: false });
		expect(g.p(0).cell).toBe(g.cell(1, 1));
	});
	test('4.6: moving with the flow traverses two cells', () => {
		const g = new Script(base(), 2).start([0, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		expect(g.p(0).cell).toBe(g.cell(2, 1));
	});
	test('4.6: moving by the flow goes one cell downstream', () => {
		const g = new Script(base(), 2).start([0, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'flow' }]);
		expect(g.last[0]).toMatchObject({ type: 'by_flow', delta: false });
		expect(g.p(0).cell).toBe(g.cell(1, 1));
	});
	test('4.6: hitting a wall from a river still carries one cell downstream', () => {
		const g = new Script(base({ walls: [[0, 1, 'down']] }), 2).start([0, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.last[0]).toMatchObject({ type: 'wall_carried', delta: false });
		expect(g.p(0).cell).toBe(g.cell(1, 1));
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		// against the flow from (1,1) lands on (0,1) river → carried back to (1,1)
		expect(g.p(0).cell).toBe(g.cell(1, 1));
	});
	test('4.6: hitting a wall in the river\'s last cell carries into the delta', () => {
		const g = new Script(base(), 2).start([1, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.last[0]!.type).toBe('land'); // no wall: the player steps out of the river onto (1,2)
		const w = new Script(base({ walls: [[1, 1, 'down']] }), 2).start([1, 1], [3, 0]);
		w.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(w.last[0]).toMatchObject({ type: 'wall_carried', delta: true });
		expect(w.p(0).cell).toBe(w.cell(2, 1));
	});
	test('4.6: stepping from a delta into the river flowing into it carries straight back', () => {
		const g = new Script(base(), 2).start([2, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		expect(g.p(0).cell).toBe(g.cell(2, 1));
	});
	test('4.6 / 4.4: a pit never transports by the flow, a river never by the loop', () => {
		const g = new Script(base(), 2).start([0, 2], [3, 0]);
		g.until(0).move(0, [{ a: 'flow' }]);
		expect(g.last[0]!.type).toBe('no_flow');
		const r = new Script(base(), 2).start([0, 1], [3, 0]);
		r.until(0).move(0, [{ a: 'loop' }]);
		expect(r.last[0]!.type).toBe('no_loop');
		expect(r.p(0).cell).toBe(r.cell(0, 1));
	});
	test('4.6: walking into a delta directly', () => {
		const g = new Script(base(), 2).start([2, 2], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.types()[0]).toBe('delta');
	});
	test('7.4: turbulent rivers carry to the delta at once', () => {
		const g = new Script(base(), 2, { rivers: 'turbulent' }).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		expect(g.p(0).cell).toBe(g.cell(2, 1));
	});
	test('7.4: shallow rivers carry once, then the player wades; a delta cannot be left against an inflow', () => {
		const g = new Script(base(), 2, { rivers: 'shallow' }).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.p(0).cell).toBe(g.cell(1, 1));
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()[0]).toBe('river_wade');
		expect(g.p(0).cell).toBe(g.cell(0, 1));
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()[0]).toBe('delta');
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()[0]).toBe('river_against');
		expect(g.p(0).cell).toBe(g.cell(2, 1));
	});
	test('4.6: items thrown into a river source are lost; the true treasure there is a draw (5.2)', () => {
		const g = new Script(base(), 2).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.p(0).carry?.k).toBe('treasure');
		g.until(0).move(0, [{ a: 'go', dir: 'left' }, { a: 'leave', item: 'treasure', dir: 'down' }]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'treasure_lost' });
	});
});
