// 5.8 on one phone: a player finds two treasures, the composer offers them as he found them
// ("the lowest", "the topmost"), he takes the topmost — the true one, though the lowest was picked
// up on arrival — and carries it out (3.4).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { importPlan } from './support/library';
import { launch, newContext, screenshot } from './support/browser';
import { takeDevice, tapContour } from './support/player-screen';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

// b1 holds two treasures: the lowest fake, the topmost true; an open exit left of a1.
const plan = {
	...buildPlan(['LLLW', 'HLLL'], { exits: [[0, 0, 'left', true], [3, 1, 'right', true]], items: [[1, 0, 'treasure', false], [1, 0, 'treasure', true]] }),
	name: 'Two chests'
};

describe('5.8 choosing among treasures', () => {
	test('"take the topmost of two" on the composer, as found; carried out it wins', async () => {
		const context = await newContext(browser, { device: 'phone' });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			await importPlan(page, plan, 'two-chests.json');
			await page.goto('/pass');
			await page.getByTestId('start-game').click();
			await page.waitForURL(/\/pass\?id=/);
			const starts: Record<number, [number, number]> = { 0: [0, 0], 1: [3, 1] };
			for (let i = 0; i < 2; i++) {
				await page.getByTestId('take-device').waitFor();
				const seat = await takeDevice(page);
				await page.locator('[data-testid="player"][data-phase="start"]').waitFor();
				await tapContour(page, starts[seat]!);
				await page.getByTestId('confirm-cell').click();
				await page.getByTestId('pass-on').click();
			}
			const heard: string[] = [];
			for (let turn = 0; heard.length < 3 && turn < 8; turn++) {
				const seat = await takeDevice(page);
				const composer = page.getByTestId('composer');
				await composer.waitFor();
				if (seat === 1) await composer.getByTestId('skip').click();
				else if (heard.length === 0) {
					// Nothing found yet where he stands: nothing to take is offered.
					expect(await composer.getByTestId('take').count()).toBe(0);
					await composer.locator('[data-dir="right"]').click();
				} else if (heard.length === 1) {
					await composer.getByTestId('take').click();
					const sheet = composer.getByTestId('take-sheet');
					expect(await sheet.locator('button').allTextContents()).toEqual(['the lowest', 'the topmost']);
					await screenshot(page, 'take-sheet-phone');
					await sheet.getByTestId('take-1').click();
					await composer.locator('[data-dir="left"]').click();
					await composer.getByTestId('send').click();
				} else await composer.locator('[data-dir="left"]').click();
				const answer = page.getByTestId('answer');
				await answer.waitFor();
				if (seat === 0) heard.push((await answer.locator('li').allTextContents()).join(' '));
				if (heard.length === 3) break;
				await page.getByTestId('pass-on').click();
			}
			expect(heard[0]).toMatch(/found two treasures/i);
			expect(heard[1]).toMatch(/took treasure number 2/i);
			expect(heard[1]).not.toMatch(/no luck/i);
			expect(heard[2]).toMatch(/wins/i);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	}, 150_000);
});
