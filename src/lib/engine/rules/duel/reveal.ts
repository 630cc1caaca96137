/**
 * The duel's reveal (seeds 001/004): each device holds one half — the plan its owner drew, walked
 * by the opponent — and gives the other device that plan alone once the match is over (the
 * other device rebuilds its own walk of it from the exchanges both keep, play/duel-status.ts).
 * Never before: the plan is the half's whole secret.
 */
import type { Plan } from '../../plan/types';
import type { RevealRule } from '../types';

/**
 * What the reveal reads of a device (a `DuelDevice`, match.ts): its own half's game and the
 * match's turns. Named here by shape, so the descriptor's rule does not pull the match's engine in.
 */
interface Device {
	readonly game: { readonly plan: Plan };
	readonly turns: { readonly winner: number | null };
}

/** A half read alone (the referee CLI, the tests): over when its walker has carried the treasure out, and the match with it. */
export const duelReveal: RevealRule = {
	open: (state) => state.phase === 'over',
	replay: false
};

/** Whether a device's match is over (either half won: the turns' winner), so plans may cross. */
export function duelRevealOpen(dev: Device): boolean {
	return dev.turns.winner !== null;
}

/** What a device gives the other at the end of the match: its own half's plan alone; null before the match is over. */
export function deviceReveal(dev: Device): { plan: Plan } | null {
	return duelRevealOpen(dev) ? { plan: dev.game.plan } : null;
}
