// The parts of the other rule systems' plans, designed by touch (issue 9): a topographic plan
// with a spinner's compass turn, the bear and the ghost's path; an abandoned plan with a
// two-way portal pair and a river from wall to wall. Real touch events through the DevTools
// protocol; the saved plans are read back from IndexedDB and checked by the engine's validator.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validatePlan } from '../../src/lib/engine/plan/validate';
import type { Plan, RuleSystemId } from '../../src/lib/engine/plan/types';
import { baseURL, launch, screenshot } from './support/browser';
import { centre, finger, openEditorIn, saved, tool, type Editor } from './support/editor';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

/** The sizes the issue asks the screens to be checked at. */
const SIZES = {
	phone: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 },
	tablet: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 }
} as const;

async function openEditor(size: keyof typeof SIZES): Promise<Editor> {
	return openEditorIn(await browser.newContext({ ...SIZES[size], isMobile: true, hasTouch: true, locale: 'en-US', colorScheme: 'light', baseURL: baseURL(), serviceWorkers: 'allow' }));
}

const tap = (editor: Editor, x: number, y: number) => finger(editor, [centre(x, y)]);

async function startOver(page: Page, rules: RuleSystemId, how: 'blank' | 'generate', size = 8): Promise<void> {
	await page.getByTestId('menu').click();
	await page.getByTestId('start-over').click();
	await page.locator(`[data-rules="${rules}"]`).click();
	await page.getByTestId('width').fill(String(size));
	await page.getByTestId('height').fill(String(size));
	await page.getByTestId(how).click();
	await page.waitForFunction(
		([rules, count]) => document.querySelectorAll('main svg.board [data-cell]').length === count && document.querySelector(`[data-tool]`) !== null && (rules !== 'topographic' || document.querySelector('[data-tool="creature"]') !== null) && (rules !== 'abandoned' || document.querySelector('[data-tool="portal"]') !== null),
		[rules, size * size] as const
	);
}

const errorsOf = (plan: Plan) => validatePlan(plan).errors.map((p) => p.code);

describe('the other systems\' parts, by touch (issue 9)', () => {
	test('a topographic plan with a spinner\'s turn, the bear and the ghost\'s path is drawn, saved, valid and kept over a reload', async () => {
		const editor = await openEditor('tablet');
		const { page, context } = editor;
		try {
			await startOver(page, 'topographic', 'blank');
			// The seed's places: a morgue, an arsenal, the treasure, an open exit.
			await page.locator('[data-kind="morgue"]').click();
			await tap(editor, 7, 7);
			await page.locator('[data-kind="arsenal"]').click();
			await tap(editor, 6, 0);
			await tool(page, 'treasure');
			await tap(editor, 0, 7);
			await tool(page, 'walls');
			await finger(editor, [[3.5, 0.03]]); // an open exit: a gap in the outer wall

			// A spinner whose needle shows south for north, then turned one more quarter by a tap.
			await tool(page, 'paint');
			await page.locator('[data-kind="spinner"]').click();
			await page.locator('[data-testid="spinner-options"] [data-turn="2"]').click();
			await tap(editor, 1, 1);
			expect((await saved(page)).cells[9]).toEqual({ kind: 'spinner', turn: 2 });
			await tap(editor, 1, 1);
			expect((await saved(page)).cells[9]).toEqual({ kind: 'spinner', turn: 3 });
			await page.locator('main svg.board .spinner-compass[data-turn="3"]').waitFor({ state: 'attached' });

			// The bear, then the ghost's path dragged through four squares.
			await tool(page, 'creature');
			await page.locator('[data-creature="bear"]').click();
			await tap(editor, 5, 5);
			await page.locator('[data-creature="ghost"]').click();
			await finger(editor, [centre(2, 4), [3.1, 4.5], centre(3, 4), centre(4, 4), [4.5, 5.1], centre(4, 5)]);
			let plan = await saved(page);
			expect(plan.bear).toBe(45);
			expect(plan.ghost).toEqual([34, 35, 36, 44]);
			expect(await page.getByTestId('ghost-note').textContent()).toContain('4 squares, there and back');
			await page.locator('main svg.board .plan-ghost-path[data-ghost-path="34,35,36,44"]').waitFor({ state: 'attached' });
			// Undo takes back the whole path in one step.
			await page.getByTestId('undo').click();
			expect((await saved(page)).ghost).toBeUndefined();
			await page.getByTestId('redo').click();
			plan = await saved(page);
			expect(plan.ghost).toEqual([34, 35, 36, 44]);

			// The inspector shows and sets the spinner's turn, and tells the ghost's order.
			await tool(page, 'inspect');
			await tap(editor, 1, 1);
			await page.locator('[data-testid="spinner-turn"] [data-turn="1"]').click();
			await tap(editor, 3, 4);
			expect(await page.getByTestId('ghost-step').textContent()).toContain('square 2 of 4, there and back');
			await screenshot(page, 'editor-topographic-drawn-tablet');

			plan = await saved(page);
			expect(plan.cells[9]).toEqual({ kind: 'spinner', turn: 1 });
			expect(errorsOf(plan)).toEqual([]);
			await page.reload();
			await page.locator('main[data-screen="design"] svg.board').waitFor();
			expect(await saved(page)).toEqual(plan);
			await page.locator('main svg.board .plan-bear[data-bear="45"]').waitFor({ state: 'attached' });
		} finally {
			await context.close();
		}
	});

	test('an abandoned plan with a two-way portal pair and a river from wall to wall is drawn, saved, valid and kept over a reload', async () => {
		const editor = await openEditor('tablet');
		const { page, context } = editor;
		try {
			await startOver(page, 'abandoned', 'blank');
			await tool(page, 'portal');
			await tap(editor, 1, 1);
			await tap(editor, 5, 5);
			expect(await page.getByTestId('portal-note').textContent()).toContain('set 1: two-way');
			let plan = await saved(page);
			expect(plan.portals).toEqual([[9, 45]]);
			expect([plan.cells[9], plan.cells[45]]).toEqual([{ kind: 'portal' }, { kind: 'portal' }]);
			await page.locator('main svg.board [data-portal-place="A"]').waitFor({ state: 'attached' });
			await page.locator('main svg.board [data-portal-place="B"]').waitFor({ state: 'attached' });

			await tool(page, 'river');
			await finger(editor, [centre(0, 6), centre(1, 6), centre(1, 7)]);
			await tool(page, 'treasure');
			await tap(editor, 3, 3);
			await tool(page, 'walls');
			await finger(editor, [[4.5, 0.03]]);

			await tool(page, 'inspect');
			await tap(editor, 5, 5);
			expect(await page.getByTestId('portal-set').textContent()).toMatch(/Portal B of set 1, two-way.*leads to b2/);
			await screenshot(page, 'editor-abandoned-drawn-tablet');

			plan = await saved(page);
			expect(plan.cells[48]).toEqual({ kind: 'river', flow: 'right' });
			expect(plan.cells[57]).toEqual({ kind: 'river', flow: 'down' });
			expect(errorsOf(plan)).toEqual([]);
			await page.reload();
			await page.locator('main[data-screen="design"] svg.board').waitFor();
			expect(await saved(page)).toEqual(plan);
		} finally {
			await context.close();
		}
	});

	test('generated topographic and abandoned plans on a phone and a tablet (screenshots)', async () => {
		for (const size of ['phone', 'tablet'] as const) {
			const editor = await openEditor(size);
			const { page, context } = editor;
			try {
				await startOver(page, 'topographic', 'generate');
				await tool(page, 'creature');
				await page.locator('[data-creature="ghost"]').click();
				await screenshot(page, `editor-topographic-${size}`);
				await tool(page, 'paint');
				await page.locator('[data-kind="spinner"]').click();
				await screenshot(page, `editor-topographic-spinner-${size}`);
				expect(errorsOf(await saved(page))).toEqual([]);
				await startOver(page, 'abandoned', 'generate');
				await tool(page, 'portal');
				await screenshot(page, `editor-abandoned-${size}`);
				await tool(page, 'inspect');
				const portal = (await saved(page)).portals!.find((s) => s.length === 3)![1]!;
				await tap(editor, portal % 8, Math.floor(portal / 8));
				await page.getByTestId('portal-set').waitFor();
				await screenshot(page, `editor-abandoned-inspect-${size}`);
				expect(errorsOf(await saved(page))).toEqual([]);
				// A duel: its five tools, and a pit painted with the number chosen.
				await startOver(page, 'duel', 'generate', 10);
				expect(await page.locator('[data-tool]').evaluateAll((tools) => tools.map((t) => t.getAttribute('data-tool')))).toEqual(['paint', 'walls', 'treasure', 'eraser', 'inspect']);
				await tool(page, 'paint');
				await page.locator('[data-kind="pit"]').click();
				await page.getByTestId('pit-numbers').locator('[data-number="3"]').click();
				await screenshot(page, `editor-duel-pit-${size}`);
			} finally {
				await context.close();
			}
		}
	});
});
