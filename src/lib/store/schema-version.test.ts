// Issue 29: a database written by a newer build is said in words, never shown as an empty device.
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { LabyrinthDatabase } from './db';
import { saveProblem } from './saver';
import { SCHEMA_VERSION, storedByNewerApp } from './schema-version';

/** A database as a newer build leaves it: one schema version past this build's, with a plan in it. */
function writtenByNewerApp(name: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const open = indexedDB.open(name, (SCHEMA_VERSION + 1) * 10);
		open.onupgradeneeded = () => open.result.createObjectStore('plans', { keyPath: 'id' }).add({ id: 'kept', name: 'Newer plan' });
		open.onsuccess = () => {
			open.result.close();
			resolve();
		};
		open.onerror = () => reject(open.error);
	});
}

describe('the schema this build writes', () => {
	test('is the last version db.ts declares', () => {
		expect(new LabyrinthDatabase(`verno-${Math.random()}`).verno).toBe(SCHEMA_VERSION);
	});

	test('a newer build’s database: told before opening, and opening it with this build’s schema touches nothing in it', async () => {
		const name = `newer-${Math.random()}`;
		await writtenByNewerApp(name);
		const databases = () => indexedDB.databases().then((all) => all.map((db) => (db.name === name ? { ...db, name: 'labyrinth-gm' } : db)));
		expect(await storedByNewerApp(databases)).toBe(true);

		// Dexie 4 opens a newer database at its own version (no VersionError, no upgrade): the
		// banner is what tells the person; an older Dexie's VersionError is said as `newer`.
		const db = new LabyrinthDatabase(name);
		await db.open().catch((error: unknown) => expect(saveProblem(error)).toBe('newer'));
		db.close();

		const still = await new Promise<{ version: number; plan: unknown }>((resolve) => {
			const open = indexedDB.open(name);
			open.onsuccess = () => {
				const read = open.result.transaction('plans').objectStore('plans').get('kept');
				read.onsuccess = () => {
					resolve({ version: open.result.version, plan: read.result });
					open.result.close();
				};
			};
		});
		// (Dexie may add the tables this build declares and the newer one lacks, a version up)
		expect(still.plan).toEqual({ id: 'kept', name: 'Newer plan' });
		expect(still.version).toBeGreaterThanOrEqual((SCHEMA_VERSION + 1) * 10);
		expect(await storedByNewerApp(databases)).toBe(true);
	});

	test('this build’s own database, none at all, or a browser that cannot list them: not newer', async () => {
		const name = `own-${Math.random()}`;
		const own = new LabyrinthDatabase(name);
		await own.open();
		own.close();
		const renamed = () => indexedDB.databases().then((all) => all.map((db) => (db.name === name ? { ...db, name: 'labyrinth-gm' } : db)));
		expect(await storedByNewerApp(renamed)).toBe(false);
		expect(await storedByNewerApp(async () => [])).toBe(false);
		expect(await storedByNewerApp(undefined)).toBe(false);
		expect(await storedByNewerApp(() => Promise.reject(new Error('not allowed')))).toBe(false);
	});
});
