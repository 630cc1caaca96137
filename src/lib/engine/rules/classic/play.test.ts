import { describe, expect, test } from 'vitest';
import { buildPlan, Script, stateKey } from '../../game/testing';
import type { Plan } from '../../plan/types';

// y0: L E L H      encephalitis at (1,0), hospital at (3,0)
// y1: L L L L
const ePlan = (extra = {}) =>
	buildPlan(['LELH', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 1, 'right', true]], items: [[0, 1, 'treasure', true]], ...extra });

describe('4.7 encephalitis', () => {
	test('4.7: the first arrival wakes the mite; leaving at once avoids infection', () => {
		const g = new Script(ePlan(), 2, { landmines: false }).start([0, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()[0]).toBe('mite_woken');
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.p(0).health).toBe('healthy');
	});
	test('4.7: the waker who stays a round is infected; the countdown counts successful moves only', () => {
		const g = new Script(ePlan(), 2, { landmines: false, movesToHeal: 3 }).start([0, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]); // hits the wall, stays
		expect(g.last.find((e) => e.type === 'infected')).toMatchObject({ moves: 3 });
		expect(g.p(0).infectedLeft).toBe(3);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]); // a wall: does not count
		expect(g.p(0).infectedLeft).toBe(3);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.p(0).infectedLeft).toBe(2);
	});
	test('4.7: infected on arrival, the countdown starts with the next move', () => {
		const g = new Script(ePlan(), 3, { landmines: false, movesToHeal: 3 }).start([0, 0], [2, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]); // wakes the mite
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]); // leaves in time
		g.until(1).move(1, [{ a: 'go', dir: 'left' }]); // the cell is contagious by now
		expect(g.last.find((e) => e.type === 'infected')).toMatchObject({ moves: 3 });
		expect(g.p(1).infectedLeft).toBe(3);
		g.until(1).move(1, [{ a: 'go', dir: 'down' }]);
		expect(g.p(1).infectedLeft).toBe(2);
	});
	test('4.7: an infected player who reaches a hospital in time is healed and becomes immune; then the cell is land to him', () => {
		const g = new Script(ePlan(), 2, { landmines: false, movesToHeal: 3 }).start([0, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: true });
		expect(g.types()).toContain('immune');
		expect(g.p(0).immune).toBe(true);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()[0]).toBe('land');
		expect(g.p(0).health).toBe('healthy');
	});
	test('4.7 / 5.6: dying of infection leaves a contagious corpse that infects the next arrival', () => {
		const g = new Script(ePlan(), 2, { landmines: false, movesToHeal: 1 }).start([0, 0], [2, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.types()).toContain('infection_death');
		expect(g.state.items[g.cell(1, 1)]).toContainEqual({ k: 'corpse', seat: 0, contagious: true });
		expect(g.state.result).toMatchObject({ kind: 'win', seat: 1 });
	});
	test('4.7 / 5.5: a bullet is fatal for an infected player; his corpse is contagious', () => {
		const g = new Script(ePlan(), 3, { landmines: false }).start([0, 0], [2, 0], [1, 1]);
		g.until(1).move(1, [{ a: 'go', dir: 'left' }]); // wakes the mite at (1,0)
		g.until(1).move(1, [{ a: 'go', dir: 'up' }]); // stays → infected
		expect(g.p(1).health).toBe('infected');
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.state.items[g.cell(1, 0)]).toContainEqual({ k: 'corpse', seat: 1, contagious: true });
	});
	test('4.7 / 5.6: a wounded player who becomes infected dies and leaves a contagious corpse', () => {
		const g = new Script(ePlan(), 3, { landmines: false }).start([0, 0], [2, 0], [3, 1]);
		g.until(1).move(1, [{ a: 'go', dir: 'left' }]); // wakes the mite at (1,0)
		g.until(1).move(1, [{ a: 'go', dir: 'right' }]); // leaves in time
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
		expect(g.p(1).health).toBe('wounded');
		g.until(1).move(1, [{ a: 'go', dir: 'left' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.state.items[g.cell(1, 0)]).toContainEqual({ k: 'corpse', seat: 1, contagious: true });
	});
	test('4.7: with encephalitis switched off the cell is land', () => {
		const g = new Script(ePlan(), 2, { encephalitis: false }).start([0, 0], [3, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()[0]).toBe('land');
	});
	test('4.2: a corpse carried into a hospital is cremated', () => {
		const g = new Script(buildPlan(['LLLH'], { items: [[0, 0, 'treasure', true]] }), 3, { landmines: false }).start([0, 0], [1, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		g.until(2).move(2, [{ a: 'shoot', dir: 'left' }, { a: 'skip' }]);
		expect(g.p(1).status).toBe('dead');
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.p(0).carry).toEqual({ k: 'corpse', seat: 1, contagious: false });
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()).toContain('cremated');
		expect(g.p(0).carry).toBeNull();
	});
});

const corridor = buildPlan(['LLLLL'], { exits: [[0, 0, 'left', true], [4, 0, 'right', true]], items: [[2, 0, 'treasure', true]] });

describe('6 game start and process', () => {
	test('6.1: choosing starts goes in the drawn order; the master can invalidate; a new choice must differ', () => {
		const g = new Script(corridor, 2, {}, 7);
		const [first, second] = g.state.order as [number, number];
		g.do({ type: 'choose_start', by: second, cell: 0 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'not_your_turn' });
		g.do({ type: 'choose_start', by: first, cell: 0 });
		expect(g.last.find((e) => e.type === 'start_cell')?.audience).toEqual({ to: 'master' });
		g.do({ type: 'choose_start', by: second, cell: 1 });
		g.do({ type: 'invalidate_starts', by: 'master', seats: [first] });
		g.do({ type: 'choose_start', by: first, cell: 0 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'same_start' });
		g.do({ type: 'choose_start', by: first, cell: 3 });
		g.do({ type: 'confirm_starts', by: 'master' });
		expect(g.state.phase).toBe('play');
		// 6.2: the kind of everyone's cell is told to all.
		expect(g.last.filter((e) => e.type === 'start_kind').every((e) => e.audience.to === 'all')).toBe(true);
	});
	test('7.6: a common start cell, without bullets and grenades', () => {
		const g = new Script(corridor, 2, { commonStart: true });
		g.do({ type: 'choose_start', by: 0, cell: 1 });
		expect(g.last[0]).toMatchObject({ reason: 'option_off' });
		g.do({ type: 'common_start', by: 'master', cell: 1 });
		g.do({ type: 'confirm_starts', by: 'master' });
		expect(g.state.players.map((p) => [p.cell, p.bullets, p.grenades])).toEqual([[1, 0, 0], [1, 0, 0]]);
	});
	test('6.3: recall another player\'s last move (only the last one)', () => {
		const g = new Script(corridor, 2).start([0, 0], [4, 0]);
		const s = g.now;
		g.move(s, [{ a: 'go', dir: 'up' }]);
		g.move(g.now, [{ a: 'go', dir: 'down' }]);
		g.do({ type: 'recall', by: s, of: g.now === s ? 1 - s : g.now });
		expect(g.last[0]).toMatchObject({ type: 'recall', move: { actions: [{ a: 'go', dir: 'down' }] } });
	});
	test('6.4: a status request answers with the own bullets, grenades and carried item kind', () => {
		const g = new Script(corridor, 2).start([0, 0], [4, 0]);
		g.do({ type: 'status', by: 1 });
		expect(g.last[0]).toMatchObject({ type: 'status', seat: 1, status: { bullets: 3, grenades: 3, carry: 'landmine', health: 'healthy' } });
	});
	test('6.5: conditional parts run when the movement result matches; failures are answered, not rejected', () => {
		const g = new Script(corridor, 2, { landmines: false }).start([1, 0], [4, 0]);
		g.until(0).move(0, [
			{ a: 'go', dir: 'right' },
			{ a: 'if', cond: 'found_treasure', then: [{ a: 'shoot', dir: 'up' }, { a: 'if', cond: 'land', then: [{ a: 'grenade', dir: 'up' }] }] },
			{ a: 'if', cond: 'pit', then: [{ a: 'leave', item: 'grenade' }] }
		]);
		expect(g.p(0).bullets).toBe(2);
		expect(g.p(0).grenades).toBe(2);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }, { a: 'if', cond: 'hit_wall', then: [{ a: 'leave', item: 'corpse' }] }]);
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'no_item' });
		g.until(0).move(0, [{ a: 'if', cond: 'land', then: [] }, { a: 'go', dir: 'up' }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'condition_before_movement' });
		g.move(0, [{ a: 'go', dir: 'up' }, { a: 'if', cond: 'land', then: [{ a: 'skip' }] }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'movement_in_condition' });
	});
	test('2.1 / 6.5: a move is read whole before it is placed: a malformed action anywhere outranks a misplaced one before it', () => {
		const g = new Script(corridor, 2).start([1, 0], [4, 0]);
		g.until(0);
		const before = stateKey(g.state);
		g.move(0, [{ a: 'go', dir: 'up' }, { a: 'skip' }, { a: 'go', dir: 'nowhere' } as never]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'malformed' });
		g.move(0, [{ a: 'if', cond: 'land', then: [] }, { a: 'go', dir: 'up' }, { a: 'if', cond: 'no_such', then: [] } as never]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'malformed' });
		g.move(0, [{ a: 'if', cond: 'land', then: [] }, { a: 'go', dir: 'up' }], { dark: true, semiDark: true });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'malformed' });
		// well formed: the first misplaced action is the reason
		g.move(0, [{ a: 'go', dir: 'up' }, { a: 'skip' }, { a: 'if', cond: 'land', then: [{ a: 'skip' }] }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'two_movements' });
		expect(stateKey(g.state)).toBe(before);
	});
	test('2.1 / 6.5: an action after the movement that turns out impossible is answered, the move stands', () => {
		const g = new Script(buildPlan(['LHL'], { items: [[0, 0, 'treasure', true]] }), 2).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'shoot_forbidden_here' });
		expect(g.p(0).cell).toBe(1);
		expect(g.p(0).bullets).toBe(3);
	});
	test('6.7: a dark move tells nobody the result; the master knows', () => {
		const g = new Script(corridor, 2).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }], { dark: true });
		const pub = g.last.filter((e) => e.audience.to === 'all').map((e) => e.type);
		expect(pub).toEqual(['dark_done', 'turn']);
		expect(g.last.find((e) => e.type === 'land')?.audience).toEqual({ to: 'master' });
		expect(g.p(0).carry?.k).toBe('treasure');
	});
	test('6.8: a semi-dark move tells only whether a wall was hit', () => {
		const g = new Script(corridor, 2).start([1, 0], [4, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }], { semiDark: true });
		expect(g.last.find((e) => e.audience.to === 'all')).toMatchObject({ type: 'semi_dark_done', wall: true });
		g.until(0).move(0, [{ a: 'go', dir: 'left' }], { semiDark: true });
		expect(g.last.find((e) => e.audience.to === 'all')).toMatchObject({ type: 'semi_dark_done', wall: false });
	});
	test('7.1: dark, semi-dark and conditional moves can be forbidden', () => {
		const g = new Script(corridor, 2, { darkMoves: false, semiDarkMoves: false, conditionalMoves: false }).start([1, 0], [4, 0]);
		const s = g.now;
		for (const [actions, flags] of [
			[[{ a: 'skip' }], { dark: true }],
			[[{ a: 'skip' }], { semiDark: true }],
			[[{ a: 'skip' }, { a: 'if', cond: 'land', then: [] }], {}]
		] as const) {
			g.move(s, actions as never, flags);
			expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'option_off' });
		}
	});
	test('7.7: skipping and repeating moves can be banned', () => {
		const g = new Script(corridor, 2, { banSkip: true, banRepeat: true }).start([1, 0], [4, 0]);
		const s = g.now;
		g.move(s, [{ a: 'skip' }]);
		expect(g.last[0]).toMatchObject({ reason: 'skip_banned' });
		g.move(s, [{ a: 'go', dir: 'up' }]);
		g.move(g.now, [{ a: 'go', dir: 'left' }]);
		g.move(s, [{ a: 'go', dir: 'up' }]);
		expect(g.last[0]).toMatchObject({ reason: 'repeat_banned' });
	});
	test('7.3: shooting range, damp powder and a named target', () => {
		const g = new Script(corridor, 2, { shootingRange: 1 }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.types()[0]).toBe('no_scream');
		const r = new Script(buildPlan(['>DL'], { items: [[2, 0, 'treasure', true]] }), 2, { dampPowder: true }).start([0, 0], [2, 0]);
		r.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(r.last[0]).toMatchObject({ reason: 'damp_powder' });
		const n = new Script(corridor, 3, { namedTarget: true }).start([0, 0], [1, 0], [1, 0]);
		n.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(n.last[0]).toMatchObject({ reason: 'target_required' });
		n.move(0, [{ a: 'shoot', dir: 'right', target: 2 }, { a: 'skip' }]);
		expect([n.p(1).health, n.p(2).health]).toEqual(['healthy', 'wounded']);
	});
	test('7.2: handicap questions: a player asks the kind of a cell before choosing; only he hears the answer', () => {
		const g = new Script(buildPlan(['LH'], { items: [[0, 0, 'treasure', true]] }), 2, { handicapQuestions: 1 });
		g.do({ type: 'ask_cell_kind', by: 1, cell: 1 });
		expect(g.last.find((e) => e.type === 'cell_kind_answer')).toMatchObject({ kind: 'hospital', audience: { to: 'seat', seat: 1 } });
		g.do({ type: 'ask_cell_kind', by: 1, cell: 0 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_question_left' });
	});
	test('7.2: a handicap cell order leaves bullets and the carried item behind', () => {
		const g = new Script(corridor, 2, { handicapOrders: 1 }).start([1, 0], [4, 0]);
		g.until(0).do({ type: 'order_cell', by: 0, cell: 3 });
		expect(g.p(0)).toMatchObject({ cell: 3, bullets: 0, carry: null, extraOrders: 0 });
		expect(g.state.items[1]).toEqual([{ k: 'bullet' }, { k: 'bullet' }, { k: 'bullet' }, { k: 'landmine', armed: false }]);
	});
});

describe('9 move time', () => {
	test('9: a break before the move; another only when at least half of the players have taken one', () => {
		const g = new Script(corridor, 3).start([0, 0], [1, 0], [4, 0]);
		const a = g.now;
		g.do({ type: 'take_break', by: a });
		expect(g.last[0]).toMatchObject({ type: 'break_taken', minutes: 5 });
		g.do({ type: 'take_break', by: a });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'break_not_yet' });
		g.move(a, [{ a: 'go', dir: 'up' }]);
		const b = g.now;
		g.do({ type: 'take_break', by: b });
		g.move(b, [{ a: 'go', dir: 'up' }]);
		g.until(a).do({ type: 'take_break', by: a });
		expect(g.last[0]!.type).toBe('break_taken');
	});
	test('9: a timed player who does not move loses; his corpse and items stay where he was', () => {
		const g = new Script(corridor, 3).start([0, 0], [1, 0], [4, 0]);
		const a = g.now;
		const cell = g.p(a).cell;
		g.do({ type: 'time_out', by: 'master', seat: a });
		expect(g.p(a).status).toBe('dead');
		expect(g.state.items[cell]).toContainEqual({ k: 'corpse', seat: a, contagious: false });
		expect(g.now).not.toBe(a);
	});
});

describe('rejections (issue 4)', () => {
	test('out of turn, another seat, two movements, no movement, malformed: same state, one event to the issuer', () => {
		const g = new Script(corridor, 2).start([1, 0], [4, 0]);
		const other = 1 - g.now;
		const before = g.state;
		for (const cmd of [
			{ type: 'move', by: other, actions: [{ a: 'skip' }] },
			{ type: 'move', by: g.now, actions: [{ a: 'go', dir: 'up' }, { a: 'go', dir: 'down' }] },
			{ type: 'move', by: g.now, actions: [{ a: 'shoot', dir: 'up' }] },
			{ type: 'move', by: g.now, actions: [{ a: 'go', dir: 'north' }] },
			{ type: 'move', by: 9, actions: [{ a: 'skip' }] },
			{ type: 'fly', by: 0 },
			null
		]) {
			const ev = g.do(cmd as never);
			expect(ev).toHaveLength(1);
			expect(ev[0]!.type).toBe('rejected');
			expect(g.state).toBe(before);
		}
		expect(g.last[0]!.audience).toEqual({ to: 'master' });
	});
	test('Rulings 5: the master undoes the last move with a reason, written in the log', () => {
		const g = new Script(corridor, 2).start([1, 0], [4, 0]);
		const before = stateKey(g.state);
		g.move(g.now, [{ a: 'go', dir: 'up' }]);
		g.do({ type: 'undo', by: 'master', reason: 'misheard' });
		expect(stateKey(g.state)).toBe(before);
		expect(g.last[0]).toMatchObject({ type: 'master_undo', reason: 'misheard', audience: { to: 'all' } });
		g.do({ type: 'correct', by: 'master', reason: 'forgot a wall', change: { kind: 'side', cell: 0, dir: 'right', side: 'wall' } });
		expect(g.state.sides[0 * 4 + 1]).toBe(1);
		expect(g.state.sides[1 * 4 + 3]).toBe(1);
	});
});

describe('non-interference (rulings 1)', () => {
	const plan = (trueAt: 0 | 1, extraWall: boolean) =>
		buildPlan(['LLLLL', 'LLLLL', 'LLLLL'], {
			exits: [[0, 0, 'left', true], [4, 0, 'right', true]],
			walls: extraWall ? [[3, 2, 'right']] : [],
			items: [[1, 1, 'treasure', trueAt === 0], [2, 0, 'treasure', trueAt === 1]]
		});
	function play(p: Plan, start1: [number, number]) {
		const g = new Script(p, 2, {}, 11).start([0, 1], start1);
		for (const c of [
			[{ a: 'go', dir: 'right' }],
			[{ a: 'go', dir: 'up' }],
			[{ a: 'go', dir: 'up' }, { a: 'shoot', dir: 'left' }],
			[{ a: 'go', dir: 'right' }]
		] as const)
			for (let k = 0; k < 2; k++) g.move(g.now, (g.now === 0 ? c : [{ a: 'skip' }, { a: 'if', cond: 'land', then: [] }]) as never);
		g.do({ type: 'status', by: 0 });
		return g;
	}
	test('which treasure is true, an untouched wall and the other player\'s start leave a seat\'s view byte-identical', () => {
		const a = play(plan(0, false), [4, 2]);
		expect(a.p(0).carry?.k).toBe('treasure');
		for (const b of [play(plan(1, false), [4, 2]), play(plan(0, true), [4, 2]), play(plan(0, false), [3, 2])])
			expect(JSON.stringify(b.view(0))).toBe(JSON.stringify(a.view(0)));
		// …and the view does change when something the seat may know changes.
		const c = play(plan(0, false), [0, 0]);
		expect(JSON.stringify(c.view(0))).not.toBe(JSON.stringify(a.view(0)));
	});
});
