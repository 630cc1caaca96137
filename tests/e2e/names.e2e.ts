// The announcements call the players by the names the table gave them, in English, Russian and
// Ukrainian (whose names the app cannot decline: the texts keep them in the nominative, and say
// nothing that takes a gender from a name — "нашёл" was wrong for Anna): on the
// phone's feed in pass-and-play, and in the log of the master's console. Screenshots of both at
// a phone and a tablet size.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay, replayEvents } from '../../src/lib/engine/game/game';
import { buildPlan } from '../../src/lib/engine/game/testing';
import type { Locale } from '../../src/lib/i18n/events';
import { importPlan, storedRecord } from './support/library';
import { launch, newContext, screenshot } from './support/browser';
import { expectedFeed, feedLines, tapContour, tapSquare } from './support/player-screen';
import { genderedWords } from '../../src/lib/i18n/gendered.testing';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

// a1 holds the true treasure by an open exit on its left; b1 a weaponry, c1 a hospital.
const plan = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Kitchen table'
};
const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1024, height: 768 };
const LANGS: { locale: Locale; browser: string; names: string[] }[] = [
	{ locale: 'en', browser: 'en-US', names: ['Anna', 'Boris'] },
	{ locale: 'ru', browser: 'ru-RU', names: ['Анна', 'Борис'] },
	{ locale: 'uk', browser: 'uk-UA', names: ['Ганна', 'Богдан'] }
];
/** A player told by number ("Player 2", "игрока 2", "Гравець 2"). */
const BY_NUMBER = /\b(player|players)\s+\d|(игрок|гравц|гравец)\S*\s+\d/iu;

async function fillNames(page: Page, names: string[]) {
	for (const [i, name] of names.entries()) await page.getByTestId(`name-${i}`).fill(name);
}

describe("the announcements say the players' names", () => {
	for (const { locale, browser: browserLocale, names } of LANGS)
		test(`${locale}: the phone's feed in pass-and-play, the names where the numbers were`, async () => {
			const context = await newContext(browser, { device: 'phone', locale: browserLocale });
			const page = await context.newPage();
			try {
				await importPlan(page, plan, 'kitchen.json');
				await page.goto('/pass');
				// On the smallest phone a computer's default name is whole beside its level, whose words are longest in Russian ("исследователь").
				await page.setViewportSize(PHONE);
				await page.getByTestId('seat-kind-1').selectOption('explorer');
				for (const i of [0, 1]) expect(await page.getByTestId(`name-${i}`).evaluate((el) => el.scrollWidth <= el.clientWidth), `${locale}: name ${i} cut at 360 px`).toBe(true);
				expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
				await screenshot(page, `names-setup-${locale}-phone`);
				await page.getByTestId('seat-kind-1').selectOption('person');
				await fillNames(page, names);
				await page.getByTestId('start-game').tap();
				await page.waitForURL(/\/pass\?id=/);
				const id = new URL(page.url()).searchParams.get('id')!;
				const take = async () => {
					const button = page.getByTestId('take-device');
					await button.waitFor();
					const text = (await button.textContent()) ?? '';
					const seat = names.findIndex((n) => text.includes(n));
					expect(seat, text).toBeGreaterThanOrEqual(0);
					await button.tap();
					return seat;
				};
				const starts: [number, number][] = [[1, 1], [3, 1]];
				for (let i = 0; i < 2; i++) {
					const seat = await take();
					await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
					await tapContour(page, starts[seat]!);
					await page.getByTestId('confirm-cell').tap();
					await page.getByTestId('pass-on').tap();
				}
				// Two rounds up: the weaponry and land, then the wall.
				for (let i = 0; i < 4; i++) {
					await take();
					await page.getByTestId('composer').waitFor();
					await page.locator('[data-testid="composer"] [data-dir="up"]').tap();
					await page.getByTestId('answer').waitFor();
					await page.getByTestId('pass-on').tap();
				}
				const seat = await take();
				await page.getByTestId('composer').waitFor();
				const record = await storedRecord(page, id);
				expect(record.names).toEqual(names);
				const want = expectedFeed(replayEvents(record.game).events.seatEvents(seat), names, 200, locale);
				const lines = await feedLines(page);
				expect(lines).toEqual(want);
				for (const line of lines) expect(line).not.toMatch(BY_NUMBER);
				// Anna's and Boris's lines (the weaponry, land, the wall) read right for either: no verb takes a gender from the name.
				if (locale !== 'en') for (const line of lines) expect(genderedWords(line, locale), line).toEqual([]);
				// Both names are said, and the holder's start was told with his name.
				expect(lines.join('\n')).toContain(names[0]!);
				expect(lines.join('\n')).toContain(names[1]!);
				await page.getByTestId('feed').scrollIntoViewIfNeeded();
				await screenshot(page, `names-feed-${locale}-phone`);
				await page.setViewportSize(TABLET);
				await page.getByTestId('feed').scrollIntoViewIfNeeded();
				await screenshot(page, `names-feed-${locale}-tablet`);
			} finally {
				await context.close();
			}
		});

	for (const { locale, browser: browserLocale, names } of LANGS)
		test(`${locale}: the master's console log`, async () => {
			const context = await newContext(browser, { device: 'tablet', locale: browserLocale });
			const page = await context.newPage();
			try {
				await page.setViewportSize(TABLET);
				await importPlan(page, plan, 'kitchen.json');
				await page.goto('/host');
				await fillNames(page, names);
				await page.getByTestId('start-game').click();
				await page.waitForURL(/\/host\?id=/);
				const id = new URL(page.url()).searchParams.get('id')!;
				await page.getByTestId('console').waitFor();
				for (const at of [[1, 1], [3, 1]] as [number, number][]) {
					await tapSquare(page, page.locator('main svg.board').first(), at);
					await page.getByTestId('place-start').click();
					await page.locator('[data-testid="refusal"]').waitFor({ state: 'detached' });
				}
				await page.getByTestId('confirm-starts').click();
				await page.getByTestId('composer').waitFor();
				await page.locator('[data-testid="composer"] [data-dir="up"]').click();
				await page.getByTestId('console-answer').waitFor();
				await page.locator('[data-testid="composer"] [data-dir="up"]').click();
				// two starts, their confirmation, two moves
				await expect.poll(async () => (await storedRecord(page, id)).game.log.length).toBe(5);
				const { game } = await storedRecord(page, id);
				const log = page.locator('.log [data-testid="feed"] li .text');
				const lines = (await log.allTextContents()).map((t) => t.trim());
				expect(lines.length).toBeGreaterThan(4);
				for (const line of lines) expect(line).not.toMatch(BY_NUMBER);
				const state = replay(game).state;
				const turn = state.order[state.turn]!;
				// The turn line says whose move it is, by name ("Boris's move", "Ходит Борис").
				expect(lines.at(-1)).toBe(expectedFeed([{ type: 'turn', seat: turn, audience: { to: 'all' } }], names, 1, locale)[0]);
				expect(lines.at(-1)).toContain(names[turn]!);
				await page.locator('.log').scrollIntoViewIfNeeded();
				await screenshot(page, `names-console-${locale}-tablet`);
				await page.setViewportSize(PHONE);
				await page.locator('.log').scrollIntoViewIfNeeded();
				await screenshot(page, `names-console-${locale}-phone`);
			} finally {
				await context.close();
			}
		});
});
