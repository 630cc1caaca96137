/**
 * Test helper: a random legal game on a small generated plan, command by command, with what
 * seat `me` was told of each — the assistant's and the others' property tests follow the same
 * games. Not used by the app.
 */
import { apply } from '../engine/game/apply';
import { createGame, initialState } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import type { Command, GameEvent, GameState, Seat } from '../engine/game/types';
import { viewFor, visibleTo } from '../engine/game/view';
import { generatePlan, SHAPES } from '../engine/plan/generate';
import type { Plan } from '../engine/plan/types';
import { createRng } from '../engine/random';
import type { AssistantOptions, Contour } from './assistant';

export interface RandomGame {
	plan: Plan;
	contour: Contour;
	options: AssistantOptions;
	/** Each command in turn: the state after it, and the events `me` was told. */
	steps(): Generator<{ i: number; state: GameState; command: Command; told: GameEvent[] }>;
}

/** `master`: the master's acts now and then too (undos, corrections, rulings). `pits`: how many pits and loops (default 2–4 pits). */
export function randomGame(seed: number, settings: object, me: Seat = 0, length = 300, master = false, pits?: { pits: number; pitLoops: number }): RandomGame {
	const rng = createRng(seed);
	const shape = SHAPES[seed % SHAPES.length]!;
	const plan = generatePlan({ width: 3 + rng.int(6), height: 3 + rng.int(6), seed, shape, rivers: 1 + rng.int(2), pits: 2 + rng.int(3), ...pits });
	const created = createGame({ plan, seats: 2 + rng.int(3), seed, settings });
	if (!created.ok) throw new Error('setup');
	const first = initialState(created.value);
	const view = viewFor(first, me, []);
	return {
		plan,
		contour: { width: view.width, height: view.height, shape: view.shape },
		options: { encephalitis: first.settings.encephalitis, rivers: first.settings.rivers },
		*steps() {
			let state = first;
			for (let i = 0; i < length && state.phase !== 'over'; i++) {
				const command = randomLegalCommand(state, rng, { master }) as Command | null;
				if (!command) return;
				const result = apply(state, command);
				state = result.state;
				yield { i, state, command, told: result.events.filter((e) => visibleTo(e, me)) };
			}
		}
	};
}
