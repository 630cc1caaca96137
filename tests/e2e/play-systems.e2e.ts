// The topographic and the abandoned labyrinth played whole in the app, pass-and-play on one
// phone: the home screen leads to the setup with the system chosen, the library offers the
// plan, the app referees behind the curtain, and at every turn the holder's feed is exactly the
// engine's events for that seat (the stored log replayed under Node). Nothing of the plan is on
// a player's screen. Then the master's console of each system and the game history (delete,
// undo). Screenshots at 360x740 and 1024x768.
import { takeDevice } from './support/player-screen';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay, replayEvents } from '../../src/lib/engine/game/game';
import type { GameEvent } from '../../src/lib/engine/game/types';
import { importPlan, storedGame, storedRecord } from './support/library';
import type { Direction, Plan } from '../../src/lib/engine/plan/types';
import { validatePlan } from '../../src/lib/engine/plan/validate';
import { answerParts, renderEvent } from '../../src/lib/i18n/events';
import { grid } from '../../src/lib/engine/rules/topographic/testing';
import { baseURL, launch, screenshot, VIEWPORTS } from './support/browser';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const SIZES = {
	phone: { ...VIEWPORTS.phone, viewport: { width: 360, height: 740 } },
	tablet: { ...VIEWPORTS.tablet, viewport: { width: 1024, height: 768 } }
} as const;

async function context(size: keyof typeof SIZES): Promise<BrowserContext> {
	return browser.newContext({ ...SIZES[size], colorScheme: 'light', locale: 'en-US', baseURL: baseURL(), serviceWorkers: 'allow' });
}

// Seed 003. The runner starts at a1: a spinner (b1, a quarter turn: "right" goes down), a river
// (b2, b3) into the swamps (b4, b5), the morgue (a6), the arsenal (b6), a crocodile (c6), the
// treasure (c8) and the one exit under d8. The bear is penned in h8; the ghost paces e7–f7.
const at8 = (x: number, y: number) => y * 8 + x;
const topoPlan: Plan = {
	...grid('topographic', [
		'L S1 L L L L L L',
		'L Rv L L L L L L',
		'L Rv L L L L L L',
		'L B L L L L L L',
		'L B L L L L L L',
		'M A C L L L L L',
		'L L L L L L L L',
		'L L L L L L L L'
	]),
	name: 'Marsh and crocodile',
	exits: [{ cell: at8(3, 7), dir: 'down', open: true }],
	walls: [
		{ cell: at8(6, 7), dir: 'right' },
		{ cell: at8(7, 6), dir: 'down' }
	],
	items: [{ cell: at8(2, 7), kind: 'treasure', true: true }],
	bear: at8(7, 7),
	ghost: [at8(4, 6), at8(5, 6)]
};

// Seed 002 on a 5x2 board: a two-way portal (a1, a2), the one safe tile (b1, where both are
// spawned), a marsh (b2), the shop (c1), a fake portal (c2), a river (d1 → d2 → the wall), a
// treasure pile (e1) by the exit on its right, the hospital (e2).
const abPlan: Plan = {
	...grid('abandoned', ['G L T Rv L', 'G F G Rv H']),
	name: 'Thrift shop',
	exits: [{ cell: 4, dir: 'right', open: true }],
	items: [{ cell: 4, kind: 'treasure', true: true }],
	portals: [[0, 5], [7]]
};

/** The feed as the player's screen shows it (oldest first) and as the engine says it for that seat, with the game's names. */
async function feedOnScreen(page: Page): Promise<string[]> {
	return page.locator('[data-testid="player"] [data-testid="feed"] li .text').allTextContents();
}
function engineFeed(events: readonly GameEvent[], names: readonly string[]): string[] {
	return events
		.map((e) => renderEvent(e, 'en', 0, names))
		.filter(Boolean);
}

async function expectNoPlanOnScreen(page: Page) {
	const leaks = await page.locator('main .square:not(.land):not(.unknown), main .walls line, main .treasure, main .item').count();
	expect(leaks).toBe(0);
}

async function tapContour(page: Page, x: number, y: number) {
	const at = await page.locator('[data-testid="contour"] svg').evaluate((svg, [bx, by]) => {
		const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x, y] as const);
	await page.touchscreen.tap(at.x, at.y);
}

/** One turn's composition on the composer: a direction alone, or steps then Send. */
type Step = { tap: string } | { dir: Direction };
type Turn = Direction | Step[];

async function playTurn(page: Page, turn: Turn) {
	if (typeof turn === 'string') {
		await page.locator(`[data-testid="composer"] [data-dir="${turn}"]`).click();
		return;
	}
	for (const step of turn) {
		if ('tap' in step) await page.locator(step.tap).first().click();
		else await page.locator(`[data-testid="composer"] [data-dir="${step.dir}"]`).click();
	}
	await page.getByTestId('send').click();
}

/**
 * Plays a pass-and-play game from its curtain: each turn the device goes to whoever the curtain
 * names, that seat's feed is checked against the engine, its next turn is composed, and its answer
 * is kept. `next(seat)` gives the turn (null: nothing left for that seat — a failure).
 */
async function playOut(page: Page, next: (seat: number, page: Page) => Promise<Turn>, shots: (seat: number, n: number) => string | null) {
	const heard: string[][] = [[], []];
	let still: number | null = null;
	for (let n = 0; n < 60; n++) {
		// A player who moves again (abandoned 3.3: a wall) keeps the device: no curtain between.
		const seat: number = still ?? (await takeDevice(page));
		await page.getByTestId('composer').waitFor();
		await expectNoPlanOnScreen(page);
		const { game, names } = await storedRecord(page);
		const { events: told } = replayEvents(game);
		expect(await feedOnScreen(page)).toEqual(engineFeed(told.seatEvents(seat), names));
		const shot = shots(seat, n);
		if (shot) await screenshot(page, shot);
		await playTurn(page, await next(seat, page));
		const answer = page.getByTestId('answer');
		await answer.waitFor({ timeout: 30_000 }).catch(async (e: Error) => {
			await screenshot(page, 'systems-debug');
			const refused = await page.getByTestId('refusal').allTextContents();
			throw new Error(`turn ${n}, seat ${seat}: no answer; refused: ${refused.join(' / ')}; ${e.message}`);
		});
		heard[seat]!.push((await answer.locator('li').allTextContents()).join(' '));
		// The answer is the engine's: the events of that command this seat may see.
		const { state: after, events: toldAfter } = replayEvents(await storedGame(page));
		const mine = toldAfter.seatEvents(seat).slice(told.seatEvents(seat).length).filter((e) => e.type !== 'turn');
		// Issue 30 (seed 000 section A, 5.4, 6.7): the answer shows what the table heard apart from
		// what only the mover was told, each part the master's sentences (a move's results joined:
		// "Drowned, … in the morgue: …"), no longer one sentence per event.
		const parts = answerParts(mine, 'en', 0, names);
		expect(await answer.getByTestId('answer-heard').locator('li').allTextContents()).toEqual(parts.heard);
		const kept = answer.getByTestId('answer-kept');
		expect(parts.kept.length ? await kept.locator('li').allTextContents() : await kept.count()).toEqual(parts.kept.length ? parts.kept : 0);
		const keeps: boolean = after.phase === 'play' && after.order[after.turn] === seat;
		expect(await page.getByTestId('pass-on').textContent()).toBe(keeps ? 'Move again' : 'Hide and pass on');
		await page.getByTestId('pass-on').click();
		still = keeps ? seat : null;
		if (after.phase === 'over') return { heard, state: after };
	}
	throw new Error('the game did not end');
}

describe('the other rule systems, played in the app', () => {
	test('topographic, pass-and-play: chosen starts, spinner told as land, river into the swamp, death and the morgue, the crocodile asleep, the exit as a wall, the treasure out', async () => {
		expect(validatePlan(topoPlan).errors).toEqual([]);
		const ctx = await context('phone');
		const page = await ctx.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, topoPlan);
			await page.goto('/');
			await page.getByTestId('go-topographic-pass').click();
			await page.waitForURL(/\/pass\?rules=topographic/);
			const setup = page.locator('[data-testid="setup"][data-rules="topographic"]');
			await setup.waitFor();
			// The library offers the topographic plan (and no classic one); the system's settings show.
			await expect.poll(() => page.locator('.plans .plan:not(.surprise) > span:last-child').allTextContents()).toEqual(['Marsh and crocodile']);
			await page.locator('.settings summary').click();
			const settingNames = await page.locator('.setting .name').allTextContents();
			expect(settingNames).toHaveLength(5);
			expect(settingNames[0]).toMatch(/places the players/);
			await screenshot(page, 'systems-setup-topographic-phone');
			// The players choose their own starts (seed 003, 3: "placed on some land cell").
			await page.locator('.setting', { hasText: 'places the players' }).locator('input[type="checkbox"]').uncheck();
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);

			const starts: Record<number, [number, number]> = { 0: [0, 0], 1: [6, 7] };
			for (let i = 0; i < 2; i++) {
				const seat = await takeDevice(page);
				await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
				await expectNoPlanOnScreen(page);
				await tapContour(page, ...starts[seat]!);
				await page.getByTestId('confirm-cell').click();
				await page.getByTestId('pass-on').click();
			}

			// Player 1 walks the seed's field; player 2 paces beside the penned bear.
			const runner: Turn[] = [
				'right', // b1: a spinner, told "land"
				'right', // the broken compass: "right" goes down, into the river, carried into the swamp b4
				'down', // b5: a second turn in swamp — dead, revived in the morgue a6
				'right', // b6: the arsenal, three cartridges
				[{ tap: '[data-testid="shoot"]' }, { dir: 'right' }, { dir: 'right' }], // shoot east, go east: onto the sleeping crocodile
				'right', // d6
				'left', // back onto the crocodile, still asleep
				'down', // c7: it wakes as he leaves
				'right', // d7
				'down', // d8
				'down', // the exit, without the treasure: a wall
				'left', // c8: the treasure, picked up
				'right', // d8
				'down' // out with the treasure
			];
			let pace = 0;
			const { heard, state } = await playOut(
				page,
				async (seat) => (seat === 0 ? runner.shift()! : pace++ % 2 === 0 ? 'left' : 'right'),
				(seat, n) => (seat === 0 && runner.length === 10 ? 'systems-topographic-composer-phone' : n === 1 ? 'systems-topographic-turn-phone' : null)
			);
			const p1 = heard[0]!;
			expect(p1[0]).toMatch(/land/i);
			expect(p1[0]).not.toMatch(/spinner/i);
			expect(p1[1]).toMatch(/river/i);
			expect(p1[2]).toMatch(/morgue/i);
			expect(p1[3]).toMatch(/arsenal/i);
			expect(p1[4]).toMatch(/sleeping crocodile/i);
			expect(p1[6]).toMatch(/sleeping crocodile/i);
			expect(p1[10]).toMatch(/wall/i);
			expect(p1[11]).toMatch(/treasure/i);
			expect(p1[13]).toMatch(/wins/i);
			expect(heard[1]!.join(' ')).toMatch(/bear is near/i);
			expect(state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
			await page.getByTestId('reveal').waitFor();
			await screenshot(page, 'systems-topographic-reveal-phone');
			expect(errors).toEqual([]);
		} finally {
			await ctx.close();
		}
	}, 180_000);

	test('abandoned, pass-and-play: the program spawns and orders, a battle, a wall retry, the shop, the river, the hospital, the treasure out', async () => {
		expect(validatePlan(abPlan).errors).toEqual([]);
		const ctx = await context('phone');
		const page = await ctx.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, abPlan);
			await page.goto('/pass?rules=abandoned');
			await page.locator('[data-testid="setup"][data-rules="abandoned"]').waitFor();
			await expect.poll(() => page.locator('.plans .plan:not(.surprise) > span:last-child').allTextContents()).toEqual(['Thrift shop']);
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);
			// The program spawned both on the one safe tile and drew the order; the app, as the master,
			// confirms the starts as soon as the game opens (a write of its own, after the address changed).
			await expect.poll(async () => replay(await storedGame(page)).state.phase).toBe('play');
			const first = replay(await storedGame(page)).state;
			expect(first.players.map((p) => p.cell)).toEqual([1, 1]);
			const runnerSeat = first.order[0]!;
			const other = 1 - runnerSeat;

			/** The held item decides its use (bought at random): a bullet misses upwards, the kit heals, the junk is thrown away. */
			async function useItem(page: Page): Promise<Step[]> {
				if (await page.getByTestId('use-bullet').count()) return [{ tap: '[data-testid="use-bullet"]' }, { dir: 'up' }];
				if (await page.getByTestId('use-first_aid').count()) return [{ tap: '[data-testid="use-first_aid"]' }];
				return [{ tap: '[data-testid="use-junk"]' }];
			}
			const runner: ((page: Page) => Promise<Turn>)[] = [
				// b1, with the other adventurer: a dice battle, then up into the outer wall — the turn goes on.
				async () => [{ tap: '[data-testid="attack"]' }, { tap: `[data-testid="attack-${other}"]` }, { dir: 'up' }],
				async () => 'right', // c1: the shop
				async () => 'right', // d1: flushed one tile to d2
				async (p) => [...(await useItem(p)), { dir: 'right' }], // the item, then e2: the hospital
				async () => 'up', // e1: the treasure pile
				async () => 'right' // out through the exit
			];
			const wanderer: Turn[] = ['down', 'right', 'left', 'left', 'down', 'down', 'down', 'down'];
			const { heard, state } = await playOut(
				page,
				async (seat, p) => (seat === runnerSeat ? runner.shift()!(p) : wanderer.shift()!),
				(seat, n) => (seat === runnerSeat && runner.length === 3 ? 'systems-abandoned-composer-phone' : n === 0 ? 'systems-abandoned-turn-phone' : null)
			);
			const r = heard[runnerSeat]!;
			expect(r[0]).toMatch(/battle/i);
			expect(r[0]).toMatch(/wall/i);
			expect(r[1]).toMatch(/shop/i);
			expect(r[2]).toMatch(/flushed/i);
			expect(r[3]).toMatch(/hospital/i);
			expect(r[4]).toMatch(/treasure/i);
			expect(r[5]).toMatch(/won|wins/i);
			expect(heard[other]!.join(' ')).toMatch(/marsh/i);
			expect(state.result).toEqual({ kind: 'win', seat: runnerSeat, how: 'treasure' });
			await page.getByTestId('reveal').waitFor();
			expect(errors).toEqual([]);
		} finally {
			await ctx.close();
		}
	}, 180_000);

	test("the master's console: topographic shows the bear, the ghost and its path; abandoned (omniscient) the portal sets and each seat; a whole abandoned game entered on the console", async () => {
		const ctx = await context('tablet');
		const page = await ctx.newPage();
		const errors = watchErrors(page);
		try {
			await page.goto('/host?rules=topographic');
			await page.locator('[data-testid="setup"][data-rules="topographic"]').waitFor();
			await page.getByTestId('setup-surprise').click();
			await screenshot(page, 'systems-setup-topographic-tablet');
			// Each setting's row is a finger's target: a tap beside a checkbox's words (34 px high) missed it.
			await page.locator('.settings summary').tap();
			const rows = await page.locator('.setting label').evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height));
			expect(rows.length).toBeGreaterThan(0);
			expect(Math.min(...rows)).toBeGreaterThanOrEqual(44);
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/host\?id=/);
			// The program placed everyone (3, randomStart): the hint says so, instead of asking for whispered starts.
			expect(await page.getByTestId('start-hint').textContent()).toMatch(/^Every player has a start on the map/);
			expect(await page.getByTestId('place-start').count()).toBe(0);
			await page.getByTestId('confirm-starts').click();
			await page.getByTestId('composer').waitFor();
			await expect.poll(() => page.getByTestId('bear').count()).toBe(1);
			await expect.poll(() => page.getByTestId('ghost').count()).toBe(1);
			// No classic tools where the system has none.
			expect(await page.getByTestId('by-flow').count()).toBe(0);
			expect(await page.getByTestId('grenade').count()).toBe(0);
			await screenshot(page, 'systems-console-topographic-tablet');

			// The seed's field on the console: the master places the whispered starts, enters the moves,
			// and the map shows the crocodile asleep after the runner's shot.
			await importPlan(page, topoPlan);
			await page.goto('/host?rules=topographic');
			await page.locator('.plans .plan:not(.surprise)').first().click();
			await page.locator('.settings summary').click();
			await page.locator('.setting', { hasText: 'places the players' }).locator('input[type="checkbox"]').uncheck();
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/host\?id=/);
			const mapCell = async (x: number, y: number) => {
				const at = await page.locator('main svg.board').first().evaluate((svg, [bx, by]) => {
					const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
					return { x: p.x, y: p.y };
				}, [x, y] as const);
				await page.touchscreen.tap(at.x, at.y);
			};
			const topoStarts: Record<number, [number, number]> = { 0: [0, 0], 1: [6, 7] };
			for (let i = 0; i < 2; i++) {
				const stored = await storedGame(page);
				const seat = replay(stored).state.order[i]!;
				await mapCell(...topoStarts[seat]!);
				await page.getByTestId('place-start').click();
				await expect.poll(async () => (await storedGame(page)).log.length).toBe(stored.log.length + 1);
			}
			await page.getByTestId('confirm-starts').click();
			await page.getByTestId('composer').waitFor();
			const topoRunner: Turn[] = ['right', 'right', 'down', 'right', [{ tap: '[data-testid="shoot"]' }, { dir: 'right' }, { dir: 'right' }]];
			let paced = 0;
			while (topoRunner.length) {
				const stored = await storedGame(page);
				const state = replay(stored).state;
				await playTurn(page, state.order[state.turn] === 0 ? topoRunner.shift()! : paced++ % 2 === 0 ? 'left' : 'right');
				await expect.poll(async () => (await storedGame(page)).log.length).toBe(stored.log.length + 1);
			}
			await expect.poll(() => page.getByTestId('croc-asleep').count()).toBe(1);
			expect(await page.getByTestId('croc-asleep').textContent()).toMatch(/^z[1-6]$/);
			await screenshot(page, 'systems-console-topographic-croc-tablet');

			await importPlan(page, abPlan);
			await page.goto('/host?rules=abandoned');
			await page.locator('[data-testid="setup"][data-rules="abandoned"]').waitFor();
			await expect.poll(() => page.locator('.plans .plan:not(.surprise) > span:last-child').allTextContents()).toEqual(['Thrift shop']);
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/host\?id=/);
			await page.getByTestId('confirm-starts').click();
			await page.getByTestId('composer').waitFor();
			// Each portal's place is drawn once, by the board's badge: the console's own tag ("A1") was written over it.
			expect((await page.locator('main svg.board [data-portal-place]').evaluateAll((els) => els.map((e) => e.getAttribute('data-portal-place')))).sort()).toEqual(['A', 'B', 'F']);
			const overBadges = await page.locator('main svg.board').first().evaluate((svg) => {
				const badges = [...svg.querySelectorAll('[data-portal-place]')].map((b) => b.getBoundingClientRect());
				return [...svg.querySelectorAll('text')]
					// what the console draws over the board's squares (a square's own sign sits beside its badge by design)
					.filter((t) => !t.closest('.square'))
					.filter((t) => {
						const r = t.getBoundingClientRect();
						return badges.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top);
					})
					.map((t) => t.textContent);
			});
			expect(overBadges).toEqual([]);
			expect(await page.getByTestId('seats').locator('li').count()).toBe(2);
			await screenshot(page, 'systems-console-abandoned-tablet');
			// The master enters each move: the runner's moves until he is out, the other's wander.
			const start = replay(await storedGame(page)).state;
			const runnerSeat = start.order[0]!;
			// Shop, river (flushed to d2), hospital, treasure, exit; the other through the portal and back and forth.
			const runner: Direction[] = ['right', 'right', 'right', 'up', 'right'];
			const wanderer: Direction[] = ['left', 'up', 'up', 'up', 'up', 'up'];
			for (let n = 0; n < 30; n++) {
				const stored = await storedGame(page);
				const state = replay(stored).state;
				if (state.phase === 'over') break;
				const seat = state.order[state.turn]!;
				const dir = seat === runnerSeat ? runner.shift()! : wanderer.shift()!;
				const before = stored.log.length;
				await page.locator(`[data-testid="composer"] [data-dir="${dir}"]`).click();
				await expect.poll(async () => (await storedGame(page)).log.length).toBe(before + 1);
			}
			const end = replay(await storedGame(page)).state;
			expect(end.result).toEqual({ kind: 'win', seat: runnerSeat, how: 'treasure' });
			await page.getByTestId('reveal').waitFor();
			expect(errors).toEqual([]);
		} finally {
			await ctx.close();
		}
	}, 180_000);

	test('home and the game history: four systems with their summaries; games of every system listed, deleted with undo', async () => {
		for (const size of ['phone', 'tablet'] as const) {
			const ctx = await context(size);
			const page = await ctx.newPage();
			try {
				await page.goto('/');
				await page.getByTestId('systems').waitFor();
				expect(await page.locator('[data-testid="systems"] > li').count()).toBe(4);
				expect(await page.locator('[data-rules="duel"] a').getAttribute('href')).toBe('/duel');
				await screenshot(page, `systems-home-${size}`);
				await page.getByTestId('systems').scrollIntoViewIfNeeded();
				await screenshot(page, `systems-home-cards-${size}`);
				await page.goto('/pass?rules=abandoned');
				await page.locator('[data-testid="setup"][data-rules="abandoned"]').waitFor();
				await screenshot(page, `systems-setup-abandoned-${size}`);
				if (size === 'tablet') continue;

				// A game of each table system, each started with a surprise of that system.
				for (const rules of ['classic', 'topographic', 'abandoned'] as const) {
					await page.goto(`/pass?rules=${rules}`);
					await page.locator(`[data-testid="setup"][data-rules="${rules}"]`).waitFor();
					await page.getByTestId('setup-surprise').click();
					await page.getByTestId('start-game').click();
					await page.waitForURL(/\/pass\?id=/);
					expect((await storedGame(page)).plan.rules).toBe(rules);
				}
				await page.goto('/pass');
				const list = page.locator('[data-game]');
				await expect.poll(() => list.count()).toBe(3);
				const texts = (await list.allTextContents()).join(' ');
				for (const name of ['Labyrinth', 'Topographic labyrinth', 'Treasures of the Abandoned Labyrinth']) expect(texts).toContain(name);
				await screenshot(page, 'systems-history-phone');
				// Delete each; the first comes back with undo.
				await page.locator('[data-delete]').first().click();
				await page.getByTestId('undo-delete-game').waitFor();
				await expect.poll(() => list.count()).toBe(2);
				await screenshot(page, 'systems-deleted-phone');
				await page.getByTestId('undo-delete-game').click();
				await expect.poll(() => list.count()).toBe(3);
				for (let left = 3; left > 0; left--) {
					await page.locator('[data-delete]').first().click();
					await expect.poll(() => list.count()).toBe(left - 1);
				}
				await page.reload();
				await page.locator('[data-screen="pass"][data-loaded="true"]').waitFor();
				expect(await list.count()).toBe(0);
			} finally {
				await ctx.close();
			}
		}
	}, 180_000);
});
