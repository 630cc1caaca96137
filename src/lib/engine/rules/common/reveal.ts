/**
 * The reveal at a table (the classic game, topographic, abandoned: a master's device referees
 * every seat): once the game is over every seat may have the plan and the game step by step (the
 * phone overlays its sheet on the plan and scrubs through the game); before that, nothing.
 */
import type { RevealRule } from '../types';

export const tableReveal: RevealRule = {
	open: (state) => state.phase === 'over',
	replay: true
};
