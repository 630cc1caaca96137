/**
 * The master's view beside the seat's (issue 34): the console reads a game's system state through
 * `masterView`, its system's descriptor's, never `state.ext`. Over random legal games of every
 * system: the topographic creatures where seed 003, 2 puts them (the ghost on its path, the bear
 * on a square, crocodiles asleep on crocodile squares with moves left, 1.6), the abandoned
 * survivors' items and lost turns (seed 002, 3.1) one per seat, nothing for the classic game and
 * the duel; and reading it changes nothing.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { apply } from '../game/apply';
import { createGame, initialState } from '../game/game';
import { randomLegalCommand } from '../game/random-command';
import { stateKey } from '../game/testing';
import { ABANDONED_ITEMS, type GameState } from '../game/types';
import { generatePlan } from '../plan/generate';
import { RULE_SYSTEMS, type Plan, type RuleSystemId } from '../plan/types';
import { createRng } from '../random';
import { descriptorOf, masterView } from './index';

/** A plan of `rules` and the states of a random legal game on it, from the start. */
function gameOf(rules: RuleSystemId, seed: number, commands: number): { plan: Plan; states: GameState[] } {
	const plan = generatePlan({ rules, width: 6, height: 6, seed });
	const game = createGame({ plan, seats: rules === 'duel' ? 1 : 2 + (seed % 3), seed });
	if (!game.ok) throw new Error(`setup ${rules} ${seed}`);
	const rng = createRng(`master-view:${seed}`);
	let state = initialState(game.value);
	const states = [state];
	for (let i = 0; i < commands && state.phase !== 'over'; i++) {
		const cmd = randomLegalCommand(state, rng);
		if (!cmd) break;
		state = apply(state, cmd).state;
		states.push(state);
	}
	return { plan, states };
}

describe('masterView: what the master sees of a system\'s own state', () => {
	test.each(RULE_SYSTEMS)('%s: its descriptor answers for its games, and reading it changes nothing', (rules) => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
				const { plan, states } = gameOf(rules, seed, 60);
				for (const state of states) {
					const before = stateKey(state);
					const view = masterView(state);
					expect(stateKey(state)).toBe(before);
					expect(view).toEqual(descriptorOf(rules).masterView(state));
					if (rules === 'topographic') {
						const c = view.creatures!;
						// Seed 003, 2: the ghost walks its path; the bear stands on a square of the plan.
						if (plan.ghost?.length) expect(plan.ghost).toContain(c.ghost);
						else expect(c.ghost).toBe(-1);
						expect(c.bear === -1 || plan.cells[c.bear] !== null).toBe(true);
						// 1.6: a crocodile asleep lies on a crocodile square, with moves still to sleep.
						for (const croc of c.asleep) {
							expect(plan.cells[croc.cell]?.kind).toBe('crocodile');
							expect(croc.left).toBeGreaterThan(0);
						}
					} else expect(view.creatures).toBeUndefined();
					if (rules === 'abandoned') {
						// Seed 002, 3.1: one line per seat, an item of the shop's or none, turns to lose.
						expect(view.seats).toHaveLength(state.players.length);
						for (const s of view.seats!) {
							expect(s.item === null || (ABANDONED_ITEMS as readonly string[]).includes(s.item)).toBe(true);
							expect(s.loseTurns).toBeGreaterThanOrEqual(0);
						}
					} else expect(view.seats).toBeUndefined();
				}
			}),
			{ numRuns: 8 }
		);
	});
});
