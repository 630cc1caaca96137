/**
 * The duel's kinds of square (seeds 001/004) and their letters, in the palette's order:
 * X crossbow, Y crutch, K trap, I pit exit (pits and pit exits then their number).
 */
import type { SystemKinds } from '../common/kinds';

export const DUEL: SystemKinds = {
	id: 'duel',
	letters: { land: 'L', crossbow: 'X', crutch: 'Y', trap: 'K', pit: 'P', pit_exit: 'I' }
};
