/**
 * The duel's reveal (seeds 001/004): each device holds one half — the plan its owner drew, walked
 * by the opponent — and gives the other device that plan alone once the match is over (the
 * other device rebuilds its own walk of it from the exchanges both keep, play/duel-status.ts).
 * Never before: the plan is the half's whole secret.
 */
import type { Reveal, RevealRule } from '../types';
import type { DuelDevice } from './match';

/** A half read alone (the referee CLI, the tests): over when its walker has carried the treasure out, and the match with it. */
export const duelReveal: RevealRule = {
	open: (state) => state.phase === 'over',
	carries: (game) => ({ plan: game.plan })
};

/** Whether a device's match is over (either half won: the turns' winner), so plans may cross. */
export function duelRevealOpen(dev: DuelDevice): boolean {
	return dev.turns.winner !== null;
}

/** What a device gives the other at the end of the match: its own half's plan; null before the match is over. */
export function deviceReveal(dev: DuelDevice): Reveal | null {
	return duelRevealOpen(dev) ? duelReveal.carries(dev.game) : null;
}
