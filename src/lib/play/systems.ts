/**
 * What the play screens offer for each rule system: the systems in the order the home and
 * host screens list them, and which parts of the move composer a system accepts (its `runMove`
 * refuses the rest). Pure: the screens read it, the tests hold it against the engine. No value
 * of the engine's is imported here: the phone's composer reads it, and the rules stay off the
 * phone's download (the players a game seats are in seats.ts).
 */
import type { GameSettings } from '../engine/game/settings';
import type { RuleSystemId } from '../engine/plan/types';

export { PLAY_SYSTEMS, TABLE_SYSTEMS, isTableSystem, type TableSystem } from './system-ids';

/** Which parts of the composer a system offers. */
export interface ComposerControls {
	/** "Stay" (a movement of its own, classic 2.2). */
	skip: boolean;
	/** Moving by the river's flow and along a pit loop (classic 4.4, 4.5). */
	flowLoop: boolean;
	/** Shooting a direction with the bullets (cartridges in topographic) of `me.bullets`. */
	shoot: boolean;
	/** At most this many shots before and after the movement each (topographic: one each; Infinity: no limit). */
	shotsEachSide: number;
	grenade: boolean;
	/** Leaving and throwing items, laying landmines (classic 5.2, 5.7). */
	items: boolean;
	/** Taking a treasure from the own cell (classic 3.3, the duel). */
	take: boolean;
	/** Conditional parts (6.5), when the setting is on. */
	conditions: boolean;
	/** Dark and semi-dark moves, "do not pick up" (6.7, 6.8, 5.1). */
	options: boolean;
	/** Using the held item: the rusty bullet towards a direction, the first aid kit, junk (abandoned 3.1). */
	held: boolean;
	/** Attacking an adventurer on the same tile (abandoned 3.2, 5). */
	attack: boolean;
}

export function composerControls(rules: RuleSystemId, settings: Pick<GameSettings, 'banSkip' | 'conditionalMoves'>): ComposerControls {
	switch (rules) {
		case 'topographic':
			// Seed 003, 3: a direction, and a shot before and/or after the move; nothing else.
			return { skip: false, flowLoop: false, shoot: true, shotsEachSide: 1, grenade: false, items: false, take: false, conditions: false, options: false, held: false, attack: false };
		case 'abandoned':
			// Seed 002, 3: one movement; use the held item and attack.
			return { skip: false, flowLoop: false, shoot: false, shotsEachSide: 0, grenade: false, items: false, take: false, conditions: false, options: false, held: true, attack: true };
		case 'duel':
			// Seeds 001/004: a step, a grenade (the whole turn), taking the treasure.
			return { skip: false, flowLoop: false, shoot: false, shotsEachSide: 0, grenade: true, items: false, take: true, conditions: false, options: false, held: false, attack: false };
		case 'classic':
			return {
				skip: !settings.banSkip,
				flowLoop: true,
				shoot: true,
				shotsEachSide: Infinity,
				grenade: true,
				items: true,
				take: true,
				conditions: settings.conditionalMoves,
				options: true,
				held: false,
				attack: false
			};
	}
}

/** Whether another shot may be written now (before the movement, or after it). */
export function shotAllowed(controls: ComposerControls, actions: readonly { a: string }[]): boolean {
	if (!controls.shoot) return false;
	const at = actions.findIndex((a) => a.a === 'go' || a.a === 'flow' || a.a === 'loop' || a.a === 'skip');
	const side = at < 0 ? actions : actions.slice(at + 1);
	return side.filter((a) => a.a === 'shoot').length < controls.shotsEachSide;
}
