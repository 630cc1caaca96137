/**
 * Issue 7's acceptance game: a small hand-made plan and a scripted game on it that uses a wall
 * hit, a river carry, a pit, a shot that wounds with a new cell ordered (seed 000, 5.5), a
 * grenade, a fake treasure carried out and the return (rulings 2), and ends with the true
 * treasure carried out. The turn order is drawn from the game's seed, so the script speaks of
 * roles: `first` moves first (and chooses its start first), `second` after it; a test maps the
 * roles to seats by who is asked first. tests/unit/acceptance-game.test.ts proves it with the
 * engine; the e2e tests play it through the screens. No vitest or browser imports.
 *
 *        x=0      1        2        3
 *  y=0   land  |  land  |  land     land+fake  → open exit
 *  y=1   pit      weap.    river→   delta
 *  y=2   land     hosp.    pit      land+TRUE  → open exit
 *
 * A wall between (1,0) and (2,0) (the grenade's); the pits (0,1) and (2,2) form one loop; the
 * river (2,1) flows right into the delta (3,1).
 */
import { buildPlan } from '../../../src/lib/engine/game/testing';
import type { Action, Command, EventType, Seat } from '../../../src/lib/engine/game/types';
import type { Plan } from '../../../src/lib/engine/plan/types';

export type Role = 'first' | 'second';

export const ACCEPTANCE_PLAN: Plan = {
	...buildPlan(['LLLL', 'PW>D', 'LHPL'], {
		walls: [[1, 0, 'right']],
		exits: [
			[3, 0, 'right', true],
			[3, 2, 'right', true],
			[0, 2, 'down', false]
		],
		loops: [
			[
				[0, 1],
				[2, 2]
			]
		],
		items: [
			[3, 0, 'treasure', false],
			[3, 2, 'treasure', true]
		]
	}),
	name: 'Acceptance'
};

/** Where each role starts (6.1), as [x, y]. */
export const STARTS: Record<Role, [number, number]> = { first: [0, 0], second: [0, 2] };

export interface Turn {
	role: Role;
	/** 5.5: the new cell the wounded player orders before moving, as [x, y]. */
	order?: [number, number];
	actions: Action[];
	/** Event types this turn must produce (in this order, others may come between), for the player's own move. */
	expect: EventType[];
	/** What the turn shows of the rules, for the test's messages. */
	note: string;
}

/** The game, turn by turn in the drawn order: first, second, first, second, … */
export const SCRIPT: Turn[] = [
	{ role: 'first', actions: [{ a: 'shoot', dir: 'down' }, { a: 'go', dir: 'right' }], expect: ['scream', 'land'], note: 'a shot down the column wounds the second player; a step right' },
	{ role: 'second', order: [1, 2], actions: [{ a: 'go', dir: 'right' }], expect: ['pit'], note: 'wounded: a new cell ordered (the hospital, which heals him as his move begins: 4.2), then a step right into the pit' },
	{ role: 'first', actions: [{ a: 'grenade', dir: 'right' }, { a: 'go', dir: 'right' }], expect: ['grenade', 'land'], note: 'a grenade blows the wall and the player walks through' },
	{ role: 'second', actions: [{ a: 'go', dir: 'left' }], expect: ['wall'], note: 'a wall hit (the outer wall)' },
	{ role: 'first', actions: [{ a: 'go', dir: 'down' }], expect: ['river'], note: 'the river carries the player into the delta' },
	{ role: 'second', actions: [{ a: 'loop' }], expect: ['pit_loop'], note: 'by the loop, back to the other pit' },
	{ role: 'first', actions: [{ a: 'go', dir: 'up' }], expect: ['land', 'found'], note: 'a treasure found and picked up (the fake)' },
	{ role: 'second', actions: [{ a: 'go', dir: 'left' }], expect: ['hospital'], note: 'the hospital again: nothing left to heal' },
	{ role: 'first', actions: [{ a: 'go', dir: 'right' }], expect: ['exit_out'], note: 'out through the exit with the fake: it crumbles' },
	{ role: 'second', actions: [{ a: 'skip' }], expect: ['skip'], note: 'skip' },
	{ role: 'first', actions: [{ a: 'go', dir: 'left' }], expect: ['land'], note: 'back in through the same exit (rulings 2)' },
	{ role: 'second', actions: [{ a: 'skip' }], expect: ['skip'], note: 'skip' },
	{ role: 'first', actions: [{ a: 'go', dir: 'down' }], expect: ['delta'], note: 'down into the delta' },
	{ role: 'second', actions: [{ a: 'skip' }], expect: ['skip'], note: 'skip' },
	{ role: 'first', actions: [{ a: 'go', dir: 'down' }], expect: ['land', 'found'], note: 'the true treasure found and picked up' },
	{ role: 'second', actions: [{ a: 'skip' }], expect: ['skip'], note: 'skip' },
	{ role: 'first', actions: [{ a: 'go', dir: 'right' }], expect: ['won'], note: 'out with the true treasure: the win' }
];

/** The cell index of [x, y] on the acceptance plan. */
export function cellOf([x, y]: [number, number]): number {
	return y * ACCEPTANCE_PLAN.width + x;
}

/** The seat of each role, from the drawn turn order (the first asked to choose a start moves first). */
export function seatsOf(order: readonly Seat[]): Record<Role, Seat> {
	return { first: order[0]!, second: order[1]! };
}

/** The whole game as commands for the seats of `order`: the starts, their confirmation, then every turn. */
export function scriptCommands(order: readonly Seat[]): { turn: Turn | null; command: Command }[] {
	const seat = seatsOf(order);
	const out: { turn: Turn | null; command: Command }[] = [];
	for (const role of ['first', 'second'] as const) out.push({ turn: null, command: { type: 'choose_start', by: seat[role], cell: cellOf(STARTS[role]) } });
	out.push({ turn: null, command: { type: 'confirm_starts', by: 'master' } });
	for (const turn of SCRIPT) {
		if (turn.order) out.push({ turn, command: { type: 'order_cell', by: seat[turn.role], cell: cellOf(turn.order) } });
		out.push({ turn, command: { type: 'move', by: seat[turn.role], actions: turn.actions } });
	}
	return out;
}
