// Issue 7 over the table: the master's tablet and two phones, each in its own browser profile,
// joined through the self-hosted PeerServer, play a whole game through the screens — the
// console on the tablet, the player's screen on each phone — to a victory with the true
// treasure. Each phone's feed is the engine's events for its seat, and nothing of the plan is
// ever on a phone (neither in its page nor in its storage) until the game is over.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replayEvents } from '../../src/lib/engine/game/game';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { screenshot } from './support/browser';
import { importPlan } from './support/library';
import { joinPlayer, launchForNet, openHost, seatEvents, startTableServer, tableContext, type NetWindow } from './support/net-table';
import { expectNothingOfThePlan, tapContour } from './support/player-screen';
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

const plan = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Net table'
};

describe('a game at the table, over the link', () => {
	test('tablet and two phones: lobby, private starts, moves from the phones, a wall, the true treasure carried out, the reveal', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const hostContext = await tableContext(browser, server.origin, 'tablet');
			contexts.push(hostContext);
			const library = await hostContext.newPage();
			await importPlan(library, plan, 'net.json');
			await library.close();
			const { page: host } = await openHost(hostContext, 'local');
			const errors = [watchErrors(host, 'tablet')];

			const phones: Page[] = [];
			for (const name of ['Anna', 'Boris']) {
				const context = await tableContext(browser, server.origin, 'phone');
				contexts.push(context);
				const phone = await joinPlayer(context, host, name);
				phones.push(phone);
				errors.push(watchErrors(phone, name));
			}
			await host.locator('[data-testid="presence"] li', { hasText: 'Boris' }).waitFor();
			await screenshot(host, 'net-lobby-tablet');
			await host.getByTestId('start-game').click();
			await host.getByTestId('console').waitFor({ timeout: 30_000 });

			// 6.1: each phone chooses its start in private, in the drawn order.
			const starts: [number, number][] = [[0, 0], [3, 1]];
			for (let chosen = 0; chosen < 2; ) {
				for (const [seat, phone] of phones.entries()) {
					const mine = phone.locator('[data-testid="player"][data-phase="start"][data-my-turn="true"]');
					if (!(await mine.count())) continue;
					await expectNothingOfThePlan(phone, seat);
					await tapContour(phone, starts[seat]!);
					await phone.getByTestId('confirm-cell').click();
					await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached' });
					chosen++;
				}
			}
			await host.getByTestId('confirm-starts').click();

			// Anna: up (a wall), right (the weaponry), left (back onto the treasure), left (out with it). Boris walks.
			const anna = ['up', 'right', 'left', 'left'];
			const boris = ['left', 'right', 'left', 'right'];
			while (anna.length) {
				for (const [seat, phone] of phones.entries()) {
					const turn = phone.locator('[data-testid="player"][data-phase="play"][data-my-turn="true"]');
					if (!(await turn.count())) continue;
					if (seat === 0 && anna.length === 4) await screenshot(phone, 'net-composer-phone');
					await expectNothingOfThePlan(phone, seat);
					await phone.locator(`[data-dir="${(seat === 0 ? anna : boris).shift()}"]`).click();
					await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached', timeout: 30_000 });
				}
			}
			for (const phone of phones) await phone.locator('[data-testid="player"][data-phase="over"]').waitFor({ timeout: 30_000 });
			expect(await phones[1]!.getByTestId('outcome').textContent()).toContain('Anna');
			// Nothing is left to move: the first tab is the labyrinth revealed, not "Move".
			for (const phone of phones) expect(await phone.getByTestId('tab-move').textContent()).toBe('The labyrinth');
			await host.getByTestId('reveal').waitFor();
			await screenshot(host, 'net-reveal-tablet');
			await screenshot(phones[0]!, 'net-over-phone');

			// Every phone holds exactly the engine's events for its seat, in order.
			const record = await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game);
			const { state, events } = replayEvents(record);
			for (const [seat, phone] of phones.entries()) expect(await seatEvents(phone)).toEqual(events.seatEvents(seat));
			expect(state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
			expect(withoutLinkNoise(errors.flat())).toEqual([]);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 120_000);
});
