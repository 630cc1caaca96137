import { describe, expect, test } from 'vitest';
import { Script, buildPlan } from '../engine/game/testing';
import type { Command } from '../engine/game/types';
import { visibleTo } from '../engine/game/view';
import { Assistant } from '../sheet/assistant';
import { LOCALES } from './events';
import { reasonText } from './sheet';

/** Seat 0 starts on b2 of a 3x3 plan with a wall above it (2.2), then steps down onto land. */
function scripted() {
	const plan = buildPlan(['LHL', 'LWL', 'LLL'], { walls: [[1, 1, 'up']], exits: [[0, 0, 'up', true], [2, 2, 'down', true]], items: [[2, 0, 'treasure', true]] });
	const g = new Script(plan, 1, {}, 1);
	const view = g.view(0);
	const contour = { width: view.width, height: view.height, shape: view.shape };
	const assistant = new Assistant(contour, 0, { encephalitis: true, rivers: 'normal' });
	const own = (command: Command) => assistant.observeOwn(command, g.do(command).filter((e) => visibleTo(e, 0)));
	own({ type: 'choose_start', by: 0, cell: 4 });
	g.do({ type: 'confirm_starts', by: 'master' });
	own({ type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }] });
	own({ type: 'move', by: 0, actions: [{ a: 'go', dir: 'down' }] });
	own({ type: 'move', by: 0, actions: [{ a: 'go', dir: 'down' }] });
	return { assistant, contour };
}

describe('the assistant\'s reasoning in words', () => {
	test('2.2: a wall hit moving up from b2 is "a wall between b2 and b1"; moving on names the cells and the kind', () => {
		const { assistant, contour } = scripted();
		const facts = assistant.certainFacts();
		const wall = facts.find((f) => f.kind === 'side' && f.value === 'wall' && f.cell === 1)!;
		expect(reasonText(wall, contour, 'en')).toBe('Move 1: you went up from b2 and hit a wall → a wall between b2 and b1.');
		expect(reasonText(wall, contour, 'ru')).toBe('Ход 1: вы пошли вверх с b2 и упёрлись в стену → стена между b2 и b1.');
		expect(reasonText(wall, contour, 'uk')).toBe('Хід 1: ви пішли вгору з b2 і вперлися в стіну → стіна між b2 і b1.');
		const land = facts.find((f) => f.kind === 'cell' && f.cell === 7)!;
		expect(reasonText(land, contour, 'en')).toBe('Move 2: you went down from b2 and were told “land” → b3 is land.');
		const open = facts.find((f) => f.kind === 'side' && f.value === 'open' && f.cell === 4)!;
		expect(reasonText(open, contour, 'en')).toBe('Move 2: you went down from b2 to b3 → no wall between them.');
		// The bottom edge: the outline is closed below b3 (no exit there).
		const edge = facts.find((f) => f.kind === 'side' && f.value === 'wall' && f.cell === 7 && f.dir === 'down')!;
		expect(reasonText(edge, contour, 'en')).toBe('Move 3: you went down from b3 and hit a wall → the edge of the labyrinth is closed there.');
	});

	test('every fact of a game reads as a sentence in each language, with no code left in it', () => {
		const { assistant, contour } = scripted();
		for (const locale of LOCALES)
			for (const fact of assistant.certainFacts()) {
				const text = reasonText(fact, contour, locale);
				expect(text).toMatch(/→/);
				expect(text).not.toMatch(/landlike|water\b|undefined|NaN|[{}]/);
				// In Russian and Ukrainian only the cells' paper names are in Latin letters.
				if (locale !== 'en') expect(text).not.toMatch(/[a-z]{2,}/);
			}
	});
});
