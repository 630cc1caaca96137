import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BIDI_CONTROLS, cleanName, isolate, MAX_NAME_LENGTH, MAX_PLAN_NAME_LENGTH, nameMark, nameScripts, nameSkeleton } from './name';

const RLO = '\u202E';
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('names people type', () => {
	test.each([
		['plain', 'Anna', 'Anna'],
		['spaces round and inside', '  Anna   Maria ', 'Anna Maria'],
		['a right-to-left override (visual spoofing: "Anna" shown reversed)', `${RLO}annA`, 'annA'],
		['every bidirectional control', `A${BIDI.join('')}B`, 'AB'],
		['line breaks and tabs', 'Anna\r\nMaria\tK', 'Anna Maria K'],
		['other control characters', 'An\u0000na\u0085', 'An na'],
		['decomposed letters, composed', 'Ё'.normalize('NFD'), 'Ё'],
		['Hebrew and Arabic letters stay', 'שרה · سارة', 'שרה · سارة'],
		['an emoji with a joiner stays whole', '👩‍👩‍👧 team', '👩‍👩‍👧 team'],
		['an emoji with its presentation selector stays whole', '❤️ Anna', '❤️ Anna'],
		['a zero-width space (issue 32: "Anna" twice, looking the same)', 'An\u200Bna', 'Anna'],
		['every invisible format character', 'A\u00AD\u200B\u200C\u200D\u2060\uFEFF\u180E\u3164\uFE0F\u{E0041}B', 'AB'],
		['a joiner between letters (no emoji)', 'An\u200Dna', 'Anna']
	])('%s', (_what, typed, kept) => {
		expect(cleanName(typed)).toBe(kept);
	});

	test('is cut to the limit without cutting a character in two', () => {
		expect(cleanName('x'.repeat(100))).toHaveLength(MAX_NAME_LENGTH);
		expect(cleanName('x'.repeat(500), MAX_PLAN_NAME_LENGTH)).toHaveLength(MAX_PLAN_NAME_LENGTH);
		// 39 units, then a character of two units that would end at 41: it goes whole
		expect(cleanName(`${'x'.repeat(MAX_NAME_LENGTH - 1)}😀`)).toBe('x'.repeat(MAX_NAME_LENGTH - 1));
	});

	test('any text: within the limit, one line, no bidirectional control, no broken character; cleaning twice changes nothing', () => {
		const typed = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: fc.constantFrom(...BIDI, 'a', 'ש', ' ', '\n', '😀'), maxLength: 80 }));
		fc.assert(
			fc.property(typed, fc.integer({ min: 1, max: 60 }), (text, max) => {
				const clean = cleanName(text, max);
				expect(clean.length).toBeLessThanOrEqual(max);
				expect(clean).not.toMatch(BIDI_CONTROLS);
				expect(clean).not.toMatch(/[\n\r\t]/);
				expect(clean).toBe(clean.trim());
				expect(clean.isWellFormed()).toBe(true);
				expect(cleanName(clean, max)).toBe(clean);
			}),
			{ numRuns: 2000 }
		);
	});

	test('a name in a sentence is isolated: first strong isolate … pop directional isolate', () => {
		expect(isolate('שרה')).toBe('\u2068שרה\u2069');
	});
});

describe('names that look alike (issue 32, UTS #39 skeletons over Latin, Cyrillic and Greek)', () => {
	// Latin letters and a lookalike of each in Cyrillic or Greek (confusables.txt)
	const LOOKALIKES: Record<string, string[]> = { A: ['А', 'Α'], B: ['В', 'Β'], E: ['Е', 'Ε'], H: ['Н', 'Η'], K: ['К', 'Κ'], M: ['М', 'Μ'], O: ['О', 'Ο'], P: ['Р', 'Ρ'], T: ['Т', 'Τ'], X: ['Х', 'Χ'], a: ['а', 'α'], e: ['е'], o: ['о', 'ο'], p: ['р', 'ρ'], c: ['с'], x: ['х'], y: ['у'] };
	const LATIN = [...'ABEHKMOPTXaeopcxyn dilmstuvw'];

	test('a name with any of its letters swapped for a lookalike has the same skeleton, and is marked as like it', () => {
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...LATIN), { minLength: 1, maxLength: 12 }), fc.array(fc.nat()), (letters, picks) => {
				const name = letters.join('').trim() || 'A';
				let pick = 0;
				const disguised = [...name].map((c) => { const options = LOOKALIKES[c]; return options && (picks[pick++] ?? 1) % 2 === 0 ? options[(picks[pick] ?? 0) % options.length]! : c; }).join('');
				expect(nameSkeleton(disguised)).toBe(nameSkeleton(name));
				expect(nameMark(disguised, ['Someone else', name])).toEqual({ kind: 'lookalike', like: name });
			})
		);
	});

	test.each([
		['Аnna (Cyrillic А) beside Anna', 'Аnna', ['Anna'], { kind: 'lookalike', like: 'Anna' }],
		['the same name twice', 'Anna', ['Boris', 'Anna'], { kind: 'lookalike', like: 'Anna' }],
		['I and l, 0 and O, rn and m', 'Wi11iam', ['William'], { kind: 'lookalike', like: 'William' }],
		['a name mixing alphabets, no other like it', 'Аnna', ['Boris'], { kind: 'mixed' }],
		['Greek among Latin', 'Μaria', [], { kind: 'mixed' }],
		['a Cyrillic name', 'Иван', ['Ivan'], null],
		['a Ukrainian name with і and ї', 'Олексій Їжак', ['Oleksii'], null],
		['plain Latin, different', 'Anna', ['Anne', 'Hanna'], null],
		['digits and emoji belong to no alphabet', 'Anna 2 🐙', [], null]
	] as const)('%s', (_what, name, others, mark) => {
		expect(nameMark(name, others)).toEqual(mark);
	});

	test('alphabets of a name', () => {
		expect(nameScripts('Аnna')).toEqual(['Cyrillic', 'Latin']);
		expect(nameScripts('Anna 2 🐙')).toEqual(['Latin']);
	});
});
