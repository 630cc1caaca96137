/** The duel's phones in the e2e tests: a generated duel labyrinth made in the editor, a start tapped on the contour. */
import type { Page } from 'playwright-core';
import type { Plan } from '../../../src/lib/engine/plan/types';

/** The editor: start over as a generated duel labyrinth; it is kept in the library. */
export async function generateInEditor(page: Page): Promise<Plan> {
	await page.goto('/design');
	await page.waitForURL(/\/design\?id=/);
	await page.locator('main[data-screen="design"] svg.board').waitFor();
	await page.getByTestId('menu').click();
	await page.getByTestId('start-over').click();
	await page.locator('[data-rules="duel"]').click();
	await page.getByTestId('generate').click();
	await page.locator('[data-kind="crossbow"]').first().waitFor();
	await page.locator('main[data-saved="true"]').waitFor();
	const id = new URL(page.url()).searchParams.get('id')!;
	return page.evaluate(async (id) => {
		const open = indexedDB.open('labyrinth-gm');
		const handle = await new Promise<IDBDatabase>((resolve, reject) => {
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const stored = await new Promise<{ plan: Plan }>((resolve) => {
			const get = handle.transaction('plans').objectStore('plans').get(id);
			get.onsuccess = () => resolve(get.result);
		});
		handle.close();
		return stored.plan;
	}, id);
}

export async function tapContour(page: Page, cell: number) {
	await page.locator('[data-testid="contour"]').scrollIntoViewIfNeeded();
	const at = await page.locator('[data-testid="contour"] svg').evaluate((svg, [bx, by]) => {
		const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [cell % 10, Math.floor(cell / 10)] as const);
	await page.touchscreen.tap(at.x, at.y);
}

