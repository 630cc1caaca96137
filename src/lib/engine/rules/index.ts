/** Builds a rule system by id: one exhaustive switch (later systems override classic hooks). */
import type { RuleSystemId } from '../plan/types';
import { type Result, ok, err } from '../result';
import { classic } from './classic/rules';
import { topographic } from './topographic/rules';
import { abandoned } from './abandoned/rules';
import { duel } from './duel/rules';
import type { RuleSystem } from './types';

export type RuleSystemError = 'rules_not_implemented';

// Made once: the engine asks for its rule system on every command.
const FOUND = { classic: ok(classic), topographic: ok(topographic), abandoned: ok(abandoned), duel: ok(duel) } as const;

export function ruleSystem(id: RuleSystemId): Result<RuleSystem, RuleSystemError> {
	switch (id) {
		case 'classic':
		case 'topographic':
		case 'abandoned':
		case 'duel':
			return FOUND[id];
		default: {
			const never: never = id;
			void never;
			return err('rules_not_implemented');
		}
	}
}

export { classic, topographic, abandoned, duel };
export type { RuleSystem, MoveOutcome } from './types';
