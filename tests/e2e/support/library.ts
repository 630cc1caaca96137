import type { Page } from 'playwright-core';
import type { Game } from '../../../src/lib/engine/game/game';
import type { Plan } from '../../../src/lib/engine/plan/types';
import { serializePlan } from '../../../src/lib/engine/plan/format-json';

/** Puts `plan` into the device's library through the import button of /library, as a person would. */
export async function importPlan(page: Page, plan: Plan, file = 'plan.json'): Promise<void> {
	await page.goto('/library');
	await page.getByTestId('import').setInputFiles({ name: file, mimeType: 'application/json', buffer: Buffer.from(serializePlan(plan)) });
	// Its own entry, not any: a library that already holds plans would let the import still be on its way.
	await page.locator('[data-testid="plans"] > li', { hasText: plan.name }).first().waitFor();
}

/** The stored game this page plays (`?id=`), read from IndexedDB as the app wrote it. */
export async function storedGame(page: Page): Promise<Game> {
	return (await storedRecord(page)).game;
}

/** The stored record of the game this page plays: the game and the players' names the screens use. */
export async function storedRecord(page: Page): Promise<{ game: Game; names: string[] }> {
	const id = new URL(page.url()).searchParams.get('id')!;
	return page.evaluate(async (gameId) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = indexedDB.open('labyrinth-gm');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const record = await new Promise<{ game: Game; names: string[] }>((resolve) => {
			const get = db.transaction('games').objectStore('games').get(gameId);
			get.onsuccess = () => resolve(get.result);
		});
		db.close();
		return { game: record.game, names: record.names };
	}, id);
}
