/**
 * Treasures of the Abandoned Labyrinth audited clause by clause against seed 002 (the program's
 * README). Sections as docs/rules.md numbers them: 1 game map, 2 starting positions, 3 moves
 * (3.1 items, 3.2 attack, 3.3 movement and tiles), 4 player conditions, 5 battle, 6 game over.
 * Clauses already checked in abandoned.test.ts are not repeated here.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Script } from '../../game/testing';
import type { Action, AbandonedItem, GameEvent } from '../../game/types';
import { DIRECTIONS, type Direction, type Plan } from '../../plan/types';
import { abandonedExt, heldItem } from './rules';
import { generateAbandoned } from './generate';
import { renderEvent } from '../../../i18n/events';
import { validatePlan } from '../../plan/validate';
import { grid } from '../topographic/testing';

const go = (dir: Direction): Action => ({ a: 'go', dir });
const EXIT = { exits: [{ cell: 0, dir: 'up' as const, open: true }] };

/** Players placed by the master's correction (the program spawns them at random), in the drawn order. */
function game(plan: Plan, places: number[], seed = 1, settings = {}): Script {
	const g = new Script(plan, places.length, settings, seed);
	places.forEach((cell, seat) => g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat, cell } }));
	g.do({ type: 'confirm_starts', by: 'master' });
	return g;
}
/** Two players: the first to move (`me`) at `mine`, the other at `theirs`. */
function pair(plan: Plan, mine: number, theirs: number, seed = 1) {
	const g = game(plan, [mine, mine], seed);
	const me = g.state.order[0]!;
	const other = 1 - me;
	g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: mine } });
	g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: other, cell: theirs } });
	return { g, me, other };
}
function give(g: Script, seat: number, item: AbandonedItem): void {
	const x = abandonedExt(g.state);
	const items = x.items.slice();
	items[seat] = item;
	g.state = { ...g.state, ext: { ...x, items } };
}
const wound = (g: Script, seat: number) => g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat, health: 'wounded' } });

describe('002 2 starting positions', () => {
	test('002 2: every adventurer starts with an empty gun and no item — a bullet cannot be fired', () => {
		const { g, me } = pair(grid('abandoned', ['L L L L'], EXIT), 0, 3);
		expect(heldItem(g.state, me)).toBeNull();
		expect(g.move(me, [{ a: 'use', item: 'bullet', dir: 'right' }, go('right')])[0]).toMatchObject({ type: 'rejected', reason: 'no_item' });
		expect(g.p(me).cell).toBe(0);
	});
});

describe('002 3.1 items', () => {
	test('002 3.1: an item used is lost for good — the first aid kit cannot be used twice', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L L'], EXIT), 0, 3);
		wound(g, me);
		give(g, me, 'first_aid');
		g.move(me, [{ a: 'use', item: 'first_aid' }, go('right')]);
		expect(g.p(me).health).toBe('healthy');
		expect(heldItem(g.state, me)).toBeNull();
		g.move(other, [go('left')]);
		expect(g.move(me, [{ a: 'use', item: 'first_aid' }, go('right')])[0]).toMatchObject({ type: 'rejected', reason: 'no_item' });
	});

	test('002 3.1: the rusty bullet does not hit an adventurer on the shooter\'s own tile ("not including the shooter\'s current space")', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L L'], EXIT), 0, 0);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'right' }, go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'missed' });
		expect(g.p(other).health).toBe('healthy');
	});

	test('002 3.1: a miss is told as a miss and nothing else (no tile, no direction, no why)', () => {
		const { g, me } = pair(grid('abandoned', ['L L L L L L'], EXIT), 0, 5);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'right' }, go('up')]);
		expect(g.last[0]).toEqual({ type: 'missed', seat: me, audience: { to: 'all' } });
	});

	test('002 3.1: an exit in the labyrinth wall stops the bullet like a wall', () => {
		const p = grid('abandoned', ['L L', 'L L'], { exits: [{ cell: 0, dir: 'left', open: true }] });
		const { g, me } = pair(p, 1, 3);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'up' }, go('left')]);
		expect(g.last[0]).toMatchObject({ type: 'missed' });
	});
});

describe('002 3.2 attack, 4 conditions, 5 battle', () => {
	test('002 3.2: an injured adventurer may not attack, nor be attacked', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 1, 1);
		wound(g, other);
		expect(g.move(me, [{ a: 'attack', target: other }, go('left')])[0]).toMatchObject({ type: 'rejected', reason: 'not_healthy' });
		wound(g, me);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: other, health: 'healthy' } });
		expect(g.move(me, [{ a: 'attack', target: other }, go('left')])[0]).toMatchObject({ type: 'rejected', reason: 'not_healthy' });
	});

	test('002 3.2: an attack needs the other on the same tile — one a tile away cannot be attacked', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 0, 1);
		expect(g.move(me, [{ a: 'attack', target: other }, go('up')])[0]).toMatchObject({ type: 'rejected', reason: 'no_target' });
	});

	test('002 4: an injured adventurer moves as usual (only treasure is barred)', () => {
		const { g, me } = pair(grid('abandoned', ['L L L'], EXIT), 0, 2);
		wound(g, me);
		g.move(me, [go('right')]);
		expect(g.p(me).cell).toBe(1);
		expect(g.types()[0]).toBe('safe');
	});

	test('002 4, 5: the loser drops the treasure on the tile; the next healthy adventurer to arrive there picks it up', () => {
		const p = grid('abandoned', ['L L L'], EXIT);
		for (let seed = 1; seed <= 30; seed++) {
			const { g, me, other } = pair(p, 1, 1, seed);
			g.state = { ...g.state, players: g.state.players.map((q) => (q.seat === other ? { ...q, carry: { k: 'treasure' as const, id: 0 } } : q)) };
			g.move(me, [{ a: 'attack', target: other }, go('left')]);
			const battle = g.last.find((e) => e.type === 'battle') as { winner: number };
			if (battle.winner !== me) continue;
			expect(g.last.find((e) => e.type === 'injured')).toMatchObject({ seat: other, dropped: true });
			expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
			g.move(other, [go('right')]); // the injured loser steps off
			g.move(me, [go('right')]); // the winner comes back
			expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: true });
			expect(g.p(me).carry).toMatchObject({ k: 'treasure' });
			return;
		}
		throw new Error('no seed where the attacker wins');
	});
});

describe('002 3.3 tiles and what the master tells', () => {
	test('002 3.3: the river\'s answer never gives away the direction of the flush', () => {
		const { g, me } = pair(grid('abandoned', ['L L L', 'R> R> R>'], EXIT), 0, 2);
		g.move(me, [go('down')]);
		expect(g.last[0]).toEqual({ type: 'flushed', seat: me, blocked: false, audience: { to: 'all' } });
	});

	test('002 3.3: flushed onto a marsh, the marsh acts (the next turn is lost); onto a portal, the portal acts', () => {
		const marsh = pair(grid('abandoned', ['L L L', 'R> F L'], EXIT), 0, 2);
		marsh.g.move(marsh.me, [go('down')]);
		expect(marsh.g.types().slice(0, 2)).toEqual(['flushed', 'marsh']);
		expect(abandonedExt(marsh.g.state).lose[marsh.me]).toBe(1);
		const p = grid('abandoned', ['L L G', 'R> G L'], { ...EXIT, portals: [[4, 2]] });
		const portal = pair(p, 0, 5);
		portal.g.move(portal.me, [go('down')]);
		expect(portal.g.types().slice(0, 2)).toEqual(['flushed', 'portal']);
		expect(portal.g.p(portal.me).cell).toBe(2);
	});

	test('002 3.3: the shop gives nothing to one already holding an item — no die is rolled', () => {
		const { g, me } = pair(grid('abandoned', ['L T L'], EXIT), 0, 2);
		give(g, me, 'junk');
		const rng = abandonedExt(g.state).rng;
		g.move(me, [go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'shop', roll: null, item: null });
		expect(abandonedExt(g.state).rng).toEqual(rng);
		expect(heldItem(g.state, me)).toBe('junk');
	});

	test('002 3.3: a healthy visitor to the hospital loses no turn', () => {
		const { g, me, other } = pair(grid('abandoned', ['L H L'], EXIT), 0, 2);
		g.move(me, [go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: false });
		g.move(other, [go('left')]); // healthy into the hospital too
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: false });
		expect(g.now).toBe(me);
		expect(abandonedExt(g.state).lose).toEqual([0, 0]);
	});

	test('002 3.3 "Fight other_player": an adventurer who walks onto another\'s tile is told who is there; otherwise nobody learns where anyone is', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 0, 1);
		g.move(me, [go('right')]);
		expect(g.last.find((e) => e.type === 'meet')).toMatchObject({ seat: me, others: [other], fight: true });
		// The answer names the adventurers, never the tile (the views' side is abandoned.test.ts's property).
		expect(JSON.stringify(g.last)).not.toMatch(/"cell"/);
	});

	test('002 6: once an adventurer is out with a treasure the labyrinth crumbles: nobody moves again', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 0, 2);
		g.state = { ...g.state, players: g.state.players.map((q) => (q.seat === me ? { ...q, carry: { k: 'treasure' as const, id: 0 } } : q)) };
		g.move(me, [go('up')]);
		expect(g.state.result).toEqual({ kind: 'win', seat: me, how: 'treasure' });
		expect(g.move(other, [go('left')])[0]).toMatchObject({ type: 'rejected', reason: 'game_over' });
	});
});

/** `seat` carries a treasure (as if picked up earlier). */
function carrying(g: Script, seat: number): void {
	g.state = { ...g.state, players: g.state.players.map((q) => (q.seat === seat ? { ...q, carry: { k: 'treasure' as const, id: 0 } } : q)) };
}

describe('002 audit 2: treasure dropped anywhere, spawns, who shares a tile', () => {
	test('002 4 "drop any treasure", 3.3 "a tile containing treasure": a treasure dropped on a marsh is found there by the next healthy adventurer (the original program: any tile can hold a pile)', () => {
		// a1 L, b1 marsh, c1 L, d1 L: the carrier on the marsh is shot from d1.
		const { g, me, other } = pair(grid('abandoned', ['L F L L'], EXIT), 3, 1);
		carrying(g, other);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'left' }, go('left')]);
		expect(g.last.find((e) => e.type === 'injured')).toMatchObject({ seat: other, dropped: true });
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
		g.move(other, [go('left')]); // the injured carrier steps off the marsh
		g.move(me, [go('left')]); // c1 → b1: the marsh, and the treasure lying there
		expect(g.types().slice(0, 2)).toEqual(['marsh', 'treasure_pile']);
		expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: true });
		expect(g.p(me).carry).toMatchObject({ k: 'treasure' });
		expect(g.state.items[1]).toEqual([]);
	});

	test('002 4, 3.3: a treasure dropped in the hospital is found there; an injured arrival is healed first and picks it up', () => {
		const { g, me, other } = pair(grid('abandoned', ['L H L L'], EXIT), 3, 1);
		carrying(g, other);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'left' }, go('left')]); // me to c1
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
		g.move(other, [go('left')]); // the injured one leaves the hospital without it
		wound(g, me);
		g.move(me, [go('left')]);
		expect(g.types().slice(0, 2)).toEqual(['hospital', 'treasure_pile']);
		expect(g.last[0]).toMatchObject({ healed: true });
		expect(g.last[1]).toMatchObject({ taken: true });
	});

	test('002 3.3 portal, river: a pile on the tile where the movement ends is found (the portal\'s exit, the river\'s mouth)', () => {
		// a1 L, b1 G(A) c1 L d1 G(B); the treasure lies on d1, reached through b1.
		const p = grid('abandoned', ['L G L G'], { ...EXIT, portals: [[1, 3]], items: [{ cell: 3, kind: 'treasure', true: true }] });
		const { g, me } = pair(p, 0, 2);
		g.move(me, [go('right')]);
		expect(g.types().slice(0, 2)).toEqual(['portal', 'treasure_pile']);
		expect(g.p(me).carry).toMatchObject({ k: 'treasure' });
		// a1 L b1 L / a2 R> b2 R> (the mouth against the right wall) with a pile on b2.
		const r = grid('abandoned', ['L L', 'R> R>'], EXIT);
		const river = pair(r, 0, 1);
		river.g.state = { ...river.g.state, items: river.g.state.items.map((l, i) => (i === 3 ? [{ k: 'treasure' as const, id: 0 }] : l)) };
		river.g.move(river.me, [go('down')]);
		expect(river.g.types().slice(0, 2)).toEqual(['flushed', 'treasure_pile']);
		expect(river.g.p(river.me).cell).toBe(3);
		expect(river.g.p(river.me).carry).toMatchObject({ k: 'treasure' });
	});

	test('002 2: the program spawns the adventurers on different safe tiles (the original draws them without replacement), so nobody starts in a fight nobody was told of', () => {
		const plan = grid('abandoned', ['L L L L L', 'L L L L L'], EXIT);
		for (let seed = 1; seed <= 40; seed++) {
			const g = new Script(plan, 5, {}, seed);
			expect(new Set(g.state.players.map((q) => q.cell)).size).toBe(5);
		}
		// Fewer safe tiles than adventurers: they must share (a hand-made board), but every safe tile is used.
		const small = grid('abandoned', ['L L F F'], EXIT);
		const g = new Script(small, 3, {}, 1);
		expect(new Set(g.state.players.map((q) => q.cell))).toEqual(new Set([0, 1]));
	});

	test('002 2 "except when a player is found by another player": one who walks into the hospital where another is is told whom he found (the original says so on every tile)', () => {
		const { g, me, other } = pair(grid('abandoned', ['L H L'], EXIT), 0, 1);
		g.move(me, [go('right')]);
		expect(g.types()).toEqual(['hospital', 'meet', 'turn']);
		expect(g.last[1]).toMatchObject({ seat: me, others: [other], fight: false });
	});

	test('002 3.2: meeting an injured adventurer is told without "fight" (no fight can follow); meeting a healthy one, with it', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 0, 1);
		wound(g, other);
		g.move(me, [go('right')]);
		expect(g.last.find((e) => e.type === 'meet')).toMatchObject({ seat: me, others: [other], fight: false });
	});
});

describe('002 property: who shares a tile is always public', () => {
	/** An arrival's answer (3.3): the mover left his tile; "wall" and "found an exit" leave him where he was. */
	const ARRIVALS = new Set(['safe', 'shop', 'hospital', 'marsh', 'flushed', 'portal']);

	test('002 2, 3.2: from the table\'s announcements alone everyone can tell who shares a tile (spawns apart, "found by another player" on every tile), so an attack\'s refusal ("not here") tells nothing new', () => {
		fc.assert(
			// per command: 0-3 a step; 4-15 an attack on the k-th next seat, then a step; 16-19 a take, then a step
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 3, max: 5 }), fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 120 }), (seed, seats, moves) => {
				const g = new Script(generateAbandoned(seed), seats, {}, seed);
				g.do({ type: 'confirm_starts', by: 'master' });
				// What the table knows: a label per adventurer, equal for those it knows to share a tile.
				const label = Array.from({ length: seats }, (_, s) => s);
				const inHospital = new Array<boolean>(seats).fill(false);
				let fresh = seats;
				const hear = (events: readonly GameEvent[]) => {
					for (const e of events) {
						if (!ARRIVALS.has(e.type) || !('seat' in e)) continue;
						const s = e.seat as number;
						inHospital[s] = e.type === 'hospital';
						const meet = events.find((x): x is Extract<GameEvent, { type: 'meet' }> => x.type === 'meet' && x.seat === s);
						label[s] = meet ? label[meet.others[0]!]! : fresh++;
					}
				};
				for (const m of moves) {
					if (g.state.phase !== 'play') break;
					const seat = g.now;
					const dir = DIRECTIONS[m % 4]!;
					if (m >= 16) {
						// Refused only for what he knows of himself; a tile without a pile is "no luck".
						const me = g.p(seat);
						const knownNo = me.health !== 'healthy' || me.carry?.k === 'treasure';
						const answer = g.move(seat, [{ a: 'take', index: 0 }, go(dir)])[0]!;
						expect(answer.type === 'rejected').toBe(knownNo);
						if (answer.type === 'rejected') g.move(seat, [go(dir)]);
					} else if (m >= 4) {
						const target = (seat + 1 + (((m - 4) >> 2) % (seats - 1))) % seats;
						const refused = g.move(seat, [{ a: 'attack', target }, go(dir)])[0]!;
						const knownApart = label[seat] !== label[target] || g.p(target).status !== 'in' || inHospital[seat];
						expect(refused.type === 'rejected' && refused.reason === 'no_target').toBe(knownApart);
						if (refused.type === 'rejected') g.move(seat, [go(dir)]);
					} else g.move(seat, [go(dir)]);
					expect(g.last[0]!.type).not.toBe('rejected');
					hear(g.last);
					for (let a = 0; a < seats; a++)
						for (let b = a + 1; b < seats; b++) {
							const [pa, pb] = [g.p(a), g.p(b)];
							if (pa.status === 'in' && pb.status === 'in') expect(label[a] === label[b]).toBe(pa.cell === pb.cell);
						}
				}
			}),
			{ numRuns: 40 }
		);
	});
});

describe('002 3 "any number of actions": a refusal never tells the outcome of the dice', () => {
	test('002 3.2, 5: after a battle he loses, a second attack is answered "no luck" and the move stands — refusing it would tell him, before anything happened, that he would lose', () => {
		const p = grid('abandoned', ['L L L'], EXIT);
		for (let seed = 1; seed <= 40; seed++) {
			const g = game(p, [1, 1, 1], seed);
			const [me, y, z] = g.state.order as [number, number, number];
			g.move(me, [{ a: 'attack', target: y }, { a: 'attack', target: z }, go('left')]);
			const battle = g.last.find((e) => e.type === 'battle') as { winner: number } | undefined;
			if (!battle || battle.winner === me) continue;
			expect(g.types().slice(0, 3)).toEqual(['battle', 'injured', 'action_failed']);
			expect(g.last[2]).toMatchObject({ reason: 'not_healthy' });
			expect(g.p(me).cell).toBe(0);
			return;
		}
		throw new Error('no seed where the attacker loses');
	});
});

describe('002 3.3 "the player can pick up the treasure": a pile lying on one\'s tile is taken at any time of one\'s turn (the original offers "Acquire treasure")', () => {
	const take: Action = { a: 'take', index: 0 };

	test('002 4, 5, 3.3: the winner of a battle takes the treasure the loser dropped at his feet, in the same turn', () => {
		const p = grid('abandoned', ['L L L'], EXIT);
		for (let seed = 1; seed <= 30; seed++) {
			const { g, me, other } = pair(p, 1, 1, seed);
			carrying(g, other);
			g.move(me, [{ a: 'attack', target: other }, take, go('left')]);
			const battle = g.last.find((e) => e.type === 'battle') as { winner: number };
			if (battle.winner !== me) {
				// The attacker lost: injured, he cannot pick anything up — answered "no luck", the move stands.
				expect(g.types().slice(0, 3)).toEqual(['battle', 'injured', 'action_failed']);
				continue;
			}
			expect(g.types().slice(0, 4)).toEqual(['battle', 'injured', 'pile_taken', 'safe']);
			expect(g.p(me).carry).toMatchObject({ k: 'treasure', id: 0 });
			expect(g.state.items[1]).toEqual([]);
			return;
		}
		throw new Error('no seed where the attacker wins');
	});

	test('002 4, 3.1: injured on a pile, healed by the first aid kit, he takes it without stepping off', () => {
		const p = grid('abandoned', ['L L L L'], { ...EXIT, items: [{ cell: 1, kind: 'treasure', true: true }] });
		const { g, me, other } = pair(p, 0, 3);
		wound(g, me);
		g.move(me, [go('right')]);
		expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: false });
		g.move(other, [go('left')]);
		give(g, me, 'first_aid');
		g.move(me, [take, go('left')]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'not_healthy' });
		g.move(me, [{ a: 'use', item: 'first_aid' }, take, go('up')]);
		expect(g.types().slice(0, 3)).toEqual(['first_aid', 'pile_taken', 'wall']);
		expect(g.p(me).carry).toMatchObject({ k: 'treasure' });
	});

	test('002 3.3 "only one treasure at a time": holding one, a take is refused (his own state decides it) before the movement and "no luck" after it', () => {
		const { g, me } = pair(grid('abandoned', ['L L L'], EXIT), 1, 2);
		carrying(g, me);
		g.state = { ...g.state, items: g.state.items.map((l, i) => (i === 1 ? [{ k: 'treasure' as const, id: 1 }] : l)) };
		expect(g.move(me, [take, go('left')])[0]).toMatchObject({ type: 'rejected', reason: 'holds_treasure' });
		g.move(me, [go('left'), take]);
		expect(g.last.find((e) => e.type === 'action_failed')).toMatchObject({ reason: 'holds_treasure' });
		expect(g.state.players[me]!.cell).toBe(0);
	});

	test('002 3.3: where no pile lies a take is answered "no luck" to the table and the move stands, never refused — the tile decides it, and a free private refusal would be an oracle (how many piles lie here is not told)', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 1, 2);
		g.move(me, [take, go('left')]);
		expect(g.types().slice(0, 2)).toEqual(['action_failed', 'safe']);
		expect(g.last[0]).toMatchObject({ reason: 'no_treasure', audience: { to: 'all' } });
		expect(g.p(me).cell).toBe(0);
		expect(g.now).toBe(other);
	});
});

describe('002 3.3 the master\'s responses, in the seed\'s words (rulings 3)', () => {
	test('002 3.3: every response the seed quotes is said with its words, naming no tile and no direction', () => {
		const A = { audience: { to: 'all' as const } };
		const said = (e: object) => renderEvent({ ...e, ...A } as GameEvent, 'en');
		const quotes: [object, RegExp][] = [
			[{ type: 'wall', seat: 0 }, /wall/],
			[{ type: 'exit_refused', seat: 0 }, /found an exit, but has no treasure/],
			[{ type: 'safe', seat: 0 }, /walks into a SAFE clearing/],
			[{ type: 'meet', seat: 0, others: [1], fight: true }, /Player 2.*fight or end the turn/],
			[{ type: 'shop', seat: 0, roll: 1, item: 'bullet' }, /buys a random item.*rusty bullet/],
			[{ type: 'hospital', seat: 0, healed: false }, /hospital/],
			[{ type: 'marsh', seat: 0 }, /sinks into a MARSH/],
			[{ type: 'flushed', seat: 0, blocked: false }, /is flushed by the river one tile/],
			[{ type: 'flushed', seat: 0, blocked: true }, /river tries to flush .*but a wall/],
			[{ type: 'portal', seat: 0 }, /enters and exits a portal/],
			[{ type: 'treasure_pile', seat: 0, taken: false }, /stumbles across a pile of TREASURE/],
			[{ type: 'missed', seat: 0 }, /missed/]
		];
		for (const [e, quote] of quotes) {
			const text = said(e);
			expect(text).toMatch(quote);
			expect(text).not.toMatch(/\b(up|down|left|right|[a-h][1-8])\b/);
		}
	});
});

describe('002 3.3 a river flowing out through an exit (a hand-made board; the original program\'s boards have them)', () => {
	// a1 L b1 L / a2 L b2 R> (a river's mouth flowing right, where the labyrinth has an exit)
	const plan = () =>
		grid('abandoned', ['L L', 'L R>'], { exits: [{ cell: 0, dir: 'up', open: true }, { cell: 3, dir: 'right', open: true }], items: [{ cell: 0, kind: 'treasure', true: true }] });

	test('002 3.3, 6: the river flushes a treasure carrier out through the exit: he wins', () => {
		expect(validatePlan(plan()).errors).toEqual([]);
		const { g, me } = pair(plan(), 1, 0);
		carrying(g, me);
		g.move(me, [go('down')]);
		expect(g.types()).toEqual(['flushed', 'won']);
		expect(g.state.result).toEqual({ kind: 'win', seat: me, how: 'treasure' });
	});

	test('002 3.3: without a treasure the river cannot take him out: told so (no wall is claimed), he stays on the river and the turn passes', () => {
		const { g, me, other } = pair(plan(), 1, 0);
		g.move(me, [go('down')]);
		expect(g.types()).toEqual(['flushed', 'turn']);
		expect(g.last[0]).toMatchObject({ blocked: true, exit: true });
		expect(renderEvent(g.last[0]!, 'en')).toMatch(/exit, but they have no treasure/);
		expect(g.p(me).cell).toBe(3);
		expect(g.now).toBe(other);
	});
});

describe('002 3.3 the tile the river pushes one onto (setting riverLandingActs)', () => {
	test('002 3.3 "moving 2 tiles" (default on): the tile reached acts and is told — a marsh takes the next turn, a portal carries on', () => {
		const { g, me } = pair(grid('abandoned', ['L L L', 'R> F L'], EXIT), 0, 2);
		g.move(me, [go('down')]);
		expect(g.types().slice(0, 2)).toEqual(['flushed', 'marsh']);
		expect(abandonedExt(g.state).lose[me]).toBe(1);
	});

	test('002 3.3 (off: the original program): the tile reached does nothing and is not told — no marsh, no portal, no shop; a pile there and whoever stands there are still told', () => {
		const off = { riverLandingActs: false };
		const marsh = game(grid('abandoned', ['L L L', 'R> F L'], EXIT), [0, 2], 1, off);
		const m = marsh.state.order[0]!;
		marsh.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: m, cell: 0 } });
		marsh.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - m, cell: 4 } });
		marsh.move(m, [go('down')]);
		expect(marsh.types()).toEqual(['flushed', 'meet', 'turn']);
		expect(marsh.p(m).cell).toBe(4);
		expect(abandonedExt(marsh.state).lose[m]).toBe(0);
		const p = grid('abandoned', ['L L G', 'R> G L'], { ...EXIT, portals: [[4, 2]] });
		const portal = game(p, [0, 5], 1, off);
		const q = portal.state.order[0]!;
		portal.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: q, cell: 0 } });
		portal.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - q, cell: 5 } });
		portal.move(q, [go('down')]);
		expect(portal.types()).toEqual(['flushed', 'turn']);
		expect(portal.p(q).cell).toBe(4);
	});
});

describe('002 3 moves: the remaining clauses, each by its words', () => {
	test('002 3 "one and only one movement": a turn without a movement, or with two, is refused and changes nothing', () => {
		const { g, me } = pair(grid('abandoned', ['L L L'], EXIT), 0, 2);
		const before = g.state;
		expect(g.move(me, [])[0]).toMatchObject({ type: 'rejected', reason: 'no_movement' });
		expect(g.move(me, [go('right'), go('right')])[0]).toMatchObject({ type: 'rejected', reason: 'two_movements' });
		expect(g.state).toBe(before);
	});

	test('002 3.1 "The shooter loses his/her bullet": spent on a miss too; an inner wall stops it ("if a wall blocks the bullet")', () => {
		const p = grid('abandoned', ['L L L L'], { ...EXIT, walls: [{ cell: 1, dir: 'right' }] });
		const { g, me, other } = pair(p, 0, 2);
		give(g, me, 'bullet');
		g.move(me, [{ a: 'use', item: 'bullet', dir: 'right' }, go('up')]);
		expect(g.last[0]).toEqual({ type: 'missed', seat: me, audience: { to: 'all' } });
		expect(g.p(other).health).toBe('healthy');
		expect(heldItem(g.state, me)).toBeNull();
	});

	test('002 3.1 first aid kit "Sacrifice one turn at any time to heal yourself" (setting firstAidCostsTurn): healed at once, the next turn lost', () => {
		const g = game(grid('abandoned', ['L L L'], EXIT), [0, 2], 1, { firstAidCostsTurn: true });
		const me = g.state.order[0]!;
		const other = 1 - me;
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: 0 } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: other, cell: 2 } });
		wound(g, me);
		give(g, me, 'first_aid');
		g.move(me, [{ a: 'use', item: 'first_aid' }, go('right')]);
		expect(g.p(me).health).toBe('healthy');
		g.move(other, [go('left')]);
		expect(g.types()).toContain('turn_lost');
		expect(g.now).toBe(other);
	});

	test('002 5 "if the defending adventurer owns a gun they cannot use it": a defender holding the rusty bullet keeps it, unused, whatever the dice', () => {
		for (let seed = 1; seed <= 10; seed++) {
			const { g, me, other } = pair(grid('abandoned', ['L L L'], EXIT), 1, 1, seed);
			give(g, other, 'bullet');
			g.move(me, [{ a: 'attack', target: other }, go('left')]);
			const battle = g.last.find((e) => e.type === 'battle') as { attackerRoll: number | null };
			expect(battle.attackerRoll).not.toBeNull();
			expect(heldItem(g.state, other)).toBe('bullet');
		}
	});

	test('002 3.3 "You can only hold one treasure at a time": a carrier who finds another pile is told of it and leaves it', () => {
		const p = grid('abandoned', ['L L L'], { ...EXIT, items: [{ cell: 1, kind: 'treasure', true: true }] });
		const { g, me } = pair(p, 0, 2);
		carrying(g, me);
		g.move(me, [go('right')]);
		expect(g.last[1]).toMatchObject({ type: 'treasure_pile', taken: false });
		expect(g.p(me).carry).toEqual({ k: 'treasure', id: 0 });
		expect(g.state.items[1]!.filter((it) => it.k === 'treasure')).toHaveLength(1);
	});
});

describe('002 2 adventurers spawned on one tile (a hand-made board with fewer safe tiles than adventurers)', () => {
	test('002 2 "except when a player is found by another player": those the program had to spawn together are told whom they share the tile with, as the game begins', () => {
		const g = new Script(grid('abandoned', ['L F F'], EXIT), 3, {}, 1);
		expect(g.state.players.map((q) => q.cell)).toEqual([0, 0, 0]);
		g.do({ type: 'confirm_starts', by: 'master' });
		const meets = g.last.filter((e) => e.type === 'meet');
		const first = g.state.order[0]!;
		expect(meets).toEqual([{ type: 'meet', seat: first, others: g.state.order.slice(1).sort(), fight: true, audience: { to: 'all' } }]);
	});

	test('002 2: spawned apart, nothing is told but the kinds of the starts', () => {
		const g = new Script(grid('abandoned', ['L L L'], EXIT), 3, {}, 1);
		g.do({ type: 'confirm_starts', by: 'master' });
		expect(g.types().filter((t) => t === 'meet')).toEqual([]);
	});
});

describe('002 property: treasures are never lost nor doubled', () => {
	test('002 3.3, 4, 6: every treasure lies on exactly one tile or is carried by exactly one adventurer, whatever is played (drops, takes, battles, bullets, rivers, portals)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 })), { maxLength: 150 }), (seed, moves) => {
				const g = new Script(generateAbandoned(seed), 3, {}, seed);
				g.do({ type: 'confirm_starts', by: 'master' });
				const ids = () => [...g.state.items.flat().flatMap((it) => (it.k === 'treasure' ? [it.id] : [])), ...g.state.players.flatMap((q) => (q.carry?.k === 'treasure' ? [q.carry.id] : []))].sort();
				const all = ids();
				expect(all).toEqual([0, 1]);
				for (const [kind, d] of moves) {
					if (g.state.phase !== 'play') break;
					const seat = g.now;
					const dir = DIRECTIONS[d]!;
					const item = heldItem(g.state, seat);
					const before: Action[] =
						kind === 1 ? [{ a: 'attack', target: (seat + 1 + (d % 2)) % 3 }] : kind === 2 ? [{ a: 'take', index: 0 }] : kind === 3 && item ? [{ a: 'use', item, dir }] : [];
					g.move(seat, [...before, go(dir), ...(kind === 4 ? [{ a: 'take', index: 0 } as Action] : [])]);
					if (g.last[0]!.type === 'rejected') g.move(seat, [go(dir)]);
					expect(ids()).toEqual(all);
				}
			}),
			{ numRuns: 40 }
		);
	});
});

describe('002 (issue 31): no deaths in this labyrinth; the status names the item held', () => {
	test('002 4 (with the classic 9 time limit): a time-out is not a death — he leaves the game, no corpse, his treasure stays as a pile', () => {
		const { g, me, other } = pair(grid('abandoned', ['L L L L'], { ...EXIT, items: [{ cell: 2, kind: 'treasure', true: true }] }), 1, 3);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'carry', seat: me, carry: { k: 'treasure', id: 0 } } });
		expect(g.p(me).carry).toEqual({ k: 'treasure', id: 0 });
		g.do({ type: 'time_out', by: 'master', seat: me });
		const told = g.last.find((e) => e.type === 'timed_out')!;
		expect(told).toMatchObject({ seat: me, corpse: false, audience: { to: 'all' } });
		expect(renderEvent(told, 'en')).toMatch(/has left the game$/);
		for (const l of ['en', 'ru', 'uk'] as const) expect(renderEvent(told, l)).not.toMatch(/corpse|труп/);
		expect(g.types()).not.toContain('you_died');
		expect(g.p(me).status).toBe('lost');
		expect(g.state.items.flat().some((i) => i.k === 'corpse')).toBe(false);
		expect(g.state.items[1]).toContainEqual({ k: 'treasure', id: 0 });
		expect(g.now).toBe(other);
	});

	test('002 3.1 "can only hold one item at a time": the status answer names the item held, or none', () => {
		const { g, me } = pair(grid('abandoned', ['L L L L'], EXIT), 0, 3);
		give(g, me, 'first_aid');
		g.do({ type: 'status', by: me });
		const status = g.last.find((e) => e.type === 'status')!;
		expect(status).toMatchObject({ status: { item: 'first_aid' } });
		expect(renderEvent(status, 'en')).toContain('a first aid kit');
		expect(renderEvent(status, 'ru')).toContain('аптечка');
		expect(renderEvent(status, 'en')).not.toMatch(/grenade/);
		give(g, me, null as unknown as AbandonedItem);
		g.do({ type: 'status', by: me });
		const none = g.last.find((e) => e.type === 'status')!;
		expect(none).toMatchObject({ status: { item: null } });
		expect(renderEvent(none, 'en')).toMatch(/no item/);
	});
});
