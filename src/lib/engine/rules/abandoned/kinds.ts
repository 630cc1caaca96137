/**
 * The abandoned labyrinth's kinds of square (seed 002) and their letters, in the palette's order:
 * T shop (trade), F marsh (fen), G portal (gate, then its set number); its hospital and rivers are the classic ones.
 */
import type { SystemKinds } from '../common/kinds';

export const ABANDONED: SystemKinds = {
	id: 'abandoned',
	letters: { land: 'L', shop: 'T', hospital: 'H', marsh: 'F', river: 'R', portal: 'G' }
};
