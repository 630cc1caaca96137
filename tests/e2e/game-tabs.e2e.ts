// Issue 29: a game on one device has one live writer across its tabs, at the plain-HTTP LAN
// address (no Web Locks: the BroadcastChannel fallback) and over HTTPS (Web Locks). A pass-and-play
// game and a console game, each opened in a second tab: the second says so and changes nothing
// while the first plays; *Use it here* moves the game (read again from the device), the first
// steps back; the stored log is exactly what was played, in one tab and then the other. And a
// duel opened in a phone's second tab.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, newContext } from './support/browser';
import { storedGame } from './support/library';
import { journeyOrigins } from './support/origins';
import { takeDevice, tapContour } from './support/player-screen';
import { generateInEditor, tapContour as tapDuelContour } from './support/duel';
import { tableContext } from './support/net-table';
import type { Plan } from '../../src/lib/engine/plan/types';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const T = { timeout: 30_000 };

/** The player holding the device chooses a start on the contour and passes the device on. */
async function chooseStart(page: Page): Promise<void> {
	await page.getByTestId('take-device').waitFor(T);
	const seat = await takeDevice(page);
	await page.locator('[data-testid="player"][data-phase="start"]').waitFor(T);
	await tapContour(page, [seat + 1, 2]);
	await page.getByTestId('confirm-cell').click();
	await page.getByTestId('pass-on').click();
}

describe.each(journeyOrigins())('a game in two tabs at the $name origin', ({ url: origin }) => {
	test('pass and play: the second tab says so; after *Use it here* the first steps back and the log is one game', async () => {
		const context = await newContext(browser, { device: 'phone', baseURL: origin });
		try {
			const first = await context.newPage();
			await first.goto('/');
			await first.locator('[data-rules="classic"]').getByRole('link', { name: 'On one device' }).click();
			await first.waitForURL(/\/pass/);
			await first.getByTestId('setup-surprise').click();
			await first.getByTestId('start-game').click();
			await first.waitForURL(/\/pass\?id=/);
			await first.getByTestId('take-device').waitFor(T);

			const second = await context.newPage();
			await second.goto(new URL(first.url()).pathname + new URL(first.url()).search);
			await second.locator('[data-testid="other-tab"][data-state="elsewhere"]').waitFor(T);
			expect(await second.getByTestId('take-device').count()).toBe(0);
			// the first plays on
			await chooseStart(first);
			expect((await storedGame(first)).log.filter((c) => c.type === 'choose_start')).toHaveLength(1);

			await second.getByTestId('use-here').click();
			await first.locator('[data-testid="other-tab"][data-state="stepped_back"]').waitFor(T);
			expect(await first.getByTestId('take-device').count()).toBe(0);
			// the second reads the game as the first left it: the other player's start is next, and the log holds each once
			await chooseStart(second);
			const starts = (await storedGame(second)).log.filter((c) => c.type === 'choose_start').map((c) => (c as { by: number }).by);
			expect(starts.toSorted()).toEqual([0, 1]);
		} finally {
			await context.close();
		}
	}, 120_000);

	test("the master's console: the second tab says so; after *Use it here* the first steps back", async () => {
		const context = await newContext(browser, { device: 'tablet', baseURL: origin });
		try {
			const first = await context.newPage();
			await first.goto('/');
			await first.locator('main a.action[href$="host"]').click();
			await first.getByTestId('to-console').click();
			await first.getByTestId('setup-surprise').click();
			await first.getByTestId('start-game').click();
			await first.waitForURL(/\/host\?id=/);
			await first.getByTestId('console').waitFor(T);

			const second = await context.newPage();
			await second.goto(new URL(first.url()).pathname + new URL(first.url()).search);
			await second.locator('[data-testid="other-tab"][data-state="elsewhere"]').waitFor(T);
			expect(await second.getByTestId('console').count()).toBe(0);
			await second.getByTestId('use-here').click();
			await second.getByTestId('console').waitFor(T);
			await first.locator('[data-testid="other-tab"][data-state="stepped_back"]').waitFor(T);
			expect(await first.getByTestId('console').count()).toBe(0);
			// and back: the first takes it again, the second steps back
			await first.getByTestId('use-here').click();
			await first.getByTestId('console').waitFor(T);
			await second.locator('[data-testid="other-tab"][data-state="stepped_back"]').waitFor(T);
		} finally {
			await context.close();
		}
	}, 120_000);
});

// The duel: a phone's second tab (the opener's, Anna's). Anna chooses her start in the first tab;
// the second says the duel is open elsewhere; *Use it here* moves it (read again from the phone:
// her start is kept), the first steps back, Boris finds the new tab by himself, and the duel
// goes on into play once he chooses his.
describe.each(journeyOrigins())('a duel in two tabs of a phone at the $name origin', ({ url: origin, secure }) => {
	test('the second tab says so; after *Use it here* the first steps back and the duel goes on', async () => {
		const contexts = [await tableContext(browser, origin, 'phone360', secure), await tableContext(browser, origin, 'phone360', secure)];
		try {
			const [anna, boris] = await Promise.all(contexts.map((c) => c.newPage()));
			const plans = [await generateInEditor(anna!), await generateInEditor(boris!)];
			await anna!.goto('/duel?via=local');
			await anna!.locator('main[data-ready="true"]').waitFor();
			await anna!.getByTestId('duel-plan').first().waitFor();
			await anna!.getByTestId('duel-name').fill('Anna');
			await anna!.getByTestId('duel-open').click();
			await anna!.getByTestId('room-code').waitFor(T);
			const room = (await anna!.getByTestId('room-code').textContent())!.replace(/\s/g, '');
			await boris!.goto(`/duel?join=${room}&via=local`);
			await boris!.locator('main[data-ready="true"]').waitFor();
			await boris!.getByTestId('duel-plan').first().waitFor();
			await boris!.getByTestId('duel-name').fill('Boris');
			await boris!.getByTestId('duel-join').click();
			for (const p of [anna!, boris!]) await p.locator('[data-testid="duel"][data-phase="start"][data-status="here"]').waitFor(T);

			// a start on land with nothing on it, in the other's labyrinth
			const startIn = (plan: Plan) => [44, 45, 54, 55, 33, 66, 0].find((c) => plan.cells[c]?.kind === 'land' && !plan.items.some((it) => it.cell === c))!;
			await tapDuelContour(anna!, startIn(plans[1]!));
			await anna!.getByTestId('duel-start').click();

			const second = await contexts[0]!.newPage();
			await second.goto(new URL(anna!.url()).pathname + new URL(anna!.url()).search);
			await second.locator('[data-testid="other-tab"][data-state="elsewhere"]').waitFor(T);
			expect(await second.locator('[data-testid="duel"]').count()).toBe(0);
			await second.getByTestId('use-here').click();
			await anna!.locator('[data-testid="other-tab"][data-state="stepped_back"]').waitFor(T);
			expect(await anna!.locator('[data-testid="duel"]').count()).toBe(0);
			await second.locator('[data-testid="duel"][data-status="here"]').waitFor(T);
			await boris!.locator('[data-testid="duel"][data-status="here"]').waitFor(T);

			await tapDuelContour(boris!, startIn(plans[0]!));
			await boris!.getByTestId('duel-start').click();
			for (const p of [second, boris!]) await p.locator('[data-testid="duel"][data-phase="play"]').waitFor(T);
		} finally {
			for (const c of contexts) await c.close();
		}
	}, 180_000);
});
