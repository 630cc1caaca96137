/** The topographic labyrinth's face (seed 003). */
import { paintsOf } from '../engine/rules/common/kinds';
import { TOPOGRAPHIC } from '../engine/rules/topographic/kinds';
import type { SystemFace } from './types';

export const topographicFace: SystemFace = {
	id: 'topographic',
	tools: ['paint', 'walls', 'river', 'loop', 'creature', 'treasure', 'eraser', 'inspect'],
	// The engine's kinds less the river, from the system's kinds (rules/topographic/kinds.ts: one place per kind).
	get paints() {
		return paintsOf(TOPOGRAPHIC);
	},
	closedExits: false,
	riverEnd: 'swamp',
	treasures: 'one_true',
	numberedPits: false,
	creatures: true,
	kindSigns: { spinner: '↻', swamp: '≋', crocodile: 'Cr', arsenal: '⚔', morgue: '✝' },
	generator: 'fixed',
	screen: 'table',
	plans: 1,
	// Seed 003, 3: a direction, and a shot before and/or after the move; nothing else.
	composer: () => ({ skip: false, flowLoop: false, shoot: true, shotsEachSide: 1, grenade: false, items: false, take: false, conditions: false, options: false, held: false, attack: false }),
	foundHere: false,
	shootOnTheWay: true,
	ammo: 'cartridges',
	status: 'cartridges',
	reorders: false,
	masterClock: false,
	signs: { creatures: true, portals: false },
	// Spinners turn a told step (seed 003, 1.2): the sheet cannot follow the others by it.
	steered: false
};
