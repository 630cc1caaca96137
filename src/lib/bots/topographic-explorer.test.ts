import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { K_PIT, pitsItMayLeadTo } from './topographic-explorer';

// Seed 003 §1.5 (docs/rules.md): "each pit leads to one particular other pit, and exactly one pit
// leads into each pit — a permutation without fixed points". The explorer falling into a pit whose
// way it has not seen reads the answer as a landing on a pit it has met, or on one it has not.
describe('topographic explorer: where a pit may lead (seed 003 §1.5)', () => {
	test('a pit another is seen to lead to is not where a new pit leads; the pit itself neither; every other pit met may be', () => {
		// Pits at 1, 5, 9 and 12 on the map; 5 was seen to lead to 9.
		const kind = new Uint8Array(16);
		const link = new Int16Array(16).fill(-1);
		for (const c of [1, 5, 9, 12]) kind[c] = K_PIT;
		link[5] = 9;
		expect(pitsItMayLeadTo(kind, link, 1)).toEqual([5, 12]);
		expect(pitsItMayLeadTo(kind, link, 12)).toEqual([1, 5]);
	});

	test('over any pits met and ways seen (one pit into each), the candidates are exactly the other pits nobody is seen to lead into', () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(fc.nat(63), { minLength: 2, maxLength: 8 }),
				fc.array(fc.nat(), { maxLength: 8 }),
				fc.nat(),
				(pits, picks, which) => {
					const kind = new Uint8Array(64);
					const link = new Int16Array(64).fill(-1);
					for (const c of pits) kind[c] = K_PIT;
					// Some ways seen: each pit leads into at most one, and none into itself (a permutation's part).
					const free = new Set(pits);
					pits.forEach((c, i) => {
						const options = [...free].filter((q) => q !== c);
						if (picks[i] === undefined || options.length === 0) return;
						const q = options[picks[i]! % options.length]!;
						link[c] = q;
						free.delete(q);
					});
					const from = pits[which % pits.length]!;
					const got = pitsItMayLeadTo(kind, link, from);
					const entered = new Set(pits.filter((c) => link[c]! >= 0).map((c) => link[c]!));
					expect(got).toEqual(pits.filter((c) => c !== from && !entered.has(c)).sort((a, b) => a - b));
				}
			)
		);
	});
});
