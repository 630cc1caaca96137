// Issue 29: a device whose data a newer version of the app wrote (an old tab left open, an old
// version still cached) says so in words at the top of the screen, on the home page and in the
// library, and leaves the data as it found it. The newer database is made as a newer build
// would leave it: one schema version up, with a plan in it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCHEMA_VERSION } from '../../src/lib/store/schema-version';
import { launch, newContext, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

/** Writes the device's database as a build one schema version newer would. */
function writeAsNewerBuild(page: Page, version: number): Promise<void> {
	return page.evaluate(
		(v) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('labyrinth-gm', v);
				open.onupgradeneeded = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('later')) db.createObjectStore('later', { keyPath: 'id' }).add({ id: 'kept', what: 'a newer record' });
				};
				open.onsuccess = () => {
					open.result.close();
					resolve();
				};
				open.onerror = () => reject(open.error);
			}),
		version
	);
}

function readNewerRecord(page: Page): Promise<unknown> {
	return page.evaluate(
		() =>
			new Promise((resolve) => {
				const open = indexedDB.open('labyrinth-gm');
				open.onsuccess = () => {
					const read = open.result.transaction('later').objectStore('later').get('kept');
					read.onsuccess = () => {
						resolve(read.result);
						open.result.close();
					};
				};
			})
	);
}

test.each(journeyOrigins())('at $name: data from a newer version is said in words on every screen, and kept', async (origin) => {
	const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
	const page = await context.newPage();
	try {
		await page.goto('/');
		await page.getByRole('link', { name: /Design a labyrinth/ }).waitFor();
		expect(await page.getByTestId('newer-data').count()).toBe(0);

		await writeAsNewerBuild(page, (SCHEMA_VERSION + 1) * 10);
		await page.reload();
		const banner = page.getByTestId('newer-data');
		await banner.waitFor();
		expect(await banner.textContent()).toContain('saved by a newer version of Labyrinth GM, and this page is an older one');
		await screenshot(page, 'newer-data-home');

		await page.getByRole('link', { name: /My labyrinths/ }).click();
		await page.waitForURL(/\/library/);
		await banner.waitFor();

		// Its button reloads; the data is still the newer build's, untouched.
		await page.getByRole('button', { name: 'Reload to update' }).click();
		await banner.waitFor();
		expect(await readNewerRecord(page)).toEqual({ id: 'kept', what: 'a newer record' });
	} finally {
		await context.close();
	}
});
