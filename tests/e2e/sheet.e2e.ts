// The deduction sheet on a phone (in pass-and-play, the phone's own screen): marks made by
// finger survive a reload and a closed tab, two players' sheets are their own, and the
// assistant shows where the player may be.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { serializePlan } from '../../src/lib/engine/plan/format-json';
import { launch, newContext, screenshot } from './support/browser';

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
const sheetSquare = (x: number, y: number) => (y + MARGIN) * SHEET_WIDTH + x + MARGIN;

async function takeDevice(page: Page): Promise<number> {
	const button = page.getByTestId('take-device');
	await button.waitFor({ timeout: 8000 }).catch(async (e) => {
		await screenshot(page, 'sheet-debug');
		throw e;
	});
	const seat = Number(/(\d+)\s*$/.exec((await button.textContent()) ?? '')?.[1]) - 1;
	await button.click();
	return seat;
}

describe('the deduction sheet', () => {
	test('marks survive a reload and a closed tab; each player has their own; the assistant knows the start', async () => {
		const context = await newContext(browser, { device: 'phone' });
		let page = await context.newPage();
		try {
			await page.goto('/library');
			await page.getByTestId('import').setInputFiles({ name: 'sheet.json', mimeType: 'application/json', buffer: Buffer.from(serializePlan(plan)) });
			await page.locator('[data-testid="plans"] > li').first().waitFor();
			await page.goto('/pass');
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);
			const url = page.url();
			const starts: Record<number, [number, number]> = { 0: [1, 1], 1: [3, 1] };
			for (let i = 0; i < 2; i++) {
				const seat = await takeDevice(page);
				await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
				await tapBoard(page, '[data-testid="contour"] svg', starts[seat]![0] + 0.5, starts[seat]![1] + 0.5);
				await page.getByTestId('confirm-cell').click();
				await page.getByTestId('pass-on').click();
			}
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
