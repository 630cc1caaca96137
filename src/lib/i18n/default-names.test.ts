// Issue 33: a seat's default name ("Компьютер 1") follows the language switched to; a typed name stays.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { m } from '$lib/paraglide/messages.js';
import { locales } from '$lib/paraglide/runtime.js';
import { followLanguage, namesInLanguage } from './default-names';

describe('followLanguage', () => {
	test('a default name of any language, for any seat, reads in the current language', () => {
		fc.assert(
			fc.property(fc.constantFrom(...locales), fc.integer({ min: 1, max: 99 }), fc.boolean(), (locale, n, computer) => {
				const make = computer ? m.play_computer_name : m.play_default_name;
				expect(followLanguage(make({ n }, { locale }))).toBe(make({ n }));
			})
		);
	});

	test('a name a person typed stays as typed, also one that only begins or ends like a default', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 24 }), (name) => {
				// a default name holds its seat's number: a name with no digit is always a typed one
				fc.pre(!/\d/.test(name));
				expect(followLanguage(name)).toBe(name);
			})
		);
		for (const typed of ['Компьютер', 'Комп’ютер Анни', 'Computer 1a', 'Player 0', 'Anna 2']) expect(followLanguage(typed)).toBe(typed);
	});

	test('a list keeps its typed names and turns its default ones', () => {
		expect(namesInLanguage(['Anna', m.play_computer_name({ n: 2 }, { locale: 'ru' }), m.play_default_name({ n: 3 }, { locale: 'uk' })])).toEqual(['Anna', m.play_computer_name({ n: 2 }), m.play_default_name({ n: 3 })]);
	});
});
