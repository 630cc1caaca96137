// The three message catalogues must say the same things: same keys, same placeholders,
// nothing left empty. A key missing in ru or uk would show English (or nothing) on a screen.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const LOCALES = ['en', 'ru', 'uk'] as const;
type Catalogue = Record<string, unknown>;

function load(locale: string): Catalogue {
	const raw = readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8');
	const parsed: unknown = JSON.parse(raw);
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new Error(`messages/${locale}.json is not a JSON object`);
	}
	const { $schema: _schema, ...messages } = parsed as Catalogue;
	return messages;
}

const catalogues = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<
	(typeof LOCALES)[number],
	Catalogue
>;

/** A message's texts: the message itself, or each variant of a plural one (paraglide's `[{ declarations, selectors, match }]`). */
function texts(message: unknown): unknown[] {
	if (Array.isArray(message) && message.length === 1 && typeof message[0] === 'object' && message[0] !== null && 'match' in message[0]) return Object.values((message[0] as { match: Record<string, unknown> }).match);
	return [message];
}

/** `{name}` placeholders of a message (of all its variants), sorted and without repeats. */
function placeholders(message: unknown): string[] {
	const all = texts(message).flatMap((text) => (typeof text === 'string' ? [...text.matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)].map((match) => match[1] ?? '') : []));
	return [...new Set(all)].sort();
}

describe('message catalogues', () => {
	test('placeholders() finds each {name} once', () => {
		expect(placeholders('{n} of {items}, {n} left')).toEqual(['items', 'n']);
		expect(placeholders('no parameters here')).toEqual([]);
	});

	test('the English catalogue is not empty', () => {
		expect(Object.keys(catalogues.en).length).toBeGreaterThan(0);
	});

	test.each(['ru', 'uk'] as const)('%s has exactly the keys en has', (locale) => {
		const en = Object.keys(catalogues.en).sort();
		const other = Object.keys(catalogues[locale]).sort();
		expect(en.filter((key) => !(key in catalogues[locale])), `keys missing in ${locale}`).toEqual([]);
		expect(other.filter((key) => !(key in catalogues.en)), `keys in ${locale} but not in en`).toEqual([]);
	});

	test.each(LOCALES)('every message in %s is a non-empty string (each variant of a plural one)', (locale) => {
		const bad = Object.entries(catalogues[locale])
			.filter(([, value]) => texts(value).some((text) => typeof text !== 'string' || text.trim() === ''))
			.map(([key]) => key);
		expect(bad).toEqual([]);
	});

	test.each(['ru', 'uk'] as const)('every message in %s has the placeholders of its English', (locale) => {
		const mismatched = Object.entries(catalogues.en)
			.filter(([key, en]) => {
				const other = catalogues[locale][key];
				return placeholders(en).join() !== placeholders(other).join();
			})
			.map(([key]) => key);
		expect(mismatched).toEqual([]);
	});

	test('keys are snake_case with an area prefix', () => {
		const bad = Object.keys(catalogues.en).filter((key) => !/^[a-z]+(_[a-z0-9]+)+$/.test(key));
		expect(bad).toEqual([]);
	});
});
