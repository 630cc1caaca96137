import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { K_UNKNOWN, S_WALL } from './frame-map';
import { deadlyWeights, K_CROCODILE, K_LAND, K_PIT, K_RIVER, K_SWAMP, pitsItMayLeadTo, riverCellsBetween, TopoMap, type Danger, type Hypothesis } from './topographic-explorer';

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

// What a step risks as the explorer's map knows it (topographic-explorer.ts `deadlyWeights`).
describe('topographic explorer: steps known to kill (seed 003 §1.4, §1.6, §2.2–2.3)', () => {
	// A 5x5 field's frame (11x11); the explorer stands at the centre with one neighbour of each
	// direction given a kind.
	const W = 5;
	const ORIGIN = W * (2 * W + 1) + W;
	const frame = () => new TopoMap(2 * W + 1, 2 * W + 1, ORIGIN);
	const hyp = (map: TopoMap, weight = 1): Hypothesis => ({ pos: ORIGIN, map, weight });
	const calm: Danger = { armed: false, inSwamp: false, ghostNear: false };

	test('§1.4: told he is in a swamp, a swamp, a river into one and a river not seen yet are deadly; a river seen to end on a river is not', () => {
		const map = frame();
		const c = ORIGIN;
		const up = map.nb(c, 0);
		const right = map.nb(c, 1);
		const down = map.nb(c, 2);
		const left = map.nb(c, 3);
		map.setKind(up, K_SWAMP);
		map.setKind(right, K_RIVER); // not seen where it leads
		map.setKind(down, K_RIVER);
		map.setKind(left, K_RIVER);
		const far = map.nb(map.nb(down, 2), 2);
		map.setKind(far, K_RIVER);
		map.link[down] = far; // ends on the river still
		const lower = map.nb(left, 3);
		map.setKind(lower, K_SWAMP);
		map.link[left] = lower; // ends in a swamp
		expect(deadlyWeights([hyp(map)], { ...calm, inSwamp: true })).toEqual([1, 1, 0, 1]);
		// The same cells are no danger on a first swamp (he is not in one now).
		expect(deadlyWeights([hyp(map)], calm)).toEqual([0, 0, 0, 0]);
	});

	test('§1.6: a crocodile ahead is deadly without cartridges, not with them (he shoots it first)', () => {
		const map = frame();
		map.setKind(map.nb(ORIGIN, 1), K_CROCODILE);
		expect(deadlyWeights([hyp(map)], calm)).toEqual([0, 1, 0, 0]);
		expect(deadlyWeights([hyp(map)], { ...calm, armed: true })).toEqual([0, 0, 0, 0]);
	});

	test('§2.2–2.3: a cell the ghost ate him on is deadly only while the ghost is heard near', () => {
		const map = frame();
		map.ghost[map.nb(ORIGIN, 2)] = 1;
		expect(deadlyWeights([hyp(map)], calm)).toEqual([0, 0, 0, 0]);
		expect(deadlyWeights([hyp(map)], { ...calm, ghostNear: true })).toEqual([0, 0, 1, 0]);
	});

	test('§1.2: a known spinner turns which command reaches the deadly cell; a known wall is never deadly', () => {
		const map = frame();
		map.setKind(map.nb(ORIGIN, 1), K_CROCODILE);
		map.spin[ORIGIN] = 1; // "north" goes east
		expect(deadlyWeights([hyp(map)], calm)).toEqual([1, 0, 0, 0]);
		map.setSide(ORIGIN, 1, S_WALL);
		expect(deadlyWeights([hyp(map)], calm)).toEqual([0, 0, 0, 0]);
	});

	test('over any hypotheses, a command is deadly by the summed weight of those whose step lands on a deadly cell, never more than their total', () => {
		const kinds = [K_UNKNOWN, K_LAND, K_SWAMP, K_RIVER, K_CROCODILE];
		fc.assert(
			fc.property(
				fc.array(fc.record({ around: fc.array(fc.constantFrom(...kinds), { minLength: 4, maxLength: 4 }), walls: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), spin: fc.integer({ min: -1, max: 3 }), ghost: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), weight: fc.double({ min: 0.01, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
				fc.record({ armed: fc.boolean(), inSwamp: fc.boolean(), ghostNear: fc.boolean() }),
				(specs, danger) => {
					const hyps = specs.map((sp) => {
						const map = frame();
						map.spin[ORIGIN] = sp.spin;
						for (let a = 0; a < 4; a++) {
							const to = map.nb(ORIGIN, a);
							map.setKind(to, sp.around[a]!);
							map.ghost[to] = sp.ghost[a] ? 1 : 0;
							if (sp.walls[a]) map.setSide(ORIGIN, a, S_WALL);
						}
						return hyp(map, sp.weight);
					});
					const got = deadlyWeights(hyps, danger);
					for (let d = 0; d < 4; d++) {
						let want = 0;
						for (const [i, sp] of specs.entries()) {
							const a = (d + Math.max(0, sp.spin)) & 3;
							if (sp.walls[a]) continue;
							const k = sp.around[a];
							const kills = (k === K_CROCODILE && !danger.armed) || (danger.inSwamp && (k === K_SWAMP || k === K_RIVER)) || (danger.ghostNear && sp.ghost[a]);
							if (kills) want += hyps[i]!.weight;
						}
						expect(got[d]).toBeCloseTo(want, 9);
					}
				}
			)
		);
	});
});

// Seed 003 §1.3: "a player who enters a river is carried 3 cells downstream (or to the swamp the
// river flows into, if that is closer)" — one step a cell, so where he landed tells which cells the
// river surely flowed through.
describe('topographic explorer: the cells a river flowed through (seed 003 §1.3)', () => {
	test('a landing in a line is reached straight: the cells between are the river; a bend gives none', () => {
		const gw = 17;
		const c = (x: number, y: number) => y * gw + x;
		expect(riverCellsBetween(gw, c(5, 5), c(5, 6))).toEqual([]);
		expect(riverCellsBetween(gw, c(5, 5), c(7, 5))).toEqual([c(6, 5)]);
		expect(riverCellsBetween(gw, c(5, 5), c(5, 2))).toEqual([c(5, 4), c(5, 3)]);
		expect(riverCellsBetween(gw, c(5, 5), c(6, 6))).toEqual([]);
		expect(riverCellsBetween(gw, c(5, 5), c(7, 6))).toEqual([]);
	});

	test('over any entry and landing up to three steps apart, the cells given are each one step further along a straight path to it', () => {
		fc.assert(
			fc.property(fc.integer({ min: 3, max: 13 }), fc.integer({ min: 3, max: 13 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), (x, y, dx, dy) => {
				fc.pre(Math.abs(dx) + Math.abs(dy) >= 1 && Math.abs(dx) + Math.abs(dy) <= 3);
				const gw = 17;
				const from = y * gw + x;
				const to = (y + dy) * gw + x + dx;
				const got = riverCellsBetween(gw, from, to);
				if (dx !== 0 && dy !== 0) {
					expect(got).toEqual([]);
					return;
				}
				expect(got.length).toBe(Math.abs(dx) + Math.abs(dy) - 1);
				let prev = from;
				for (const cell of [...got, to]) {
					const step = Math.abs((cell % gw) - (prev % gw)) + Math.abs(Math.floor(cell / gw) - Math.floor(prev / gw));
					expect(step).toBe(1);
					prev = cell;
				}
			})
		);
	});
});
