/**
 * The duel audited clause by clause against seeds 001 (Russian) and 004 (Ukrainian), English
 * rendering /work/shared/rules/duel.md. Each test names its clause as docs/rules.md numbers the
 * duel (2 contents, 3 play: 3.1 starts, 3.2 walls, 3.3 grenades, 3a–3e objects, 3.5 leaving,
 * 3.6 what is told, 3.7 one treasure, 3.8 no enclosure, 3.9 re-entry). Clauses already checked in
 * duel.test.ts are not repeated here.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { Action, Command, GameEvent } from '../../game/types';
import type { Direction, Plan } from '../../plan/types';
import { duelExt } from './rules';
import { actionsPerTurn, afterMove, afterStart, createDuel, createDuelDevice, duelCommand, firstPlayer, mayAct, ownStartAnswered, refereeOpponent, startTurns, type DuelDevice, type DuelTurns, type Player } from './match';
import { duelHalf, grid, renderedEverywhere } from '../topographic/testing';
import { generateDuel } from './generate';
import { validatePlan } from '../../plan/validate';

const go = (dir: Direction): Action => ({ a: 'go', dir });
const ev = (type: string, extra: object = {}) => ({ type, seat: 0, audience: { to: 'all' }, ...extra }) as unknown as GameEvent;

const half = duelHalf;

// y0: L  L  L
// y1: X  Y  K      crossbow, crutch, trap
// y2: L  P1 I1
const plan = (extra: Partial<Plan> = {}) =>
	grid('duel', ['L L L', 'X Y K', 'L P1 I1'], {
		exits: [{ cell: 2, dir: 'up', open: true }],
		items: [
			{ cell: 1, kind: 'treasure', true: false },
			{ cell: 0, kind: 'treasure', true: true }
		],
		...extra
	});

/** Player 0's device (his plan, walked by player 1), both starts said, and player 1 to move. */
function device(p: Plan, start: number, settings: object = {}): DuelDevice {
	const d = createDuelDevice({ me: 0, plan: p, seed: 1, settings });
	if (!d.ok) throw new Error('setup');
	const r = refereeOpponent(d.value, { type: 'choose_start', by: 1, cell: start });
	return { ...r.device, turns: { ...r.device.turns, turn: 1 } };
}
const send = (dev: DuelDevice, actions: Action[]) => refereeOpponent(dev, { type: 'move', by: 1, actions } as Command);

describe('001 3.1 starts: the start cell counts as a visit', () => {
	/** Player 1 starts on `cell` of player 0's plan; player 0 on a bare land cell (6) of player 1's. */
	const match = (cell: number, seed = 1) => {
		const r = createDuel({ plans: [plan(), plan()], seed });
		if (!r.ok) throw new Error('setup');
		let m = duelCommand(r.value, 1, { type: 'choose_start', by: 0, cell }).match;
		m = duelCommand(m, 0, { type: 'choose_start', by: 0, cell: 6 }).match;
		return m;
	};

	test('001 Play + 3a (ruling 3.1): the walker starting on the crossbow is told its kind and is shot at once; a later visit finds it fired', () => {
		const g = half(plan(), 3);
		expect(g.types()).toEqual(['starts_confirmed', 'start_kind', 'turn', 'crossbow']);
		expect(g.last.find((e) => e.type === 'crossbow')).toMatchObject({ first: true, audience: { to: 'all' } });
		expect(duelExt(g.state).crossbowFired).toBe(true);
		g.move(0, [go('up')]);
		g.move(0, [go('down')]);
		expect(g.last[0]).toMatchObject({ type: 'crossbow', first: false });
	});

	test('001 3a at the start: the crossbow counts from the turn that has come — the starter\'s opponent has two actions on his first turn', () => {
		for (const seed of [1, 2, 3, 4]) {
			const m = match(3, seed);
			expect(m.turns.crossbow).toEqual([false, true]);
			expect([actionsPerTurn(m.turns, 0), actionsPerTurn(m.turns, 1)]).toEqual([2, 1]);
			expect(m.turns.left).toBe(m.turns.turn === 0 ? 2 : 1);
		}
	});

	test('001 3b at the start: the crutch gives its finder one more action from his first turn', () => {
		const m = match(4);
		expect(m.turns.crutch).toEqual([false, true]);
		expect([actionsPerTurn(m.turns, 0), actionsPerTurn(m.turns, 1)]).toEqual([1, 2]);
	});

	test('001 3c at the start ("skip three turns"): the player who starts in the trap loses his first three turns', () => {
		const seen = new Set<Player>();
		for (const seed of [1, 2, 3, 4, 5, 6]) {
			let m = match(5, seed);
			const first = firstPlayer(seed);
			seen.add(first);
			let opponentTurns = 0;
			while (m.turns.turn === 0) {
				opponentTurns++;
				// Player 0 bumps the labyrinth wall of player 1's plan (from cell 6, to the left).
				m = duelCommand(m, 0, { type: 'move', by: 0, actions: [go('left')] }).match;
				expect(opponentTurns).toBeLessThan(10);
			}
			// Turns alternate 0, 1, 0, …: three of player 1's skipped leave player 0 four turns if he
			// moves first, three if player 1 would have.
			expect(opponentTurns).toBe(first === 0 ? 4 : 3);
			expect(m.turns.skip).toEqual([0, 0]);
		}
		expect(seen.size).toBe(2);
	});

	test('001 3d at the start: a pit takes the starter to its exit at once (its number told, not where); a pit exit tells its number', () => {
		const g = half(plan(), 7);
		expect(g.last.find((e) => e.type === 'start_kind')).toMatchObject({ kind: 'pit' });
		expect(g.last.find((e) => e.type === 'duel_pit')).toMatchObject({ n: 1 });
		expect(g.p(0).cell).toBe(8);
		const exit = half(plan(), 8);
		expect(exit.last.find((e) => e.type === 'pit_exit')).toMatchObject({ n: 1 });
	});

	test('001 3e at the start: a treasure lying on the start cell is told, and the walker may take it; land says nothing more', () => {
		const g = half(plan(), 0);
		expect(g.types()).toContain('duel_treasure');
		g.move(0, [{ a: 'take', index: 0 }]);
		expect(g.types()[0]).toBe('took_treasure');
		const bare = half(plan(), 2);
		expect(bare.types()).toEqual(['starts_confirmed', 'start_kind', 'turn']);
	});

	test('001 3.1: what a start on each kind of cell tells reads in every language', () => {
		for (const cell of [0, 2, 3, 4, 5, 7, 8]) expect(renderedEverywhere(half(plan(), cell).last, 3)).toEqual([]);
	});

	test('001 3.1: both devices keep the same turns whichever start is heard first (the start cell\'s object is in the reply)', () => {
		const m = match(5, 1);
		const d0 = createDuelDevice({ me: 0, plan: plan(), seed: 1 });
		const d1 = createDuelDevice({ me: 1, plan: plan(), seed: 1 });
		if (!d0.ok || !d1.ok) throw new Error('setup');
		// Player 1's start refereed on player 0's device, player 0's on player 1's; each hears his own answer.
		const a = refereeOpponent(d0.value, { type: 'choose_start', by: 0, cell: 5 });
		const b = refereeOpponent(d1.value, { type: 'choose_start', by: 0, cell: 6 });
		const dev0 = ownStartAnswered(a.device, b.reply);
		const dev1 = ownStartAnswered(b.device, a.reply);
		expect(dev0.turns).toEqual(m.turns);
		expect(dev1.turns).toEqual(m.turns);
		// The other order on player 1's device: his own answer first.
		const early = refereeOpponent(ownStartAnswered(d1.value, a.reply), { type: 'choose_start', by: 0, cell: 6 }).device;
		expect(early.turns).toEqual(m.turns);
	});
});

describe('001 3.1 starts (property)', () => {
	test('001 3.1: whatever each start cell holds and whoever moves first, both starts give the same turns in either order; the turn is fresh and never a trapped player\'s', () => {
		const objects = fc.subarray(['crossbow', 'crutch', 'trap'] as const);
		fc.assert(
			fc.property(objects, objects, fc.constantFrom<Player>(0, 1), (o0, o1, first) => {
				const said = (p: Player, os: readonly string[]) => os.map((type) => ({ ...ev(type, { first: true }), seat: p }) as GameEvent);
				const t = startTurns(first);
				const a = afterStart(afterStart(t, 0, said(0, o0)), 1, said(1, o1));
				const b = afterStart(afterStart(t, 1, said(1, o1)), 0, said(0, o0));
				expect(a).toEqual(b);
				expect(a.skip[a.turn]).toBe(0);
				expect([a.left, a.used, a.stepped]).toEqual([actionsPerTurn(a, a.turn), 0, false]);
				// "Skip three turns" from the start: one trapped player's first turn passes at once if it was
				// the first; both trapped, their skips pass in turn and the first mover moves first.
				const trapped = [o0.includes('trap'), o1.includes('trap')];
				if (trapped[0] && trapped[1]) expect([a.skip, a.turn]).toEqual([[0, 0], first]);
				else
					for (const p of [0, 1] as const)
						if (trapped[p]) expect([a.skip[p], a.turn]).toEqual(first === p ? [2, 1 - p] : [3, first]);
						else if (!trapped[1 - p]) expect([a.skip[p], a.turn]).toEqual([0, first]);
			})
		);
	});
});

describe('001 3.6 a fake carried out (the seed is silent after "told which kind")', () => {
	test('001 3.6 with 000 3.4: the fake is told "fake" and crumbles — carried by nobody, lying nowhere; the other treasures stay', () => {
		const p = plan({ items: [{ cell: 2, kind: 'treasure', true: false }, { cell: 1, kind: 'treasure', true: true }] });
		const g = half(p, 2);
		g.move(0, [{ a: 'take', index: 0 }]);
		g.move(0, [go('up')]);
		expect(g.last[0]).toMatchObject({ type: 'duel_out', carried: 'fake', audience: { to: 'all' } });
		expect(g.p(0).carry).toBeNull();
		const lying = g.state.items.flatMap((list, cell) => list.filter((it) => it.k === 'treasure').map((it) => ({ cell, it })));
		expect(lying).toEqual([{ cell: 1, it: { k: 'treasure', id: 1 } }]);
		// Back in through the same exit: nothing is found where the fake lay.
		g.move(0, [go('down')]);
		expect(g.types().slice(0, 2)).toEqual(['reentered', 'land']);
		expect(g.types()).not.toContain('duel_treasure');
	});
});

describe('001 3 turns: what an action is', () => {
	const two = (): DuelTurns => {
		let t = afterMove(startTurns(0), 0, 'action', [ev('crutch', { first: true })]);
		t = afterMove(t, 1, 'action', [ev('land')]);
		expect([t.turn, t.left]).toEqual([0, 2]);
		return t;
	};

	test('001 3a ("move, throw a grenade, bump into a wall"): bumping a wall is one action and the turn goes on', () => {
		const t = afterMove(two(), 0, 'action', [ev('wall')]);
		expect([t.turn, t.left, t.used]).toEqual([0, 1, 1]);
		expect(afterMove(t, 0, 'action', [ev('outer_wall')]).turn).toBe(1);
	});

	test('001 3.3 with 3a: with three actions, bump, bump, then a grenade (it takes what is left of the turn)', () => {
		let t = afterMove(startTurns(0), 0, 'action', [ev('crutch', { first: true })]);
		t = afterMove(t, 1, 'action', [ev('crossbow', { first: true })]);
		expect([t.turn, t.left]).toEqual([0, 3]);
		t = afterMove(afterMove(t, 0, 'action', [ev('wall')]), 0, 'action', [ev('outer_wall')]);
		expect([t.turn, t.left, mayAct(t, 0, 'grenade')]).toEqual([0, 1, null]);
		expect(afterMove(t, 0, 'grenade', []).turn).toBe(1);
		// 3.9: "not the exit used to leave" moved him nowhere either; a step onto land did.
		const two = afterMove(afterMove(startTurns(0), 0, 'action', [ev('crutch', { first: true })]), 1, 'action', [ev('land')]);
		expect(mayAct(afterMove(two, 0, 'action', [ev('not_reentered')]), 0, 'grenade')).toBeNull();
		expect(mayAct(afterMove(two, 0, 'action', [ev('land')]), 0, 'grenade')).toBe('grenade_takes_turn');
	});

	test('001 3a, 3b: a second visit to the fired crossbow or crutch changes no count', () => {
		const t0 = startTurns(0);
		const t = afterMove(afterMove(t0, 0, 'action', [ev('crossbow', { first: false })]), 1, 'action', [ev('crutch', { first: false })]);
		expect([actionsPerTurn(t, 0), actionsPerTurn(t, 1)]).toEqual([1, 1]);
	});

	test('001 3a: the crossbow found mid-turn changes the counts from the turns that come next, not this one', () => {
		// Player 0 found the crutch, player 1 the crossbow: three actions for player 0 ("not four").
		let t = afterMove(startTurns(0), 0, 'action', [ev('crutch', { first: true })]);
		t = afterMove(t, 1, 'action', [ev('crossbow', { first: true })]);
		expect([t.turn, t.left]).toEqual([0, 3]);
		t = afterMove(t, 0, 'action', [ev('crossbow', { first: true })]);
		expect([t.turn, t.left]).toEqual([0, 2]);
		t = afterMove(afterMove(t, 0, 'action', [ev('land')]), 0, 'action', [ev('land')]);
		expect([t.turn, t.left]).toEqual([1, 1]);
		t = afterMove(t, 1, 'action', [ev('land')]);
		expect([t.turn, t.left]).toEqual([0, 2]);
	});

	test('001 3a+3b ("visiting both is the same as visiting neither"): whoever found what, the counts are those of the standings crutch − crossbow', () => {
		const finds = fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean());
		fc.assert(
			fc.property(finds, ([c0, x0, c1, x1]) => {
				const t = { crutch: [c0, c1] as const, crossbow: [x0, x1] as const, caught: [false, false] as const };
				const s0 = +c0 - +x0;
				const s1 = +c1 - +x1;
				expect(actionsPerTurn(t, 0)).toBe(1 + Math.max(0, s0 - s1));
				expect(actionsPerTurn(t, 1)).toBe(1 + Math.max(0, s1 - s0));
				// One of the two always has a single action; both found by one player cancel out.
				expect(Math.min(actionsPerTurn(t, 0), actionsPerTurn(t, 1))).toBe(1);
				if (c0 && x0) expect(actionsPerTurn(t, 0)).toBe(actionsPerTurn({ ...t, crutch: [false, c1], crossbow: [false, x1] }, 0));
			})
		);
	});

	test('001 3c: the trap ends the turn at once, even with actions left', () => {
		const t = afterMove(two(), 0, 'action', [ev('trap')]);
		expect(t.turn).toBe(1);
		expect(t.skip).toEqual([3, 0]);
	});

	test('001 3c: while the trapped player climbs out his own finds count for nothing — the opponent with the crutch makes eight moves even against a crutch', () => {
		let t = afterMove(startTurns(0), 0, 'action', [ev('crutch', { first: true })]);
		t = afterMove(t, 1, 'action', [ev('crutch', { first: true })]);
		expect([t.turn, t.left]).toEqual([0, 1]);
		t = afterMove(t, 0, 'action', [ev('trap')]);
		let moves = 0;
		for (let turns = 0; turns < 4; turns++) {
			expect(t.turn).toBe(1);
			const n = t.left;
			moves += n;
			for (let i = 0; i < n; i++) t = afterMove(t, 1, 'action', [ev('land')]);
		}
		expect([moves, t.turn, t.left]).toEqual([8, 0, 1]);
	});

	test('001 3 (property): whatever the objects found, a turn has 1 to 3 actions, and the turn passes only when they are spent', () => {
		const kinds = ['land', 'wall', 'crossbow', 'crutch', 'trap'] as const;
		fc.assert(
			fc.property(fc.array(fc.tuple(fc.constantFrom(...kinds), fc.boolean()), { maxLength: 60 }), (steps) => {
				let t = startTurns(0);
				for (const [kind, first] of steps) {
					const p = t.turn;
					expect(t.left).toBeGreaterThanOrEqual(1);
					// A fresh turn has the count of 3a/3b; found mid-turn, the crutch helps from the next.
					if (t.used === 0) expect(t.left).toBe(actionsPerTurn(t, p));
					expect(t.left + t.used).toBeLessThanOrEqual(3);
					const before = t;
					t = afterMove(t, p, 'action', [ev(kind, { first })]);
					if (before.left > 1 && kind !== 'trap') expect([t.turn, t.left, t.used]).toEqual([p, before.left - 1, before.used + 1]);
					else expect(t.used).toBe(0);
				}
			})
		);
	});
});

describe('001 3 what the owner tells (the walker\'s device hears only the reply)', () => {
	test('001 3.3: a grenade needs no wall found first; by default the owner does not say whether a wall fell, with "tell" he does', () => {
		const silent = send(device(plan(), 2), [{ a: 'grenade', dir: 'left' }]);
		expect(silent.reply.map((e) => e.type)).not.toContain('grenade');
		expect(silent.device.half.players[0]!.grenades).toBe(2);
		const told = send(device(plan(), 2, { grenadeWording: 'tell' }), [{ a: 'grenade', dir: 'down' }]);
		expect(told.reply.find((e) => e.type === 'grenade')).toMatchObject({ outcome: 'no_wall', seat: 1 });
	});

	test('001 3d: after a fall the walker hears the pit\'s number only — not where its exit is, and not "pit exit" for where he lands', () => {
		const r = send(device(plan(), 6), [go('right')]);
		expect(r.device.half.players[0]!.cell).toBe(8);
		expect(r.reply.map((e) => e.type)).toEqual(['move_announced', 'duel_pit']);
		expect(r.reply[1]).toMatchObject({ n: 1 });
		expect(JSON.stringify(r.reply)).not.toMatch(/"cell"/);
	});

	test('001 3.7: taking a treasure is told to the opponent and costs no action; there is no dropping one', () => {
		const dev = device(plan(), 2);
		const stepped = send(dev, [go('left'), { a: 'take', index: 0 }]);
		expect(stepped.reply.map((e) => e.type)).toEqual(['move_announced', 'duel_treasure', 'took_treasure']);
		expect(stepped.device.half.players[0]!.carry).toEqual({ k: 'treasure', id: 0 });
		// A lone take (on the start cell's treasure) costs no action: the turn stays his.
		const onTreasure = device(plan(), 0);
		const alone = send(onTreasure, [{ a: 'take', index: 0 }]);
		expect(alone.reply.map((e) => e.type)).toContain('took_treasure');
		expect([alone.device.turns.turn, alone.device.turns.left]).toEqual([1, onTreasure.turns.left]);
		expect(send(dev, [{ a: 'drop' } as unknown as Action]).reply[0]).toMatchObject({ type: 'rejected', reason: 'malformed' });
	});

	test('001 3.9: outside the labyrinth a grenade is refused (only a step back in)', () => {
		const g = half(plan(), 2);
		g.move(0, [go('up')]);
		expect(g.last[0]).toMatchObject({ type: 'duel_out', carried: 'none' });
		expect(g.move(0, [{ a: 'grenade', dir: 'down' }])[0]).toMatchObject({ type: 'rejected', reason: 'outside_only_move' });
		expect(g.p(0).grenades).toBe(3);
	});

	test('001 3.6: leaving is told to both; every answer reaches the walker with his own number as seat', () => {
		const r = send(device(plan(), 2), [go('up')]);
		expect(r.reply.find((e) => e.type === 'duel_out')).toMatchObject({ seat: 1, carried: 'none', audience: { to: 'all' } });
		const turns = r.device.turns;
		expect(turns.turn).toBe(0);
		expect(mayAct(turns, 1 as Player, 'action')).toBe('not_your_turn');
	});
});

describe('001 3.8, 004: «вариант с возможностью повторного захода через любой выход… можно отгораживать участки»', () => {
	// The top-left corner walled off from the inside, with an exit of its own (the one on the top side).
	const base = generateDuel(9);
	const walls = [...base.walls.filter((w) => !(w.cell === 0 || w.cell === 10 || w.cell === 1)), { cell: 0, dir: 'right' as const }, { cell: 0, dir: 'down' as const }];
	const fenced: Plan = { ...base, walls, exits: base.exits.map((e) => (e.dir === 'up' ? { ...e, cell: 0 } : e)) };
	const codes = (p: Plan, settings?: { duelReentryAnyExit?: boolean }) => validatePlan(p, { settings }).errors.map((e) => e.code);

	test('3.8: with re-entry through any exit agreed, an area reached only through its own exit is allowed', () => {
		expect(base.cells[0]?.kind).toBe('land');
		expect(codes(fenced)).toContain('duel_enclosure');
		expect(codes(fenced, { duelReentryAnyExit: false })).toContain('duel_enclosure');
		expect(codes(fenced, { duelReentryAnyExit: true })).toEqual([]);
	});

	test('3.8: with re-entry through any exit, an area with no exit of its own is still an enclosure', () => {
		const shut: Plan = { ...fenced, exits: base.exits.map((e) => (e.cell === 0 ? { ...e, cell: e.dir === 'up' ? 5 : 50 } : e)) };
		const r = validatePlan(shut, { settings: { duelReentryAnyExit: true } });
		expect(r.errors.find((e) => e.code === 'duel_enclosure')?.cells).toEqual([0]);
	});
});

describe('001 3e, 3.7 "take" in either order: the treasure he stands on, then the step', () => {
	test('3.7: "take, go" takes the treasure lying on his cell, then steps (as "go, take" takes the one he steps onto)', () => {
		// Start on the fake (b1, told "found a treasure"), take it and walk left onto the true one.
		const g = half(plan(), 1);
		g.move(0, [{ a: 'take', index: 0 }, go('left')]);
		expect(g.last[0]?.type).not.toBe('rejected');
		expect(g.types().slice(0, 2)).toEqual(['took_treasure', 'duel_treasure']);
		expect(g.p(0).carry).toMatchObject({ k: 'treasure' });
		expect(g.p(0).cell).toBe(0);
		// The true treasure lies where he arrived; he carries the fake he took before the step.
		expect(g.state.items[0]).toContainEqual({ k: 'treasure', id: 1 });
	});

	test('3.7: "take, go" with no treasure on his cell is refused before anything happens (he knows his cell holds none)', () => {
		const g = half(plan(), 2);
		g.move(0, [{ a: 'take', index: 0 }, go('left')]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_item' });
		expect(g.p(0).cell).toBe(2);
	});
});
