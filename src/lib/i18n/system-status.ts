/**
 * A player's line as the rule system's face tells it (`SystemFace.status`): topographic's
 * cartridges and treasure, the abandoned survivor's health, item held and turns to lose.
 * The player's own status panel and the master's list of seats say the same words; the
 * classic standing is `statusPhrase`'s (null here).
 */
import { m } from '../paraglide/messages.js';
import type { AbandonedItem, CarryKind, Health } from '../engine/game/types';
import type { SystemFace } from '../systems/index';
import { abandonedItemPhrase, type Locale } from './events';

export interface SeatFacts {
	bullets: number;
	carry: CarryKind | null;
	health: Health;
	/** The item held and the turns still to lose (the abandoned labyrinth; absent elsewhere). */
	item?: AbandonedItem | null;
	loseTurns?: number;
}

export function systemStatusLine(face: SystemFace, facts: SeatFacts, locale: Locale): string | null {
	const treasure = facts.carry === 'treasure' ? [m.systems_carrying_treasure()] : [];
	switch (face.status) {
		case 'standing':
			return null;
		case 'cartridges':
			return [m.systems_cartridges({ n: facts.bullets }), ...treasure].join(', ');
		case 'survivor': {
			const lose = facts.loseTurns ?? 0;
			return [
				facts.health === 'healthy' ? m.systems_healthy() : m.systems_injured(),
				facts.item ? m.systems_holding({ item: abandonedItemPhrase(facts.item, locale) }) : m.systems_no_item(),
				...treasure,
				...(lose > 0 ? [m.systems_lose_turns({ n: lose })] : [])
			].join(', ');
		}
	}
}
