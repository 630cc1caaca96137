/**
 * The phone's seats (its key, the events it has, the command it is sending), by room code, in
 * an IndexedDB database of their own through idb-keyval — not in the app's Dexie database, so
 * that a phone opening /join does not download Dexie (~30 KB gzip) before it can play: Dexie
 * comes later, with the deduction sheet. Each save resolves once its transaction is complete.
 *
 * Seats were kept in the Dexie table `memberships` (schema v3, src/lib/store/db.ts) before;
 * `moveOldSeats` moves them here once, so a phone updated in the middle of a game keeps its seat.
 */
import { createStore, del, get, set, setMany, values, type UseStore } from 'idb-keyval';
import { snapshot } from '../store/snapshot';
import { WriteQueue } from '../store/write-queue';
import type { PhoneStore } from './session-records';
import type { Membership } from '../store/records';

/** The database and object store the seats live in. */
export const SEAT_DATABASE = 'labyrinth-gm-seats';
const SEAT_STORE = 'memberships';
/** localStorage: set once the seats of the Dexie table have been moved (or there were none). */
const MOVED_FLAG = 'labyrinth-seats-moved';

/** Where the seats were kept before: read once, then emptied. */
export interface OldSeats {
	all(): Promise<Membership[]>;
	clear(): Promise<void>;
}

/** The Dexie table of older versions, loaded only when this device may have one. */
async function dexieSeats(): Promise<OldSeats | null> {
	const known = await indexedDB.databases?.().catch(() => undefined);
	if (known && !known.some((db) => db.name === 'labyrinth-gm')) return null;
	const { database } = await import('../store/db');
	const db = database();
	return { all: () => db.memberships.toArray(), clear: () => db.memberships.clear() };
}

function movedAlready(): boolean {
	try {
		return localStorage.getItem(MOVED_FLAG) === '1';
	} catch {
		return false;
	}
}

function markMoved(): void {
	try {
		localStorage.setItem(MOVED_FLAG, '1');
	} catch {
		// No localStorage: the (empty) old table is looked at again next time.
	}
}

export class SeatStore implements PhoneStore {
	private readonly writes = new WriteQueue();
	private readonly store: UseStore;
	private moved: Promise<void> | null = null;

	/**
	 * @param oldSeats where seats were kept before (the Dexie table; tests give their own), or
	 *   null for none
	 */
	constructor(
		database = SEAT_DATABASE,
		private readonly oldSeats: () => Promise<OldSeats | null> = dexieSeats
	) {
		this.store = createStore(database, SEAT_STORE);
	}

	async load(room: string): Promise<Membership | null> {
		await this.moveOldSeats();
		return (await get<Membership>(room, this.store)) ?? null;
	}

	async save(membership: Membership): Promise<void> {
		await this.moveOldSeats();
		return this.writes.run(async () => set(membership.room, snapshot(membership), this.store));
	}

	/** The seats this phone holds, newest first. */
	async list(): Promise<Membership[]> {
		await this.moveOldSeats();
		return (await values<Membership>(this.store)).sort((a, b) => b.updatedAt - a.updatedAt);
	}

	/** Forgets the seat in `room` (the host no longer knows its key). */
	async forget(room: string): Promise<void> {
		await this.moveOldSeats();
		return this.writes.run(() => del(room, this.store));
	}

	/**
	 * Moves the seats of the old table here (once per device), leaving alone any room that is
	 * here already (it is newer). Written before the old rows are cleared, so nothing is lost
	 * if the tab closes in between: the next start moves the same rows again.
	 */
	private moveOldSeats(): Promise<void> {
		this.moved ??= (async () => {
			if (movedAlready()) return;
			try {
				const old = await this.oldSeats();
				if (old) {
					const rows = await old.all();
					const here = new Set((await values<Membership>(this.store)).map((m) => m.room));
					const missing = rows.filter((m) => !here.has(m.room));
					if (missing.length) await this.writes.run(() => setMany(missing.map((m) => [m.room, snapshot(m)]), this.store));
					await old.clear();
				}
				markMoved();
			} catch (error) {
				// The game goes on with the seats here; the old ones are tried again at the next start.
				console.warn('could not move the seats kept by an older version', error);
			}
		})();
		return this.moved;
	}
}
