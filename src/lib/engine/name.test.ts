import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BIDI_CONTROLS, cleanName, isolate, MAX_NAME_LENGTH, MAX_PLAN_NAME_LENGTH } from './name';

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
		['an emoji with a joiner stays whole', '👩‍👩‍👧 team', '👩‍👩‍👧 team']
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
