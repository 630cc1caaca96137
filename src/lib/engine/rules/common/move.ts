/**
 * The start of a move in the systems where a move is one step with actions about it (topographic
 * 3, abandoned 3): every action well formed by the system's own test, no dark or semi-dark move
 * (classic 6.7, 6.8 only), exactly one movement. The refusal, or null to go on.
 */
import type { Action, RejectReason } from '../../game/types';
import type { MoveCommand } from '../types';

export function oneStepRefusal(cmd: MoveCommand, wellFormed: (a: unknown) => a is Action): RejectReason | null {
	const actions = cmd.actions;
	if (!Array.isArray(actions) || !actions.every(wellFormed)) return 'malformed';
	if (cmd.dark || cmd.semiDark) return 'option_off';
	const goes = actions.filter((a) => a.a === 'go').length;
	if (goes === 0) return 'no_movement';
	if (goes > 1) return 'two_movements';
	return null;
}
