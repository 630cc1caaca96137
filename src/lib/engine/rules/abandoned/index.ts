/** The abandoned labyrinth (seed 002) whole: its kinds, its hooks, its seed's field, each seat's item and lost turns for the master. */
import type { RuleSystemDescriptor } from '../types';
import { tableReveal } from '../common/reveal';
import { generateAbandoned } from './generate';
import { ABANDONED } from './kinds';
import { abandoned, abandonedExt } from './rules';

export const abandonedDescriptor: RuleSystemDescriptor = {
	...ABANDONED,
	rules: abandoned,
	generate: generateAbandoned,
	masterView(state) {
		const x = abandonedExt(state);
		return { seats: state.players.map((_, s) => ({ item: x.items[s] ?? null, loseTurns: x.lose[s] ?? 0 })) };
	},
	reveal: tableReveal
};
