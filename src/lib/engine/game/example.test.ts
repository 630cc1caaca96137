import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from './testing';
import { renderAnswer } from '../../i18n/events';
import type { Command, GameEvent } from './types';

/**
 * Seed 000, section A "A game example", replayed on this plan (x → right, y ↓):
 *   y0:  L   W   P1  P2        P1 (2,0) → P2 (3,0) is the pit loop
 *   y1:  R>  D   L   L*        R flows right into the delta; * the true treasure
 *   y2:  L   L   L   H         a wall between (0,2) and the river above it
 *   y3:  L   L   L   L
 * Player 1 (seat 0) starts at (2,2), player 2 (seat 1) at (0,2). Landmines off
 * (the example is a beginners' game). The seed's line "2: How many bullets and
 * grenades do I have? — Two bullets, three grenades." only fits player 1 (who
 * shot once and threw no grenade; player 2 lost his bullets when wounded and had
 * thrown a grenade), so it is replayed as player 1's question (docs/rules.md).
 */
const plan = buildPlan(['LWPP', '>DLL', 'LLLH', 'LLLL'], {
	walls: [[0, 2, 'up']],
	exits: [
		[0, 0, 'up', true],
		[0, 3, 'left', true]
	],
	loops: [
		[
			[2, 0],
			[3, 0]
		]
	],
	items: [[3, 1, 'treasure', true]]
});

function seedWithOrder(first: number): number {
	for (let s = 1; s < 100; s++) if (new Script(plan, 2, {}, s).state.order[0] === first) return s;
	throw new Error('no seed');
}

const lines = (events: GameEvent[]) =>
	renderAnswer(
		events.filter((e) => e.type !== 'turn' && e.audience.to !== 'master'),
		'en'
	);

describe('A: the game example', () => {
	test('A: every answer of the master comes out as written', () => {
		const g = new Script(plan, 2, { landmines: false }, seedWithOrder(0)).start([2, 2], [0, 2]);
		const exchanges: [Command[], string[]][] = [
			[[{ type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }] }], ['Went onto land.']],
			[
				[{ type: 'move', by: 1, actions: [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'up' }] }],
				['Went into a river, moved by the flow to a delta.']
			],
			[
				[{ type: 'move', by: 0, actions: [{ a: 'shoot', dir: 'left' }, { a: 'go', dir: 'up' }] }],
				[
					'A scream is heard! Fell into a pit, was transported to the next one in the loop.',
					// Player 2's turn begins right after player 1's move.
					'Player 2 is wounded and can ask for a new cell.'
				]
			],
			[[{ type: 'status', by: 0 }], ['Two bullets, three grenades.']],
			[
				[
					{ type: 'order_cell', by: 1, cell: g.cell(3, 3) },
					{ type: 'move', by: 1, actions: [{ a: 'go', dir: 'up' }] }
				],
				['Player 2 has ordered a new cell.', 'Went into a hospital, was healed.']
			],
			[[{ type: 'move', by: 0, actions: [{ a: 'go', dir: 'right' }] }], ['Hit a wall.']],
			[
				[{ type: 'move', by: 1, actions: [{ a: 'go', dir: 'up' }, { a: 'grenade', dir: 'up' }] }],
				['Went onto land, found a treasure.']
			],
			[
				[{ type: 'move', by: 0, actions: [{ a: 'grenade', dir: 'right' }, { a: 'go', dir: 'right' }] }],
				['Hit a wall.']
			]
		];
		for (const [cmds, expected] of exchanges) {
			const got: string[] = [];
			for (const c of cmds) got.push(...lines(g.do(c)));
			expect(got).toEqual(expected);
		}
		expect(g.p(1).carry?.k).toBe('treasure');
	});

	test('A: the same answers in Russian and Ukrainian are the seed-style phrases', () => {
		const g = new Script(plan, 2, { landmines: false }, seedWithOrder(0)).start([2, 2], [0, 2]);
		const ev = g.do({ type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }] });
		expect(renderAnswer(ev.filter((e) => e.type !== 'turn'), 'ru')).toEqual(['Выходит на сушу.']);
		expect(renderAnswer(ev.filter((e) => e.type !== 'turn'), 'uk')).toEqual(['Виходить на суходіл.']);
	});
});

describe('6.5: the seed\'s conditional move example', () => {
	test('6.5: "Go right; if I find a treasure, shoot up; if I find a bullet, shoot right; if I fall into a pit, leave a grenade"', () => {
		// y0: L P . P   the pit at (1,0) leads to (3,0) holding a treasure and two bullets
		const plan6 = buildPlan(['LPLP'], {
			loops: [
				[
					[1, 0],
					[3, 0]
				]
			],
			walls: [[2, 0, 'right']],
			items: [
				[3, 0, 'treasure', true],
				[3, 0, 'bullet', 2]
			]
		});
		const g = new Script(plan6, 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).do({ type: 'correct', by: 'master', reason: 'out of grenades long since', change: { kind: 'ammo', seat: 0, bullets: 3, grenades: 0 } });
		const ev = g.move(0, [
			{ a: 'go', dir: 'right' },
			{ a: 'if', cond: 'found_treasure', then: [{ a: 'shoot', dir: 'up' }] },
			{ a: 'if', cond: 'found_bullet', then: [{ a: 'shoot', dir: 'right' }] },
			{ a: 'if', cond: 'pit', then: [{ a: 'leave', item: 'grenade' }] }
		]);
		expect(renderAnswer(ev.filter((e) => e.type !== 'turn' && e.audience.to !== 'master'), 'en')).toEqual([
			'Fell into a pit, was transported to the next one in the loop, found a treasure and two bullets, no scream is heard, no scream is heard, no luck: you are out of grenades.'
		]);
	});
});
