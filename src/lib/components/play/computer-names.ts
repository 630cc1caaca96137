/** The computer players' levels in the reader's language. */
import type { BotLevel } from '$lib/bots/bot';
import { m } from '$lib/paraglide/messages.js';

const NAMES: Record<BotLevel, () => string> = { wanderer: m.bot_level_wanderer, explorer: m.bot_level_explorer, hunter: m.bot_level_hunter };

export const botLevelName = (level: BotLevel): string => NAMES[level]();
