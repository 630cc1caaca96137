/**
 * The engine's one seeded PRNG (sfc32). Its state is four 32-bit numbers, plain
 * data that can be stored with a game and restored to continue the same stream.
 * Used by turn order, generated plans, random legal commands and (later) dice.
 */

export type RngState = readonly [number, number, number, number];

export interface Rng {
	/** Uniform 32-bit unsigned integer. */
	nextU32(): number;
	/** Uniform float in [0, 1). */
	next(): number;
	/** Uniform integer in [0, n) for n ≥ 1 (0 when n < 1). */
	int(n: number): number;
	/** A uniformly chosen element (undefined for an empty array). */
	pick<T>(items: readonly T[]): T | undefined;
	/** Fisher–Yates shuffle of a copy. */
	shuffle<T>(items: readonly T[]): T[];
	/** The current state: `createRng(state)` continues the same stream. */
	state(): RngState;
}

/**
 * A seed that is its whole PRNG state: `x` and 32 hex digits (128 bits). Any other seed is hashed
 * through 32 bits (`seedState`), so a plan or game seeded that way is one of 2^32 — few enough for
 * a player to search for the plan that fits what he has heard. The seeds the app makes now are
 * full ones (`newSeed`, store/ids.ts); every older seed keeps its stream, so kept games replay.
 */
const FULL_SEED = /^x[0-9a-f]{32}$/;

/** Hash any string or number seed into a PRNG state (splitmix-like mixing); a full seed is read as it is. */
export function seedState(seed: string | number): RngState {
	if (typeof seed === 'string' && FULL_SEED.test(seed)) {
		const word = (i: number) => Number.parseInt(seed.slice(1 + 8 * i, 9 + 8 * i), 16);
		return [word(0), word(1), word(2), word(3) | 1];
	}
	let h = 0x9e3779b9 ^ 0;
	const s = String(seed);
	for (let i = 0; i < s.length; i++) {
		h = Math.imul(h ^ s.charCodeAt(i), 0x85ebca6b);
		h ^= h >>> 13;
	}
	const out: number[] = [];
	for (let i = 0; i < 4; i++) {
		h = (h + 0x9e3779b9) | 0;
		let z = h;
		z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
		z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
		z ^= z >>> 15;
		out.push(z >>> 0);
	}
	return [out[0]!, out[1]!, out[2]!, out[3]! | 1];
}

export function createRng(seed: string | number | RngState): Rng {
	let [a, b, c, d] = typeof seed === 'object' ? seed : seedState(seed);
	const nextU32 = (): number => {
		a >>>= 0;
		b >>>= 0;
		c >>>= 0;
		d >>>= 0;
		let t = (a + b) | 0;
		a = b ^ (b >>> 9);
		b = (c + (c << 3)) | 0;
		c = (c << 21) | (c >>> 11);
		d = (d + 1) | 0;
		t = (t + d) | 0;
		c = (c + t) | 0;
		return t >>> 0;
	};
	const rng: Rng = {
		nextU32,
		next: () => nextU32() / 4294967296,
		int: (n) => (n < 1 ? 0 : Math.floor((nextU32() / 4294967296) * Math.floor(n))),
		pick: (items) => (items.length === 0 ? undefined : items[rng.int(items.length)]),
		shuffle: (items) => {
			const out = items.slice();
			for (let i = out.length - 1; i > 0; i--) {
				const j = rng.int(i + 1);
				const t = out[i]!;
				out[i] = out[j]!;
				out[j] = t;
			}
			return out;
		},
		state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0]
	};
	// Warm up fresh seeds so nearby seeds diverge (a restored state resumes as is).
	if (typeof seed !== 'object') for (let i = 0; i < 12; i++) nextU32();
	return rng;
}
