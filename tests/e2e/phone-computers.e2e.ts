// Issue 22 at a table with phones: from the home screen the tablet opens a table and adds a
// computer seat; one phone joins through the invitation and the master admits it; the game
// starts and the tablet plays the computer itself — it chooses its start, moves when its turn
// comes (the console's log shows it) — while the phone plays by thumb and hears the
// computer's moves as it hears any player's, and nothing that seat alone (or the master) knows.
// The phone switched to Russian reads the computer's default name in Russian (the tablet's is English).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay, replayEvents, type Game } from '../../src/lib/engine/game/game';
import { launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { joinPlayer, openTableFromHome, seatEvents, tableContext, type NetWindow } from './support/net-table';
import { expectNothingOfThePlan, feedLines, expectedFeed, tapContour } from './support/player-screen';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const hostGame = (tablet: Page) => tablet.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game);

describe.each(journeyOrigins())('a computer seat at a table with a phone, at $name', ({ url: origin, name, secure }) => {
	test('the tablet adds a computer, a phone joins, and the computer plays its turns; the phone hears them', async () => {
		const contexts: BrowserContext[] = [];
		try {
			// The debug hook is on (connect.ts): the test reads the tablet's log to count the computer's moves.
			const tabletContext = await tableContext(browser, origin, 'tablet1024', secure);
			contexts.push(tabletContext);
			const tablet = await tabletContext.newPage();
			await openTableFromHome(tablet);

			// The master adds a computer seat (an explorer by default, as the level list offers).
			await tablet.getByTestId('add-computer').click();
			expect(await tablet.getByTestId('computer-name-0').inputValue()).toBe('Computer 1');
			expect(await tablet.getByTestId('computer-level-0').inputValue()).toBe('explorer');
			await tablet.getByTestId('setup-surprise').click();

			const invite = (await tablet.getByTestId('invite-url').textContent({ timeout: 30_000 }))!.trim();
			const phoneContext = await tableContext(browser, origin, 'phone360', secure);
			contexts.push(phoneContext);
			const phone = await joinPlayer(phoneContext, tablet, 'Anna', invite);
			await tablet.locator('[data-testid="presence"] li', { hasText: 'Anna' }).waitFor({ timeout: 30_000 });
			await tablet.getByTestId('table-computers').scrollIntoViewIfNeeded();
			await screenshot(tablet, `phone-computers-${name}-setup-tablet`);
			await screenshot(phone, `phone-computers-${name}-lobby-phone`);

			await tablet.getByTestId('start-game').click();
			await tablet.getByTestId('console').waitFor({ timeout: 30_000 });
			// The phone's table lists the computer, always here.
			await phone.locator('[data-testid="presence"] li[data-seat="1"][data-here="yes"]', { hasText: 'Computer 1' }).waitFor({ timeout: 30_000 });
			// The tablet named the computer in its language; in Russian the phone reads its own default
			// name for that seat, and her typed name as she typed it. Then back to English, and on.
			await phone.goto('/');
			await phone.locator('[data-locale="ru"]').click();
			await phone.getByTestId('back-to-seat').click();
			await phone.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
			await phone.locator('[data-testid="presence"] li[data-seat="1"]', { hasText: 'Компьютер 1' }).waitFor({ timeout: 30_000 });
			expect(await phone.locator('[data-testid="presence"] li[data-seat="0"]').textContent()).toContain('Anna');
			await screenshot(phone, `phone-computers-${name}-phone-ru`);
			await phone.goto('/');
			await phone.locator('[data-locale="en"]').click();
			await phone.getByTestId('back-to-seat').click();
			await phone.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });

			const mine = '[data-testid="player"][data-my-turn="true"]';
			const confirm = tablet.getByTestId('confirm-starts');
			let computerMoves = 0;
			for (let step = 0; step < 200 && computerMoves < 2; step++) {
				if (await phone.locator(`${mine}[data-phase="start"]`).count()) {
					// Her own phone: no "the others should look away" (that is the passed-round device's).
					expect(await phone.getByTestId('private-note').textContent()).toBe('Your start is secret: keep this screen to yourself.');
					await tapContour(phone, [0, 0]);
					await phone.getByTestId('confirm-cell').click();
					await phone.locator(mine).waitFor({ state: 'detached', timeout: 30_000 });
				} else if ((await confirm.count()) && (await confirm.isEnabled({ timeout: 1000 }).catch(() => false))) {
					// (the button goes as soon as the starts are confirmed: gone between the two looks, it is not waited for)
					await confirm.click();
				} else if (await phone.locator(`${mine}[data-phase="play"]`).count()) {
					if (await phone.getByTestId('decline-order').count()) await phone.getByTestId('decline-order').click();
					// Anna waits her turns (the plan is a surprise: a step could take her out of an exit and end the game).
					await phone.getByTestId('skip').click();
					await phone.locator(mine).waitFor({ state: 'detached', timeout: 30_000 });
				} else {
					// Nothing for Anna or the master yet (the computer is choosing): wait for her turn, the confirmation, or the computer's move.
					const before = (await hostGame(tablet)).log.length;
					await expect
						.poll(async () => (await phone.locator(mine).count()) > 0 || (await confirm.count()) > 0 || (await hostGame(tablet)).log.length > before, { timeout: 30_000 })
						.toBe(true);
				}
				const game = await hostGame(tablet);
				computerMoves = game.log.filter((c) => c.by === 1 && c.type === 'move').length;
				if (replay(game).state.phase === 'over') break;
			}
			await screenshot(tablet, `phone-computers-${name}-console`);

			// The phone heard exactly its seat's events, the computer's announced moves among them, and shows them.
			const game: Game = await hostGame(tablet);
			const end = replay(game).state;
			// The surprise plan is drawn on the tablet: the computer may find the treasure by an exit at
			// once. Anna only waits, so an early end is the computer's win, by its own moves.
			if (end.phase === 'over') expect(end.result).toMatchObject({ kind: 'win', seat: 1 });
			else expect(computerMoves).toBeGreaterThanOrEqual(2);
			expect(computerMoves).toBeGreaterThanOrEqual(1);
			const events = replayEvents(game).events.seatEvents(0);
			await phone.waitForFunction((n) => Number(document.querySelector('[data-testid="event-count"]')?.getAttribute('data-count')) >= n, events.length, { timeout: 30_000 });
			expect(await seatEvents(phone)).toEqual(events);
			const computerSaid = events.filter((e) => e.type === 'move_announced' && e.seat === 1);
			expect(computerSaid.length).toBeGreaterThanOrEqual(Math.min(computerMoves, 2));
			const lines = await feedLines(phone);
			const tabletLines = await feedLines(tablet);
			for (const line of expectedFeed(computerSaid, ['Anna', 'Computer 1'])) {
				expect(lines).toContain(line);
				// the console's log shows them too
				expect(tabletLines).toContain(line);
			}
			// While the game is on, nothing of the plan on the phone (an ended game's reveal shows it, rightly).
			if (end.phase !== 'over') await expectNothingOfThePlan(phone, 0);
			await screenshot(phone, `phone-computers-${name}-phone`);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 90_000);
});
