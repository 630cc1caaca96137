import { describe, expect, test } from 'vitest';
import { speaksRaw, listenerToken } from './peer';

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

describe('the token a tablet registers its id with (issue 32)', () => {
	const memory = () => {
		const kept = new Map<string, string>();
		return { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
	};

	test('the same on every load for an id, another for another id: the PeerServer gives the id back to it alone', () => {
		const storage = memory();
		const first = listenerToken('labyrinth-gm-ROOM', storage);
		expect(first).toMatch(/^[a-z0-9]{16,64}$/);
		expect(listenerToken('labyrinth-gm-ROOM', storage)).toBe(first);
		expect(listenerToken('labyrinth-gm-OTHER', storage)).not.toBe(first);
		// another device (another storage) has another token
		expect(listenerToken('labyrinth-gm-ROOM', memory())).not.toBe(first);
	});

	test('storage that refuses, or holds something odd, still gives a usable token', () => {
		const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
		expect(listenerToken('x', refusing)).toMatch(/^[a-z0-9]{16,64}$/);
		const odd = memory();
		odd.setItem('labyrinth-gm-peer-token:x', '<script>');
		expect(listenerToken('x', odd)).toMatch(/^[a-z0-9]{16,64}$/);
		expect(listenerToken(null as unknown as string, null)).toMatch(/^[a-z0-9]{16,64}$/);
	});
});
