import { afterEach, expect, test, vi } from 'vitest';
import { nameNumber, newId, newSeed } from './ids';
import { createRng } from '../engine/random';

afterEach(() => vi.unstubAllGlobals());

test('an id is a UUID v4 made from getRandomValues alone (a LAN page over HTTP has no crypto.randomUUID)', () => {
	const real = globalThis.crypto;
	vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array<ArrayBuffer>) => real.getRandomValues(b) });
	expect(globalThis.crypto.randomUUID).toBeUndefined();
	const ids = Array.from({ length: 200 }, () => newId());
	for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
	expect(new Set(ids).size).toBe(ids.length);
});

test('the bytes given become the id, version and variant set', () => {
	expect(newId((b) => b.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
	expect(newId((b) => b.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
});

test('a new seed is 128 random bits in the engine full-seed form, and the engine reads all of them', () => {
	expect(newSeed((b) => b.fill(0xab))).toBe('x' + 'ab'.repeat(16));
	const seeds = Array.from({ length: 200 }, () => newSeed());
	for (const seed of seeds) expect(seed).toMatch(/^x[0-9a-f]{32}$/);
	expect(new Set(seeds).size).toBe(seeds.length);
	// Two seeds that differ in one bit anywhere give different streams (the old hashing kept 32 bits).
	const base = new Uint8Array(16);
	const stream = (seed: string) => Array.from({ length: 4 }, createRng(seed).nextU32);
	const first = stream(newSeed((b) => b.fill(0)));
	for (let byte = 0; byte < 16; byte++) {
		const flipped = newSeed((b) => {
			b.set(base);
			b[byte] = byte === 15 ? 2 : 1; // the last word's low bit is forced odd, as sfc32 wants
			return b;
		});
		expect(stream(flipped), `byte ${byte}`).not.toEqual(first);
	}
});

test('a name number is 1–999 and is not the seed', () => {
	expect(nameNumber((b) => b.fill(0))).toBe(1);
	expect(nameNumber((b) => b.fill(0xff))).toBe(1 + (0xffff % 999));
	for (let i = 0; i < 200; i++) expect(nameNumber()).toBeGreaterThanOrEqual(1);
});
