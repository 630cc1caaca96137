// The topographic and the abandoned labyrinth at a table (rules/README: 003, 002): the same
// host and phones as the classic game carry them, each phone gets exactly the engine's events for
// its seat, and nothing a phone is sent before the game is over holds the plan.
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { apply, currentSeat } from '../engine/game/apply';
import { createGame, initialState, type Game } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import { viewFor } from '../engine/game/view';
import { generatePlan } from '../engine/plan/generate';
import { DIRECTIONS } from '../engine/plan/types';
import { createRng } from '../engine/random';
import { MemoryTable, engineEventsFor, until, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

/** A generated game of `rules` played to its end: steps by whoever is to move (both systems place the players: 003 3, 002 2), then time-outs. */
function scriptedGame(rules: 'topographic' | 'abandoned', seed: number, seats: number, steps: number): { game: Game; log: Command[] } {
	const created = createGame({ plan: generatePlan({ rules, width: 0, height: 0, seed }), seats, seed });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	const game = created.value;
	const rng = createRng(seed);
	const log: Command[] = [{ type: 'confirm_starts', by: 'master' }];
	let state = apply(initialState(game), log[0]!).state;
	while (log.length < steps && state.phase === 'play') {
		const command: Command = { type: 'move', by: state.order[state.turn]!, actions: [{ a: 'go', dir: DIRECTIONS[rng.int(4)]! }] };
		state = apply(state, command).state;
		log.push(command);
	}
	// 9: the master times out whoever is to move until the game is over (the reveal follows)
	for (let i = 0; state.phase === 'play' && i < 4 * seats; i++) {
		const seat = currentSeat(state);
		if (seat === null) break;
		const command: Command = { type: 'time_out', by: 'master', seat };
		state = apply(state, command).state;
		log.push(command);
	}
	if (state.phase !== 'over') throw new Error(`seed ${seed}: the game did not end (${JSON.stringify(state.players.map((p) => p.status))}, to move: ${currentSeat(state)})`);
	return { game, log };
}

/** The keys only a plan or the master's state has: none may reach a phone before the reveal. */
const PLAN_KEYS = ['cells', 'walls', 'exits', 'pitLoops', 'items', 'bear', 'ghost', 'portals', 'board', 'players', 'plan'];

function keysIn(value: unknown, out = new Set<string>()): Set<string> {
	if (Array.isArray(value)) for (const v of value) keysIn(v, out);
	else if (value && typeof value === 'object')
		for (const [k, v] of Object.entries(value)) {
			out.add(k);
			keysIn(v, out);
		}
	return out;
}

describe.each(['topographic', 'abandoned'] as const)('the %s labyrinth at a table', (rules) => {
	test('each phone gets exactly its seat\'s events, no frame before the reveal holds the plan, and the reveal comes at the end', async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 2, max: 4 }), async (seed, seats) => {
				const { game, log } = scriptedGame(rules, seed, seats, 120);
				const t = new MemoryTable();
				table = t;
				const toPhones: string[] = [];
				t.network.faults = { toPhone: { copies: (frame) => (toPhones.push(frame), 1) } };
				await t.openHost();
				for (let i = 0; i < seats; i++) await t.openPhone(`P${i + 1}`);
				await until(() => t.phones.every((p) => p.status === 'joined'), 3000, 'phones joined');
				await t.startGame(game);
				await t.play(log);
				await until(() => t.phones.every((p, seat) => p.events.length === viewFor(t.host.state!, seat, t.host.events.seatEvents(seat)).events.length), 3000, 'feeds caught up');
				t.phones.forEach((phone, seat) => {
					expect(phone.events).toEqual(engineEventsFor(game, log, seat));
					expect(phone.view?.rules).toBe(rules);
				});
				const beforeReveal = toPhones.map((frame) => JSON.parse(frame) as { m?: { type: string } }).filter((frame) => frame.m?.type !== 'reveal');
				const leaked = PLAN_KEYS.filter((key) => keysIn(beforeReveal).has(key));
				expect(leaked, 'plan keys in frames to the phones').toEqual([]);
				expect(t.host.state!.phase).toBe('over');
				await until(() => t.phones.every((p) => p.plan !== null), 3000, 'the reveal');
				for (const phone of t.phones) expect(phone.plan).toEqual(game.plan);
				t.close();
				table = null;
			}),
			{ numRuns: 12 }
		);
	}, 180_000); // 12 scripted games through the host: a generous budget for a busy machine
});
