// The table's mark (pin-mark.ts, issue 32): eight symbols of the key's fingerprint, the same for
// the same pin, different for pins that differ in their first 40 bits.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pinMark } from './pin-mark';
import { fingerprint, publicKeyOf, newTableSecret } from './pin';
import { ROOM_ALPHABET } from './protocol';

describe("the table's mark", () => {
	test('two groups of four symbols of the room code alphabet, from the pin alone', () => {
		const pin = fingerprint(publicKeyOf(newTableSecret()));
		const mark = pinMark(pin)!;
		expect(mark).toMatch(new RegExp(`^[${ROOM_ALPHABET}]{4} [${ROOM_ALPHABET}]{4}$`));
		expect(pinMark(pin)).toBe(mark);
	});

	test('pins that differ in their first eight characters (mod 32) have different marks', () => {
		const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		fc.assert(
			fc.property(fc.array(fc.nat(63), { minLength: 22, maxLength: 22 }), fc.nat(7), fc.integer({ min: 1, max: 31 }), (values, at, shift) => {
				const pin = values.map((v) => b64[v]).join('');
				const other = values.map((v, i) => b64[i === at ? (v + shift) % 64 : v]).join('');
				expect(pinMark(other)).not.toBe(pinMark(pin));
			})
		);
	});

	test('no pin, or no fingerprint, no mark', () => {
		expect(pinMark(null)).toBeNull();
		expect(pinMark('')).toBeNull();
		expect(pinMark('short')).toBeNull();
		expect(pinMark('not base64url!!')).toBeNull();
	});
});
