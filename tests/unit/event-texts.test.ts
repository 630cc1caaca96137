// The event texts one language at a time (scripts/i18n-groups.js writes
// src/lib/paraglide/groups/event.<locale>.js; src/lib/i18n/event-texts.ts loads the one it needs):
// each locale's module says exactly what the compiled message says in that locale — its own
// text, or the base locale's where it has none — and rendering uses only the loaded locales.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import * as messages from '../../src/lib/paraglide/messages.js';
import { locales } from '../../src/lib/paraglide/runtime.js';

type Text = (inputs?: Record<string, unknown>, options?: { locale?: string }) => string;
const compiled = messages as unknown as Record<string, Text>;
const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const eventKeys = Object.keys(catalogue('en')).filter((key) => key.startsWith('event_'));
/** Every input name an event text has, in any locale. */
const NAMES = [...new Set(locales.flatMap((locale) => Object.entries(catalogue(locale)).filter(([key]) => key.startsWith('event_')).flatMap(([, text]) => [...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((match) => match[1]!))))];
const moduleOf = async (locale: string) => ((await import(`../../src/lib/paraglide/groups/event.${locale}.js`)) as { default: Record<string, Text> }).default;

describe('event texts per locale', () => {
	test.each(locales)('%s: one text for every event message, the same as the compiled message in %s (the base locale\'s where %s has none), whatever the inputs', async (locale) => {
		const table = await moduleOf(locale);
		expect(eventKeys.length).toBeGreaterThan(200);
		expect(Object.keys(table).sort()).toEqual([...eventKeys].sort());
		expect(NAMES.length).toBeGreaterThan(5);
		const every = Object.fromEntries(NAMES.map((name) => [name, `<${name}>`]));
		for (const key of eventKeys) expect(table[key]!(every), key).toBe(compiled[key]!(every, { locale }));
		fc.assert(
			fc.property(fc.constantFrom(...eventKeys), fc.dictionary(fc.constantFrom(...NAMES), fc.string()), (key, inputs) => {
				expect(table[key]!(inputs)).toBe(compiled[key]!(inputs, { locale }));
			})
		);
	});
});

describe('loading the event texts', () => {
	test('a fresh start has no texts; loading one locale brings that one alone, once, and rendering is then synchronous in it', async () => {
		vi.resetModules();
		const events = await import('../../src/lib/i18n/events');
		const { loadEventTexts } = await import('../../src/lib/i18n/event-texts');
		const land = { type: 'land', seat: 0, audience: { to: 'all' } } as const;
		expect(events.LOCALES.filter((l) => events.hasEventTexts(l))).toEqual([]);
		expect(events.renderEvent(land, 'ru')).toBe('event_land');
		const first = loadEventTexts('ru');
		expect(loadEventTexts('ru')).toBe(first);
		await first;
		expect(events.LOCALES.filter((l) => events.hasEventTexts(l))).toEqual(['ru']);
		expect(events.renderEvent(land, 'ru')).toBe('выходит на сушу');
		// a language not loaded yet falls back to the base locale only once that is loaded
		expect(events.renderEvent(land, 'uk')).toBe('event_land');
		await loadEventTexts('en');
		expect(events.renderEvent(land, 'uk')).toBe('went onto land');
		await loadEventTexts('uk');
		expect(events.renderEvent(land, 'uk')).toBe(compiled.event_land!({}, { locale: 'uk' }));
	});
});
