// The deduction sheet on a phone (in pass-and-play, the phone's own screen): marks made by
// finger survive a reload and a closed tab, two players' sheets are their own, and the
// assistant shows where the player may be.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { importPlan } from './support/library';
import type { Plan } from '../../src/lib/engine/plan/types';
import { baseURL, launch, newContext, screenshot } from './support/browser';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const plan = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Sheet table'
};
const MARGIN = 2;
const SHEET_WIDTH = 4 + 2 * MARGIN;

async function tapBoard(page: Page, selector: string, x: number, y: number) {
	const at = await page.locator(selector).evaluate((svg, [bx, by]) => {
		const p = new DOMPoint(bx, by).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x, y] as const);
	await page.touchscreen.tap(at.x, at.y);
}
/** A finger dragged on the sheet from the centre of grid square `from` to that of `to` (real touch events). */
async function dragSheet(page: Page, from: [number, number], to: [number, number]) {
	// The board in sight first, as a person scrolls back up to it from the arrows under it.
	await page.locator('[data-testid="sheet"] svg.board').scrollIntoViewIfNeeded();
	const point = ([x, y]: [number, number]) =>
		page.locator('[data-testid="sheet"] svg.board').evaluate((svg, [bx, by]) => {
			const p = new DOMPoint(bx, by).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
			return { x: p.x, y: p.y };
		}, [x + MARGIN + 0.5, y + MARGIN + 0.5] as const);
	const [a, b] = [await point(from), await point(to)];
	const touch = await page.context().newCDPSession(page);
	await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
	for (const t of [0.25, 0.5, 0.75, 1]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }] });
	await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
	await touch.detach();
}
const sheetSquare = (x: number, y: number) => (y + MARGIN) * SHEET_WIDTH + x + MARGIN;

async function takeDevice(page: Page): Promise<number> {
	const button = page.getByTestId('take-device');
	await button.waitFor({ timeout: 30_000 }).catch(async (e) => {
		await screenshot(page, 'sheet-debug');
		throw e;
	});
	const seat = Number(/(\d+)[\s\u2069]*$/.exec((await button.textContent()) ?? '')?.[1]) - 1;
	await button.click();
	return seat;
}

/** Imports the plan, starts a pass-and-play game of two on it, and has each player choose a start. */
async function startPassGame(page: Page, labyrinth: Plan, starts: Record<number, [number, number]>) {
	await importPlan(page, labyrinth, 'sheet.json');
	await page.goto('/pass');
	await page.getByTestId('start-game').click();
	await page.waitForURL(/\/pass\?id=/);
	for (let i = 0; i < 2; i++) {
		const seat = await takeDevice(page);
		await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
		await tapBoard(page, '[data-testid="contour"] svg', starts[seat]![0] + 0.5, starts[seat]![1] + 0.5);
		await page.getByTestId('confirm-cell').click();
		await page.getByTestId('pass-on').click();
	}
}

describe('the deduction sheet', () => {
	test('marks survive a reload and a closed tab; each player has their own; the assistant knows the start', async () => {
		const context = await newContext(browser, { device: 'phone' });
		let page = await context.newPage();
		try {
			const starts: Record<number, [number, number]> = { 0: [1, 1], 1: [3, 1] };
			await startPassGame(page, plan, starts);
			const url = page.url();
			const marked: Record<number, number> = {};
			for (let turn = 0; turn < 2; turn++) {
				const seat = await takeDevice(page);
				await page.getByTestId('composer').waitFor();
				await page.getByTestId('tab-sheet').click();
				await page.locator('[data-testid="sheet"][data-loaded="true"]').waitFor();
				// A hospital where each thinks it is: a different square for each player.
				await page.locator('[data-sheet-tool="hospital"]').click();
				const [x, y] = seat === 0 ? [0, 0] : [3, 0];
				await tapBoard(page, '[data-testid="sheet"] svg.board', x + MARGIN + 0.5, y + MARGIN + 0.5);
				marked[seat] = sheetSquare(x, y);
				await page.locator(`[data-testid="sheet"] [data-cell="${marked[seat]}"].hospital`).waitFor();
				// The assistant knows the start the player chose.
				await page.getByTestId('assistant').check();
				await page.locator('[data-testid="sheet"] [data-candidate]').first().waitFor();
				expect(await page.locator('[data-testid="sheet"] [data-candidate]').count()).toBe(1);
				const expected = sheetSquare(starts[seat]![0], starts[seat]![1]);
				expect(await page.locator('[data-testid="sheet"] [data-candidate]').getAttribute('data-candidate')).toBe(String(expected));
				if (seat === 0) await screenshot(page, 'sheet-phone');
				await page.getByTestId('tab-move').click();
				// Not a skip: when everybody skips the game is a draw (6.6).
				await page.locator(`[data-dir="${seat === 0 ? 'up' : 'left'}"]`).click();
				await page.getByTestId('pass-on').click();
			}
			// A closed tab and a new one: the sheets are still there, each with only its own mark.
			await page.close();
			page = await context.newPage();
			await page.goto(url);
			for (let turn = 0; turn < 2; turn++) {
				const seat = await takeDevice(page);
				await page.getByTestId('tab-sheet').click();
				await page.locator('[data-testid="sheet"][data-loaded="true"]').waitFor();
				const sheet = page.locator('[data-testid="sheet"]');
				await sheet.locator(`[data-cell="${marked[seat]}"].hospital`).waitFor();
				const other = marked[seat === 0 ? 1 : 0]!;
				expect(await sheet.locator(`[data-cell="${other}"].hospital`).count()).toBe(0);
				await page.getByTestId('tab-move').click();
				await page.locator(`[data-dir="${seat === 0 ? 'down' : 'right'}"]`).click();
				await page.getByTestId('pass-on').click();
			}
		} finally {
			await context.close();
		}
	});
});

// A 6x5 labyrinth with a wall above b3 (the issue's own example of a reason).
const wide = {
	...buildPlan(['LLLLLL', 'LHLLWL', 'LLLLLL', 'PLLLLP', 'LLLLLL'], {
		walls: [[1, 2, 'up']],
		exits: [[0, 0, 'left', true], [5, 4, 'right', true]],
		loops: [[[0, 3], [5, 3]]],
		items: [[0, 0, 'treasure', true]]
	}),
	name: 'Sheet on a small phone'
};
const W = 6 + 2 * MARGIN;
const at = (x: number, y: number) => (y + MARGIN) * W + x + MARGIN;

async function tapSheet(page: Page, x: number, y: number) {
	const board = page.locator('[data-testid="sheet"] svg.board');
	await board.scrollIntoViewIfNeeded();
	await tapBoard(page, '[data-testid="sheet"] svg.board', x + MARGIN, y + MARGIN);
}

describe('the deduction sheet on a 360 px phone', () => {
	test('two pencils, a note, a fragment dropped onto the grid, the assistant\'s reasons and the others\' candidates, the feed tapped and annotated, undo, export, the reveal', async () => {
		const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: baseURL(), locale: 'en-US', colorScheme: 'light' });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await startPassGame(page, wide, { 0: [1, 2], 1: [5, 4] });
			// Anna: up (the wall above b3), left, up, up (the treasure on a1), left (out with it).
			// Boris walks out of the exit by f5 and back in, and again: heard leaving, he is on the edge.
			const moves: Record<number, string[]> = { 0: ['up', 'left', 'up', 'up', 'left'], 1: ['right', 'left', 'right', 'left', 'right'] };
			let drawn = false;
			while (moves[0]!.length) {
				const seat = await takeDevice(page);
				await page.getByTestId('composer').waitFor();
				if (seat === 0 && moves[0]!.length === 4 && !drawn) {
					drawn = true;
					await page.getByTestId('tab-sheet').click();
					await page.locator('[data-testid="sheet"][data-loaded="true"]').waitFor();
					const sheet = page.locator('[data-testid="sheet"]');
					const tool = (id: string) => page.locator(`[data-sheet-tool="${id}"]`).click();

					// The pen: the wall it hit, a weaponry guessed beyond it, a question mark, a note where it started.
					await tool('wall');
					await tapSheet(page, 1.5, 2.02);
					await tool('weaponry');
					await tapSheet(page, 1.5, 1.5);
					await sheet.locator(`[data-cell="${at(1, 1)}"].weaponry`).waitFor();
					await tool('question');
					await tapSheet(page, 2.5, 1.5);
					await tool('note');
					page.once('dialog', (d) => void d.accept('start here'));
					await tapSheet(page, 1.5, 2.5);
					await sheet.getByTestId('sheet-notes').getByText('b3 start here').waitFor();

					// A second pencil: a fragment drawn in the margin (where am I?), then dropped onto the grid.
					await page.getByTestId('add-pencil').click();
					await tool('pit');
					await tapSheet(page, -1.5, 2.5);
					await tool('land');
					await tapSheet(page, -0.5, 2.5);
					await sheet.locator(`[data-cell="${at(-2, 2)}"].pit`).waitFor();
					await page.locator('[data-shift="right"]').click();
					await page.locator('[data-shift="right"]').click();
					await page.locator('[data-shift="down"]').click();
					await sheet.locator(`[data-cell="${at(0, 3)}"].pit`).waitFor();
					expect(await sheet.locator(`[data-cell="${at(-2, 2)}"].pit`).count()).toBe(0);
					expect(await sheet.locator(`[data-cell="${at(1, 3)}"].land`).count()).toBe(1);

					// Undo takes the drop back one step, redo puts it back.
					await page.getByTestId('sheet-undo').click();
					await sheet.locator(`[data-cell="${at(0, 2)}"].pit`).waitFor();
					await page.getByTestId('sheet-redo').click();
					await sheet.locator(`[data-cell="${at(0, 3)}"].pit`).waitFor();
					// By finger: the fragment dragged by its land one square right and up, then back.
					await dragSheet(page, [1, 3], [2, 2]);
					await sheet.locator(`[data-cell="${at(1, 2)}"].pit`).waitFor();
					expect(await sheet.locator(`[data-cell="${at(2, 2)}"].land`).count()).toBe(1);
					expect(await sheet.locator(`[data-cell="${at(0, 3)}"].pit`).count()).toBe(0);
					await dragSheet(page, [2, 2], [1, 3]);
					await sheet.locator(`[data-cell="${at(0, 3)}"].pit`).waitFor();
					expect(await sheet.locator(`[data-cell="${at(1, 3)}"].land`).count()).toBe(1);

					// The assistant: the one cell Anna is on, and its reason for the wall in words.
					await page.getByTestId('assistant').check();
					await page.getByTestId('assistant-others').check();
					expect(await sheet.locator('[data-candidate]').count()).toBe(1);
					expect(await sheet.locator('[data-candidate]').getAttribute('data-candidate')).toBe(String(at(1, 2)));
					await page.getByTestId('sheet-why').click();
					await sheet.getByTestId('sheet-reasons').getByText('Move 1: you went up from b3 and hit a wall → a wall between b3 and b2.').waitFor();
					// Boris, heard going right out of an exit (the move as said, 000 1.2): on one of the 5 squares of the
					// right edge — not any of the 18 of the edge, as when only the exit was heard.
					expect(await sheet.locator('[data-other="1"]').count()).toBe(5);
					expect(await sheet.locator('[data-other="1"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-other-cell'))).sort((a, b) => a - b))).toEqual([0, 1, 2, 3, 4].map((y) => at(5, y)));
					expect(await sheet.locator(`[data-other="1"]`).evaluateAll((els) => els.every((e) => !!e))).toBe(true);
					await page.evaluate(() => window.scrollTo(0, 0));
					await screenshot(page, 'sheet-360-board');
					await sheet.getByTestId('sheet-reasons').scrollIntoViewIfNeeded();
					await screenshot(page, 'sheet-360-reasons');

					// The feed beside the sheet: the wall Anna heard, tapped, shows its reason and what she drew after it; a note on it.
					const wallEntry = sheet.locator('[data-testid="feed"] li', { hasText: 'wall' }).last().locator('[data-entry]');
					await wallEntry.click();
					await sheet.getByTestId('sheet-focus').getByText('a wall between b3 and b2').waitFor();
					await sheet.getByTestId('sheet-focus').getByText('What you drew after hearing it').waitFor();
					expect(await sheet.locator('.highlight.focus rect, .highlight.focus line').count()).toBeGreaterThan(3);
					page.once('dialog', (d) => void d.accept('Boris laughed'));
					await sheet.getByTestId('sheet-annotate').click();
					await sheet.locator('[data-annotation]', { hasText: 'Boris laughed' }).waitFor();
					await sheet.getByTestId('sheet-focus').scrollIntoViewIfNeeded();
					await screenshot(page, 'sheet-360-feed');

					// Saved as a picture.
					const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-export').click()]);
					expect(file.suggestedFilename()).toBe('sheet-1.png');
					await page.getByTestId('tab-move').click();
				}
				await page.locator(`[data-dir="${moves[seat]!.shift()}"]`).click();
				await page.getByTestId('pass-on').click();
			}
			expect(drawn).toBe(true);

			// The reveal: Anna's sheet over the true plan, each mark judged.
			await page.getByTestId('sheet-reveal').waitFor();
			await page.locator('[data-reveal-seat="0"]').click();
			const reveal = page.locator('[data-testid="sheet-reveal"] [data-testid="sheet"]');
			await reveal.locator('[data-verdict]').first().waitFor({ state: 'attached' });
			// Right: the wall above b3, the fragment's pit on a4 and land on b4. Wrong: the weaponry guessed on b2 (a hospital).
			expect(await reveal.locator('[data-verdict="right"]').count()).toBe(3);
			expect(await reveal.locator('[data-verdict="wrong"]').count()).toBe(1);
			await reveal.locator('svg.board').scrollIntoViewIfNeeded();
			await screenshot(page, 'sheet-360-reveal');
			// The same on a tablet passed round the table.
			await page.setViewportSize({ width: 1024, height: 768 });
			await reveal.locator('svg.board').scrollIntoViewIfNeeded();
			await screenshot(page, 'sheet-tablet-reveal');
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 150_000);
});
