import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createRng } from './random';

describe('random', () => {
	test('same seed gives the same stream; state() resumes it', () => {
		fc.assert(
			fc.property(fc.string(), fc.nat(50), (seed, skip) => {
				const a = createRng(seed);
				const b = createRng(seed);
				for (let i = 0; i < skip; i++) expect(a.nextU32()).toBe(b.nextU32());
				const c = createRng(a.state());
				for (let i = 0; i < 5; i++) expect(c.nextU32()).toBe(a.nextU32());
			})
		);
	});
	test('int stays in range and shuffle is a permutation', () => {
		fc.assert(
			fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), fc.array(fc.integer()), (s, n, xs) => {
				const r = createRng(s);
				const v = r.int(n);
				expect(v >= 0 && v < n && Number.isInteger(v)).toBe(true);
				expect(r.shuffle(xs).slice().sort()).toEqual(xs.slice().sort());
			})
		);
	});
	test('different seeds differ', () => {
		expect(createRng(1).nextU32()).not.toBe(createRng(2).nextU32());
	});
});
