// Issue 7's acceptance, pass-and-play: the same scripted game as play-accept-net.e2e.ts
// (support/acceptance-game.ts) on one device with no network, the app as master. The curtain
// asks for each player in the drawn order; behind it that player alone chooses a start, or a
// new cell after the wound (5.5), and moves through the composer. Each time a player takes the
// device, his feed is the engine's events for his seat (replayed here from the script), and
// the screen shows nothing of the plan nor his position. The reveal shows the plan and both
// paths, and the finished game opens again. Screenshots on a phone (360x740) and, resized, on
// a tablet (1024x768).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apply } from '../../src/lib/engine/game/apply';
import { replay } from '../../src/lib/engine/game/game';
import { EventLog } from '../../src/lib/engine/game/event-log';
import type { Command, GameState, Seat } from '../../src/lib/engine/game/types';
import { importPlan, storedRecord } from './support/library';
import { launch, newContext, screenshot } from './support/browser';
import { ACCEPTANCE_PLAN, SCRIPT, scriptCommands, STARTS, type Role } from './support/acceptance-game';
import { composeMove, expectReplayAsTheEngine, expectedFeed, feedLines, tapContour } from './support/player-screen';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1024, height: 768 };
const NAMES = ['Anna', 'Boris'];

/** Who the curtain asks for: taps "I am …" and returns that seat. */
async function takeDevice(page: Page): Promise<Seat> {
	const button = page.getByTestId('take-device');
	await button.waitFor();
	const text = (await button.textContent()) ?? '';
	const seat = NAMES.findIndex((name) => text.includes(name));
	expect(seat, text).toBeGreaterThanOrEqual(0);
	await button.tap();
	await page.getByTestId('player').waitFor();
	return seat;
}

/** Nothing of the plan on the screen while a player holds the device (the device itself is the master here). */
async function expectNothingOnScreen(page: Page) {
	expect(await page.locator('main .square:not(.land):not(.unknown), main .walls line, main .treasure, main .item, main .glyph').count()).toBe(0);
	if (!(await page.getByTestId('confirm-cell').count())) expect(await page.locator('main rect.selected').count()).toBe(0);
	expect(await page.evaluate(() => document.querySelector('main')?.innerText ?? '')).not.toMatch(/\b[a-d][1-3]\b/);
}

describe("issue 7's acceptance game, pass-and-play", () => {
	test('one device: the whole scripted game, private choices behind the curtain, the feeds, the reveal', async () => {
		const context = await newContext(browser, { device: 'phone' });
		const page = await context.newPage();
		await page.setViewportSize(PHONE);
		const errors = watchErrors(page);
		try {
			await importPlan(page, ACCEPTANCE_PLAN, 'accept.json');
			await page.goto('/pass');
			for (const [i, name] of NAMES.entries()) await page.getByTestId(`name-${i}`).fill(name);
			await page.getByTestId('start-game').tap();
			await page.waitForURL(/\/pass\?id=/);
			const id = new URL(page.url()).searchParams.get('id')!;

			// 6.1: the curtain asks first for the player the seed drew first; the script's roles follow.
			const seatOf = {} as Record<Role, Seat>;
			for (const role of ['first', 'second'] as const) {
				const seat = await takeDevice(page);
				seatOf[role] = seat;
				await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
				await expectNothingOnScreen(page);
				await tapContour(page, STARTS[role]);
				await page.getByTestId('confirm-cell').tap();
				await page.getByTestId('pass-on').tap();
			}
			const order = [seatOf.first, seatOf.second];

			// The engine plays the script alongside, from the device's own game record (its seed drew the order).
			const stored = await storedRecord(page, id);
			const record = stored.game;
			expect(record, 'the game is kept on the device').toBeTruthy();
			// The screens call the players by the names the game keeps: the feed is expected with them.
			const names = stored.names;
			expect(names).toEqual(NAMES);
			const commands = scriptCommands(order);
			let engine: GameState = replay({ ...record!, log: [] }).state;
			let told = EventLog.empty();
			const advance = (command: Command) => {
				const r = apply(engine, command);
				engine = r.state;
				told = told.with(r.events);
			};
			expect(engine.order).toEqual(order);
			// One device has no master: the app confirms the starts once both are chosen, as a master would.
			expect(record!.log).toEqual(commands.slice(0, 3).map((c) => c.command));
			for (const { command } of commands.slice(0, 3)) advance(command);
			let commandAt = 3;

			const heard: string[] = [];
			for (const [i, turn] of SCRIPT.entries()) {
				const seat = seatOf[turn.role];
				expect(await takeDevice(page), turn.note).toBe(seat);
				await expectNothingOnScreen(page);
				// Behind the curtain the holder's feed is his seat's events, and nobody else's private ones.
				await expect.poll(() => feedLines(page), { message: `${NAMES[seat]}'s feed before: ${turn.note}` }).toEqual(expectedFeed(told.seatEvents(seat), names));
				if (turn.order) {
					// 5.5: the wounded player picks his new cell in private on the blank contour.
					await page.getByTestId('confirm-cell').waitFor();
					await tapContour(page, turn.order);
					await page.getByTestId('confirm-cell').tap();
					advance(commands[commandAt++]!.command);
					// Still his turn: the device stays with him, the composer opens, his feed has the order.
					await page.getByTestId('composer').waitFor();
					expect(await page.getByTestId('answer').count()).toBe(0);
					await expect.poll(() => feedLines(page)).toEqual(expectedFeed(told.seatEvents(seat), names));
				}
				if (i === 2) {
					// "Recall the last move of …" (6.3) mid-turn keeps the device with him too; his feed has the answer.
					const other = seatOf.second;
					await page.getByTestId('status-toggle').tap();
					await page.getByTestId(`recall-${other}`).tap();
					advance({ type: 'recall', by: seat, of: other });
					await expect.poll(() => feedLines(page), { message: 'the recall in the feed' }).toEqual(expectedFeed(told.seatEvents(seat), names));
					expect(await page.getByTestId('answer').count()).toBe(0);
					await page.getByTestId('status-toggle').tap();
				}
				if (i === 0) {
					await screenshot(page, 'accept-pass-composer-phone');
					await page.setViewportSize(TABLET);
					await screenshot(page, 'accept-pass-composer-tablet');
					await page.setViewportSize(PHONE);
				}
				await composeMove(page, turn.actions, names);
				const answer = page.getByTestId('answer');
				await answer.waitFor();
				advance(commands[commandAt++]!.command);
				heard.push((await answer.locator('li').allTextContents()).join(' '));
				if (i === 8) {
					await screenshot(page, 'accept-pass-answer-phone');
				}
				if (engine.phase === 'over') break;
				await page.getByTestId('pass-on').tap();
				if (i === 9) {
					// A reload in the middle of the game loses nothing.
					await page.reload();
					await page.getByTestId('curtain').waitFor();
				}
				if (i === 10) {
					await page.locator('.table-feed summary').tap();
					await screenshot(page, 'accept-pass-curtain-phone');
					await page.setViewportSize(TABLET);
					await screenshot(page, 'accept-pass-curtain-tablet');
					await page.setViewportSize(PHONE);
					await page.locator('.table-feed summary').tap();
				}
			}
			expect(commandAt).toBe(commands.length);
			expect(engine.result).toEqual({ kind: 'win', seat: seatOf.first, how: 'treasure' });
			expect(heard[0]).toMatch(/scream/i);
			expect(heard[4]).toMatch(/river/i);
			expect(heard[8]).toMatch(/crumbl|exit/i);
			expect(heard.at(-1)).toMatch(/true treasure/i);

			await page.getByTestId('pass-on').tap();
			const reveal = page.getByTestId('reveal');
			await reveal.waitFor();
			expect(await page.getByTestId('outcome').textContent()).toContain(NAMES[seatOf.first]);
			expect(await reveal.locator('.square.river').count()).toBe(1);
			expect(await reveal.locator('.square.pit').count()).toBe(2);
			// Each treasure where it ended (issue 33): the fake crumbled outside, the true one with the
			// winner, none drawn where it lay; a step back he still carries it (every step: expectReplayAsTheEngine below).
			expect(await reveal.locator('[data-treasure]').count()).toBe(0);
			expect(await reveal.locator('[data-carried]').evaluateAll((c) => c.map((e) => `${e.getAttribute('data-seat')}:${e.getAttribute('data-carried')}`))).toEqual([`${seatOf.first}:treasure`]);
			await reveal.getByTestId('step-back').tap();
			expect(await reveal.locator('[data-treasure]').count()).toBe(0);
			expect(await reveal.locator('[data-carried]').count()).toBe(1);
			await reveal.getByTestId('step-next').tap();
			// One path a player, each of more than its start (a loop over none would check nothing).
			const paths = await reveal.locator('polyline.path').all();
			expect(paths).toHaveLength(NAMES.length);
			for (const p of paths) expect(((await p.getAttribute('points')) ?? '').split(' ').length).toBeGreaterThan(2);
			await screenshot(page, 'accept-reveal-phone');
			await page.setViewportSize(TABLET);
			await screenshot(page, 'accept-pass-reveal-tablet');
			// The scrubber replays the paths move by move.
			await page.getByTestId('scrubber').fill('4');
			expect(((await reveal.locator('polyline.path').first().getAttribute('points')) ?? '').split(' ').filter(Boolean).length).toBeLessThanOrEqual(2);
			// The device's record is the engine's game, and the scrubber steps through it as the engine played it.
			const kept = (await storedRecord(page, id)).game;
			expect(replay(kept).state.result).toEqual(engine.result);
			await page.setViewportSize(PHONE);
			await expectReplayAsTheEngine(page, kept, NAMES);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 150_000);
});
