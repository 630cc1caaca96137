/**
 * The table's key and the proofs of the handshake (docs/net.md, "Trust").
 *
 * Each table has an ECDSA P-256 key pair, made and kept on the tablet; the invitation carries
 * the fingerprint of its public key (`pin`). On every join the phone sends a nonce; the host
 * answers with its public key, a nonce of its own and a signature over both nonces and the
 * room; the phone checks the key against its pin and the signature, and only then proves its
 * seat — with an HMAC of both nonces keyed by the seat key, so the key itself never travels
 * again after the welcome that issued it.
 *
 * Pure JavaScript (@noble/curves, @noble/hashes): a phone that opened the invitation at the
 * tablet's LAN address is not in a secure context, where WebCrypto's `crypto.subtle` is
 * undefined; only `crypto.getRandomValues` is needed, and it is there in every context.
 */
import { p256 } from '@noble/curves/nist.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64url } from './protocol';

export { newNonce } from './protocol';

const encoder = new TextEncoder();

export function fromBase64url(text: string): Uint8Array {
	const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
	const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
	return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A new table key pair: the secret stays on the tablet, the public key is shown to phones. */
export function newTableSecret(): string {
	return base64url(p256.utils.randomSecretKey());
}

/** The public key (compressed point, base64url) of a table secret. */
export function publicKeyOf(secret: string): string {
	return base64url(p256.getPublicKey(fromBase64url(secret), true));
}

/** The fingerprint the invitation carries: the first 16 bytes of SHA-256 of the public key (22 characters). */
export function fingerprint(publicKey: string): string {
	return base64url(sha256(fromBase64url(publicKey)).slice(0, 16));
}

const hostStatement = (room: string, phoneNonce: string, hostNonce: string) =>
	encoder.encode(`labyrinth-gm host v2|${room}|${phoneNonce}|${hostNonce}`);
const seatStatement = (room: string, phoneNonce: string, hostNonce: string) =>
	encoder.encode(`labyrinth-gm seat v2|${room}|${phoneNonce}|${hostNonce}`);

/** The host's answer to a phone's challenge: its signature over the room and both nonces. */
export function hostProof(secret: string, room: string, phoneNonce: string, hostNonce: string): string {
	return base64url(p256.sign(hostStatement(room, phoneNonce, hostNonce), fromBase64url(secret)));
}

/**
 * Whether `publicKey` is the pinned table's (its fingerprint is `pin`) and signed this
 * handshake. Anything malformed is simply not a proof.
 */
export function checkHostProof(pin: string, publicKey: string, signature: string, room: string, phoneNonce: string, hostNonce: string): boolean {
	try {
		if (fingerprint(publicKey) !== pin) return false;
		return p256.verify(fromBase64url(signature), hostStatement(room, phoneNonce, hostNonce), fromBase64url(publicKey));
	} catch {
		return false;
	}
}

/**
 * The duel (duel.ts): no tablet, two phones, each with a key pair of its own for the duel; each
 * pins the other's fingerprint (the opener's travels in the invitation and its QR codes, the
 * joiner's is pinned from its first proof). Each signs the room and both nonces under a
 * statement of its own role, so one side's signature is never the other's.
 */
export type DuelRole = 'opener' | 'joiner';
const duelStatement = (role: DuelRole, room: string, joinerNonce: string, openerNonce: string) =>
	encoder.encode(`labyrinth-gm duel ${role} v1|${room}|${joinerNonce}|${openerNonce}`);

/** A duel phone's signature over this handshake, as `role`. */
export function duelProof(secret: string, role: DuelRole, room: string, joinerNonce: string, openerNonce: string): string {
	return base64url(p256.sign(duelStatement(role, room, joinerNonce, openerNonce), fromBase64url(secret)));
}

/** Whether `publicKey` is the pinned one (its fingerprint is `pin`) and signed this handshake as `role`. */
export function checkDuelProof(pin: string, publicKey: string, signature: string, role: DuelRole, room: string, joinerNonce: string, openerNonce: string): boolean {
	try {
		if (fingerprint(publicKey) !== pin) return false;
		return p256.verify(fromBase64url(signature), duelStatement(role, room, joinerNonce, openerNonce), fromBase64url(publicKey));
	} catch {
		return false;
	}
}

/** The phone's proof of its seat: an HMAC of the handshake keyed by the seat key. */
export function seatProof(seatKey: string, room: string, phoneNonce: string, hostNonce: string): string {
	return base64url(hmac(sha256, encoder.encode(seatKey), seatStatement(room, phoneNonce, hostNonce)));
}

/** Compares two proofs in time that does not depend on where they differ. */
export function sameProof(a: string, b: string): boolean {
	if (a.length !== b.length) return false;
	let diff = 0;
	for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
	return diff === 0;
}
