// Acceptance (issue 3): after one visit the service worker controls the page, and then every
// route renders with the network cut (a) and, separately, with the server stopped (b).
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer } from '../../scripts/server.js';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { launch, openPage, screenshot, waitForServiceWorkerControl } from './support/browser';
import { importPlan } from './support/library';
import { takeDevice, tapContour } from './support/player-screen';
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

const eventText = (locale: string, key: string): string => (JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>)[key]!;

test("with the network cut, switching the language mid-game shows the game's feed in the new language (its event texts come from the precache)", async () => {
	const { context, page } = await openPage(browser, '/');
	try {
		await waitForServiceWorkerControl(page);
		await importPlan(page, { ...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }), name: 'Offline' }, 'offline.json');
		await page.goto('/pass');
		await page.getByTestId('start-game').click();
		await page.waitForURL(/\/pass\?id=/);
		// player 1 starts on a1, player 2 on d2
		for (let i = 0; i < 2; i++) {
			const seat = await takeDevice(page);
			await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
			await tapContour(page, seat === 0 ? [0, 0] : [3, 1]);
			await page.getByTestId('confirm-cell').click();
			await page.getByTestId('pass-on').click();
		}
		// whoever moves first walks into the outer wall: up from a1, down from d2
		const first = await takeDevice(page);
		await page.getByTestId('composer').waitFor();
		await page.locator(`[data-dir="${first === 0 ? 'up' : 'down'}"]`).click();
		await page.getByTestId('answer').waitFor();
		// (said as a sentence: "Hit a wall.")
		expect((await page.getByTestId('answer').textContent())?.toLowerCase()).toContain(eventText('en', 'event_wall'));
		await page.getByTestId('pass-on').click();

		await context.setOffline(true);
		// home and back inside the app, no reload: the page keeps its scripts, the Russian texts are new
		await page.locator('header a.home').click();
		await page.locator('[data-locale="ru"]').click();
		await page.goBack();
		await takeDevice(page);
		const feed = page.getByTestId('feed');
		await expect.poll(() => feed.textContent(), { timeout: 30_000 }).toContain(eventText('ru', 'event_wall'));
		expect(await feed.textContent()).not.toContain(eventText('en', 'event_wall'));
		await screenshot(page, 'offline-feed-ru-phone');
	} finally {
		await context.close();
	}
});
