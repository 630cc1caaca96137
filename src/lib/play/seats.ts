/** The players a game of each rule system seats (the setup reads it; the phone does not need it). */
import { MAX_SEATS, MIN_SEATS } from '../engine/game/game';
import type { RuleSystemId } from '../engine/plan/types';
import { ruleSystem } from '../engine/rules/index';

/** The players a game of `rules` seats: the system's own range, else the shared one. */
export function seatRange(rules: RuleSystemId): readonly [number, number] {
	const sys = ruleSystem(rules);
	return (sys.ok && sys.value.seats) || [MIN_SEATS, MAX_SEATS];
}
