/**
 * The current language as reactive state. Paraglide's messages read `getLocale()` each time
 * they render; pointing it at a rune makes every `m.key()` in a template re-render when the
 * language changes, with no page reload (a reload in the middle of a game would be rude).
 */
import { getLocale, overwriteGetLocale, setLocale } from '../paraglide/runtime.js';
import { isAppLocale, type AppLocale } from './locale';

const detected = getLocale();
const initial: AppLocale = isAppLocale(detected) ? detected : 'en';
let current = $state<AppLocale>(initial);
overwriteGetLocale(() => current);

function applyToDocument(locale: AppLocale): void {
	if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyToDocument(initial);

export const locale = {
	get current(): AppLocale {
		return current;
	},
	/** Switches the language, remembers it (localStorage) and keeps `<html lang>` right. */
	set(next: AppLocale): void {
		if (next === current) return;
		void setLocale(next, { reload: false });
		current = next;
		applyToDocument(next);
	}
};
