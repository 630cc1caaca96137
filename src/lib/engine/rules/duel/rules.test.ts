import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { stateKey } from '../../game/testing';
import { replay } from '../../game/game';
import type { Action, Command, GameEvent } from '../../game/types';
import { DIRECTIONS, type Direction, type Plan } from '../../plan/types';
import { validatePlan } from '../../plan/validate';
import { parsePlanJson, serializePlan } from '../../plan/format-json';
import { parsePlanText, renderPlanText } from '../../plan/format-text';
import { duelExt } from './rules';
import { generateDuel } from './generate';
import { enclosed } from './plan';
import { compileBoard } from '../../game/board';
import {
	actionsPerTurn,
	afterMove,
	announcements,
	createDuel,
	createDuelDevice,
	duelCommand,
	mayAct,
	mayISend,
	ownMoveAnswered,
	ownStartAnswered,
	refereeOpponent,
	startTurns,
	type DuelDevice,
	type DuelMatch,
	type DuelTurns,
	type Player
} from './match';
import { duelHalf, grid, renderedEverywhere } from '../topographic/testing';

const go = (dir: Direction): Action => ({ a: 'go', dir });
const ev = (type: string, extra: object = {}) => ({ type, seat: 0, audience: { to: 'all' }, ...extra }) as unknown as GameEvent;

const half = duelHalf;

describe('001 3 moves in a half-game', () => {
	// y0: L L L
	// y1: X Y K      crossbow, crutch, trap
	const plan = (extra: Partial<Plan> = {}) =>
		grid('duel', ['L L L', 'X Y K'], {
			walls: [{ cell: 0, dir: 'right' }],
			exits: [{ cell: 2, dir: 'up', open: true }],
			items: [
				{ cell: 1, kind: 'treasure', true: false },
				{ cell: 2, kind: 'treasure', true: true }
			],
			...extra
		});

	test('001 3.2: a wall keeps the player in place; the labyrinth\'s own wall is told apart', () => {
		const g = half(plan(), 0);
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('wall');
		g.move(0, [go('left')]);
		expect(g.types()[0]).toBe('outer_wall');
		expect(g.p(0).cell).toBe(0);
	});

	test('001 3.2: by agreement inner and outer walls are told alike', () => {
		const g = half(plan(), 0, { duelOuterWallsTold: false });
		g.move(0, [go('left')]);
		expect(g.types()[0]).toBe('wall');
	});

	test('001 3.3: a grenade removes any wall for good, the outer one included; with no wall it is spent anyway', () => {
		const g = half(plan(), 0);
		g.move(0, [{ a: 'grenade', dir: 'right' }]);
		expect(g.p(0).grenades).toBe(2);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(1);
		g.move(0, [{ a: 'grenade', dir: 'right' }]); // no wall there
		expect(g.p(0).grenades).toBe(1);
		g.move(0, [{ a: 'grenade', dir: 'up' }]); // the labyrinth's wall: a new exit
		g.move(0, [go('up')]);
		expect(g.last[0]).toMatchObject({ type: 'duel_out', carried: 'none' });
		g.move(0, [{ a: 'grenade', dir: 'up' }]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_grenades' });
	});

	test('001 3.5: by agreement grenades do not break the outer wall (still spent)', () => {
		const g = half(plan(), 1, { duelGrenadesBreakOuter: false });
		g.move(0, [{ a: 'grenade', dir: 'up' }]);
		g.move(0, [go('up')]);
		expect(g.types()[0]).toBe('outer_wall');
		expect(g.p(0).grenades).toBe(2);
	});

	test('001 3a, 3b: the crossbow and the crutch fire once; the trap fires every time', () => {
		const g = half(plan(), 0);
		g.move(0, [go('down')]);
		expect(g.last[0]).toMatchObject({ type: 'crossbow', first: true });
		g.move(0, [go('up')]);
		g.move(0, [go('down')]);
		expect(g.last[0]).toMatchObject({ type: 'crossbow', first: false });
		g.move(0, [go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'crutch', first: true });
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('trap');
		g.move(0, [go('left')]);
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('trap');
	});

	test('001 3.6 (as classic 3.4): carrying the true treasure out ends the game at once — a take said after it is not done', () => {
		const g = half(plan(), 0);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'side', cell: 0, dir: 'right', side: 'open' } });
		g.move(0, [go('right')]);
		g.move(0, [{ a: 'take', index: 0 }]);
		g.move(0, [go('right'), { a: 'take', index: 0 }]);
		g.move(0, [go('up'), { a: 'take', index: 0 }]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
		expect(g.types()).not.toContain('took_treasure');
		expect(g.types()).not.toContain('action_failed');
	});

	test('001 3e, 3.6, 3.7: a treasure is taken by choice (told), one at a time, swapped; leaving tells fake or true', () => {
		const g = half(plan(), 0);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'side', cell: 0, dir: 'right', side: 'open' } });
		g.move(0, [go('right')]);
		expect(g.types()).toContain('duel_treasure');
		expect(g.p(0).carry).toBeNull();
		g.move(0, [{ a: 'take', index: 0 }]);
		expect(g.types()[0]).toBe('took_treasure');
		g.move(0, [go('right'), { a: 'take', index: 0 }]); // swap the fake for the one here
		expect(g.state.items[2]).toEqual([{ k: 'treasure', id: 0 }]);
		g.move(0, [go('up')]);
		expect(g.last[0]).toMatchObject({ type: 'duel_out', carried: 'true' });
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
	});

	test('001 3.6: leaving with a fake: told it is fake (it stays outside); 3.9: back in only through the same exit', () => {
		const p = plan({ items: [{ cell: 2, kind: 'treasure', true: false }, { cell: 1, kind: 'treasure', true: true }] });
		const g = half(p, 2);
		g.move(0, [{ a: 'take', index: 0 }]);
		g.move(0, [go('up')]);
		expect(g.last[0]).toMatchObject({ type: 'duel_out', carried: 'fake' });
		expect(g.p(0).carry).toBeNull();
		g.move(0, [go('left')]);
		expect(g.types()[0]).toBe('not_reentered');
		g.move(0, [go('down')]);
		expect(g.types()[0]).toBe('reentered');
		expect(g.p(0)).toMatchObject({ cell: 2, outside: null });
	});

	test('001 3.9: by agreement re-entry through any exit', () => {
		const p = plan({ exits: [{ cell: 2, dir: 'up', open: true }, { cell: 3, dir: 'left', open: true }] });
		const g = half(p, 2, { duelReentryAnyExit: true });
		g.move(0, [go('up')]);
		g.move(0, [{ a: 'enter', cell: 3, dir: 'left' }]);
		expect(g.types()[0]).toBe('reentered');
		expect(g.p(0).cell).toBe(3);
		expect(half(p, 2).move(0, [{ a: 'enter', cell: 3, dir: 'left' }])[0]).toMatchObject({ type: 'rejected', reason: 'option_off' });
	});

	test('001 3d: a pit moves the player to the exit with its number without telling where; walking onto an exit tells its number', () => {
		const p = grid('duel', ['L P1 L', 'L I2 L', 'L P2 I1']);
		const g = half(p, 0);
		g.move(0, [go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'duel_pit', n: 1 });
		expect(g.p(0).cell).toBe(8);
		expect(JSON.stringify(g.last)).not.toMatch(/"cell"/);
		g.move(0, [go('up')]);
		g.move(0, [go('left')]);
		expect(g.last[0]).toMatchObject({ type: 'pit_exit', n: 2 });
		expect(duelExt(g.state).pitExit[7]).toBe(4);
	});
});

describe('001 3 turns (both players)', () => {
	const none = (t: DuelTurns, p: Player) => afterMove(t, p, 'action', [ev('land')]);

	test('001 3: turns alternate one action each', () => {
		let t = startTurns(0);
		t = none(t, 0);
		expect([t.turn, t.left]).toEqual([1, 1]);
		t = none(t, 1);
		expect(t.turn).toBe(0);
	});

	test('001 3a: the crossbow — the opponent gets one more action, from his turn that has just come', () => {
		let t = startTurns(0);
		t = afterMove(t, 0, 'action', [ev('crossbow', { first: true })]);
		expect([t.turn, t.left]).toEqual([1, 2]);
		t = none(none(t, 1), 1);
		expect([t.turn, t.left]).toEqual([0, 1]);
	});

	test('001 3b: the crutch — one more action for the finder from his next turn; with the opponent\'s crossbow three (not four)', () => {
		let t = startTurns(0);
		t = afterMove(t, 0, 'action', [ev('crutch', { first: true })]);
		expect([t.turn, t.left]).toEqual([1, 1]);
		t = afterMove(t, 1, 'action', [ev('crossbow', { first: true })]);
		expect([t.turn, t.left]).toEqual([0, 3]);
		expect(actionsPerTurn(t, 1)).toBe(1);
	});

	test('001 3a+3b: visiting both is the same as visiting neither', () => {
		let t = startTurns(0);
		t = afterMove(t, 0, 'action', [ev('crutch', { first: true })]);
		t = none(t, 1);
		t = afterMove(t, 0, 'action', [ev('crossbow', { first: true })]);
		t = none(t, 0);
		expect(actionsPerTurn(t, 0)).toBe(1);
		expect(actionsPerTurn(t, 1)).toBe(1);
	});

	const opponentTurnsAfterTrap = (t0: DuelTurns) => {
		let t = afterMove(t0, 0, 'action', [ev('trap')]);
		let turns = 0;
		let moves = 0;
		while (t.turn === 1) {
			const per = t.left;
			moves += per;
			turns++;
			for (let i = 0; i < per; i++) t = none(t, 1);
		}
		return { turns, moves };
	};

	test('001 3c: the trap — the opponent makes four turns before the trapped player moves again', () => {
		expect(opponentTurnsAfterTrap(startTurns(0))).toEqual({ turns: 4, moves: 4 });
	});

	test('001 3c: … with the crutch the opponent makes eight moves', () => {
		let t = startTurns(1);
		t = afterMove(t, 1, 'action', [ev('crutch', { first: true })]);
		t = { ...t, turn: 0, left: 1, used: 0 };
		expect(opponentTurnsAfterTrap(t)).toEqual({ turns: 4, moves: 8 });
	});

	test('001 3c: … but if the trapped player was limping from the crossbow, only four', () => {
		let t = startTurns(0);
		t = afterMove(t, 0, 'action', [ev('crossbow', { first: true })]);
		t = none(none(t, 1), 1);
		expect([t.turn, t.left]).toEqual([0, 1]);
		expect(opponentTurnsAfterTrap(t)).toEqual({ turns: 4, moves: 4 });
		// Out of the trap, the limp counts again.
	});

	test('001 3.3, 3a: a grenade "counts as the turn" (it ends it), but the extra action may be one: after a wall bumped, never after a move to another cell', () => {
		let t = startTurns(0);
		t = afterMove(t, 0, 'action', [ev('crutch', { first: true })]);
		t = none(t, 1);
		expect(t.left).toBe(2);
		const g = afterMove(t, 0, 'grenade', [ev('grenade', { dir: 'up', outcome: 'blown' })]);
		expect(g.turn).toBe(1);
		const one = none(t, 0);
		expect([one.turn, one.used, one.stepped]).toEqual([0, 1, true]);
		expect(mayAct(one, 0, 'grenade')).toBe('grenade_takes_turn');
		// A wall bumped is no move to another cell: a grenade may follow it, and ends the turn.
		const bumped = afterMove(t, 0, 'action', [ev('wall')]);
		expect(mayAct(bumped, 0, 'grenade')).toBeNull();
		expect(afterMove(bumped, 0, 'grenade', []).turn).toBe(1);
		// The next turn starts clean.
		expect(mayAct(none(none(one, 0), 1), 0, 'grenade')).toBeNull();
	});
});

describe('001 the match: two devices, two halves', () => {
	const plans = (seed: number) => [generateDuel(seed), generateDuel(seed + 1000)] as const;

	test('001 3.3: a grenade after a step in the same turn is refused; the walker must own the turn', () => {
		const r = createDuel({ plans: plans(1), seed: 1 });
		if (!r.ok) throw new Error('setup');
		let m = r.value;
		const land = (h: 0 | 1) => m.halves[h].board.cellList.find((c) => m.halves[h].board.kind[c] === 0 && m.halves[h].items[c]!.length === 0)!;
		m = duelCommand(m, 0, { type: 'choose_start', by: 0, cell: land(1) }).match;
		m = duelCommand(m, 1, { type: 'choose_start', by: 0, cell: land(0) }).match;
		expect(m.halves.map((h) => h.phase)).toEqual(['play', 'play']);
		const p = m.turns.turn;
		const q = (1 - p) as Player;
		expect(duelCommand(m, q, { type: 'move', by: 0, actions: [go('up')] }).events[0]).toMatchObject({ type: 'rejected', reason: 'not_your_turn' });
		m = { ...m, turns: { ...m.turns, left: 2 } };
		// A step that moves him (an open side of his start cell) bars a grenade for the rest of the turn.
		const h = m.halves[1 - p]!;
		const from = h.players[0]!.cell;
		const open = DIRECTIONS.find((d) => h.sides[from * 4 + DIRECTIONS.indexOf(d)] === 0 && h.board.kind[h.board.nb[from * 4 + DIRECTIONS.indexOf(d)]!] === 0)!;
		const s = duelCommand(m, p, { type: 'move', by: 0, actions: [go(open)] });
		expect(s.events[0]!.type).not.toBe('rejected');
		expect(s.match.turns).toMatchObject({ turn: p, stepped: true });
		expect(duelCommand(s.match, p, { type: 'move', by: 0, actions: [{ a: 'grenade', dir: 'up' }] }).events[0]).toMatchObject({ reason: 'grenade_takes_turn' });
	});

	test('two devices, each with only its own plan, exchanging messages: the same game as the match, and no message carries a plan', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 2, maxLength: 2 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 120 }), (seed, starts, moves) => {
				const [p0, p1] = plans(seed);
				const r = createDuel({ plans: [p0, p1], seed });
				const d0 = createDuelDevice({ me: 0, plan: p0, seed });
				const d1 = createDuelDevice({ me: 1, plan: p1, seed });
				if (!r.ok || !d0.ok || !d1.ok) throw new Error('setup');
				let m: DuelMatch = r.value;
				const dev: [DuelDevice, DuelDevice] = [d0.value, d1.value];
				const wire: string[] = [];
				/** Player p says `cmd`: it crosses to the other device, the reply crosses back. */
				const say = (p: Player, cmd: Command) => {
					const q = (1 - p) as Player;
					const sent = JSON.stringify(cmd);
					wire.push(sent);
					const res = refereeOpponent(dev[q], JSON.parse(sent) as Command);
					dev[q] = res.device;
					const back = JSON.stringify(res.reply);
					wire.push(back);
					const reply = JSON.parse(back) as GameEvent[];
					if (cmd.type === 'move') dev[p] = ownMoveAnswered(dev[p], cmd.actions, reply);
					else dev[p] = ownStartAnswered(dev[p], reply);
					return reply;
				};
				// 3.1: any start cell, an object's too (it acts at the start and may change the turns).
				for (const p of [0, 1] as const) {
					const h = m.halves[1 - p]!;
					const cell = h.board.cellList[starts[p]! % h.board.cellList.length]!;
					const cmd: Command = { type: 'choose_start', by: 0, cell };
					say(p, cmd);
					m = duelCommand(m, p, cmd).match;
				}
				expect(dev[0].turns).toEqual(m.turns);
				expect(dev[1].turns).toEqual(m.turns);
				for (const x of moves) {
					if (m.turns.winner !== null) break;
					const p = m.turns.turn;
					const dir = DIRECTIONS[x % 4]!;
					const actions: Action[] = x === 8 && m.turns.used === 0 ? [{ a: 'grenade', dir }] : x === 9 ? [go(dir), { a: 'take', index: 0 }] : [go(dir)];
					const cmd: Command = { type: 'move', by: 0, actions };
					expect(mayISend(dev[p], actions)).toBeNull();
					const reply = say(p, cmd);
					const s = duelCommand(m, p, cmd);
					m = s.match;
					expect(reply).toEqual(announcements(s.events));
					expect(dev[0].turns).toEqual(m.turns);
					expect(dev[1].turns).toEqual(m.turns);
				}
				expect(stateKey(dev[0].half)).toBe(stateKey(m.halves[0]));
				expect(stateKey(dev[1].half)).toBe(stateKey(m.halves[1]));
				for (const msg of wire) {
					expect(msg).not.toMatch(/"cells"|"walls"|"items"|"pitExit"|"numbers"/);
					if (!msg.includes('choose_start')) expect(msg).not.toMatch(/"cell"/);
				}
			}),
			{ numRuns: 25 }
		);
	});

	test('a whole random match: each half replays exactly; what goes to the other device never carries a plan or a cell', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 2, maxLength: 2 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 150 }), (seed, starts, moves) => {
				const r = createDuel({ plans: plans(seed), seed });
				if (!r.ok) throw new Error('setup');
				let m: DuelMatch = r.value;
				const sent: GameEvent[] = [];
				for (const p of [0, 1] as const) {
					const h = m.halves[1 - p]!;
					// 3.1: any start cell (a pit's, an object's: each acts and is told).
					const cell = h.board.cellList[starts[p]! % h.board.cellList.length]!;
					const s = duelCommand(m, p, { type: 'choose_start', by: 0, cell });
					m = s.match;
					sent.push(...announcements(s.events));
				}
				for (const x of moves) {
					if (m.turns.winner !== null) break;
					const p = m.turns.turn;
					const dir = DIRECTIONS[x % 4]!;
					const actions: Action[] = x === 8 && m.turns.used === 0 ? [{ a: 'grenade', dir }] : x === 9 ? [go(dir), { a: 'take', index: 0 }] : [go(dir)];
					const s = duelCommand(m, p, { type: 'move', by: 0, actions } as Command);
					m = s.match;
					const told = announcements(s.events);
					sent.push(...told);
				}
				for (const e of sent) expect(JSON.stringify(e)).not.toMatch(/"cell"|"cells"|"walls"|"items"/);
				expect(renderedEverywhere(sent, 10)).toEqual([]);
				for (const h of [0, 1] as const) {
					const again = replay(m.games[h]);
					expect(stateKey(again.state)).toBe(stateKey(m.halves[h]));
				}
			}),
			{ numRuns: 30 }
		);
	});
});

describe('the four systems in the app', () => {
	test('every announcement of the three other systems, in every variant, has its text in en, ru and uk', () => {
		const A = { audience: { to: 'all' } };
		const all = [
			{ type: 'swamp' }, { type: 'swamp_death' }, { type: 'topo_river', swamp: true }, { type: 'topo_river', swamp: false },
			{ type: 'crocodile_eats' }, { type: 'crocodile_asleep' }, { type: 'arsenal' }, { type: 'treasure_picked' },
			{ type: 'morgue' }, { type: 'morgue_cell' }, { type: 'shot_dead' }, { type: 'eaten', by: 'bear' }, { type: 'eaten', by: 'ghost' },
			{ type: 'near', who: 'bear' }, { type: 'near', who: 'ghost' },
			{ type: 'safe' }, { type: 'meet', others: [1, 2], fight: true }, { type: 'meet', others: [1, 2], fight: false }, { type: 'shop', roll: 3, item: 'first_aid' }, { type: 'shop', roll: 1, item: 'bullet' },
			{ type: 'shop', roll: 6, item: 'junk' }, { type: 'shop', roll: null, item: null }, { type: 'marsh' },
			{ type: 'flushed', blocked: true }, { type: 'flushed', blocked: false }, { type: 'flushed', blocked: true, exit: true }, { type: 'portal' }, { type: 'pile_taken' },
			{ type: 'treasure_pile', taken: true }, { type: 'treasure_pile', taken: false }, { type: 'turn_lost' }, { type: 'missed' },
			{ type: 'injured', by: 1, dropped: true }, { type: 'injured', by: 1, dropped: false }, { type: 'first_aid' }, { type: 'junk_dropped' },
			{ type: 'battle', defender: 1, attackerRoll: 2, defenderRoll: 5, winner: 1 }, { type: 'battle', defender: 1, attackerRoll: null, defenderRoll: null, winner: 0 },
			{ type: 'outer_wall' }, { type: 'crossbow', first: true }, { type: 'crossbow', first: false }, { type: 'crutch', first: true },
			{ type: 'crutch', first: false }, { type: 'trap' }, { type: 'duel_pit', n: 3 }, { type: 'pit_exit', n: 2 }, { type: 'duel_treasure' },
			{ type: 'duel_out', carried: 'none' }, { type: 'duel_out', carried: 'fake' }, { type: 'duel_out', carried: 'true' },
			{ type: 'reentered' }, { type: 'not_reentered' },
			{ type: 'rejected', reason: 'grenade_takes_turn', command: 'move' }, { type: 'rejected', reason: 'no_target', command: 'move' },
			{ type: 'rejected', reason: 'not_outside', command: 'move' },
			{ type: 'start_kind', kind: 'crossbow' }, { type: 'start_kind', kind: 'pit_exit' }, { type: 'start_kind', kind: 'shop' },
			{ type: 'recall', of: 1, move: { actions: [{ a: 'use', item: 'bullet', dir: 'up' }, { a: 'use', item: 'first_aid' }, { a: 'use', item: 'junk' }, { a: 'attack', target: 1 }, { a: 'attack', target: 2, bullet: true }, { a: 'enter', cell: 3, dir: 'left' }], dark: false, semiDark: false } }
		].map((e) => ({ seat: 0, ...A, ...e }) as unknown as GameEvent);
		expect(renderedEverywhere(all, 10)).toEqual([]);
	});

	test('every rule system has a name and a one-paragraph summary in en, ru and uk (ru and uk translated)', async () => {
		const { RULE_SYSTEMS } = await import('../../plan/types');
		const cat = async (l: string) => (await import(`../../../../../messages/${l}.json`)).default as Record<string, string>;
		const [en, ru, uk] = await Promise.all(['en', 'ru', 'uk'].map(cat));
		for (const id of RULE_SYSTEMS)
			for (const key of [`rules_name_${id}`, `rules_summary_${id}`]) {
				expect(en![key], key).toBeTruthy();
				expect(ru![key], key).toBeTruthy();
				expect(uk![key], key).toBeTruthy();
				expect(ru![key]).not.toBe(en![key]);
				expect(uk![key]).not.toBe(ru![key]);
			}
	});
});

describe('001 2 the plan', () => {
	test('001 2: generated duel plans hold the seed\'s counts, have no enclosure, and round-trip through both formats', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
				const plan = generateDuel(seed);
				expect(validatePlan(plan).errors).toEqual([]);
				expect(parsePlanJson(serializePlan(plan))).toEqual({ ok: true, value: plan });
				expect(parsePlanText(renderPlanText(plan))).toEqual({ ok: true, value: plan });
			}),
			{ numRuns: 15 }
		);
	});

	test('001 2: the validator enforces the counts, one exit a side and one object a cell', () => {
		const plan = generateDuel(5);
		const codes = (p: Plan) => validatePlan(p).errors.map((e) => e.code);
		const cells = plan.cells.slice();
		const crutch = cells.findIndex((c) => c?.kind === 'crutch');
		cells[crutch] = { kind: 'crossbow' };
		expect(codes({ ...plan, cells })).toEqual(expect.arrayContaining(['duel_crossbow_count', 'duel_crutch_count']));
		expect(codes({ ...plan, items: plan.items.slice(1) })).toContain('true_treasure_count');
		expect(codes({ ...plan, items: plan.items.slice(0, 3) })).toContain('duel_fake_treasures');
		expect(codes({ ...plan, exits: plan.exits.slice(1) })).toContain('duel_exits');
		const pit = plan.cells.findIndex((c) => c?.kind === 'pit');
		expect(codes({ ...plan, items: [...plan.items, { cell: pit, kind: 'treasure', true: false }] })).toContain('duel_one_object');
		expect(codes({ ...plan, width: 9, cells: plan.cells.slice(0, 90), height: 10 })).toContain('grid_size_rules');
	});

	test('001 3.8: no enclosures — a walled-off corner, or a pit exit in a closed area, is refused', () => {
		const plan = generateDuel(9);
		// Wall off the top-left cell completely.
		const walls = [...plan.walls.filter((w) => !(w.cell === 0 || w.cell === 10 || w.cell === 1)), { cell: 0, dir: 'right' as const }, { cell: 0, dir: 'down' as const }];
		const exits = plan.exits.filter((e) => e.cell !== 0);
		const r = validatePlan({ ...plan, walls, exits: exits.length === 4 ? exits : plan.exits.map((e) => (e.cell === 0 ? { ...e, cell: e.dir === 'up' ? 5 : 50 } : e)) });
		expect(r.errors.map((e) => e.code)).toContain('duel_enclosure');
		expect(r.errors.find((e) => e.code === 'duel_enclosure')!.cells).toContain(0);
	});

	test('001 3.8: a pit must not drop the player into a closed area', () => {
		// c2 (pit exit 1) is walled off from b2 and c1: reachable only through pit 1, never left;
		// c1 is then reachable from nowhere (its only open side leads into the pit).
		const p = grid('duel', ['L P1 L', 'L L I1'], { walls: [{ cell: 2, dir: 'down' }, { cell: 4, dir: 'right' }], exits: [{ cell: 0, dir: 'left', open: true }] });
		const { board, sides } = compileBoard(p);
		expect(enclosed(p, board, sides)).toEqual([2, 5]);
		const open = { ...p, walls: [] };
		const c = compileBoard(open);
		expect(enclosed(open, c.board, c.sides)).toEqual([]);
	});
});
