import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Every screen of the app, by path, with the `data-screen` its <main> carries.
 * A later issue that adds a route adds it here, and the offline tests cover it.
 */
export const APP_ROUTES = [
	{ path: '/', screen: 'home' },
	{ path: '/design', screen: 'design' },
	{ path: '/host', screen: 'host' },
	{ path: '/library', screen: 'library' },
	{ path: '/pass', screen: 'pass' },
	{ path: '/join', screen: 'join' },
	{ path: '/join/host', screen: 'join-host' },
	{ path: '/duel', screen: 'duel' }
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

/** Waits until `route` has rendered: its <main data-screen> is there with a non-empty heading. */
export async function expectScreen(page: Page, route: AppRoute, timeout = 30_000): Promise<void> {
	const main = page.locator(`main[data-screen="${route.screen}"]`);
	await main.waitFor({ state: 'visible', timeout });
	const heading = page.locator('h1').first();
	await heading.waitFor({ state: 'visible', timeout });
	expect((await heading.textContent())?.trim(), `heading of ${route.path}`).toBeTruthy();
	expect(new URL(page.url()).pathname).toBe(route.path);
}
