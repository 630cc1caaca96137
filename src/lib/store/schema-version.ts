/**
 * Which schema this build writes, and whether the device's database was written by a newer
 * build (issue 29): an app left open or cached from before an update cannot open it (Dexie's
 * open fails with a VersionError) and must say so in words instead of showing empty lists.
 * Kept apart from db.ts so that any page can ask without loading Dexie.
 */

/** The database's name on every device. */
export const DATABASE_NAME = 'labyrinth-gm';

/** The last `version(n)` in db.ts (a test keeps them equal). */
export const SCHEMA_VERSION = 6;

/** Dexie stores version n as IndexedDB version n × 10. */
const DEXIE_FACTOR = 10;

type Databases = () => Promise<{ name?: string; version?: number }[]>;

/**
 * True when the device's database has a newer schema than this build's. Asked without opening
 * it (an open would create it, or block a newer tab's upgrade); where the browser cannot list
 * its databases the answer is false, and the first read or write says the problem instead.
 */
export async function storedByNewerApp(databases: Databases | undefined = globalThis.indexedDB?.databases?.bind(globalThis.indexedDB)): Promise<boolean> {
	if (!databases) return false;
	try {
		const found = (await databases()).find((db) => db.name === DATABASE_NAME);
		return (found?.version ?? 0) > SCHEMA_VERSION * DEXIE_FACTOR;
	} catch {
		return false;
	}
}
