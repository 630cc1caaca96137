/** The duel's face (seeds 001/004): two players, each drew the other's labyrinth. */
import { paintsOf } from '../engine/rules/common/kinds';
import { DUEL } from '../engine/rules/duel/kinds';
import type { SystemFace } from './types';

export const duelFace: SystemFace = {
	id: 'duel',
	tools: ['paint', 'walls', 'treasure', 'eraser', 'inspect'],
	// The engine's kinds less the river, from the system's kinds (rules/duel/kinds.ts: one place per kind).
	get paints() {
		return paintsOf(DUEL);
	},
	closedExits: false,
	riverEnd: 'delta',
	treasures: 'true_and_fake',
	numberedPits: true,
	creatures: false,
	kindSigns: { crossbow: '➶', crutch: '⟂', trap: '⊠', pit_exit: '⇱' },
	generator: 'fixed',
	screen: 'duel',
	plans: 2,
	// Seeds 001/004: a step, a grenade (the whole turn), taking the treasure.
	composer: () => ({ skip: false, flowLoop: false, shoot: false, shotsEachSide: 0, grenade: true, items: false, take: true, conditions: false, options: false, held: false, attack: false }),
	foundHere: false,
	shootOnTheWay: false,
	ammo: 'bullets',
	status: 'standing',
	reorders: false,
	masterClock: false,
	signs: { creatures: false, portals: false },
	steered: true
};
