import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, newContext, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

test('the home screen opens in Chromium and names the app', async () => {
	const context = await newContext(browser, { device: 'phone' });
	const page = await context.newPage();
	await page.goto('/');
	await expect.poll(() => page.locator('h1').first().textContent()).toContain('Labyrinth');
	await screenshot(page, 'home-phone-light');
	await context.close();
});
