// Issue 7's acceptance, over the table: a tablet (the master's console) and two phones, each in
// its own browser profile, joined through the self-hosted PeerServer, play the scripted game of
// support/acceptance-game.ts from the lobby to the win with the true treasure: a shot that
// wounds and the new cell ordered on the wounded player's phone (5.5), a pit, a grenade, a wall,
// a river carry, a fake treasure carried out and the return (rulings 2). The phones are driven
// by taps on the contour and the composer; the common move goes with the first tap. After
// every turn each phone's feed is the engine's events for its seat (replayed here from the
// script), and nothing of the plan, nor the phone's own position, is on its screen or in its
// storage. The reveal shows the plan and both paths, and its scrubber, on the tablet and on
// every phone, steps through the game as the engine played it. Screenshots: phone 360x740, tablet 1280x800.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apply } from '../../src/lib/engine/game/apply';
import { replayEvents } from '../../src/lib/engine/game/game';
import type { Command, Seat } from '../../src/lib/engine/game/types';
import { screenshot } from './support/browser';
import { importPlan } from './support/library';
import { ACCEPTANCE_PLAN, cellOf, scriptCommands, SCRIPT, STARTS, type Role } from './support/acceptance-game';
import { joinPlayer, launchForNet, openHost, seatEvents, startTableServer, tableContext, type NetWindow } from './support/net-table';
import { composeMove, expectedFeed, expectNothingOfThePlan, expectReplayAsTheEngine, feedLines, fontSize, onScreen, storedData, tapContour, withCell } from './support/player-screen';
import { watchErrors, withoutLinkNoise } from './support/page-errors';

let browser: Browser;
let server: { origin: string; close: () => Promise<void> };
beforeAll(async () => {
	browser = await launchForNet();
	server = await startTableServer();
});
afterAll(async () => {
	await browser?.close();
	await server?.close();
});

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1280, height: 800 };

/** The phone whose screen says it is this seat's turn (in the given phase), waiting for one. */
async function whoseTurn(phones: Page[], phase: 'start' | 'play'): Promise<number> {
	const myTurn = (phone: Page) => phone.locator(`[data-testid="player"][data-phase="${phase}"][data-my-turn="true"]`);
	let seat = -1;
	await expect
		.poll(async () => {
			for (const [i, phone] of phones.entries()) if (await myTurn(phone).count()) return (seat = i);
			return -1;
		}, { message: `a phone's turn to ${phase}`, timeout: 30_000 })
		.toBeGreaterThanOrEqual(0);
	return seat;
}

describe("issue 7's acceptance game at the table", () => {
	test('tablet and two phones: the whole scripted game from the lobby to the true treasure, the feeds, the hidden plan, the reveal', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const hostContext = await tableContext(browser, server.origin, 'tablet');
			contexts.push(hostContext);
			const library = await hostContext.newPage();
			await importPlan(library, ACCEPTANCE_PLAN, 'accept.json');
			await library.close();
			const { page: host } = await openHost(hostContext, 'local');
			await host.setViewportSize(TABLET);

			const names = ['Anna', 'Boris'];
			const phones: Page[] = [];
			const errorsOfPhones: string[][] = [];
			// An uncaught error on a phone fails the game (a composed move once died so, silently).
			const errors = watchErrors(host, 'tablet');
			for (const name of names) {
				const context = await tableContext(browser, server.origin, 'phone');
				contexts.push(context);
				const phone = await joinPlayer(context, host, name);
				await phone.setViewportSize(PHONE);
				phones.push(phone);
				errorsOfPhones.push(watchErrors(phone, name));
			}
			await host.locator('[data-testid="presence"] li', { hasText: 'Boris' }).waitFor();
			await host.getByTestId('start-game').tap();
			await host.getByTestId('console').waitFor({ timeout: 30_000 });

			// 6.1: the drawn order shows as who is asked first to choose a start; the script's roles follow it.
			const seatOf = {} as Record<Role, Seat>;
			for (const role of ['first', 'second'] as const) {
				const seat = await whoseTurn(phones, 'start');
				seatOf[role] = seat;
				const phone = phones[seat]!;
				await expectNothingOfThePlan(phone, seat);
				await tapContour(phone, STARTS[role]);
				await phone.getByTestId('confirm-cell').tap();
				await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached' });
				await expectNothingOfThePlan(phone, seat);
			}
			const order = [seatOf.first, seatOf.second];
			// The storage scan sees what the phone keeps: its own start, chosen by its player, and nothing else with a cell.
			for (const role of ['first', 'second'] as const) {
				const cells = withCell(await storedData(phones[seatOf[role]]!));
				expect(cells.map((c) => c.at)).toEqual([{ type: 'choose_start', by: seatOf[role], cell: cellOf(STARTS[role]) }]);
			}
			await host.getByTestId('confirm-starts').tap();

			// The engine plays the same script alongside, from the tablet's game (its seed drew the order):
			// the phones' feeds must equal its events for each seat.
			await host.locator('[data-testid="composer"]').waitFor();
			const begun = await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game);
			// The phones call the players by the table's names (seats in the order they joined): the feeds are expected with them.
			expect(await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.names)).toEqual(names);
			let { state: engine, events: heard } = replayEvents(begun);
			const advance = (command: Command) => {
				const r = apply(engine, command);
				engine = r.state;
				heard = heard.with(r.events);
			};
			expect(engine.order).toEqual(order);
			const commands = scriptCommands(order);
			expect(begun.log).toEqual(commands.slice(0, 3).map((c) => c.command));
			const expectFeeds = async (label: string) => {
				for (const [seat, phone] of phones.entries()) {
					const want = expectedFeed(heard.seatEvents(seat), names);
					await expect.poll(() => feedLines(phone), { timeout: 30_000, message: `${names[seat]}'s feed after ${label}` }).toEqual(want);
				}
			};
			await expectFeeds('the starts');

			let commandAt = 3;
			const back = SCRIPT.findIndex((t) => t.note.startsWith('back in'));
			for (const [i, turn] of SCRIPT.entries()) {
				const seat = seatOf[turn.role];
				const phone = phones[seat]!;
				expect(await whoseTurn(phones, 'play'), turn.note).toBe(seat);
				await expectNothingOfThePlan(phone, seat);
				if (turn.order) {
					// 5.5: the wounded player's phone asks for the new cell, privately, on the blank contour;
					// who was wounded the whole table hears at his turn (section A).
					await phone.getByTestId('confirm-cell').waitFor();
					expect(await feedLines(phone)).toContain(expectedFeed([{ type: 'wounded_notice', seat, canOrder: true, audience: { to: 'all' } }], names)[0]);
					await screenshot(phone, 'accept-order-phone');
					await tapContour(phone, turn.order);
					await phone.getByTestId('confirm-cell').tap();
					advance(commands[commandAt++]!.command);
					await expectNothingOfThePlan(phone, seat);
				}
				// Outside with the fake crumbled (rulings 2), the phone warns before the one tap that decides.
				expect(await phone.getByTestId('outside-note').count(), turn.note).toBe(i === back ? 1 : 0);
				if (i === back) await screenshot(phone, 'accept-outside-phone');
				if (i === 0) await screenshot(phone, 'accept-composer-phone');
				if (i === 0) await screenshot(host, 'accept-console-tablet');
				const how = await composeMove(phone, turn.actions, names);
				// The common move is one tap: that tap alone sent it (the turn passed).
				await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached', timeout: 30_000 });
				if (how === 'one-tap') expect(await phone.getByTestId('sentence').count()).toBe(0);
				advance(commands[commandAt++]!.command);
				await expectFeeds(turn.note);
				// The tablet's map shows the treasures where they lie now (the fake picked up, the true one carried).
				if (engine.phase !== 'over') {
					const lying = engine.items.flat().filter((it) => it.k === 'treasure').length;
					await expect.poll(() => host.locator('[data-testid="console"] .map .treasure').count(), { message: `treasures on the map after: ${turn.note}` }).toBe(lying);
				}
				// Until the game is over (then the plan is everyone's: below).
				if (engine.phase !== 'over') for (const [other, screen] of phones.entries()) await expectNothingOfThePlan(screen, other);
				if (i === 0) {
					// The tablet: the answer to read out is in sight without scrolling, and big enough at arm's length.
					const answer = host.getByTestId('console-answer');
					await answer.filter({ hasText: 'scream' }).waitFor();
					expect(await onScreen(answer.locator('p:not(.to)').first())).toBe(true);
					expect(await fontSize(answer.locator('p:not(.to)').first())).toBeGreaterThanOrEqual(24);
					expect(await fontSize(host.locator('[data-testid="feed"] li:not(.turn) .text').first())).toBeGreaterThanOrEqual(20);
				}
				if (i === 6) {
					await phone.getByTestId('feed').scrollIntoViewIfNeeded();
					await screenshot(phone, 'accept-feed-phone');
					await screenshot(host, 'accept-console-midgame-tablet');
					await host.setViewportSize({ width: 1024, height: 768 });
					await screenshot(host, 'accept-console-tablet-1024');
					await host.setViewportSize(PHONE);
					await screenshot(host, 'accept-console-phone');
					await host.setViewportSize(TABLET);
				}
			}
			expect(engine.result).toEqual({ kind: 'win', seat: seatOf.first, how: 'treasure' });

			for (const phone of phones) await phone.locator('[data-testid="player"][data-phase="over"]').waitFor({ timeout: 30_000 });
			expect(await phones[seatOf.second]!.getByTestId('outcome').textContent()).toContain(names[seatOf.first]);
			// The tablet's record is the same game: its replay ends as the engine's, and each phone holds its seat's events.
			const record = await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game);
			const { state, events } = replayEvents(record);
			expect(state.result).toEqual(engine.result);
			for (const [seat, phone] of phones.entries()) expect(await seatEvents(phone)).toEqual(events.seatEvents(seat));

			// The reveal: the whole plan and both paths, on the tablet and on the phones.
			const reveal = host.getByTestId('reveal');
			await reveal.waitFor();
			expect(await reveal.locator('.square.river').count()).toBe(1);
			expect(await reveal.locator('.square.pit').count()).toBe(2);
			// Each treasure where it ended (issue 33): the fake crumbled outside, the true one with the
			// winner, none drawn where it lay; a step back he still carries it (every step: expectReplayAsTheEngine below).
			const carried = (at: Page) => at.locator('.reveal [data-carried]').evaluateAll((c) => c.map((e) => `${e.getAttribute('data-seat')}:${e.getAttribute('data-carried')}`));
			expect(await reveal.locator('[data-treasure]').count()).toBe(0);
			expect(await carried(host)).toEqual([`${seatOf.first}:treasure`]);
			await reveal.getByTestId('step-back').tap();
			expect(await reveal.locator('[data-treasure]').count()).toBe(0);
			expect(await carried(host)).toEqual([`${seatOf.first}:treasure`]);
			await reveal.getByTestId('step-next').tap();
			const paths = reveal.locator('polyline.path');
			expect(await paths.count()).toBe(2);
			for (const p of await paths.all()) expect(((await p.getAttribute('points')) ?? '').split(' ').length).toBeGreaterThan(2);
			await screenshot(host, 'accept-reveal-tablet');
			// the scrubber counts in the players' word (a step), not the program's ("Command 21 of 21" was)
			expect(await reveal.getByTestId('step-count').textContent()).toMatch(/^Step \d+ of \d+$/);
			// The scrubber, move by move, shows where the engine had everyone, the walls down and what was said.
			await expectReplayAsTheEngine(host, record, names);
			await host.getByTestId('scrubber').fill('7');
			await screenshot(host, 'accept-reveal-step-tablet');
			// Over, the plan and the game are no secret: each phone shows the plan, the paths and the scrubber too.
			for (const phone of phones) {
				await phone.locator('[data-testid="player"][data-phase="over"] .reveal .square.river').waitFor({ timeout: 30_000 });
				expect(await phone.locator('.reveal [data-treasure]').count()).toBe(0);
				expect(await carried(phone)).toEqual([`${seatOf.first}:treasure`]);
				expect(await phone.locator('.reveal polyline.path').count()).toBe(2);
				await expectReplayAsTheEngine(phone, record, names, 8);
			}
			await screenshot(phones[seatOf.first]!, 'accept-over-phone');
			// The tablet is put away; a phone reloaded after that still has the end: the outcome, the
			// names, the plan and the replay (kept with its seat), and nothing lost of its feed.
			const winner = phones[seatOf.first]!;
			const feedBefore = await feedLines(winner);
			await hostContext.close();
			await winner.reload();
			await winner.locator('[data-testid="player"][data-phase="over"] .reveal .square.river').waitFor({ timeout: 30_000 });
			expect(await winner.getByTestId('outcome').textContent()).toContain(names[seatOf.first]);
			expect(await winner.locator('.reveal polyline.path').count()).toBe(2);
			await expectReplayAsTheEngine(winner, record, names, 3);
			expect(await feedLines(winner)).toEqual(feedBefore);
			expect(withoutLinkNoise([...errors, ...errorsOfPhones.flat()])).toEqual([]);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 180_000);
});
