// Issue 29, what was left: a phone away when the master opens a new table learns it when it
// comes back. From the home screen a tablet opens a table; Anna joins by the invitation and the
// game begins. Her page is closed; the master, from home, goes back to the table and opens a new
// one (confirming). Anna opens the app: *Back to your seat* brings her old seat, which says the
// table was closed and offers to join the new one, the game she heard still there to read. The
// home screen no longer offers the old seat; she joins the new table as any table is joined. At
// each origin (plain HTTP and HTTPS).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { admit, joinPlayer, openTableFromHome, shownEventCount, tableContext } from './support/net-table';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const T = { timeout: 30_000 };
const roomOf = (tablet: Page) => tablet.locator('main[data-screen="join-host"]').getAttribute('data-room');

describe.each(journeyOrigins())('a phone away when its table is closed, at the $name origin', ({ url: origin, name, secure }) => {
	test('opened again from home, it says the table was closed and joins the new one; what it heard stays', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const tabletContext = await tableContext(browser, origin, 'tablet1024', secure);
			const annaContext = await tableContext(browser, origin, 'phone360', secure);
			contexts.push(tabletContext, annaContext);
			const tablet = await tabletContext.newPage();
			await openTableFromHome(tablet);
			const invite = (await tablet.getByTestId('invite-url').textContent(T))!.trim();
			const oldRoom = (await roomOf(tablet))!;
			let anna = await joinPlayer(annaContext, tablet, 'Anna', invite);

			await tablet.getByTestId('system-topographic').click();
			await tablet.locator('[data-testid="setup"][data-rules="topographic"]').waitFor();
			await tablet.getByTestId('setup-surprise').click();
			await tablet.getByTestId('back-to-start').click();
			await tablet.getByTestId('start-game').click();
			await tablet.getByTestId('console').waitFor(T);
			await tablet.getByTestId('confirm-starts').click();
			// her move, heard back
			await anna.locator('[data-testid="player"][data-phase="play"][data-my-turn="true"]').waitFor(T);
			const before = await shownEventCount(anna);
			await anna.locator('[data-testid="composer"] [data-dir]').first().click();
			await expect.poll(() => shownEventCount(anna), T).toBeGreaterThan(before);
			const heard = await shownEventCount(anna);

			// Anna's page is closed; the master, from home, opens a new table (asked first)
			await anna.close();
			await tablet.goto('/');
			await tablet.getByTestId('back-to-table').click();
			await tablet.getByTestId('console').waitFor(T);
			await tablet.getByTestId('new-table').click();
			await tablet.getByTestId('new-table-confirm').click();
			await expect.poll(() => roomOf(tablet), T).not.toBe(oldRoom);
			await expect.poll(() => roomOf(tablet), T).not.toBe('');
			const code = (await tablet.getByTestId('room-code').textContent(T))!.trim();

			// Anna opens the app: her way back leads to the old seat, which says the table was closed
			anna = await annaContext.newPage();
			await anna.goto('/');
			await anna.getByTestId('back-to-seat').click();
			await expect.poll(() => anna.getByTestId('refusal').textContent(), T).toContain('The table is closed');
			expect(await anna.getByTestId('closed-hint').textContent()).toContain("join the master's new table");
			// nothing she heard is lost: the game is there to read, as it was
			expect(await shownEventCount(anna)).toBe(heard);
			await anna.locator('[data-testid="player"]').waitFor(T);
			expect(await anna.getByTestId('seat-status').getAttribute('data-away')).toBe('false');
			// the table plays no more: no move pad, and the title says why
			expect(await anna.getByTestId('composer').count()).toBe(0);
			expect(await anna.title()).toContain('The table is closed');
			// said where she looks first, though her turn had brought the page down to the pad
			await expect.poll(() => anna.evaluate(() => scrollY), T).toBe(0);
			await screenshot(anna, `table-closed-${name}-phone-told`);

			// *Join the new table*: the join form, as for any table, her name kept
			await anna.getByTestId('join-new-table').click();
			await anna.getByTestId('room').waitFor(T);
			expect(await anna.getByTestId('room').inputValue()).toBe('');
			expect(await anna.getByTestId('name').inputValue()).toBe('Anna');
			await screenshot(anna, `table-closed-${name}-join-new`);

			// the home screen no longer offers the closed seat; a bare /join shows the form, not the old seat
			await anna.goto('/');
			await anna.locator('main[data-screen="home"]').waitFor(T);
			expect(await anna.getByTestId('back-to-seat').count()).toBe(0);
			await anna.locator('main a.action[href$="join"]').click();
			await anna.locator('main[data-ready="true"]').waitFor(T);
			expect(await anna.getByTestId('room').inputValue()).toBe('');
			await anna.getByTestId('room').fill(code);
			await anna.getByTestId('name').fill('Anna');
			await anna.getByTestId('join').click();
			await anna.locator('main[data-status="waiting"]').waitFor(T);
			await admit(tablet, 'Anna');
			await anna.locator('main[data-status="joined"]').waitFor(T);
			await anna.goto('/');
			expect(await anna.getByTestId('back-to-seat').getAttribute('href')).toContain(`room=${(await roomOf(tablet))!}`);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 300_000);
});
