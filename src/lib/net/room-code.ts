/**
 * The room code and the table key's fingerprint as an invitation carries them, read and shown.
 * Apart from protocol.ts (which re-exports them) so the join form, the phone's first chunk,
 * reads an invitation without the schemas (valibot) or the network layer.
 */

/**
 * The room code alphabet: Crockford's base 32 (digits and letters without I, L, O, U), so a code
 * can be read out and typed; what a person types is read leniently (O as 0, I and L as 1).
 */
export const ROOM_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 symbols of 32: 60 random bits, shown as three groups of four. */
export const ROOM_LENGTH = 12;
export const ROOM_PATTERN = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/;
/** The six-letter codes of protocol 1, still opened so a table saved by it comes back after an update. */
const LEGACY_ROOM = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** Normalises what a person typed as a room code; null when it cannot be one. */
export function parseRoomCode(text: string): string | null {
	const code = text.toUpperCase().replace(/[\s-]/g, '');
	if (LEGACY_ROOM.test(code)) return code;
	const read = code.replace(/O/g, '0').replace(/[IL]/g, '1');
	return ROOM_PATTERN.test(read) ? read : null;
}

/** A room code as people read it: groups of four (`7K3Q-9ZPM-X2AB`). */
export function formatRoomCode(room: string): string {
	return room.length === ROOM_LENGTH ? (room.match(/.{4}/g) ?? [room]).join('-') : room;
}

/** The fingerprint of a key as an invitation carries it (`pin=`, pin.ts), or null for anything else. */
export function parsePin(text: string | null | undefined): string | null {
	return text && /^[A-Za-z0-9_-]{22}$/.test(text) ? text : null;
}
