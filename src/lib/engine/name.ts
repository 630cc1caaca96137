/**
 * Names people type and others see: a player's or a seat's name, a plan's name. One place says how
 * long they may be and what is taken out of them, for every door a name comes in by (the setup
 * form, the phone's join, the editor and library rename, a plan file, a frame from a peer).
 *
 * Bidirectional control characters are taken out: a name holding U+202E (right-to-left override)
 * would otherwise turn the sentence around it ("Anna moved" shown as a lie). Shown in a sentence, a
 * name is still isolated (`isolate`, or `<bdi>` in markup), so a right-to-left name cannot reorder
 * the words beside it either.
 */

/** The longest name of a player or a seat, in UTF-16 units (what an `<input maxlength>` counts). */
export const MAX_NAME_LENGTH = 40;
/** The longest name of a plan (its title in the library and the editor). */
export const MAX_PLAN_NAME_LENGTH = 200;

/** The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the marks LRM, RLM and ALM. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
// Control characters (C0, DEL, C1) and the line and paragraph separators: a name is one line.
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/**
 * A name as it may be kept and shown: NFC, without bidirectional controls, one line with single
 * spaces, trimmed, at most `max` UTF-16 units (never cutting a character in two). May be empty:
 * the caller decides whether an empty name falls back to a default or is refused.
 */
export function cleanName(text: string, max: number = MAX_NAME_LENGTH): string {
	const clean = text.normalize('NFC').replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ').replace(/\s+/gu, ' ').trim();
	if (clean.length <= max) return clean;
	let cut = max;
	// A high surrogate at the cut would leave half a character.
	const last = clean.charCodeAt(cut - 1);
	if (last >= 0xd800 && last <= 0xdbff) cut--;
	return clean.slice(0, cut).trimEnd();
}

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: a name inside a sentence keeps to itself (like `<bdi>`). */
export function isolate(name: string): string {
	return `\u2068${name}\u2069`;
}
