/**
 * The reveal beside the seat's view (issue 34's next step): what a player's device may be given
 * of the plan is decided by the game's rule system (`revealFor`), never by the sender. Over random
 * games of every system, played on by the master's time-outs (seed 000, 9) until they end: before
 * the game is over no seat is given anything; once it is, every seat is given exactly the plan —
 * with the game step by step at a table (the classic game, topographic, abandoned), the plan alone
 * for a duel's half (its walker follows his walk himself). A duel's device gives its plan only once
 * the match is won, in either half (seeds 001/004), over matches the explorers play to the end.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { apply, currentSeat } from '../game/apply';
import { createGame, initialState, type Game } from '../game/game';
import { randomLegalCommand } from '../game/random-command';
import { recordReplay, revealFor } from '../game/reveal-of';
import { stateKey } from '../game/testing';
import type { Command, GameState } from '../game/types';
import { generatePlan } from '../plan/generate';
import { RULE_SYSTEMS, type RuleSystemId } from '../plan/types';
import { createRng } from '../random';
import { createDuel, type DuelDevice, type DuelMatch, type Player } from './duel/match';
import { deviceReveal } from './duel/reveal';
import { duelComputerTurn, duelWalker } from '../../bots/duel';

/** A random legal game of `rules` on a generated plan, then time-outs of whoever is to move until it ends: each step's game and state. */
function gameOf(rules: RuleSystemId, seed: number, commands: number): { game: Game; state: GameState }[] {
	const plan = generatePlan({ rules, width: 6, height: 6, seed });
	const created = createGame({ plan, seats: rules === 'duel' ? 1 : 2 + (seed % 3), seed });
	if (!created.ok) throw new Error(`setup ${rules} ${seed}`);
	const rng = createRng(`reveal:${seed}`);
	let game = created.value;
	let state = initialState(game);
	const steps = [{ game, state }];
	const play = (command: Command) => {
		state = apply(state, command).state;
		game = { ...game, log: [...game.log, command] };
		steps.push({ game, state });
	};
	for (let i = 0; i < commands && state.phase !== 'over'; i++) {
		const command = randomLegalCommand(state, rng, { master: true });
		if (!command) break;
		play(command);
	}
	for (let i = 0; state.phase === 'play' && i < 4 * state.players.length; i++) {
		const seat = currentSeat(state);
		if (seat === null) break;
		play({ type: 'time_out', by: 'master', seat });
	}
	return steps;
}

describe('revealFor: what a device may be given of the plan, by the game\'s system', () => {
	test.each(RULE_SYSTEMS)('%s: nothing before the game is over, exactly the plan after, to every seat; asking changes nothing', (rules) => {
		let ended = 0;
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(80), (seed, commands) => {
				const steps = gameOf(rules, seed, commands);
				for (const { game, state } of steps) {
					const before = stateKey(state);
					const seats = [undefined, ...state.players.map((_, s) => s)];
					for (const seat of seats) {
						const shown = revealFor(game, state, seat);
						if (state.phase !== 'over') {
							expect(shown).toBeNull();
							continue;
						}
						// The plan, whole; at a table the game step by step too; nothing else.
						const exact = rules === 'duel' ? { plan: game.plan } : { plan: game.plan, replay: recordReplay(game) };
						expect(shown).toEqual(exact);
						expect(shown!.plan).toBe(game.plan);
						// Made once: every seat is given the very same reveal (a sender makes its message once).
						expect(revealFor(game, state, 0)).toBe(shown);
					}
					expect(stateKey(state)).toBe(before);
				}
				if (steps[steps.length - 1]!.state.phase === 'over') ended++;
			}),
			{ numRuns: 12 }
		);
		// The property speaks of finished games too, not only of games cut short.
		expect(ended).toBeGreaterThan(0);
	});

	test('a duel\'s device gives its own plan alone, only once the match is won in either half (explorers play matches to the end)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
				const plans = [generatePlan({ rules: 'duel', width: 0, height: 0, seed }), generatePlan({ rules: 'duel', width: 0, height: 0, seed: seed + 1 })] as const;
				const created = createDuel({ plans, seed });
				if (!created.ok) throw new Error(`setup ${seed}`);
				let m: DuelMatch = created.value;
				const bots = [duelWalker('explorer', 0, seed), duelWalker('explorer', 1, seed)] as const;
				/** Player h's device as the match holds it: his own plan's half, and the turns. */
				const device = (h: Player): DuelDevice => ({ me: h, game: m.games[h], half: m.halves[h], turns: m.turns });
				const check = () => {
					for (const h of [0, 1] as const) {
						const shown = deviceReveal(device(h));
						if (m.turns.winner === null) expect(shown).toBeNull();
						else expect(shown).toEqual({ plan: plans[h] });
					}
				};
				check();
				for (const p of [0, 1] as const) m = duelComputerTurn(m, p, bots[p]).match;
				for (let turn = 0; turn < 2000 && m.turns.winner === null; turn++) {
					check();
					const played = duelComputerTurn(m, m.turns.turn, bots[m.turns.turn]);
					if (played.stuck) break;
					m = played.match;
				}
				expect(m.turns.winner).not.toBeNull();
				check();
			}),
			{ numRuns: 4 }
		);
	});
});
