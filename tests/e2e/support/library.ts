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

/**
 * The stored record of the game this page plays (or of game `id`): the game with its log and the
 * players' names the screens use. Since schema 6 the log is rows of its own (`commands`, keyed
 * by game and number: store/db.ts), read here as the app reads them.
 */
export async function storedRecord(page: Page, id = new URL(page.url()).searchParams.get('id')!): Promise<{ game: Game; names: string[] }> {
	return page.evaluate(async (gameId) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = indexedDB.open('labyrinth-gm');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const read = <T>(store: string, query: IDBValidKey | IDBKeyRange, all: boolean) =>
			new Promise<T>((resolve, reject) => {
				const objects = db.transaction(store).objectStore(store);
				const request = all ? objects.getAll(query) : objects.get(query);
				request.onsuccess = () => resolve(request.result as T);
				request.onerror = () => reject(request.error);
			});
		const record = await read<{ game: Omit<Game, 'log'>; names: string[] }>('games', gameId, false);
		const rows = await read<{ n: number; command: Game['log'][number] }[]>('commands', IDBKeyRange.bound([gameId, 0], [gameId, Infinity]), true);
		db.close();
		return { game: { ...record.game, log: rows.sort((a, b) => a.n - b.n).map((row) => row.command) } as Game, names: record.names };
	}, id);
}
