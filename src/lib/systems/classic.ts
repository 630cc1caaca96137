/** The classic game's face (seed 000). */
import { paintsOf } from '../engine/rules/common/kinds';
import { CLASSIC } from '../engine/rules/classic/kinds';
import type { SystemFace } from './types';

export const classicFace: SystemFace = {
	id: 'classic',
	tools: ['paint', 'walls', 'river', 'loop', 'treasure', 'item', 'shape', 'eraser', 'inspect'],
	// The engine's kinds less the river, from the system's kinds (rules/classic/kinds.ts: one place per kind).
	get paints() {
		return paintsOf(CLASSIC);
	},
	closedExits: true,
	riverEnd: 'delta',
	treasures: 'true_and_fake',
	numberedPits: false,
	creatures: false,
	kindSigns: {},
	generator: 'sized',
	screen: 'table',
	plans: 1,
	composer: (settings) => ({
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
	}),
	foundHere: true,
	shootOnTheWay: false,
	ammo: 'bullets',
	status: 'standing',
	reorders: true,
	masterClock: true,
	signs: { creatures: false, portals: false },
	steered: true
};
