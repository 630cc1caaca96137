// 000 1.2, 2.1, 6.2: every player hears every move as said, then the master's answer; a dark
// move is said aloud too, only its result is withheld (6.7), a semi-dark one likewise (6.8).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { apply } from './apply';
import { createGame, initialState } from './game';
import { randomLegalCommand } from './random-command';
import { buildPlan, Script } from './testing';
import { viewFor } from './view';
import { generatePlan } from '../plan/generate';
import { DIRECTIONS, type RuleSystemId } from '../plan/types';
import { createRng, type Rng } from '../random';
import { saidMove, sayable } from './announce';
import type { Action, Command, GameEvent, GameState } from './types';

const plan = buildPlan(['LLLL', 'LWLH'], { items: [[3, 0, 'treasure', true]], exits: [[0, 0, 'left', true], [3, 1, 'right', true]] });

/** The one invariant: an accepted move's events open with its announcement to all, and hold no other. */
function announcedFirst(command: Command, events: readonly GameEvent[]): void {
	const said = events.filter((e) => e.type === 'move_announced');
	if (command.type !== 'move' || events.some((e) => e.type === 'rejected')) {
		expect(said).toEqual([]);
		return;
	}
	expect(said).toHaveLength(1);
	expect(events[0]).toEqual({
		type: 'move_announced',
		seat: command.by,
		move: {
			actions: command.actions.map(sayable),
			dark: command.dark === true,
			semiDark: command.semiDark === true,
			// 6.2: the request in full, "don't pick anything up" and "don't restock" only when said
			...(command.noPickup === true ? { noPickup: true } : {}),
			...(command.noRestock === true ? { noRestock: true } : {})
		},
		audience: { to: 'all' }
	});
}

describe('000 1.2, 6.2: the move as said, before its answer', () => {
	test('1.2: "go right, shoot up" is heard by everyone, then the answer', () => {
		const g = new Script(plan, 3).start([0, 0], [2, 0], [0, 1]);
		g.until(0);
		const events = apply(g.state, { type: 'move', by: 0, actions: [{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'up' }] }).events;
		expect(events[0]).toEqual({ type: 'move_announced', seat: 0, move: { actions: [{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'up' }], dark: false, semiDark: false }, audience: { to: 'all' } });
		expect(events.slice(1).map((e) => e.type)).toEqual(['land', 'no_scream', 'turn']);
		for (const seat of [0, 1, 2]) {
			const after = apply(g.state, { type: 'move', by: 0, actions: [{ a: 'go', dir: 'right' }] });
			const view = viewFor(after.state, seat, g.events.with(after.events).seatEvents(seat));
			expect(view.events.filter((e) => e.type === 'move_announced').at(-1)).toMatchObject({ seat: 0, move: { actions: [{ a: 'go', dir: 'right' }] } });
		}
	});

	test('6.7: a dark move is said aloud; only its result is withheld', () => {
		const g = new Script(plan, 2, { darkMoves: true }).start([1, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'down' }], { dark: true });
		expect(g.said).toMatchObject({ audience: { to: 'all' }, move: { actions: [{ a: 'go', dir: 'down' }], dark: true, semiDark: false } });
		// the answer is the master's; the table hears "done"
		expect(g.last.filter((e) => e.audience.to === 'all').map((e) => e.type)).toEqual(['dark_done', 'turn']);
		expect(g.last.some((e) => e.type === 'weaponry' && e.audience.to === 'master')).toBe(true);
		const other = g.view(1);
		expect(other.events.some((e) => e.type === 'weaponry')).toBe(false);
		expect(other.events.filter((e) => e.type === 'move_announced').at(-1)).toMatchObject({ seat: 0, move: { dark: true } });
	});

	test('6.8: a semi-dark move is said aloud, then only whether a wall was hit', () => {
		const g = new Script(plan, 2, { semiDarkMoves: true }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }], { semiDark: true });
		expect(g.said).toMatchObject({ audience: { to: 'all' }, move: { actions: [{ a: 'go', dir: 'up' }], semiDark: true } });
		expect(g.last.filter((e) => e.audience.to === 'all').map((e) => e.type)).toEqual(['semi_dark_done', 'turn']);
	});

	test('a refused move is not announced (the player corrects it first, 6.2)', () => {
		const g = new Script(plan, 2).start([0, 0], [2, 0]);
		g.until(0);
		const events = apply(g.state, { type: 'move', by: 0, actions: [{ a: 'shoot', dir: 'up' }] }).events;
		expect(events.map((e) => e.type)).toEqual(['rejected']);
		expect(apply(g.state, { type: 'move', by: 1, actions: [{ a: 'skip' }] }).events.map((e) => e.type)).toEqual(['rejected']);
	});

	test('only what a player can say is announced (his "don\'t pick anything up" too, 6.2): anything else a command carries is left out', () => {
		const g = new Script(plan, 2).start([0, 0], [2, 0]);
		g.until(0);
		const sneaky = { type: 'move', by: 0, actions: [{ a: 'go', dir: 'right', cell: 5, note: 'x' }], noPickup: true, secret: 'the plan' } as unknown as Command;
		const [said] = apply(g.state, sneaky).events;
		expect(said).toEqual({ type: 'move_announced', seat: 0, move: { actions: [{ a: 'go', dir: 'right' }], dark: false, semiDark: false, noPickup: true }, audience: { to: 'all' } });
	});

	test('the move as said is its actions word for word, whatever else they carry, nested or not', () => {
		const word = fc.constantFrom<Record<string, unknown>>({ a: 'go', dir: 'up' }, { a: 'skip' }, { a: 'shoot', dir: 'left' }, { a: 'shoot', dir: 'left', target: 1 }, { a: 'attack', target: 0, bullet: false }, { a: 'attack', target: 0, bullet: true }, { a: 'use', item: 'junk' }, { a: 'take', index: 2 });
		const extra = fc.option(fc.constantFrom({ note: 'x' }, { cell: 5 }, { dir: undefined }, { then: [] }), { nil: undefined });
		const action = fc.tuple(word, extra).map(([w, x]) => ({ ...w, ...x }));
		const withIf = fc.oneof(action, fc.array(action, { maxLength: 3 }).map((then) => ({ a: 'if', cond: 'wall', then })));
		fc.assert(
			fc.property(fc.array(withIf, { minLength: 1, maxLength: 4 }), fc.boolean(), (actions, dark) => {
				const command = { type: 'move', by: 0, actions, dark } as unknown as Extract<Command, { type: 'move' }>;
				const before = JSON.stringify(command);
				const said = saidMove(command);
				expect(said).toStrictEqual({ actions: (actions as Action[]).map(sayable), dark, semiDark: false });
				expect(JSON.stringify(command)).toBe(before);
			})
		);
	});

	test('the command\'s actions are shared exactly when each is nothing but its words (the rest are copied)', () => {
		const word = fc.constantFrom<Record<string, unknown>>({ a: 'go', dir: 'up' }, { a: 'grenade', dir: 'down' }, { a: 'skip' }, { a: 'flow' }, { a: 'loop' }, { a: 'shoot', dir: 'left', target: 1 }, { a: 'shoot', dir: 'left' }, { a: 'mine' }, { a: 'mine', dir: 'up' }, { a: 'take', index: 2 });
		const extra = fc.option(fc.constantFrom({ note: 'x' }, { dir: undefined }, { dir: 'left' }, { a: 'go' }, { then: [] }), { nil: undefined });
		const action = fc.tuple(word, extra).map(([w, x]) => ({ ...w, ...x }));
		const withIf = fc.oneof(action, fc.array(action, { maxLength: 3 }).map((then) => ({ a: 'if', cond: 'wall', then })));
		// Its own words: as many keys as `sayable` gives, each of them a word with the same value (an `if`'s parts likewise).
		const ownWords = (a: Action): boolean => {
			const words = sayable(a) as Record<string, unknown>;
			const own = a as Record<string, unknown>;
			const keys = Object.keys(own);
			return keys.length === Object.keys(words).length && keys.every((k) => (k === 'then' && a.a === 'if' ? a.then.every(ownWords) : words[k] === own[k]));
		};
		fc.assert(
			fc.property(fc.array(withIf, { minLength: 1, maxLength: 4 }), (actions) => {
				const command = { type: 'move', by: 0, actions } as unknown as Extract<Command, { type: 'move' }>;
				expect(saidMove(command).actions === command.actions).toBe((actions as Action[]).every(ownWords));
			})
		);
	});

	test('a move said in the same words as the one given (the mover\'s last move) is that one; any other word makes a new one', () => {
		const actions: Action[] = [{ a: 'go', dir: 'up' }];
		const command = { type: 'move', by: 0, actions } as Extract<Command, { type: 'move' }>;
		const same = { actions, dark: false, semiDark: false };
		expect(saidMove(command, same)).toBe(same);
		for (const other of [{ ...same, dark: true }, { ...same, semiDark: true }, { ...same, actions: [...actions] }, { ordered: true as const }, null]) {
			const said = saidMove(command, other);
			expect(said).not.toBe(other);
			expect(said).toEqual(same);
		}
	});
});

/** A random command for any rule system: mostly moves, some of them illegal. */
function anyCommand(state: GameState, rng: Rng): Command | null {
	if (state.rules === 'classic') return randomLegalCommand(state, rng, { master: true });
	if (state.phase === 'over') return null;
	if (state.phase === 'start') {
		const seat = state.players.findIndex((p) => p.cell < 0);
		if (seat < 0 || state.rules === 'abandoned') return { type: 'confirm_starts', by: 'master' };
		return { type: 'choose_start', by: seat, cell: rng.pick(state.board.cellList)! };
	}
	const by = state.order[state.turn]!;
	const dir = () => DIRECTIONS[rng.int(4)]!;
	const extras: Record<RuleSystemId, Action[][]> = {
		topographic: [[{ a: 'shoot', dir: dir() }], []],
		abandoned: [[{ a: 'use', item: 'bullet', dir: dir() }], [{ a: 'use', item: 'first_aid' }], [{ a: 'attack', target: rng.int(state.players.length) }], []],
		duel: [[{ a: 'take', index: 0 }], []],
		classic: [[]]
	};
	const extra = extras[state.rules];
	const more = rng.pick(extra)!;
	if (state.rules === 'duel' && rng.int(4) === 0) return { type: 'move', by, actions: [{ a: 'grenade', dir: dir() }] };
	return { type: 'move', by, actions: rng.int(2) ? [{ a: 'go', dir: dir() }, ...more] : [...more, { a: 'go', dir: dir() }] };
}

describe('every rule system announces its moves', () => {
	const SEATS: Record<RuleSystemId, number> = { classic: 3, topographic: 2, abandoned: 3, duel: 1 };
	let announced = 0;
	for (const rules of ['classic', 'topographic', 'abandoned', 'duel'] as const)
		test(`${rules}: an accepted move opens with the move as said, to all; a refused one says nothing`, () => {
			fc.assert(
				fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
					const p = rules === 'classic' ? generatePlan({ width: 4, height: 4, seed, bullets: 1, grenades: 1, landmines: 1 }) : generatePlan({ rules, width: 0, height: 0, seed });
					const g = createGame({ plan: p, seats: SEATS[rules], seed, settings: rules === 'classic' ? { darkMoves: true, semiDarkMoves: true } : {} });
					if (!g.ok) throw new Error(JSON.stringify(g.error));
					let state = initialState(g.value);
					const rng = createRng(seed);
					for (let i = 0; i < 120; i++) {
						const command = anyCommand(state, rng);
						if (!command) break;
						const r = apply(state, command);
						announcedFirst(command, r.events);
						if (r.events[0]?.type === 'move_announced') announced++;
						state = r.state;
					}
				}),
				{ numRuns: 10 }
			);
			expect(announced).toBeGreaterThan(100);
			announced = 0;
		});
});
