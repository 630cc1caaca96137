/**
 * The table by an attacker: what a hostile device can do to the tablet with its links. Links
 * that prove nothing, many links at once, a seated phone that listens and never acknowledges,
 * a flood of frames, hellos again and again, and frames of every wrong kind: each is refused or
 * let go, changes nothing in the game or the tablet's store, and does not stop the real phones.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { MAX_HANDSHAKES } from './limits';
import { MAX_PLAYER_FRAME, PROTOCOL_VERSION } from './protocol';
import { MemoryTable, newGame, rogue, settle, until, type RogueAnswer, onFakeClock } from './testing';
import { Channel, type ChannelOptions } from './channel';
import { memoryPair } from './memory';
import { BaseLink } from './link';
import type { TableRecord } from '../store/records';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

/** Heartbeats of the real app (a second), so the flood allowance is the real one. */
const REAL: ChannelOptions = { pingMs: 1000, lostMs: 20_000, resendMs: 1500 };

/** A table of `phones` seated phones and a game of as many seats begun. */
async function tableWithGame(phones: number, channel?: ChannelOptions, handshakeMs?: number): Promise<MemoryTable> {
	const t = new MemoryTable(channel);
	table = t;
	await t.openHost(phones);
	if (handshakeMs !== undefined) {
		// The same table reopened with a short handshake allowance.
		t.host.close();
		const { HostSession } = await import('./host');
		const { hostPeerId } = await import('./protocol');
		t.host = await HostSession.open({
			app: 'test-1',
			store: t.hostStore,
			table: (await t.hostStore.loadTable(t.room))!,
			channel: t.channel,
			handshakeMs,
			onChange: () => t.host && t.host.waiting.forEach((w) => void t.host.admit(w.id)),
			onError: (error) => t.hostErrors.push(error)
		});
		t.host.listen(await t.network.listen(hostPeerId(t.room)));
	}
	for (let i = 0; i < phones; i++) await t.openPhone(`P${i + 1}`);
	await until(() => t.phones.every((p) => p.status === 'joined'), 5000, 'phones joined');
	await t.startGame(newGame(phones, 1));
	return t;
}

const handshaking = (t: MemoryTable) => t.host.channels().filter((c) => c.seat === null && c.channel.open).length;
const keyOf = (t: MemoryTable, seat: number) => [...t.hostStore.tables.values()][0]!.seats[seat]!.key;

/** The game and the tablet's store as they stand (to compare after an attack). */
function snapshotOf(t: MemoryTable): string {
	return JSON.stringify({ log: t.host.record!.game.log, games: [...t.hostStore.games.entries()], tables: [...t.hostStore.tables.values()].map((tb: TableRecord) => ({ ...tb, updatedAt: 0, seats: tb.seats.map((s) => ({ ...s, lastCmd: 0, lastResult: null })) })) });
}

/** The next legal move of whoever's turn it is, made by that seat's phone: the real players go on. */
async function realPlayerMoves(t: MemoryTable): Promise<void> {
	const state = t.host.state!;
	const seat = state.order.find((s) => state.players[s]!.cell < 0)!;
	const cell = state.board.cellList.find((c) => !state.players.some((p) => p.cell === c))!;
	const result = await t.phones[seat]!.send({ type: 'choose_start', by: seat, cell });
	expect(result).toEqual({ ok: true });
}

describe('links that prove nothing', () => {
	test('a link that says nothing and one that says hello and never proves: each is let go after the handshake allowance', async () => {
		const t = await tableWithGame(2, { pingMs: 100, lostMs: 5000, resendMs: 300 }, 300);
		const silent = rogue(t);
		const unproved = rogue(t);
		unproved.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: 'test-1', name: 'Eve', nonce: 'A'.repeat(22), have: 0 });
		await until(() => unproved.answers.some((a) => a.type === 'proof'), 2000, 'the proof');
		expect(handshaking(t)).toBe(2);
		await until(() => silent.link.state === 'closed' && unproved.link.state === 'closed', 3000, 'both let go');
		expect(handshaking(t)).toBe(0);
		expect(t.host.channels().every((c) => c.seat !== null)).toBe(true);
		await realPlayerMoves(t);
	});

	test('a hundred links at once: at most a handful are kept in their handshake; a real phone still joins', async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(3);
		const crowd = Array.from({ length: 100 }, () => rogue(t));
		expect(handshaking(t)).toBeLessThanOrEqual(MAX_HANDSHAKES);
		await settle(5);
		expect(crowd.filter((r) => r.link.state !== 'closed').length).toBeLessThanOrEqual(MAX_HANDSHAKES);
		const phone = await t.openPhone('Ann');
		await until(() => phone.status === 'joined', 3000, 'the real phone seated');
		expect(t.host.names).toEqual(['Ann']);
	});
});

describe('a seated phone that reads everything and acknowledges nothing', () => {
	test('its backlog stops growing: it is let go once the backlog is over the bound and stale; the others hear every event', async () => {
		const t = await tableWithGame(2, { pingMs: 20, lostMs: 5000, resendMs: 60, maxBacklog: 20_000, stallMs: 300 });
		const deaf = rogue(t);
		await deaf.join('P1', { seat: 0, key: keyOf(t, 0) });
		await until(() => deaf.answers.some((a) => a.type === 'welcome'), 2000, 'seated');
		// Every ruling is an event to every seat: the rogue's backlog grows with each one.
		for (let i = 0; i < 200 && deaf.link.state !== 'closed'; i++) {
			expect((await t.host.master({ type: 'ruling', by: 'master', reason: `ruling ${i} ${'x'.repeat(100)}` })).ok).toBe(true);
			await settle(2);
		}
		expect(deaf.link.state).toBe('closed');
		for (const channel of t.host.channels()) expect(channel.channel.backlog).toBeLessThan(40_000);
		const phone = t.phones[1]!;
		await until(() => phone.events.length === t.host.events.seatEvents(1).length, 3000, 'the honest phone caught up');
	});
});

describe('a flood', () => {
	test('three thousand frames at once from a seated phone: at most a burst is handled, the rest dropped unread, the link closed; the store barely touched', async () => {
		const t = await tableWithGame(2, REAL);
		const flooder = rogue(t);
		await flooder.join('P1', { seat: 0, key: keyOf(t, 0) });
		await until(() => flooder.answers.some((a) => a.type === 'welcome'), 3000, 'seated');
		let writes = 0;
		const save = t.hostStore.saveTable.bind(t.hostStore);
		t.hostStore.saveTable = (record) => (writes++, save(record));
		const before = snapshotOf(t);
		for (let i = 1; i <= 3000; i++) flooder.message({ type: 'command', id: i, command: { type: 'status', by: 1 } });
		await settle(50);
		await t.host.settled();
		expect(flooder.link.state).toBe('closed');
		const answered = flooder.answers.filter((a) => a.type === 'result').length;
		expect(answered).toBeLessThan(200);
		expect(writes).toBeLessThan(200);
		expect(snapshotOf(t)).toBe(before);
		expect(t.hostErrors).toEqual([]);
		t.hostStore.saveTable = save;
		await realPlayerMoves(t);
	});

	test('hellos again and again on a seated link: a few are answered (each costs a signature), then the link is closed', async () => {
		const t = await tableWithGame(2);
		const talker = rogue(t);
		await talker.join('P1', { seat: 0, key: keyOf(t, 0) });
		await until(() => talker.answers.some((a) => a.type === 'welcome'), 2000, 'seated');
		for (let i = 0; i < 50; i++) talker.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: 'test-1', name: 'P1', nonce: 'B'.repeat(22), have: 0 });
		await until(() => talker.link.state === 'closed', 2000, 'closed');
		expect(talker.answers.filter((a) => a.type === 'proof').length).toBeLessThanOrEqual(6);
		await realPlayerMoves(t);
	});
});

describe('frames of every wrong kind', () => {
	/** Strings a modified client may send: each off the protocol. */
	function wrongFrames(): string[] {
		const frame = (m: unknown, s: number) => JSON.stringify({ v: PROTOCOL_VERSION, s, m });
		const deep = (n: number): unknown => (n === 0 ? { a: 'skip' } : { a: 'if', cond: 'wall', then: [deep(n - 1)] });
		const out: string[] = [];
		let s = 0;
		const command = (c: unknown) => out.push(frame({ type: 'command', id: 1000 + s, command: c }, s++));
		// Out-of-range numbers: negatives, fractions, 2^53, Infinity (JSON writes it null; 1e999 reads as Infinity), NaN.
		for (const n of [-1, 0.5, 2 ** 53, Infinity, -0]) {
			command({ type: 'choose_start', by: 0, cell: n });
			out.push(frame({ type: 'command', id: n, command: { type: 'status', by: 0 } }, s++));
		}
		out.push('{"v":2,"s":' + s++ + ',"m":{"type":"command","id":NaN,"command":{"type":"status","by":0}}}');
		out.push('{"v":2,"s":' + s++ + ',"m":{"type":"command","id":1e999,"command":{"type":"choose_start","by":0,"cell":1e999}}}');
		// Prototype keys, at the top and deep down.
		out.push('{"v":2,"s":' + s++ + ',"m":{"type":"command","id":2000,"command":{"type":"status","by":0,"__proto__":{"polluted":true}}}}');
		out.push('{"v":2,"s":' + s++ + ',"__proto__":{"polluted":true}}');
		out.push('{"v":2,"s":' + s++ + ',"m":{"type":"command","id":2001,"constructor":{"prototype":{"polluted":true}},"command":{"type":"status","by":0}}}');
		command({ type: 'move', by: 0, actions: [{ a: 'go', dir: 'up', __proto__: { polluted: true } }] });
		// Deep nesting, long arrays, long strings, unknown types, the master's commands.
		command({ type: 'move', by: 0, actions: [deep(200)] });
		command({ type: 'move', by: 0, actions: Array(5000).fill({ a: 'skip' }) });
		command({ type: 'ruling', by: 'master', reason: 'x' });
		command({ type: 'undo', by: 'master', reason: 'x' });
		command({ type: 'correct', by: 'master', reason: 'x', change: { kind: 'ammo', seat: 0, bullets: 99, grenades: 99 } });
		command({ type: 'set_settings', by: 0, settings: { maxBullets: 99 } });
		out.push(frame({ type: 'settings', settings: { maxBullets: 99 } }, s++));
		out.push(frame({ type: 'welcome', seat: 1, room: 'X' }, s++));
		out.push(JSON.stringify({ v: PROTOCOL_VERSION, s: s++, m: { type: 'hello', name: 'x'.repeat(MAX_PLAYER_FRAME) } }));
		out.push('['.repeat(8000) + ']'.repeat(8000));
		out.push(JSON.stringify({ v: PROTOCOL_VERSION, s: 2 ** 53, m: { type: 'prove' } }));
		out.push(JSON.stringify({ v: PROTOCOL_VERSION, a: -5 }));
		out.push(JSON.stringify({ v: PROTOCOL_VERSION, p: 'x'.repeat(100) }));
		out.push('\u0000\u0001binary\uFFFF');
		return out;
	}

	test('from a stranger and from a seated phone: each refused or dropped, nothing in the game or the store changes, nothing is polluted', async () => {
		const heartbeats = { pingMs: 100, lostMs: 20_000, resendMs: 300 };
		const t = await tableWithGame(2, heartbeats);
		const before = snapshotOf(t);
		const stranger = rogue(t);
		const seated = rogue(t);
		await seated.join('P1', { seat: 0, key: keyOf(t, 0) });
		await until(() => seated.answers.some((a) => a.type === 'welcome'), 2000, 'seated');
		const frames = wrongFrames();
		for (const data of frames) {
			stranger.raw(data);
			seated.raw(data);
		}
		// past a resend: whatever the frames set going has run
		await settle(heartbeats.resendMs);
		await t.host.settled();
		expect(t.hostErrors).toEqual([]);
		expect(snapshotOf(t)).toBe(before);
		expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
		// Every answer the seated phone had to a command is a refusal with a reason.
		const results = seated.answers.filter((a): a is RogueAnswer => a.type === 'result');
		expect(results.length).toBeGreaterThan(0);
		expect(results.every((r) => r.ok === false && typeof r.reason === 'string')).toBe(true);
		expect(stranger.answers.every((a) => a.type === 'refused')).toBe(true);
		await realPlayerMoves(t);
	});
});

describe('the channel under a peer that does not keep up', () => {
	/** A channel sending `count` messages to a peer that answers heartbeats and acknowledges as `acks` says. */
	function sender(count: number) {
		const [near, far] = memoryPair('tablet', 'phone');
		const channel = new Channel<{ type: string }, { type: string; pad: string }>(near, (raw) => ({ ok: true, frame: JSON.parse(raw as string) }), {
			pingMs: 20,
			resendMs: 40,
			lostMs: 5000,
			maxBacklog: 1000,
			stallMs: 150
		});
		const read = (raw: string) => JSON.parse(raw) as { s?: number; p?: number };
		return { channel, far, read, send: () => { for (let i = 0; i < count; i++) channel.send({ type: 'x', pad: 'y'.repeat(100) }); } };
	}

	test('a slow peer that keeps acknowledging a backlog over the bound is kept; once it stops acknowledging it is let go', async () => {
		const { channel, far, read, send } = sender(60);
		let acked = 0;
		let acking = true;
		const { PROTOCOL_VERSION: v } = await import('./protocol');
		far.receive((raw) => {
			const frame = read(raw);
			if (frame.p !== undefined) far.send(JSON.stringify({ v, q: frame.p }));
		});
		// One message acknowledged every 30 ms: far slower than sent, but always some progress.
		const slow = setInterval(() => acking && acked < 60 && far.send(JSON.stringify({ v, a: ++acked })), 30);
		send();
		await settle(500);
		expect(channel.open).toBe(true);
		expect(channel.backlog).toBeGreaterThan(1000);
		acking = false;
		await until(() => !channel.open, 2000, 'let go');
		clearInterval(slow);
	});
});

describe('commands the engine takes again and again', () => {
	/** Two phones, starts chosen and confirmed: play under way. */
	async function playing(): Promise<MemoryTable> {
		const t = new MemoryTable();
		table = t;
		await t.openHost(2);
		await t.joinPhones(2);
		await t.startGame(newGame(2, 1));
		const order = t.host.state!.order;
		await t.play([
			{ type: 'choose_start', by: order[0]!, cell: 0 },
			{ type: 'choose_start', by: order[1]!, cell: 3 },
			{ type: 'confirm_starts', by: 'master' }
		]);
		return t;
	}

	test('the N_stop count started and stopped over and over (any seat, any time, 3.6): the log grows by a few commands, not without bound', async () => {
		const t = await playing();
		const before = t.host.record!.game.log.length;
		const answers = [];
		for (let i = 0; i < 40; i++) answers.push(await t.phones[1]!.send({ type: 'count_nstop', by: 1, ...(i % 2 ? { stop: true } : {}) }));
		expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(3);
		expect(answers.slice(3).every((a) => a.ok === false && a.reason === 'asked_too_often')).toBe(true);
		expect(t.host.record!.game.log.length).toBeLessThanOrEqual(before + 3);
		// A move in between, and the seat may speak again.
		const seat = t.host.state!.order[t.host.state!.turn]!;
		expect((await t.phones[seat]!.send({ type: 'move', by: seat, actions: [{ a: 'skip' }] })).ok).toBe(true);
		expect((await t.phones[1]!.send({ type: 'count_nstop', by: 1, ...(answers.filter((a) => a.ok).length % 2 ? { stop: true } : {}) })).ok).toBe(true);
	});

	test('a break taken again and again in one turn (two players: the taker is half of them, 9): a few, then refused', async () => {
		const t = await playing();
		const seat = t.host.state!.order[t.host.state!.turn]!;
		const before = t.host.record!.game.log.length;
		const answers = [];
		for (let i = 0; i < 20; i++) answers.push(await t.phones[seat]!.send({ type: 'take_break', by: seat }));
		expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(3);
		expect(t.host.record!.game.log.length).toBeLessThanOrEqual(before + 3);
	});
});

/** A link whose every string arrives in a task of its own (as a browser's data events do). */
class TaskLink extends BaseLink {
	readonly kind = 'memory' as const;
	other: TaskLink | null = null;
	send(data: string): void {
		const other = this.other;
		if (this.state === 'open' && other) setTimeout(() => other.take(data), 0);
	}
	take(data: string): void {
		this.deliver(data);
	}
	open(): void {
		this.setState('open');
	}
	close(): void {
		this.setState('closed');
	}
}

describe('the frame allowance and an honest peer', () => {
	test('a phone taking in many pages, each acknowledged by a frame of its own, is never over its allowance', async () => {
		const a = new TaskLink('phone');
		const b = new TaskLink('tablet');
		a.other = b;
		b.other = a;
		a.open();
		b.open();
		const read = (raw: unknown) => ({ ok: true as const, frame: JSON.parse(raw as string) });
		// The tablet's side allows a small burst and a slow refill: far fewer than the pages it sends.
		const tablet = new Channel<{ type: string }, { type: string; n: number }>(b, read, { pingMs: 1000, resendMs: 60_000, rate: { burst: 10, perSecond: 1 } });
		const phone = new Channel<{ type: string; n: number }, { type: string }>(a, read, { pingMs: 1000, resendMs: 60_000 });
		const got: number[] = [];
		phone.on((e) => e.type === 'message' && got.push(e.message.n));
		for (let n = 0; n < 200; n++) tablet.send({ type: 'page', n });
		await until(() => got.length === 200 && tablet.backlog === 0, 3000, 'every page acknowledged');
		expect(tablet.stats.refused).toBe(0);
		tablet.close();
		phone.close();
	});
});
