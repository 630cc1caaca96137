import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../../game/testing';

// A corridor: x0 … x4 on one row; an open exit left of x0, a closed exit right of x4.
const corridor = (row = 'LLLLL', extra = {}) =>
	buildPlan([row], {
		exits: [
			[0, 0, 'left', true],
			[row.length - 1, 0, 'right', false]
		],
		items: [[2, 0, 'treasure', true]],
		...extra
	});

describe('3 goal', () => {
	test('3.3: finding a treasure is told; the player takes it by default or may leave it (noPickup)', () => {
		const g = new Script(corridor(), 2, { landmines: false }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }], { noPickup: true });
		expect(g.last[1]).toMatchObject({ type: 'found', treasures: 1 });
		expect(g.p(0).carry).toBeNull();
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'left' }]);
		expect(g.p(0).carry?.k).toBe('treasure');
	});
	test('3.3 / 5.1: wounded and infected players cannot carry a treasure', () => {
		const g = new Script(corridor(), 2, { landmines: false }).start([2, 0], [2, 0]);
		// Both start on the treasure cell: nothing picked at the start; seat 0 takes it, seat 1 shoots.
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'skip' }]);
		expect(g.p(0).carry?.k).toBe('treasure');
		g.until(1).move(1, [{ a: 'shoot', dir: 'up' }, { a: 'skip' }]);
		expect(g.p(0).health).toBe('wounded');
		expect(g.p(0).carry).toBeNull();
		// 5.5: the shooter in the same cell catches what fell.
		expect(g.types()).toContain('at_feet');
		expect(g.p(1).carry?.k).toBe('treasure');
	});
	test('3.4: a fake treasure carried out crumbles; the player must come back next move', () => {
		const plan = corridor('LLLLL', { items: [[1, 0, 'treasure', false], [4, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false }).start([1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'left' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.last[0]).toMatchObject({ type: 'exit_out', crumbled: true });
		expect(g.p(0).outside).toBe('left');
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()[0]).toBe('land');
		expect(g.p(0).outside).toBeNull();
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.types()[0]).toBe('lost_outside');
		expect(g.p(0).status).toBe('lost');
	});
	test('Rulings 2: an exit may refuse a player without a treasure ("found an exit")', () => {
		const g = new Script(corridor(), 2, { exitRefusesWithoutTreasure: true }).start([0, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()[0]).toBe('exit_refused');
		expect(g.p(0).outside).toBeNull();
	});
	test('3.5: killing every other player wins', () => {
		const g = new Script(corridor(), 2, { landmines: false }).start([1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'skip' }]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'elimination' });
	});
	test('7.9: the last survivor gets K moves instead of winning at once', () => {
		const g = new Script(corridor(), 2, { landmines: false, lastSurvivorMoves: 2 }).start([1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		g.until(1).move(1, [{ a: 'skip' }]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'right' }]);
		expect(g.types()).toContain('survivor_left');
		expect(g.state.result).toBeNull();
		g.move(0, [{ a: 'go', dir: 'left' }]);
		g.move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'survivor_time' });
	});
	test('3.6: N_stop rounds with no irreversible change is a draw; counting is announced', () => {
		const g = new Script(corridor(), 2, { nStop: 2, landmines: false }).start([0, 0], [4, 0]);
		g.do({ type: 'count_nstop', by: g.now });
		for (let i = 0; i < 4; i++) g.move(g.now, [{ a: 'go', dir: 'up' }]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'nstop' });
		const counts = g.events.slice().filter((e) => e.type === 'nstop_count');
		expect(counts.map((e) => (e as { rounds: number }).rounds)).toEqual([1, 2]);
	});
	test('3.6: blowing a wall restarts the N_stop count', () => {
		const g = new Script(corridor('LLLLL', { walls: [[1, 0, 'right']] }), 2, { nStop: 2, landmines: false }).start([1, 0], [4, 0]);
		g.do({ type: 'count_nstop', by: g.now });
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'right' }, { a: 'go', dir: 'up' }]);
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		expect(g.state.nstop.rounds).toBe(0);
		expect(g.state.result).toBeNull();
	});
	test('3.6: counting can be stopped (and only when it runs)', () => {
		const g = new Script(corridor(), 2, { nStop: 2 }).start([0, 0], [4, 0]);
		g.do({ type: 'count_nstop', by: 'master', stop: true });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'not_counting' });
		g.do({ type: 'count_nstop', by: 0 });
		g.do({ type: 'count_nstop', by: 1 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'already_counting' });
		g.do({ type: 'count_nstop', by: 'master', stop: true });
		expect(g.last[0]!.type).toBe('nstop_stopped');
		for (let i = 0; i < 6; i++) g.move(g.now, [{ a: 'go', dir: 'up' }]);
		expect(g.state.result).toBeNull();
	});
	test('6.6: if all players skip, the game is a draw', () => {
		const g = new Script(corridor(), 3).start([0, 0], [1, 0], [4, 0]);
		for (let i = 0; i < 3; i++) g.move(g.now, [{ a: 'skip' }]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'all_skipped' });
	});
	test('5.2: throwing the true treasure out of the labyrinth is a draw', () => {
		const g = new Script(corridor('LLLLL', { items: [[0, 0, 'treasure', true]] }), 2, { landmines: false }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }, { a: 'leave', item: 'treasure', dir: 'left' }]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'treasure_lost' });
	});
});

describe('5 items', () => {
	test('5.1: less valuable items are exchanged for more valuable ones (landmine for a treasure)', () => {
		const g = new Script(corridor(), 2).start([1, 0], [4, 0]);
		expect(g.p(0).carry?.k).toBe('landmine');
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.p(0).carry?.k).toBe('treasure');
		expect(g.state.items[g.cell(2, 0)]).toEqual([{ k: 'landmine', armed: false }]);
	});
	test('5.2: an item thrown into a wall falls at the thrower\'s feet', () => {
		const g = new Script(corridor('LLLLL', { walls: [[1, 0, 'right']] }), 2).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'leave', item: 'landmine', dir: 'right' }, { a: 'skip' }]);
		expect(g.types()).toEqual(expect.arrayContaining(['thrown', 'at_feet']));
		expect(g.state.items[g.cell(1, 0)]).toEqual([{ k: 'landmine', armed: false }]);
	});
	test('7.1: throwing can be forbidden (leaving on the own cell stays allowed)', () => {
		const g = new Script(corridor(), 2, { throwing: false }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'leave', item: 'landmine', dir: 'right' }, { a: 'skip' }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'option_off' });
		g.move(0, [{ a: 'leave', item: 'landmine' }, { a: 'skip' }]);
		expect(g.state.items[g.cell(1, 0)]).toEqual([{ k: 'landmine', armed: false }]);
	});
	test('5.3: bullets lying around are picked up by the first healthy player with fewer than 3', () => {
		const g = new Script(corridor('LLLLL', { items: [[2, 0, 'treasure', true], [3, 0, 'bullet', 2]] }), 2, { landmines: false }).start([2, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'right' }]);
		expect(g.p(0).bullets).toBe(3);
		expect(g.state.items[g.cell(3, 0)]).toEqual([{ k: 'bullet' }]);
	});
	test('5.4: a grenade removes an inner wall; an indestructible wall stays; a closed exit opens', () => {
		const g = new Script(corridor('LLLLL', { walls: [[1, 0, 'right']] }), 2, { grenadeWording: 'tell' }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'right' }, { a: 'grenade', dir: 'up' }, { a: 'grenade', dir: 'left' }, { a: 'go', dir: 'right' }]);
		expect(g.last.filter((e) => e.type === 'grenade').map((e) => (e as { outcome: string }).outcome)).toEqual(['blown', 'stood', 'no_wall']);
		expect(g.p(0).cell).toBe(g.cell(2, 0));
		g.until(1).move(1, [{ a: 'grenade', dir: 'right' }, { a: 'go', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'exit_out')).toBeDefined();
	});
	test('7.8: by default the grenade\'s result is not told to players (the master knows)', () => {
		const g = new Script(corridor('LLLLL', { walls: [[1, 0, 'right']] }), 2).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'right' }, { a: 'skip' }]);
		const gr = g.last.filter((e) => e.type === 'grenade');
		// the table heard "blow the right wall" in the move as said, and nothing of the wall
		expect(g.said).toMatchObject({ audience: { to: 'all' }, move: { actions: [{ a: 'grenade', dir: 'right' }, { a: 'skip' }] } });
		expect(gr.filter((e) => e.audience.to !== 'master')).toEqual([]);
		expect(gr.find((e) => e.audience.to === 'master')).toMatchObject({ outcome: 'blown' });
	});
	test('5.5: a bullet wounds everybody else in the shooter\'s cell, whatever the direction', () => {
		const g = new Script(corridor(), 3).start([1, 0], [1, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'left' }, { a: 'skip' }]);
		expect(g.types()[0]).toBe('scream');
		expect([g.p(1).health, g.p(2).health, g.p(0).health]).toEqual(['wounded', 'wounded', 'healthy']);
	});
	test('5.5: a bullet stops at a wall and at the first player in its way', () => {
		const g = new Script(corridor('LLLLL', { walls: [[2, 0, 'right']] }), 3).start([0, 0], [1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(1).health).toBe('wounded');
		const g2 = new Script(corridor('LLLLL', { walls: [[2, 0, 'right']] }), 2).start([0, 0], [4, 0]);
		g2.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g2.types()[0]).toBe('no_scream');
	});
	test('5.5: the wounded cannot shoot; a second hit (after he is up again) kills; no bullets left is answered "no luck"', () => {
		const g = new Script(corridor(), 2).start([1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		g.until(1).move(1, [{ a: 'shoot', dir: 'left' }, { a: 'skip' }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'not_healthy', audience: { to: 'seat', seat: 1 } });
		g.move(1, [{ a: 'skip' }]);
		// Two bullets left, three shots: the third is answered with the move (the ground might have held one).
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'shoot', dir: 'right' }, { a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'no_bullets', audience: { to: 'all' } });
		expect(g.p(1).status).toBe('dead');
		// 5.5: the corpse and the grenades lie where he died.
		expect(g.state.items[g.cell(3, 0)]!.filter((i) => i.k === 'corpse')).toHaveLength(1);
	});
	test('5.5: N−1 cell orders; a wounded player is told at his turn (everybody hears it, section A) and may order a cell', () => {
		const g = new Script(corridor(), 2).start([1, 0], [3, 0]);
		expect(g.p(1).reorders).toBe(1);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		const notice = g.last.find((e) => e.type === 'wounded_notice');
		expect(notice?.audience).toEqual({ to: 'all' });
		g.do({ type: 'order_cell', by: 1, cell: g.cell(0, 0) });
		expect(g.last.find((e) => e.type === 'ordered_at')?.audience).toEqual({ to: 'master' });
		expect(g.p(1).cell).toBe(g.cell(0, 0));
		expect(g.p(1).reorders).toBe(0);
	});
	test('5.7: a landmine wounds all on the cell when someone arrives, destroying bullets and landmines', () => {
		const g = new Script(corridor(), 2).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'left' }, { a: 'skip' }]);
		expect(g.state.items[g.cell(0, 0)]).toEqual([{ k: 'landmine', armed: true }]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()).toContain('blast');
		expect(g.p(0).health).toBe('wounded');
		expect(g.state.items[g.cell(0, 0)]).toEqual([]);
	});
	test('5.7: a landmine set towards a wall lies on the own cell; in a hospital it is defused', () => {
		const g = new Script(corridor('LHLLL', { walls: [[2, 0, 'right']] }), 2).start([2, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'right' }, { a: 'skip' }]);
		expect(g.state.items[g.cell(2, 0)]).toContainEqual({ k: 'landmine', armed: true });
		const h = new Script(corridor('LHLLL'), 2).start([2, 0], [4, 0]);
		h.until(0).move(0, [{ a: 'mine', dir: 'left' }, { a: 'skip' }]);
		expect(h.state.items[h.cell(1, 0)]).toEqual([{ k: 'landmine', armed: false }]);
	});
	test('7.5: after a landmine the wounded may not order a cell', () => {
		const g = new Script(corridor(), 2, { noReorderAfterMine: true }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'left' }, { a: 'skip' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.p(0).pendingOrder).toBe(false);
	});
	test('5.8: treasures on a cell are numbered from the lowest; a player can pick any', () => {
		const plan = corridor('LLLLL', { items: [[2, 0, 'treasure', false], [2, 0, 'treasure', true], [2, 0, 'treasure', false]] });
		const g = new Script(plan, 2, { landmines: false }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'found')).toMatchObject({ treasures: 3 });
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 0 }); // lowest by default
		g.until(0).move(0, [{ a: 'take', index: 1 }, { a: 'skip' }]);
		// 5.8: numbered as he found them (the one picked up keeps its place): the second lowest.
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 1 });
		expect(g.state.items[g.cell(2, 0)]).toEqual([{ k: 'treasure', id: 0 }, { k: 'treasure', id: 2 }]);
	});
});
