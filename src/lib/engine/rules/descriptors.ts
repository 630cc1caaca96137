/**
 * Each rule system's own data, one place per kind: the cell kinds its plans use, each with its
 * letter in the plan's text picture, in the palette's order. Everything that lists a system's
 * kinds reads them here when asked (the engine's `cellKinds`, its plan checks, the text format's
 * letters, the face's palette), so a kind added to a system is one line in its descriptor
 * (with `CELL_KINDS`, its hooks, its face's sign and its messages).
 *
 * Plain data with no imports but types: the faces (src/lib/systems) read it without the rules.
 */
import type { CellKind, RuleSystemId } from '../plan/types';

export interface RuleSystemDescriptor {
	readonly id: RuleSystemId;
	/** Its cell kinds and their letters in the text picture, in the palette's order. */
	readonly letters: Readonly<Partial<Record<CellKind, string>>>;
}

export const CLASSIC: RuleSystemDescriptor = {
	id: 'classic',
	letters: { land: 'L', hospital: 'H', weaponry: 'W', pit: 'P', river: 'R', delta: 'D', encephalitis: 'E' }
};

/** Seed 003: S spinner (then its quarter turns 1-3), B swamp (bog), C crocodile, A arsenal, M morgue. */
export const TOPOGRAPHIC: RuleSystemDescriptor = {
	id: 'topographic',
	letters: { land: 'L', spinner: 'S', river: 'R', swamp: 'B', pit: 'P', crocodile: 'C', arsenal: 'A', morgue: 'M' }
};

/** Seed 002: T shop (trade), F marsh (fen), G portal (gate, then its set number); its hospital and rivers are the classic ones. */
export const ABANDONED: RuleSystemDescriptor = {
	id: 'abandoned',
	letters: { land: 'L', shop: 'T', hospital: 'H', marsh: 'F', river: 'R', portal: 'G' }
};

/** Seeds 001/004: X crossbow, Y crutch, K trap, I pit exit (pits and pit exits then their number). */
export const DUEL: RuleSystemDescriptor = {
	id: 'duel',
	letters: { land: 'L', crossbow: 'X', crutch: 'Y', trap: 'K', pit: 'P', pit_exit: 'I' }
};

/** The descriptor of a rule system: one exhaustive switch. */
export function descriptorOf(id: RuleSystemId): RuleSystemDescriptor {
	switch (id) {
		case 'classic':
			return CLASSIC;
		case 'topographic':
			return TOPOGRAPHIC;
		case 'abandoned':
			return ABANDONED;
		case 'duel':
			return DUEL;
		default: {
			const never: never = id;
			return never;
		}
	}
}

export const DESCRIPTORS: readonly RuleSystemDescriptor[] = [CLASSIC, TOPOGRAPHIC, ABANDONED, DUEL];

/** The cell kinds of a system's plans, in the palette's order. */
export function kindsOf(id: RuleSystemId): CellKind[] {
	return Object.keys(descriptorOf(id).letters) as CellKind[];
}

/** What the paint tool lays down for a system: its kinds less the river (rivers are drawn by their own tool: they need a flow). */
export function paintsOf(id: RuleSystemId): Exclude<CellKind, 'river'>[] {
	return kindsOf(id).filter((k): k is Exclude<CellKind, 'river'> => k !== 'river');
}

/** The letters a system's text pictures may use (a letter of another system is refused). */
export function lettersOf(id: RuleSystemId): string {
	return Object.values(descriptorOf(id).letters).join('');
}

/** Every kind's letter, from every system (a kind has one letter wherever it is used). */
export function kindLetters(): Partial<Record<CellKind, string>> {
	return Object.assign({}, ...DESCRIPTORS.map((d) => d.letters)) as Partial<Record<CellKind, string>>;
}
