// Acceptance (issue 3): the web app manifest is valid and the app installable: icons reachable
// with the sizes they declare, a maskable one, start_url and scope right, screenshots for the
// rich install prompt. Chromium's own installability check must find nothing wrong.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseURL, launch, openPage, waitForServiceWorkerControl } from './support/browser';
import { pngSize } from './support/png';

interface ManifestImage {
	src: string;
	sizes: string;
	type?: string;
	purpose?: string;
	form_factor?: string;
}
interface Manifest {
	name?: string;
	short_name?: string;
	description?: string;
	start_url?: string;
	scope?: string;
	id?: string;
	display?: string;
	theme_color?: string;
	background_color?: string;
	icons?: ManifestImage[];
	screenshots?: ManifestImage[];
}

let browser: Browser;
let page: Page;
let manifestUrl: URL;
let manifest: Manifest;

beforeAll(async () => {
	browser = await launch();
	({ page } = await openPage(browser, '/'));
	const href = await page.locator('link[rel="manifest"]').getAttribute('href');
	expect(href, '<link rel="manifest"> in the page').toBeTruthy();
	manifestUrl = new URL(href ?? '', page.url());
	const response = await fetch(manifestUrl);
	expect(response.ok).toBe(true);
	manifest = (await response.json()) as Manifest;
});
afterAll(async () => {
	await browser?.close();
});

/** Fetches an image of the manifest and checks it is a PNG of each declared size. */
async function expectImage(image: ManifestImage): Promise<void> {
	const url = new URL(image.src, manifestUrl);
	const response = await fetch(url);
	expect(response.status, image.src).toBe(200);
	expect(response.headers.get('content-type'), image.src).toContain(image.type ?? 'image/png');
	const size = pngSize(new Uint8Array(await response.arrayBuffer()));
	expect(image.sizes.split(/\s+/), image.src).toContain(`${size.width}x${size.height}`);
}

describe('the web app manifest', () => {
	test('names the app and opens it standalone at the root', () => {
		expect(manifest.name).toBe('Labyrinth GM');
		expect(manifest.short_name?.length ?? 0).toBeGreaterThan(0);
		expect(manifest.short_name?.length ?? 99).toBeLessThanOrEqual(12);
		expect(manifest.description?.length ?? 0).toBeGreaterThan(20);
		expect(manifest.display).toBe('standalone');
		expect(new URL(manifest.start_url ?? '', manifestUrl).href).toBe(`${baseURL()}/`);
		expect(new URL(manifest.scope ?? '', manifestUrl).href).toBe(`${baseURL()}/`);
		expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
		expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
	});

	test('every icon is reachable at the size it declares; 192 and 512 and a maskable one exist', async () => {
		const icons = manifest.icons ?? [];
		for (const icon of icons) await expectImage(icon);
		const sizes = (purpose: string) =>
			icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).flatMap((icon) => icon.sizes.split(' '));
		expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
		expect(sizes('maskable')).toContain('512x512');
	});

	test('screenshots for the install prompt: one narrow, one wide, each at its declared size', async () => {
		const shots = manifest.screenshots ?? [];
		expect(shots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
		for (const shot of shots) await expectImage(shot);
	});

	test("Chromium finds the page installable and the manifest free of errors", async () => {
		await waitForServiceWorkerControl(page);
		const cdp = await page.context().newCDPSession(page);
		const { errors } = await cdp.send('Page.getAppManifest');
		expect(errors).toEqual([]);
		const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
		// Test contexts are incognito profiles, where Chromium never offers installation:
		// that says nothing about the app, so it is the one error set aside.
		const ids = installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
		expect(ids).toEqual([]);
	});

	test('the page carries the theme colour and an apple touch icon', async () => {
		expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
		const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
		const response = await fetch(new URL(apple ?? '', page.url()));
		expect(response.status).toBe(200);
	});
});
