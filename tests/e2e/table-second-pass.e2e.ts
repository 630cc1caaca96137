// Issue 33, second pass: what a newcomer still stumbled on at a real table, each walked as a
// person walks it at the LAN address (plain HTTP, as on the table's network), at the sizes named:
// a 360x740 phone, a 1024x768 tablet and the same tablet upright (768x1024). Screenshots in
// English, Russian and Ukrainian.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer } from '../../scripts/server.js';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { LAN_HOST } from './support/chromium';
import { importPlan } from './support/library';
import { launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { openTableFromHome, tableContext, type DeviceLook, type TableDevice } from './support/net-table';
import { watchErrors } from './support/page-errors';
import { onScreen, tapContour, tapSquare } from './support/player-screen';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const lan = journeyOrigins().find((o) => !o.secure)!;
const LANGS = ['en', 'ru', 'uk'] as const;
const LOOKS: Record<string, DeviceLook> = { en: { locale: 'en-US' }, ru: { locale: 'ru-RU' }, uk: { locale: 'uk-UA' } };
const device = (size: TableDevice, lang = 'en', origin = lan.url) => tableContext(browser, origin, size, false, LOOKS[lang]);

// A 6x6 field with exits on the left and the right, the true treasure in the far corner and each item lying somewhere.
const field = {
	...buildPlan(['LLLLLL', 'LLLLLL', 'LLHLLL', 'LLLLWL', 'LLLLLL', 'LLLLLL'], {
		exits: [[0, 0, 'left', true], [5, 3, 'right', true]],
		items: [
			[5, 5, 'treasure', true],
			[1, 1, 'bullet', 2],
			[3, 1, 'grenade', 1],
			[4, 4, 'landmine', 1]
		]
	}),
	name: 'Upright field'
};

/** The header's bottom edge: what is above it is hidden under the sticky header. */
const headerBottom = (page: Page) => page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);

/** Whether the whole of `locator` is within the window, below the header. */
async function wholeInSight(page: Page, locator: Locator): Promise<boolean> {
	const top = await headerBottom(page);
	return locator.evaluate((e, top) => {
		const r = e.getBoundingClientRect();
		return r.top >= top - 1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1;
	}, top);
}

/** From home, Host a game on one device (the master's console) with `plan`, for two people. */
async function openConsole(page: Page, name: string): Promise<void> {
	await page.goto('/');
	await page.locator('main a.action[href$="host"]').click();
	await page.getByTestId('setup').waitFor();
	await page.locator('.plans .plan', { hasText: name }).first().click();
	await page.getByTestId('start-game').click();
	await page.waitForURL(/\/host\?id=/);
	await page.getByTestId('console').waitFor();
}

describe('the upright tablet: the master\'s console', () => {
	test('after each move the whole map and the whole move pad stay in sight, items drawn as signs', { timeout: 180_000 }, async () => {
		for (const lang of LANGS) {
			const context = await device('tablet768', lang);
			const page = await context.newPage();
			const errors = watchErrors(page);
			try {
				await importPlan(page, field, 'upright.json');
				await openConsole(page, field.name);
				const map = page.locator('[data-testid="console"] svg.board').first();
				for (const at of [[0, 5], [5, 0]] as [number, number][]) {
					await tapSquare(page, map, at);
					await page.getByTestId('place-start').click();
				}
				await page.getByTestId('confirm-starts').click();
				const pad = page.getByTestId('composer');
				for (let move = 0; move < 3; move++) {
					await pad.waitFor();
					if (move === 0) await screenshot(page, `second-pass-console-before-${lang}-tablet768`);
					const news = await page.getByTestId('console').textContent();
					await pad.locator(`[data-dir="${move % 2 ? 'down' : 'up'}"]`).tap();
					await expect.poll(() => page.getByTestId('console').textContent()).not.toBe(news);
					await expect.poll(async () => (await wholeInSight(page, map)) && (await wholeInSight(page, pad)), { message: `${lang}: after move ${move + 1} the map and the pad in sight` }).toBe(true);
				}
				// The items on the map are drawn signs (not letters), each named in the legend.
				for (const kind of ['bullet', 'grenade', 'landmine']) {
					const sign = map.locator(`[data-item="${kind}"]`);
					expect(await sign.count(), `${lang}: a ${kind} on the map`).toBe(1);
					expect((await sign.boundingBox())!.width, `${lang}: the ${kind} big enough to read`).toBeGreaterThanOrEqual(18);
				}
				await screenshot(page, `second-pass-console-${lang}-tablet768`);
				expect(errors).toEqual([]);
			} finally {
				await context.close();
			}
		}
	});
});

describe('the master\'s console on a slow disk', () => {
	test('a square tapped while the last start is still being saved stays picked for the next player', { timeout: 120_000 }, async () => {
		const context = await device('tablet768');
		const page = await context.newPage();
		try {
			await importPlan(page, field, 'slow.json');
			await openConsole(page, field.name);
			// A loaded tablet's storage: a save reports done only when the test lets it (it was three
			// seconds late, which a busy machine could spend between two taps and see the save done).
			await page.evaluate(() => {
				const held: (() => void)[] = [];
				let holding = true;
				(window as unknown as { letSavesFinish: () => void }).letSavesFinish = () => {
					holding = false;
					for (const done of held.splice(0)) done();
				};
				const own = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'oncomplete')!;
				Object.defineProperty(IDBTransaction.prototype, 'oncomplete', {
					configurable: true,
					get() {
						return own.get!.call(this);
					},
					set(done: ((e: Event) => void) | null) {
						own.set!.call(this, done && ((e: Event) => (holding ? held.push(() => done.call(this, e)) : done.call(this, e))));
					}
				});
			});
			const map = page.locator('[data-testid="console"] svg.board').first();
			const whose = page.getByTestId('whose');
			await tapSquare(page, map, [0, 5]);
			const first = await whose.textContent();
			await page.getByTestId('place-start').click();
			// The master taps the next player's square at once, as the first start is still being saved.
			await tapSquare(page, map, [5, 0]);
			expect(await whose.textContent(), 'the first start still being saved').toBe(first);
			await page.evaluate(() => (window as unknown as { letSavesFinish: () => void }).letSavesFinish());
			await expect.poll(() => whose.textContent(), { timeout: 30_000 }).not.toBe(first);
			// Once saved, the square tapped meanwhile is still the one picked: the next start goes there.
			await page.getByTestId('place-start').click();
			await expect.poll(() => page.getByTestId('answer-kept').textContent(), { timeout: 30_000 }).toContain('f1');
		} finally {
			await context.close();
		}
	});
});

describe('items on the boards', () => {
	test('the editor draws each item as a sign, its legend names it with the same sign', { timeout: 120_000 }, async () => {
		for (const [lang, size] of [['en', 'phone360'], ['ru', 'tablet1024'], ['uk', 'tablet768']] as const) {
			const context = await device(size, lang);
			const page = await context.newPage();
			try {
				await importPlan(page, field, 'items.json');
				await page.goto('/library');
				await page.locator('[data-testid="plans"] > li', { hasText: field.name }).getByRole('button', { name: new RegExp(field.name) }).click();
				await page.waitForURL(/\/design\?id=/);
				const board = page.locator('.board-area svg.board');
				await board.waitFor();
				const legend = page.locator('.side [data-testid="legend"]');
				if ((await legend.getAttribute('open')) === null) await legend.locator('summary').tap();
				for (const kind of ['bullet', 'grenade', 'landmine']) {
					const sign = board.locator(`[data-item="${kind}"]`);
					expect(await sign.count(), `${lang}: a ${kind} on the board`).toBe(1);
					expect(await sign.locator('text:not(.count)').count(), `${lang}: a ${kind} is no letter`).toBe(0);
					const named = legend.locator(`li[data-symbol="${kind}"]`);
					expect(await named.locator(`[data-item="${kind}"]`).count(), `${lang}: the legend draws the ${kind}`).toBe(1);
					expect((await named.locator('.name').textContent())!.trim().length).toBeGreaterThan(2);
				}
				// Two bullets: the count beside the sign.
				expect(await board.locator('[data-item="bullet"] .count').textContent()).toBe('2');
				await screenshot(page, `second-pass-editor-items-${lang}-${size}`);
			} finally {
				await context.close();
			}
		}
	});
});

describe('the table without a server', () => {
	test('"No server here… pair by QR codes" stands next to the button it explains', { timeout: 120_000 }, async () => {
		// Only the app's files are served (no PeerServer), and the internet is out of reach.
		const server = await startServer({ port: 0, host: '127.0.0.1' });
		try {
			for (const [lang, size] of [['en', 'tablet1024'], ['ru', 'tablet768'], ['uk', 'tablet1024']] as const) {
				const context: BrowserContext = await device(size, lang, `http://${LAN_HOST}:${server.port}`);
				await context.route((url) => url.hostname !== LAN_HOST, (route) => route.abort());
				const page = await context.newPage();
				try {
					await openTableFromHome(page);
					await page.locator('main[data-kind="manual"]').waitFor({ timeout: 30_000 });
					const button = page.getByTestId('add-phone');
					const why = page.locator('main p', { hasText: /QR/ }).filter({ hasNotText: /^$/ }).first();
					const [b, w] = [(await button.boundingBox())!, (await why.boundingBox())!];
					expect(b.y - (w.y + w.height), `${lang}: the reason just above its button`).toBeLessThan(40);
					expect(b.y - (w.y + w.height)).toBeGreaterThanOrEqual(0);
					expect(Math.abs(b.x - w.x), `${lang}: in the button's column`).toBeLessThan(40);
					expect(await page.locator('main p', { hasText: /QR/ }).count(), `${lang}: said once`).toBe(1);
					await screenshot(page, `second-pass-no-server-${lang}-${size}`);
				} finally {
					await context.close();
				}
			}
		} finally {
			await server.close();
		}
	});
});

describe('the balance report', () => {
	test('bars as long as their share, the computers\' pickers labelled Player n', { timeout: 180_000 }, async () => {
		const context = await device('phone360');
		const page = await context.newPage();
		try {
			await importPlan(page, field, 'balance.json');
			await page.goto('/library');
			await page.locator('[data-testid="plans"] > li', { hasText: field.name }).getByRole('button', { name: new RegExp(field.name) }).click();
			await page.waitForURL(/\/design\?id=/);
			await page.getByTestId('menu').tap();
			await page.getByTestId('balance-open').tap();
			for (const i of [0, 1]) expect(await page.getByTestId(`balance-seat-${i}`).textContent()).toContain(`Player ${i + 1}`);
			await page.getByTestId('balance-seat-0').scrollIntoViewIfNeeded();
			expect(await onScreen(page.getByTestId('balance-seat-0').locator('span')), 'the label seen').toBe(true);
			await page.getByTestId('balance-games').fill('8');
			await page.getByTestId('balance-run').tap();
			const results = page.getByTestId('balance-results');
			await results.waitFor({ timeout: 150_000 });
			const rows = await page.locator('[data-testid="balance-results"] .bars li').evaluateAll((lis) =>
				lis.map((li) => ({ text: li.querySelector('.n')!.textContent!, bar: li.querySelector('.bar')!.getBoundingClientRect().width, track: li.querySelector('.track')?.getBoundingClientRect().width ?? 0 }))
			);
			expect(rows.length).toBeGreaterThan(2);
			for (const { text, bar, track } of rows) {
				const share = Number(/(\d+) %/.exec(text)![1]) / 100;
				// The track is most of the phone's width; the bar its share of it (2 px at least, for a 0 %).
				expect(track, text).toBeGreaterThan(250);
				expect(Math.abs(bar - Math.max(2, share * track)), text).toBeLessThan(3);
			}
			await results.scrollIntoViewIfNeeded();
			await page.getByTestId('balance-endings').scrollIntoViewIfNeeded();
			await screenshot(page, 'second-pass-balance-phone360');
		} finally {
			await context.close();
		}
	});
});

describe('names that nobody typed', () => {
	test('a computer seat named in Russian reads in Ukrainian after the switch; a typed name stays', { timeout: 120_000 }, async () => {
		const context = await device('phone360', 'ru');
		const page = await context.newPage();
		try {
			await importPlan(page, field, 'names.json');
			await page.goto('/');
			await page.locator('[data-rules="classic"] a[href*="pass"]').first().click();
			await page.getByTestId('setup').waitFor();
			await page.locator('.plans .plan', { hasText: field.name }).first().click();
			// The computer first in the order listed: its start is in Аня's feed before her own turn.
			await page.getByTestId('seat-kind-0').selectOption('explorer');
			expect(await page.getByTestId('name-0').inputValue()).toBe('Компьютер 1');
			await page.getByTestId('name-1').fill('Аня');
			await page.getByTestId('listed-order').check();
			await page.getByTestId('start-game').tap();
			await page.waitForURL(/\/pass\?id=/);
			const screen = page.locator('[data-testid="player"], [data-testid="curtain"]').first();
			const mainText = async () => (await page.locator('main').textContent())!.replace(/[\u2068\u2069]/g, '');
			// Аня whispers her start; then the feed tells the computer's turns.
			await page.locator('[data-testid="player"][data-phase="start"] [data-testid="contour"]').waitFor();
			await tapContour(page, [0, 0]);
			await page.getByTestId('confirm-cell').tap();
			await expect.poll(mainText, { timeout: 30_000 }).toContain('Компьютер 1');
			const game = page.url();
			// To the home screen's language switch, and back to the game.
			await page.goto('/');
			await page.locator('[data-locale="uk"]').tap();
			await page.goto(game);
			await screen.waitFor();
			await expect.poll(mainText).toContain("Комп'ютер 1");
			const text = await mainText();
			expect(text).not.toContain('Компьютер');
			expect(text).toContain('Аня');
			await screenshot(page, 'second-pass-names-uk-phone360');
		} finally {
			await context.close();
		}
	});
});

describe('the editor on a 360 px phone', () => {
	test('the inspector opens in sight, the menu and Start over stay within the screen', { timeout: 120_000 }, async () => {
		for (const lang of LANGS) {
			const context = await device('phone360', lang);
			const page = await context.newPage();
			try {
				await importPlan(page, field, 'editor.json');
				await page.goto('/library');
				await page.locator('[data-testid="plans"] > li', { hasText: field.name }).getByRole('button', { name: new RegExp(field.name) }).click();
				await page.waitForURL(/\/design\?id=/);
				const board = page.locator('.board-area svg.board');
				await board.waitFor();
				// The legend opened first, as a person reading the symbols would.
				const legend = page.locator('.side [data-testid="legend"]');
				if ((await legend.getAttribute('open')) === null) await legend.locator('summary').tap();
				await page.locator('[data-tool="inspect"]').tap();
				await tapSquare(page, board, [1, 1]);
				const inspector = page.getByTestId('inspector');
				await expect.poll(() => inspector.locator('.items, .chips').first().count(), { message: `${lang}: the square inspected` }).toBeGreaterThan(0);
				await expect.poll(() => onScreen(inspector.locator('h3, h2, .label').first()), { message: `${lang}: the inspector's top in sight` }).toBe(true);
				await screenshot(page, `second-pass-editor-inspect-${lang}-phone360`);
				await page.getByTestId('menu').tap();
				for (const item of await page.locator('.menu [role="menuitem"]').all()) expect(await wholeInSight(page, item), `${lang}: ${await item.textContent()} within the screen`).toBe(true);
				await screenshot(page, `second-pass-editor-menu-${lang}-phone360`);
				await page.getByTestId('start-over').tap();
				const dialog = page.locator('.backdrop').first();
				await dialog.waitFor();
				for (const el of await dialog.locator('button, input').all()) expect(await el.evaluate((e) => { const r = e.getBoundingClientRect(); return r.right <= innerWidth + 1 && r.left >= -1; }), `${lang}: ${await el.textContent()} within the screen`).toBe(true);
				await screenshot(page, `second-pass-editor-start-over-${lang}-phone360`);
			} finally {
				await context.close();
			}
		}
	});
});
