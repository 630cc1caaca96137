/**
 * Which table the tablet holds open (issue 29): a table outlives its tab. The tablet's tables
 * are in `hostTables`; the one opened last that is neither closed nor over is *the* table, and
 * the tablet goes back to it (the same room, key and seats, so its phones come back by
 * themselves) rather than opening a second room. A new table only when the master asks; the
 * old one is then marked closed (its phones were told).
 *
 * The home screen must not load Dexie, so the table also leaves a short note of itself
 * (way-back.ts) for "Back to the table"; the note is only a signpost: /join/host reads the table itself.
 */
import type { LabyrinthDatabase } from '../store/db';
import type { TableRecord } from '../store/records';
import { parseRoomCode } from './protocol';
import { readTableNote, writeTableNote } from './way-back';

/** The shape of table records this version writes and reads. */
export const TABLE_SCHEMA = 1;

/** A stored table this version cannot open, and what is wrong with it. */
export interface DamagedTable {
	key: unknown;
	problem: 'newer' | 'damaged';
	detail: string;
	record: unknown;
}

export type FoundTable = { table: TableRecord } | { damaged: DamagedTable } | null;

/** What is wrong with a stored table record, or null if it can be opened. */
export function tableProblem(record: unknown): Pick<DamagedTable, 'problem' | 'detail'> | null {
	if (typeof record !== 'object' || record === null) return { problem: 'damaged', detail: 'not a record' };
	const r = record as Partial<Record<keyof TableRecord, unknown>>;
	if (typeof r.schema === 'number' && r.schema > TABLE_SCHEMA) return { problem: 'newer', detail: `schema ${r.schema}` };
	if (typeof r.room !== 'string' || parseRoomCode(r.room) !== r.room) return { problem: 'damaged', detail: 'room' };
	if (r.gameId !== null && typeof r.gameId !== 'string') return { problem: 'damaged', detail: 'gameId' };
	if (!Array.isArray(r.seats) || !r.seats.every((s) => typeof s === 'object' && s !== null && typeof s.name === 'string' && typeof s.key === 'string'))
		return { problem: 'damaged', detail: 'seats' };
	if (typeof r.capacity !== 'number' || !Number.isInteger(r.capacity) || r.capacity < 1) return { problem: 'damaged', detail: 'capacity' };
	if (r.secret !== undefined && typeof r.secret !== 'string') return { problem: 'damaged', detail: 'secret' };
	if (typeof r.updatedAt !== 'number' || typeof r.createdAt !== 'number') return { problem: 'damaged', detail: 'dates' };
	return null;
}

/**
 * The table this tablet holds open: the newest one neither closed nor over. A damaged or newer
 * record met on the way is returned as such (shown with what is wrong), never passed over for a
 * new table.
 */
export async function findOpenTable(db: LabyrinthDatabase): Promise<FoundTable> {
	const rows: unknown[] = await db.hostTables.orderBy('updatedAt').reverse().limit(20).toArray();
	for (const row of rows) {
		const problem = tableProblem(row);
		if (problem) return { damaged: { key: (row as { room?: unknown } | null)?.room, ...problem, record: row } };
		const table = row as TableRecord;
		if (table.closedAt) continue;
		if (table.gameId) {
			const game = await db.games.get(table.gameId);
			if (!game || game.finished) continue;
		}
		return { table };
	}
	return null;
}

/**
 * How long the tablet answers a closed table's phones (`closed`), and for how many tables: a
 * phone away when the master opened a new table (its page closed, its screen locked, out of
 * range) learns it when it comes back within this time while the tablet runs its table.
 */
export const CLOSED_ANSWERED_MS = 24 * 60 * 60 * 1000;
export const CLOSED_ANSWERED_TABLES = 3;

/**
 * The tables closed for a new one within `CLOSED_ANSWERED_MS`, newest closed first (at most
 * `CLOSED_ANSWERED_TABLES`): the tablet keeps answering their rooms with `closed`.
 */
export async function recentlyClosedTables(db: LabyrinthDatabase, now = Date.now()): Promise<TableRecord[]> {
	const rows: unknown[] = await db.hostTables.orderBy('updatedAt').reverse().limit(20).toArray();
	return rows
		.filter((row): row is TableRecord => tableProblem(row) === null && typeof (row as TableRecord).closedAt === 'number')
		.filter((table) => now - table.closedAt! < CLOSED_ANSWERED_MS && table.secret !== undefined)
		.sort((a, b) => b.closedAt! - a.closedAt!)
		.slice(0, CLOSED_ANSWERED_TABLES);
}

/** Marks the table closed (its phones were told): it is no longer the one the tablet goes back to. */
export async function markTableClosed(db: LabyrinthDatabase, room: string, now = Date.now()): Promise<void> {
	await db.hostTables.update(room, { closedAt: now });
	if (readTableNote()?.room === room) writeTableNote(null);
}

/** Deletes a stored table this version cannot open (the master exported it, or chose not to). */
export async function deleteStoredTable(db: LabyrinthDatabase, key: unknown): Promise<void> {
	if (typeof key === 'string') await db.hostTables.delete(key);
	// no usable key: every record this version cannot read goes (the master saw them and chose so)
	else await db.hostTables.toCollection().filter((row) => tableProblem(row) !== null).delete();
	writeTableNote(null);
}
