// The bundle benchmark's reading of the build (scripts/lib/route-js.js) against what
// Chromium really downloads for a route, and the home screen's 60 KB (gzip) budget.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { routeJs } from '../../scripts/lib/route-js.js';
import { launch, newContext } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

test.each(APP_ROUTES)('the scripts counted for $path are the scripts Chromium loads for it', async (route) => {
	// no service worker: its precache would fetch every file of the app
	const context = await newContext(browser, { device: 'phone' });
	await context.route('**/sw.js', (request) => request.abort());
	const page = await context.newPage();
	const loaded = new Set<string>();
	page.on('response', (response) => {
		const path = new URL(response.url()).pathname;
		if (path.endsWith('.js') && path.startsWith('/_app/')) loaded.add(path.slice(1));
	});
	try {
		await page.goto(route.path);
		await expectScreen(page, route);
		await page.waitForLoadState('networkidle');
		const counted = routeJs(route.path).files;
		expect([...loaded].filter((f) => !counted.includes(f)), "loaded but not counted").toEqual([]);
		expect(counted.filter((f) => !loaded.has(f)), "counted but not loaded").toEqual([]);
	} finally {
		await context.close();
	}
});

test('the home screen downloads less than 60 KB of JavaScript (gzip)', () => {
	const home = routeJs('/');
	expect(home.gzipBytes).toBeGreaterThan(0);
	expect(home.gzipBytes / 1024).toBeLessThan(60);
});
