/**
 * Loading one language's event texts (src/lib/paraglide/groups/event.<locale>.js) for
 * src/lib/i18n/events.ts to render with. Apart from events.ts on purpose: a screen that only
 * names a square or an item (the editor's problems, the library) imports events.ts, and must not
 * carry the loaders — the scripts counted for a route (scripts/lib/route-js.js) take a route that
 * holds these dynamic imports for one that loads a language at once, as the screens that show
 * events do (./event-locale.svelte.ts).
 */
import { addEventTexts, type EventTexts, type Locale } from './events';

const LOADERS: Record<Locale, () => Promise<{ default: EventTexts }>> = {
	en: () => import('../paraglide/groups/event.en.js'),
	ru: () => import('../paraglide/groups/event.ru.js'),
	uk: () => import('../paraglide/groups/event.uk.js')
};
const loading: Partial<Record<Locale, Promise<void>>> = {};

/**
 * Loads `locale`'s event texts (once; the same promise again after). Await it before the first
 * event is rendered in that language — a screen that shows events, a language switch, the CLI.
 */
export function loadEventTexts(locale: Locale): Promise<void> {
	return (loading[locale] ??= LOADERS[locale]().then(
		(module) => addEventTexts(locale, module.default),
		(error: unknown) => {
			delete loading[locale];
			throw error;
		}
	));
}
