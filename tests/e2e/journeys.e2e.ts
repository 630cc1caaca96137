// Issue 16: the first-run journeys as a person walks them at the table's address — from the
// home screen, tapping only what is on the screen, with no shortcut into a state and no test
// hook — at every origin of journeyOrigins() (the LAN name over plain HTTP: not a secure
// context, so no crypto.randomUUID, no service worker, no camera). What is read back is read
// as the app reads it after a reload (IndexedDB), never written.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Plan } from '../../src/lib/engine/plan/types';
import { launch, newContext, screenshot } from './support/browser';
import { centre, finger, saved, tool, type Editor } from './support/editor';
import { storedGame } from './support/library';
import { journeyOrigins, type JourneyOrigin } from './support/origins';
import { watchErrors, withoutLinkNoise } from './support/page-errors';
import { takeDevice, tapContour } from './support/player-screen';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

/** A phone at `origin`, as a person has it: no debug hook, nothing stored yet. */
async function phoneAt(url: string, secure: boolean): Promise<BrowserContext> {
	const context = await newContext(browser, { device: 'phone', baseURL: url });
	// WebRTC in headless Chromium offers loopback candidates only with a media permission
	// (stack notes), which only a secure context can be granted; elsewhere it offers its mDNS name.
	if (secure) await context.grantPermissions(['microphone'], { origin: url });
	return context;
}

/** Opens the home screen and checks where it is: a secure context or not, as the origin says. */
async function home(page: Page, origin: JourneyOrigin): Promise<void> {
	await page.goto('/');
	await page.locator('main[data-screen="home"]').waitFor();
	expect(await page.evaluate(() => window.isSecureContext)).toBe(origin.secure);
}

describe.each(journeyOrigins())('journeys at $name ($url)', (origin) => {
	test('design a plan from scratch: paint, walls, a treasure, a new name — after a reload it is in the library with every edit', async () => {
		const context = await phoneAt(origin.url, origin.secure);
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await home(page, origin);
			// Without a service worker here, home says the app works only while the server is reachable.
			if (!origin.secure) expect(await page.getByTestId('offline-note').getAttribute('data-insecure')).toBe('true');
			await page.getByRole('link', { name: /Design a labyrinth/ }).click();
			await page.waitForURL(/\/design\?id=/);
			await page.locator('main[data-screen="design"] svg.board').waitFor();
			const editor: Editor = { context, page, touch: await context.newCDPSession(page) };
			const footer = page.getByTestId('save-state');

			// The first tap is the one that was lost (DataCloneError): a hospital at c3.
			await page.locator('[data-kind="hospital"]').click();
			await finger(editor, [centre(2, 2)]);
			await expect.poll(() => footer.textContent(), { timeout: 30_000 }).toBe('Saved');
			// Walls: a swipe along the line under row 4, across three squares.
			await tool(page, 'walls');
			await finger(editor, [[0.1, 4], [1.5, 4.03], [2.9, 4]]);
			// A treasure at f6.
			await tool(page, 'treasure');
			await finger(editor, [centre(5, 5)]);
			// A name, through the menu.
			await page.getByTestId('menu').click();
			await page.getByRole('menuitem', { name: 'Rename' }).click();
			await page.locator('form.dialog input').fill('Kitchen maze');
			await page.getByTestId('save-name').click();
			await page.locator('header h1', { hasText: 'Kitchen maze' }).waitFor();
			await expect.poll(() => footer.textContent(), { timeout: 30_000 }).toBe('Saved');
			expect(await page.getByTestId('save-problem').count()).toBe(0);
			await screenshot(page, `journey-editor-${origin.name}`);

			// A reload, then back to the library: the plan is there by its name, with its edits.
			await page.reload();
			await page.locator('main[data-screen="design"] svg.board').waitFor();
			await page.getByTestId('back').click();
			await page.waitForURL(/\/library/);
			const card = page.locator('[data-testid="plans"] > li', { hasText: 'Kitchen maze' });
			await card.waitFor();
			expect(await page.locator('[data-testid="plans"] > li').count()).toBe(1);
			await card.getByRole('button', { name: /Kitchen maze/ }).click();
			await page.waitForURL(/\/design\?id=/);
			const plan: Plan = await saved(page);
			expect(plan.name).toBe('Kitchen maze');
			expect(plan.cells[2 * 8 + 2]?.kind).toBe('hospital');
			expect(plan.walls).toHaveLength(3);
			expect(plan.items).toContainEqual(expect.objectContaining({ cell: 5 * 8 + 5, kind: 'treasure' }));
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});

	test('pass-and-play from home: a generated plan, two players choose their starts and make a few moves; a reload keeps them', async () => {
		const context = await phoneAt(origin.url, origin.secure);
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await home(page, origin);
			await page.locator('[data-rules="classic"]').getByRole('link', { name: 'On one device' }).click();
			await page.waitForURL(/\/pass/);
			await page.getByTestId('setup-surprise').click();
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);

			// 6.1: each chooses a start in private; any square of the contour will do.
			for (let i = 0; i < 2; i++) {
				await page.getByTestId('take-device').waitFor();
				const seat = await takeDevice(page);
				await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
				await tapContour(page, [seat + 1, 2]);
				await page.getByTestId('confirm-cell').click();
				await page.getByTestId('pass-on').click();
			}
			// Four moves, the device passed on after each; a reload after the second.
			const dirs = ['up', 'left', 'down', 'right'];
			for (const [i, dir] of dirs.entries()) {
				await takeDevice(page);
				await page.getByTestId('composer').locator(`[data-dir="${dir}"]`).click();
				await page.getByTestId('answer').waitFor();
				if (i === 0) await screenshot(page, `journey-pass-${origin.name}`);
				await page.getByTestId('pass-on').click();
				if (i === 1) {
					await page.reload();
					await page.getByTestId('take-device').waitFor();
				}
			}
			await page.getByTestId('take-device').waitFor();
			const game = await storedGame(page);
			// Two starts, the app's confirmation, four moves: all kept.
			expect(game.log.filter((c) => c.type === 'choose_start')).toHaveLength(2);
			expect(game.log.filter((c) => c.type === 'move')).toHaveLength(4);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});

	test('the duel: two phones from home, one opens a room, the other joins with its code, a couple of moves', { timeout: 150_000 }, async () => {
		// The run's server is what `npm start` runs, PeerServer included, at this origin's own name and scheme.
		const contexts = [await phoneAt(origin.url, origin.secure), await phoneAt(origin.url, origin.secure)];
		try {
			const pages = await Promise.all(contexts.map((c) => c.newPage()));
			const errors = pages.map((p) => watchErrors(p));
			const [anna, boris] = pages as [Page, Page];
			const plans: Plan[] = [];
			for (const [i, page] of pages.entries()) {
				await home(page, origin);
				await page.locator('[data-rules="duel"]').getByRole('link', { name: 'Play a duel' }).click();
				await page.waitForURL(/\/duel/);
				await page.locator('main[data-ready="true"]').waitFor();
				// A phone with an empty library makes its labyrinth here.
				await page.getByTestId('duel-generate').click();
				await page.getByTestId('duel-plan').first().waitFor();
				await page.getByTestId('duel-plan').first().click();
				await page.getByTestId('duel-name').fill(['Anna', 'Boris'][i]!);
				plans.push(await ownPlan(page));
			}
			await anna.getByTestId('duel-open').click();
			await anna.getByTestId('room-code').waitFor({ timeout: 30_000 });
			const room = (await anna.getByTestId('room-code').textContent())!.replace(/\s/g, '');
			await boris.getByTestId('duel-code').fill(room);
			await boris.getByTestId('duel-join').click();
			for (const p of pages) await p.locator('[data-testid="duel"][data-phase="start"][data-status="here"]').waitFor({ timeout: 30_000 });

			// Starts: a land square with nothing on it in the other's labyrinth.
			const startIn = (plan: Plan) => [44, 45, 54, 55, 33, 66, 0].find((c) => plan.cells[c]?.kind === 'land' && !plan.items.some((it) => it.cell === c))!;
			for (const [p, page] of pages.entries()) {
				const cell = startIn(plans[1 - p]!);
				await page.getByTestId('contour').scrollIntoViewIfNeeded();
				await tapContour(page, [cell % 10, Math.floor(cell / 10)]);
				await page.getByTestId('duel-start').click();
			}
			for (const p of pages) await p.locator('[data-testid="duel"][data-phase="play"]').waitFor({ timeout: 30_000 });
			await screenshot(anna, `journey-duel-${origin.name}`);

			// Two moves, one each: whoever has the turn taps a direction; both phones hear the answer.
			for (let moves = 1; moves <= 2; moves++) {
				const mover = page(pages, await whoseTurn(pages));
				await mover.locator('[data-testid="duel-composer"] [data-dir="up"]').click();
				for (const p of pages) await p.locator(`[data-testid="duel"][data-exchanges="${moves}"]`).waitFor({ timeout: 30_000 });
			}
			expect(withoutLinkNoise(errors.flat())).toEqual([]);
		} finally {
			for (const c of contexts) await c.close();
		}
	});
});

const page = (pages: Page[], i: number) => pages[i]!;

/** The phone whose turn it is (its screen says so). */
async function whoseTurn(pages: Page[]): Promise<number> {
	const mine = pages.map((p) => p.locator('[data-testid="duel"][data-my-turn="true"]'));
	await Promise.race(mine.map((l) => l.waitFor({ timeout: 30_000 })));
	for (const [i, l] of mine.entries()) if (await l.count()) return i;
	throw new Error('no phone has the turn');
}

/** The duel plan this phone chose, as its library keeps it. */
async function ownPlan(page: Page): Promise<Plan> {
	const id = await page.locator('[data-testid="duel-plan"][aria-pressed="true"]').getAttribute('data-id');
	return page.evaluate(async (id) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = indexedDB.open('labyrinth-gm');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const stored = await new Promise<{ plan: Plan }>((resolve) => {
			const get = db.transaction('plans').objectStore('plans').get(id!);
			get.onsuccess = () => resolve(get.result);
		});
		db.close();
		return stored.plan;
	}, id);
}
