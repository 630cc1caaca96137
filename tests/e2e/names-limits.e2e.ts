// Issue 18, as a person meets it at the LAN address: plan files that would flood or crash the app
// are refused in a few lines saying why and where, and the library stays as it was; a name typed
// with a right-to-left override is kept without it and shown isolated, so it cannot turn the
// sentence around it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan, problemFloodFile } from '../../src/lib/engine/game/testing';
import { MAX_LISTED_ISSUES, MAX_PLAN_DEPTH, serializePlan } from '../../src/lib/engine/plan/format-json';
import { newContext, launch, screenshot } from './support/browser';
import { journeyOrigins } from './support/origins';
import { importPlan } from './support/library';
import { storedData } from './support/player-screen';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

const RLO = '\u202E';
const plan = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Kitchen table'
};

async function importFile(page: Page, name: string, text: string) {
	await page.getByTestId('import').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

describe('plan files and names (issue 18)', () => {
	for (const origin of journeyOrigins())
		test(`${origin.name}: the library refuses a flood and a deep file in a few lines; a renamed plan keeps no override and shows isolated`, async () => {
			const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
			const page = await context.newPage();
			try {
				await page.goto('/');
				await page.getByRole('link', { name: /My labyrinths/ }).click();
				await page.waitForURL(/\/library/);
				const cards = page.locator('[data-testid="plans"] > li');
				const errors = page.getByTestId('import-errors');

				// 50,000 problems: one line saying how many and the limit; nothing is added.
				await importFile(page, 'flood.json', problemFloodFile(plan));
				await errors.waitFor();
				expect(await errors.locator('li').allTextContents()).toEqual([expect.stringMatching(/^The plan has \d{2},\d{3} problems; a plan with more than 1,000 is not taken\.$/)]);
				expect(await cards.count()).toBe(0);
				await screenshot(page, 'library-refused-flood-phone');

				// Nested 200,000 deep: where it goes too deep, no crash.
				await importFile(page, 'deep.json', `{"format": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
				await errors.getByText(`at 1:${11 + MAX_PLAN_DEPTH}`).waitFor();
				expect(await errors.locator('li').count()).toBe(1);

				// Thousands of cells outside the labyrinth: the first ones and a count.
				await importFile(page, 'cells.json', problemFloodFile(plan).replaceAll('"d1"', '"z1"'));
				await errors.getByText('…and 19,980 more.').waitFor();
				expect(await errors.locator('li').count()).toBe(MAX_LISTED_ISSUES + 1);
				expect(await cards.count()).toBe(0);
				await screenshot(page, 'library-refused-cells-phone');

				// A sound plan is taken; renamed with an override, it keeps the letters only, shown in <bdi>.
				await importFile(page, 'kitchen.json', serializePlan(plan));
				await cards.first().waitFor();
				await page.getByTestId('rename').click();
				await page.getByTestId('name-field').fill(`Kitchen ${RLO}elbat`);
				await page.getByTestId('save-name').click();
				const shown = page.locator('[data-testid="plans"] > li strong bdi');
				await expect.poll(() => shown.textContent()).toBe('Kitchen elbat');
				const stored = (await storedData(page)).idb['labyrinth-gm/plans'] as { plan: { name: string } }[];
				expect(stored.map((p) => p.plan.name)).toEqual(['Kitchen elbat']);
				await screenshot(page, 'library-renamed-phone');
			} finally {
				await context.close();
			}
		}, 300_000);

	for (const origin of journeyOrigins())
		test(`${origin.name}: pass-and-play names typed with an override and in Hebrew are kept clean and said isolated`, async () => {
			const context = await newContext(browser, { device: 'phone', baseURL: origin.url });
			const page = await context.newPage();
			try {
				await importPlan(page, plan, 'kitchen.json');
				await page.goto('/');
				await page.getByTestId('go-classic-pass').click();
				await page.waitForURL(/\/pass/);
				await page.getByTestId('name-0').fill(`${RLO}annA`);
				await page.getByTestId('name-1').fill('שרה');
				await page.getByTestId('start-game').tap();
				await page.waitForURL(/\/pass\?id=/);
				const button = page.getByTestId('take-device');
				await button.waitFor();
				// The name inside the sentence is wrapped FSI…PDI; the override is gone.
				const text = (await button.textContent()) ?? '';
				expect(text).not.toContain(RLO);
				expect(text).toMatch(/\u2068(annA|שרה)\u2069/);
				const games = (await storedData(page)).idb['labyrinth-gm/games'] as { names: string[] }[];
				expect(games[0]!.names).toEqual(['annA', 'שרה']);
				// Laid out, the sentence's own words stay where they were: the button starts as the English text does.
				await screenshot(page, 'pass-names-isolated-phone');
			} finally {
				await context.close();
			}
		}, 120_000);
});
