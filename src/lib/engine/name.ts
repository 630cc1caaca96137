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
 * Invisible and format characters (zero-width space, joiners, soft hyphen, word joiner, BOM,
 * variation selectors, Hangul fillers, tags…): `Anna` and `An\u200Bna` would look the same.
 * Kept only where an emoji needs them: a joiner or presentation selector after a pictograph
 * (👨‍👩‍👧, ❤️).
 */
const INVISIBLE = /(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)(?:\u200D|\uFE0F)|(?!\u200D|\uFE0F)[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A name as it may be kept and shown: NFC, without bidirectional controls or invisible characters, one line with single
 * spaces, trimmed, at most `max` UTF-16 units (never cutting a character in two). May be empty:
 * the caller decides whether an empty name falls back to a default or is refused.
 */
export function cleanName(text: string, max: number = MAX_NAME_LENGTH): string {
	const clean = text.normalize('NFC').replace(BIDI_CONTROLS, '').replace(INVISIBLE, '').replace(CONTROLS, ' ').replace(/\s+/gu, ' ').trim();
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

/**
 * Letters of Cyrillic and Greek (and Latin's own lookalikes) drawn like Latin letters, each with
 * the prototype Unicode's confusables table (UTS #39, confusables.txt) gives it. A compact subset
 * of that table: the app's names are typed in Latin, Cyrillic (ru, uk) or Greek letters, and these
 * are the letters a stranger would swap to pass for someone at the table (`Аnna` with a Cyrillic А).
 */
const CONFUSABLES: Record<string, string> = {
	// Cyrillic capitals
	А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ү: 'Y',
	Ѕ: 'S', І: 'l', Ӏ: 'l', Ј: 'J', Ԛ: 'Q', Ԝ: 'W', З: '3', Ь: 'b',
	// Cyrillic small letters
	а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', ү: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ɡ: 'g',
	// Greek capitals
	Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'l', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
	// Greek small letters
	α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', υ: 'u', γ: 'y',
	// Latin and digits among themselves
	I: 'l', '1': 'l', '|': 'l', '0': 'O', ı: 'i'
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

/**
 * A name's "skeleton" (UTS #39 section 4, over the table above): two names with the same skeleton
 * look alike. NFD, each confusable letter to its prototype, `rn` to `m` (as confusables.txt has
 * it), NFD again.
 */
export function nameSkeleton(name: string): string {
	return cleanName(name, Infinity)
		.normalize('NFD')
		.replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c)
		.replace(/rn/g, 'm')
		.normalize('NFD');
}

/** The writing systems of a name's letters (Common and Inherited characters — digits, marks, emoji — belong to none). */
export function nameScripts(name: string): string[] {
	const scripts = new Set<string>();
	for (const char of name) {
		if (!/\p{L}/u.test(char)) continue;
		const script = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Hebrew', 'Arabic', 'Georgian', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Cherokee'].find((s) => new RegExp(`\\p{Script=${s}}`, 'u').test(char));
		scripts.add(script ?? 'other');
	}
	return [...scripts];
}

/**
 * What the master should look at twice before seating a name: it mixes alphabets (a Cyrillic `а`
 * among Latin letters), or it looks like a name already at the table (same skeleton, not the
 * same name: the same name twice is the likest of all). Null when it is plain.
 */
export type NameMark = { kind: 'mixed' } | { kind: 'lookalike'; like: string };

export function nameMark(name: string, others: readonly string[]): NameMark | null {
	const skeleton = nameSkeleton(name);
	const like = others.find((other) => nameSkeleton(other) === skeleton);
	if (like !== undefined) return { kind: 'lookalike', like };
	if (nameScripts(name).length > 1) return { kind: 'mixed' };
	return null;
}
