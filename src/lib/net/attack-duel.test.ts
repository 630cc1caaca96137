/**
 * The table by an attacker, in the duel: the opener listens for strangers as the tablet does, so
 * a device with the room code that floods it, says hello again and again, opens many links or
 * proves nothing is held to the same limits (limits.ts), and the real opponent plays on.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { generateDuel } from '../engine/rules/duel/generate';
import { DuelSession } from './duel';
import { MemoryDuelStore, newDuelRecord } from './duel-record';
import { duelPeerId } from './duel-wire';
import { MAX_HANDSHAKES, MAX_HELLOS } from './limits';
import { MemoryNetwork, memoryPair } from './memory';
import { newNonce, publicKeyOf, newTableSecret } from './pin';
import { PROTOCOL_VERSION } from './protocol';
import { FAST, TEST_APP, settle, until, onFakeClock } from './testing';

onFakeClock();

const ROOM = 'DUELXY';
let open: DuelSession[] = [];
afterEach(() => {
	for (const s of open) s.close();
	open = [];
});

async function opener(handshakeMs?: number): Promise<{ s: DuelSession; net: MemoryNetwork }> {
	const net = new MemoryNetwork();
	const s = await DuelSession.open({
		store: new MemoryDuelStore(),
		app: TEST_APP,
		channel: FAST,
		...(handshakeMs === undefined ? {} : { handshakeMs }),
		record: newDuelRecord({ id: ROOM, role: 'opener', name: 'Anna', plan: generateDuel(3), settings: {}, seed: 's3' })
	});
	s.listen(await net.listen(duelPeerId(ROOM)));
	open.push(s);
	return { s, net };
}

/** A raw device on the opener: answers heartbeats, acknowledges nothing, keeps what it hears. */
function stranger(s: DuelSession) {
	const [near, far] = memoryPair('opener', 'stranger');
	s.attach(near);
	const heard: { type: string; reason?: string }[] = [];
	const seen = new Set<number>();
	far.receive((raw) => {
		const frame = JSON.parse(raw) as { s?: number; p?: number; m?: { type: string } };
		if (frame.p !== undefined) far.send(JSON.stringify({ v: PROTOCOL_VERSION, q: frame.p }));
		if (frame.m && frame.s !== undefined && !seen.has(frame.s)) {
			seen.add(frame.s);
			heard.push(frame.m);
		}
	});
	let n = 0;
	return { far, heard, message: (m: unknown) => far.send(JSON.stringify({ v: PROTOCOL_VERSION, s: n++, m })) };
}

const hello = () => ({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'Eve', key: publicKeyOf(newTableSecret()), nonce: newNonce() });

async function withJoiner(net: MemoryNetwork, pin: string): Promise<DuelSession> {
	const joiner = await DuelSession.open({
		store: new MemoryDuelStore(),
		app: TEST_APP,
		channel: FAST,
		retryMs: [30, 60],
		connect: () => net.open(duelPeerId(ROOM)),
		record: newDuelRecord({ id: ROOM, role: 'joiner', name: 'Boris', plan: generateDuel(1003), pin })
	});
	joiner.start();
	open.push(joiner);
	return joiner;
}

describe("a stranger at the duel's opener", () => {
	test('three thousand frames of junk: a few refusals answered, the link let go; the real joiner still comes in', async () => {
		const { s, net } = await opener();
		const eve = stranger(s);
		for (let i = 0; i < 3000; i++) eve.far.send(i % 2 ? 'not json' : JSON.stringify({ v: PROTOCOL_VERSION, s: i, m: { type: 'move', n: 0, actions: [] } }));
		await until(() => eve.far.state === 'closed', 3000, 'let go');
		expect(eve.heard.filter((m) => m.type === 'refused').length).toBeLessThan(20);
		const joiner = await withJoiner(net, s.pin);
		await until(() => joiner.status === 'here' && s.status === 'here', 3000, 'the real joiner in');
	});

	test('hellos again and again on one link: a few proofs (each a signature), then the link is closed', async () => {
		const { s } = await opener();
		const eve = stranger(s);
		for (let i = 0; i < 50; i++) eve.message(hello());
		await until(() => eve.far.state === 'closed', 3000, 'closed');
		expect(eve.heard.filter((m) => m.type === 'proof').length).toBeLessThanOrEqual(MAX_HELLOS);
	});

	test('links that prove nothing are let go after a while, and only a handful are kept at once', async () => {
		const { s, net } = await opener(300);
		const crowd = Array.from({ length: 60 }, () => stranger(s));
		await settle(5);
		expect(crowd.filter((c) => c.far.state !== 'closed').length).toBeLessThanOrEqual(MAX_HANDSHAKES);
		await until(() => crowd.every((c) => c.far.state === 'closed'), 3000, 'all let go');
		const joiner = await withJoiner(net, s.pin);
		await until(() => joiner.status === 'here' && s.status === 'here', 3000, 'the real joiner in');
		// The joiner's link is its own: kept past the allowance.
		await settle(400);
		expect(s.status).toBe('here');
		expect(joiner.status).toBe('here');
	});
});
