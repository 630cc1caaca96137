/**
 * The duel's owner (duel-owner.ts), apart from any link (seeds 001/004: each device referees
 * the labyrinth its owner drew): the opponent's start and moves are refereed once, in order, and
 * a command already kept is answered again from the record, never refereed twice.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Player } from '../engine/rules/duel/match';
import { theirMove, theirStart } from './duel-owner';
import { emptyCell, exchange, nextAction, twoDevices, type Devices } from './duel.testing';

/** Both starts chosen (the first start cell each half offers), every start answered. */
function started(seed: number): Devices {
	let d = twoDevices(seed);
	for (const walker of [0, 1] as const) {
		const { after, ruling } = exchange(d, walker, { start: emptyCell(d.records[(1 - walker) as Player].plan) });
		if (ruling.do !== 'accept') throw new Error(`start refused: ${JSON.stringify(ruling)}`);
		d = after;
	}
	return d;
}

describe('the opponent\'s start in my labyrinth', () => {
	test('chosen once: the same cell again is answered the same and changes nothing, another cell is refused', () => {
		const d = twoDevices(3);
		const cell = emptyCell(d.records[0].plan);
		const first = exchange(d, 1, { start: cell });
		expect(first.ruling.do).toBe('accept');
		const owner = first.after.records[0];
		expect(owner.theirStart?.cell).toBe(cell);
		const again = theirStart(owner, first.after.devices[0], cell);
		expect(again).toEqual({ do: 'again', reply: owner.theirStart!.reply });
		expect(theirStart(owner, first.after.devices[0], cell + 1)).toEqual({ do: 'refuse', reason: 'already_chosen' });
		// Nothing of it changed the record it was asked of.
		expect(first.after.records[0]).toBe(owner);
	});

	test('a move before the start is refused', () => {
		const d = twoDevices(3);
		expect(theirMove(d.records[0], d.devices[0], 0, [{ a: 'go', dir: 'up' }])).toEqual({ do: 'refuse', reason: 'not_started' });
	});
});

describe('the opponent\'s moves in my labyrinth', () => {
	test('property: every exchange kept is answered again the same, another move under its number is refused, a move ahead is refused, and nothing of it changes the record', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 30 }), (seed, length) => {
				let d = started(seed);
				for (let i = 0; i < length && d.devices[0].turns.winner === null; i++) {
					const walker = d.devices[0].turns.turn as Player;
					const owner = (1 - walker) as Player;
					const { after, ruling } = exchange(d, walker, { actions: [nextAction(d.devices[owner].half)] });
					if (ruling.do === 'accept') d = after;
				}
				for (const owner of [0, 1] as const) {
					const record = d.records[owner];
					const device = d.devices[owner];
					const have = record.exchanges.length;
					record.exchanges.forEach((x, n) => {
						if (x.by === record.me) return;
						expect(theirMove(record, device, n, x.actions)).toEqual({ do: 'again', reply: x.reply });
						expect(theirMove(record, device, n, [{ a: 'go', dir: 'up' }, ...x.actions])).toEqual({ do: 'refuse', reason: 'out_of_order' });
					});
					expect(theirMove(record, device, have + 2, [{ a: 'go', dir: 'up' }])).toEqual({ do: 'refuse', reason: 'out_of_order' });
					expect(record.exchanges.length).toBe(have);
				}
			}),
			{ numRuns: 15 }
		);
	});

	test('the opponent\'s next move come before the answer to mine is taken after it; while mine waits, his move under the same number is not his turn', () => {
		let d = started(5);
		const first = d.devices[0].turns.turn as Player;
		const second = (1 - first) as Player;
		// `first` moves; its move is kept as pending on its device, its answer not yet arrived.
		const actions = [nextAction(d.devices[second].half)];
		const pending = { ...d.records[first], pending: { n: 0, actions } };
		expect(theirMove(pending, d.devices[first], 1, [{ a: 'go', dir: 'up' }])).toEqual({ do: 'early' });
		expect(theirMove(pending, d.devices[first], 0, [{ a: 'go', dir: 'up' }])).toEqual({ do: 'refuse', reason: 'not_your_turn' });
		d = exchange(d, first, { actions }).after;
		expect(d.records[first].exchanges).toHaveLength(1);
		expect(d.records[second].exchanges).toEqual(d.records[first].exchanges);
	});
});
