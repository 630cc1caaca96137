// The editor driven as a person drives it: a finger on the board (real touch events through the
// DevTools protocol, so the app sees pointerType "touch"), and the plan read back from IndexedDB
// the way the app reads it after a reload.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Plan } from '../../../src/lib/engine/plan/types';

export interface Editor {
	context: BrowserContext;
	page: Page;
	touch: CDPSession;
}

/** Opens the design screen (a new plan) in a context. */
export async function openEditorIn(context: BrowserContext): Promise<Editor> {
	const page = await context.newPage();
	await page.goto('/design');
	await page.waitForURL(/\/design\?id=/);
	await page.locator('main[data-screen="design"] svg.board').waitFor();
	return { context, page, touch: await context.newCDPSession(page) };
}

/** Client coordinates of a board point (one unit a square, a1's top-left corner at 0,0). */
export async function client(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
	return page.locator('main svg.board').evaluate(
		(svg, [bx, by]) => {
			const p = new DOMPoint(bx, by).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
			return { x: p.x, y: p.y };
		},
		[x, y] as const
	);
}

/** A one-finger stroke through board points (a tap when there is one point). */
export async function finger({ page, touch }: Editor, points: Array<[number, number]>): Promise<void> {
	const at = await Promise.all(points.map(([x, y]) => client(page, x, y)));
	await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at[0]!] });
	for (const p of at.slice(1)) {
		// Intermediate points as a real finger sends them.
		await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
	}
	await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The centre of square (x, y). */
export const centre = (x: number, y: number): [number, number] => [x + 0.5, y + 0.5];

export async function tool(page: Page, name: string): Promise<void> {
	await page.locator(`[data-tool="${name}"]`).click();
}

/** The plan as stored in IndexedDB, once the screen says it is saved. */
export async function saved(page: Page): Promise<Plan> {
	await page.locator('main[data-saved="true"]').waitFor();
	const id = new URL(page.url()).searchParams.get('id');
	return page.evaluate(
		(id) =>
			new Promise<Plan>((resolve, reject) => {
				const open = indexedDB.open('labyrinth-gm');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const get = open.result.transaction('plans').objectStore('plans').get(id!);
					get.onsuccess = () => {
						resolve(get.result.plan);
						open.result.close();
					};
					get.onerror = () => reject(get.error);
				};
			}),
		id
	);
}
