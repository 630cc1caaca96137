// Issue 16: saving never fails in silence. The device's storage refuses the editor's writes
// (IndexedDB's put throws QuotaExceededError, as on a full phone): the screen says why in
// words, keeps the plan, asks before the back arrow leaves it, and writes it once storage
// takes it again — nothing lost after a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, newContext, screenshot } from './support/browser';
import { centre, finger, saved, type Editor } from './support/editor';
import { journeyOrigins } from './support/origins';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

type Patched = Window & { storageFull(full: boolean): void };

test.each(journeyOrigins())('at $name: a full device — the editor says so, keeps the plan, asks before leaving, and saves it when there is room again', async (origin) => {
	const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
	// The device's storage as a full phone has it: every put refused while `storageFull(true)`.
	await context.addInitScript(() => {
		const put = IDBObjectStore.prototype.put;
		let full = false;
		(window as unknown as Patched).storageFull = (f: boolean) => (full = f);
		IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
			if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
			return put.apply(this, args);
		};
	});
	const page = await context.newPage();
	try {
		await page.goto('/');
		await page.getByRole('link', { name: /Design a labyrinth/ }).click();
		await page.waitForURL(/\/design\?id=/);
		await page.locator('main[data-screen="design"] svg.board').waitFor();
		const editor: Editor = { context, page, touch: await context.newCDPSession(page) };
		await page.evaluate(() => (window as unknown as Patched).storageFull(true));

		await page.locator('[data-kind="hospital"]').click();
		await finger(editor, [centre(2, 2)]);
		const problem = page.getByTestId('save-problem');
		await problem.waitFor();
		expect(await problem.getAttribute('data-problem')).toBe('quota');
		expect(await problem.textContent()).toContain("this device's storage is full");
		expect(await page.getByTestId('save-state').textContent()).toBe('Not saved');
		await screenshot(page, 'save-failure-editor');

		// The back arrow asks first; staying keeps the plan on screen.
		await page.getByTestId('back').click();
		await page.getByRole('heading', { name: 'Leave without saving?' }).waitFor();
		await page.getByRole('button', { name: 'Cancel' }).click();
		expect(page.url()).toMatch(/\/design\?id=/);
		expect(await page.locator('main svg.board .square.hospital[data-cell="18"]').count()).toBeGreaterThan(0);

		// Room again: a tap on "Try again" writes it; leaving no longer asks.
		await page.evaluate(() => (window as unknown as Patched).storageFull(false));
		await page.getByTestId('save-retry').click();
		const plan = await saved(page);
		expect(plan.cells[2 * 8 + 2]?.kind).toBe('hospital');
		expect(await problem.count()).toBe(0);
		await page.getByTestId('back').click();
		await page.waitForURL(/\/library/);
		await page.reload();
		await page.locator('[data-testid="plans"] > li').first().waitFor();
	} finally {
		await context.close();
	}
});
