import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export const VIEWPORTS = {
	phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
	tablet: { viewport: { width: 1180, height: 820 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
	desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false }
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = 'test-results/screenshots';

/** The address of the production build served for this test run (see global-setup.ts). */
export function baseURL(): string {
	return inject('baseURL');
}

export async function launch(): Promise<Browser> {
	return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
}

export interface ContextOptions {
	device?: ViewportName;
	colorScheme?: 'light' | 'dark';
	locale?: string;
	/** Another server than the shared one (for tests that stop their own server). */
	baseURL?: string;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
	return browser.newContext({
		...VIEWPORTS[options.device ?? 'phone'],
		colorScheme: options.colorScheme ?? 'light',
		locale: options.locale ?? 'en-US',
		baseURL: options.baseURL ?? baseURL(),
		serviceWorkers: 'allow'
	});
}

/** Waits until a service worker controls the page (after the first install it claims clients). */
export async function waitForServiceWorkerControl(page: Page, timeout = 30_000): Promise<void> {
	await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout });
}

export async function screenshot(page: Page, name: string): Promise<string> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const path = `${SCREENSHOT_DIR}/${name}.png`;
	await page.screenshot({ path, fullPage: false });
	return path;
}

/** A new context and page at `path`, waiting for the page's load event. */
export async function openPage(
	browser: Browser,
	path: string,
	options: ContextOptions = {}
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await newContext(browser, options);
	const page = await context.newPage();
	await page.goto(path);
	return { context, page };
}
