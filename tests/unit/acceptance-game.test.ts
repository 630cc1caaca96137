// Issue 7's acceptance game, proved with the engine before the screens play it
// (tests/e2e/play-accept-*.e2e.ts): the plan is valid (section 8), every turn produces the
// events the script promises — a shot that wounds and a new cell ordered (5.5), a pit (4.5),
// a grenade (5.4), a wall (2.2), a river carry (4.4), a fake treasure carried out and the
// return (3.4, rulings 2) — whichever seat the seed draws first, and the game ends with the
// true treasure carried out (3.4).
import { describe, expect, test } from 'vitest';
import { apply } from '../../src/lib/engine/game/apply';
import { createGame, initialState } from '../../src/lib/engine/game/game';
import type { GameEvent, GameState } from '../../src/lib/engine/game/types';
import { viewFor, visibleTo } from '../../src/lib/engine/game/view';
import { validatePlan } from '../../src/lib/engine/plan/validate';
import { ACCEPTANCE_PLAN, cellOf, SCRIPT, scriptCommands, seatsOf, STARTS } from '../e2e/support/acceptance-game';

/** Seeds whose drawn order puts seat 0 first, and seat 1 first. */
function seedFor(first: number): string {
	for (let i = 0; i < 100; i++) {
		const g = createGame({ plan: ACCEPTANCE_PLAN, seats: 2, seed: `accept-${i}` });
		if (g.ok && initialState(g.value).order[0] === first) return `accept-${i}`;
	}
	throw new Error('no seed');
}

function play(seed: string) {
	const created = createGame({ plan: ACCEPTANCE_PLAN, seats: 2, seed });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	let state: GameState = initialState(created.value);
	const order = state.order.slice();
	const perTurn: { note: string; events: GameEvent[]; state: GameState }[] = [];
	for (const { turn, command } of scriptCommands(order)) {
		const r = apply(state, command);
		expect(r.events.map((e) => e.type), `${turn?.note ?? command.type}: ${JSON.stringify(r.events)}`).not.toContain('rejected');
		state = r.state;
		if (turn && command.type === 'move') perTurn.push({ note: turn.note, events: r.events, state });
		else if (turn) perTurn.push({ note: `${turn.note} (the order)`, events: r.events, state });
	}
	return { order, state, perTurn };
}

describe("issue 7's acceptance game", () => {
	test('the plan passes every rule of section 8', () => {
		expect(validatePlan(ACCEPTANCE_PLAN, { players: 2 }).errors).toEqual([]);
	});

	for (const first of [0, 1]) {
		test(`the script plays as promised with seat ${first} drawn first`, () => {
			const { order, state, perTurn } = play(seedFor(first));
			expect(order[0]).toBe(first);
			const seat = seatsOf(order);
			// Each move's own events, in the promised order (others may come between).
			const moves = perTurn.filter((t) => !t.note.endsWith('(the order)'));
			expect(moves).toHaveLength(SCRIPT.length);
			SCRIPT.forEach((turn, i) => {
				const types = moves[i]!.events.filter((e) => !('seat' in e) || e.seat === seat[turn.role]).map((e) => e.type);
				let at = 0;
				for (const t of types) if (t === turn.expect[at]) at++;
				expect(at, `${turn.note}: ${types.join(', ')}`).toBe(turn.expect.length);
			});
			const all = perTurn.flatMap((t) => t.events);
			const find = (type: string) => all.filter((e) => e.type === type);
			// 5.5: the shot wounds; at his turn the table hears who was wounded (section A: "Player 2 is
			// wounded…", said to all), he may order a cell, and does.
			expect(find('scream')).toHaveLength(1);
			expect(find('wounded_notice')).toEqual([expect.objectContaining({ seat: seat.second, canOrder: true, audience: { to: 'all' } })]);
			expect(find('cell_ordered')).toEqual([expect.objectContaining({ seat: seat.second, declined: false, audience: { to: 'all' } })]);
			expect(find('ordered_at')).toEqual([expect.objectContaining({ seat: seat.second, cell: cellOf(SCRIPT[1]!.order!), audience: { to: 'master' } })]);
			// 4.5 the pit, 2.2 the wall, 4.4 the river carry into the delta.
			expect(find('pit').length).toBeGreaterThan(0);
			expect(find('wall')).toHaveLength(1);
			expect(find('river')).toEqual([expect.objectContaining({ seat: seat.first, delta: true })]);
			// 5.4 the grenade blew the wall between (1,0) and (2,0): the master alone hears so (7.8 silent).
			expect(find('grenade').filter((e) => e.audience.to === 'master')).toEqual([expect.objectContaining({ outcome: 'blown' })]);
			// 3.4 / rulings 2: the fake crumbles outside, and the player comes back in.
			expect(find('exit_out')).toEqual([expect.objectContaining({ seat: seat.first, crumbled: true })]);
			expect(find('lost_outside')).toEqual([]);
			// 4.2 "immediately heals": the hospital he ordered heals him as his next move begins (silently: the
			// order is the master's alone, docs/rules.md 4.2); walking back in later heals nothing.
			const ordering = moves[SCRIPT.findIndex((t) => t.order)]!;
			expect(ordering.state.players[seat.second]!.health).toBe('healthy');
			expect(find('hospital')).toEqual([expect.objectContaining({ seat: seat.second, healed: false })]);
			// 3.4: the true treasure carried out wins.
			expect(state.result).toEqual({ kind: 'win', seat: seat.first, how: 'treasure' });
			expect(state.phase).toBe('over');
			// Where a player started or reappeared is the master's alone (rulings 1).
			for (const s of [0, 1]) {
				const heard = all.filter((e) => visibleTo(e, s));
				expect(heard.some((e) => e.type === 'start_cell' || e.type === 'ordered_at')).toBe(false);
				expect(heard.filter((e) => e.type === 'wounded_notice').length).toBe(1);
			}
		});
	}

	test('the first asked to choose a start is the first to move', () => {
		const created = createGame({ plan: ACCEPTANCE_PLAN, seats: 2, seed: seedFor(1) });
		if (!created.ok) throw new Error('setup');
		const state = initialState(created.value);
		const asked = viewFor(state, 0, []).current;
		expect(asked).toBe(state.order[0]);
		expect(STARTS.first).not.toEqual(STARTS.second);
	});
});
