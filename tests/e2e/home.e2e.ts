// The home screen as a person meets it: phone and tablet, light and dark (screenshots under
// test-results/screenshots/ for a human to look at), nothing wider than a 360 px phone,
// every control big enough for a finger.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, openPage, screenshot, type ViewportName } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

/** Links and buttons smaller than 48 CSS pixels either way (visible ones only). */
async function smallTapTargets(page: Page): Promise<string[]> {
	return page.$$eval('a, button, [role="button"]', (elements) =>
		elements
			.filter((element) => (element as HTMLElement).offsetParent !== null)
			.map((element) => ({ element, box: element.getBoundingClientRect() }))
			.filter(({ box }) => box.width < 48 || box.height < 48)
			.map(({ element, box }) => `${element.outerHTML.slice(0, 60)} ${box.width}x${box.height}`)
	);
}

describe('the home screen', () => {
	test.each([
		['phone', 'light'],
		['phone', 'dark'],
		['tablet', 'light'],
		['tablet', 'dark']
	] as const)('on a %s, %s theme: renders and is screenshotted', async (device, colorScheme) => {
		const { context, page } = await openPage(browser, '/', { device: device as ViewportName, colorScheme });
		try {
			await expectScreen(page, APP_ROUTES[0]);
			const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
			// the theme follows the system: a dark page in dark mode, a light one in light mode
			const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
			const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
			if (colorScheme === 'dark') expect(luminance).toBeLessThan(0.25);
			else expect(luminance).toBeGreaterThan(0.75);
			await screenshot(page, `home-${device}-${colorScheme}`);
		} finally {
			await context.close();
		}
	});

	test('on the smallest phone (360 px) nothing overflows sideways and every control takes a finger', async () => {
		const { context, page } = await openPage(browser, '/');
		try {
			await page.setViewportSize({ width: 360, height: 740 });
			for (const route of APP_ROUTES) {
				await page.goto(route.path);
				await expectScreen(page, route);
				// Against the phone's 360 px, not innerWidth: a mobile browser widens its layout viewport to wide content.
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - 360);
				expect(overflow, `${route.path} scrolls sideways`).toBeLessThanOrEqual(0);
				expect(await smallTapTargets(page), route.path).toEqual([]);
			}
		} finally {
			await context.close();
		}
	});
});
