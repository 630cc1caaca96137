/** The duel (seeds 001/004) whole: its kinds, its hooks, its seed's 10x10 field. */
import type { RuleSystemDescriptor } from '../types';
import { generateDuel } from './generate';
import { DUEL } from './kinds';
import { duel } from './rules';
import { duelReveal } from './reveal';

export const duelDescriptor: RuleSystemDescriptor = {
	...DUEL,
	rules: duel,
	generate: generateDuel,
	// Each player sees his own plan and the other's walk of it: the master's table has nothing more.
	masterView: () => ({}),
	// Each device gives the other its own plan once the match is over (reveal.ts).
	reveal: duelReveal
};
