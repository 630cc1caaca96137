// Issue 36: a topographic game with a computer, on one device. From the home screen a person sets
// up a pass-and-play game of the topographic labyrinth with a computer explorer beside her (the
// setup offers the levels that map: wanderer and explorer); the computer moves by itself when its
// turn comes, the person keeps the device (her answers in her feed), and a reload in the middle
// continues the same game.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay } from '../../src/lib/engine/game/game';
import { generateTopographic } from '../../src/lib/engine/rules/topographic/generate';
import { launch, newContext, screenshot } from './support/browser';
import { importPlan, storedRecord } from './support/library';
import { journeyOrigins } from './support/origins';
import { linesAfterNewest } from './support/player-screen';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const plan = { ...generateTopographic('e2e-computer'), name: 'Topographic with a computer' };

/**
 * A topographic labyrinth to play to the end in a few turns (seed 003): nothing that kills,
 * carries or turns (no spinner, river, swamp, pit, crocodile, bear nor ghost, no inner wall), the
 * treasure in the north-west corner and the only exit above it. Going north until a wall, then
 * west until a wall, and again, a person reaches the corner from any cell the program places her
 * on, takes the treasure there and leaves north; the computer explorer may find it first.
 */
const cornerPlan = (() => {
	const open = generateTopographic('e2e-to-the-end', 'Topographic to the end', { spinners: 0, rivers: 0, swamps: 0, pits: 0, crocodiles: 0, walls: 0, bear: false, ghostPath: 0, exits: 1 });
	return { ...open, items: open.items.map((item) => ({ ...item, cell: 0 })), exits: [{ cell: 0, dir: 'up' as const, open: true }] };
})();

/** From the home screen to a topographic pass-and-play setup, the first seat named Ada, as a person taps it. */
async function openPassSetupAsAda(page: Page): Promise<void> {
	await page.goto('/');
	await page.locator('main[data-screen="home"]').waitFor();
	await page.locator('[data-rules="topographic"]').getByRole('link', { name: 'On one device' }).click();
	await page.waitForURL(/\/pass/);
	await page.getByTestId('setup').waitFor();
	await page.getByTestId('name-0').fill('Ada');
}

describe.each(journeyOrigins())('a topographic computer at $name', (origin) => {
	test('one person and a computer explorer in pass-and-play: it moves by itself, a reload midway continues the game', { timeout: 240_000 }, async () => {
		const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, plan, 'topographic-computer.json');
			await openPassSetupAsAda(page);
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

			// One person and a computer: she keeps the device, one tap a turn (issue 33).
			let turns = 0;
			let reloaded = false;
			const herTurnOrEnd = page.locator('[data-testid="player"][data-my-turn="true"] [data-testid="composer"], [data-testid="reveal"]');
			while (turns < 6) {
				await herTurnOrEnd.first().waitFor({ timeout: 30_000 });
				if (await page.getByTestId('reveal').isVisible()) break;
				turns++;
				const newLines = await linesAfterNewest(page);
				// Ada goes up (the program placed her; a wall, a step or a spinner's turn: any answer will do).
				await page.getByTestId('composer').locator('[data-dir="up"]').click();
				await expect.poll(async () => (await page.getByTestId('reveal').isVisible()) || (await newLines.drawn()), { timeout: 30_000 }).toBe(true);
				if (turns === 1) await screenshot(page, `topographic-computer-answer-${origin.name}`);
				if (!reloaded && turns === 3) {
					reloaded = true;
					await page.reload();
					await page.locator('[data-testid="player"], [data-testid="reveal"]').first().waitFor();
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

	test('one person and a computer explorer play a topographic game to the end, the person moving by what her answers say', { timeout: 480_000 }, async () => {
		const context = await newContext(browser, { device: 'tablet', baseURL: origin.url });
		const page = await context.newPage();
		// The game master's tablet in landscape.
		await page.setViewportSize({ width: 1024, height: 768 });
		const errors = watchErrors(page);
		try {
			await importPlan(page, cornerPlan, 'topographic-to-the-end.json');
			await openPassSetupAsAda(page);
			await page.getByTestId('seat-kind-1').selectOption('explorer');
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);

			// North until the answer is a wall, then west until a wall, and so on (the corner, then out).
			let heading: 'up' | 'left' = 'up';
			let turns = 0;
			// She keeps the device (one person among computers, issue 33): the computer's turns pass by
			// themselves until her pad is hers again or the reveal shows; her answer is in her feed.
			const herTurnOrEnd = page.locator('[data-testid="player"][data-my-turn="true"] [data-testid="composer"], [data-testid="reveal"]');
			for (;;) {
				await herTurnOrEnd.first().waitFor({ timeout: 60_000 });
				if (await page.getByTestId('reveal').isVisible()) break;
				expect(turns, 'the game ends within the turns the corner takes from any cell').toBeLessThan(40);
				expect(await page.locator('[data-testid="take-device"], [data-testid="pass-on"]').count(), 'no curtain, no answer screen').toBe(0);
				turns++;
				const newLines = await linesAfterNewest(page);
				await page.getByTestId('composer').locator(`[data-dir="${heading}"]`).click();
				await expect.poll(async () => (await page.getByTestId('reveal').isVisible()) || (await newLines.drawn()), { timeout: 30_000 }).toBe(true);
				if (await page.getByTestId('reveal').isVisible()) break;
				if (/wall/i.test(await newLines.answer())) heading = heading === 'up' ? 'left' : 'up';
			}
			await screenshot(page, `topographic-computer-end-${origin.name}`);
			const { game } = await storedRecord(page);
			const end = replay(game).state;
			expect(end.phase).toBe('over');
			expect(end.result?.kind).toBe('win');
			// The computer moved by itself at its turns, as many as Ada's give or take the one who began.
			const computerMoves = game.log.filter((c) => c.type === 'move' && c.by === 1).length;
			const hers = game.log.filter((c) => c.type === 'move' && c.by === 0).length;
			expect(hers).toBe(turns);
			expect(Math.abs(computerMoves - hers)).toBeLessThanOrEqual(1);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});
