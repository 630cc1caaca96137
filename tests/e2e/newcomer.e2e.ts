// Issue 33: what a newcomer at a real table still stumbled on, each walked as a person walks it
// at the LAN address (plain HTTP, as a phone on the table's network opens it), at the sizes
// named: a 360x740 phone, a 1024x768 tablet. Screenshots in English, Russian and Ukrainian.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { importPlan } from './support/library';
import { launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { tableContext, type DeviceLook, type TableDevice } from './support/net-table';
import { watchErrors } from './support/page-errors';
import { onScreen, takeDevice, tapContour } from './support/player-screen';
import { finger, openEditorIn, saved, tool } from './support/editor';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const lan = journeyOrigins().find((o) => !o.secure)!;
const LOOKS: Record<string, DeviceLook> = { en: { locale: 'en-US' }, ru: { locale: 'ru-RU' }, uk: { locale: 'uk-UA' } };

/** A device at the LAN address, in a language (what a person's browser asks for). */
const device = (size: TableDevice, lang = 'en') => tableContext(browser, lan.url, size, false, LOOKS[lang]);

// a1 holds the true treasure by an open exit on its left; b1 a weaponry, c1 a hospital.
const kitchen = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Kitchen table'
};

/** Pass-and-play on `kitchen` for two: each player's start, then each turn's move by seat until the game ends or `turns` run out. */
async function passAndPlay(page: Page, starts: Record<number, [number, number]>, move: (seat: number, turn: number) => string | null, turns: number): Promise<void> {
	await importPlan(page, kitchen, 'kitchen.json');
	await page.goto('/');
	await page.locator('[data-rules="classic"]').getByRole('link', { name: /./ }).first().click();
	await page.waitForURL(/\/pass/);
	await page.locator('.plans .plan', { hasText: kitchen.name }).first().click();
	await page.getByTestId('start-game').click();
	await page.waitForURL(/\/pass\?id=/);
	for (let i = 0; i < 2; i++) {
		const seat = await takeDevice(page);
		await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
		await tapContour(page, starts[seat]!);
		await page.getByTestId('confirm-cell').click();
		await page.getByTestId('pass-on').click();
	}
	const counts = [0, 0];
	for (let turn = 0; turn < turns; turn++) {
		const next = page.locator('[data-testid="take-device"], [data-testid="reveal"]');
		await next.first().waitFor();
		if (await page.getByTestId('reveal').isVisible()) return;
		const seat = await takeDevice(page);
		const dir = move(seat, counts[seat]!++);
		if (dir === null) return;
		await page.getByTestId('composer').locator(`[data-dir="${dir}"]`).click();
		await page.getByTestId('answer').waitFor();
		await page.getByTestId('pass-on').click();
	}
}

describe('the reveal, step by step', () => {
	test('each step draws the treasure where it is then: on its square, then with the player who picked it up, then gone out', async () => {
		const context = await device('phone360');
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			// Player 1 starts under the treasure, steps up onto it (picked up) and out through the exit on its left.
			await passAndPlay(page, { 0: [0, 1], 1: [3, 1] }, (seat, n) => (seat === 0 ? (['up', 'left'][n] ?? null) : 'up'), 10);
			const reveal = page.getByTestId('reveal');
			await reveal.waitFor();
			const last = Number(await reveal.getByTestId('scrubber').getAttribute('max'));
			const a1 = reveal.locator('g[data-cell="0"] [data-treasure]');
			const carried = reveal.locator('[data-carried]');
			const at = async (step: number) => {
				await reveal.getByTestId('scrubber').fill(String(step));
				await expect.poll(() => reveal.getByTestId('step-count').textContent()).toContain(`${step} `);
				return { onA1: await a1.count(), carried: await carried.evaluateAll((c) => c.map((e) => `${e.getAttribute('data-seat')}:${e.getAttribute('data-carried')}`)) };
			};
			expect(await at(0)).toEqual({ onA1: 1, carried: [] });
			// The step before the last: player 1 has it with him, and a1 is empty.
			expect(await at(last - 1)).toEqual({ onA1: 0, carried: ['0:treasure'] });
			expect(await reveal.locator('[data-kit="0"]').textContent()).toMatch(/carries the true treasure/);
			await screenshot(page, 'newcomer-reveal-carried-phone360');
			// Carried out: with the winner still, not back on its square.
			expect(await at(last)).toEqual({ onA1: 0, carried: ['0:treasure'] });
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 120_000);
});

describe('the system chosen stays chosen', () => {
	test('topographic → With a master → At a table with phones opens a topographic table; a system chosen in the setup goes along to pass-and-play too', async () => {
		const context = await device('tablet1024');
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await page.goto('/');
			await page.getByTestId('go-topographic-host').click();
			await page.waitForURL(/\/host\?rules=topographic/);
			await page.locator('[data-testid="setup"][data-rules="topographic"]').waitFor();
			await page.getByTestId('to-table').click();
			await page.waitForURL(/\/join\/host/);
			await page.locator('[data-testid="setup"][data-rules="topographic"]').waitFor({ timeout: 30_000 });
			await screenshot(page, 'newcomer-table-topographic-tablet1024');
			// Back on the host screen, the abandoned labyrinth chosen among the cards, then one device passed round.
			await page.goto('/host');
			await page.getByTestId('system-abandoned').click();
			await page.getByTestId('to-pass').click();
			await page.waitForURL(/\/pass\?rules=abandoned/);
			await page.locator('[data-testid="setup"][data-rules="abandoned"]').waitFor();
			expect(errors.filter((e) => !/peerjs|WebSocket|ERR_/i.test(e))).toEqual([]);
		} finally {
			await context.close();
		}
	}, 120_000);
});

describe("the Sheet tab's feed", () => {
	test('holds every announcement the Move tab holds, the first ones too, past forty', async () => {
		const context = await device('phone360');
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			// Both pace to and fro on the bottom row: three lines a turn (the turn, the move, its answer).
			await passAndPlay(page, { 0: [1, 1], 1: [2, 1] }, (seat, n) => (seat === 0 ? (n % 2 ? 'right' : 'left') : n % 2 ? 'left' : 'right'), 18);
			await takeDevice(page);
			await page.getByTestId('composer').waitFor();
			const moveLines = await page.locator('[data-testid="feed"] li').count();
			expect(moveLines).toBeGreaterThan(40);
			await page.getByTestId('tab-sheet').click();
			const sheetFeed = page.locator('[data-testid="sheet"] [data-testid="feed"] li');
			await expect.poll(() => sheetFeed.count()).toBe(moveLines);
			// The start can be tapped from the sheet: its earliest entry is there.
			const entries = await page.locator('[data-testid="sheet"] [data-entry]').evaluateAll((b) => b.map((e) => Number(e.getAttribute('data-entry'))));
			expect(Math.min(...entries)).toBeLessThan(3);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 180_000);
});

describe("a sheet's own squares", () => {
	for (const [rules, way, own, others] of [
		['topographic', 'go-topographic-pass', ['spinner', 'swamp', 'crocodile', 'arsenal', 'morgue', 'river', 'pit'], ['hospital', 'weaponry', 'marsh']],
		['abandoned', 'go-abandoned-pass', ['marsh', 'shop', 'portal', 'hospital', 'river'], ['weaponry', 'spinner', 'pit']]
	] as const)
		test(`the ${rules} sheet offers the ${rules} squares, and no other system's`, async () => {
			for (const lang of ['en', 'ru', 'uk']) {
				const context = await device('phone360', lang);
				const page = await context.newPage();
				const errors = watchErrors(page);
				try {
					await page.goto('/');
					await page.getByTestId(way).click();
					await page.locator(`[data-testid="setup"][data-rules="${rules}"]`).waitFor();
					await page.getByTestId('setup-surprise').click();
					await page.getByTestId('start-game').click();
					await page.waitForURL(/\/pass\?id=/);
					await takeDevice(page);
					await page.getByTestId('tab-sheet').click();
					const tools = page.locator('[data-sheet-tool]');
					await tools.first().waitFor();
					const offered = await tools.evaluateAll((b) => b.map((e) => e.getAttribute('data-sheet-tool')));
					for (const kind of own) expect(offered, `${rules} offers ${kind}`).toContain(kind);
					for (const kind of others) expect(offered, `${rules} has no ${kind}`).not.toContain(kind);
					await page.locator('[data-sheet-tool]').first().scrollIntoViewIfNeeded();
					await screenshot(page, `newcomer-sheet-${rules}-${lang}-phone360`);
					expect(errors).toEqual([]);
				} finally {
					await context.close();
				}
			}
		}, 180_000);
});

describe("the duel's Design one", () => {
	test('opens a duel plan (10x10, the duel squares) and its back arrow returns to the duel', async () => {
		const context = await device('phone360');
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await page.goto('/');
			await page.locator('[data-rules="duel"]').getByRole('link').first().click();
			await page.locator('main[data-screen="duel"]').waitFor();
			await page.getByRole('link', { name: 'Design one' }).click();
			await page.waitForURL(/\/design\?id=/);
			await expect.poll(() => page.locator('main g[data-cell]').count()).toBe(100);
			await page.locator('[data-tool="paint"]').click();
			await page.locator('[data-kind="crossbow"]').waitFor();
			await screenshot(page, 'newcomer-duel-design-phone360');
			await page.getByTestId('back').click();
			await page.locator('main[data-screen="duel"]').waitFor();
			expect(new URL(page.url()).pathname).toBe('/duel');
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 120_000);
});

describe('in sight, at a glance', () => {
	test('at the plain-HTTP address the "cannot work offline here" line is in the first screen of home', async () => {
		const context = await device('phone360');
		const page = await context.newPage();
		try {
			await page.goto('/');
			const note = page.getByTestId('offline-note');
			await expect.poll(() => note.getAttribute('data-insecure')).toBe('true');
			expect(await onScreen(note), 'the line in sight as the page opens').toBe(true);
			await screenshot(page, 'newcomer-home-insecure-phone360');
		} finally {
			await context.close();
		}
	});

	test('Host a game shows the way its setup belongs to as the one chosen', async () => {
		const context = await device('tablet1024');
		const page = await context.newPage();
		try {
			await page.goto('/');
			await page.locator('main a.action[href$="host"]').click();
			await page.getByTestId('setup').waitFor();
			const chosen = page.locator('.ways [aria-current="true"]');
			expect(await chosen.count(), 'one way shown as chosen').toBe(1);
			expect(await chosen.getAttribute('data-testid')).toBe('to-console');
			// seen as chosen, not only said: its frame is the accent's
			const [border, other] = await Promise.all([chosen.evaluate((e) => getComputedStyle(e).borderColor), page.getByTestId('to-table').evaluate((e) => getComputedStyle(e).borderColor)]);
			expect(border).not.toBe(other);
			await screenshot(page, 'newcomer-host-ways-tablet1024');
		} finally {
			await context.close();
		}
	});

	test("the pad's question after Shoot is in sight, its Cancel key holds its word, and Send is in sight once a shot is composed", async () => {
		for (const lang of ['en', 'ru', 'uk']) {
			const context = await device('phone360', lang);
			const page = await context.newPage();
			const errors = watchErrors(page);
			try {
				await passAndPlay(page, { 0: [1, 1], 1: [2, 1] }, () => null, 0);
				await takeDevice(page);
				const composer = page.getByTestId('composer');
				await composer.waitFor();
				await composer.getByTestId('shoot').scrollIntoViewIfNeeded();
				await composer.getByTestId('shoot').tap();
				await expect.poll(() => onScreen(composer.locator('p.prompt')), { message: `${lang}: the question in sight, not under the header` }).toBe(true);
				const cancel = composer.locator('button.centre');
				expect(await cancel.evaluate((e) => e.scrollWidth <= e.clientWidth), `${lang}: Cancel's word within its key`).toBe(true);
				await screenshot(page, `newcomer-pad-shoot-${lang}-phone360`);
				await composer.locator('[data-dir="right"]').tap();
				await expect.poll(() => onScreen(page.getByTestId('send')), { message: `${lang}: Send in sight` }).toBe(true);
				expect(errors).toEqual([]);
			} finally {
				await context.close();
			}
		}
	}, 180_000);
});

describe('the editor by touch', () => {
	test('a wall swipe that starts on a grid corner walls the segments it runs along, none behind its start', async () => {
		const context = await device('tablet1024');
		const editor = await openEditorIn(context);
		try {
			await tool(editor.page, 'walls');
			// From the corner between b2/c2/b3/c3 to the one two squares on, along the line under row 2.
			await finger(editor, [
				[2, 2],
				[2.5, 2.02],
				[3, 2.03],
				[3.5, 2.02],
				[4, 2]
			]);
			await expect.poll(async () => (await saved(editor.page)).walls.length).toBeGreaterThan(0);
			const walls = (await saved(editor.page)).walls;
			expect(walls.map((w) => `${w.cell}:${w.dir}`).sort()).toEqual(['10:down', '11:down']);
		} finally {
			await context.close();
		}
	});
});
