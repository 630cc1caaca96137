/**
 * What the table hears, second outside audit (issue 31): clauses of seed 000 where the referee
 * contradicted the seed's words — a pit's round trip onto a mine (4.4, 5.7), "found" naming what
 * the player himself dropped (3.3, 5.2), the move's "don't pick anything up" / "don't restock"
 * (6.2, 4.3), the wounded named at his turn (section A, 5.5), a named target (7.3), the previous
 * start only barred (6.1), and the terms announced before the game (3.6, 4.7).
 */
import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../../game/testing';
import { renderEvent, LOCALES } from '../../../i18n/events';

const treasureFar = (x: number): [number, number, 'treasure', boolean] => [x, 0, 'treasure', true];

describe('4.4, 5.7 "any player arriving at a cell with a landmine from another cell causes a blast"', () => {
	test('5.7: a pit that sends the player back onto the mined cell he left sets the mine off', () => {
		// y0: P P L L    two pits in one loop; a sets his mine under himself and steps into the other pit.
		const g = new Script(buildPlan(['PPLL'], { loops: [[[0, 0], [1, 0]]], items: [treasureFar(3)] }), 2).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'mine' }, { a: 'go', dir: 'right' }]);
		expect(g.p(0).cell).toBe(g.cell(0, 0));
		expect(g.types()).toContain('blast');
		expect(g.p(0).health).toBe('wounded');
		expect(g.state.items[g.cell(0, 0)]!.some((i) => i.k === 'landmine')).toBe(false);
	});

	test('4.6 (unchanged): stepping against a river that carries him back is staying on the cell: no blast', () => {
		// y0: L <    the river flows back onto the land cell; a steps in and is carried back.
		const g = new Script(buildPlan(['L<D'], { items: [[0, 0, 'treasure', true]] }), 2).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'mine' }, { a: 'go', dir: 'right' }]);
		expect(g.p(0).cell).toBe(g.cell(0, 0));
		expect(g.types()).not.toContain('blast');
	});
});

describe('3.3, 5.2 "found" is what lay on the cell the player arrived at', () => {
	test('3.3: a treasure carrier wounded by a mine on arrival is not told he found his own treasure', () => {
		// y0: a T b    b sets his mine under himself; a picks up the treasure and steps onto b's cell.
		const g = new Script(buildPlan(['LLL'], { items: [[1, 0, 'treasure', true]] }), 2, {}, 3).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.p(0).carry?.k).toBe('treasure');
		g.until(1).move(1, [{ a: 'mine' }, { a: 'skip' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()).toContain('blast');
		expect(g.p(0).health).toBe('wounded');
		expect(g.state.items[g.cell(2, 0)]).toContainEqual({ k: 'treasure', id: 0 });
		expect(g.types()).not.toContain('found');
	});

	test('5.2: infected on arrival, the player drops his bullets and landmine; "found" names only what lay there', () => {
		// y0: E a b    a wakes the mite, leaves, and comes back once the cell is contagious; one grenade lies there.
		const g = new Script(buildPlan(['ELL'], { items: [[0, 0, 'grenade', 1], [2, 0, 'treasure', true]] }), 2, {}, 3).start([1, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.types()).toContain('mite_woken');
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.p(0).health).toBe('infected');
		const f = g.last.find((e) => e.type === 'found');
		expect(f).toMatchObject({ seat: 0, treasures: 0, bullets: 0, grenades: 1, landmines: 0, corpses: 0 });
		// What he dropped lies there all the same (the next arrival finds it).
		expect(g.state.items[0]!.filter((i) => i.k === 'bullet')).toHaveLength(3);
	});
});

describe('6.2 "specifies his request in full", 4.3 "except if he asked the game master otherwise"', () => {
	test('6.2: "don\'t pick anything up" and "don\'t restock" are part of the move as said and as recalled', () => {
		const g = new Script(buildPlan(['LWL'], { items: [[0, 0, 'treasure', true]] }), 2).start([2, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }], { noPickup: true, noRestock: true });
		const said = g.said!;
		expect(said).toMatchObject({ move: { actions: [{ a: 'go', dir: 'left' }], noPickup: true, noRestock: true } });
		g.until(1).do({ type: 'recall', by: 1, of: 0 });
		const recall = g.last.find((e) => e.type === 'recall')!;
		expect(recall).toMatchObject({ move: { noPickup: true, noRestock: true } });
		const words = {
			en: ["don't pick anything up", "don't restock"],
			ru: ['ничего не подбирать', 'не пополнять'],
			uk: ['нічого не підбирати', 'не поповнювати']
		};
		for (const l of LOCALES)
			for (const e of [said, recall]) {
				const text = renderEvent(e, l);
				for (const w of words[l]) expect(text).toContain(w);
			}
		// A plain move says neither.
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.said!.type === 'move_announced' && g.said!.move).toEqual({ actions: [{ a: 'go', dir: 'right' }], dark: false, semiDark: false });
		expect(renderEvent(g.said!, 'en')).toBe('Player 1: go to the right');
	});

	test('7.7 (unchanged): the words "don\'t pick anything up" do not make a known wall hit a new move', () => {
		const g = new Script(buildPlan(['LL'], { items: [[1, 0, 'treasure', true]] }), 2, { banRepeat: true }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }], { noPickup: true });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'repeat_banned' });
	});
});

describe('section A, 5.5 "Player 2 is wounded…" — found out at the wounded one\'s turn', () => {
	for (const reorders of [0, 2])
		test(`section A: the wounded player is named to everybody at his turn (${reorders} cell orders left)`, () => {
			const g = new Script(buildPlan(['LLLL'], { items: [[3, 0, 'treasure', true]] }), 3, { reorders }).start([0, 0], [1, 0], [3, 0]);
			g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
			expect(g.p(1).health).toBe('wounded');
			g.until(1);
			const notice = g.events.slice().find((e) => e.type === 'wounded_notice');
			expect(notice).toMatchObject({ seat: 1, canOrder: reorders > 0, audience: { to: 'all' } });
			expect(g.view(2).events.some((e) => e.type === 'wounded_notice' && e.seat === 1)).toBe(true);
		});
});

describe('7.3 "the bullet will only hit him (and only if he is on the cell which the shooter points out)"', () => {
	test('7.3: a named target behind another player is hit; the player in front is not', () => {
		const g = new Script(buildPlan(['LLLLL'], { items: [[4, 0, 'treasure', true]] }), 3, { namedTarget: true }).start([0, 0], [1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right', target: 2 }, { a: 'skip' }]);
		expect([g.p(1).health, g.p(2).health]).toEqual(['healthy', 'wounded']);
		expect(g.types()).toContain('scream');
	});

	test('7.3: a named target not on the line: nobody is hit, the players in the way neither', () => {
		const g = new Script(buildPlan(['LLLLL'], { items: [[4, 0, 'treasure', true]] }), 3, { namedTarget: true }).start([1, 0], [2, 0], [0, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right', target: 2 }, { a: 'skip' }]);
		expect([g.p(1).health, g.p(2).health]).toEqual(['healthy', 'healthy']);
		expect(g.types()).toContain('no_scream');
	});
});

describe('6.1 "a new cell which must not be the same as the previous one"', () => {
	test('6.1: after a second invalidation the player may go back to his first cell; only the previous one is barred', () => {
		const g = new Script(buildPlan(['LLLL'], { items: [[3, 0, 'treasure', true]] }), 2, {}, 7);
		const [first, second] = g.state.order as [number, number];
		const choose = (seat: number, x: number) => g.do({ type: 'choose_start', by: seat, cell: g.cell(x, 0) });
		choose(first, 0);
		choose(second, 3);
		g.do({ type: 'invalidate_starts', by: 'master', seats: [first] });
		choose(first, 0);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'same_start' });
		choose(first, 1);
		g.do({ type: 'invalidate_starts', by: 'master', seats: [first] });
		choose(first, 1);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'same_start' });
		choose(first, 0);
		expect(g.last[0]).toMatchObject({ type: 'start_chosen', seat: first });
		expect(g.p(first).cell).toBe(g.cell(0, 0));
	});
});

describe('3.6, 4.7 N_stop and the moves to heal are "announced before the game"', () => {
	const plan = buildPlan(['LLLL', 'LLLE'], { items: [[3, 0, 'treasure', true]] });
	test('3.6, 4.7: when play begins everybody hears N_stop and the moves to heal, before the start cells', () => {
		const g = new Script(plan, 2, { nStop: 12, movesToHeal: 7 }).start([0, 0], [1, 0]);
		const confirm = g.last;
		const terms = confirm.find((e) => e.type === 'terms');
		expect(terms).toEqual({ type: 'terms', nStop: 12, movesToHeal: 7, audience: { to: 'all' } });
		expect(confirm.findIndex((e) => e.type === 'terms')).toBeLessThan(confirm.findIndex((e) => e.type === 'start_kind'));
		expect(renderEvent(terms!, 'en')).toMatch(/12 rounds.*7 moves/);
		for (const l of LOCALES) expect(renderEvent(terms!, l)).toMatch(/12.*7/);
		expect(g.view(1).events.some((e) => e.type === 'terms')).toBe(true);
	});
	test('4.7: unlimited time to heal, and no encephalitis, are said as such', () => {
		const unlimited = new Script(plan, 2, { movesToHeal: null }).start([0, 0], [1, 0]).last.find((e) => e.type === 'terms')!;
		expect(unlimited).toMatchObject({ nStop: 8, movesToHeal: null });
		expect(renderEvent(unlimited, 'en')).toMatch(/unlimited|no limit/);
		const none = new Script(plan, 2, { encephalitis: false }).start([0, 0], [1, 0]).last.find((e) => e.type === 'terms')!;
		expect(none).toMatchObject({ nStop: 8 });
		expect(none).not.toHaveProperty('movesToHeal');
		expect(renderEvent(none, 'en')).not.toMatch(/heal/);
	});
});
