/** The abandoned labyrinth's face (seed 002). */
import { paintsOf } from '../engine/rules/common/kinds';
import { ABANDONED } from '../engine/rules/abandoned/kinds';
import type { SystemFace } from './types';

export const abandonedFace: SystemFace = {
	id: 'abandoned',
	tools: ['paint', 'walls', 'river', 'portal', 'treasure', 'eraser', 'inspect'],
	// The engine's kinds less the river, from the system's kinds (rules/abandoned/kinds.ts: one place per kind).
	get paints() {
		return paintsOf(ABANDONED);
	},
	closedExits: false,
	riverEnd: 'wall',
	treasures: 'piles',
	numberedPits: false,
	creatures: false,
	kindSigns: { shop: '$', marsh: '≈', portal: '◎' },
	generator: 'fixed',
	screen: 'table',
	plans: 1,
	// Seed 002, 3: one movement; use the held item, attack, take a pile lying where he stands.
	composer: () => ({ skip: false, flowLoop: false, shoot: false, shotsEachSide: 0, grenade: false, items: false, take: true, conditions: false, options: false, held: true, attack: true }),
	// A pile he heard of where he stands (`foundHere` reads the tile answers and piles of 002).
	foundHere: true,
	shootOnTheWay: false,
	ammo: 'bullets',
	status: 'survivor',
	reorders: false,
	masterClock: false,
	signs: { creatures: false, portals: true },
	steered: true
};
