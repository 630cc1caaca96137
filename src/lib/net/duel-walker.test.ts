/**
 * The duel's walker (duel-walker.ts), apart from any link (seeds 001/004): my start and moves
 * in the opponent's labyrinth wait for its device's answer; an answer is taken only for the
 * command awaited, a refusal withdraws it, and what is unanswered goes again on a new link.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Action } from '../engine/game/types';
import type { Player } from '../engine/rules/duel/match';
import { deviceOf } from './duel-record';
import { bothStarted, commandRefused, mayMove, moveAnswered, startAnswered, unanswered } from './duel-walker';
import { emptyCell, exchange, nextAction, twoDevices } from './duel.testing';

const UP: Action[] = [{ a: 'go', dir: 'up' }];

describe('my commands', () => {
	test('no move before both starts are known, nor while one waits for its answer; none on a device not set up', () => {
		let d = twoDevices(4);
		const me = d.devices[0].turns.turn as Player;
		expect(mayMove(d.records[me], null, UP)).toBe('not_started');
		expect(mayMove(d.records[me], d.devices[me], UP)).toBe('not_started');
		for (const walker of [0, 1] as const) d = exchange(d, walker, { start: emptyCell(d.records[(1 - walker) as Player].plan) }).after;
		expect(bothStarted(d.records[me])).toBe(true);
		expect(mayMove(d.records[me], d.devices[me], UP)).toBeNull();
		expect(mayMove(d.records[(1 - me) as Player], d.devices[(1 - me) as Player], UP)).toBe('not_your_turn');
		expect(mayMove({ ...d.records[me], pending: { n: 0, actions: UP } }, d.devices[me], UP)).toBe('busy');
	});

	test('an answer is taken only for the command awaited; a refusal withdraws only the command awaited', () => {
		const d = twoDevices(4);
		const record = d.records[0];
		expect(startAnswered(record, d.devices[0], [])).toBeNull();
		const waiting = { ...record, myStart: { cell: 3, reply: null } };
		expect(startAnswered(waiting, d.devices[0], [])?.record.myStart).toEqual({ cell: 3, reply: [] });
		expect(commandRefused(waiting, 'start', undefined)).toEqual({ record: { ...waiting, myStart: null }, settle: 'start' });
		expect(commandRefused(waiting, 'move', 0)).toBeNull();

		const moving = { ...record, pending: { n: 0, actions: UP } };
		expect(moveAnswered(moving, d.devices[0], 1, [])).toBeNull();
		expect(moveAnswered(record, d.devices[0], 0, [])).toBeNull();
		const answered = moveAnswered(moving, d.devices[0], 0, []);
		expect(answered?.record.pending).toBeNull();
		expect(answered?.record.exchanges).toEqual([{ by: record.me, actions: UP, reply: [] }]);
		expect(commandRefused(moving, 'move', 1)).toBeNull();
		expect(commandRefused(moving, 'move', 0)).toEqual({ record: { ...moving, pending: null }, settle: 'move:0' });
	});

	test('what is unanswered goes again on a new link: the start before the move, nothing once answered', () => {
		const record = twoDevices(4).records[1];
		expect(unanswered(record)).toEqual([]);
		expect(unanswered({ ...record, myStart: { cell: 5, reply: null }, pending: { n: 2, actions: UP } })).toEqual([
			{ type: 'start', cell: 5 },
			{ type: 'move', n: 2, actions: UP }
		]);
		expect(unanswered({ ...record, myStart: { cell: 5, reply: [] } })).toEqual([]);
	});
});

describe('both roles together', () => {
	test('property: the two devices keep the same exchanges, and each device rebuilt from its record is the device it played', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 40 }), fc.array(fc.nat(7), { maxLength: 40 }), (seed, length, wander) => {
				let d = twoDevices(seed);
				for (const walker of [0, 1] as const) d = exchange(d, walker, { start: emptyCell(d.records[(1 - walker) as Player].plan) }).after;
				for (let i = 0; i < length && d.devices[0].turns.winner === null; i++) {
					const walker = d.devices[0].turns.turn as Player;
					const owner = (1 - walker) as Player;
					// Now and then a step anywhere (a wall, a pit, a refusal), else toward the treasure.
					const w = wander[i] ?? 7;
					const actions: Action[] = w < 4 ? [{ a: 'go', dir: (['up', 'right', 'down', 'left'] as const)[w]! }] : [nextAction(d.devices[owner].half)];
					const { after, ruling } = exchange(d, walker, { actions });
					d = after;
					if (ruling.do === 'refuse') expect(d.records[walker].pending).toBeNull();
				}
				expect(d.records[0].exchanges).toEqual(d.records[1].exchanges);
				expect(d.devices[0].turns).toEqual(d.devices[1].turns);
				for (const me of [0, 1] as const) {
					const rebuilt = deviceOf(d.records[me])!;
					expect(rebuilt.turns).toEqual(d.devices[me].turns);
					expect(rebuilt.half).toEqual(d.devices[me].half);
				}
			}),
			{ numRuns: 15 }
		);
	});
});
