/**
 * The rule systems by id: one exhaustive switch from an id to its folder's descriptor
 * (`rules/<id>/index.ts`: its kinds and letters, hooks, plan checks, generator, master's view, reveal rule).
 * A new system is a folder, registered here (and its face in src/lib/systems/index.ts).
 */
import { RULE_SYSTEMS, type CellKind, type RuleSystemId } from '../plan/types';
import { type Result, ok, err } from '../result';
import type { GameState } from '../game/types';
import { classicDescriptor } from './classic/index';
import { topographicDescriptor } from './topographic/index';
import { abandonedDescriptor } from './abandoned/index';
import { duelDescriptor } from './duel/index';
import type { MasterView, RuleSystem, RuleSystemDescriptor } from './types';

export type RuleSystemError = 'rules_not_implemented';

/** A system's descriptor: the one exhaustive switch. */
export function descriptorOf(id: RuleSystemId): RuleSystemDescriptor {
	switch (id) {
		case 'classic':
			return classicDescriptor;
		case 'topographic':
			return topographicDescriptor;
		case 'abandoned':
			return abandonedDescriptor;
		case 'duel':
			return duelDescriptor;
		default: {
			const never: never = id;
			return never;
		}
	}
}

export const DESCRIPTORS: readonly RuleSystemDescriptor[] = RULE_SYSTEMS.map(descriptorOf);

// Made once: the engine asks for its rule system on every command.
const FOUND = new Map(DESCRIPTORS.map((d) => [d.id, ok(d.rules)] as const));

export function ruleSystem(id: RuleSystemId): Result<RuleSystem, RuleSystemError> {
	// An id from elsewhere (a file, a peer) this build does not know is refused, not thrown on.
	return FOUND.get(id) ?? err('rules_not_implemented');
}

/** Every kind's letter, from every system (a kind has one letter wherever it is used). */
export function kindLetters(): Partial<Record<CellKind, string>> {
	return Object.assign({}, ...DESCRIPTORS.map((d) => d.letters)) as Partial<Record<CellKind, string>>;
}

/** What the master sees of a game's system state (the console's map and lines), beside a seat's `viewFor`. */
export function masterView(state: GameState): MasterView {
	return descriptorOf(state.rules).masterView(state);
}

export const classic = classicDescriptor.rules;
export const topographic = topographicDescriptor.rules;
export const abandoned = abandonedDescriptor.rules;
export const duel = duelDescriptor.rules;
export type { RuleSystem, MoveOutcome, MasterView, RevealRule, RuleSystemDescriptor } from './types';
