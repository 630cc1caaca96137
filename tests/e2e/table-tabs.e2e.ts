// Issue 29: a table outlives its tabs, at each origin a table uses (plain-HTTP LAN address, where
// there are no Web Locks, and HTTPS). From the home screen a tablet opens a table; Anna joins by
// the invitation, Boris by typing the code; the game starts and moves. Boris reloads and Anna
// leaves to change language: both are seated again without typing. The table opened in a second
// tab says so and changes nothing while the first plays on; *Use it here* moves it, the first
// steps back, the phones follow. Both tabs closed, the app opened, *Back to the table*: every
// phone seated again, nothing lost or doubled, the next move answered. The tablet's page frozen
// (a screen lock): the phones say the master's tablet is away, then carry on. The table's game in
// *Games on this device* opens as the table; Boris leaves (asked first); a new table, asked for,
// tells Anna the old one is closed.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replayEvents, type Game } from '../../src/lib/engine/game/game';
import { generateTopographic } from '../../src/lib/engine/rules/topographic/generate';
import { launch, screenshot } from './support/browser';
import { importPlan } from './support/library';
import { journeyOrigins } from './support/origins';
import { admit, joinPlayer, openTableFromHome, seatEvents, shownEventCount, tableContext, type NetWindow } from './support/net-table';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const T = { timeout: 30_000 };

/**
 * A topographic labyrinth nobody leaves by going up, the only way the phones move here: nothing
 * that turns or carries, the one exit at the bottom right, downwards. With a surprise labyrinth the
 * program's random placing sometimes put a player under the treasure and an exit, and the game was
 * won before the test's last move (2 in 5,000 simulated games), which then waited for a turn in vain.
 */
const plan = (() => {
	const open = generateTopographic('e2e-tabs', 'Up to the wall', { spinners: 0, rivers: 0, swamps: 0, pits: 0, crocodiles: 0, walls: 0, bear: false, ghostPath: 0, exits: 1 });
	return { ...open, exits: [{ cell: open.width * open.height - 1, dir: 'down' as const, open: true }] };
})();
const joined = (phone: Page) => phone.locator('main[data-status="joined"]').waitFor(T);

/** The phone whose turn it is moves up (never out of `plan`); resolves once its move is told back to it. */
async function moveOnce(phones: Page[]): Promise<void> {
	const turn = '[data-testid="player"][data-phase="play"][data-my-turn="true"]';
	const mover = await Promise.any(phones.map((phone) => phone.locator(turn).waitFor(T).then(() => phone)));
	const before = await shownEventCount(mover);
	await mover.locator('[data-testid="composer"] [data-dir="up"]').click();
	await mover.waitForFunction((n) => Number(document.querySelector('[data-testid="event-count"]')?.getAttribute('data-count')) > n, before, T);
}

/** Every phone holds exactly its seat's share of the game the tablet has stored (seat n: the n-th admitted). */
async function expectPhonesMatchStore(tablet: Page, phones: Page[]): Promise<void> {
	const game = await tablet.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record?.game ?? null);
	expect(game).not.toBeNull();
	const log = replayEvents(game as Game).events;
	for (const [seat, phone] of phones.entries()) {
		await expect.poll(() => seatEvents(phone), T).toEqual(log.seatEvents(seat));
	}
}

describe.each(journeyOrigins())('a table outlives its tabs at the $name origin', ({ url: origin, name, secure }) => {
	test('reloads, a language change, a second tab, the tablet closed and frozen: the phones stay seated and nothing is lost or doubled', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const tabletContext = await tableContext(browser, origin, 'tablet1024', secure);
			contexts.push(tabletContext);
			const library = await tabletContext.newPage();
			await importPlan(library, plan, 'tabs.json');
			await library.close();
			let tablet = await tabletContext.newPage();
			await openTableFromHome(tablet);
			const invite = (await tablet.getByTestId('invite-url').textContent(T))!.trim();
			const room = (await tablet.locator('main[data-screen="join-host"]').getAttribute('data-room'))!;
			const code = (await tablet.getByTestId('room-code').textContent())!.trim();

			const annaContext = await tableContext(browser, origin, 'phone360', secure);
			const borisContext = await tableContext(browser, origin, 'phone360', secure);
			contexts.push(annaContext, borisContext);
			const anna = await joinPlayer(annaContext, tablet, 'Anna', invite);
			// Boris types the code, from the home screen
			const boris = await borisContext.newPage();
			await boris.goto('/');
			await boris.locator('main a.action[href$="join"]').click();
			await boris.locator('main[data-ready="true"]').waitFor();
			await boris.getByTestId('room').fill(code);
			await boris.getByTestId('name').fill('Boris');
			await boris.getByTestId('join').click();
			await boris.locator('main[data-status="waiting"]').waitFor(T);
			await admit(tablet, 'Boris');
			await joined(boris);
			const phones = [anna, boris];

			await tablet.getByTestId('system-topographic').click();
			await tablet.locator('[data-testid="setup"][data-rules="topographic"]').waitFor();
			await tablet.locator('.plans .plan', { hasText: plan.name }).first().click();
			await tablet.getByTestId('back-to-start').click();
			await tablet.getByTestId('start-game').click();
			await tablet.getByTestId('console').waitFor(T);
			await tablet.getByTestId('confirm-starts').click();
			for (const phone of phones) await phone.locator('[data-testid="player"][data-phase="play"]').waitFor(T);
			await moveOnce(phones);

			// (b) Boris (who typed the code) reloads; Anna goes home, changes language and comes back: no typing
			await boris.reload();
			await joined(boris);
			await anna.goto('/');
			await anna.locator('[data-locale="ru"]').click();
			await anna.getByTestId('back-to-seat').click();
			await joined(anna);
			expect(await anna.getByTestId('name').count()).toBe(0);
			await anna.goto('/');
			await anna.locator('[data-locale="en"]').click();
			// opened bare, /join goes back to the seat by itself
			await anna.goto('/join');
			await joined(anna);
			await moveOnce(phones);

			// (c) the table in a second tab: it says so and changes nothing; the first plays on
			const second = await tabletContext.newPage();
			await second.goto('/');
			await second.getByTestId('back-to-table').click();
			await second.locator('[data-testid="other-tab"][data-state="elsewhere"]').waitFor(T);
			await moveOnce(phones);
			expect(await second.getByTestId('console').count()).toBe(0);
			await screenshot(second, `table-tabs-${name}-second-tab`);
			await second.getByTestId('use-here').click();
			await tablet.locator('[data-testid="other-tab"][data-state="stepped_back"]').waitFor(T);
			expect(await tablet.getByTestId('console').count()).toBe(0);
			await second.getByTestId('console').waitFor(T);
			await screenshot(tablet, `table-tabs-${name}-stepped-back`);
			await moveOnce(phones);
			await expectPhonesMatchStore(second, phones);

			// (a) both tabs closed mid-game: the phones say the master's tablet is away and keep what they heard
			const heard = await Promise.all(phones.map(shownEventCount));
			await second.close();
			await tablet.close();
			for (const phone of phones) await phone.locator('[data-testid="seat-status"][data-away="true"]').waitFor(T);
			expect(await anna.getByTestId('seat-status').textContent()).toContain("The master's tablet is away");
			expect(await Promise.all(phones.map(shownEventCount))).toEqual(heard);
			await screenshot(anna, `table-tabs-${name}-phone-away`);
			// the app opened again: the way back comes first, and it is the same room
			tablet = await tabletContext.newPage();
			await tablet.goto('/');
			await tablet.getByTestId('back-to-table').click();
			await tablet.getByTestId('console').waitFor(T);
			expect(await tablet.locator('main[data-screen="join-host"]').getAttribute('data-room')).toBe(room);
			for (const phone of phones) await joined(phone);
			await expectPhonesMatchStore(tablet, phones);
			await moveOnce(phones);
			await expectPhonesMatchStore(tablet, phones);

			// *At a table with phones* reopens it too, rather than a second room
			await tablet.goto('/host');
			await tablet.getByTestId('to-table').click();
			await tablet.getByTestId('console').waitFor(T);
			expect(await tablet.locator('main[data-screen="join-host"]').getAttribute('data-room')).toBe(room);
			for (const phone of phones) await joined(phone);

			// (d) the tablet's page frozen (a screen lock): its script stopped where it stands, as a frozen
			// page's is (headless Chromium ignores Page.setWebLifecycleState for a page in sight); the
			// phones say the tablet is away, keep what they heard, then carry on once it runs again
			const cdp = await tablet.context().newCDPSession(tablet);
			await cdp.send('Debugger.enable');
			await cdp.send('Debugger.pause');
			const before = await Promise.all(phones.map(shownEventCount));
			for (const phone of phones) await phone.locator('[data-testid="seat-status"][data-away="true"]').waitFor(T);
			expect(await Promise.all(phones.map(shownEventCount))).toEqual(before);
			await cdp.send('Debugger.resume');
			await cdp.send('Debugger.disable');
			for (const phone of phones) await joined(phone);
			await moveOnce(phones);
			await expectPhonesMatchStore(tablet, phones);

			// the table's game in *Games on this device* opens as the table, with its phones
			await tablet.goto('/host');
			await tablet.locator('button.open[data-game]').first().click();
			await tablet.getByTestId('console').waitFor(T);
			expect(await tablet.locator('main[data-screen="join-host"]').getAttribute('data-room')).toBe(room);
			for (const phone of phones) await joined(phone);

			// Boris leaves the table, asked first: the home screen no longer offers his seat
			await boris.getByTestId('leave-table').click();
			await boris.getByTestId('leave-confirm').click();
			await boris.locator('main[data-screen="home"]').waitFor(T);
			expect(await boris.getByTestId('back-to-seat').count()).toBe(0);

			// a new table only when asked: Anna's phone is told the old one is closed
			await tablet.getByTestId('new-table').click();
			await tablet.getByTestId('new-table-confirm').click();
			await expect.poll(() => anna.getByTestId('refusal').textContent(), T).toContain('The table is closed');
			await tablet.locator('main[data-screen="join-host"][data-room]:not([data-room=""])').waitFor(T);
			await expect.poll(() => tablet.locator('main[data-screen="join-host"]').getAttribute('data-room'), T).not.toBe(room);
			expect(await tablet.getByTestId('console').count()).toBe(0);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 400_000);
});
