/**
 * The app's languages and how one is chosen. Pure: no DOM, no runes (unit-tested in node).
 * Paraglide's runtime does the choosing at start-up (strategy: localStorage, then the
 * browser's preferred languages, then English); `pickLocale` states that rule on its own.
 */
export const APP_LOCALES = ['en', 'ru', 'uk'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];

/** Each language's own name for itself, shown in the language switch (never translated). */
export const LOCALE_NAMES: Record<AppLocale, string> = {
	en: 'English',
	ru: 'Русский',
	uk: 'Українська'
};

export function isAppLocale(value: unknown): value is AppLocale {
	return typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages (`navigator.languages`, most preferred first) that the
 * app speaks, matched on the whole tag and then on its primary subtag; English otherwise.
 */
export function pickLocale(languages: readonly string[]): AppLocale {
	for (const tag of languages) {
		const lower = tag.toLowerCase();
		if (isAppLocale(lower)) return lower;
		const primary = lower.split('-')[0];
		if (isAppLocale(primary)) return primary;
	}
	return 'en';
}
