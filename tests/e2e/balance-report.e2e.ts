// Issue 22: the editor's balance report. From the home screen to the library, a plan opened in
// the editor, its menu's *Balance report*: a few computer games played in a Web Worker with a
// progress bar, the results drawn on the board and charted, exported as JSON; a long run stopped
// keeps the games played. Issue 36: the report's workers are kept while the panel is open — the
// report run again after the Stop starts no new worker and exports the first report byte for
// byte; the panel closed, its workers end.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { launch, newContext, screenshot } from './support/browser';
import { importPlan } from './support/library';
import { journeyOrigins } from './support/origins';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const plan = {
	...buildPlan(['LLLL', 'LHLW', 'LLLL'], {
		walls: [[1, 0, 'down']],
		exits: [[3, 2, 'right', true], [0, 2, 'left', true]],
		items: [[3, 2, 'treasure', true], [0, 2, 'treasure', false]]
	}),
	name: 'Balance test'
};

describe.each(journeyOrigins().slice(0, 1))('the balance report at $name', (origin) => {
	test('a few games on a plan in the editor: progress, the board\'s heat, the charts, the export; a long run stopped; the first report run again on the workers kept', { timeout: 180_000 }, async () => {
		const context = await newContext(browser, { device: 'tablet', baseURL: origin.url });
		const page = await context.newPage();
		const errors = watchErrors(page);
		// The report's Web Workers as the browser starts and ends them.
		const workers: { closed: boolean }[] = [];
		page.on('worker', (worker) => {
			const seen = { closed: false };
			workers.push(seen);
			worker.on('close', () => (seen.closed = true));
		});
		const exported = async () => {
			const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('balance-export').click()]);
			const chunks: Buffer[] = [];
			for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
			return Buffer.concat(chunks).toString('utf8');
		};
		try {
			await importPlan(page, plan, 'balance.json');
			await page.goto('/');
			await page.locator('main[data-screen="home"]').waitFor();
			await page.getByRole('link', { name: /My labyrinths/ }).first().click();
			await page.waitForURL(/\/library/);
			await page.locator('[data-testid="plans"] > li', { hasText: 'Balance test' }).getByRole('button', { name: /Balance test/ }).click();
			await page.waitForURL(/\/design\?id=/);
			await page.getByTestId('menu').click();
			await page.getByTestId('balance-open').click();
			const panel = page.getByTestId('balance');
			await panel.waitFor();
			await page.getByTestId('balance-games').fill('6');
			await page.getByTestId('balance-run').click();
			const results = page.getByTestId('balance-results');
			await results.waitFor({ timeout: 120_000 });
			expect(await results.getAttribute('data-games')).toBe('6');
			// Every game has one ending: the chart's counts add up to the games played.
			const counts = (await page.getByTestId('balance-endings').locator('.n').allTextContents()).map((t) => Number(t.split('·')[0]));
			expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
			// Visits drawn on the board's squares; the deaths' picture is one tap away.
			expect(await page.locator('[data-testid="balance-board"] [data-heat]').count()).toBeGreaterThan(0);
			expect(await page.getByTestId('balance-treasures').locator('li').count()).toBe(2);
			await panel.scrollIntoViewIfNeeded();
			await screenshot(page, `balance-report-${origin.name}`);
			await page.getByTestId('balance-board').scrollIntoViewIfNeeded();
			await screenshot(page, `balance-board-${origin.name}`);
			await page.locator('[data-picture="deaths"]').first().click();
			await page.locator('[data-testid="balance-board"][data-picture="deaths"]').waitFor();
			// Exported as a JSON file: the report itself.
			const first = await exported();
			const report = JSON.parse(first);
			expect(report.games).toBe(6);
			expect(report.plan.name).toBe('Balance test');

			// A long run, stopped: the progress bar moves, and the report covers the games played.
			await page.getByTestId('balance-games').fill('5000');
			await page.getByTestId('balance-run').click();
			await page.getByTestId('balance-progress').waitFor();
			await expect.poll(async () => Number(await page.getByTestId('balance-progress').getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(1);
			await page.getByTestId('balance-stop').click();
			await page.getByTestId('balance-stopped').waitFor({ timeout: 60_000 });
			const played = Number(await results.getAttribute('data-games'));
			expect(played).toBeGreaterThan(1);
			expect(played).toBeLessThan(5000);
			const started = workers.length;
			expect(started).toBeGreaterThan(0);

			// The first report asked again (six games, the same seed) on the workers kept since the
			// first run: the same report, and no worker started for it.
			await page.getByTestId('balance-games').fill('6');
			await page.getByTestId('balance-run').click();
			await expect.poll(async () => results.getAttribute('data-games'), { timeout: 120_000 }).toBe('6');
			await expect.poll(() => page.getByTestId('balance-stopped').count()).toBe(0);
			expect(await exported()).toBe(first);
			expect(workers).toHaveLength(started);
			expect(workers.some((w) => w.closed)).toBe(false);
			// The panel closed: its workers end.
			await page.getByTestId('balance-close').click();
			await expect.poll(() => workers.every((w) => w.closed)).toBe(true);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});
