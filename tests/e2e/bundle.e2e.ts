// The bundle benchmark's reading of the build (scripts/lib/route-js.js) against what
// Chromium really downloads for a route, the home screen's 60 KB (gzip) budget, /join's form
// shown from its first chunk alone (the network layer held back), and the
// player's screen's later scripts (and those only a request loads: the QR path, another
// language): counted, precached, and there with the network cut; the event texts: one
// language's downloaded with the screen (its own), counted with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { routeJs } from '../../scripts/lib/route-js.js';
import { BUILD_DIR } from '../../scripts/lib/build.js';
import { launch, newContext, openPage, waitForServiceWorkerControl } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

/** A phone's page that notes every script of the app it downloads (as build paths). */
async function watchedPhone(locale = 'en-US') {
	// no service worker: its precache would fetch every file of the app
	const context = await newContext(browser, { device: 'phone', locale });
	await context.route('**/sw.js', (request) => request.abort());
	const page = await context.newPage();
	const loaded = new Set<string>();
	page.on('response', (response) => {
		const path = new URL(response.url()).pathname;
		if (path.endsWith('.js') && path.startsWith('/_app/')) loaded.add(path.slice(1));
	});
	return { context, page, loaded };
}

test.each(APP_ROUTES)('the scripts counted for $path are the scripts Chromium loads for it', async (route) => {
	const { context, page, loaded } = await watchedPhone();
	try {
		await page.goto(route.path);
		await expectScreen(page, route);
		await page.waitForLoadState('networkidle');
		// the browser speaks English: the route's count with the English event texts
		const counted = routeJs(route.path, { locale: 'en' }).files;
		expect([...loaded].filter((f) => !counted.includes(f)), "loaded but not counted").toEqual([]);
		expect(counted.filter((f) => !loaded.has(f)), "counted but not loaded").toEqual([]);
	} finally {
		await context.close();
	}
});

test("the player's screen in Russian downloads the Russian event texts and no other language's; the figure counts the largest language's", async () => {
	const { context, page, loaded } = await watchedPhone('ru-RU');
	try {
		await page.goto('/join');
		await expectScreen(page, APP_ROUTES.find((r) => r.path === '/join')!);
		await page.waitForLoadState('networkidle');
		const ru = routeJs('/join', { locale: 'ru' });
		expect(ru.eventTexts).toBe('ru');
		expect([...loaded].sort()).toEqual(ru.files);
		// the bench's figure: the same scripts, with the language whose texts weigh most
		const counted = routeJs('/join');
		const others = (['en', 'ru', 'uk'] as const).filter((l) => l !== counted.eventTexts).map((locale) => routeJs('/join', { locale }));
		for (const other of others) {
			expect(other.files.length).toBe(counted.files.length);
			expect(other.gzipBytes).toBeLessThanOrEqual(counted.gzipBytes);
			// the other languages' texts are counted in the part loaded on request (a switch of language)
			expect(counted.onRequest.files.filter((f) => !other.onRequest.files.includes(f)).length).toBe(1);
			expect(counted.lazy.files).toEqual(other.lazy.files);
		}
	} finally {
		await context.close();
	}
});

test("the rule engine stays off the player's phone: no script /join loads, at once or later (the sheet's), holds a rule system (pass-and-play, which referees, does)", () => {
	// `runMove` is the rule systems' hook (src/lib/engine/rules/types.ts): only the engine names it.
	const holdsRules = (files: string[]) => files.filter((file) => readFileSync(join(BUILD_DIR, file), 'utf8').includes('runMove'));
	expect(holdsRules(routeJs('/pass').files).length).toBeGreaterThan(0);
	const phone = routeJs('/join');
	expect(holdsRules(phone.files)).toEqual([]);
	expect(holdsRules(phone.lazy.files)).toEqual([]);
	expect(holdsRules(phone.onRequest.files)).toEqual([]);
});

test("/join's form shows and takes a name from the first chunk alone: the network layer, held back, comes after", async () => {
	const { context, page, loaded } = await watchedPhone();
	try {
		const js = routeJs('/join', { locale: 'en' });
		expect(js.first.files.length).toBeGreaterThan(0);
		expect(js.first.files.length).toBeLessThan(js.files.length);
		// every script but the first chunk's waits until the form has been used
		let release = () => {};
		const held = new Promise<void>((r) => (release = r));
		await context.route('**/_app/immutable/**/*.js', async (request) => {
			const file = new URL(request.request().url()).pathname.slice(1);
			if (!js.first.files.includes(file)) await held;
			await request.continue();
		});
		await page.goto('/join?room=ABCD-EFGH-JKMN');
		await page.getByTestId('name').fill('Ann');
		await expect.poll(() => page.getByTestId('name').inputValue()).toBe('Ann');
		// (a script held back has not been answered, so it is not among the responses)
		expect([...loaded].filter((f) => !js.first.files.includes(f)), 'loaded before the form was used').toEqual([]);
		release();
		// then the rest: Join can be tapped once the network layer is in
		await page.locator('main[data-ready="true"]').waitFor();
		await expect.poll(() => page.getByTestId('join').isEnabled()).toBe(true);
		// (the seat's screen asks for its event texts as it loads: they may come a moment after)
		await expect.poll(() => js.files.filter((f) => !loaded.has(f)), { message: 'counted with the route but not loaded', timeout: 30_000 }).toEqual([]);
	} finally {
		await context.close();
	}
});

test('the home screen downloads less than 60 KB of JavaScript (gzip)', () => {
	const home = routeJs('/');
	expect(home.gzipBytes).toBeGreaterThan(0);
	expect(home.gzipBytes / 1024).toBeLessThan(60);
});

test("the player's screen's later scripts are counted: what the QR-code path loads on /join is the route's or its part loaded on request, not the lazy part", async () => {
	const { context, page, loaded } = await watchedPhone();
	try {
		await page.goto('/join?room=ABCDEF&via=qr');
		// the camera reader's screen is a lazy part of /join
		await page.locator('[data-testid="paste"]').waitFor();
		await page.waitForLoadState('networkidle');
		const js = routeJs('/join');
		const later = [...loaded].filter((f) => !js.files.includes(f));
		expect(later.length, 'the scanner came with a later script').toBeGreaterThan(0);
		expect(later.filter((f) => !js.lazy.files.includes(f) && !js.onRequest.files.includes(f)), 'loaded but counted nowhere').toEqual([]);
		// the camera reader is the QR path's own: the figure of a phone joining by the link leaves it out
		expect(later.filter((f) => js.onRequest.files.includes(f)).length, 'the QR path loaded nothing counted on request').toBeGreaterThan(0);
		expect(later.filter((f) => js.lazy.files.includes(f)), 'the QR path loaded a script of the usual path\'s lazy part').toEqual([]);
	} finally {
		await context.close();
	}
});

test("every script of the player's screen, the lazy ones too, is in the service worker's precache", () => {
	const sw = readFileSync(join(BUILD_DIR, 'sw.js'), 'utf8');
	const precached = new Set([...sw.matchAll(/url:\s*"([^"]+)"/g)].map((match) => match[1]));
	const js = routeJs('/join');
	expect(js.lazy.files.length).toBeGreaterThan(0);
	expect(js.onRequest.files.length).toBeGreaterThan(0);
	expect([...js.files, ...js.lazy.files, ...js.onRequest.files].filter((f) => !precached.has(f)), 'not precached').toEqual([]);
});

test("with the network cut, the player's screen still opens its lazy parts (from the precache)", async () => {
	const { context, page } = await openPage(browser, '/');
	try {
		await waitForServiceWorkerControl(page);
		await context.setOffline(true);
		await page.goto('/join?room=ABCDEF&via=qr');
		await page.locator('[data-testid="paste"]').waitFor({ timeout: 30_000 });
	} finally {
		await context.close();
	}
});

test("Dexie stays off the phone's start (the seat has its own small store) and comes later, with the sheet", () => {
	// '_dbSchema' is a field of Dexie's own code (the names of its errors are also read by src/lib/store/saver.ts).
	const holdsDexie = (files: string[]) => files.filter((file) => readFileSync(join(BUILD_DIR, file), 'utf8').includes('_dbSchema'));
	const phone = routeJs('/join');
	expect(holdsDexie(routeJs('/library').files).length).toBeGreaterThan(0);
	expect(holdsDexie(phone.files)).toEqual([]);
	expect(holdsDexie(phone.lazy.files).length).toBeGreaterThan(0);
});
