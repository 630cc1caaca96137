// Plural messages (issue 33: "1 announcements so far"): a count is said through paraglide's
// plural support (`local xPlural = x: plural`, variants by Intl.PluralRules' category), and each
// locale's message has a variant for every category that locale's rules give for a whole number
// (Russian and Ukrainian: one, few, many; English: one, other), so no count falls through to
// the message's key. A message whose text counts something is one of them.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as messages from '../../src/lib/paraglide/messages.js';
import { locales } from '../../src/lib/paraglide/runtime.js';

type Message = (inputs?: Record<string, unknown>, options?: { locale?: string }) => string;
const compiled = messages as unknown as Record<string, Message>;
interface Plural {
	declarations: string[];
	selectors: string[];
	match: Record<string, string>;
}
const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string | Plural[]>;
const catalogues = Object.fromEntries(locales.map((locale) => [locale, catalogue(locale)]));
const plurals = Object.keys(catalogues.en!).filter((key) => Array.isArray(catalogues.en![key]));

/** The number a plural message counts (its selector's input) and its variants by category. */
function pluralOf(key: string, locale: string): { input: string; variants: Record<string, string> } {
	const [message] = catalogues[locale]![key] as Plural[];
	const selector = message!.selectors[0]!;
	const input = /^local \w+ = (\w+): plural$/.exec(message!.declarations.find((d) => d.startsWith(`local ${selector} `)) ?? '')?.[1];
	if (!input) throw new Error(`${key} in ${locale}: not a plural of an input`);
	const variants = Object.fromEntries(Object.entries(message!.match).map(([when, text]) => [when.split('=')[1]!, text]));
	return { input, variants };
}

describe('plural messages', () => {
	test('the counts the screens show are plural messages in every locale', () => {
		for (const key of ['net_game_begun', 'play_game_going', 'duel_going', 'sheet_position_candidates', 'systems_cartridges', 'balance_stopped'])
			for (const locale of locales) expect(Array.isArray(catalogues[locale]![key]), `${key} in ${locale}`).toBe(true);
	});

	test("each has a variant for every category of its locale's plural rules", () => {
		expect(plurals.length).toBeGreaterThan(0);
		for (const key of plurals)
			for (const locale of locales) {
				const categories = new Set([0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 111].map((n) => new Intl.PluralRules(locale).select(n)));
				const { variants } = pluralOf(key, locale);
				for (const category of categories) expect(variants[category] ?? variants['*'], `${key} in ${locale}: ${category}`).toBeDefined();
			}
	});

	test('any count is said with the variant of its plural category, the number put in', () => {
		fc.assert(
			fc.property(fc.constantFrom(...plurals), fc.constantFrom(...locales), fc.nat(100_000), (key, locale, n) => {
				const { input, variants } = pluralOf(key, locale);
				const text = (variants[new Intl.PluralRules(locale).select(n)] ?? variants['*'])!;
				const inputs = { [input]: n, name: 'Anna' };
				expect(compiled[key]!(inputs, { locale })).toBe(text.replace(/\{(\w+)\}/g, (_, name: string) => String(inputs[name])));
			})
		);
	});

	test('English says one thing in the singular and more in the plural', () => {
		expect(compiled.net_game_begun!({ moves: 1 }, { locale: 'en' })).toBe('The game is on: 1 announcement so far.');
		expect(compiled.net_game_begun!({ moves: 2 }, { locale: 'en' })).toBe('The game is on: 2 announcements so far.');
		expect(compiled.systems_cartridges!({ n: 21 }, { locale: 'ru' })).toBe('21 патрон');
		expect(compiled.systems_cartridges!({ n: 24 }, { locale: 'uk' })).toBe('24 набої');
		expect(compiled.systems_cartridges!({ n: 25 }, { locale: 'uk' })).toBe('25 набоїв');
	});
});
