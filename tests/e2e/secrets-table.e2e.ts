// Issue 30's acceptance at a table, at the LAN origin (http://table.lan, not a secure context): a
// tablet and two phones. One player steps in the dark into a weaponry, the other in the dark
// through an open exit (seed 000 6.7). Neither phone shows its status as changed: the panel says
// it is unknown and offers the status question, the pad's counts say "?", the phone outside does
// not warn that it is outside. The console's answer box shows what the table heard ("done") apart
// from what only the master knows (the weaponry, the exit). Each player asks his status (6.4): the
// answer is heard by the whole table (both phones' feeds), and the asker's panel shows it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replayEvents } from '../../src/lib/engine/game/game';
import type { GameEvent, Seat } from '../../src/lib/engine/game/types';
import { renderEvent } from '../../src/lib/i18n/events';
import { screenshot } from './support/browser';
import { importPlan } from './support/library';
import { ACCEPTANCE_PLAN } from './support/acceptance-game';
import { joinPlayer, launchForNet, openHost, tableContext, tapContour, type NetWindow } from './support/net-table';
import { feedLines } from './support/player-screen';
import { journeyOrigins } from './support/origins';

let browser: Browser;
beforeAll(async () => {
	browser = await launchForNet();
});
afterAll(async () => {
	await browser?.close();
});

const UNKNOWN = 'Your status is unknown since your dark move: ask the master';

/** The phone whose screen says it is its turn in `phase`, waiting for one (a person looks at the phones). */
async function whoseTurn(phones: Page[], phase: 'start' | 'play'): Promise<number> {
	let found = -1;
	await expect
		.poll(
			async () => {
				for (const [i, phone] of phones.entries()) if (await phone.locator(`[data-testid="player"][data-phase="${phase}"][data-my-turn="true"]`).count()) return (found = i);
				return -1;
			},
			{ timeout: 30_000, message: `a phone's turn to ${phase}` }
		)
		.toBeGreaterThanOrEqual(0);
	return found;
}

/** The player on turn makes a dark step (6.7) from the composer: Dark…, the arrow, Send. */
async function darkStep(phone: Page, dir: 'down' | 'right'): Promise<void> {
	const composer = phone.getByTestId('composer');
	await composer.getByRole('button', { name: 'Dark…' }).tap();
	await composer.getByTestId('dark').check();
	await composer.locator(`[data-dir="${dir}"]`).tap();
	await composer.getByTestId('send').tap();
	await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached' });
}

describe.each(journeyOrigins().slice(0, 1))('secrets at the table at $name', ({ url: origin, secure }) => {
	test('6.7: a dark step into a weaponry and one through an exit leave each phone\'s status unknown; 6.4: the status question tells the whole table', async () => {
		const contexts: BrowserContext[] = [];
		try {
			const hostContext = await tableContext(browser, origin, 'tablet1024', secure);
			contexts.push(hostContext);
			const library = await hostContext.newPage();
			await importPlan(library, ACCEPTANCE_PLAN, 'secrets.json');
			await library.close();
			const { page: host } = await openHost(hostContext, 'local');
			const names = ['Anna', 'Boris'];
			const phones: Page[] = [];
			for (const name of names) {
				const context = await tableContext(browser, origin, 'phone360', secure);
				contexts.push(context);
				phones.push(await joinPlayer(context, host, name));
			}
			await host.locator('[data-testid="presence"] li', { hasText: 'Boris' }).waitFor();
			await host.getByTestId('start-game').tap();
			await host.getByTestId('console').waitFor({ timeout: 30_000 });
			// The first asked starts above the weaponry (1,0); the second on the square of the open exit (3,0).
			const seats: Seat[] = [];
			const starts: [number, number][] = [
				[1, 0],
				[3, 0]
			];
			for (const [x, y] of starts) {
				const seat = await whoseTurn(phones, 'start');
				seats.push(seat);
				await tapContour(phones[seat]!, x, y);
				await phones[seat]!.getByTestId('confirm-cell').tap();
				await phones[seat]!.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached' });
			}
			await host.getByTestId('confirm-starts').tap();
			const [weaponry, exit] = [phones[seats[0]!]!, phones[seats[1]!]!];

			// Into the weaponry in the dark: he was refilled, and is not told.
			expect(await whoseTurn(phones, 'play')).toBe(seats[0]);
			await darkStep(weaponry, 'down');
			await expect.poll(() => weaponry.getByTestId('status').textContent()).toBe(UNKNOWN);
			// Through the exit in the dark: he is outside, and is not told.
			expect(await whoseTurn(phones, 'play')).toBe(seats[1]);
			await darkStep(exit, 'right');
			await expect.poll(() => exit.getByTestId('status').textContent()).toBe(UNKNOWN);
			expect(await exit.getByTestId('outside-note').count()).toBe(0);
			await screenshot(exit, 'secrets-unknown-phone');

			// The console: the table heard "done"; the exit is the master's alone, apart, never in the same sentence.
			const answer = host.getByTestId('console-answer');
			await answer.getByTestId('answer-kept').waitFor();
			const kept = (await answer.getByTestId('answer-kept').textContent())!;
			const heard = (await answer.getByTestId('answer-heard').textContent())!;
			expect(kept.toLowerCase()).toContain('walked out of the labyrinth');
			expect(heard.toLowerCase()).not.toContain('walked out');
			expect(heard.toLowerCase()).toContain('done');
			// The console's log: the exit on a line of its own, marked as the master's alone.
			const exitLine = host.locator('[data-testid="feed"] li', { hasText: /walked out of the labyrinth/i }).last();
			expect(await exitLine.getByTestId('private-mark').count()).toBe(1);
			expect((await exitLine.textContent())?.toLowerCase()).not.toContain('done');
			await screenshot(host, 'secrets-console-tablet');

			// On his turn the pad's counts are unknown too ("Shoot · ?").
			expect(await whoseTurn(phones, 'play')).toBe(seats[0]);
			expect((await weaponry.getByTestId('shoot').textContent())?.trim()).toBe('Shoot · ?');
			await screenshot(weaponry, 'secrets-pad-phone');

			// 6.4: each asks; the whole table hears the answer, and the asker's panel shows it again.
			for (const [i, phone] of [weaponry, exit].entries()) {
				await phone.getByTestId('ask-status').tap();
				let told: GameEvent | undefined;
				await expect
					.poll(async () => {
						const { events } = replayEvents(await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game));
						told = events.slice().filter((e: GameEvent) => e.type === 'status' && e.seat === seats[i]).at(-1);
						return told !== undefined;
					}, { timeout: 30_000 })
					.toBe(true);
				if (!told) throw new Error('no status told');
				expect(told.audience).toEqual({ to: 'all' });
				const line = renderEvent(told, 'en', 0, names);
				for (const other of phones) await expect.poll(() => feedLines(other), { timeout: 30_000 }).toContain(line);
				await expect.poll(async () => (await phone.getByTestId('status').textContent()) !== UNKNOWN).toBe(true);
			}
			// The weaponry refilled him: three bullets (maxBullets) is what he hears now.
			expect(await weaponry.getByTestId('status').textContent()).toMatch(/3|three/i);
			// The one outside now knows it.
			expect(await exit.getByTestId('status').textContent()).toMatch(/outside/i);
			await screenshot(exit, 'secrets-told-phone');
		} finally {
			for (const c of contexts) await c.close();
		}
	}, 240_000);
});
