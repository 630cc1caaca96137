import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CONDITIONS, type Action } from '../engine/game/types';
import { buildPlan, Script } from '../engine/game/testing';
import { grid } from '../engine/rules/topographic/testing';
import { EMPTY_DRAFT, addAction, canSend, closeCondition, isMovement, openCondition, removeLast, setDarkness, toCommand, foundHere, type MoveDraft } from './composer';

const ok = (d: MoveDraft | string): MoveDraft => {
	if (typeof d === 'string') throw new Error(d);
	return d;
};

describe('composing a move (2.1, 6.5, 6.7, 6.8)', () => {
	test('2.1: exactly one movement — a second one is refused, and a move without one cannot be sent', () => {
		let d = ok(addAction(EMPTY_DRAFT, { a: 'shoot', dir: 'left' }));
		expect(canSend(d)).toBe(false);
		d = ok(addAction(d, { a: 'go', dir: 'up' }));
		expect(canSend(d)).toBe(true);
		expect(addAction(d, { a: 'skip' })).toBe('two_movements');
		expect(toCommand(d, 1)).toEqual({ type: 'move', by: 1, actions: [{ a: 'shoot', dir: 'left' }, { a: 'go', dir: 'up' }] });
	});

	test('6.5: a condition only after the movement; what follows goes inside it until it is closed', () => {
		expect(openCondition(EMPTY_DRAFT, 'found_treasure')).toBe('condition_before_movement');
		let d = ok(addAction(EMPTY_DRAFT, { a: 'go', dir: 'right' }));
		d = ok(openCondition(d, 'hit_wall'));
		expect(addAction(d, { a: 'go', dir: 'up' })).toBe('movement_in_condition');
		d = ok(addAction(d, { a: 'grenade', dir: 'right' }));
		d = closeCondition(d);
		d = ok(addAction(d, { a: 'shoot', dir: 'down' }));
		expect(toCommand(d, 0).actions).toEqual([
			{ a: 'go', dir: 'right' },
			{ a: 'if', cond: 'hit_wall', then: [{ a: 'grenade', dir: 'right' }] },
			{ a: 'shoot', dir: 'down' }
		]);
	});

	test('6.7/6.8: dark and semi-dark exclude each other; removeLast takes back one step at a time', () => {
		let d = setDarkness(ok(addAction(EMPTY_DRAFT, { a: 'skip' })), 'dark');
		d = setDarkness(d, 'semiDark');
		expect(toCommand(d, 2)).toEqual({ type: 'move', by: 2, actions: [{ a: 'skip' }], semiDark: true });
		d = ok(openCondition(d, 'land'));
		d = ok(addAction(d, { a: 'mine' }));
		d = removeLast(d);
		d = removeLast(d);
		expect(d.actions).toEqual([{ a: 'skip' }]);
		expect(d.openIf).toBeNull();
	});

	test('property: whatever is tapped, a sendable draft is a move the engine does not refuse for its shape', () => {
		const dir = fc.constantFrom('up', 'right', 'down', 'left' as const);
		const tap = fc.oneof(
			dir.map((d): Action => ({ a: 'go', dir: d })),
			fc.constant<Action>({ a: 'skip' }),
			fc.constant<Action>({ a: 'flow' }),
			dir.map((d): Action => ({ a: 'shoot', dir: d })),
			dir.map((d): Action => ({ a: 'grenade', dir: d })),
			fc.constant('if' as const),
			fc.constant('close' as const),
			fc.constant('undo' as const)
		);
		const plan = buildPlan(['LLL', 'LLL', 'LWH'], { exits: [[0, 0, 'up', true], [2, 2, 'down', true]], items: [[1, 1, 'treasure', true]] });
		fc.assert(
			fc.property(fc.array(tap, { maxLength: 12 }), fc.constantFrom(...CONDITIONS), (taps, cond) => {
				let d = EMPTY_DRAFT;
				for (const t of taps) {
					const next = t === 'if' ? openCondition(d, cond) : t === 'close' ? closeCondition(d) : t === 'undo' ? removeLast(d) : addAction(d, t);
					if (typeof next !== 'string') d = next;
				}
				const command = toCommand(d, 0);
				expect(command.actions.filter(isMovement).length).toBe(canSend(d) ? 1 : 0);
				if (!canSend(d)) return;
				const g = new Script(plan, 1, {}, 1).start([0, 0]);
				const events = g.do(command);
				const shapeRefusals = ['no_movement', 'two_movements', 'movement_in_condition', 'condition_before_movement', 'malformed'];
				expect(events.filter((e) => e.type === 'rejected' && shapeRefusals.includes(e.reason))).toEqual([]);
			}),
			{ numRuns: 400 }
		);
	});
});

describe('5.8: the treasures the composer offers to take', () => {
	// x1 holds two treasures (the lowest fake, the topmost true); x2 one.
	const plan = buildPlan(['LLLL'], { walls: [[1, 0, 'right']], items: [[1, 0, 'treasure', false], [1, 0, 'treasure', true], [3, 0, 'treasure', false]] });
	const known = (g: Script, seat: number) => foundHere(g.view(seat).events, seat)?.treasures ?? 0;

	test('5.8: as announced on the last arrival, kept through a wall hit; none after a dark move or where none was found', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 0]);
		expect(known(g, 0)).toBe(0); // the start finds nothing (6.2)
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(known(g, 0)).toBe(2);
		expect(known(g, 1)).toBe(0); // another seat's find is not his pile
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]); // a wall: still there
		expect(known(g, 0)).toBe(2);
		// Every number offered is one the engine takes (the lowest was picked up on arrival).
		g.until(0).move(0, [{ a: 'take', index: 1 }, { a: 'skip' }]);
		expect(g.types()).toContain('took_treasure');
		expect(known(g, 0)).toBe(2);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }], { dark: true });
		expect(known(g, 0)).toBe(0);
		expect(foundHere(g.view(0).events, 0)).toBeNull();
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(known(g, 0)).toBe(0);
	});
});

describe('5.2 / 5.5: what lies at his feet can be used', () => {
	test('5.2: grenades heard found where he stands (full-handed, so not picked up) are offered after his own', () => {
		const plan = buildPlan(['LLL'], { items: [[2, 0, 'treasure', true], [1, 0, 'grenade', 2]] });
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(foundHere(g.view(0).events, 0)).toMatchObject({ grenades: 2, treasures: 0 });
		// and the engine throws them: his three, then the two lying there
		g.until(0).move(0, [0, 1, 2, 3, 4].map(() => ({ a: 'grenade' as const, dir: 'up' as const })).concat([{ a: 'skip' } as never]));
		expect(g.types()).not.toContain('action_failed');
	});
});

describe('seed 002 3.3: the pile the abandoned labyrinth\'s composer offers to take', () => {
	const known = (g: Script, seat: number) => foundHere(g.view(seat).events, seat)?.treasures ?? 0;
	/** Two adventurers: the first to move at `mine`, the other at `theirs` (the program spawns them; the master moves them). */
	function pair(rows: string[], mine: number, theirs: number, seed = 1) {
		const plan = grid('abandoned', rows, { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = new Script(plan, 2, {}, seed);
		const me = g.state.order[0]!;
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: me, cell: mine } });
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1 - me, cell: theirs } });
		g.do({ type: 'confirm_starts', by: 'master' });
		return { g, me, other: 1 - me };
	}

	test('002 3.3, 4: offered where he heard of a pile he could not take (injured), kept through a wall, taken by the engine; not after he walks on', () => {
		const { g, me, other } = pair(['L L L L'], 0, 3);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: me, health: 'wounded' } });
		g.move(me, [{ a: 'go', dir: 'right' }]);
		expect(known(g, me)).toBe(1);
		expect(known(g, other)).toBe(0);
		g.move(other, [{ a: 'go', dir: 'left' }]);
		g.move(me, [{ a: 'go', dir: 'up' }]); // a wall: still on the pile
		expect(known(g, me)).toBe(1);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: me, health: 'healthy' } });
		g.move(me, [{ a: 'take', index: 0 }, { a: 'go', dir: 'left' }]);
		expect(g.last[0]).toMatchObject({ type: 'pile_taken' });
		expect(known(g, me)).toBe(0);
	});

	test('002 4, 5: an attacker who loses drops his treasure at the defender\'s feet: offered to the defender on his turn', () => {
		for (let seed = 1; seed <= 40; seed++) {
			const { g, me, other } = pair(['L L L L'], 2, 2, seed);
			g.state = { ...g.state, players: g.state.players.map((q) => (q.seat === me ? { ...q, carry: { k: 'treasure' as const, id: 0 } } : q)) };
			g.move(me, [{ a: 'attack', target: other }, { a: 'go', dir: 'right' }]);
			if (g.p(me).health === 'healthy') continue;
			expect(known(g, other)).toBe(1);
			expect(known(g, me)).toBe(0);
			g.move(other, [{ a: 'take', index: 0 }, { a: 'go', dir: 'up' }]);
			expect(g.last[0]).toMatchObject({ type: 'pile_taken' });
			return;
		}
		throw new Error('no seed where the attacker loses');
	});
});
