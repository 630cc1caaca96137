import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { extractLocaleFromNavigator } from '../paraglide/runtime.js';
import { APP_LOCALES, LOCALE_NAMES, isAppLocale, pickLocale } from './locale';

describe('pickLocale: the language chosen from the browser', () => {
	test.each([
		[['ru-RU', 'en-US'], 'ru'],
		[['uk-UA'], 'uk'],
		[['uk'], 'uk'],
		[['RU'], 'ru'],
		[['de-DE', 'ru'], 'ru'],
		[['en-GB', 'ru'], 'en'],
		[['de-DE', 'fr'], 'en'],
		[[], 'en']
	] as const)('%j → %s', (languages, expected) => {
		expect(pickLocale(languages)).toBe(expected);
	});

	const tag = fc.stringMatching(/^[a-z]{2,3}(-[A-Z]{2})?$/);

	test('always one of the app languages', () => {
		fc.assert(fc.property(fc.array(tag), (languages) => APP_LOCALES.includes(pickLocale(languages))));
	});

	test('languages the app does not speak are skipped, not chosen', () => {
		const foreign = tag.filter((t) => !isAppLocale(t.toLowerCase().split('-')[0]));
		fc.assert(
			fc.property(fc.array(foreign), fc.constantFrom(...APP_LOCALES), (before, wanted) => {
				expect(pickLocale([...before, wanted])).toBe(wanted);
			})
		);
	});

	test("agrees with paraglide's preferredLanguage strategy (then baseLocale), which the app runs", () => {
		const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
		try {
			fc.assert(
				fc.property(fc.array(fc.oneof(tag, fc.constantFrom('ru', 'uk-UA', 'en-US', 'ru-BY'))), (languages) => {
					Object.defineProperty(globalThis, 'navigator', { value: { languages }, configurable: true });
					expect(extractLocaleFromNavigator() ?? 'en').toBe(pickLocale(languages));
				})
			);
		} finally {
			if (original) Object.defineProperty(globalThis, 'navigator', original);
			else Reflect.deleteProperty(globalThis, 'navigator');
		}
	});

	test('every language names itself', () => {
		for (const code of APP_LOCALES) expect(LOCALE_NAMES[code].length).toBeGreaterThan(0);
	});
});
