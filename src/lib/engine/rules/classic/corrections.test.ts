/**
 * Seed 000 clauses the engine once answered wrong (issue 17), each test naming its clause:
 * 5.5 the fallen wounded, 3.4 the game ends at the winning exit, 5.3 residing in a weaponry,
 * 5.2 grenades on the ground, 5.8 choosing among treasures, and refusals that would tell the
 * player what he cannot know.
 */
import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../../game/testing';
import { visibleTo } from '../../game/view';
import type { GameEvent } from '../../game/types';

const seen = (events: GameEvent[], seat: number) => JSON.stringify(events.filter((e) => visibleTo(e, seat)));

describe('5.5 "a wounded player immediately falls down"', () => {
	const row = (cells = 'LLLL') => buildPlan([cells], { items: [[cells.length - 1, 0, 'treasure', true]] });

	test('5.5: two shots in one move cannot kill a healthy player; a two-player game goes on', () => {
		const g = new Script(row(), 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.types().filter((t) => t === 'scream' || t === 'no_scream')).toEqual(['scream', 'no_scream']);
		expect(g.p(1)).toMatchObject({ status: 'in', health: 'wounded' });
		expect(g.state.result).toBeNull();
		expect(g.state.phase).toBe('play');
	});

	test('5.5: the same holds before and after the movement ("shooting twice in a row")', () => {
		const g = new Script(row(), 2, { landmines: false }).start([0, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'right' }, { a: 'shoot', dir: 'right' }]);
		expect(g.p(1)).toMatchObject({ status: 'in', health: 'wounded' });
		expect(g.state.result).toBeNull();
	});

	test('5.5: the second bullet flies over the fallen player and hits the one behind him', () => {
		const g = new Script(row(), 3, { landmines: false }).start([0, 0], [1, 0], [3, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.types().filter((t) => t === 'scream' || t === 'no_scream')).toEqual(['scream', 'scream']);
		expect([g.p(1).health, g.p(2).health]).toEqual(['wounded', 'wounded']);
		expect(g.p(1).status).toBe('in');
	});

	test('5.5: in the shooter\'s own cell the fallen are not hit again, whatever the direction; the bullet flies on', () => {
		const g = new Script(row(), 3, { landmines: false }).start([0, 0], [0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(1)).toMatchObject({ status: 'in', health: 'wounded' });
		expect(g.p(2).health).toBe('wounded');
	});

	test('5.5: he lies until his own turn (another player cannot finish him off first); then a second hit kills', () => {
		// y0: a . c     a shoots right at c; b (below c) shoots up at c before c's turn.
		// y1: . . b
		const plan = buildPlan(['LLL', 'LLL'], { items: [[1, 1, 'treasure', true]] });
		const probe = new Script(plan, 3);
		const [a, b, c] = probe.state.order as [number, number, number];
		const at: [number, number][] = [];
		at[a] = [0, 0];
		at[b] = [2, 1];
		at[c] = [2, 0];
		const g = new Script(plan, 3, { landmines: false }).start(...at);
		g.move(a, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(c).health).toBe('wounded');
		g.move(b, [{ a: 'shoot', dir: 'up' }, { a: 'skip' }]);
		expect(g.types()).toContain('no_scream');
		expect(g.p(c).status).toBe('in');
		expect(g.last.find((e) => e.type === 'wounded_notice')).toMatchObject({ seat: c, audience: { to: 'all' } });
		g.do({ type: 'order_cell', by: c, cell: null });
		g.move(c, [{ a: 'skip' }]);
		g.move(a, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		expect(g.p(c).status).toBe('dead');
	});

	test('5.5 / 5.7: a landmine is not a bullet: its blast wounds a fallen player again, fatally', () => {
		const g = new Script(row('LLL'), 2).start([1, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'right' }, { a: 'shoot', dir: 'right' }, { a: 'go', dir: 'right' }]);
		expect(g.types()).toContain('blast');
		expect(g.p(1).status).toBe('dead');
		expect(g.p(0)).toMatchObject({ status: 'in', health: 'wounded' });
	});
});

describe('3.4 "if the treasure is true, the game ends"', () => {
	const plan = () =>
		buildPlan(['LLL'], { exits: [[0, 0, 'left', true], [2, 0, 'right', true]], walls: [[0, 0, 'right']], items: [[0, 0, 'treasure', true]] });

	test('3.4: actions after the winning exit are neither performed nor announced', () => {
		const g = new Script(plan(), 2, { landmines: false, grenadeWording: 'tell' }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'skip' }]);
		const before = g.state;
		g.until(0).move(0, [
			{ a: 'go', dir: 'left' },
			{ a: 'grenade', dir: 'right' },
			{ a: 'shoot', dir: 'right' },
			{ a: 'if', cond: 'hit_wall', then: [{ a: 'grenade', dir: 'right' }] }
		]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
		expect(g.types()).toEqual(['won']);
		expect(g.p(0)).toMatchObject({ bullets: 3, grenades: 3 });
		expect(g.state.sides).toEqual(before.sides);
	});

	test('5.2: the true treasure thrown out ends the game at once in a draw; nothing after it is done', () => {
		const g = new Script(plan(), 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'skip' }]);
		g.until(0).move(0, [{ a: 'leave', item: 'treasure', dir: 'left' }, { a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }]);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'treasure_lost' });
		expect(g.types()).toEqual(['thrown', 'draw']);
		expect(g.p(0).bullets).toBe(3);
	});
});

describe('5.3 "spent … immediately replenished if a player … resides inside" a weaponry', () => {
	const plan = () => buildPlan(['WLL'], { walls: [[0, 0, 'right']], items: [[2, 0, 'treasure', true]] });

	test('5.3: standing in a weaponry a player throws more than three grenades in one move', () => {
		const g = new Script(plan(), 2, { landmines: false, grenadeWording: 'tell' }).start([0, 0], [2, 0]);
		const dirs = ['up', 'left', 'down', 'up', 'left', 'right'] as const;
		g.until(0).move(0, [...dirs.map((dir) => ({ a: 'grenade' as const, dir })), { a: 'skip' }]);
		expect(g.last.filter((e) => e.type === 'grenade')).toHaveLength(6);
		expect(g.types()).not.toContain('action_failed');
		expect(g.p(0).grenades).toBe(3);
		expect(g.last.filter((e) => e.type === 'grenade').at(-1)).toMatchObject({ outcome: 'blown' });
	});

	test('5.3 / 4.3: asked not to restock, he has only his own three', () => {
		const g = new Script(plan(), 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [0, 1, 2, 3].map(() => ({ a: 'grenade' as const, dir: 'up' as const })).concat([{ a: 'skip' } as never]), { noRestock: true });
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'no_grenades' });
		expect(g.p(0).grenades).toBe(0);
	});
});

describe('5.2 "the player can perform actions using items he carries or ones in the cell"', () => {
	test('5.2: grenades lying on the cell can be thrown, after his own', () => {
		const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true], [0, 0, 'grenade', 2]] });
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 0]);
		// A start picks nothing up (6.2): two grenades lie at his feet.
		expect(g.state.items[0]).toHaveLength(2);
		const up = { a: 'grenade' as const, dir: 'up' as const };
		g.until(0).move(0, [up, up, up, up, up, { a: 'skip' }]);
		// 7.8 silent (the default): each blast is the master's; the table heard them in the move as said.
		expect(g.last.filter((e) => e.type === 'grenade')).toHaveLength(5);
		expect(g.types()).not.toContain('action_failed');
		expect(g.p(0).grenades).toBe(0);
		expect(g.state.items[0]).toEqual([]);
		g.until(0).move(0, [up, { a: 'skip' }]);
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'no_grenades', audience: { to: 'all' } });
	});

	test('5.1 / 5.2: the wounded cannot use the grenades lying on his cell (only those he carries)', () => {
		const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true], [1, 0, 'grenade', 1]] });
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'ammo', seat: 1, bullets: 0, grenades: 0 } });
		g.until(1).do({ type: 'order_cell', by: 1, cell: null });
		g.move(1, [{ a: 'grenade', dir: 'up' }, { a: 'skip' }]);
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'no_grenades' });
		expect(g.state.items[1]!.filter((i) => i.k === 'grenade')).toHaveLength(1);
	});
});

describe('5.8 "the game master identifies them as lowest … topmost"', () => {
	// Two treasures at x1: the lowest fake (id 0), the topmost true (id 1).
	const plan = (extra: [number, number, 'treasure', boolean][] = []) =>
		buildPlan(['LLL'], { items: [[1, 0, 'treasure', false], [1, 0, 'treasure', true], ...extra] });

	test('5.8: "the topmost of two" as he found them, though the lowest was picked up on arrival', () => {
		const g = new Script(plan(), 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }, { a: 'take', index: 1 }]);
		expect(g.last.find((e) => e.type === 'found')).toMatchObject({ treasures: 2 });
		expect(g.types()).toContain('took_treasure');
		expect(g.types()).not.toContain('action_failed');
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 1 });
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
		// Next move, the same numbers still hold: the lowest is the fake, back in its place.
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'skip' }]);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 0 });
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 1 }]);
		g.until(0).move(0, [{ a: 'take', index: 1 }, { a: 'take', index: 1 }, { a: 'skip' }]);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 1 });
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
	});

	test('5.8: a treasure brought from elsewhere is not in the pile found; swapped, it goes on top', () => {
		const g = new Script(plan([[0, 0, 'treasure', false]]), 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 2 });
		g.until(0).move(0, [{ a: 'take', index: 1 }, { a: 'skip' }]);
		expect(g.p(0).carry).toEqual({ k: 'treasure', id: 1 });
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }, { k: 'treasure', id: 2 }]);
	});

	test('5.8: asking for a treasure that is not there is answered with the move ("no such treasure"), not refused', () => {
		const g = new Script(plan(), 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'take', index: 0 }, { a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'action_failed', reason: 'no_treasure', audience: { to: 'all' } });
		expect(g.p(0).cell).toBe(1);
	});
});

describe('rulings: a refusal never tells what the player cannot know', () => {
	// Two labyrinths a player cannot tell apart after a dark move to the right: land or a hospital there.
	const twin = (kind: 'L' | 'H' | 'W') => buildPlan([`L${kind}L`, 'LLL'], { items: [[2, 1, 'treasure', true]] });

	test('6.7 / 4.2: after a dark move into a hospital, a shot is answered to the master only, as it would be on land', () => {
		const runs = (['L', 'H', 'W'] as const).map((k) => {
			const g = new Script(twin(k), 2, { landmines: false }).start([0, 0], [2, 1]);
			g.until(0).move(0, [{ a: 'go', dir: 'right' }], { dark: true });
			g.until(0);
			const before = JSON.stringify(g.view(0));
			const events = g.move(0, [{ a: 'shoot', dir: 'down' }, { a: 'go', dir: 'right' }], { dark: true });
			return { g, before, events };
		});
		for (const r of runs) {
			expect(r.before).toBe(runs[0]!.before);
			expect(r.events[0]!.type).not.toBe('rejected');
			expect(seen(r.events, 0)).toBe(seen(runs[0]!.events, 0));
			expect(seen(r.events, 1)).toBe(seen(runs[0]!.events, 1));
		}
		expect(runs[1]!.events.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'shoot_forbidden_here', audience: { to: 'master' } });
	});

	test('5.2 / 5.5: with no bullets, "shoot" is answered with the move whether or not a bullet lies on the cell', () => {
		const plan = (bullet: boolean) => buildPlan(['LLL'], { items: [[2, 0, 'treasure', true], ...(bullet ? [[0, 0, 'bullet', 1] as [number, number, 'bullet', number]] : [])] });
		const answers = [false, true].map((b) => {
			const g = new Script(plan(b), 2, { landmines: false }).start([0, 0], [2, 0]);
			g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'ammo', seat: 0, bullets: 0, grenades: 0 } });
			return g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }], { dark: true });
		});
		for (const ev of answers) expect(ev[0]!.type).not.toBe('rejected');
		expect(seen(answers[0]!, 0)).toBe(seen(answers[1]!, 0));
	});

	test('7.7: a dark move that hit a wall may be repeated (its result was not told, so it is not "known" to change nothing)', () => {
		const plan = buildPlan(['LL'], { walls: [[0, 0, 'right']], items: [[1, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { banRepeat: true }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }], { dark: true });
		g.until(0).move(0, [{ a: 'go', dir: 'right' }], { dark: true });
		expect(g.last[0]!.type).not.toBe('rejected');
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'repeat_banned' });
	});

	test('rulings: what the player\'s own status decides is still refused privately, changing nothing', () => {
		const g = new Script(buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] }), 2, { landmines: false }).start([0, 0], [2, 0]);
		const before = g.until(0).state;
		g.move(0, [{ a: 'leave', item: 'corpse' }, { a: 'skip' }]);
		expect(g.last).toEqual([expect.objectContaining({ type: 'rejected', reason: 'no_item', audience: { to: 'seat', seat: 0 } })]);
		expect(g.state).toBe(before);
	});
});
