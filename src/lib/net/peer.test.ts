import { describe, expect, test } from 'vitest';
import { speaksRaw } from './peer';

describe('a PeerJS connection as it arrives at the tablet', () => {
	test('only raw strings are taken: a stranger asking for BinaryPack or JSON is closed unread (its chunks would be held without bound)', () => {
		for (const serialization of ['binary', 'binary-utf8', 'default', 'json', 'MsgPack', 'none']) {
			let closed = 0;
			expect(speaksRaw({ serialization, close: () => void closed++ })).toBe(false);
			expect(closed).toBe(1);
		}
		let closed = 0;
		expect(speaksRaw({ serialization: 'raw', close: () => void closed++ })).toBe(true);
		expect(closed).toBe(0);
		// A connection that cannot be closed yet is still refused.
		expect(speaksRaw({ serialization: 'binary', close: () => { throw new Error('not open'); } })).toBe(false);
	});
});
