/**
 * The table's mark: eight symbols of its key's fingerprint (the pin), shown on the tablet's
 * invitation and on every phone's seat screen, so a person can compare them (issue 32). A phone
 * that joined by the typed code pinned the first tablet that proved a key; if that was a
 * stranger's, its mark differs from the one on the master's tablet.
 *
 * The pin is base64url (6 bits a character); each of its first eight characters gives one symbol
 * of the room code's alphabet (its value mod 32: every symbol equally likely), 40 bits in all,
 * in two groups of four (`K7Q3 9ZPM`).
 */
import { ROOM_ALPHABET } from './protocol';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The mark of `pin`, or null for no pin or one that is not base64url. */
export function pinMark(pin: string | null | undefined): string | null {
	if (!pin || pin.length < 8) return null;
	const symbols = [...pin.slice(0, 8)].map((c) => BASE64URL.indexOf(c));
	if (symbols.some((v) => v < 0)) return null;
	const text = symbols.map((v) => ROOM_ALPHABET[v % 32]).join('');
	return `${text.slice(0, 4)} ${text.slice(4)}`;
}
