/** The classic game (seed 000) whole: its kinds, its hooks; its plans are drawn to the size asked (plan/generate.ts). */
import type { RuleSystemDescriptor } from '../types';
import { tableReveal } from '../common/reveal';
import { CLASSIC } from './kinds';
import { classic } from './rules';

export const classicDescriptor: RuleSystemDescriptor = {
	...CLASSIC,
	rules: classic,
	generate: null,
	masterView: () => ({}),
	reveal: tableReveal
};
