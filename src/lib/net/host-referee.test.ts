/**
 * Refereeing: what becomes of a command given to the table. The checks apart from any link
 * (numbering, the seat, questions asked too often, the game over final), then the same through
 * a table of phones: every refusal is answered with its reason and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { replay } from '../engine/game/game';
import type { Command, GameState } from '../engine/game/types';
import { MAX_ASKS, adjudicate, answerOf, asking, kept, numbered, refereeRefusal, withSeat } from './host-referee';
import { HostSession } from './host';
import { newGame, scriptedCommands, onFakeClock, seatedTables } from './testing';

onFakeClock();

const QUESTIONS = ['status', 'recall', 'count_nstop', 'take_break'] as const;

/** A command of `type` by `by` (only its type and author matter to the count of questions). */
const said = (type: string, by: number) => ({ type, by }) as unknown as Command;

describe('the checks before the rules', () => {
	test('property: a command numbered after the seat\'s last is new; the last again is answered again (when it was answered); older ones are dropped', () => {
		fc.assert(
			fc.property(fc.nat(50), fc.nat(60), fc.boolean(), (last, id, answered) => {
				const record = { name: 'A', key: 'k', lastCmd: last, lastResult: answered ? { ok: true } : null };
				expect(numbered(record, id)).toBe(id > last ? 'new' : id === last && answered ? 'again' : 'stale');
			})
		);
	});

	test(`property: a seat asks at most ${MAX_ASKS} questions in a row of questions; the others' questions and any other command do not count against it`, () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(fc.constantFrom<string>(...QUESTIONS, 'move', 'use'), fc.nat(2)), { maxLength: 20 }), fc.constantFrom(...QUESTIONS), fc.nat(2), (log, question, by) => {
				const commands = log.map(([type, seat]) => said(type, seat));
				// The model: the seat's questions since the last command that was not a question.
				let run = 0;
				for (let i = commands.length - 1; i >= 0 && QUESTIONS.includes(log[i]![0] as (typeof QUESTIONS)[number]); i--) if (log[i]![1] === by) run++;
				expect(asking(commands, said(question, by))).toBe(run >= MAX_ASKS ? 'asked_too_often' : null);
				// A command that moves the game on is never held back by questions.
				expect(asking(commands, said('move', by))).toBeNull();
			})
		);
	});

	test('a command before the game, for another seat, or from a seat the game does not play is refused before the rules hear it', () => {
		const game = { seats: 2, log: [] as Command[] };
		expect(refereeRefusal(null, 0, said('move', 0))).toBe('not_started');
		expect(refereeRefusal(game, 0, said('move', 1))).toBe('not_your_seat');
		expect(refereeRefusal(game, 2, said('move', 2))).toBe('not_your_seat');
		expect(refereeRefusal(game, 1, said('move', 1))).toBeNull();
		const asked = { seats: 2, log: Array.from({ length: MAX_ASKS }, () => said('status', 1)) };
		expect(refereeRefusal(asked, 1, said('recall', 1))).toBe('asked_too_often');
	});
});

describe('the rules\' ruling', () => {
	const game = newGame(2);
	const start = replay(game).state;
	const commands = scriptedCommands(game, 400);

	test('a legal command is applied (the state it leads to, its events); an illegal one is refused with the engine\'s reason', () => {
		const first = commands[0]!;
		const ruling = adjudicate(start, first);
		expect(ruling.ok).toBe(true);
		if (ruling.ok) expect(ruling.applied.state).not.toBe(start);
		const order = start.order;
		expect(adjudicate(start, { type: 'choose_start', by: order[1]!, cell: 7 })).toEqual({ ok: false, reason: 'not_your_turn' });
	});

	test('over is final: nothing but a ruling is applied once the game is over', () => {
		let state: GameState = start;
		for (const command of commands) {
			const ruling = adjudicate(state, command);
			if (!ruling.ok) throw new Error(`refused ${command.type}`);
			state = ruling.applied.state;
			if (state.phase === 'over') break;
		}
		expect(state.phase).toBe('over');
		for (const command of commands.slice(0, 20)) if (command.type !== 'ruling') expect(adjudicate(state, command)).toEqual({ ok: false, reason: 'game_over' });
		expect(adjudicate(state, { type: 'ruling', by: 'master', reason: 'well played' }).ok).toBe(true);
	});
});

describe('the answer and the record', () => {
	test('an answer carries the reason and the detail when there is one, and the seat\'s record keeps the answer without the events', () => {
		expect(answerOf(4, { ok: true, events: [] })).toEqual({ type: 'result', id: 4, ok: true });
		expect(answerOf(5, { ok: false, reason: 'not_your_turn' })).toEqual({ type: 'result', id: 5, ok: false, reason: 'not_your_turn' });
		expect(answerOf(6, { ok: false, reason: 'not_saved', problem: 'quota', detail: 'disk full' })).toEqual({ type: 'result', id: 6, ok: false, reason: 'not_saved', detail: 'disk full' });
		expect(answerOf(7, { ok: false, reason: 'not_saved', problem: 'quota', detail: '' })).toEqual({ type: 'result', id: 7, ok: false, reason: 'not_saved' });
		expect(kept({ ok: true, events: [] })).toEqual({ ok: true });
		expect(kept({ ok: false, reason: 'asked_too_often' })).toEqual({ ok: false, reason: 'asked_too_often' });
	});

	test('a seat\'s record changed leaves the others and the table it came from as they were', () => {
		const table = HostSession.newTable('ABCDEF', 3, 0);
		table.seats = ['A', 'B', 'C'].map((name) => ({ name, key: `${name}-key`, lastCmd: 0, lastResult: null }));
		const before = structuredClone(table);
		const next = withSeat(table, 1, { lastCmd: 9, lastResult: { ok: true } }, 12);
		expect(next.seats[1]).toEqual({ name: 'B', key: 'B-key', lastCmd: 9, lastResult: { ok: true } });
		expect(next.seats[0]).toBe(table.seats[0]);
		expect(next.seats[2]).toBe(table.seats[2]);
		expect(next.updatedAt).toBe(12);
		expect(table).toEqual(before);
	});
});

const seatedTable = seatedTables();

describe('refusals', () => {
	test('a move out of turn, for another seat, by the master, or before joining is refused with a reason', async () => {
		const t = await seatedTable(2);
		const game = newGame(2);
		await t.startGame(game);
		const state = t.host.state!;
		const first = state.order[0]!;
		const second = state.order[1]!;
		const outOfTurn = await t.phones[second]!.send({ type: 'choose_start', by: second, cell: 7 });
		expect(outOfTurn).toEqual({ ok: false, reason: 'not_your_turn' });
		const forOther = await t.phones[second]!.send({ type: 'choose_start', by: first, cell: 7 });
		expect(forOther).toEqual({ ok: false, reason: 'not_your_seat' });
		// The master's acts never come over the link: off the phones' schema, refused as malformed.
		const asMaster = await t.phones[first]!.send({ type: 'confirm_starts', by: 'master' });
		expect(asMaster).toEqual({ ok: false, reason: 'malformed' });
		expect(t.host.record!.game.log).toEqual([]);
		expect(t.host.refusals.get('not_your_turn')).toBe(1);
		expect(t.host.refusals.get('not_your_seat')).toBe(1);
		expect(t.host.refusals.get('malformed')).toBe(1);
	});

	test('before the game begins a command is refused', async () => {
		const t = await seatedTable(1);
		const result = await t.phones[0]!.send({ type: 'choose_start', by: 0, cell: 0 });
		expect(result).toEqual({ ok: false, reason: 'not_started' });
	});
});
