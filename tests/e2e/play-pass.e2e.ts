// A whole game of pass-and-play on one phone, as a family plays it: the device goes round,
// each player makes a private start choice and moves behind a curtain, the app referees,
// a reload in the middle loses nothing, and the end reveals the plan.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replay } from '../../src/lib/engine/game/game';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { importPlan, storedGame } from './support/library';
import { launch, newContext, screenshot, VIEWPORTS } from './support/browser';
import { watchErrors } from './support/page-errors';
import { composeMove, takeDevice, tapContour } from './support/player-screen';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

// a1 holds the true treasure by an open exit on its left; b1 a weaponry, c1 a hospital.
const plan = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Kitchen table'
};

async function expectNoPlanOnScreen(page: Page) {
	// Behind the curtain and on a player's turn the screen holds the contour at most: no cell kinds, walls, items.
	const leaks = await page.locator('main .square:not(.land), main .walls line, main .treasure, main .item').count();
	expect(leaks).toBe(0);
}

describe('pass-and-play', () => {
	test('a complete game on one phone: starts in private, a wall, the treasure carried out, a reload midway, the reveal', async () => {
		const context = await newContext(browser, { device: 'phone' });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, plan, 'kitchen.json');

			await page.goto('/pass');
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);

			// 6.1: each chooses a start in private. Player 1 starts on the treasure's square, player 2 far away.
			const starts: Record<number, [number, number]> = { 0: [0, 0], 1: [3, 1] };
			for (let i = 0; i < 2; i++) {
				await page.getByTestId('take-device').waitFor(); // the curtain, not the setup still leaving
				await expectNoPlanOnScreen(page);
				const seat = await takeDevice(page);
				await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
				await expectNoPlanOnScreen(page);
				await tapContour(page, starts[seat]!);
				await page.getByTestId('confirm-cell').click();
				await page.getByTestId('pass-on').click();
			}
			await screenshot(page, 'pass-curtain-phone');

			// Player 1: up (a wall), right (the weaponry), left (back, finding the treasure), left (out with it).
			const plan1 = ['up', 'right', 'left', 'left'];
			const heard: string[] = [];
			let reloaded = false;
			while (plan1.length) {
				const seat = await takeDevice(page);
				await page.getByTestId('composer').waitFor();
				await expectNoPlanOnScreen(page);
				if (seat === 0) {
					if (plan1.length === 4) await screenshot(page, 'pass-composer-phone');
					await page.locator(`[data-dir="${plan1.shift()}"]`).click();
				} else await page.getByTestId('skip').click();
				const answer = page.getByTestId('answer');
				await answer.waitFor({ timeout: 30_000 }).catch(async (e) => {
					await screenshot(page, 'pass-debug');
					throw e;
				});
				if (seat === 0) heard.push((await answer.locator('li').allTextContents()).join(' '));
				// Each line of the answer is a sentence as the master says it, not a bare clause ("fell into a pit, …").
				for (const line of await answer.locator('li').allTextContents()) expect(line.replace(/[\u2068\u2069]/g, '').trim()).toMatch(/^\p{Lu}.*[.!?]$/u);
				if (plan1.length === 0) break;
				await page.getByTestId('pass-on').click();
				if (!reloaded && plan1.length === 2) {
					// A reload in the middle of the game: everything is still there.
					reloaded = true;
					await page.reload();
					await page.getByTestId('curtain').waitFor();
				}
			}
			expect(heard[0]).toMatch(/wall/i);
			expect(heard[1]).toMatch(/weaponry/i);
			expect(heard[2]).toMatch(/treasure/i);
			expect(heard[3]).toMatch(/wins/i);
			await page.getByTestId('pass-on').click();
			const reveal = page.getByTestId('reveal');
			await reveal.waitFor();
			expect(await page.getByTestId('outcome').textContent()).toContain('Player 1');
			// The reveal shows the whole plan now.
			expect(await page.locator('main .square.weaponry').count()).toBe(1);
			await page.getByTestId('scrubber').fill('2');
			await screenshot(page, 'pass-reveal-phone');
			// The finished game is kept and opens again as its reveal.
			await page.goto('/pass');
			await page.locator('[data-game]').first().click();
			await page.getByTestId('reveal').waitFor();
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});

describe("the master's console", () => {
	test('on a tablet: starts placed by the master, a move entered and adjudicated, a ruling logged, undo', async () => {
		const context = await newContext(browser, { device: 'tablet' });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, plan, 'kitchen.json');
			await page.goto('/host');
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/host\?id=/);
			const console_ = page.getByTestId('console');
			await console_.waitFor();
			const mapCell = async (x: number, y: number) => {
				const at = await page.locator('main svg.board').first().evaluate((svg, [bx, by]) => {
					const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
					return { x: p.x, y: p.y };
				}, [x, y] as const);
				await page.touchscreen.tap(at.x, at.y);
			};
			// Each player whispers a start; the master places it.
			for (const [x, y] of [[0, 0], [3, 1]] as const) {
				await mapCell(x, y);
				await page.getByTestId('place-start').click();
				await page.locator('[data-testid="refusal"]').waitFor({ state: 'detached' });
			}
			await page.getByTestId('confirm-starts').click();
			await page.getByTestId('composer').waitFor();
			// The player whose turn it is says "skip"; the master enters it.
			await page.getByTestId('skip').click();
			// The answer to the move replaces the one to the starts.
			await page.getByTestId('console-answer').filter({ hasText: /skipped/i }).waitFor();
			await page.getByRole('button', { name: 'Ruling' }).click();
			await page.getByTestId('reason').fill('the wall counts as hit');
			await page.getByTestId('reason').press('Enter');
			await page.getByText('the wall counts as hit').first().waitFor();
			// Correct the state (rulings 5): the player to move found bullets the plan did not know of.
			const before = replay(await storedGame(page)).state;
			const toMove = before.order[before.turn]!;
			await page.setViewportSize({ width: 1024, height: 768 }); // a smaller tablet: the form's Apply opened below the fold
			await page.getByTestId('master-correct').click();
			await page.getByTestId('correct-ammo').click();
			await page.getByTestId('correct-bullets').fill('7');
			await page.getByTestId('reason').fill('a box of bullets under the table');
			// the whole form in sight, its Apply too, without the master scrolling for it
			await expect.poll(() => page.getByTestId('reason-submit').evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
			await page.setViewportSize(VIEWPORTS.tablet.viewport);
			await screenshot(page, 'console-correct-tablet');
			await page.getByTestId('reason-submit').click();
			await page.getByText('a box of bullets under the table').first().waitFor();
			const after = replay(await storedGame(page)).state;
			expect(after.players[toMove]!.bullets).toBe(7);
			// The master's log says what changed in words, and nothing pushes the console wider than the tablet.
			await page.getByTestId('console-answer').filter({ hasText: `\u2068Player ${toMove + 1}\u2069: now 7 bullets, three grenades` }).waitFor(); // a name isolated (FSI…PDI) in the sentence
			expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
			expect(after.players[toMove]!.grenades).toBe(before.players[toMove]!.grenades);
			// A line only the master sees is marked with a drawn lock: an emoji showed as an empty box on a tablet without an emoji font.
			await expect.poll(() => page.getByTestId('private-mark').count()).toBeGreaterThan(0);
			expect(await page.getByTestId('private-mark').first().locator('svg').count()).toBe(1);
			expect(await page.locator('main').innerText()).not.toMatch(/\p{Emoji_Presentation}/u);
			// The master's buttons speak the players' words, not the program's ("Start counting N_stop" was one).
			expect(await page.locator('.row.master').innerText()).not.toMatch(/[A-Za-z]_[A-Za-z]/);
			// Out of time, a player's loss, is one tap beside Pause: it asks once more, and Cancel leaves the game as it was.
			const logged = (await storedGame(page)).log.length;
			await page.setViewportSize({ width: 1366, height: 1024 }); // the big tablet, where it opened below the fold
			await page.getByTestId('time-out').tap();
			const confirm = page.getByTestId('time-out-confirm');
			await confirm.waitFor();
			// in sight, not opened below the fold where the master would not see it
			await expect.poll(() => confirm.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
			expect(await confirm.textContent()).toContain(`Player ${toMove + 1}`);
			await confirm.getByRole('button', { name: 'Cancel' }).tap();
			await confirm.waitFor({ state: 'detached' });
			expect((await storedGame(page)).log.length).toBe(logged);
			await page.setViewportSize(VIEWPORTS.tablet.viewport);
			await screenshot(page, 'console-tablet');
			// A landmine set (5.7): the master's map marks it where it lies, armed, drawn (no emoji font needed).
			const mover = after.players[after.order[after.turn]!]!;
			await composeMove(page, [{ a: 'mine' }, { a: 'skip' }]);
			await page.getByTestId('console-answer').filter({ hasText: /landmine/i }).waitFor();
			const mined = replay(await storedGame(page)).state;
			expect(mined.items[mover.cell]!.some((it) => it.k === 'landmine' && it.armed)).toBe(true);
			await expect.poll(() => page.getByTestId('armed-mine').count()).toBe(1);
			const mark = await page.getByTestId('armed-mine').boundingBox();
			const square = await page.locator('main svg.board').first().evaluate((svg, cell) => {
				const matrix = (svg as SVGSVGElement).getScreenCTM()!;
				return { a: new DOMPoint(cell.x, cell.y).matrixTransform(matrix), b: new DOMPoint(cell.x + 1, cell.y + 1).matrixTransform(matrix) };
			}, { x: mover.cell % plan.width, y: Math.floor(mover.cell / plan.width) });
			// the mark sits on the mover's square
			expect(mark!.x + mark!.width / 2).toBeGreaterThan(square.a.x);
			expect(mark!.x + mark!.width / 2).toBeLessThan(square.b.x);
			expect(mark!.y + mark!.height / 2).toBeGreaterThan(square.a.y);
			expect(mark!.y + mark!.height / 2).toBeLessThan(square.b.y);
			await screenshot(page, 'console-mine-tablet');
			// Undo the last move, with a reason; the log says so.
			await page.getByTestId('master-undo').click();
			await page.getByTestId('reason').fill('misheard');
			await page.getByTestId('reason').press('Enter');
			await page.getByText('misheard').first().waitFor();
			await page.reload();
			await page.getByTestId('console').waitFor();
			await page.getByText('misheard').first().waitFor();
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});
