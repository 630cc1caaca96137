// The PeerServer `npm start` runs, under abuse, on loopback (issue 32): the real server
// (scripts/server.js, its guard scripts/lib/signalling-guard.js) and bare WebSockets speaking
// PeerJS's protocol. The attacker connects from 127.0.0.2 (another address: all of 127/8 is
// loopback), the tablet and the phone from 127.0.0.1, as devices on a Wi-Fi would. Every loop is
// bounded and stops by itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';
import { SIGNALLING_LIMITS, createSignallingGuard } from '../../scripts/lib/signalling-guard.js';
import { startServer } from '../../scripts/server.js';

const ATTACKER = '127.0.0.2';
const DEVICE = '127.0.0.1';

let root: string;
let port: number;
let close: () => Promise<void>;
const logged: string[] = [];

beforeAll(async () => {
	root = mkdtempSync(join(tmpdir(), 'labyrinth-abuse-'));
	writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
	// a small total, so that a flood without a per-address limit would fill the server
	const guard = createSignallingGuard({ limits: { socketsTotal: 400 }, log: (line) => logged.push(line) });
	const server = await startServer({ root, port: 0, host: DEVICE, signalling: true, guard });
	port = server.port;
	close = server.close;
});

afterAll(async () => {
	await close?.();
	rmSync(root, { recursive: true, force: true });
});

type Answer = { type: string; payload?: unknown; src?: string };

/** A PeerJS client's signalling socket: its first answer (OPEN, ID-TAKEN, ERROR) or how it failed. */
class Signal {
	readonly socket: WebSocket;
	readonly received: Answer[] = [];
	readonly first: Promise<string>;
	readonly closed: Promise<number>;

	constructor(
		readonly id: string,
		readonly token: string,
		from = DEVICE,
		origin?: string
	) {
		this.socket = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}&version=1.5.5`, {
			localAddress: from,
			...(origin ? { origin } : {})
		});
		this.first = new Promise((resolve) => {
			this.socket.once('message', (data) => resolve((JSON.parse(String(data)) as Answer).type));
			this.socket.once('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode}`));
			this.socket.once('error', () => resolve('error'));
			this.socket.once('close', () => resolve('closed'));
		});
		this.closed = new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
		this.socket.on('message', (data) => this.received.push(JSON.parse(String(data)) as Answer));
		this.socket.on('error', () => undefined);
	}

	send(message: object | string): void {
		if (this.socket.readyState === WebSocket.OPEN) this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
	}

	/** Resolves true once a message of `type` has arrived, false if the socket closes first (the test's own timeout bounds the wait). */
	receives(type: string, from?: string): Promise<boolean> {
		const arrived = () => this.received.some((m) => m.type === type && (from === undefined || m.src === from));
		if (arrived()) return Promise.resolve(true);
		if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(false);
		return new Promise((resolve) => {
			const settle = (value: boolean) => {
				this.socket.off('message', onMessage);
				this.socket.off('close', onClose);
				resolve(value);
			};
			// Registered after the constructor's listener, so the message is already in `received`.
			const onMessage = () => {
				if (arrived()) settle(true);
			};
			const onClose = () => settle(arrived());
			this.socket.on('message', onMessage);
			this.socket.on('close', onClose);
		});
	}

	end(): Promise<number> {
		this.socket.terminate();
		return this.closed;
	}
}

const offer = (dst: string, size = 200) => ({ type: 'OFFER', dst, payload: { sdp: { type: 'offer', sdp: 'v=0\r\n'.padEnd(size, 'a') }, type: 'data', connectionId: 'dc_x' } });

/** Runs `count` tasks, `width` at a time. */
async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
	const results: T[] = [];
	for (let start = 0; start < count; start += width) {
		results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => task(start + k)))));
	}
	return results;
}

describe('the PeerServer under abuse from one client', () => {
	test('thousands of registrations, oversized and queued messages: the phone rejoins, the tablet reloads, memory stays bounded', async () => {
		const room = 'labyrinth-gm-ABCDEFGH2345';
		const tablet = new Signal(room, 'tablet-token');
		expect(await tablet.first).toBe('OPEN');
		const heapBefore = process.memoryUsage().heapUsed;

		// One client opens 3000 registrations, 60 at a time, and keeps those it gets.
		const attempts = await inBatches(3000, 60, async (i) => {
			const signal = new Signal(`flood-${i}`, `t${i}`, ATTACKER);
			return { signal, answer: await signal.first };
		});
		const held = attempts.filter((a) => a.answer === 'OPEN').map((a) => a.signal);
		expect(held.length).toBeGreaterThan(0);
		expect(held.length).toBeLessThanOrEqual(SIGNALLING_LIMITS.socketsPerAddress);
		expect(attempts.filter((a) => a.answer === 'HTTP 429').length).toBeGreaterThan(2000);

		// Oversized messages end the socket that sends them (1009), not the server.
		const big = held.pop()!;
		big.send(JSON.stringify(offer(room, SIGNALLING_LIMITS.maxPayload + 1024)));
		expect(await big.closed).toBe(1009);

		// Messages for ids that are not there: 200 of 12 KB from every socket it holds to one
		// (2.4 MB each, 150 MB in all), 100 more to as many others.
		const absent = 'labyrinth-gm-NOTHEREYET234';
		for (const signal of held) for (let i = 0; i < 200; i++) signal.send(offer(absent, 12_000));
		for (const signal of held) for (let i = 0; i < 100; i++) signal.send(offer(`absent-${i}`, 12_000));
		// Until the server has read all of it: each socket's marker to a live sink comes after its flood.
		const sink = new Signal('sink', 'sink-token');
		expect(await sink.first).toBe('OPEN');
		for (let round = 0; round < 300; round++) {
			const heard = new Set(sink.received.map((m) => m.src));
			const silent = held.filter((signal) => !heard.has(signal.id));
			if (silent.length === 0) break;
			for (const signal of silent) signal.send(offer('sink'));
			await new Promise((r) => setTimeout(r, 100));
		}
		expect(held.every((signal) => sink.received.some((m) => m.src === signal.id))).toBe(true);

		// Meanwhile the tablet reloads (a new socket, the same token) and a phone rejoins (a fresh id).
		await tablet.end();
		const reloaded = new Signal(room, 'tablet-token');
		expect(await reloaded.first).toBe('OPEN');
		for (let rejoin = 0; rejoin < 2; rejoin++) {
			const phone = new Signal(`phone-${rejoin}`, `phone-token-${rejoin}`);
			expect(await phone.first).toBe('OPEN');
			phone.send(offer(room));
			expect(await reloaded.receives('OFFER'), `rejoin ${rejoin}`).toBe(true);
			reloaded.received.length = 0;
			await phone.end();
		}

		// The id the flood wrote to comes: it is handed a bounded queue, not 24 MB per socket.
		const late = new Signal(absent, 'late-token');
		expect(await late.first).toBe('OPEN');
		// The server hands a socket its queue as it connects, before anything sent after: the sink's
		// offer arriving means the whole queue has.
		sink.send(offer(absent));
		expect(await late.receives('OFFER', sink.id)).toBe(true);
		const queued = late.received.filter((m) => m.type === 'OFFER' && m.src !== sink.id).length;
		expect(queued).toBeLessThanOrEqual(SIGNALLING_LIMITS.absentMessagesPerId);
		await late.end();

		for (const signal of held) await signal.end();
		await reloaded.end();
		await sink.end();
		// Bounded: what the flood sent (tens of megabytes) is not kept.
		const grown = process.memoryUsage().heapUsed - heapBefore;
		expect(grown).toBeLessThan(64 * 1024 * 1024);
	}, 120_000);

	test('the room id is held after a blip: a squatter retrying it does not get it; the tablet does', async () => {
		const room = 'labyrinth-gm-HELDROOM2345';
		const tablet = new Signal(room, 'the-tablet');
		expect(await tablet.first).toBe('OPEN');
		await tablet.end();
		// the squatter retries while the tablet is away: 150 tries, one after the other
		const answers: string[] = [];
		for (let i = 0; i < 150; i++) {
			const squatter = new Signal(room, `squatter-${i}`, ATTACKER);
			answers.push(await squatter.first);
			squatter.socket.terminate();
		}
		expect(answers).not.toContain('OPEN');
		expect(answers).toContain('ID-TAKEN');
		const back = new Signal(room, 'the-tablet');
		expect(await back.first).toBe('OPEN');
		// the same token on another socket replaces the first (a reload before the server saw the close)
		const again = new Signal(room, 'the-tablet');
		expect(await again.first).toBe('OPEN');
		expect(await back.closed).toBeGreaterThan(0);
		await again.end();
	}, 60_000);

	test('a page of another origin cannot use the signalling server', async () => {
		const stranger = new Signal('from-elsewhere', 'x', DEVICE, 'http://evil.example');
		expect(await stranger.first).toBe('HTTP 403');
		const own = new Signal('from-here', 'y', DEVICE, `http://127.0.0.1:${port}`);
		expect(await own.first).toBe('OPEN');
		await own.end();
		const api = await fetch(`http://127.0.0.1:${port}/peerjs/`, { headers: { origin: 'http://evil.example' } });
		expect(api.status).toBe(403);
		const mine = await fetch(`http://127.0.0.1:${port}/peerjs/`, { headers: { origin: `http://127.0.0.1:${port}` } });
		expect(mine.status).toBe(200);
		expect(mine.headers.get('x-powered-by')).toBeNull();
	});

	test('DNS rebinding: a page at a public name pointed at this server gets neither the signalling nor the addresses; local names do', async () => {
		const at = (host: string) => ({ host: `${host}:${port}`, origin: `http://${host}:${port}` });
		// fetch drops a Host header; a page's browser sends the name it was opened at
		const status = (path: string, host: string) =>
			new Promise<number | undefined>((resolve, reject) => {
				const req = request({ host: DEVICE, port, path, headers: { host } }, (res) => {
					res.resume();
					resolve(res.statusCode);
				});
				req.on('error', reject);
				req.end();
			});
		for (const name of ['evil.example', 'labyrinth.attacker.com']) {
			const { host, origin } = at(name);
			const socket = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=rebound&token=r&version=1.5.5`, { origin, headers: { host } });
			socket.on('error', () => undefined);
			expect(await new Promise((resolve) => socket.once('unexpected-response', (_req, res) => resolve(res.statusCode)))).toBe(403);
			// same-origin requests carry no Origin: the Host says where the page is
			expect(await status('/api/addresses', host)).toBe(403);
			expect(await status('/peerjs/', host)).toBe(403);
		}
		for (const name of ['table.lan', 'laptop.local', 'laptop', '192.168.1.20']) {
			const { host, origin } = at(name);
			const socket = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=local-${name}&token=l&version=1.5.5`, { origin, headers: { host } });
			socket.on('error', () => undefined);
			expect(await new Promise((resolve) => socket.once('message', (data) => resolve((JSON.parse(String(data)) as Answer).type)))).toBe('OPEN');
			socket.terminate();
			expect(await status('/api/addresses', host)).toBe(200);
		}
	});
});

describe('connections that never send a request (issue 32)', () => {
	/** A bare TCP connection from `from`; `closed` resolves when the server ends it. */
	function idle(to: number, from: string): { socket: Socket; closed: Promise<void> } {
		const socket = connect({ host: DEVICE, port: to, localAddress: from });
		socket.on('error', () => undefined);
		return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
	}

	test('past its share an address gets no more connections, idle ones are closed, and other devices are served throughout', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'labyrinth-idle-'));
		writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
		const server = await startServer({
			root: dir,
			port: 0,
			host: DEVICE,
			signalling: true,
			// Five seconds to send a request: the eight must still be open when the ninth is closed (with
			// 400 ms a busy machine's pause between the connects and the look saw them timed out already).
			connections: { perAddress: 8, firstRequestMs: 5000 }
		});
		try {
			const first = Array.from({ length: 8 }, () => idle(server.port, ATTACKER));
			await Promise.all(first.map((c) => new Promise((r) => c.socket.once('connect', r))));
			// the ninth from the same address is closed at once, long before any timeout
			const extra = idle(server.port, ATTACKER);
			await extra.closed;
			expect(first.every((c) => !c.socket.destroyed)).toBe(true);
			// a phone on another address is served while the attacker holds its share
			const page = await fetch(`http://${DEVICE}:${server.port}/`);
			expect(page.status).toBe(200);
			// connections that never send their headers are closed by the server (not left for minutes)
			await Promise.all(first.map((c) => c.closed));
			// and the address may connect again once its connections are gone
			const again = idle(server.port, ATTACKER);
			// a byte at a time still has to finish in time: this one finishes at once
			again.socket.write(`GET / HTTP/1.1\r\nHost: ${DEVICE}\r\nConnection: close\r\n\r\n`);
			const answer = await new Promise<string>((resolve) => {
				let text = '';
				again.socket.on('data', (chunk) => (text += String(chunk)));
				again.socket.once('close', () => resolve(text));
			});
			expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
		} finally {
			await server.close();
			rmSync(dir, { recursive: true, force: true });
		}
	}, 30_000);
});

describe('the guard on its own clock', () => {
	const fakeSocket = () => ({ bufferedAmount: 0 }) as unknown as import('ws').WebSocket;

	test('a flood is logged once a minute, in one line, whatever its size', () => {
		let now = 0;
		const lines: string[] = [];
		const guard = createSignallingGuard({ now: () => now, log: (line) => lines.push(line), limits: { socketsPerAddress: 2 } });
		for (let minute = 0; minute < 3; minute++) {
			for (let i = 0; i < 5000; i++) {
				now += 1;
				guard.admit(`10.0.0.${i % 7}`, { id: `x${i}`, token: 't' });
			}
			now = (minute + 1) * 60_000 + 1;
			guard.report();
		}
		expect(lines.length).toBe(3);
		expect(lines[0]).toMatch(/^Signalling: refused in the last minute from 10\.0\.0\.\d \(\d+ registrations/);
		expect(lines[0]).toContain('and 4 more addresses');
	});

	test('an id is its first token’s for the hold, then anyone’s; what the guard keeps stays bounded', () => {
		let now = 0;
		const guard = createSignallingGuard({ now: () => now, log: () => undefined, limits: { upgradeBurst: 1e9 } });
		const socket = fakeSocket();
		expect(guard.admit('10.0.0.1', { id: 'room', token: 'a' })).toBe('ok');
		guard.opened('10.0.0.1', 'room', 'a', socket);
		guard.closed('10.0.0.1', 'room', socket);
		now += SIGNALLING_LIMITS.holdMs - 1;
		expect(guard.admit('10.0.0.2', { id: 'room', token: 'b' })).toBe('taken');
		expect(guard.admit('10.0.0.1', { id: 'room', token: 'a' })).toBe('ok');
		now += 1;
		expect(guard.admit('10.0.0.2', { id: 'room', token: 'b' })).toBe('ok');

		// 10,000 ids registered and dropped from one address: it remembers at most its share
		for (let i = 0; i < 10_000; i++) {
			const s = fakeSocket();
			guard.opened('10.0.0.3', `id-${i}`, 't', s);
			guard.closed('10.0.0.3', `id-${i}`, s);
		}
		expect(guard.size().holds).toBeLessThanOrEqual(SIGNALLING_LIMITS.heldPerAddress + 1);
		now += SIGNALLING_LIMITS.holdMs + SIGNALLING_LIMITS.logEveryMs;
		guard.report();
		expect(guard.size()).toEqual({ addresses: 0, holds: 0, absent: 0, sockets: 0 });
	});

	test('messages: only PeerJS types, within a socket’s rate, never to a reader that reads nothing', () => {
		let now = 0;
		const guard = createSignallingGuard({ now: () => now, log: () => undefined });
		const rate = guard.messageBucket();
		expect(guard.allows('a', rate, 'not json')).toBe(false);
		expect(guard.allows('a', rate, JSON.stringify({ type: 'SOMETHING', dst: 'x' }))).toBe(false);
		expect(guard.allows('a', rate, JSON.stringify({ type: 'HEARTBEAT' }))).toBe(true);
		const slow = { bufferedAmount: SIGNALLING_LIMITS.slowReaderBytes + 1 } as unknown as import('ws').WebSocket;
		guard.opened('b', 'slow', 't', slow);
		expect(guard.allows('a', rate, JSON.stringify({ type: 'CANDIDATE', dst: 'slow' }))).toBe(false);
		let allowed = 0;
		for (let i = 0; i < 10_000; i++) if (guard.allows('a', rate, JSON.stringify({ type: 'HEARTBEAT' }))) allowed++;
		expect(allowed).toBeLessThanOrEqual(SIGNALLING_LIMITS.messageBurst);
		now += 1000;
		expect(guard.allows('a', rate, JSON.stringify({ type: 'HEARTBEAT' }))).toBe(true);
	});
});
