/** The topographic labyrinth (seed 003) whole: its kinds, its hooks, its seed's 8x8 field, the creatures the master sees. */
import type { RuleSystemDescriptor } from '../types';
import { tableReveal } from '../common/reveal';
import { generateTopographic } from './generate';
import { TOPOGRAPHIC } from './kinds';
import { ghostCell, topoExt, topographic } from './rules';

export const topographicDescriptor: RuleSystemDescriptor = {
	...TOPOGRAPHIC,
	rules: topographic,
	generate: generateTopographic,
	masterView(state) {
		// Seed 003, 1.6, 2: the bear, the ghost and its path, crocodiles asleep with the moves left.
		const x = topoExt(state);
		const asleep = Object.entries(x.crocWake)
			.map(([cell, wake]) => ({ cell: Number(cell), left: wake - state.moveNo }))
			.filter((c) => c.left > 0);
		return { creatures: { bear: x.bear, ghost: ghostCell(x), path: x.ghostPath, asleep } };
	},
	reveal: tableReveal
};
