/**
 * Seed 000 clause by clause, where two rules meet and implementations disagree: bullets over
 * rivers and pits, grenades at the labyrinth's outer wall and exits, a wounded player in a
 * hospital or weaponry, a treasure carried through a river, pit or delta, the treasure of a
 * carrier killed, repeated-move bans, N_stop and the end of the game, elimination by
 * encephalitis, landmines. Each test cites the clause and asserts what the table hears.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../../random';
import { apply } from '../../game/apply';
import { createGame, initialState } from '../../game/game';
import { randomLegalCommand } from '../../game/random-command';
import { generatePlan } from '../../plan/generate';
import { buildPlan, Script } from '../../game/testing';
import type { GameEvent } from '../../game/types';
import { K_HOSPITAL } from '../../game/board';

const heard = (events: readonly GameEvent[]) => events.filter((e) => e.audience.to === 'all').map((e) => e.type);

describe('5.5 with 4.4, 4.6: a bullet over pits and rivers', () => {
	// y0: L P L L    pits (1,0) ↔ (0,1)
	// y1: P L L L
	const pits = buildPlan(['LPLL', 'PLLL'], { loops: [[[1, 0], [0, 1]]], items: [[3, 1, 'treasure', true]] });

	test('5.5 / 4.4: "each bullet flies straight until it meets an obstacle" — a pit is none: the bullet is not taken by the loop', () => {
		const g = new Script(pits, 3, { landmines: false }).start([0, 0], [0, 1], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(heard(g.last)).toContain('scream');
		expect(g.p(2).health).toBe('wounded');
		expect(g.p(1).health).toBe('healthy'); // in the loop's other pit
	});

	test('5.5 / 4.4: a player standing in a pit is hit like anyone, and stops the bullet', () => {
		const g = new Script(pits, 3, { landmines: false }).start([0, 0], [1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(heard(g.last)).toContain('scream');
		expect(g.p(1)).toMatchObject({ health: 'wounded', cell: g.cell(1, 0) });
		expect(g.p(2).health).toBe('healthy');
	});

	// y0: L > > D L    a river flowing right into a delta
	const river = buildPlan(['L>>DL'], { items: [[4, 0, 'treasure', true]] });

	test('5.5 / 4.6: a bullet crosses a river (not carried by the flow) and hits a player in its delta', () => {
		const g = new Script(river, 2, { landmines: false }).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(heard(g.last)).toContain('scream');
		expect(g.p(1).health).toBe('wounded');
	});

	test('5.5 / 7.3: one shoots from a river and into it (a player standing on a river cell is hit); only damp powder forbids the first', () => {
		const g = new Script(river, 2, { landmines: false }).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(heard(g.last)).toContain('scream');
		const h = new Script(river, 2, { landmines: false }).start([0, 0], [2, 0]);
		h.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(h.p(1).health).toBe('wounded');
		const damp = new Script(river, 2, { landmines: false, dampPowder: true }).start([1, 0], [4, 0]);
		damp.until(0).move(0, [{ a: 'skip' }, { a: 'shoot', dir: 'right' }]);
		expect(damp.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'damp_powder', audience: { to: 'all' } });
		expect(damp.p(1).health).toBe('healthy');
	});

	test('5.5 / 4.6: shooting after being carried is done from where the flow left him', () => {
		const g = new Script(river, 2, { landmines: false }).start([0, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'right' }]);
		expect(g.p(0).cell).toBe(g.cell(2, 0));
		expect(heard(g.last)).toContain('scream');
		expect(g.p(1).health).toBe('wounded');
	});
});

describe('5.4 with 1.4: grenades at the outer wall and at exits', () => {
	// y0: L L    an open exit right of (1,0), a closed exit left of (0,0)
	const plan = buildPlan(['LL'], { exits: [[1, 0, 'right', true], [0, 0, 'left', false]], items: [[0, 0, 'treasure', true]] });

	test('5.4: an indestructible outer wall survives; the grenade is spent; the wall still stops him', () => {
		const g = new Script(plan, 2, { landmines: false, grenadeWording: 'tell' }).start([1, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'up' }]);
		expect(g.last.find((e) => e.type === 'grenade')).toMatchObject({ outcome: 'stood', audience: { to: 'all' } });
		expect(heard(g.last)).toContain('wall');
		expect(g.p(0).grenades).toBe(2);
	});

	test('5.4: a grenade at an open exit finds no wall: only a grenade less; the exit stays open', () => {
		const g = new Script(plan, 2, { landmines: false, grenadeWording: 'tell' }).start([1, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'right' }, { a: 'go', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'grenade')).toMatchObject({ outcome: 'no_wall' });
		expect(g.last.find((e) => e.type === 'exit_out')).toBeDefined();
		expect(g.p(0).grenades).toBe(2);
	});

	test('1.4 / 3.6: a closed exit blown open is an irreversible change (the N_stop count restarts); a grenade that blew nothing is not', () => {
		const g = new Script(plan, 2, { landmines: false, nStop: 5 }).start([1, 0], [0, 0]);
		g.do({ type: 'count_nstop', by: 0 });
		// (6.6: skips all round would be a draw of their own; the players bump the bottom wall.)
		const down = { a: 'go', dir: 'down' } as const;
		for (let round = 0; round < 2; round++) {
			g.move(g.now, g.now === 0 ? [{ a: 'grenade', dir: round === 0 ? 'up' : 'right' }, down] : [down]);
			g.move(g.now, g.now === 0 ? [{ a: 'grenade', dir: round === 0 ? 'up' : 'right' }, down] : [down]);
		}
		const counts = g.events.seatEvents(0).filter((e) => e.type === 'nstop_count') as Extract<GameEvent, { type: 'nstop_count' }>[];
		expect(counts.map((e) => e.rounds)).toEqual([1, 2]);
		g.until(1).move(1, [{ a: 'grenade', dir: 'left' }, { a: 'go', dir: 'left' }]);
		g.until(g.state.order[0]!).move(g.now, [down]);
		expect(g.events.seatEvents(0).filter((e) => e.type === 'exit_out')).toHaveLength(1);
		expect(g.events.seatEvents(0).filter((e) => e.type === 'nstop_count').at(-1)).toMatchObject({ rounds: 0 });
	});
});

describe('4.2, 4.3 with 5.5: a wounded player in a weaponry or a hospital', () => {
	// y0: L W H L
	const plan = buildPlan(['LWHL'], { items: [[3, 0, 'treasure', true]] });

	test('4.3 / 5.5: a wounded player walking into a weaponry gets grenades only — "until healed … cannot carry … bullets"', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'grenade', dir: 'up' }, { a: 'skip' }]);
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'weaponry', bullets: 0, grenades: 3, audience: { to: 'all' } });
		expect(g.p(1).health).toBe('wounded');
	});

	test('4.3 / 5.5: a weaponry does not protect: a wounded player in it shot again dies; the bullet stops there', () => {
		const g = new Script(plan, 3, { landmines: false }).start([0, 0], [1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(1).health).toBe('wounded');
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'go', dir: 'up' }]); // a wall: he stays in the weaponry
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(heard(g.last)).toContain('scream');
		expect(g.p(1).status).toBe('dead');
		expect(g.p(2).health).toBe('healthy');
	});

	test('4.2: a wounded player walking into a hospital is healed there and is told so; bullets into the hospital hurt nobody', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'skip' }]);
		expect(g.p(1).health).toBe('wounded');
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'go', dir: 'right' }]);
		g.until(1).move(1, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: true, audience: { to: 'all' } });
		g.until(0).move(0, [{ a: 'skip' }, { a: 'shoot', dir: 'right' }]);
		expect(heard(g.last)).toContain('no_scream');
		expect(g.p(1).health).toBe('healthy');
	});

	test('4.2 "immediately heals" with 5.5: a wounded player who ordered a hospital as his new cell is healed as his move begins — silently, whether he stays or walks out', () => {
		for (const dir of ['up', 'right'] as const) {
			const g = new Script(plan, 2, { landmines: false }).start([0, 0], [0, 0]);
			g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'skip' }]);
			g.until(1).do({ type: 'order_cell', by: 1, cell: g.cell(2, 0) });
			// 5.5: the order itself does nothing the table could hear.
			expect(g.p(1).health).toBe('wounded');
			g.move(1, [{ a: 'go', dir }]);
			expect(heard(g.last)[0]).toBe(dir === 'up' ? 'wall' : 'land');
			expect(heard(g.last)).not.toContain('hospital');
			expect(g.p(1).health).toBe('healthy');
		}
	});
});

describe('3.3, 4.4, 4.6 with 5.2: a treasure carried through a pit, a river, a delta', () => {
	// y0: L > > D    river into a delta; a fake treasure lies on the middle river cell
	// y1: P L L P    pits (0,1) ↔ (3,1)
	const plan = buildPlan(['L>>D', 'PLLP'], {
		loops: [[[0, 1], [3, 1]]],
		items: [[0, 0, 'treasure', true], [2, 0, 'treasure', false]]
	});

	test('4.6: "the rivers only transport players and do not transport items": the carried treasure goes with him; what lies on a river cell he passes is not found', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [1, 1]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		expect(g.last[1]).toMatchObject({ type: 'river', delta: false });
		// Carried from (1,0) to (2,0): the fake lying there is found (where he arrived after the flow).
		expect(g.last.find((e) => e.type === 'found')).toMatchObject({ treasures: 1 });
		expect(g.p(0).carry).toMatchObject({ k: 'treasure', id: 0 }); // 5.1: equal rank, not exchanged
		g.until(0).move(0, [{ a: 'flow' }]);
		expect(g.last[0]).toMatchObject({ type: 'by_flow', delta: true });
		expect(g.p(0)).toMatchObject({ cell: g.cell(3, 0), carry: { k: 'treasure', id: 0 } });
		expect(g.last.find((e) => e.type === 'found')).toBeUndefined();
	});

	test('4.4: a player falling into a pit keeps what he carries; "pits do not affect items"', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 1]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'down' }]);
		expect(g.last[1]).toMatchObject({ type: 'pit' });
		expect(g.p(0)).toMatchObject({ cell: g.cell(3, 1), carry: { k: 'treasure', id: 0 } });
	});

	test('5.2: a treasure thrown into a river or a pit lies where it fell, not carried by the flow or the loop', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 1]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'leave', item: 'treasure', dir: 'down' }, { a: 'skip' }]);
		expect(g.state.items[g.cell(0, 1)]).toEqual([{ k: 'treasure', id: 0 }]);
		// From the delta, a bullet thrown up the river onto (2,0), a river cell the flow passes.
		const h = new Script(plan, 2, { landmines: false }).start([3, 0], [2, 1]);
		h.until(0).move(0, [{ a: 'leave', item: 'bullet', dir: 'left' }, { a: 'skip' }]);
		expect(h.state.items[h.cell(2, 0)]).toEqual([{ k: 'treasure', id: 1 }, { k: 'bullet' }]);
		expect(h.state.items[h.cell(3, 0)]).toEqual([]);
	});

	test('4.6 / 5.2: the true treasure thrown onto a river source ends the game in a draw at once', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 1]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'leave', item: 'treasure', dir: 'right' }, { a: 'skip' }]);
		// (1,0) is the river's source: nothing flows into it.
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'treasure_lost' });
		expect(heard(g.last)).toContain('draw');
	});
});

describe('5.5, 5.6 the treasure of a carrier wounded or killed', () => {
	const row = buildPlan(['LLLL'], { items: [[1, 0, 'treasure', true]] });

	test('5.5: "in case of a player\'s death, the grenades and his own corpse are also left": the treasure lies there; the next healthy arrival finds and takes it', () => {
		const g = new Script(row, 3, { landmines: false }).start([1, 0], [0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'skip' }]);
		g.until(1).move(1, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(0).health).toBe('wounded');
		expect(g.state.items[g.cell(1, 0)]).toContainEqual({ k: 'treasure', id: 0 });
		g.until(0).do({ type: 'order_cell', by: 0, cell: null });
		g.move(0, [{ a: 'go', dir: 'up' }]);
		g.until(1).move(1, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(0).status).toBe('dead');
		const lying = g.state.items[g.cell(1, 0)]!;
		expect(lying).toContainEqual({ k: 'treasure', id: 0 });
		expect(lying.filter((it) => it.k === 'grenade')).toHaveLength(3);
		expect(lying).toContainEqual({ k: 'corpse', seat: 0, contagious: false });
		g.until(2).move(2, [{ a: 'go', dir: 'left' }]);
		g.until(2).move(2, [{ a: 'go', dir: 'left' }]);
		// Found with the counts of each kind (5.2); the treasure outranks the corpse (5.1).
		expect(g.last.find((e) => e.type === 'found')).toMatchObject({ treasures: 1, grenades: 3, corpses: 1 });
		expect(g.p(2).carry).toEqual({ k: 'treasure', id: 0 });
	});

	test('5.2: a carrier who dies outside the labyrinth — lost after a fake — takes nothing with him into the labyrinth', () => {
		const plan = buildPlan(['LLL'], { exits: [[0, 0, 'left', true]], items: [[0, 0, 'treasure', false], [2, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'left' }]);
		expect(g.last[1]).toMatchObject({ type: 'exit_out', crumbled: true });
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.p(0).status).toBe('lost');
		expect(g.state.items[g.cell(0, 0)]).toEqual([]);
		// With one player left, he wins by elimination (3.5).
		expect(g.state.result).toEqual({ kind: 'win', seat: 1, how: 'elimination' });
	});
});

describe('7.7 repeated moves', () => {
	const plan = buildPlan(['LL', 'LL'], { items: [[1, 1, 'treasure', true]] });

	test('7.7: the same wall hit again is refused privately (nothing changes); another move is not', () => {
		const g = new Script(plan, 2, { landmines: false, banRepeat: true }).start([0, 0], [1, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(0);
		const before = g.state;
		expect(g.move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'rejected', reason: 'repeat_banned', audience: { to: 'seat', seat: 0 } });
		expect(g.state).toBe(before);
		expect(g.move(0, [{ a: 'go', dir: 'left' }])[0]).toMatchObject({ type: 'wall' });
	});

	test('7.7: a wall hit after a new cell was ordered is not a repeat (it is not known to change nothing)', () => {
		const g = new Script(plan, 2, { landmines: false, banRepeat: true }).start([0, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(1).move(1, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'right' }]);
		g.until(0).do({ type: 'order_cell', by: 0, cell: g.cell(0, 1) });
		expect(g.move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'land' });
	});

	test('7.7: a wall hit after someone threw a grenade is not known to change nothing: it may be said again', () => {
		const g = new Script(plan, 2, { landmines: false, banRepeat: true }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(1).move(1, [{ a: 'grenade', dir: 'up' }, { a: 'skip' }]);
		expect(g.until(0).move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'wall' });
		// Nothing heard since: now it is a repeat.
		g.until(1).move(1, [{ a: 'skip' }]);
		expect(g.until(0).move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'rejected', reason: 'repeat_banned' });
	});

	test('7.7: alternating between two walls he knows is repeating too (the stalling the seed bans)', () => {
		const g = new Script(plan, 2, { landmines: false, banRepeat: true }).start([0, 0], [1, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.until(0).move(0, [{ a: 'go', dir: 'left' }])[0]).toMatchObject({ type: 'wall' });
		const before = g.until(0).state;
		expect(g.move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'rejected', reason: 'repeat_banned', audience: { to: 'seat', seat: 0 } });
		expect(g.move(0, [{ a: 'go', dir: 'left' }])[0]).toMatchObject({ type: 'rejected', reason: 'repeat_banned' });
		expect(g.state).toBe(before);
		// A step that goes somewhere is a new start: the walls of the new cell are not known, and back home neither.
		expect(g.move(0, [{ a: 'go', dir: 'right' }])[0]).toMatchObject({ type: 'land' });
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.until(0).move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'wall' });
	});

	test('7.7: a correction of the master, heard by all, makes no move known to change nothing', () => {
		const g = new Script(plan, 2, { landmines: false, banRepeat: true }).start([0, 0], [1, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(1).do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'ammo', seat: 1, bullets: 0, grenades: 0 } });
		expect(g.until(0).move(0, [{ a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'wall' });
	});

	test('7.7: without the ban the same walls may be hit for ever', () => {
		const g = new Script(plan, 2, { landmines: false, banRepeat: false }).start([0, 0], [1, 1]);
		for (let i = 0; i < 4; i++) expect(g.until(0).move(0, [{ a: 'go', dir: i % 2 ? 'left' : 'up' }])[0]).toMatchObject({ type: 'wall' });
	});
});

describe('3.5, 3.6, 4.7, 6.6: the end of the game', () => {
	test('4.7 / 3.5: the last but one player dying of encephalitis leaves the other the winner by elimination', () => {
		// y0: E L L    the mite at (0,0); no hospital reachable in time (movesToHeal 1)
		const plan = buildPlan(['ELL', 'HLL'], { walls: [[0, 1, 'up'], [0, 1, 'right']], items: [[2, 1, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false, movesToHeal: 1 }).start([1, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.last[0]).toMatchObject({ type: 'mite_woken' });
		g.until(1).move(1, [{ a: 'skip' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]); // stays: infected
		expect(g.last.find((e) => e.type === 'infected')).toMatchObject({ moves: 1 });
		g.until(1).move(1, [{ a: 'skip' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(heard(g.last)).toContain('infection_death');
		expect(g.p(0).status).toBe('dead');
		expect(g.state.result).toEqual({ kind: 'win', seat: 1, how: 'elimination' });
		expect(heard(g.last)).toContain('won');
	});

	test('3.6: N_stop rounds with no change end in a draw announced to all; the count is told every round', () => {
		const plan = buildPlan(['LL'], { items: [[1, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false, nStop: 2 }).start([0, 0], [0, 0]);
		g.do({ type: 'count_nstop', by: 1 });
		const rounds: number[] = [];
		for (let i = 0; i < 6 && !g.state.result; i++) {
			g.move(g.now, [{ a: 'go', dir: 'up' }]);
			for (const e of g.last) if (e.type === 'nstop_count') rounds.push(e.rounds);
		}
		expect(rounds).toEqual([1, 2]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'nstop' });
	});

	test('3.6: a death restarts the N_stop count; a wound does not', () => {
		const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] });
		const probe = new Script(plan, 3);
		const [a, b, c] = probe.state.order as [number, number, number];
		const at: [number, number][] = [];
		at[a] = [0, 0];
		at[b] = [0, 0];
		at[c] = [2, 0];
		const g = new Script(plan, 3, { landmines: false, nStop: 3 }).start(...at);
		g.do({ type: 'count_nstop', by: 'master' });
		const wall = (s: number) => g.move(s, [{ a: 'go', dir: 'up' }]);
		wall(a);
		wall(b);
		wall(c);
		g.move(a, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }]); // b wounded (same cell)
		g.do({ type: 'order_cell', by: b, cell: null });
		wall(b);
		wall(c);
		g.move(a, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }]); // b dies
		expect(g.p(b).status).toBe('dead');
		wall(c);
		const counts = g.events.seatEvents(c).filter((e) => e.type === 'nstop_count') as Extract<GameEvent, { type: 'nstop_count' }>[];
		expect(counts.map((e) => e.rounds)).toEqual([1, 2, 0]);
		expect(g.state.result).toBeNull();
	});
});

describe('5.7 landmines where rules meet', () => {
	// y0: L > D L    a river into a delta
	const plan = buildPlan(['L>DL'], { items: [[3, 0, 'treasure', true]] });

	test('5.7 / 4.6: a mine on the cell the flow carries him to goes off; he is wounded and drops what he carried', () => {
		const g = new Script(plan, 2).start([3, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'left' }, { a: 'skip' }]); // armed in the delta
		g.until(1).move(1, [{ a: 'go', dir: 'right' }]);
		expect(heard(g.last).slice(0, 2)).toEqual(['river', 'blast']);
		expect(g.p(1)).toMatchObject({ cell: g.cell(2, 0), health: 'wounded', bullets: 0, carry: null });
		// 5.7: his own landmine is destroyed with his bullets; nothing of them lies there.
		expect(g.state.items[g.cell(2, 0)]!.filter((it) => it.k === 'landmine' || it.k === 'bullet')).toEqual([]);
	});

	test('5.7 / 4.6: against the flow he "actually stays on the same cell" — a mine there does not go off', () => {
		const g = new Script(plan, 2).start([2, 0], [3, 0]);
		g.until(1).move(1, [{ a: 'mine', dir: 'left' }, { a: 'skip' }]); // armed in the delta, under player 0
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]); // into the river flowing back into the delta
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		expect(heard(g.last)).not.toContain('blast');
		expect(g.p(0).health).toBe('healthy');
	});

	test('5.7: the blast wounds everyone on the cell, the arriver too; a treasure carried falls there (not destroyed)', () => {
		const row = buildPlan(['LLL'], { items: [[0, 0, 'treasure', true]] });
		const g = new Script(row, 3).start([0, 0], [2, 0], [1, 0]);
		g.until(1).move(1, [{ a: 'mine', dir: 'left' }, { a: 'go', dir: 'up' }]); // armed at (1,0), under player 2
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		expect(heard(g.last)).toContain('blast');
		expect(g.p(0).health).toBe('wounded');
		expect(g.p(2).health).toBe('wounded');
		expect(g.state.items[g.cell(1, 0)]).toContainEqual({ k: 'treasure', id: 0 });
	});

	test('5.7: a landmine thrown through an open exit is defused by the external security: the one who walks out there is unharmed', () => {
		const row = buildPlan(['LL'], { exits: [[1, 0, 'right', true]], items: [[0, 0, 'treasure', true]] });
		const g = new Script(row, 2).start([1, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'right' }, { a: 'go', dir: 'right' }]);
		expect(heard(g.last)).not.toContain('blast');
		expect(g.p(0)).toMatchObject({ health: 'healthy', outside: 'right' });
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(heard(g.last)).not.toContain('blast');
		expect(g.p(0).health).toBe('healthy');
	});
});

describe('clauses without a test of their own before this pass', () => {
	test('2.3: the answer never says whether other players share the cell — arriving on a cell with players is told as on an empty one', () => {
		const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] });
		const alone = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 0]);
		const crowded = new Script(plan, 2, { landmines: false }).start([0, 0], [1, 0]);
		alone.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		crowded.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(crowded.last.filter((e) => e.type !== 'turn')).toEqual(alone.last.filter((e) => e.type !== 'turn'));
	});

	test('3.4 / 5.5: a player outside the labyrinth cannot be shot: a bullet through the open exit is gone', () => {
		const plan = buildPlan(['LL'], { exits: [[1, 0, 'right', true]], items: [[0, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false }).start([1, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.p(0).outside).toBe('right');
		g.until(1).move(1, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
		expect(heard(g.last)).toContain('no_scream');
		expect(g.p(0).health).toBe('healthy');
	});

	test('5.8: "no one can carry two treasures … nor a treasure together with a landmine": carrying one, he finds another and an unarmed landmine and keeps his own', () => {
		const plan = buildPlan(['LL'], { items: [[0, 0, 'treasure', true], [1, 0, 'treasure', false], [1, 0, 'landmine', 1]] });
		const g = new Script(plan, 2).start([0, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'found')).toMatchObject({ treasures: 1, landmines: 1 });
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 0 });
		expect(g.state.items[g.cell(1, 0)]!.map((it) => it.k).sort()).toEqual(['landmine', 'treasure']);
	});

	test('7.1: setting a landmine on a neighbouring cell can be forbidden; on his own cell it stays allowed', () => {
		const plan = buildPlan(['LL'], { items: [[1, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { mineOnNeighbour: false }).start([0, 0], [1, 0]);
		g.until(0);
		expect(g.move(0, [{ a: 'mine', dir: 'right' }, { a: 'go', dir: 'up' }])[0]).toMatchObject({ type: 'rejected', reason: 'option_off' });
		expect(g.p(0).carry).toEqual({ k: 'landmine' });
		g.move(0, [{ a: 'mine' }, { a: 'go', dir: 'up' }]);
		expect(heard(g.last)[0]).toBe('mine_set');
		expect(g.state.items[g.cell(0, 0)]).toContainEqual({ k: 'landmine', armed: true });
	});

	test('4.4 with 4.7: a contagious corpse in the entry pit does not infect the player falling through it; in the arrival pit it does', () => {
		// y0: P L P    pits (0,0) ↔ (2,0); a contagious corpse lies in (0,0)
		const plan = buildPlan(['PLP', 'LLH'], { loops: [[[0, 0], [2, 0]]], items: [[1, 1, 'treasure', true]] });
		const g = new Script(plan, 3, { landmines: false }).start([1, 0], [1, 1], [0, 1]);
		// Seat 2, infected, is shot below the pit (0,0) (5.5, fatal for the infected); player 1, immune,
		// catches the contagious corpse on the fly and throws it into the pit.
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: 2, health: 'infected' } });
		makeImmune(g, 1);
		g.until(1).move(1, [{ a: 'go', dir: 'left' }, { a: 'shoot', dir: 'up' }]);
		expect(g.p(2).status).toBe('dead');
		expect(g.p(1).carry).toEqual({ k: 'corpse', seat: 2, contagious: true });
		g.until(1).move(1, [{ a: 'leave', item: 'corpse', dir: 'up' }, { a: 'go', dir: 'right' }]);
		expect(g.state.items[g.cell(0, 0)]).toContainEqual({ k: 'corpse', seat: 2, contagious: true });
		// Player 0 falls into (0,0) and comes out at (2,0): not infected.
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.p(0)).toMatchObject({ cell: g.cell(2, 0), health: 'healthy' });
		expect(heard(g.last)).not.toContain('infected');
		// By the loop back into (0,0), the arrival pit this time: infected.
		g.until(0).move(0, [{ a: 'loop' }]);
		expect(g.p(0)).toMatchObject({ cell: g.cell(0, 0), health: 'infected' });
		expect(heard(g.last)).toContain('infected');
	});

	test('3.6: becoming immune is an irreversible change — the N_stop count restarts', () => {
		const plan = buildPlan(['HL'], { items: [[1, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false, nStop: 5 }).start([1, 0], [1, 0]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: 0, health: 'infected' } });
		g.do({ type: 'count_nstop', by: 'master' });
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(heard(g.last)).toContain('immune');
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		const counts = g.events.seatEvents(1).filter((e) => e.type === 'nstop_count') as Extract<GameEvent, { type: 'nstop_count' }>[];
		expect(counts.at(-1)?.rounds).toBe(0);
		expect(counts.map((e) => e.rounds)).toContain(1);
	});

	test('3.5 with 5.7: a blast that kills the last two players leaves nobody: a draw', () => {
		const plan = buildPlan(['LL'], { items: [[0, 0, 'treasure', true]] });
		const g = new Script(plan, 2).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'right' }, { a: 'go', dir: 'up' }]); // armed under player 1: setting is harmless
		expect(g.p(1).health).toBe('healthy');
		for (const seat of [0, 1]) g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat, health: 'wounded' } });
		g.until(0);
		if (g.p(0).health === 'wounded' && g.state.players[0]!.pendingOrder) g.do({ type: 'order_cell', by: 0, cell: null });
		g.move(0, [{ a: 'go', dir: 'right' }]);
		expect(heard(g.last)).toContain('blast');
		expect([g.p(0).status, g.p(1).status]).toEqual(['dead', 'dead']);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'no_survivors' });
		expect(heard(g.last)).toContain('draw');
	});
});

describe('4.7 with 5.5: a contagious corpse falling at the shooter\'s feet', () => {
	const plan = buildPlan(['LLL', 'HLL'], { items: [[2, 1, 'treasure', true]] });

	test('4.7: "a player who has immunity can pick up the contagious corpse" — a shooter who is not immune does not catch it; staying there infects him', () => {
		const g = new Script(plan, 3, { landmines: false }).start([1, 0], [1, 0], [2, 0]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: 1, health: 'infected' } });
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.last.find((e) => e.type === 'at_feet')).toMatchObject({ corpses: 1 });
		expect(g.p(0)).toMatchObject({ carry: null, health: 'infected' });
		expect(g.state.items[g.cell(1, 0)]).toContainEqual({ k: 'corpse', seat: 1, contagious: true });
	});

	test('4.7: the immune shooter catches it and may carry it off', () => {
		const g = new Script(plan, 3, { landmines: false }).start([1, 0], [1, 0], [2, 0]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: 1, health: 'infected' } });
		makeImmune(g, 0);
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }]);
		expect(g.p(0)).toMatchObject({ carry: { k: 'corpse', seat: 1, contagious: true }, health: 'healthy' });
	});
});

/** Make `seat` immune the way the game does: infected, then into a hospital and back where he was (4.7). */
function makeImmune(g: Script, seat: number): void {
	const from = g.p(seat).cell;
	const hospital = g.state.board.cellList.find((c) => g.state.board.kind[c] === K_HOSPITAL)!;
	g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat, health: 'infected' } });
	g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat, cell: hospital } });
	g.until(seat).move(seat, [{ a: 'go', dir: 'down' }]); // a wall: healed as the move begins (4.2), immune
	g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat, cell: from } });
	expect(g.p(seat)).toMatchObject({ immune: true, health: 'healthy', cell: from });
}

describe('6.7 with 5.7: a landmine set off in one\'s own dark move', () => {
	const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] });
	/** Player 1 arms a mine at (1,0), where player 2 stands; player 0 then walks onto it, dark or not. */
	const blastBy0 = (flags: object) => {
		const g = new Script(plan, 3).start([0, 0], [2, 0], [1, 0]);
		g.until(1).move(1, [{ a: 'mine', dir: 'left' }, { a: 'go', dir: 'up' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }], flags);
		expect([g.p(0).health, g.p(2).health]).toEqual(['wounded', 'wounded']);
		return g;
	};

	test('6.7: "neither will he be told about a landmine blast (thus he will not be able to order a new cell)": the table hears only "done"; at his turn he is told nothing, his health unknown to him until he asks (6.4)', () => {
		const g = blastBy0({ dark: true });
		expect(heard(g.last)).toEqual(['dark_done', 'turn']);
		g.until(0);
		expect(g.events.seatEvents(0).filter((e) => e.type === 'wounded_notice')).toEqual([]);
		expect(g.view(0).me.health).toBeUndefined();
		expect(g.view(0).me.mayOrderCell).toBe(false);
		expect(g.do({ type: 'order_cell', by: 0, cell: g.cell(2, 0) })[0]).toMatchObject({ type: 'rejected', reason: 'no_order_left' });
		expect(g.p(0).cell).toBe(g.cell(1, 0));
		// Another player wounded by the same blast was not the one moving in the dark: he is told at
		// his turn (until then he believes himself as he was: the twin property in known.test.ts), and may order.
		g.until(2);
		expect(g.events.seatEvents(2).filter((e) => e.type === 'wounded_notice').at(-1)).toMatchObject({ canOrder: true });
		expect(g.view(2).me.health).toBe('wounded');
		// Asked (6.4), the whole table hears his status, and he knows it again.
		g.until(0);
		expect(g.do({ type: 'status', by: 0 })[0]).toMatchObject({ type: 'status', status: { health: 'wounded', bullets: 0 }, audience: { to: 'all' } });
		expect(g.view(0).me).toMatchObject({ health: 'wounded', bullets: 0 });
	});

	test('6.7 / 6.8: in a move told in full the blast is heard and he may order a cell; in a semi-dark one, as in a dark one, he may not', () => {
		const told = blastBy0({});
		expect(heard(told.last)).toContain('blast');
		told.until(0);
		expect(told.do({ type: 'order_cell', by: 0, cell: told.cell(2, 0) })[0]).toMatchObject({ type: 'cell_ordered', declined: false });
		const semi = blastBy0({ semiDark: true });
		expect(heard(semi.last)).not.toContain('blast');
		semi.until(0);
		expect(semi.do({ type: 'order_cell', by: 0, cell: semi.cell(2, 0) })[0]).toMatchObject({ type: 'rejected' });
		expect(semi.p(0).cell).toBe(semi.cell(1, 0));
	});
});

describe('4.7 "neither mite nor contagious corpse affect an infected player in any way"', () => {
	test('4.7: an infected player walking onto a contagious cell is not infected again: his countdown goes on, nothing is dropped or told', () => {
		// y0: E L L H    the mite at (0,0), woken and contagious by the time player 0 comes back
		const plan = buildPlan(['ELLH'], { items: [[2, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false, movesToHeal: 5 }).start([1, 0], [2, 0]);
		g.until(1).move(1, [{ a: 'go', dir: 'left' }]);
		g.until(1).move(1, [{ a: 'go', dir: 'left' }]); // player 1 wakes the mite
		g.until(1).move(1, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: 0, health: 'infected' } });
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.p(0)).toMatchObject({ cell: 0, health: 'infected' });
		expect(heard(g.last)).not.toContain('infected');
		expect(g.last.find((e) => e.type === 'infection_left')).toMatchObject({ left: 4 });
	});
});

describe('1.1, 1.3, 3.2: the clauses every other test assumes', () => {
	const plan = buildPlan(['LLL'], { exits: [[2, 0, 'right', true]], items: [[1, 0, 'treasure', true], [0, 0, 'treasure', false]] });

	test('1.1: "three to six people, one of which … is a game master": up to six players are seated, not seven (and, to practise, one)', () => {
		for (const seats of [1, 2, 6]) expect(() => new Script(plan, seats)).not.toThrow();
		for (const seats of [0, 7]) expect(() => new Script(plan, seats)).toThrow();
	});

	test('1.3: "initially all the players are healthy"; "a wounded player loses all his items except grenades"', () => {
		const g = new Script(plan, 2, { landmines: true, landminesPerPlayer: 1 }).start([1, 0], [0, 0]);
		expect(g.state.players.map((p) => [p.health, p.status])).toEqual([['healthy', 'in'], ['healthy', 'in']]);
		expect(g.p(0)).toMatchObject({ bullets: 3, grenades: 3, carry: { k: 'landmine' } });
		g.until(1).move(1, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
		expect(g.p(0)).toMatchObject({ health: 'wounded', bullets: 0, grenades: 3, carry: null });
		// What he lost lies where he was hit, by the treasure lying there: his bullets and his landmine, unarmed.
		expect(g.state.items[g.cell(1, 0)]).toEqual([{ k: 'treasure', id: 0 }, { k: 'bullet' }, { k: 'bullet' }, { k: 'bullet' }, { k: 'landmine', armed: false }]);
	});

	test('3.2: the goal — walking out through an exit carrying the true treasure wins, told to all; carrying a fake out does not', () => {
		const g = new Script(plan, 2, { landmines: false }).start([1, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'won')).toMatchObject({ seat: 0, how: 'treasure', audience: { to: 'all' } });
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
		// With the fake in hand he passes the true one (equal rank, not exchanged: 5.1) and walks out.
		const fake = new Script(plan, 2, { landmines: false }).start([0, 0], [1, 0]);
		fake.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		fake.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		fake.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(fake.last.find((e) => e.type === 'exit_out')).toMatchObject({ crumbled: true });
		expect(fake.state.result).toBeNull();
	});
});

describe('5.3 "or resides inside" with 7.6: a start in a weaponry', () => {
	test('5.3 / 7.6: players set in a weaponry without bullets and grenades are restocked as their first move begins — a grenade first is thrown, not "no luck"', () => {
		const plan = buildPlan(['WL'], { items: [[1, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false, commonStart: true });
		g.do({ type: 'common_start', by: 'master', cell: 0 });
		g.do({ type: 'confirm_starts', by: 'master' });
		expect(g.state.players.map((p) => [p.bullets, p.grenades])).toEqual([[0, 0], [0, 0]]);
		const s = g.now;
		g.move(s, [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'down' }]);
		expect(heard(g.last)).not.toContain('action_failed');
		expect(g.p(s)).toMatchObject({ bullets: 3, grenades: 3 });
		// Asked not to restock (4.3 "except if he asked the game master otherwise"), he has none.
		const t = g.now;
		g.move(t, [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'down' }], { noRestock: true });
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'no_grenades' });
		expect(g.p(t)).toMatchObject({ bullets: 0, grenades: 0 });
	});
});

describe('the clauses of this pass as invariants of random games (property)', () => {
	test('4.7: no player who is not immune ever carries a contagious corpse; 4.2: a player who ends his move in a hospital is healthy', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
				const rng = createRng(seed);
				const plan = generatePlan({ width: 3 + rng.int(4), height: 3 + rng.int(4), seed, shape: 'rectangle', bullets: 1, grenades: 1, landmines: 1 });
				const settings = [{}, { movesToHeal: 1 }, { handicapOrders: 1, commonStart: true }][seed % 3];
				const g = createGame({ plan, seats: 2 + rng.int(4), seed, settings });
				if (!g.ok) throw new Error(JSON.stringify(g.error));
				let state = initialState(g.value);
				for (let i = 0; i < 200 && state.phase !== 'over'; i++) {
					const cmd = randomLegalCommand(state, rng);
					if (!cmd) break;
					state = apply(state, cmd).state;
					for (const p of state.players)
						if (p.status === 'in' && p.carry?.k === 'corpse' && p.carry.contagious) expect(p.immune).toBe(true);
					if (cmd.type !== 'move') continue;
					const mover = state.players[cmd.by as number]!;
					if (mover.status === 'in' && mover.outside === null && state.board.kind[mover.cell] === K_HOSPITAL) expect(mover.health).toBe('healthy');
				}
			}),
			{ numRuns: 40 }
		);
	});
});
