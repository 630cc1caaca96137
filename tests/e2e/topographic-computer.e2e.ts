// Issue 36: a topographic game with a computer, on one device. From the home screen a person sets
// up a pass-and-play game of the topographic labyrinth with a computer explorer beside her (the
// setup offers the levels that map: wanderer and explorer); the computer moves by itself when its
// turn comes, the person takes the device only for her own turns, and a reload in the middle
// continues the same game.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay } from '../../src/lib/engine/game/game';
import { generateTopographic } from '../../src/lib/engine/rules/topographic/generate';
import { launch, newContext, screenshot } from './support/browser';
import { importPlan, storedRecord } from './support/library';
import { journeyOrigins } from './support/origins';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const plan = { ...generateTopographic('e2e-computer'), name: 'Topographic with a computer' };

describe.each(journeyOrigins())('a topographic computer at $name', (origin) => {
	test('one person and a computer explorer in pass-and-play: it moves by itself, a reload midway continues the game', { timeout: 240_000 }, async () => {
		const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, plan, 'topographic-computer.json');
			await page.goto('/');
			await page.locator('main[data-screen="home"]').waitFor();
			await page.locator('[data-rules="topographic"]').getByRole('link', { name: 'On one device' }).click();
			await page.waitForURL(/\/pass/);
			await page.getByTestId('setup').waitFor();
			await page.getByTestId('name-0').fill('Ada');
			// The levels offered here: a person, the wanderer and the explorer (no hunter).
			const offered = await page.getByTestId('seat-kind-1').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
			expect(offered.filter((v) => v !== 'person' && v !== '')).toEqual(['wanderer', 'explorer']);
			await page.getByTestId('seat-kind-1').selectOption('explorer');
			const note = page.locator('[data-testid="setup"] .note', { hasText: 'explorer (maps the labyrinth from its own answers' }).first();
			await note.waitFor();
			await note.scrollIntoViewIfNeeded();
			await screenshot(page, `topographic-computer-setup-${origin.name}`);
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);

			let turns = 0;
			let reloaded = false;
			const curtainOrEnd = page.locator('[data-testid="take-device"], [data-testid="reveal"], [data-testid="computer-thinking"]');
			while (turns < 6) {
				await curtainOrEnd.first().waitFor({ timeout: 30_000 });
				if (await page.getByTestId('reveal').isVisible()) break;
				if (!(await page.getByTestId('take-device').isVisible())) {
					// The computer is moving: wait for the curtain to change (what a person would see).
					await expect.poll(async () => (await page.getByTestId('take-device').isVisible()) || (await page.getByTestId('reveal').isVisible()), { timeout: 30_000 }).toBe(true);
					continue;
				}
				expect(await page.getByTestId('take-device').textContent()).toContain('Ada');
				await page.getByTestId('take-device').click();
				turns++;
				await page.getByTestId('composer').waitFor();
				// Ada goes up (the program placed her; a wall, a step or a spinner's turn: any answer will do).
				await page.getByTestId('composer').locator('[data-dir="up"]').click();
				await page.getByTestId('answer').waitFor();
				if (turns === 1) await screenshot(page, `topographic-computer-answer-${origin.name}`);
				await page.getByTestId('pass-on').click();
				if (!reloaded && turns === 3) {
					reloaded = true;
					await page.reload();
					await page.locator('[data-testid="curtain"], [data-testid="reveal"]').first().waitFor();
				}
			}
			const { game } = await storedRecord(page);
			const computerMoves = game.log.filter((c) => c.type === 'move' && c.by === 1).length;
			const hers = game.log.filter((c) => c.type === 'move' && c.by === 0).length;
			// The computer moved by itself at each of its turns, after the reload too.
			expect(hers).toBeGreaterThanOrEqual(turns);
			expect(computerMoves).toBeGreaterThanOrEqual(Math.min(hers, 5));
			expect(replay(game).state.rules).toBe('topographic');
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});
