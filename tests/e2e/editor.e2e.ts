// The editor as a master uses it on a tablet: with a finger (real touch events through the
// DevTools protocol, so the app sees pointerType "touch"), then reading what was saved in
// IndexedDB the way the app will read it after a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { canonicalOrder } from '../../src/lib/engine/plan/format-text';
import { launch, newContext, screenshot, type ViewportName } from './support/browser';
import { centre, finger, openEditorIn, saved, tool, type Editor } from './support/editor';
import { importPlan } from './support/library';
import { watchErrors } from './support/page-errors';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

async function openEditor(device: ViewportName = 'tablet'): Promise<Editor> {
	return openEditorIn(await newContext(browser, { device }));
}

async function startBlank(page: Page, width: number, height: number): Promise<void> {
	await page.getByTestId('menu').click();
	await page.getByTestId('start-over').click();
	await page.getByTestId('width').fill(String(width));
	await page.getByTestId('height').fill(String(height));
	await page.getByTestId('blank').click();
	await page.waitForFunction((count) => document.querySelectorAll('main svg.board [data-cell]').length === count, width * height);
}

describe('the editor, by touch', () => {
	test('a river dragged through five squares flows after the finger into a delta; undo and redo; a reload keeps it', async () => {
		const editor = await openEditor();
		const { page, context } = editor;
		try {
			await startBlank(page, 6, 6);
			await tool(page, 'river');
			await finger(editor, [centre(0, 1), [1.2, 1.5], centre(1, 1), centre(2, 1), [2.5, 1.9], centre(2, 2), centre(2, 3), centre(3, 3)]);
			let plan = await saved(page);
			const at = (x: number, y: number) => plan.cells[y * 6 + x];
			expect([at(0, 1), at(1, 1), at(2, 1), at(2, 2), at(2, 3)]).toEqual([
				{ kind: 'river', flow: 'right' },
				{ kind: 'river', flow: 'right' },
				{ kind: 'river', flow: 'down' },
				{ kind: 'river', flow: 'down' },
				{ kind: 'river', flow: 'right' }
			]);
			expect(at(3, 3)).toEqual({ kind: 'delta' });
			await page.getByTestId('undo').click();
			plan = await saved(page);
			expect(plan.cells.every((c) => c?.kind === 'land')).toBe(true);
			await page.getByTestId('redo').click();
			plan = await saved(page);
			expect(at(3, 3)).toEqual({ kind: 'delta' });
			await page.reload();
			await page.locator('main[data-screen="design"] svg.board').waitFor();
			expect(await saved(page)).toEqual(plan);
			await screenshot(page, 'editor-river-tablet');
		} finally {
			await context.close();
		}
	});

	test('walls by swiping, a pit loop by tapping, corners removed by the shape tool — each undone and redone, all kept over a reload', async () => {
		const editor = await openEditor();
		const { page, context } = editor;
		try {
			await startBlank(page, 5, 5);
			await tool(page, 'walls');
			// Along the line between rows 2 and 3, from the left edge to the right.
			await finger(editor, [[0.1, 2], [1.5, 2.04], [3, 1.97], [4.9, 2]]);
			let plan = await saved(page);
			expect(plan.walls.map((w) => `${w.cell}:${w.dir}`).sort()).toEqual(['5:down', '6:down', '7:down', '8:down', '9:down']);
			await page.getByTestId('undo').click();
			expect((await saved(page)).walls).toEqual([]);
			await page.getByTestId('redo').click();
			expect((await saved(page)).walls).toHaveLength(5);

			await tool(page, 'loop');
			for (const p of [centre(0, 0), centre(4, 4), centre(2, 4)]) await finger(editor, [p]);
			plan = await saved(page);
			expect(plan.pitLoops).toEqual([[0, 24, 22]]);
			await page.getByTestId('undo').click();
			expect((await saved(page)).pitLoops).toEqual([[0, 24]]);
			await page.getByTestId('redo').click();

			await tool(page, 'shape');
			for (const p of [centre(4, 0), centre(0, 4)]) await finger(editor, [p]);
			plan = await saved(page);
			expect([plan.cells[4], plan.cells[20]]).toEqual([null, null]);
			await page.getByTestId('undo').click();
			expect((await saved(page)).cells[20]).toEqual({ kind: 'land' });
			await page.getByTestId('redo').click();
			plan = await saved(page);
			expect(plan.cells[20]).toBeNull();

			await page.reload();
			await page.locator('main[data-screen="design"] svg.board').waitFor();
			expect(await saved(page)).toEqual(plan);
		} finally {
			await context.close();
		}
	});

	test('the plan of the engine\'s game example (seed 000, section A), drawn by finger, is saved exactly', async () => {
		const editor = await openEditor();
		const { page, context } = editor;
		try {
			await startBlank(page, 4, 4);
			await tool(page, 'paint');
			await page.locator('[data-kind="weaponry"]').click();
			await finger(editor, [centre(1, 0)]);
			await page.locator('[data-kind="hospital"]').click();
			await finger(editor, [centre(3, 2)]);
			await tool(page, 'loop');
			await finger(editor, [centre(2, 0)]);
			await finger(editor, [centre(3, 0)]);
			await tool(page, 'river');
			await finger(editor, [centre(0, 1), centre(1, 1)]);
			await tool(page, 'walls');
			await finger(editor, [[0.5, 2]]);
			for (let i = 0; i < 2; i++) await finger(editor, [[0.5, 0.03]]);
			for (let i = 0; i < 2; i++) await finger(editor, [[0.03, 3.5]]);
			await tool(page, 'treasure');
			await finger(editor, [centre(3, 1)]);
			const expected = buildPlan(['LWPP', '>DLL', 'LLLH', 'LLLL'], {
				walls: [[0, 2, 'up']],
				exits: [
					[0, 0, 'up', true],
					[0, 3, 'left', true]
				],
				loops: [
					[
						[2, 0],
						[3, 0]
					]
				],
				items: [[3, 1, 'treasure', true]]
			});
			const plan = await saved(page);
			expect(canonicalOrder({ ...plan, name: '' })).toEqual(canonicalOrder({ ...expected, name: '' }));
			await page.getByTestId('problems-toggle').click();
			await screenshot(page, 'editor-example-tablet');
		} finally {
			await context.close();
		}
	});
});

describe('the other rule systems (issue 9)', () => {
	test('starting over as a topographic labyrinth generates one, and the palette offers its own cells', async () => {
		const editor = await openEditor();
		const { page, context } = editor;
		try {
			await page.getByTestId('menu').click();
			await page.getByTestId('start-over').click();
			await page.locator('[data-rules="topographic"]').click();
			await page.getByTestId('generate').click();
			await page.locator('[data-kind="spinner"]').waitFor();
			const plan = await saved(page);
			expect(plan.rules).toBe('topographic');
			expect(plan.cells.some((c) => c?.kind === 'swamp' || c?.kind === 'spinner')).toBe(true);
			await page.locator('[data-kind="swamp"]').click();
			await finger(editor, [centre(0, 0)]);
			expect((await saved(page)).cells[0]).toEqual({ kind: 'swamp' });
			await screenshot(page, 'editor-topographic-tablet');
		} finally {
			await context.close();
		}
	});
});

describe('on a phone', () => {
	test('a square tapped with the inspector opens it without moving the board or sending a click to what opened under the finger', async () => {
		const editor = await openEditor('phone');
		const { page, context } = editor;
		try {
			await page.getByTestId('menu').click();
			await page.getByTestId('start-over').click();
			await page.getByTestId('generate').click();
			await page.waitForFunction(() => document.querySelectorAll('main svg.board [data-cell]').length > 0);
			await tool(page, 'inspect');
			await page.getByTestId('inspector-empty').waitFor();
			const before = await saved(page);
			const boardAt = () => page.locator('main svg.board').evaluate((svg) => {
				const { a, d, e, f } = (svg as SVGSVGElement).getScreenCTM()!;
				return [a, d, e, f].map((n) => n.toFixed(1)).join(' ');
			});
			const at = await boardAt();
			await page.evaluate(() => {
				(window as unknown as { clicks: number }).clicks = 0;
				document.addEventListener('click', () => (window as unknown as { clicks: number }).clicks++, true);
			});
			// The top rows: where the inspector's chips would come up if the board moved.
			for (let y = 0; y < 3; y++) {
				for (let x = 0; x < before.width; x++) {
					await finger(editor, [centre(x, y)]);
					await page.locator('[data-testid="inspector"] h2', { hasText: `${String.fromCharCode(97 + x)}${y + 1}` }).waitFor();
					expect(await boardAt()).toBe(at);
				}
			}
			expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(0);
			expect(await saved(page)).toEqual(before);
			await screenshot(page, 'editor-inspect-phone');
		} finally {
			await context.close();
		}
	});

	test('the problems list names each problem and where it is; tapping one draws it on the grid', async () => {
		const editor = await openEditor('phone');
		const { page, context } = editor;
		try {
			await startBlank(page, 6, 6);
			await page.getByTestId('problems-toggle').click();
			const problems = page.locator('[data-testid="problems"] button');
			expect(await problems.count()).toBeGreaterThan(0);
			expect(await problems.allTextContents()).toContainEqual(expect.stringMatching(/at least two exits/));
			await screenshot(page, 'editor-problems-phone');
			await problems.first().click();
			await page.locator('.highlight.focus').waitFor({ state: 'attached' });
		} finally {
			await context.close();
		}
	});
});

describe('a plan whose problem names a square twice', () => {
	test('two true treasures on one square: the plan opens, its problem listed and drawn', async () => {
		const context = await newContext(browser, { device: 'phone' });
		const page = await context.newPage();
		const errors = watchErrors(page);
		try {
			const plan = { ...buildPlan(['LLL', 'LHW', 'LLL'], { exits: [[2, 2, 'right', true], [0, 0, 'up', true]], items: [[1, 0, 'treasure', true], [1, 0, 'treasure', true]] }), name: 'Two on one' };
			await importPlan(page, plan, 'two-on-one.json');
			await page.locator('[data-testid="plans"] > li', { hasText: 'Two on one' }).getByRole('button', { name: /Two on one/ }).click();
			await page.waitForURL(/\/design\?id=/);
			await page.locator('main svg.board [data-cell]').first().waitFor();
			await page.getByTestId('problems-toggle').click();
			expect(await page.locator('[data-testid="problems"] button').allTextContents()).toContainEqual(expect.stringMatching(/true treasure/i));
			expect(await page.locator('main svg.board .highlight.error rect').count()).toBeGreaterThanOrEqual(2);
			expect(errors).toEqual([]);
		} finally {
			await context.close();
		}
	});
});

describe('the library', () => {
	test('a broken file is refused with where it is wrong, and the library is unchanged', async () => {
		const context = await newContext(browser, { device: 'phone' });
		const page = await context.newPage();
		try {
			await page.goto('/library');
			await page.getByTestId('surprise').click();
			await page.waitForURL(/\/design\?id=/);
			await page.locator('main[data-saved="true"]').waitFor();
			await screenshot(page, 'editor-phone');
			await page.goto('/library');
			const cards = page.locator('[data-testid="plans"] > li');
			await cards.first().waitFor();
			expect(await cards.count()).toBe(1);
			const broken = '{"format":"labyrinth-plan","version":1,"rules":"classic","name":"x","width":2,"height":2,"cells":[["land","lake"],["land","land"]],"walls":[],"exits":[],"pitLoops":[],"items":[]}';
			await page.getByTestId('import').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
			const errors = page.getByTestId('import-errors');
			await errors.waitFor();
			// the square named as the editor names it (issue 33), not the file's path to it (cells.0.1)
			expect(await errors.textContent()).toContain('b1');
			expect(await errors.textContent()).not.toContain('cells.');
			expect(await cards.count()).toBe(1);
			await page.getByTestId('import').setInputFiles({ name: 'junk.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
			await errors.waitFor();
			expect(await cards.count()).toBe(1);
			await page.reload();
			await cards.first().waitFor();
			expect(await cards.count()).toBe(1);
			await screenshot(page, 'library-phone');
			// Rename: Escape and a tap beside the dialog leave the name; Save keeps the new one over a reload.
			const name = page.locator('[data-testid="plans"] > li strong').first();
			const before = await name.textContent();
			const field = page.getByTestId('name-field');
			await page.getByTestId('rename').click();
			await field.fill('Escaped');
			await page.keyboard.press('Escape');
			await field.waitFor({ state: 'detached' });
			await page.getByTestId('rename').click();
			await field.fill('Tapped beside');
			await page.mouse.click(5, 5);
			await field.waitFor({ state: 'detached' });
			expect(await name.textContent()).toBe(before);
			await page.getByTestId('rename').click();
			expect(await field.inputValue()).toBe(before);
			await field.fill('Kitchen table');
			await screenshot(page, 'library-rename-phone');
			await page.getByTestId('save-name').click();
			await page.waitForFunction(() => document.querySelector('[data-testid="plans"] > li strong')?.textContent === 'Kitchen table');
			await page.reload();
			await cards.first().waitFor();
			expect(await name.textContent()).toBe('Kitchen table');
			// Delete, then take it back.
			await page.getByTestId('delete').click();
			await page.waitForFunction(() => document.querySelectorAll('[data-testid="plans"] > li').length === 0);
			await page.getByTestId('undo-delete').click();
			await cards.first().waitFor();
			expect(await cards.count()).toBe(1);
		} finally {
			await context.close();
		}
	});
});
