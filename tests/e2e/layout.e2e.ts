// Issue 21: the screens at a real table, each thing a person needs in sight at a glance. Walked
// from the home screen at each origin a table uses (origins.ts). The tablet (1024x768) opens the
// table: the invitation's QR code and room code, the phones waiting for admission, who has joined
// and *Start the game* are all in its first screen; after the start, "X chooses a start" sits just
// under the header. Two phones (360x740 and 390x844) join and play: on each turn the newest
// announcement and the direction pad are both in sight, also after composing a move, and the feed
// reads oldest first. A host on a 360x740 phone sees the same first screen. No label or hint on
// these screens is cut off (scrollWidth ≤ clientWidth). One origin walks it in Russian and the
// dark theme, so the screenshots (test-results/screenshots/layout-*) show both.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Action } from '../../src/lib/engine/game/types';
import { ACCEPTANCE_PLAN } from './support/acceptance-game';
import { baseURL, launch, screenshot } from './support/browser';
import { importPlan } from './support/library';
import { admit, openTableFromHome, tableContext, type DeviceLook } from './support/net-table';
import { journeyOrigins } from './support/origins';
import { onScreen, tapContour, tapSquare } from './support/player-screen';
import { watchErrors, withoutLinkNoise } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

interface Look extends DeviceLook {
	locale: 'en-US' | 'ru-RU';
	colorScheme: 'light' | 'dark';
	tag: string;
}

/** Wholly inside the viewport (not merely its centre), and what a finger at its centre touches. */
async function inFirstScreen(locator: Locator): Promise<boolean> {
	const whole = await locator.evaluate((el) => {
		const r = el.getBoundingClientRect();
		return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
	});
	return whole && (await onScreen(locator));
}

/** Labels, hints and buttons in `main` whose text is cut off: wider content than their box. */
async function clippedTexts(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('main :is(label, p, button, h2, h3, li, small, summary, a, .hint, .note)')]
			.filter((el) => {
				const style = getComputedStyle(el);
				if (style.display === 'inline' || el.clientWidth === 0 || !el.checkVisibility({ visibilityProperty: true })) return false;
				if (style.overflowX === 'auto' || style.overflowX === 'scroll') return false;
				return el.scrollWidth > el.clientWidth + 1;
			})
			.map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 60)} (${el.scrollWidth} > ${el.clientWidth})`)
	);
}

/**
 * Buttons, links and fields in `main` smaller than a finger (44 px either way). A checkbox counts
 * by its label (the label is what a finger taps); a link inside running text is not a target.
 */
async function smallTargets(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('main :is(button, a, input, select, summary, [role="tab"])')]
			.map((el) => {
				const label = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.closest('label') : null;
				return { el, box: (label ?? el).getBoundingClientRect() };
			})
			.filter(({ el, box }) => box.width > 0 && el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) && !el.closest('svg') && (box.width < 43.5 || box.height < 43.5))
			.map(({ el, box }) => `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? el.className}] ${el.textContent?.trim().slice(0, 30)} ${Math.round(box.width)}x${Math.round(box.height)}`)
	);
}

/** From the home screen: Host a game → At a table with phones, its invitation drawn. */
async function openTable(tablet: Page): Promise<void> {
	await openTableFromHome(tablet);
	await tablet.getByTestId('invite-url').waitFor({ timeout: 30_000 });
	await tablet.getByTestId('qr').locator('svg').waitFor();
}

/** The invitation's QR code, the room code and Start, each wholly in the first screen. */
async function expectOpeningInSight(tablet: Page): Promise<void> {
	expect(await tablet.evaluate(() => scrollY)).toBe(0);
	for (const id of ['qr', 'room-code', 'start-game']) expect(await inFirstScreen(tablet.getByTestId(id)), `${id} in the first screen`).toBe(true);
}

const MOVES: Action[][] = [
	[{ a: 'go', dir: 'right' }],
	[{ a: 'go', dir: 'right' }],
	[
		{ a: 'shoot', dir: 'up' },
		{ a: 'go', dir: 'down' }
	],
	[{ a: 'go', dir: 'left' }]
];
const STARTS: [number, number][] = [
	[0, 0],
	[0, 2]
];

const LOOKS: Look[] = [
	{ locale: 'en-US', colorScheme: 'light', tag: 'en-light' },
	{ locale: 'ru-RU', colorScheme: 'dark', tag: 'ru-dark' }
];

describe.each(journeyOrigins().map((origin, i) => ({ ...origin, look: LOOKS[i % LOOKS.length]! })))('the table at the $name origin', ({ url: origin, name, secure, look }) => {
	const shot = (what: string) => `layout-${name}-${look.tag}-${what}`;

	test('the tablet opens the table with everything in its first screen; the phones see the news and the pad on their turn', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const tabletContext = await tableContext(browser, origin, 'tablet1024', secure, look);
			contexts.push(tabletContext);
			const library = await tabletContext.newPage();
			await importPlan(library, ACCEPTANCE_PLAN, 'layout.json');
			await library.close();
			const tablet = await tabletContext.newPage();
			await openTable(tablet);
			await expectOpeningInSight(tablet);
			expect(await clippedTexts(tablet)).toEqual([]);
			expect(await smallTargets(tablet)).toEqual([]);
			await screenshot(tablet, shot('open-tablet'));

			const invite = (await tablet.getByTestId('invite-url').getAttribute('href'))!;
			const phones: Page[] = [];
			const phoneErrors: string[][] = [];
			const names = ['Anna', 'Boris'];
			for (const [i, kind] of (['phone360', 'phone'] as const).entries()) {
				const context = await tableContext(browser, origin, kind, secure, look);
				contexts.push(context);
				const phone = await context.newPage();
				phoneErrors.push(watchErrors(phone, names[i]));
				await phone.goto(invite);
				await phone.locator('main[data-ready="true"]').waitFor({ timeout: 30_000 });
				// the invitation brought the room code: the form asks for a name, not to type the code
				expect(await phone.getByTestId('join-intro').textContent()).not.toMatch(look.locale === 'en-US' ? /room code/i : /код комнаты/i);
				await phone.getByTestId('name').fill(names[i]!);
				await phone.getByTestId('join').click();
				await phone.locator('main:is([data-status="waiting"], [data-status="joined"])').waitFor({ timeout: 30_000 });
				if ((await phone.locator('main').getAttribute('data-status')) === 'waiting') {
					// the phone asking for a seat is in the tablet's first screen, with Admit
					const waiting = tablet.getByTestId('waiting-phone').filter({ hasText: names[i]! });
					await waiting.waitFor({ timeout: 30_000 });
					expect(await inFirstScreen(waiting.getByTestId('admit')), 'Admit in the first screen').toBe(true);
					if (i === 0) await screenshot(tablet, shot('waiting-tablet'));
					await admit(tablet, names[i]!);
				}
				await phone.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
				await tablet.locator('[data-testid="presence"] li', { hasText: names[i]! }).waitFor({ timeout: 30_000 });
				// before the game nothing has been said: no empty feed under "waiting for the master"
				expect(await phone.getByTestId('feed').count(), 'no feed before the game').toBe(0);
				phones.push(phone);
			}
			// who has joined and Start, still in the first screen with the invitation
			await expectOpeningInSight(tablet);
			expect(await inFirstScreen(tablet.locator('[data-testid="presence"] li').last())).toBe(true);
			expect(await clippedTexts(tablet)).toEqual([]);
			await screenshot(tablet, shot('joined-tablet'));

			await tablet.getByTestId('start-game').tap();
			const whose = tablet.getByTestId('whose');
			await whose.waitFor({ timeout: 30_000 });
			// "Anna chooses a start" just under the sticky header
			await expect
				.poll(() => whose.evaluate((el) => el.getBoundingClientRect().top - (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0)), { timeout: 30_000 })
				.toBeGreaterThanOrEqual(0);
			expect(await whose.evaluate((el) => el.getBoundingClientRect().top - (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0))).toBeLessThan(48);
			await screenshot(tablet, shot('started-tablet'));

			// the starts, in the drawn order: the first to choose takes a1, the other a3
			for (let chosen = 0; chosen < phones.length; ) {
				for (const phone of phones) {
					if (!(await phone.locator('[data-testid="player"][data-phase="start"][data-my-turn="true"]').count())) continue;
					await tapContour(phone, STARTS[chosen]!);
					await phone.getByTestId('confirm-cell').tap();
					await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached' });
					chosen++;
				}
			}
			await tablet.getByTestId('confirm-starts').tap();

			for (const [turn, actions] of MOVES.entries()) {
				const mine = '[data-testid="player"][data-phase="play"][data-my-turn="true"]';
				const mover = await Promise.any(phones.map((phone) => phone.locator(mine).waitFor({ timeout: 30_000 }).then(() => phone)));
				const pad = mover.locator(`[data-testid="composer"] [data-dir="${actions.at(-1)!.a === 'go' ? (actions.at(-1) as { dir: string }).dir : 'up'}"]`);
				const newest = mover.locator('[data-testid="player"] [data-testid="feed"] li').last();
				// the turn comes: what just happened and the pad, both in sight, nothing cut off
				await expect.poll(() => onScreen(newest), { timeout: 30_000, message: `turn ${turn}: the newest announcement in sight` }).toBe(true);
				expect(await onScreen(pad), `turn ${turn}: the pad in sight`).toBe(true);
				// and the last answer the table heard, not only the line saying whose move it is
				const answer = mover.locator('[data-testid="player"] [data-testid="feed"] li:not(.turn):not(.empty)').last();
				if (await answer.count()) expect(await onScreen(answer), `turn ${turn}: the last answer in sight`).toBe(true);
				expect(await clippedTexts(mover)).toEqual([]);
				expect(await smallTargets(mover)).toEqual([]);
				const kind = mover === phones[0] ? '360' : '390';
				await screenshot(mover, shot(`turn${turn}-phone${kind}`));
				const count = await mover.locator('[data-testid="player"] [data-testid="feed"] li').count();
				if (actions.length === 1) {
					await pad.tap();
				} else {
					for (const a of actions) {
						if (a.a === 'shoot') await mover.getByTestId('shoot').tap();
						await mover.locator(`[data-testid="composer"] [data-dir="${(a as { dir: string }).dir}"]`).tap();
					}
					// composed (the chips under the pad scrolled to, as a thumb does on a small phone): the
					// sentence and Send come under the pad, which has not slid under the header
					await mover.getByTestId('sentence').waitFor();
					expect(await onScreen(pad), 'the pad in sight after composing').toBe(true);
					const below = async (l: Locator) => (await l.boundingBox())!.y;
					expect(await below(mover.getByTestId('sentence'))).toBeGreaterThan(await below(mover.locator('[data-testid="composer"] [data-dir="down"]')));
					await screenshot(mover, shot(`composed-phone${kind}`));
					await mover.getByTestId('send').tap();
				}
				// the answer comes at the bottom of the feed: the feed reads oldest first
				await expect.poll(() => mover.locator('[data-testid="player"] [data-testid="feed"] li').count(), { timeout: 30_000 }).toBeGreaterThan(count);
				if (turn === 0) {
					// the next to move reloads (a phone locked and woken, a tab brought back): the game is
					// there at once, and its turn comes round before any tap (no buzz refused in the console)
					const next = phones.find((p) => p !== mover)!;
					await next.reload();
					await next.locator('[data-testid="player"][data-phase="play"]').waitFor({ timeout: 30_000 });
					await next.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
				}
			}
			expect(withoutLinkNoise(phoneErrors.flat())).toEqual([]);
			// what the phone has heard, counted in the feed's word (announcements), not the program's ("events")
			expect(await phones[0]!.getByTestId('event-count').textContent()).not.toMatch(/events|событий/i);
			// the phone's title follows the game: no longer "Join a table"
			expect(await phones[0]!.title()).not.toMatch(look.locale === 'en-US' ? /^Join a table/ : /^Сесть за стол/);
			await screenshot(tablet, shot('console-tablet'));

			// The tablet goes away on a phone's turn: the phone says so in sight (not scrolled off above
			// the pad), and a move tapped then says it waits for the answer (it did nothing visible).
			const mine = '[data-testid="player"][data-phase="play"][data-my-turn="true"]';
			const mover = await Promise.any(phones.map((phone) => phone.locator(mine).waitFor({ timeout: 30_000 }).then(() => phone)));
			await tablet.close();
			await mover.locator('main[data-status="away"]').waitFor({ timeout: 60_000 });
			// The tablet goes away on a phone's turn: at the feed and the pad the banner stays in sight
			// wherever the page is scrolled, the pad uncovered; over the sheet it never lies (issue 29).
			const banner = mover.getByTestId('seat-status');
			expect(await onScreen(banner), 'the tablet away, said in sight').toBe(true);
			await mover.evaluate(() => scrollBy(0, 200));
			expect(await onScreen(banner), 'the tablet away, in sight scrolled down to the pad').toBe(true);
			expect(await onScreen(mover.locator('[data-testid="composer"] [data-dir="up"]')), 'the pad not covered by the banner').toBe(true);
			await mover.getByTestId('tab-sheet').tap();
			const sheet = mover.getByTestId('sheet');
			await sheet.waitFor();
			// the sheet's top scrolled up under the header, as when drawing on its board
			await sheet.evaluate((el) => el.scrollIntoView({ block: 'start' }));
			const header = await mover.evaluate(() => document.querySelector('header')!.getBoundingClientRect().bottom);
			expect((await sheet.boundingBox())!.y, 'the sheet scrolled under the header').toBeLessThanOrEqual(header);
			const overlap = async () => {
				const [b, s] = [(await banner.boundingBox())!, (await sheet.boundingBox())!];
				return b.y + b.height > s.y && b.y < s.y + s.height && b.y + b.height > 0;
			};
			expect(await overlap(), 'the banner never covers the sheet').toBe(false);
			await screenshot(mover, shot('tablet-away-sheet-phone'));
			await mover.getByTestId('tab-move').tap();
			await mover.locator('[data-testid="composer"] [data-dir="up"]').scrollIntoViewIfNeeded();
			expect(await onScreen(banner), 'the tablet away, said in sight back at the pad').toBe(true);
			await mover.locator('[data-testid="composer"] [data-dir="up"]').tap();
			const sending = mover.getByTestId('sending');
			await sending.waitFor({ timeout: 30_000 });
			expect(await onScreen(sending), 'the move waiting for its answer, said in sight').toBe(true);
			expect(await mover.locator('[data-testid="composer"] [data-dir="up"]').isDisabled(), 'no second move while one waits').toBe(true);
			await screenshot(mover, shot('tablet-away-phone'));
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 240_000);

	test('a host on a 360x740 phone sees the invitation and Start in its first screen', async () => {
		const context = await tableContext(browser, origin, 'phone360', secure, look);
		try {
			const host = await context.newPage();
			await host.goto('/');
			await host.locator('main a.action[href$="host"]').click();
			// the host screen: each way to play a card that goes somewhere
			await host.getByTestId('to-console').waitFor();
			expect(await clippedTexts(host)).toEqual([]);
			expect(await smallTargets(host)).toEqual([]);
			await screenshot(host, shot('host-phone360'));
			await host.getByTestId('to-table').tap();
			await host.getByTestId('invite-url').waitFor({ timeout: 30_000 });
			await host.getByTestId('qr').locator('svg').waitFor();
			await expectOpeningInSight(host);
			expect(await clippedTexts(host)).toEqual([]);
			await screenshot(host, shot('open-phone360'));
		} finally {
			await context.close();
		}
	}, 120_000);
});

// Every screen's title whole on the smallest phone, in English and Russian: it wraps, never ends
// in "…" ("New laby…", "Игра на одном уст…" did), and the header stays a header (a quarter of
// the screen at most), leaving the first screen to the screen's own work.
describe('the titles at 360x740', () => {
	const ROUTES = ['/library', '/design', '/pass', '/host', '/duel', '/join', '/join/host'];
	test.each(['en-US', 'ru-RU'])('%s: every screen\'s title whole, the header a quarter of the screen at most', async (locale) => {
		const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: baseURL(), locale });
		try {
			const page = await context.newPage();
			const cut: string[] = [];
			for (const route of ROUTES) {
				await page.goto(route);
				const title = page.locator('header h1');
				await title.waitFor();
				await page.waitForFunction(() => !!document.querySelector('header h1')?.textContent?.trim());
				const box = await title.evaluate((el) => {
					const header = el.closest('header')!.getBoundingClientRect();
					return { text: el.textContent!.trim(), wide: el.scrollWidth > el.clientWidth + 1, tall: el.scrollHeight > el.clientHeight + 1, header: header.height };
				});
				if (box.wide || box.tall || box.header > 740 / 4) cut.push(`${route}: "${box.text}" ${JSON.stringify(box)}`);
				await screenshot(page, `layout-title-${locale}${route.replaceAll('/', '-')}`);
			}
			expect(cut).toEqual([]);
		} finally {
			await context.close();
		}
	}, 120_000);
});

// One device (pass-and-play, the master's console): on a 360 px phone in Russian *Start* sat
// below the first screen, at the end of the seats form; it now stays in a bar at the bottom,
// in reach while the form is scrolled, on phones and on the tablet, in each language. The
// console's round counter speaks as players do ("rounds without change"); the rules' own
// term, N_stop, is left to the button's hint.
describe('one device: Start in reach, the console in words', () => {
	const SIZES = [
		{ width: 360, height: 740 },
		{ width: 390, height: 844 },
		{ width: 1024, height: 768 }
	];
	test.each(['en-US', 'ru-RU', 'uk-UA'])('%s: Start in the first screen and in reach all the way down; the round counter in words', async (locale) => {
		const context = await browser.newContext({ viewport: SIZES[0], deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: baseURL(), locale });
		try {
			const page = await context.newPage();
			const errors = watchErrors(page);
			await importPlan(page, ACCEPTANCE_PLAN, 'one-device.json');
			for (const size of SIZES) {
				await page.setViewportSize(size);
				await page.goto('/pass');
				const start = page.getByTestId('start-game');
				await start.waitFor();
				await expect.poll(() => start.isEnabled(), { message: 'a plan chosen: Start enabled' }).toBe(true);
				const where = `${size.width}x${size.height}`;
				expect(await inFirstScreen(start), `${where}: Start in the first screen`).toBe(true);
				expect(await clippedTexts(page), where).toEqual([]);
				await screenshot(page, `layout-pass-${locale}-${where}`);
				// the settings opened (the form at its longest), scrolled half way and to the end: Start still in reach
				await page.locator('details.settings summary').tap();
				expect(await clippedTexts(page), `${where}: the settings`).toEqual([]);
				for (const part of [0.5, 1]) {
					await page.evaluate((p) => scrollTo(0, (document.scrollingElement!.scrollHeight - innerHeight) * p), part);
					expect(await inFirstScreen(start), `${where}: Start in reach scrolled ${part * 100}%`).toBe(true);
				}
			}
			await page.goto('/host');
			await page.getByTestId('to-console').tap();
			await page.getByTestId('start-game').tap();
			const count = page.getByTestId('master-nstop');
			await count.waitFor({ timeout: 30_000 });
			expect(await count.textContent()).not.toMatch(/N[ _]?stop/i);
			expect(await count.getAttribute('title')).toContain('N_stop');
			// the rounds are counted in play: the starts placed and confirmed first
			await page.getByTestId('console').waitFor();
			const place = page.getByTestId('place-start');
			for (const at of STARTS) {
				const board = page.locator('main svg.board').first();
				await tapSquare(page, board, at);
				// (a tap before the map listens picks nothing: tapped again until the cell is picked)
				await expect
					.poll(async () => {
						if (await place.isEnabled()) return true;
						await tapSquare(page, board, at);
						return false;
					}, { timeout: 30_000 })
					.toBe(true);
				await place.tap();
				await page.locator('[data-testid="refusal"]').waitFor({ state: 'detached' });
			}
			await page.getByTestId('confirm-starts').tap();
			await page.getByTestId('composer').waitFor();
			await count.tap();
			const counting = page.locator('[data-testid="console"] .nstop');
			await counting.waitFor();
			expect(await counting.textContent()).not.toMatch(/N[ _]?stop/i);
			expect(await count.textContent()).not.toMatch(/N[ _]?stop/i);
			await screenshot(page, `layout-console-nstop-${locale}`);
			// the game in the list of this device's games counts steps, as the reveal's scrubber does (not "commands")
			await page.goto('/host');
			const going = page.locator('[data-game] .badge').first();
			await going.waitFor();
			expect(await going.textContent()).not.toMatch(/command|команд/i);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 120_000);
});
