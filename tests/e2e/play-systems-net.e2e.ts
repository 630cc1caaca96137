// The topographic and the abandoned labyrinth at a table (issue 9 on issue 7's screens): the
// master's tablet chooses the system and a generated plan of it, two phones join through the
// self-hosted PeerServer, the program places the players (003 3, 002 2), and the phones move
// with their thumbs. After every move each phone's feed, on screen and in its session, is the
// engine's events for its seat; nothing of the plan is on a phone or in its storage.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replayEvents } from '../../src/lib/engine/game/game';
import { DIRECTIONS } from '../../src/lib/engine/plan/types';
import { createRng } from '../../src/lib/engine/random';
import { screenshot } from './support/browser';
import { joinPlayer, launchForNet, openHost, seatEvents, startTableServer, tableContext, waitForEvents, type NetWindow } from './support/net-table';
import { expectedFeed, expectNothingOfThePlan, feedLines } from './support/player-screen';

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

const NAMES = ['Anna', 'Boris'];
const MOVES = 14;

describe.each(['topographic', 'abandoned'] as const)('the %s labyrinth at a table', (rules) => {
	test('the tablet hosts it, the phones move by thumb, and each phone has exactly its seat\'s feed and nothing of the plan', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const hostContext = await tableContext(browser, server.origin, 'tablet');
			contexts.push(hostContext);
			const { page: host } = await openHost(hostContext, 'local');
			const phones: Page[] = [];
			for (const name of NAMES) {
				const context = await tableContext(browser, server.origin, 'phone');
				contexts.push(context);
				phones.push(await joinPlayer(context, host, name));
			}
			await host.locator('[data-testid="presence"] li', { hasText: NAMES[1]! }).waitFor();
			await host.getByTestId(`system-${rules}`).click();
			await host.locator(`[data-testid="setup"][data-rules="${rules}"]`).waitFor();
			await host.getByTestId('setup-surprise').click();
			await host.getByTestId('start-game').click();
			await host.getByTestId('console').waitFor({ timeout: 30_000 });
			// The program has placed everyone; the master lets the game begin.
			await host.getByTestId('confirm-starts').click();
			for (const phone of phones) await phone.locator('[data-testid="player"][data-phase="play"]').waitFor({ timeout: 30_000 });

			const record = () => host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game);
			const rng = createRng(rules.length);
			let shot = false;
			for (let move = 0; move < MOVES; move++) {
				const { state, events: heard } = replayEvents(await record());
				if (state.phase !== 'play') break;
				const seat = state.order[state.turn]!;
				const phone = phones[seat]!;
				await phone.locator('[data-testid="player"][data-phase="play"][data-my-turn="true"]').waitFor({ timeout: 30_000 });
				for (const [other, page] of phones.entries()) {
					const events = heard.seatEvents(other);
					await waitForEvents(page, events.length);
					expect(await seatEvents(page), `${rules}, move ${move}, seat ${other}`).toEqual(events);
					expect(await feedLines(page)).toEqual(expectedFeed(events, NAMES));
				}
				await expectNothingOfThePlan(phone, seat);
				if (!shot && move >= 4) {
					await screenshot(phone, `systems-net-${rules}-phone`);
					await screenshot(host, `systems-net-${rules}-tablet`);
					shot = true;
				}
				const before = heard.seatEvents(seat).length;
				await phone.locator(`[data-testid="composer"] [data-dir="${DIRECTIONS[rng.int(4)]}"]`).click();
				// the move is told (a wall in the abandoned labyrinth keeps the turn: no change of turn to wait for)
				await phone.waitForFunction((n) => Number(document.querySelector('[data-testid="event-count"]')?.getAttribute('data-count')) > n, before, { timeout: 30_000 });
			}
			const { state, events: heard } = replayEvents(await record());
			expect(state.rules).toBe(rules);
			expect(heard.length).toBeGreaterThan(MOVES / 2);
			for (const [seat, phone] of phones.entries()) {
				const events = heard.seatEvents(seat);
				await waitForEvents(phone, events.length);
				expect(await seatEvents(phone)).toEqual(events);
				// A random game may end within its moves (the plan is then revealed to all, as it should be).
				if (state.phase !== 'over') await expectNothingOfThePlan(phone, seat);
			}
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 180_000);
});
