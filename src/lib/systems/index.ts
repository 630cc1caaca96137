/**
 * Each rule system's face outside the engine (types.ts says what a face holds), chosen by
 * one exhaustive switch: the editor, the composer, the status and the master's console read
 * a face rather than asking which system a plan or a game is. Engine-free but for the
 * systems' kinds (engine/rules/<id>/kinds.ts, plain data).
 */
import type { CellKind, RuleSystemId } from '../engine/plan/types';
import { abandonedFace } from './abandoned';
import { classicFace } from './classic';
import { duelFace } from './duel';
import { topographicFace } from './topographic';
import type { ComposerControls, SystemFace } from './types';

export type { ComposerControls, StatusKind, SystemFace } from './types';

/** The order the screens list the systems in: the classic game first, the duel (its own screen) last. */
export const PLAY_SYSTEMS = ['classic', 'topographic', 'abandoned', 'duel'] as const satisfies readonly RuleSystemId[];

/** Systems a table game (one device, or the master's console) plays; the duel has its own screen. */
export const TABLE_SYSTEMS = ['classic', 'topographic', 'abandoned'] as const satisfies readonly RuleSystemId[];
export type TableSystem = (typeof TABLE_SYSTEMS)[number];

export const isTableSystem = (x: unknown): x is TableSystem => (TABLE_SYSTEMS as readonly unknown[]).includes(x);

export function systemFace(rules: RuleSystemId): SystemFace {
	switch (rules) {
		case 'classic':
			return classicFace;
		case 'topographic':
			return topographicFace;
		case 'abandoned':
			return abandonedFace;
		case 'duel':
			return duelFace;
		default: {
			// A plan or a view from elsewhere names a system this build does not know: the classic face.
			const never: never = rules;
			void never;
			return classicFace;
		}
	}
}

/**
 * The kinds of square a system's labyrinths have (the engine's `cellKinds`, in any order): what it
 * paints, and the river where it has the river's tool. The phone's sheet reads this, not the
 * engine, so the rules stay off its download.
 */
export function cellKindsOf(rules: RuleSystemId): CellKind[] {
	const face = systemFace(rules);
	return face.tools.includes('river') ? [...face.paints, 'river'] : [...face.paints];
}

/** Which parts of the composer a system offers under the game's settings. */
export function composerControls(rules: RuleSystemId, settings: Parameters<SystemFace['composer']>[0]): ComposerControls {
	return systemFace(rules).composer(settings);
}

/** A cell kind's sign on the board, whichever system's it is (a plan may hold another system's kind: the validator says so, the board still shows it). */
export function kindSign(kind: string): string | undefined {
	for (const rules of PLAY_SYSTEMS) {
		const sign = (systemFace(rules).kindSigns as Partial<Record<string, string>>)[kind];
		if (sign) return sign;
	}
	return undefined;
}

/** Whether another shot may be written now (before the movement, or after it). */
export function shotAllowed(controls: ComposerControls, actions: readonly { a: string }[]): boolean {
	if (!controls.shoot) return false;
	const at = actions.findIndex((a) => a.a === 'go' || a.a === 'flow' || a.a === 'loop' || a.a === 'skip');
	const side = at < 0 ? actions : actions.slice(at + 1);
	return side.filter((a) => a.a === 'shoot').length < controls.shotsEachSide;
}
