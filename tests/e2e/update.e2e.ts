// Prompt-mode updates: a new version of the app installs in the background and is offered by
// a toast; nothing reloads until the player taps "Reload" (never in the middle of a game).
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BUILD_DIR, startServer } from '../../scripts/server.js';
import { launch, openPage, waitForServiceWorkerControl } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

let browser: Browser;
let root: string;
beforeAll(async () => {
	browser = await launch();
	root = mkdtempSync(join(tmpdir(), 'labyrinth-update-'));
	cpSync(BUILD_DIR, root, { recursive: true });
});
afterAll(async () => {
	await browser?.close();
	rmSync(root, { recursive: true, force: true });
});

test('a new version is offered, not forced; "Reload" activates it', async () => {
	const server = await startServer({ root, port: 0, host: '127.0.0.1' });
	const { context, page } = await openPage(browser, '/', { baseURL: `http://127.0.0.1:${server.port}` });
	try {
		await waitForServiceWorkerControl(page);
		await expectScreen(page, APP_ROUTES[0]);
		// a mark that a reload would wipe
		await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

		// the server now has a new version of the service worker
		appendFileSync(join(root, 'sw.js'), '\n// the next version\n');
		await page.evaluate(async () => {
			const registration = await navigator.serviceWorker.getRegistration();
			await registration?.update();
		});

		const toast = page.locator('[data-testid="update-toast"]');
		await toast.waitFor({ state: 'visible', timeout: 30_000 });
		expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
		expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null)).toBe(
			true
		);

		// "Later" keeps everything as it is
		await toast.getByRole('button').first().click();
		await toast.waitFor({ state: 'hidden' });
		expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);

		// the next check offers it again; "Reload" activates it and reloads
		await page.evaluate(async () => {
			const registration = await navigator.serviceWorker.getRegistration();
			await registration?.update();
		});
		await page.reload(); // an ordinary reload: the waiting worker still waits…
		await toast.waitFor({ state: 'visible', timeout: 30_000 });
		await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
		await Promise.all([page.waitForEvent('load'), toast.getByRole('button').last().click()]);
		await expectScreen(page, APP_ROUTES[0]);
		expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false);
		await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting == null);
		expect(await toast.count()).toBe(0);
	} finally {
		await context.close();
		await server.close();
	}
});
