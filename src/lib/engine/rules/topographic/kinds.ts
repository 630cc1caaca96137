/**
 * The topographic labyrinth's kinds of square (seed 003) and their letters, in the palette's order:
 * S spinner (then its quarter turns 1-3), B swamp (bog), C crocodile, A arsenal, M morgue.
 */
import type { SystemKinds } from '../common/kinds';

export const TOPOGRAPHIC: SystemKinds = {
	id: 'topographic',
	letters: { land: 'L', spinner: 'S', river: 'R', swamp: 'B', pit: 'P', crocodile: 'C', arsenal: 'A', morgue: 'M' }
};
