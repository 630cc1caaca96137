import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Script, stateKey } from '../../game/testing';
import { replay } from '../../game/game';
import { createRng } from '../../random';
import type { Action, GameEvent } from '../../game/types';
import { DIRECTIONS, type Direction, type Plan } from '../../plan/types';
import { validatePlan } from '../../plan/validate';
import { parsePlanJson, serializePlan } from '../../plan/format-json';
import { parsePlanText, renderPlanText } from '../../plan/format-text';
import { abandonedExt, heldItem } from './rules';
import { generateAbandoned } from './generate';
import { ABANDONED_DEFAULTS } from './plan';
import { grid, renderedEverywhere } from '../topographic/testing';

const go = (dir: Direction): Action => ({ a: 'go', dir });

/** A game on `plan` with players placed by the master's correction (the program spawns them at random). */
function game(plan: Plan, seats: number, places: number[], seed = 1, settings = {}): Script {
	const g = new Script(plan, seats, settings, seed);
	places.forEach((cell, seat) => g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat, cell } }));
	g.do({ type: 'confirm_starts', by: 'master' });
	return g;
}

/** The first seat in turn order: tests that need a given mover place it there. */
const firstOf = (g: Script) => g.state.order[0]!;

describe('002 game map', () => {
	test('002 1: the generated board has the seed\'s default counts of tiles and borders', () => {
		for (const seed of [1, 2, 3, 'x']) {
			const plan = generateAbandoned(seed);
			const count = (k: string) => plan.cells.filter((c) => c?.kind === k).length;
			const treasures = plan.items.filter((it) => it.kind === 'treasure').map((it) => it.cell);
			expect([plan.width, plan.height]).toEqual([8, 8]);
			expect(count('land') - treasures.length).toBe(ABANDONED_DEFAULTS.safe);
			expect(count('shop')).toBe(1);
			expect(count('hospital')).toBe(1);
			expect(count('marsh')).toBe(8);
			expect(count('river')).toBe(12);
			expect(plan.portals!.map((s) => s.length).sort()).toEqual([1, 2, 3]);
			expect(treasures.length).toBe(2);
			expect(plan.exits.length).toBe(2);
			// 32 outer borders on an 8x8 board: 2 exits, 30 outer walls.
			expect(4 * 8 - plan.exits.length).toBe(30);
			expect(plan.walls.length).toBe(20);
		}
	});

	test('002 1: generated boards are valid for the abandoned rules and round-trip through both plan formats', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
				const plan = generateAbandoned(seed);
				expect(validatePlan(plan).errors).toEqual([]);
				expect(parsePlanJson(serializePlan(plan))).toEqual({ ok: true, value: plan });
				expect(parsePlanText(renderPlanText(plan))).toEqual({ ok: true, value: plan });
			}),
			{ numRuns: 25 }
		);
	});

	test('002 1: a river must begin and end on the labyrinth wall', () => {
		// b2 → c2 → d2 (the mouth flows against the right wall), but its source b2 is inside.
		const inside = grid('abandoned', ['L L L L', 'L R> R> R>', 'L L L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] });
		expect(validatePlan(inside).errors.map((e) => e.code)).toContain('river_not_wall_to_wall');
		const ok = grid('abandoned', ['L L L L', 'R> R> R> R>', 'L L L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] });
		expect(validatePlan(ok).errors).toEqual([]);
		const stopsShort = grid('abandoned', ['L L L L', 'R> R> Rv L', 'L L L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] });
		expect(validatePlan(stopsShort).errors.map((e) => e.code)).toContain('river_not_onward');
	});

	test('002 1: a river cannot fork (two flows joining)', () => {
		const plan = grid('abandoned', ['L Rv L', 'R> Rv R<', 'L Rv L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] });
		expect(validatePlan(plan).errors.map((e) => e.code)).toContain('river_fork');
	});

	test('002 1: portal sets hold one, two or three portals; a loose portal is an error', () => {
		const base = { exits: [{ cell: 0, dir: 'up' as const, open: true }], items: [{ cell: 0, kind: 'treasure' as const, true: true }] };
		expect(validatePlan(grid('abandoned', ['L L G G G G'], { ...base, portals: [[2, 3, 4, 5]] })).errors.map((e) => e.code)).toContain('portal_set_size');
		expect(validatePlan(grid('abandoned', ['L L G G'], { ...base, portals: [[2]] })).errors.map((e) => e.code)).toContain('portal_not_in_set');
		expect(validatePlan(grid('abandoned', ['L L G G'], { ...base, portals: [[2], [3]] })).errors).toEqual([]);
	});
});

describe('002 starting positions', () => {
	test('002 2: the program spawns everyone on a random safe tile (no treasure), in a random order, without telling where', () => {
		const plan = generateAbandoned(7);
		const safe = (c: number) => plan.cells[c]?.kind === 'land' && !plan.items.some((it) => it.cell === c);
		const orders = new Set<string>();
		for (let seed = 1; seed <= 30; seed++) {
			const g = new Script(plan, 4, {}, seed);
			for (const p of g.state.players) expect(safe(p.cell)).toBe(true);
			orders.add(g.state.order.join());
			g.do({ type: 'confirm_starts', by: 'master' });
			for (let s = 0; s < 4; s++) expect(JSON.stringify(g.view(s).events)).not.toMatch(/"cell"/);
		}
		expect(orders.size).toBeGreaterThan(5);
	});
});

describe('002 moves', () => {
	// y0: L L T H
	// y1: R> R> R> R>   (a river along the row, out against the right wall)
	// y2: F L L L
	const plan = (extra: Partial<Plan> = {}) =>
		grid('abandoned', ['L L T H', 'R> R> R> R>', 'F L L L'], {
			exits: [{ cell: 0, dir: 'up', open: true }],
			items: [{ cell: 11, kind: 'treasure', true: true }],
			...extra
		});

	test('002 3.3: a wall — "blocked by wall", and the same player asks to move again', () => {
		const g = game(plan(), 2, [0, 0]);
		const me = firstOf(g);
		g.move(me, [go('left')]);
		expect(g.types()).toEqual(['wall']);
		expect(g.now).toBe(me);
		g.move(me, [go('right')]);
		expect(g.types()[0]).toBe('safe');
		expect(g.now).not.toBe(me);
	});

	test('002 3.3 with the time limit (classic 9): a player timed out after a wall leaves the game and the turn passes on', () => {
		const g = game(plan(), 2, [0, 0]);
		const me = firstOf(g);
		g.move(me, [go('left')]);
		expect(g.now).toBe(me);
		g.do({ type: 'time_out', by: 'master', seat: me });
		expect(g.state.players[me]!.status).toBe('lost');
		expect(g.now).not.toBe(me);
		expect(g.state.phase).toBe('play');
	});

	test('002 3.3: an exit without treasure: "found an exit", stays and moves again; with a treasure: wins', () => {
		const g = game(plan(), 1, [0]);
		g.move(0, [go('up')]);
		expect(g.types()).toEqual(['exit_refused']);
		expect(g.p(0).cell).toBe(0);
		expect(g.state.phase).toBe('play');
		g.state = { ...g.state, players: g.state.players.map((p) => ({ ...p, carry: { k: 'treasure' as const, id: 0 } })) };
		g.move(0, [go('up')]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
	});

	test('002 6 (as classic 3.4): the first out with a treasure wins at once — an item used after the step is kept', () => {
		const g = game(plan(), 1, [0]);
		const x = abandonedExt(g.state);
		g.state = { ...g.state, players: g.state.players.map((p) => ({ ...p, carry: { k: 'treasure' as const, id: 0 } })), ext: { ...x, items: ['junk'] } };
		g.move(0, [go('up'), { a: 'use', item: 'junk' }]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
		expect(g.types()).not.toContain('junk_dropped');
		expect(heldItem(g.state, 0)).toBe('junk');
	});

	test('002 3.3: a river flushes one tile downstream; at its mouth a wall stops it', () => {
		const g = game(plan(), 1, [0]);
		g.move(0, [go('down')]); // a1 → a2 (river) → b2
		expect(g.last[0]).toMatchObject({ type: 'flushed', blocked: false });
		expect(g.p(0).cell).toBe(5);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 0, cell: 3 } });
		g.move(0, [go('down')]); // d1 (hospital) → d2 (the mouth): the wall stops the flush
		expect(g.last[0]).toMatchObject({ type: 'flushed', blocked: true });
		expect(g.p(0).cell).toBe(7);
	});

	test('002 3.3: a marsh loses the next turn', () => {
		const p = grid('abandoned', ['L F L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 3, kind: 'treasure', true: true }] });
		const g = game(p, 2, [0, 0]);
		const me = firstOf(g);
		const other = 1 - me;
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: other, cell: 3 } });
		g.move(me, [go('right')]);
		expect(g.types()[0]).toBe('marsh');
		g.move(other, [go('left')]);
		expect(g.last).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'turn_lost', seat: me })]));
		expect(g.now).toBe(other);
		g.move(other, [go('right')]);
		expect(g.now).toBe(me);
	});

	test('002 3.3: when both lose a turn, both turns pass and the round goes on in order', () => {
		const p = grid('abandoned', ['L F F L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 3, kind: 'treasure', true: true }] });
		const g = game(p, 2, [0, 0]);
		const me = firstOf(g);
		const other = 1 - me;
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: other, cell: 3 } });
		g.move(me, [go('right')]);
		g.move(other, [go('left')]);
		expect(g.last.filter((e) => e.type === 'turn_lost').map((e) => (e as { seat: number }).seat)).toEqual([me, other]);
		expect(g.now).toBe(me);
	});

	test('002 3.3: the shop sells a random item by the die (1-2 bullet, 3-4 first aid kit, 5-6 junk), only to an empty-handed player', () => {
		const seen = new Set<string>();
		for (let seed = 1; seed <= 40; seed++) {
			const g = game(plan(), 1, [1], seed);
			g.move(0, [go('right')]);
			const ev = g.last[0] as Extract<GameEvent, { type: 'shop' }>;
			expect(ev.type).toBe('shop');
			const r = ev.roll!;
			expect(ev.item).toBe(r <= 2 ? 'bullet' : r <= 4 ? 'first_aid' : 'junk');
			expect(heldItem(g.state, 0)).toBe(ev.item);
			seen.add(ev.item!);
			g.move(0, [go('left')]);
			g.move(0, [go('right')]);
			expect(g.last[0]).toMatchObject({ type: 'shop', item: null });
		}
		expect(seen.size).toBe(3);
	});

	test('002 3.3: portals — fake, two-way and three-way — each say only "enters and exits a portal"', () => {
		const p = grid('abandoned', ['L G G G G G G'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }], portals: [[1], [2, 3], [4, 5, 6]] });
		const g = game(p, 1, [0]);
		g.move(0, [go('right')]); // the fake portal: out where it went in
		expect(g.types()[0]).toBe('portal');
		expect(g.p(0).cell).toBe(1);
		g.move(0, [go('right')]); // A of the two-way → B
		expect(g.p(0).cell).toBe(3);
		g.move(0, [go('left')]); // B → A
		expect(g.p(0).cell).toBe(3);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 0, cell: 3 } });
		g.move(0, [go('right')]); // portal 1 of three → 2
		expect(g.p(0).cell).toBe(5);
		g.move(0, [go('right')]); // onto portal 3 → 1
		expect(g.p(0).cell).toBe(4);
		expect(g.types()).toEqual(['portal', 'turn']);
	});

	test('002 3.3: a treasure pile is picked up by a healthy player; with it the exit wins the game', () => {
		const p = grid('abandoned', ['L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = game(p, 1, [0]);
		g.move(0, [go('right')]);
		// As the original program: "walks into a SAFE clearing", then "also stumbles across a pile of TREASURE".
		expect(g.types().slice(0, 2)).toEqual(['safe', 'treasure_pile']);
		expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: true });
		g.move(0, [go('left')]);
		g.move(0, [go('up')]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
	});

	test('002 3.3: a hospital heals the injured at the cost of the next turn', () => {
		const p = grid('abandoned', ['L H L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 2, kind: 'treasure', true: true }] });
		const g = game(p, 2, [0, 2]);
		const me = firstOf(g);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: 0 } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - me, cell: 2 } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: me, health: 'wounded' } });
		g.move(me, [go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: true });
		expect(g.p(me).health).toBe('healthy');
		const other = 1 - me;
		g.move(other, [go('up')]); // the other hits the wall… and moves again
		g.move(other, [go('left')]); // into the hospital: the turn passes me by
		expect(g.types()).toContain('turn_lost');
		expect(g.now).toBe(other);
	});
});

describe('002 items, battles, injuries', () => {
	const two = () => grid('abandoned', ['L L L L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 4, kind: 'treasure', true: true }] });
	const give = (g: Script, seat: number, item: 'bullet' | 'first_aid' | 'junk') => {
		const x = abandonedExt(g.state);
		const items = x.items.slice();
		items[seat] = item;
		g.state = { ...g.state, ext: { ...x, items } };
	};

	test('002 3.1: the rusty bullet injures the first adventurer up to 3 tiles away; beyond, or behind a wall, it misses', () => {
		const g = game(two(), 2, [0, 3]);
		const me = firstOf(g);
		const other = 1 - me;
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: 0 } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: other, cell: 3 } });
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'right' }, go('up')]);
		expect(g.last[0]).toMatchObject({ type: 'injured', seat: other, by: me });
		expect(g.p(other).health).toBe('wounded');
		expect(heldItem(g.state, me)).toBeNull();
		const h = game(two(), 2, [0, 4]);
		const m2 = firstOf(h);
		h.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: m2, cell: 0 } });
		h.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - m2, cell: 4 } });
		give(h, m2, 'bullet');
		h.move(m2, [{ a: 'use', item: 'bullet', dir: 'right' }, go('up')]);
		expect(h.last[0]).toMatchObject({ type: 'missed' });
	});

	test('002 4: an injured player drops his treasure and cannot pick one up; the first aid kit heals', () => {
		const g = game(two(), 2, [3, 0]);
		const me = firstOf(g);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: 3 } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - me, cell: 0 } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: me, health: 'wounded' } });
		g.move(me, [go('right')]);
		expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: false });
		give(g, me, 'first_aid');
		g.move(1 - me, [go('right')]);
		g.move(me, [{ a: 'use', item: 'first_aid' }, go('left')]);
		expect(g.types().slice(0, 2)).toEqual(['first_aid', 'safe']);
		expect(g.p(me).health).toBe('healthy');
		g.move(1 - me, [go('right')]);
		g.move(me, [go('right')]);
		expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: true });
	});

	test('002 5: a battle under a seeded die — the lower roll is injured, a tie goes to the attacker, and replay gives the same dice', () => {
		let ties = 0;
		for (let seed = 1; seed <= 60; seed++) {
			const g = game(two(), 2, [2, 2], seed);
			const me = firstOf(g);
			const other = 1 - me;
			g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: other, cell: 2 } });
			g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: 2 } });
			// Give the defender the treasure: the loser drops it.
			g.state = { ...g.state, players: g.state.players.map((p) => (p.seat === other ? { ...p, carry: { k: 'treasure' as const, id: 0 } } : p)) };
			g.move(me, [{ a: 'attack', target: other }, go('left')]);
			const b = g.last.find((e) => e.type === 'battle') as Extract<GameEvent, { type: 'battle' }>;
			const a = b.attackerRoll!;
			const d = b.defenderRoll!;
			expect(b.winner).toBe(a >= d ? me : other);
			if (a === d) ties++;
			const loser = b.winner === me ? other : me;
			expect(g.p(loser).health).toBe('wounded');
			expect(g.p(b.winner).health).toBe('healthy');
			if (loser === other) expect(g.state.items[2]).toEqual([{ k: 'treasure', id: 0 }]);
			// The same seed gives the same dice.
			const again = createRng(abandonedExt(game(two(), 2, [2, 2], seed).state).rng);
			expect([1 + again.int(6), 1 + again.int(6)]).toEqual([a, d]);
		}
		expect(ties).toBeGreaterThan(0);
	});

	test('002 5: the attacker may spend the rusty bullet to win outright; nobody fights in the hospital', () => {
		const g = game(two(), 2, [1, 1]);
		const me = firstOf(g);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'attack', target: 1 - me, bullet: true }, go('left')]);
		expect(g.last[0]).toMatchObject({ type: 'battle', attackerRoll: null, winner: me });
		expect(g.p(1 - me).health).toBe('wounded');
		const h = game(grid('abandoned', ['L H'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] }), 2, [1, 1]);
		h.move(firstOf(h), [{ a: 'attack', target: 1 - firstOf(h) }, go('left')]);
		expect(h.last[0]).toMatchObject({ type: 'rejected', reason: 'no_target' });
	});

	test('002 3.1: junk can be thrown away, but not in the shop', () => {
		const p = grid('abandoned', ['L T'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] });
		const g = game(p, 1, [1]);
		give(g, 0, 'junk');
		g.move(0, [{ a: 'use', item: 'junk' }, go('left')]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'junk_in_shop' });
		g.move(0, [go('left'), { a: 'use', item: 'junk' }]);
		expect(g.types()).toContain('junk_dropped');
		expect(heldItem(g.state, 0)).toBeNull();
	});
});

describe('002 properties', () => {
	test('random games on generated boards replay exactly, the one to move is always still in, and never reveal a position or the board to a player', () => {
		fc.assert(
			// 0-3 a step, 4-7 an attack and a step, 8 the master times the mover out (classic 9)
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 80 }), (seed, moves) => {
				const plan = generateAbandoned(seed);
				const g = new Script(plan, 3, {}, seed);
				g.do({ type: 'confirm_starts', by: 'master' });
				for (const m of moves) {
					if (g.state.phase !== 'play') break;
					const seat = g.now;
					if (m === 8) g.do({ type: 'time_out', by: 'master', seat });
					else {
						const actions: Action[] = m >= 4 ? [{ a: 'attack', target: (seat + 1) % 3 }, go(DIRECTIONS[m - 4]!)] : [go(DIRECTIONS[m]!)];
						g.move(seat, actions);
						if (g.last[0]!.type === 'rejected') g.move(seat, [go(DIRECTIONS[m % 4]!)]);
					}
					expect(g.last[0]!.type).not.toBe('rejected');
					if (g.state.phase === 'play') expect(g.state.players[g.now]!.status).toBe('in');
				}
				expect(renderedEverywhere(g.events.slice(), plan.width)).toEqual([]);
				const r = replay(g.game);
				expect(stateKey(r.state)).toBe(stateKey(g.state));
				expect(JSON.stringify(r.state.ext)).toBe(JSON.stringify(g.state.ext));
				for (const seat of [0, 1, 2]) {
					const v = JSON.stringify(g.view(seat));
					expect(v).not.toMatch(/"cell":|"ext"|portalNext/);
					expect(g.view(seat).system).toEqual({ item: heldItem(g.state, seat), loseTurns: abandonedExt(g.state).lose[seat] });
				}
			}),
			{ numRuns: 30 }
		);
	});
});
