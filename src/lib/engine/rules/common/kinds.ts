/**
 * A rule system's kinds of square, as its folder's kinds.ts lists them (`<id>/kinds.ts`): plain
 * data with no imports but types, so a system's face (src/lib/systems) reads them without the
 * rules, and the phone's download stays free of the engine.
 */
import type { CellKind, RuleSystemId } from '../../plan/types';

export interface SystemKinds {
	readonly id: RuleSystemId;
	/** Its cell kinds and their letters in the text picture, in the palette's order. */
	readonly letters: Readonly<Partial<Record<CellKind, string>>>;
}

/** The cell kinds of a system's plans, in the palette's order. */
export function kindsOf(system: SystemKinds): CellKind[] {
	return Object.keys(system.letters) as CellKind[];
}

/** What the paint tool lays down for a system: its kinds less the river (rivers are drawn by their own tool: they need a flow). */
export function paintsOf(system: SystemKinds): Exclude<CellKind, 'river'>[] {
	return kindsOf(system).filter((k): k is Exclude<CellKind, 'river'> => k !== 'river');
}

/** The letters a system's text pictures may use (a letter of another system is refused). */
export function lettersOf(system: SystemKinds): string {
	return Object.values(system.letters).join('');
}
