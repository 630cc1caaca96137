/**
 * The phone's seats (its key, the events it has, the command it is sending), by room code, in
 * an IndexedDB database of their own through idb-keyval — not in the app's Dexie database, so
 * that a phone opening /join does not download Dexie (~30 KB gzip) before it can play: Dexie
 * comes later, with the deduction sheet. Each save resolves once its transaction is complete.
 *
 * Seats were kept in the Dexie table `memberships` (schema v3, src/lib/store/db.ts) before;
 * `moveOldSeats` moves them here once, so a phone updated in the middle of a game keeps its seat.
 *
 * A seat is kept as its head (the `Membership` without its events, under the room code) and its
 * events in chunks of `CHUNK` (under `[room, chunk number]`), in the same object store: a save
 * writes the head and only the chunks that changed, so a move costs the same at the 4,000th
 * event as at the 10th (issue 19). Head and chunks go in one transaction, so a reload never
 * sees a head whose events are missing. Seats saved whole by older versions (`events` inline)
 * load as they are and take this form at their next save.
 */
import { createStore, get, getMany, keys, promisifyRequest, setMany, type UseStore } from 'idb-keyval';
import { snapshot } from '../store/snapshot';
import { WriteQueue } from '../store/write-queue';
import { DATABASE_NAME } from '../store/schema-version';
import type { PhoneStore } from './session-records';
import type { Membership } from '../store/records';
import type { GameEvent } from '../engine/game/types';

/** The database and object store the seats live in. */
export const SEAT_DATABASE = 'labyrinth-gm-seats';
const SEAT_STORE = 'memberships';
/** localStorage: set once the seats of the Dexie table have been moved (or there were none). */
const MOVED_FLAG = 'labyrinth-seats-moved';
/** Events per chunk. */
export const CHUNK = 256;

/** What is kept under the room code: the seat without its events, and how many it has. */
type SeatHead = Omit<Membership, 'events'> & { eventCount: number };
/** A seat as an older version kept it, or as it is kept now. */
type KeptSeat = Membership | SeatHead;

/** The key of a seat's chunk `n`. */
const chunkKey = (room: string, n: number): [string, number] => [room, n];
/** Every chunk of a seat's, from chunk `from` on. */
const chunksFrom = (room: string, from: number) => IDBKeyRange.bound([room, from], [room, Infinity]);

/** What the store knows is on disk of a seat: its event count and its last event (to tell a longer game from another one). */
interface OnDisk {
	count: number;
	last: GameEvent | undefined;
}

/** Where the seats were kept before: read once, then emptied. */
export interface OldSeats {
	all(): Promise<Membership[]>;
	clear(): Promise<void>;
}

/** The Dexie table of older versions, loaded only when this device may have one. */
async function dexieSeats(): Promise<OldSeats | null> {
	const known = await indexedDB.databases?.().catch(() => undefined);
	if (known && !known.some((db) => db.name === DATABASE_NAME)) return null;
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
	/** Seats whose chunks on disk are known (loaded or saved here): their next save writes only what is new. */
	private readonly onDisk = new Map<string, OnDisk>();

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
		// In turn with the writes, so that the head and its chunks are of the same save.
		return this.writes.run(async () => {
			const head = await get<KeptSeat>(room, this.store);
			if (!head) return null;
			if (!('eventCount' in head)) return head;
			const { eventCount, ...rest } = head;
			const chunks = await getMany<GameEvent[] | undefined>(
				Array.from({ length: Math.ceil(eventCount / CHUNK) }, (_, n) => chunkKey(room, n)),
				this.store
			);
			const events = chunks.flatMap((chunk) => chunk ?? []).slice(0, eventCount);
			if (events.length !== eventCount) throw new Error(`the seat in ${room} is missing events (${events.length} of ${eventCount})`);
			this.onDisk.set(room, { count: eventCount, last: events.at(-1) });
			return { ...rest, events };
		});
	}

	/**
	 * The seat in `room` without its events (who sits there, its key): what a reload asks first,
	 * before the session loads the seat whole — so the chunks are read once per page load, not twice.
	 */
	async head(room: string): Promise<Omit<Membership, 'events'> | null> {
		await this.moveOldSeats();
		return this.writes.run(async () => {
			const head = await get<KeptSeat>(room, this.store);
			if (!head) return null;
			if ('eventCount' in head) {
				const { eventCount: _count, ...rest } = head;
				return rest;
			}
			const { events: _events, ...rest } = head;
			return rest;
		});
	}

	async save(membership: Membership): Promise<void> {
		await this.moveOldSeats();
		return this.writes.run(async () => {
			// Read when the write's turn comes, head and chunks from the same events.
			const { events, ...rest } = membership;
			const count = events.length;
			const known = this.onDisk.get(membership.room);
			// Only the chunks past what is on disk, when these events continue those; else all of them.
			const continues = known !== undefined && known.count <= count && (known.count === 0 || events[known.count - 1] === known.last);
			const end = Math.ceil(count / CHUNK);
			const first = !continues ? 0 : known.count === count ? end : Math.floor(known.count / CHUNK);
			const changed: [IDBValidKey, unknown][] = [];
			for (let n = first; n < end; n++) {
				changed.push([chunkKey(membership.room, n), snapshot(events.slice(n * CHUNK, (n + 1) * CHUNK))]);
			}
			const head: SeatHead = { ...snapshot(rest), eventCount: count };
			this.onDisk.delete(membership.room);
			await this.writeSeat(membership.room, head, changed, continues ? null : end);
			this.onDisk.set(membership.room, { count, last: events.at(-1) });
		});
	}

	/** The seats this phone holds, newest first. */
	async list(): Promise<Membership[]> {
		await this.moveOldSeats();
		const rooms = (await keys(this.store)).filter((key): key is string => typeof key === 'string');
		const seats = await Promise.all(rooms.map((room) => this.load(room)));
		return seats.filter((m): m is Membership => m !== null).sort((a, b) => b.updatedAt - a.updatedAt);
	}

	/** Forgets the seat in `room` (the host no longer knows its key), its events with it. */
	async forget(room: string): Promise<void> {
		await this.moveOldSeats();
		return this.writes.run(async () => {
			this.onDisk.delete(room);
			await this.store('readwrite', (store) => {
				store.delete(room);
				store.delete(chunksFrom(room, 0));
				return promisifyRequest(store.transaction);
			});
		});
	}

	/**
	 * Writes a seat's head and chunks in one transaction; with `dropFrom`, the seat's chunks from
	 * that one on are deleted first (a seat written whole: no chunk of an older, longer one stays).
	 */
	private writeSeat(room: string, head: SeatHead, chunks: [IDBValidKey, unknown][], dropFrom: number | null): Promise<void> {
		return this.store('readwrite', (store) => {
			if (dropFrom !== null) store.delete(chunksFrom(room, dropFrom));
			for (const [key, value] of chunks) store.put(value, key);
			store.put(head, room);
			return promisifyRequest(store.transaction);
		});
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
					const here = new Set(await keys(this.store));
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
