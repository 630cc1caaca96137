import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkDuelProof, checkHostProof, duelProof, fingerprint, hostProof, newNonce, newTableSecret, publicKeyOf, sameProof, seatProof } from './pin';

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('the handshake', () => {
	test('works where crypto.subtle does not exist (a phone at the tablet’s plain-HTTP LAN address)', () => {
		const getRandomValues = crypto.getRandomValues.bind(crypto);
		vi.stubGlobal('crypto', { getRandomValues });
		expect(globalThis.crypto.subtle).toBeUndefined();
		const secret = newTableSecret();
		const key = publicKeyOf(secret);
		const pin = fingerprint(key);
		expect(pin).toMatch(/^[A-Za-z0-9_-]{22}$/);
		const phoneNonce = newNonce();
		const hostNonce = newNonce();
		expect(checkHostProof(pin, key, hostProof(secret, 'ROOM', phoneNonce, hostNonce), 'ROOM', phoneNonce, hostNonce)).toBe(true);
		expect(seatProof('k'.repeat(24), 'ROOM', phoneNonce, hostNonce)).toMatch(/^[A-Za-z0-9_-]{43}$/);
	});

	test('property: a proof holds only for the pinned key, this room and these nonces', () => {
		const secret = newTableSecret();
		const other = newTableSecret();
		const key = publicKeyOf(secret);
		const pin = fingerprint(key);
		fc.assert(
			fc.property(fc.constantFrom('room', 'phone', 'host', 'key', 'pin'), (change) => {
				const [phoneNonce, hostNonce] = [newNonce(), newNonce()];
				const sig = hostProof(secret, 'ROOM', phoneNonce, hostNonce);
				expect(checkHostProof(pin, key, sig, 'ROOM', phoneNonce, hostNonce)).toBe(true);
				const forged = {
					room: () => checkHostProof(pin, key, sig, 'ROOM2', phoneNonce, hostNonce),
					phone: () => checkHostProof(pin, key, sig, 'ROOM', newNonce(), hostNonce),
					host: () => checkHostProof(pin, key, sig, 'ROOM', phoneNonce, newNonce()),
					// an impostor's own key, properly signed: not the pinned one
					key: () => checkHostProof(pin, publicKeyOf(other), hostProof(other, 'ROOM', phoneNonce, hostNonce), 'ROOM', phoneNonce, hostNonce),
					pin: () => checkHostProof(fingerprint(publicKeyOf(other)), key, sig, 'ROOM', phoneNonce, hostNonce)
				}[change]();
				expect(forged).toBe(false);
			}),
			{ numRuns: 30 }
		);
		expect(checkHostProof(pin, 'junk', 'junk', 'ROOM', newNonce(), newNonce())).toBe(false);
	});

	test('a seat proof depends on the key and both nonces; the comparison is exact', () => {
		const [a, b] = [newNonce(), newNonce()];
		const proof = seatProof('key-one-key-one-key-one!', 'ROOM', a, b);
		expect(sameProof(proof, seatProof('key-one-key-one-key-one!', 'ROOM', a, b))).toBe(true);
		expect(sameProof(proof, seatProof('key-two-key-two-key-two!', 'ROOM', a, b))).toBe(false);
		expect(sameProof(proof, seatProof('key-one-key-one-key-one!', 'ROOM', b, a))).toBe(false);
		expect(sameProof(proof, proof.slice(1))).toBe(false);
	});

	test('property: a duel proof holds only for its signer’s pinned key, its role, this room and these nonces (one side’s proof is never the other’s)', () => {
		const secret = newTableSecret();
		const other = newTableSecret();
		const key = publicKeyOf(secret);
		const pin = fingerprint(key);
		fc.assert(
			fc.property(fc.constantFrom('opener', 'joiner') as fc.Arbitrary<'opener' | 'joiner'>, fc.constantFrom('role', 'room', 'joiner', 'opener', 'key', 'table'), (role, change) => {
				const [j, o] = [newNonce(), newNonce()];
				const sig = duelProof(secret, role, 'ROOM', j, o);
				expect(checkDuelProof(pin, key, sig, role, 'ROOM', j, o)).toBe(true);
				const forged = {
					role: () => checkDuelProof(pin, key, sig, role === 'opener' ? 'joiner' : 'opener', 'ROOM', j, o),
					room: () => checkDuelProof(pin, key, sig, role, 'ROOM2', j, o),
					joiner: () => checkDuelProof(pin, key, sig, role, 'ROOM', newNonce(), o),
					opener: () => checkDuelProof(pin, key, sig, role, 'ROOM', j, newNonce()),
					key: () => checkDuelProof(pin, publicKeyOf(other), duelProof(other, role, 'ROOM', j, o), role, 'ROOM', j, o),
					// a table's proof of the same key and nonces is not a duel's
					table: () => checkDuelProof(pin, key, hostProof(secret, 'ROOM', j, o), role, 'ROOM', j, o)
				}[change]();
				expect(forged).toBe(false);
			}),
			{ numRuns: 30 }
		);
	});
});
