// The compiled messages as the app calls them (paraglide's output, then scripts/i18n-groups.js,
// which gives every message one shared locale chooser): each says, in each locale, its
// catalogue's text with the inputs put in; with no locale asked, the current one (in Node, the
// base locale); for a locale the app does not have, the base locale's text.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as messages from '../../src/lib/paraglide/messages.js';
import { baseLocale, getLocale, locales } from '../../src/lib/paraglide/runtime.js';

type Message = (inputs?: Record<string, unknown>, options?: { locale?: string }) => string;
const compiled = messages as unknown as Record<string, Message>;

const catalogue = (locale: string): Record<string, string> => {
	const { $schema: _schema, ...texts } = JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
	return texts;
};
const catalogues = Object.fromEntries(locales.map((locale) => [locale, catalogue(locale)]));
// The plain texts; plural messages (variants by the number's plural category) have their own test, plurals.test.ts.
const keys = Object.keys(catalogues[baseLocale]!).filter((key) => locales.every((locale) => typeof catalogues[locale]![key] === 'string'));

/** The catalogue's text with `{name}` replaced by the input of that name. */
const expected = (text: string, inputs: Record<string, string>) => text.replace(/\{\s*([A-Za-z_]\w*)\s*\}/g, (_, name: string) => inputs[name] ?? 'undefined');
const names = (text: string) => [...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((match) => match[1]!);

describe('compiled messages', () => {
	test('every key of the catalogue is a compiled message', () => {
		expect(keys.length).toBeGreaterThan(100);
		expect(keys.filter((key) => typeof compiled[key] !== 'function')).toEqual([]);
	});

	test('each message, in each locale asked for, is that locale’s own text with the inputs put in', () => {
		for (const key of keys)
			for (const locale of locales) {
				const inputs = Object.fromEntries(names(catalogues[baseLocale]![key]!).map((name) => [name, `<${name}>`]));
				expect(compiled[key]!(inputs, { locale }), `${key} in ${locale}`).toBe(expected(catalogues[locale]![key]!, inputs));
			}
	});

	test('any inputs are put in as they are', () => {
		const withInputs = keys.filter((key) => names(catalogues[baseLocale]![key]!).length > 0);
		fc.assert(
			fc.property(fc.constantFrom(...withInputs), fc.constantFrom(...locales), fc.string(), (key, locale, value) => {
				const inputs = Object.fromEntries(names(catalogues[baseLocale]![key]!).map((name) => [name, value]));
				expect(compiled[key]!(inputs, { locale })).toBe(expected(catalogues[locale]![key]!, inputs));
			})
		);
	});

	test('every message, asked for no locale, is in the current one; asked for an unknown one, in the base locale', () => {
		const current = getLocale();
		for (const key of keys) {
			const inputs = Object.fromEntries(names(catalogues[baseLocale]![key]!).map((name) => [name, name.toUpperCase()]));
			expect(compiled[key]!(inputs)).toBe(expected(catalogues[current]![key]!, inputs));
			expect(compiled[key]!(inputs, { locale: 'de' })).toBe(expected(catalogues[baseLocale]![key]!, inputs));
		}
	});
});
