/** The seats' default names ("Player 2", "Computer 1") in the reader's language. */
import { m } from '$lib/paraglide/messages.js';
import { locales } from '$lib/paraglide/runtime.js';

/** The default names, each a message with the seat's number: "Player 2", "Computer 1". */
const DEFAULT_NAMES = [m.play_default_name, m.play_computer_name];

/**
 * A name in the reader's language when it is a default one ("Player 2", "Компьютер 1" in any
 * language), else as typed: a name nobody chose follows the language switched to (also in a game
 * already begun, whose record keeps the words it was started with); a name a person typed stays.
 */
export function followLanguage(name: string): string {
	const typed = name.trim();
	for (const make of DEFAULT_NAMES)
		for (const locale of locales) {
			const [before, after] = make({ n: 0 }, { locale }).split('0') as [string, string];
			const n = typed.startsWith(before) && typed.endsWith(after) ? typed.slice(before.length, typed.length - after.length) : '';
			if (/^[1-9]\d*$/.test(n)) return make({ n: Number(n) });
		}
	return name;
}

/** The players' names as the screens show them (followLanguage each). */
export const namesInLanguage = (names: readonly string[]): string[] => names.map(followLanguage);
