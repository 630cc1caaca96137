/**
 * The fact set's contract, apart from any game: a persistent map of facts keyed by small
 * integers, compared and intersected by value (never by the reason a fact is known), sharing
 * what it can but never changed by a set made from it.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DIRECTIONS } from '../engine/plan/types';
import { FactSet, HypothesisReader, compatible, kindKey, nextKey, previousKey, sideKey, type Entry, type KnownKind, type KnownSide } from './facts';

const KINDS: KnownKind[] = ['land', 'landlike', 'hospital', 'weaponry', 'pit', 'river', 'delta', 'encephalitis', 'water'];
const SIDES: KnownSide[] = ['wall', 'open', 'exit'];
const CELLS = 70; // past one 16×16 branch (keys reach 8 per cell), so sets span several branches

/** One fact for a key, its value drawn from `pick` (the reason's move varies: sets are compared without it). */
function entryAt(key: number, pick: number, move: number): Entry {
	const cell = Math.floor(key / 8);
	const slot = key % 8;
	const reason = { code: 'moved' as const, from: cell, move };
	if (slot === 0) return { kind: 'cell', cell, value: KINDS[pick % KINDS.length]!, reason };
	if (slot <= 4) return { kind: 'side', cell, dir: DIRECTIONS[slot - 1]!, value: SIDES[pick % SIDES.length]!, reason };
	return { kind: 'link', cell, value: pick % CELLS, reason };
}

const validKey = fc.integer({ min: 0, max: CELLS * 8 - 1 }).filter((k) => k % 8 !== 7);
const writes = fc.array(fc.tuple(validKey, fc.nat(40), fc.nat(9)), { maxLength: 60 });

function build(list: readonly [number, number, number][], base = FactSet.empty): FactSet {
	return list.reduce((set, [key, pick, move]) => set.with(key, entryAt(key, pick, move)), base);
}

/** The same writes as a plain map: the model the set is checked against. */
function model(list: readonly [number, number, number][], base = new Map<number, Entry>()): Map<number, Entry> {
	const map = new Map(base);
	for (const [key, pick, move] of list) map.set(key, entryAt(key, pick, move));
	return map;
}

const keysOf = (map: Map<number, Entry>) => [...map.keys()];

describe('the fact set', () => {
	test('property: it holds the last fact written at each key; its size counts facts, never links', () => {
		fc.assert(
			fc.property(writes, (list) => {
				const set = build(list);
				const expected = model(list);
				for (let key = 0; key < CELLS * 8; key++) expect(set.get(key)).toEqual(expected.get(key));
				expect(set.size).toBe([...expected.values()].filter((e) => e.kind !== 'link').length);
				expect(set.facts().length).toBe(set.size);
			})
		);
	});

	test('property: a set made from another leaves it as it was (persistent), also when the new one is written on in place', () => {
		fc.assert(
			fc.property(writes, writes, (first, more) => {
				const base = build(first);
				const before = keysOf(model(first)).map((k) => base.get(k));
				// `made`: the set was just made by `with(made, …)` and is held by nothing else, so may be written in place.
				let next = base;
				let made = -1;
				for (const [key, pick, move] of more) {
					next = next.with(key, entryAt(key, pick, move), next === base ? -1 : made);
					made = key;
				}
				expect(keysOf(model(first)).map((k) => base.get(k))).toEqual(before);
				const expected = model(more, model(first));
				for (const [key, entry] of expected) expect(next.get(key)).toEqual(entry);
			})
		);
	});

	test('property: sets are equal exactly when they hold the same values at the same keys, whatever the order and the reasons', () => {
		fc.assert(
			fc.property(writes, writes, (a, b) => {
				const one = build(a);
				const other = build(b);
				const sameByValue = (x: Map<number, Entry>, y: Map<number, Entry>) => x.size === y.size && [...x].every(([k, e]) => y.get(k)?.value === e.value);
				expect(one.equals(other)).toBe(sameByValue(model(a), model(b)));
				// Written again in another order, with other reasons: equal still.
				const reordered = [...model(a)].reverse().reduce((set, [key, e]) => set.with(key, { ...e, reason: { ...e.reason, move: e.reason.move + 1 } }), FactSet.empty);
				expect(reordered.equals(one)).toBe(true);
			})
		);
	});

	test('property: the common facts are those every set holds by the same value (the first set\'s), with or without the known common part', () => {
		fc.assert(
			fc.property(writes, fc.array(writes, { minLength: 1, maxLength: 4 }), (shared, own) => {
				const base = build(shared);
				const sets = own.map((list) => build(list, base));
				const models = own.map((list) => model(list, model(shared)));
				const expected = [...models[0]!].filter(([key, e]) => models.every((m) => m.get(key)?.value === e.value));
				const common = FactSet.common(sets);
				for (let key = 0; key < CELLS * 8; key++) expect(common.get(key)).toEqual(expected.find(([k]) => k === key)?.[1]);
				expect(common.size).toBe(expected.filter(([, e]) => e.kind !== 'link').length);
				// A caller that knows the facts common to the sets they came from gets the same answer.
				const known = FactSet.common([base, ...sets]);
				expect(FactSet.common(sets, known).equals(common)).toBe(true);
			})
		);
	});

	test('the facts are listed kinds first, then the sides direction by direction, never a link', () => {
		const reason = { code: 'moved' as const, from: 0, move: 0 };
		const set = FactSet.empty
			.with(sideKey(3, 2), { kind: 'side', cell: 3, dir: 'down', value: 'wall', reason })
			.with(nextKey(5), { kind: 'link', cell: 5, value: 9, reason })
			.with(previousKey(9), { kind: 'link', cell: 9, value: 5, reason })
			.with(sideKey(1, 0), { kind: 'side', cell: 1, dir: 'up', value: 'open', reason })
			.with(kindKey(7), { kind: 'cell', cell: 7, value: 'pit', reason });
		expect(set.facts().map((f) => (f.kind === 'side' ? `${f.cell}:${f.dir}` : `${f.cell}`))).toEqual(['7', '1:up', '3:down']);
		expect(set.size).toBe(3);
	});
});

describe('reading one hypothesis', () => {
	test('a side is read from either cell that shares it, and the outline\'s from its own cell', () => {
		// Two squares side by side (0 | 1): 0's right side is 1's left side.
		const nb = new Int32Array([-1, 1, -1, -1, -1, -1, -1, 0]);
		const reason = { code: 'hit_wall' as const, from: 0, move: 1 };
		const set = FactSet.empty
			.with(sideKey(0, 1), { kind: 'side', cell: 0, dir: 'right', value: 'wall', reason })
			.with(sideKey(1, 0), { kind: 'side', cell: 1, dir: 'up', value: 'exit', reason })
			.with(kindKey(1), { kind: 'cell', cell: 1, value: 'hospital', reason });
		const reader = new HypothesisReader(set, nb);
		expect(reader.side(0, 1)).toBe('wall');
		expect(reader.side(1, 3)).toBe('wall');
		expect(reader.side(1, 0)).toBe('exit');
		expect(reader.side(0, 0)).toBeUndefined();
		expect(reader.kind(1)).toBe('hospital');
		expect(reader.kind(0)).toBeUndefined();
	});
});

describe('kinds that agree', () => {
	test('property: agreement is symmetric, a kind agrees with itself, and the answer is the narrower of the two', () => {
		fc.assert(
			fc.property(fc.constantFrom(...KINDS), fc.constantFrom(...KINDS), (a, b) => {
				const ab = compatible(a, b);
				expect(compatible(b, a)).toBe(ab);
				expect(compatible(a, a)).toBe(a);
				// The wide words ("water", "landlike") only ever give way to a narrower one.
				if (ab !== null) expect(ab === a || ab === b).toBe(true);
				if (ab !== null && a !== b) expect(['water', 'landlike']).toContain(ab === a ? b : a);
			})
		);
		expect(compatible('water', 'delta')).toBe('delta');
		expect(compatible('landlike', 'encephalitis')).toBe('encephalitis');
		expect(compatible('land', 'encephalitis')).toBeNull();
		expect(compatible('water', 'land')).toBeNull();
	});
});
