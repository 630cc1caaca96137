// Issue 16: the static build published under a sub-path (GitHub Pages: https://<user>.github.io/<repo>/,
// .github/workflows/pages.yml) works there as it does at a host's root. `npm test` makes that build
// (`npm run build:subpath`: BASE_PATH=/labyrinth-gm into build-subpath/, as the workflow does);
// here it is served under its base only, so any address that forgets the base is a 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../../scripts/server.js';
import { ROOT } from '../../scripts/lib/build.js';
import { launch, newContext, waitForServiceWorkerControl } from './support/browser';
import { APP_ROUTES } from './support/routes';

const BASE = '/labyrinth-gm';
const SUBPATH_BUILD = join(ROOT, 'build-subpath');

let browser: Browser;
let server: Server;
let origin: string;

beforeAll(async () => {
	if (!existsSync(join(SUBPATH_BUILD, 'index.html'))) throw new Error('No sub-path build in build-subpath/: run `npm run build:subpath` first (npm test does).');
	const host = express();
	host.use(BASE, createApp(SUBPATH_BUILD).app);
	server = createServer(host);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
	await new Promise((resolve) => server?.close(resolve));
});

test('under a sub-path every route opens, asks only for addresses under it, installs its service worker there and opens offline', async () => {
	const context = await newContext(browser, { baseURL: origin });
	const page = await context.newPage();
	const outside: string[] = [];
	const failed: string[] = [];
	page.on('request', (request) => {
		const url = new URL(request.url());
		if (url.origin === origin && !url.pathname.startsWith(`${BASE}/`)) outside.push(url.pathname);
	});
	page.on('response', (response) => {
		if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
	});
	try {
		// a person opens the published address and walks to the editor by its link
		await page.goto(`${BASE}/`);
		await page.locator('main[data-screen="home"]').waitFor({ timeout: 30_000 });
		await page.locator(`a[href="${BASE}/design"]`).first().click();
		await page.locator('main[data-screen="design"]').waitFor({ timeout: 30_000 });
		expect(new URL(page.url()).pathname).toBe(`${BASE}/design`);

		// the service worker lives under the base and controls it
		await page.goto(`${BASE}/`);
		await waitForServiceWorkerControl(page);
		const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
		expect(scope).toBe(`${origin}${BASE}/`);

		// every route, typed as an address, then again with the network cut
		for (const offline of [false, true]) {
			await context.setOffline(offline);
			for (const route of APP_ROUTES) {
				await page.goto(`${BASE}${route.path === '/' ? '/' : route.path}`);
				await page.locator(`main[data-screen="${route.screen}"]`).waitFor({ timeout: 30_000 });
				await expect.poll(async () => ((await page.locator('h1').first().textContent()) ?? '').trim().length).toBeGreaterThan(0);
			}
		}
		expect(outside, 'addresses outside the base').toEqual([]);
		expect(failed, 'failed requests').toEqual([]);
	} finally {
		await context.close();
	}
}, 180_000);
