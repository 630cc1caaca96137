// Acceptance (issue 3): switching the language shows the home screen in Russian, then in
// Ukrainian; the choice survives a reload; <html lang> follows; the browser's language is
// the first guess.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, openPage } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

const catalogue = (locale: string): Record<string, string> =>
	JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'));
const HOME_KEYS = [
	'app_tagline',
	'home_design_title',
	'home_design_text',
	'home_host_title',
	'home_join_title',
	'home_library_title',
	'home_library_text',
	'home_language',
	'home_offline_note'
];

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

/** The home screen shows every home message of `locale`, and the page says it is in `locale`. */
async function expectHomeIn(page: Page, locale: string): Promise<void> {
	await expectScreen(page, APP_ROUTES[0]);
	const messages = catalogue(locale);
	const text = await page.locator('main').innerText();
	for (const key of HOME_KEYS) expect(text, `${key} in ${locale}`).toContain(messages[key]);
	expect(await page.locator('html').getAttribute('lang')).toBe(locale);
	expect(await page.locator(`[data-locale="${locale}"]`).getAttribute('aria-pressed')).toBe('true');
}

test('switch to Russian, then Ukrainian; the choice survives a reload and reaches other screens', async () => {
	const { context, page } = await openPage(browser, '/', { locale: 'en-US' });
	try {
		await expectHomeIn(page, 'en');
		const englishTitle = catalogue('en').home_design_title ?? '';

		await page.locator('[data-locale="ru"]').click();
		await expectHomeIn(page, 'ru');
		expect(await page.locator('main').innerText()).not.toContain(englishTitle);

		await page.locator('[data-locale="uk"]').click();
		await expectHomeIn(page, 'uk');

		await page.reload();
		await expectHomeIn(page, 'uk');

		await page.locator('nav.actions a[href="/host"]').click();
		await expectScreen(page, APP_ROUTES[2]);
		expect(await page.locator('h1').innerText()).toBe(catalogue('uk').home_host_title);
		expect(await page.locator('main').innerText()).toContain(catalogue('uk').shell_host_intro);
	} finally {
		await context.close();
	}
});

test.each([
	['ru-RU', 'ru'],
	['uk-UA', 'uk'],
	['de-DE', 'en']
])('a browser in %s opens in %s', async (browserLocale, expected) => {
	const { context, page } = await openPage(browser, '/', { locale: browserLocale });
	try {
		await expectHomeIn(page, expected);
	} finally {
		await context.close();
	}
});
