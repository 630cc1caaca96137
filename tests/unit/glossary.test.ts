// The glossary (docs/glossary.md, issue 33): one term per concept in each language. Each
// catalogue uses the term its row chooses and none of the words the row rules out, so a new
// message that says "больница" where the rest say "госпиталь" fails here, naming the key.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const LOCALES = ['en', 'ru', 'uk'] as const;
type Locale = (typeof LOCALES)[number];

/** Every text of a catalogue by key: a message, or each variant of a plural one. */
function texts(locale: Locale): [string, string][] {
	const { $schema: _schema, ...all } = JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
	return Object.entries(all).flatMap(([key, value]): [string, string][] =>
		typeof value === 'string' ? [[key, value]] : Object.values((value as { match: Record<string, string> }[])[0]!.match).map((text): [string, string] => [key, text])
	);
}

interface Row {
	concept: string;
	term: Record<Locale, string[]>;
	not: Record<Locale, string[]>;
}

/** The glossary's table: stems in backticks per column. */
function glossary(): Row[] {
	const page = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8');
	const stems = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
	return page
		.split('\n')
		.filter((line) => line.startsWith('| ') && !line.startsWith('| concept') && !line.startsWith('| ---'))
		.map((line) => {
			const cells = line.split('|').slice(1, -1);
			if (cells.length !== 7) throw new Error(`a glossary row has 7 columns: ${line}`);
			const [concept, en, ru, uk, notEn, notRu, notUk] = cells as [string, string, string, string, string, string, string];
			return { concept: concept.trim(), term: { en: stems(en), ru: stems(ru), uk: stems(uk) }, not: { en: stems(notEn), ru: stems(notRu), uk: stems(notUk) } };
		});
}

/** Whether `text` has a word beginning with `stem` (any case). */
const hasWord = (text: string, stem: string) => new RegExp(`(?<![\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu').test(text);

describe('the glossary', () => {
	const rows = glossary();

	test('holds the concepts a newcomer stumbled on, each with a term in every language', () => {
		expect(rows.map((r) => r.concept).join('\n')).toMatch(/land[\s\S]*hospital[\s\S]*weaponry[\s\S]*seed[\s\S]*treasure/);
		for (const row of rows) for (const locale of LOCALES) expect(row.term[locale].length, `${row.concept} in ${locale}`).toBeGreaterThan(0);
	});

	test('hasWord matches a word that begins with the stem, not one that holds it inside', () => {
		expect(hasWord('пустой землёй', 'земл')).toBe(true);
		expect(hasWord('Земля', 'земл')).toBe(true);
		expect(hasWord('подземлье', 'земл')).toBe(false);
	});

	test.each(LOCALES)('the %s catalogue uses each chosen term and none of the words ruled out', (locale) => {
		const catalogue = texts(locale);
		const unused = rows.flatMap((row) => row.term[locale].filter((stem) => !catalogue.some(([, text]) => hasWord(text, stem))).map((stem) => `${row.concept}: ${stem}`));
		expect(unused).toEqual([]);
		const ruledOut = rows.flatMap((row) => row.not[locale].flatMap((stem) => catalogue.filter(([, text]) => hasWord(text, stem)).map(([key]) => `${key} says ${stem}… (${row.concept})`)));
		expect(ruledOut).toEqual([]);
	});
});
