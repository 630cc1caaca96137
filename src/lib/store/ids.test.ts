import { afterEach, expect, test, vi } from 'vitest';
import { newId } from './ids';

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
