/** The classic game's kinds of square (seed 000) and their letters in the text picture, in the palette's order. */
import type { SystemKinds } from '../common/kinds';

export const CLASSIC: SystemKinds = {
	id: 'classic',
	letters: { land: 'L', hospital: 'H', weaponry: 'W', pit: 'P', river: 'R', delta: 'D', encephalitis: 'E' }
};
