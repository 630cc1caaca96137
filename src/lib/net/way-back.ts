/**
 * Signposts for the home screen (issue 29), kept in localStorage so the home screen reads them
 * without loading Dexie, PeerJS or the protocol: the tablet's open table (its room, plan, phones
 * and the move reached) and the phone's seat (its room and name). Only signposts: the table and
 * the seat themselves are in the device's databases, read by /join/host and /join.
 */
const TABLE_KEY = 'labyrinth-gm:open-table';
const SEAT_KEY = 'labyrinth-gm:seat';
/** A room code as stored (the protocol's own check is heavier than the home screen needs). */
const ROOM = /^[0-9A-Z]{6,12}$/;

/** What the home screen says of the tablet's open table. */
export interface TableNote {
	room: string;
	plan: string | null;
	names: string[];
	/** Commands played so far (0 in the lobby). */
	moves: number;
}

/** What the home screen says of the phone's seat. */
export interface SeatNote {
	room: string;
	name: string;
}

function read(key: string): Record<string, unknown> | null {
	try {
		const raw: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
		return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
	} catch {
		return null;
	}
}

/**
 * Writes the note only when it changes: the screens call this on every change of their seat or
 * table (a move, a heartbeat), and a write of localStorage took milliseconds inside the phone's
 * update on every move (issue 35); a read is served from the page's own copy.
 */
function write(key: string, value: unknown): void {
	try {
		const text = value === null ? null : JSON.stringify(value);
		if (localStorage.getItem(key) === text) return;
		if (text === null) localStorage.removeItem(key);
		else localStorage.setItem(key, text);
	} catch {
		// storage refused (private mode): the home screen simply does not offer the way back
	}
}

export function readTableNote(): TableNote | null {
	const n = read(TABLE_KEY);
	if (!n || typeof n.room !== 'string' || !ROOM.test(n.room)) return null;
	const names = Array.isArray(n.names) ? n.names.filter((x): x is string => typeof x === 'string') : [];
	return { room: n.room, plan: typeof n.plan === 'string' ? n.plan : null, names, moves: typeof n.moves === 'number' ? n.moves : 0 };
}

export function writeTableNote(note: TableNote | null): void {
	write(TABLE_KEY, note);
}

export function readSeatNote(): SeatNote | null {
	const n = read(SEAT_KEY);
	if (!n || typeof n.room !== 'string' || !ROOM.test(n.room) || typeof n.name !== 'string') return null;
	return { room: n.room, name: n.name };
}

export function writeSeatNote(note: SeatNote | null): void {
	write(SEAT_KEY, note);
}
