import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { apply, currentSeat } from '../engine/game/apply';
import { createGame, initialState, rejected } from '../engine/game/game';
import type { GameEvent } from '../engine/game/types';
import { addToFeeds, viewFor } from '../engine/game/view';
import { generatePlan } from '../engine/plan/generate';
import { createBot } from './bot';
import { SeatKnowledge } from './knowledge';
import { masterCommand } from './play';

describe('seat knowledge', () => {
	// The explorer skips its search for a hospital or an exit it was never told of (`everTold`):
	// sound only if no hypothesis can hold such a fact before the player heard it of his own move.
	// A knowledge fed as the bot's own is checked at every turn of explorer games.
	test('no hypothesis knows a hospital or an exit before the player was told of one', () => {
		let checked = 0;
		let toldHospital = 0;
		let toldExit = 0;
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 3 }), (seed, seats) => {
				const plan = generatePlan({ width: 7, height: 7, seed });
				const created = createGame({ plan, seats, seed });
				if (!created.ok) throw new Error('setup');
				let state = initialState(created.value);
				const bots = Array.from({ length: seats }, (_, seat) => createBot('explorer', seat, seed));
				const feeds: GameEvent[][] = bots.map(() => []);
				let know: SeatKnowledge | null = null;
				while (state.phase !== 'over' && state.moveNo < 300) {
					let cmd = masterCommand(state, seed);
					const seat = cmd ? null : currentSeat(state);
					if (seat !== null) {
						const view = viewFor(state, seat, feeds[seat]!);
						cmd = bots[seat]!.decide(view);
						if (seat === 0) {
							know ??= new SeatKnowledge(0, view);
							know.sync(view);
							const a = know.assistant;
							const hospital = know.everTold('hospital');
							const exit = know.everTold('exit_out') || know.everTold('exit_refused');
							for (let i = 0; i < a.hypothesisCount; i++) {
								const facts = a.hypothesis(i).facts;
								if (!hospital) expect(facts.some((f) => f.kind === 'cell' && f.value === 'hospital')).toBe(false);
								if (!exit) expect(facts.some((f) => f.kind === 'side' && f.value === 'exit')).toBe(false);
							}
							checked++;
							if (hospital) toldHospital++;
							if (exit) toldExit++;
							if (cmd) know.sent(cmd, view);
						}
					}
					if (!cmd) break;
					const r = apply(state, cmd);
					if (rejected(r)) continue;
					addToFeeds(feeds, r.events);
					state = r.state;
				}
			}),
			{ numRuns: 25, seed: 22 }
		);
		// The games reached both kinds of answer (else the test would check nothing).
		expect(checked).toBeGreaterThan(1000);
		expect(toldHospital).toBeGreaterThan(0);
		expect(toldExit).toBeGreaterThan(0);
	}, 120_000);
});
