// Issue 22: a table of one. From the home screen, at the table's address, a person sets up a
// pass-and-play game with two computers beside him; the computers move by themselves when their
// turn comes (the curtain says whose move it is and what the table heard), the person takes the
// device only for his own turns, a reload in the middle continues the same game, and it is
// played to its end and the reveal.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay } from '../../src/lib/engine/game/game';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { launch, newContext, screenshot } from './support/browser';
import { importPlan, storedRecord } from './support/library';
import { journeyOrigins } from './support/origins';
import { linesAfterNewest, onScreen, tapContour, tapSquare } from './support/player-screen';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

// A small labyrinth (4x3): the true treasure at d3 by an open exit on its right, a fake at a3 by
// the other exit, a hospital at b2, a weaponry at d2.
const plan = {
	...buildPlan(['LLLL', 'LHLW', 'LLLL'], {
		walls: [[1, 0, 'down']],
		exits: [[3, 2, 'right', true], [0, 2, 'left', true]],
		items: [[3, 2, 'treasure', true], [0, 2, 'treasure', false]]
	}),
	name: 'Table of one'
};

/** The seats the stored game marks as computers, read from IndexedDB as the app reads them after a reload. */
async function storedBots(page: Page): Promise<unknown> {
	const id = new URL(page.url()).searchParams.get('id')!;
	return page.evaluate(async (gameId) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = indexedDB.open('labyrinth-gm');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const record = await new Promise<{ bots?: unknown }>((resolve) => {
			const get = db.transaction('games').objectStore('games').get(gameId);
			get.onsuccess = () => resolve(get.result);
		});
		db.close();
		return record.bots ?? null;
	}, id);
}

describe.each(journeyOrigins())('computer players at $name', (origin) => {
	// The game's seed is drawn on the device, so how long the computers take is random: half the
	// games end within 10 of her turns, 1 in 1000 takes over 60 (simulated on this plan).
	test('one person and two computers in pass-and-play, from home to the reveal, a reload midway', { timeout: 600_000 }, async () => {
		const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			// Someone who never saw the app, no labyrinth yet: Start is greyed and the bar says why.
			await page.goto('/pass');
			await page.getByTestId('setup').waitFor();
			expect(await page.getByTestId('start-game').isDisabled()).toBe(true);
			expect(await page.getByTestId('start-needs-plan').textContent()).toBe('Choose a labyrinth (or Surprise me) to start.');
			expect(await onScreen(page.getByTestId('start-needs-plan')), 'the reason beside the greyed Start').toBe(true);
			await importPlan(page, plan, 'table-of-one.json');
			await page.goto('/');
			await page.locator('main[data-screen="home"]').waitFor();
			await page.locator('[data-rules="classic"]').getByRole('link', { name: 'On one device' }).click();
			await page.waitForURL(/\/pass/);
			await page.getByTestId('setup').waitFor();
			await page.getByTestId('name-0').fill('Ada');
			await page.getByTestId('add-player').click();
			await page.getByTestId('seat-kind-1').selectOption('explorer');
			await page.getByTestId('seat-kind-2').selectOption('hunter');
			// The default names follow the choice.
			expect(await page.getByTestId('name-1').inputValue()).toBe('Computer 2');
			expect(await page.getByTestId('start-needs-plan').count(), 'a labyrinth is chosen: no reason left').toBe(0);
			// On the smallest phone each seat's name is whole beside its choice ("Compute" was cut).
			await page.setViewportSize({ width: 360, height: 740 });
			for (const i of [0, 1, 2]) {
				const field = page.getByTestId(`name-${i}`);
				expect(await field.evaluate((el) => el.scrollWidth <= el.clientWidth), `name ${i} cut at 360 px`).toBe(true);
			}
			await screenshot(page, `computers-setup-360-${origin.name}`);
			await page.setViewportSize({ width: 390, height: 844 });
			await screenshot(page, `computers-setup-${origin.name}`);
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);

			// One person among computers keeps the device (issue 33): no curtain, no answer screen;
			// each of her turns is one tap, the answer and the computers' moves in her feed. She starts
			// in the hospital (b2) and knocks on the wall above it, so she stays where no shot wounds her
			// (4.2): at a1 the hunter killed her in a quarter of the games, and the computers then played
			// on alone for as long as they took (up to 88 moves), past any wait for her turn.
			let turns = 0;
			let reloaded = false;
			const herTurnOrEnd = page.locator('[data-testid="player"][data-my-turn="true"], [data-testid="reveal"]');
			while (turns < 150) {
				await herTurnOrEnd.first().waitFor({ timeout: 60_000 });
				if (await page.getByTestId('reveal').isVisible()) break;
				expect(await page.locator('[data-testid="take-device"], [data-testid="curtain"]').count(), 'no curtain between her turns').toBe(0);
				turns++;
				// Her screen: the start (6.1) or the move's pad.
				const screen = page.locator('[data-testid="player"][data-phase="start"] [data-testid="contour"], [data-testid="composer"]');
				await screen.first().waitFor();
				const newLines = await linesAfterNewest(page);
				const starting = await page.locator('[data-testid="player"][data-phase="start"]').isVisible();
				if (starting) {
					await tapContour(page, [1, 1]);
					await page.getByTestId('confirm-cell').click();
				} else {
					// Ada knocks on the wall above b2 and stays where she is: one tap.
					await page.getByTestId('composer').locator('[data-dir="up"]').click();
				}
				// The answer is in her feed, below what it showed before her tap; nothing to tap through.
				await expect.poll(async () => (await page.getByTestId('reveal').isVisible()) || (await newLines.drawn()), { timeout: 30_000 }).toBe(true);
				expect(await page.getByTestId('pass-on').count(), 'no answer screen to tap through').toBe(0);
				// Read before looking for the end: a computer's winning move may replace her feed with the reveal meanwhile.
				const answer = await newLines.answer();
				if (!starting && !(await page.getByTestId('reveal').isVisible())) expect(answer, 'her move and its answer, newest in her feed').toMatch(/Ada\u2069?: go up/);
				if (turns === 2) {
					expect(await page.getByTestId('feed').textContent(), 'the computers\' moves in her feed').toMatch(/Computer [23]/);
					await screenshot(page, `computers-solo-${origin.name}`);
				}
				if (!reloaded && turns === 3) {
					reloaded = true;
					await page.reload();
					await page.locator('[data-testid="player"], [data-testid="reveal"]').first().waitFor();
				}
			}
			await page.getByTestId('reveal').waitFor({ timeout: 60_000 });
			await screenshot(page, `computers-reveal-${origin.name}`);
			const { game, names } = await storedRecord(page);
			expect(names).toEqual(['Ada', 'Computer 2', 'Computer 3']);
			// She was never hit in the hospital (4.2): she took every turn of hers to the end.
			expect(replay(game).state.players[0]!.status).toBe('in');
			// The computers played their own seats: starts and moves by seats 1 and 2 in the record.
			expect(game.log.some((c) => c.type === 'choose_start' && c.by === 1)).toBe(true);
			expect(game.log.some((c) => c.type === 'move' && c.by === 2)).toBe(true);
			expect(replay(game).state.phase).toBe('over');
			expect(await storedBots(page)).toEqual([null, 'explorer', 'hunter']);
			// The computers' moves reached her feed as the table heard them.
			expect(turns).toBeGreaterThan(1);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});

describe("a computer seat at the master's console", () => {
	test('on a tablet: the computer chooses its start and moves by itself; the master enters the person\'s moves', { timeout: 180_000 }, async () => {
		const context = await newContext(browser, { device: 'tablet' });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, plan, 'table-of-one.json');
			await page.goto('/');
			await page.getByTestId('go-classic-host').click();
			await page.waitForURL(/\/host/);
			await page.getByTestId('setup').waitFor();
			await page.getByTestId('seat-kind-1').selectOption('explorer');
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/host\?id=/);
			await page.getByTestId('console').waitFor();
			// Whoever starts: the person's start is placed by the master, the computer's is its own.
			const mapCell = async (x: number, y: number) => tapSquare(page, page.locator('main svg.board').first(), [x, y]);
			for (let i = 0; i < 2; i++) {
				const next = page.locator('[data-testid="place-start"], [data-testid="computer-thinking"]');
				await next.first().waitFor();
				if (await page.getByTestId('place-start').isVisible()) {
					await mapCell(0, 0);
					await page.getByTestId('place-start').click();
				}
				await expect.poll(async () => (await storedRecord(page)).game.log.filter((c) => c.type === 'choose_start').length, { timeout: 60_000 }).toBe(i + 1);
			}
			await page.getByTestId('confirm-starts').click();
			// Three rounds: the master enters the person's "up", the computer answers with its own move.
			for (let round = 0; round < 3; round++) {
				const next = page.locator('[data-testid="composer"], [data-testid="computer-thinking"], [data-testid="reveal"]');
				await next.first().waitFor({ timeout: 60_000 });
				if (await page.getByTestId('reveal').isVisible()) break;
				if (await page.getByTestId('composer').isVisible()) await page.getByTestId('composer').locator('[data-dir="up"]').click();
				else await page.getByTestId('computer-thinking').waitFor({ state: 'detached', timeout: 60_000 });
				if (round === 1) await screenshot(page, 'computers-console-tablet');
			}
			// The master undoes while the computer is thinking about its move (it used to wait for
			// "Let the computer try again" after that): whichever move the undo took back, the game
			// goes on, the computer deciding again by itself.
			const retry = page.getByRole('button', { name: 'Let the computer try again' });
			// The computer may be thinking still after the third round, and its move may win the game.
			await page.locator('[data-testid="composer"], [data-testid="reveal"]').first().waitFor({ timeout: 60_000 });
			if (!(await page.getByTestId('reveal').isVisible())) {
				await page.getByTestId('master-undo').click();
				await page.getByTestId('reason').fill('misheard');
				await page.getByTestId('composer').locator('[data-dir="up"]').click();
				await page.getByTestId('computer-thinking').waitFor();
				await page.getByTestId('reason-submit').click();
				await page.getByText('misheard').first().waitFor();
				const undoneAt = (await storedRecord(page)).game.log.findIndex((c) => c.type === 'undo');
				expect(undoneAt).toBeGreaterThan(0);
				const computerMovedSince = async () => (await storedRecord(page)).game.log.slice(undoneAt).some((c) => c.by === 1);
				// Ada moves whenever the pad is hers, until the computer has moved again by itself (or the game ended, or it stopped).
				const afterTheUndo = async () => {
					if ((await retry.count()) > 0) return 'stopped';
					if (await page.getByTestId('reveal').isVisible()) return 'over';
					if (await computerMovedSince()) return 'moved';
					if (await page.getByTestId('composer').isVisible()) await page.getByTestId('composer').locator('[data-dir="up"]').click();
					return 'waiting';
				};
				await expect.poll(afterTheUndo, { timeout: 60_000, interval: 300 }).not.toBe('waiting');
				expect((await computerMovedSince()) || (await page.getByTestId('reveal').isVisible())).toBe(true);
				expect(await retry.count()).toBe(0);
			}
			const { game } = await storedRecord(page);
			expect(game.log.some((c) => c.type === 'choose_start' && c.by === 1)).toBe(true);
			expect(game.log.some((c) => c.type === 'move' && c.by === 1) || replay(game).state.phase === 'over').toBe(true);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});
