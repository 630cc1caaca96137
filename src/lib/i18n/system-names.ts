/** Each rule system's name and one-paragraph summary, one entry a system (the setup's cards, the games list and the editor name them the same way). */
import { m } from '$lib/paraglide/messages.js';
import type { RuleSystemId } from '$lib/engine/plan/types';

const NAMES: Record<RuleSystemId, () => string> = { classic: m.rules_name_classic, duel: m.rules_name_duel, topographic: m.rules_name_topographic, abandoned: m.rules_name_abandoned };
const SUMMARIES: Record<RuleSystemId, () => string> = { classic: m.rules_summary_classic, duel: m.rules_summary_duel, topographic: m.rules_summary_topographic, abandoned: m.rules_summary_abandoned };

export const systemName = (rules: RuleSystemId): string => NAMES[rules]();
export const systemSummary = (rules: RuleSystemId): string => SUMMARIES[rules]();
