// Issue 16: a table as a person sets it up, at each origin a table uses (origins.ts: the LAN
// address over plain HTTP and over HTTPS). From the home screen the tablet opens a table; the
// invitation it shows names the origin it was opened at; two phones open that very link, give
// their names and join through the server's PeerServer; the tablet starts a generated
// topographic game (the program places the players, 003 3) and the phones move by thumb.
// And a tablet at localhost whose server no phone can reach says so instead of inviting them
// to themselves. (At lan-http the tablet's game needs identifiers without crypto.randomUUID,
// which an insecure page lacks: issue 16's other half.)
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { joinPlayer, openTableFromHome, tableContext } from './support/net-table';
import { onScreen } from './support/player-screen';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

describe.each(journeyOrigins())('a table at the $name origin', ({ url: origin, name, secure }) => {
	test('the tablet invites with its own origin; phones open that link, join, and move once the game starts', async () => {
		const contexts: BrowserContext[] = [];
		try {
			// In a secure context the microphone is granted (Chromium then offers loopback WebRTC
			// candidates too); an insecure page cannot have it, as on a phone.
			const tabletContext = await tableContext(browser, origin, 'tablet', secure);
			contexts.push(tabletContext);
			const tablet = await tabletContext.newPage();
			await openTableFromHome(tablet);
			expect(await tablet.evaluate(() => window.isSecureContext)).toBe(secure);
			const invite = (await tablet.getByTestId('invite-url').textContent({ timeout: 30_000 }))!.trim();
			const room = (await tablet.locator('main[data-screen="join-host"]').getAttribute('data-room'))!;
			// the table key's fingerprint rides along (issue 18: phones pin their tablet)
			expect(invite).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/join\\?room=${room}&via=local&pin=[\\w-]{22}$`));
			await expect(tablet.getByTestId('invite-loopback').count()).resolves.toBe(0);
			// "Copy the link" copies it at either origin (at plain http there is no navigator.clipboard: the tap did nothing).
			await tablet.getByTestId('copy-invite').click();
			await expect.poll(() => tablet.getByTestId('copy-invite').textContent()).toBe('Copied');
			expect(await tablet.getByTestId('copy-failed').count()).toBe(0);

			// The invitation opens the join screen with the room code written as the tablet shows it.
			const look = await tabletContext.newPage();
			await look.goto(invite.replace(origin, ''));
			await look.locator('main[data-ready="true"]').waitFor();
			expect(await look.getByTestId('room').inputValue()).toBe((await tablet.getByTestId('room-code').textContent())!.trim());
			await look.close();

			const phones: Page[] = [];
			for (const player of ['Anna', 'Boris']) {
				const context = await tableContext(browser, origin, 'phone', secure);
				contexts.push(context);
				const phone = await joinPlayer(context, tablet, player, invite);
				await tablet.locator('[data-testid="presence"] li', { hasText: player }).waitFor({ timeout: 30_000 });
				phones.push(phone);
			}
			await screenshot(tablet, `table-invite-${name}-tablet`);
			// the table's mark (issue 32): the same symbols beside the invitation and on every phone's seat screen
			const mark = await tablet.getByTestId('table-mark-symbols').textContent();
			expect(mark).toMatch(/^[0-9A-HJKMNP-TV-Z]{4} [0-9A-HJKMNP-TV-Z]{4}$/);
			for (const phone of phones) expect(await phone.getByTestId('table-mark-symbols').textContent()).toBe(mark);

			await tablet.getByTestId('system-topographic').click();
			await tablet.locator('[data-testid="setup"][data-rules="topographic"]').waitFor();
			await tablet.getByTestId('setup-surprise').click();
			// The game chosen down there, Start is at the top, out of sight: a button beside the choice leads back up to it.
			await tablet.getByTestId('back-to-start').click();
			await expect.poll(() => onScreen(tablet.getByTestId('start-game'))).toBe(true);
			expect(await tablet.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('start-game');
			await tablet.getByTestId('start-game').click();
			await tablet.getByTestId('console').waitFor({ timeout: 30_000 });
			// the tablet's title follows the table (issue 21): no longer "Open the table" once it plays
			await expect.poll(() => tablet.title()).toMatch(/^The game at the table · /);
			await tablet.getByTestId('confirm-starts').click();
			for (const phone of phones) await phone.locator('[data-testid="player"][data-phase="play"]').waitFor({ timeout: 30_000 });

			// two moves, each by the phone whose turn it is, each told back to it
			for (let move = 0; move < 2; move++) {
				const turn = '[data-testid="player"][data-phase="play"][data-my-turn="true"]';
				const mover = await Promise.any(phones.map((phone) => phone.locator(turn).waitFor({ timeout: 30_000 }).then(() => phone)));
				const count = async () => Number(await mover.getByTestId('event-count').getAttribute('data-count'));
				const before = await count();
				await mover.locator('[data-testid="composer"] [data-dir]').first().click();
				await mover.waitForFunction((n) => Number(document.querySelector('[data-testid="event-count"]')?.getAttribute('data-count')) > n, before, { timeout: 30_000 });
			}
			await screenshot(phones[0]!, `table-invite-${name}-phone`);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 180_000);
});

test('a tablet at localhost whose server no phone can reach says so, and invites with no LAN name it does not have', async () => {
	// the run's server listens on loopback only: /api/addresses names no address for phones
	const origin = inject('baseURL');
	const context = await tableContext(browser, origin, 'tablet');
	try {
		const tablet = await context.newPage();
		await openTableFromHome(tablet);
		await tablet.getByTestId('invite-loopback').waitFor({ timeout: 30_000 });
		expect(await tablet.getByTestId('invite-url').textContent()).toContain(`${origin}/join?room=`);
	} finally {
		await context.close();
	}
});
