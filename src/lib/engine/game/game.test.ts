import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createGame, initialState, play, replay, replayEvents } from './game';
import { buildPlan, stateKey } from './testing';
import { viewFor } from './view';
import type { Command } from './types';

const plan = buildPlan(['LLLL', 'LHWL'], { exits: [[0, 0, 'left', true]], items: [[3, 0, 'treasure', true], [2, 0, 'treasure', false]] });

describe('the game record', () => {
	test('createGame resolves the seed\'s defaults and refuses bad seats or settings', () => {
		const g = createGame({ plan, seats: 3, seed: 'x' });
		expect(g.ok && g.value.settings.nStop).toBe(8);
		expect(g.ok && g.value.settings.reorders).toBe(2);
		expect(createGame({ plan, seats: 7, seed: 1 }).ok).toBe(false);
		expect(createGame({ plan, seats: 0, seed: 1 }).ok).toBe(false);
		expect(createGame({ plan, seats: 2, seed: 1, settings: { rivers: 'wild' } }).ok).toBe(false);
		expect(createGame({ plan: { ...plan, rules: 'duel' }, seats: 2, seed: 1 }).ok).toBe(false);
	});

	test('7.2: handicaps can be given to single players', () => {
		const g = createGame({ plan, seats: 3, seed: 1, handicaps: { orders: [0, 2], questions: [1] } });
		if (!g.ok) throw new Error();
		const ps = initialState(g.value).players;
		expect(ps.map((p) => [p.extraOrders, p.questions])).toEqual([[0, 1], [2, 0], [0, 0]]);
		expect(createGame({ plan, seats: 2, seed: 1, handicaps: { orders: [1, 1, 1] } }).ok).toBe(false);
		expect(createGame({ plan, seats: 2, seed: 1, handicaps: { orders: [-1] } }).ok).toBe(false);
	});

	test('6.1: an order agreed at the table is the order played; anything but a permutation of the seats is refused', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 6 }), fc.integer(), fc.integer({ min: 0, max: 1_000 }), (seats, seed, pick) => {
				const order = fc.sample(fc.shuffledSubarray([...Array(seats).keys()], { minLength: seats, maxLength: seats }), { seed: pick, numRuns: 1 })[0]!;
				const g = createGame({ plan, seats, seed, order });
				if (!g.ok) return false;
				const agreed = initialState(g.value);
				const drawn = initialState({ ...g.value, order: undefined });
				// the agreed order is played; the seed's other draws are those of the drawn game
				expect(agreed.order).toEqual(order);
				expect({ ...agreed, order: drawn.order }).toEqual(drawn);
				return true;
			})
		);
		for (const bad of [[0], [0, 0], [0, 2], [1, 0, 2], [0.5, 1]]) expect(createGame({ plan, seats: 2, seed: 1, order: bad }).ok).toBe(false);
	});

	test('6.1 / rulings 4: the turn order comes from the seed: the same seed, the same order', () => {
		const orders = new Set<string>();
		for (let s = 0; s < 30; s++) {
			const g = createGame({ plan, seats: 4, seed: s });
			if (!g.ok) throw new Error();
			const o = initialState(g.value).order;
			expect(initialState(g.value).order).toEqual(o);
			expect([...o].sort()).toEqual([0, 1, 2, 3]);
			orders.add(o.join());
		}
		expect(orders.size).toBeGreaterThan(5);
	});

	test('Rulings 5: the log keeps the undone command and the undo; replay gives the live state and events', () => {
		const g0 = createGame({ plan, seats: 2, seed: 4 });
		if (!g0.ok) throw new Error();
		let game = g0.value;
		let state = initialState(game);
		const live: string[][] = [];
		const step = (c: Command) => {
			const r = play(game, state, c);
			game = r.game;
			state = r.state;
			live.push(r.events.map((e) => JSON.stringify(e)));
		};
		const [a, b] = state.order as [number, number];
		step({ type: 'choose_start', by: a, cell: 0 });
		step({ type: 'choose_start', by: b, cell: 3 });
		step({ type: 'confirm_starts', by: 'master' });
		step({ type: 'move', by: a, actions: [{ a: 'go', dir: 'right' }] });
		step({ type: 'undo', by: 'master', reason: 'the player misspoke' });
		step({ type: 'move', by: a, actions: [{ a: 'go', dir: 'down' }] });
		step({ type: 'move', by: a, actions: [{ a: 'go', dir: 'down' }] }); // rejected: not recorded
		expect(game.log.map((c) => c.type)).toEqual(['choose_start', 'choose_start', 'confirm_starts', 'move', 'undo', 'move']);
		expect(stateKey(replay(game).state)).toBe(stateKey(state));
		const re = replayEvents(game);
		expect(stateKey(re.state)).toBe(stateKey(state));
		expect(re.events.slice().map((e) => JSON.stringify(e))).toEqual(live.slice(0, 6).flat());
		// The undone move's answer stays in the game's events, followed by the undo with its reason.
		const types = re.events.slice().map((e) => e.type);
		expect(types.indexOf('master_undo')).toBeGreaterThan(types.indexOf('land'));
		expect(viewFor(state, a, re.events.seatEvents(a)).events.length).toBeLessThan(re.events.length);
	});
});
