// The boards a person reads at the table, at a phone's 360x740 and a tablet's 1024x768, light and
// dark, in English and in Russian: the sheet (labels a–h / 1–8, a drag paints every square it
// crosses, every mark draws, the tool chips whole) and the editor (treasures true and fake, exits
// with arrows, the pit loop's order and its arrows, the palette's note whole, the problems open
// on the tablet), each with its legend. Screenshots of each are kept in test-results/screenshots.
import { takeDevice } from './support/player-screen';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { squaresOnSegment } from '../../src/lib/editor/hit';
import type { Plan } from '../../src/lib/engine/plan/types';
import { baseURL, launch, screenshot } from './support/browser';
import { importPlan } from './support/library';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

interface Look {
	name: string;
	width: number;
	height: number;
	scheme: 'light' | 'dark';
	locale: string;
}
const LOOKS: Look[] = [
	{ name: 'phone', width: 360, height: 740, scheme: 'light', locale: 'en-US' },
	{ name: 'tablet', width: 1024, height: 768, scheme: 'light', locale: 'en-US' },
	{ name: 'phone-dark-ru', width: 360, height: 740, scheme: 'dark', locale: 'ru-RU' },
	{ name: 'tablet-dark-ru', width: 1024, height: 768, scheme: 'dark', locale: 'ru-RU' }
];

function contextFor(look: Look): Promise<BrowserContext> {
	const phone = look.width < 600;
	return browser.newContext({
		viewport: { width: look.width, height: look.height },
		deviceScaleFactor: phone ? 2 : 1,
		isMobile: true,
		hasTouch: true,
		// localhost: at the LAN address (journeyOrigins) a plan cannot be imported yet (crypto.randomUUID needs a secure context).
		baseURL: baseURL(),
		locale: look.locale,
		colorScheme: look.scheme
	});
}

/** Elements whose text is wider than their box (cut off or scrolled sideways): none is wanted. */
async function clipped(locator: Locator): Promise<string[]> {
	return locator.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.textContent?.trim()} (${el.scrollWidth} > ${el.clientWidth})`));
}

/** Client coordinates of a board point of the SVG (one unit a square). */
async function clientPoint(board: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
	return board.evaluate((svg, [bx, by]) => {
		const p = new DOMPoint(bx, by).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x, y] as const);
}

/** A finger on the board through the given board points: real touch events, one sample each (a quick swipe). */
async function swipe(page: Page, board: Locator, points: Array<[number, number]>) {
	const at = [];
	for (const [x, y] of points) at.push(await clientPoint(board, x, y));
	const touch = await page.context().newCDPSession(page);
	await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at[0]!] });
	for (const p of at.slice(1)) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
	await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
	await touch.detach();
}

// --- the sheet ----------------------------------------------------------------------------

const MARGIN = 2;
const table = { ...buildPlan(['LLLLLLLL', 'LHLLWLLL', 'LLLLLLLL', 'LLLLLLLL', 'PLLLLLLP', 'LLLLLLLL', 'LLLLLLLL', 'LLLLLLLL'], { exits: [[0, 0, 'left', true], [7, 7, 'right', true]], loops: [[[0, 4], [7, 4]]], items: [[0, 0, 'treasure', true]] }), name: 'Eight by eight' };
const GRID = 8 + 2 * MARGIN;
const square = (x: number, y: number) => (y + MARGIN) * GRID + x + MARGIN;

/** A pass-and-play game of two on `plan`, both starts chosen; the first player's sheet open. */
async function openSheet(page: Page, plan: Plan): Promise<Locator> {
	await importPlan(page, plan, 'boards.json');
	await page.goto('/pass');
	await page.getByTestId('start-game').click();
	await page.waitForURL(/\/pass\?id=/);
	for (let i = 0; i < 2; i++) {
		await takeDevice(page);
		await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
		const contour = page.locator('[data-testid="contour"] svg');
		const at = await clientPoint(contour, 1.5 + i * 4, 2.5);
		await page.touchscreen.tap(at.x, at.y);
		await page.getByTestId('confirm-cell').click();
		await page.getByTestId('pass-on').click();
	}
	await takeDevice(page);
	await page.getByTestId('composer').waitFor();
	await page.getByTestId('tab-sheet').click();
	await page.locator('[data-testid="sheet"][data-loaded="true"]').waitFor();
	return page.locator('[data-testid="sheet"]');
}

describe('the sheet at the table', () => {
	test.each(LOOKS)('$name: labels a–h / 1–8, a quick drag paints every square it crosses, every mark draws, the chips whole, a legend', async (look) => {
		const context = await contextFor(look);
		const page = await context.newPage();
		try {
			const sheet = await openSheet(page, table);
			const board = sheet.locator('svg.board');

			// Labelled as the starts were chosen: columns a–h over the contour, rows 1–8 beside it.
			expect(await board.locator('.labels [data-column]').allTextContents()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
			expect(await board.locator('.labels [data-row]').allTextContents()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
			// Each column's letter stands over its column of the contour.
			const a = await board.locator('.labels [data-column="a"]').boundingBox();
			const a1 = await clientPoint(board, MARGIN + 0.5, MARGIN + 0.5);
			expect(Math.abs(a!.x + a!.width / 2 - a1.x)).toBeLessThan(3);

			// A swipe sent as two far-apart samples (from b2 to g4): every square on the way is painted, no other.
			await sheet.locator('[data-sheet-tool="land"]').click();
			const from = { x: MARGIN + 1.5, y: MARGIN + 1.4 };
			const to = { x: MARGIN + 6.5, y: MARGIN + 3.6 };
			await board.scrollIntoViewIfNeeded();
			await swipe(page, board, [[from.x, from.y], [to.x, to.y]]);
			const crossed = squaresOnSegment(from, to).map(({ x, y }) => y * GRID + x);
			expect(crossed.length).toBeGreaterThanOrEqual(8);
			await board.locator(`[data-cell="${crossed[crossed.length - 1]}"].land`).waitFor();
			const land = await board.locator('.square.land').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-cell'))));
			expect(land.sort((x, y) => x - y)).toEqual([...crossed].sort((x, y) => x - y));
			// One stroke, one undo.
			await page.getByTestId('sheet-undo').click();
			await board.locator('.square.land').first().waitFor({ state: 'detached' });
			await page.getByTestId('sheet-redo').click();
			await board.locator(`[data-cell="${crossed[0]}"].land`).waitFor();

			// Every mark kind draws where it is tapped (row 6 of the contour, then the margin below it).
			const tap = async (x: number, y: number) => {
				// A tool's chip below the board may have scrolled it: a tap off the screen touches nothing.
				await board.scrollIntoViewIfNeeded();
				const p = await clientPoint(board, MARGIN + x, MARGIN + y);
				await page.touchscreen.tap(p.x, p.y);
			};
			const marks: Array<[string, number, number, string]> = [
				['hospital', 0, 5, '.hospital'],
				['weaponry', 1, 5, '.weaponry'],
				['river', 2, 5, '.river'],
				['delta', 3, 5, '.delta'],
				['pit', 4, 5, '.pit'],
				['encephalitis', 5, 5, '.encephalitis'],
				['treasure', 6, 5, ' [data-treasure="mark"]'],
				['eraser', 6, 3, '']
			];
			for (const [tool, x, y, drawn] of marks) {
				await sheet.locator(`[data-sheet-tool="${tool}"]`).click();
				await tap(x + 0.5, y + 0.5);
				if (drawn) await board.locator(`[data-cell="${square(x, y)}"]${drawn}`).waitFor();
			}
			// The eraser took the land off g4 (the swipe's last square).
			await board.locator(`[data-cell="${square(6, 3)}"].unknown`).waitFor();
			await sheet.locator('[data-sheet-tool="question"]').click();
			await tap(7.5, 5.5);
			await board.locator(`[data-question="${square(7, 5)}"]`).waitFor();
			await sheet.locator('[data-sheet-tool="note"]').click();
			page.once('dialog', (d) => void d.accept('here?'));
			await tap(0.5, 6.5);
			await board.locator(`[data-note="${square(0, 6)}"]`).waitFor();
			await sheet.locator('[data-sheet-tool="wall"]').click();
			await tap(1.5, 6.98);
			await board.locator(`[data-wall="${square(1, 6)}:down"]`).waitFor({ state: 'attached' });
			// On the contour's edge a wall tapped again is an exit.
			await tap(7.98, 7.5);
			await tap(7.98, 7.5);
			await board.locator(`[data-exit-mark="${square(7, 7)}"]`).waitFor({ state: 'attached' });

			// The legend lists what the sheet draws.
			const legend = sheet.getByTestId('legend');
			for (const symbol of ['unknown', 'land', 'hospital', 'weaponry', 'river', 'delta', 'pit', 'encephalitis', 'wall', 'treasure-mark', 'question', 'note']) await legend.locator(`li[data-symbol="${symbol}"]`).waitFor();
			if (look.locale === 'ru-RU') await legend.getByText('Условные обозначения').waitFor();

			// The tool chips and the hint: every word whole, nothing scrolls sideways, each chip a thumb's size.
			expect(await clipped(sheet.locator('.tools, .tools .chip, [data-testid="sheet-hint"], [data-testid="legend"] li'))).toEqual([]);
			const sizes = await sheet.locator('.tools .chip').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
			expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
			// Every control of the sheet tab a thumb's size, the feed's tappable entries too (they were 39 px).
			expect(await sheet.locator('[data-testid="feed"] button.pick').count()).toBeGreaterThan(0);
			const small = await sheet.locator('button:visible, summary:visible').evaluateAll((els) =>
				els.map((e) => ({ text: e.textContent?.trim() || e.getAttribute('aria-label'), r: e.getBoundingClientRect() })).filter(({ r }) => Math.min(r.width, r.height) < 44).map(({ text, r }) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)
			);
			expect(small).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

			await page.evaluate(() => window.scrollTo(0, 0));
			await board.scrollIntoViewIfNeeded();
			await screenshot(page, `boards-sheet-${look.name}`);
			await legend.scrollIntoViewIfNeeded();
			await screenshot(page, `boards-sheet-${look.name}-legend`);
		} finally {
			await context.close();
		}
	}, 180_000);
});

// --- the editor ---------------------------------------------------------------------------

const designed = {
	...buildPlan(['LLLLL', 'LHLPL', 'LPLWL', 'LLLLP', 'LLLLL'], {
		walls: [[2, 2, 'right']],
		exits: [[0, 0, 'up', true], [4, 4, 'right', false]],
		loops: [[[3, 1], [1, 2], [4, 3]]],
		items: [[0, 0, 'treasure', true], [2, 3, 'treasure', false], [1, 1, 'treasure', false]]
	}),
	name: 'Board legend'
};

describe('the editor\'s board at the table', () => {
	test.each(LOOKS)('$name: treasures true and fake, exits with arrows, the loop in order with arrows, the palette whole, the problems open on the tablet, a legend', async (look) => {
		const context = await contextFor(look);
		const page = await context.newPage();
		try {
			await importPlan(page, designed, 'legend.json');
			await page.locator('[data-testid="plans"] > li', { hasText: designed.name }).locator('button.open').click();
			await page.waitForURL(/\/design\?id=/);
			const board = page.locator('main svg.board').first();
			await board.waitFor();

			// The true treasure gold and whole, the fake ones struck through; each at least a third of a square.
			expect(await board.locator('[data-treasure="true"]').count()).toBe(1);
			expect(await board.locator('[data-treasure="fake"]').count()).toBe(2);
			expect(await board.locator('[data-treasure="fake"] .strike').count()).toBe(2);
			const one = (await clientPoint(board, 1, 0)).x - (await clientPoint(board, 0, 0)).x;
			for (const star of await board.locator('[data-treasure]').all()) expect((await star.boundingBox())!.width).toBeGreaterThan(one / 3);
			// The open exit with its arrow out; the closed one drawn, no arrow.
			expect(await board.locator('[data-exit-arrow]').count()).toBe(1);
			expect(await board.locator('.outline .closed').count()).toBe(1);
			// The loop: its pits numbered 1, 2, 3 in its order, an arrow from each to the next.
			const order = designed.pitLoops[0]!;
			for (const [i, cell] of order.entries()) expect(await board.locator(`[data-cell="${cell}"] [data-pit-order]`).getAttribute('data-pit-order')).toBe(String(i + 1));
			expect(await board.locator('.loop-arrow').count()).toBe(3);

			// The problems list open beside the board on the tablet, folded above it on the phone.
			const wide = look.width > 900;
			expect(await page.getByTestId('problems-toggle').getAttribute('aria-expanded')).toBe(String(wide));
			// The legend: what this plan draws, open on the tablet.
			const legend = page.locator('main [data-testid="legend"]');
			if (!wide) await legend.locator('summary').click();
			for (const symbol of ['land', 'hospital', 'pit', 'wall', 'exit-open', 'exit-closed', 'loop', 'treasure-true', 'treasure-fake']) await legend.locator(`li[data-symbol="${symbol}"]`).waitFor();
			expect(await clipped(legend.locator('li'))).toEqual([]);
			if (look.locale === 'ru-RU') await legend.getByText('Настоящий клад').waitFor();
			await screenshot(page, `boards-editor-${look.name}-legend`);
			if (!wide) await legend.locator('summary').click();

			// The loop tool's note reads whole ("The next pit starts a new loop"), in sight.
			await page.locator('[data-tool="loop"]').click();
			const note = page.getByTestId('loop-note');
			await note.waitFor();
			expect(await clipped(page.locator('.palette .options, [data-testid="loop-note"]'))).toEqual([]);
			const box = (await note.boundingBox())!;
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width).toBeLessThanOrEqual(look.width);
			expect(await note.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
			// Every control of the editor a thumb's size (44 px at least each way).
			const small = await page.locator('main button:visible, main summary:visible').evaluateAll((els) =>
				els.map((e) => ({ text: e.textContent?.trim(), r: e.getBoundingClientRect() })).filter(({ r }) => Math.min(r.width, r.height) < 44).map(({ text, r }) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)
			);
			expect(small).toEqual([]);
			await screenshot(page, `boards-editor-${look.name}`);
		} finally {
			await context.close();
		}
	}, 180_000);
});
