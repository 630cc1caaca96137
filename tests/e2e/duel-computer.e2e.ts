// Issue 36: a duel against the computer on one phone. From the home screen a person opens the
// duel, generates a labyrinth of her own, and plays against the computer (its labyrinth generated
// on the phone): she chooses her start on the contour, steps by the arrows in her turns, and the
// computer's moves come by themselves and are answered in the feed as an opponent's would be. A
// reload in the middle brings the duel back with nothing lost, and the game goes on.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DuelRecord } from '../../src/lib/store/records';
import { launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { tapContour } from './support/duel';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const lan = journeyOrigins().find((o) => o.name === 'lan-http')!;

async function phone(locale: string): Promise<BrowserContext> {
	return browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: lan.url, locale, serviceWorkers: 'allow' });
}

/** The duel kept on the phone (what the screen was drawn from), read from its database. */
function kept(page: Page): Promise<DuelRecord> {
	return page.evaluate(async () => {
		const open = indexedDB.open('labyrinth-gm');
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const all = await new Promise<DuelRecord[]>((resolve) => {
			const get = db.transaction('duels').objectStore('duels').getAll();
			get.onsuccess = () => resolve(get.result);
		});
		db.close();
		return all[0]!;
	});
}

const WORDS = {
	en: { open: 'Play a duel', generate: 'Generate one', computer: 'Play against the computer', start: 'Start here', yourTurn: 'Your turn', thinking: 'The computer is moving', wanderer: 'wanderer', strong: 'a strong opponent', easy: 'an easy opponent' },
	ru: { open: 'Играть дуэль', generate: 'Создать автоматически', computer: 'Играть против компьютера', start: 'Начать здесь', yourTurn: 'Ваш ход', thinking: 'Ход компьютера', wanderer: 'странник', strong: 'сильный соперник', easy: 'лёгкий соперник' },
	uk: { open: 'Грати дуель', generate: 'Створити автоматично', computer: 'Грати проти комп\'ютера', start: 'Почати тут', yourTurn: 'Ваш хід', thinking: 'Хід комп\'ютера', wanderer: 'мандрівник', strong: 'сильний суперник', easy: 'легкий суперник' }
} as const;

/** Home → the duel → a labyrinth of her own and her name → against the computer (the strongest, or the wanderer she picks) → her start. */
async function startDuel(page: Page, lang: keyof typeof WORDS, wanderer = false): Promise<void> {
	const w = WORDS[lang];
	await page.goto('/');
	await page.locator('main[data-screen="home"]').waitFor();
	await page.locator('[data-rules="duel"]').getByRole('link', { name: w.open }).tap();
	await page.locator('main[data-screen="duel"][data-ready="true"]').waitFor();
	await page.getByRole('button', { name: w.generate }).tap();
	await page.getByTestId('duel-plan').first().waitFor();
	await page.getByTestId('duel-name').fill('Ada');
	const card = page.getByTestId('duel-computer');
	await card.scrollIntoViewIfNeeded();
	// The level chosen says how it plays: the explorer unless she picks the wanderer.
	await expect.poll(async () => await card.getByTestId('duel-computer-about').textContent()).toContain(w.strong);
	if (wanderer) {
		await card.getByTestId('duel-computer-level').selectOption({ label: w.wanderer });
		await expect.poll(async () => await card.getByTestId('duel-computer-about').textContent()).toContain(w.easy);
	}
	await screenshot(page, `duel-computer-lobby-${lang}`);
	await card.getByRole('button', { name: w.computer }).tap();
	await page.waitForURL(/\/duel\/play\?id=/);
	await page.getByTestId('duel-start-title').waitFor();
	await tapContour(page, 44);
	await page.getByRole('button', { name: w.start }).tap();
}

/** Whether the duel is over (its end shown). */
function over(page: Page): Promise<boolean> {
	return page.getByTestId('duel-end').isVisible();
}

/**
 * Her next `n` actions: one step each (any answer will do), waiting for her turn as she would; then her
 * turn again (or the end). Returns how many steps she made: fewer than `n` when the duel ended first.
 */
async function herTurns(page: Page, lang: keyof typeof WORDS, n: number): Promise<number> {
	const turn = page.getByTestId('duel-turn');
	for (let i = 0; ; i++) {
		await expect.poll(async () => ((await over(page)) ? 'over' : await turn.textContent()), { timeout: 60_000 }).toMatch(new RegExp(`^(${WORDS[lang].yourTurn}|over)`));
		if (i === n || (await over(page))) return i;
		const before = Number(await page.locator('[data-testid="duel"]').getAttribute('data-exchanges'));
		await page.getByTestId('duel-composer').locator(`[data-dir="${['up', 'right', 'down', 'left'][i % 4]}"]`).tap();
		await expect.poll(async () => Number(await page.locator('[data-testid="duel"]').getAttribute('data-exchanges')), { timeout: 30_000 }).toBeGreaterThan(before);
		// Her answer, under the pad while the duel is on: the computer's next action may end it first
		// (its think time is shorter than a busy machine's pause between two looks).
		await page.locator('[data-testid="duel-answer"], [data-testid="duel-end"]').first().waitFor({ timeout: 30_000 });
	}
}

describe('a duel against the computer on one phone', () => {
	test.each(['en', 'ru'] as const)('from the home screen: a few turns each, a reload in the middle, nothing lost (%s)', { timeout: 300_000 }, async (lang) => {
		const context = await phone(lang === 'en' ? 'en-US' : 'ru-RU');
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await startDuel(page, lang);
			let hers = await herTurns(page, lang, 3);
			// Her turn again (the computer has said its part): what she sees now must come back after the reload.
			hers += await herTurns(page, lang, 0);
			await screenshot(page, `duel-computer-play-${lang}`);
			const before = await kept(page);
			const feed = await page.getByTestId('event-count').getAttribute('data-count');
			await page.reload();
			// Back as it was: the same answers heard, the same moves kept, the computer's hidden labyrinth still hidden.
			await page.locator('[data-testid="duel"]').waitFor();
			expect(await page.getByTestId('event-count').getAttribute('data-count')).toBe(feed);
			const after = await kept(page);
			expect(after).toEqual(before);
			// A few more turns each (a trapped computer skips three of its turns: she plays on until it has
			// moved twice more). The computer may win first: her labyrinth and its are random, and a crossbow
			// she found gives it two actions a turn.
			const itsSince = async () => (await kept(page)).exchanges.slice(before.exchanges.length).filter((x) => x.by === 1).length;
			for (let i = 0; i < 12 && !(await over(page)) && (i < 3 || (await itsSince()) < 2); i++) hers += await herTurns(page, lang, 1);
			hers += await herTurns(page, lang, 0);
			const record = await kept(page);
			const computerName = record.names[1]!;
			// Every step she made is kept, and nothing else in her name.
			expect(record.exchanges.filter((x) => x.by === 0).length).toBe(hers);
			if (await over(page)) {
				// She never takes a treasure, so an early end is the computer's win, in its own turn, and said so.
				const last = record.exchanges.at(-1)!;
				expect(last.by).toBe(1);
				expect(last.reply.some((e) => e.type === 'won')).toBe(true);
				expect(await page.getByTestId('outcome').textContent()).toContain(computerName);
				await screenshot(page, `duel-computer-resumed-${lang}`);
			} else {
				// The computer moved by itself in its turns, after the reload too.
				expect(hers).toBeGreaterThanOrEqual(6);
				expect(record.exchanges.filter((x) => x.by === 1).length).toBeGreaterThanOrEqual(3);
				expect(await itsSince()).toBeGreaterThanOrEqual(2);
				// Its moves are announced as an opponent's: its last one under her arrows, and all in her feed.
				expect(await page.getByTestId('duel-their-answer').textContent()).toMatch(new RegExp(`^\\P{L}*${computerName}\\P{L}*:`, 'u'));
				await page.getByTestId('tab-feed').tap();
				await expect.poll(async () => (await page.getByTestId('event-count').textContent()) ?? '').toContain(computerName);
				await page.getByTestId('duel-turn').scrollIntoViewIfNeeded();
				await screenshot(page, `duel-computer-resumed-${lang}`);
			}
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});

	test('the screens in Ukrainian', { timeout: 200_000 }, async () => {
		const context = await phone('uk-UA');
		const page = await context.newPage();
		try {
			await startDuel(page, 'uk', true);
			await herTurns(page, 'uk', 2);
			await screenshot(page, 'duel-computer-play-uk');
			await expect.poll(async () => (await page.locator('[data-testid="duel"] .top').textContent()) ?? '').toContain("Проти комп'ютера");
			// The level she picked is the one that plays.
			expect((await kept(page)).computer?.level).toBe('wanderer');
		} finally {
			await context.close();
		}
	});
});
