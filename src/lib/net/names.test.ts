// Names at the network's door (issue 18): a hello's name is cleaned as every name is
// (engine/name.ts) — bidirectional controls out — and refused when nothing is left or it is too long.
import { describe, expect, test } from 'vitest';
import { MAX_NAME_LENGTH } from '../engine/name';
import { readDuelFrame } from './duel-wire';
import { PROTOCOL_VERSION, readPlayerFrame } from './protocol';

const hello = (name: string) => JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: { type: 'hello', protocol: PROTOCOL_VERSION, app: 'a', name, nonce: 'n'.repeat(22), have: 0 } });
const duelHello = (name: string) => JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: { type: 'hello', protocol: PROTOCOL_VERSION, app: 'a', name } });
/** The name the message carries once read, or null when the frame or its message was refused (protocol 2 keeps a numbered frame's place and drops the message). */
const nameOf = (read: { ok: boolean; frame?: unknown }) => (read.ok ? ((read as { frame: { m?: { name: string } } }).frame.m?.name ?? null) : null);

describe("a phone's name as the table hears it", () => {
	test.each([
		['a table phone', (name: string) => readPlayerFrame(hello(name))],
		['a duel phone', (name: string) => readDuelFrame(duelHello(name))]
	])('%s: bidirectional controls are taken out, an empty or too long name refused', (_who, read) => {
		expect(nameOf(read('\u202Eanna\u202C'))).toBe('anna');
		expect(nameOf(read(' Ann\u2067a '))).toBe('Anna');
		expect(nameOf(read('\u202E\u2066 '))).toBeNull();
		expect(nameOf(read('x'.repeat(MAX_NAME_LENGTH)))).toBe('x'.repeat(MAX_NAME_LENGTH));
		expect(nameOf(read('x'.repeat(MAX_NAME_LENGTH + 1)))).toBeNull();
	});
});
