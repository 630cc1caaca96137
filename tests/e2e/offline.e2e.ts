// Acceptance (issue 3): after one visit the service worker controls the page, and then every
// route renders with the network cut (a) and, separately, with the server stopped (b).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer } from '../../scripts/server.js';
import { launch, openPage, waitForServiceWorkerControl } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

test('with the network cut, every route renders, by navigation and by reload', async () => {
	const { context, page } = await openPage(browser, '/');
	await waitForServiceWorkerControl(page);
	await context.setOffline(true);
	try {
		for (const route of APP_ROUTES) {
			await page.goto(route.path);
			await expectScreen(page, route);
			await page.reload();
			await expectScreen(page, route);
		}
		// a deep link no page was ever served for still gets the shell (the router then decides)
		const response = await page.goto('/play/some/deep/link');
		expect(response?.status()).toBe(200);
	} finally {
		await context.close();
	}
});

test('with the server stopped, every route renders, by navigation and by reload', async () => {
	const server = await startServer({ port: 0, host: '127.0.0.1' });
	const origin = `http://127.0.0.1:${server.port}`;
	const { context, page } = await openPage(browser, '/', { baseURL: origin });
	try {
		await waitForServiceWorkerControl(page);
		await server.close();
		// the server is really gone: Node cannot reach it
		await expect(fetch(`${origin}/`)).rejects.toThrow();
		for (const route of [...APP_ROUTES].reverse()) {
			await page.goto(route.path);
			await expectScreen(page, route);
			await page.reload();
			await expectScreen(page, route);
		}
		// in-app navigation (no document request) works too
		await page.goto('/');
		await page.locator('a[href="/design"]').click();
		await expectScreen(page, APP_ROUTES[1]);
		// The editor's back leads to the library, where the plan now lives.
		await page.locator('[data-testid="back"]').click();
		await expectScreen(page, APP_ROUTES.find((route) => route.path === '/library')!);
	} finally {
		await context.close();
		await server.close().catch(() => {});
	}
});
