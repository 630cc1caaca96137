/**
 * The language a screen renders game events in, as reactive state. The event texts come one
 * language at a time (`loadEventTexts`, src/lib/i18n/event-texts.ts): this module starts loading the
 * current language's when a screen that shows events is opened, and the new one's when the
 * language is switched; until a language's texts are in, events stay in the one shown before.
 */
import { getLocale } from '../paraglide/runtime.js';
import { hasEventTexts, LOCALES, type Locale } from './events';
import { loadEventTexts } from './event-texts';

let loaded = $state(0);
let shown: Locale | null = null;

const wanted = (): Locale => {
	const locale = getLocale();
	return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en';
};

function load(locale: Locale): void {
	loadEventTexts(locale).then(
		() => loaded++,
		(error: unknown) => console.error(`the event texts (${locale}) did not load`, error)
	);
}

// at once, with the screen's own scripts: the first events are not kept waiting
if (typeof window !== 'undefined') load(wanted());

/** Whether events can be shown: some language's texts are loaded (reactive). */
export function eventTextsReady(): boolean {
	void loaded;
	return shown !== null || hasEventTexts(wanted());
}

/**
 * The language to render events in (reactive): the app's current one once its texts are loaded,
 * else the one shown until now (the new one's texts are on their way).
 */
export function eventLocale(): Locale {
	void loaded;
	const locale = wanted();
	if (hasEventTexts(locale)) return (shown = locale);
	load(locale);
	return shown ?? locale;
}
