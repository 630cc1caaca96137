/**
 * The rule systems as the screens list them. Kept apart from `systems.ts` (which reads the
 * engine) so the home screen names the systems without loading the rules.
 */
import type { RuleSystemId } from '../engine/plan/types';

/** The order the screens list the systems in: the classic game first, the duel (its own screen) last. */
export const PLAY_SYSTEMS = ['classic', 'topographic', 'abandoned', 'duel'] as const satisfies readonly RuleSystemId[];

/** Systems a table game (one device, or the master's console) plays; the duel has its own screen. */
export const TABLE_SYSTEMS = ['classic', 'topographic', 'abandoned'] as const satisfies readonly RuleSystemId[];
export type TableSystem = (typeof TABLE_SYSTEMS)[number];

export const isTableSystem = (x: unknown): x is TableSystem => (TABLE_SYSTEMS as readonly unknown[]).includes(x);

