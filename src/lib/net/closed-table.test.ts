// Issue 29, what was left: a phone that was away (its page closed, its screen locked, out of
// range) when the master opened a new table learns, when it comes back, that its table was
// closed — from the tablet, which keeps answering the closed table's room with `closed` and
// nothing else — keeps everything it heard, and no longer looks for that table.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { LabyrinthDatabase } from '../store/db';
import type { Membership, TableRecord } from '../store/records';
import { SeatLink } from './seat.svelte';
import { SeatStore } from './seat-store';
import { HostSession } from './host';
import type { Link } from './link';
import { CLOSED_ANSWERED_MS, CLOSED_ANSWERED_TABLES, recentlyClosedTables } from './table-registry';
import { MemoryTable, newGame, onFakeClock, rogue, scriptedCommands, settle, settled, until } from './testing';

/** Every message the host sends on the links it takes, with the link's number. */
function recorder() {
	const heard: { link: number; message: { type: string; reason?: string } }[] = [];
	let links = 0;
	const spy = (link: Link): Link => {
		const n = links++;
		const send = link.send.bind(link);
		link.send = (data: string) => {
			const frame = JSON.parse(data) as { m?: { type: string; reason?: string } };
			if (frame.m) heard.push({ link: n, message: frame.m });
			send(data);
		};
		return link;
	};
	return { heard, spy, links: () => links };
}

describe('a phone that comes back to a closed table', () => {
	onFakeClock();
	let t: MemoryTable | null = null;
	afterEach(() => {
		t?.close();
		t = null;
	});

	test('its page closed while the master opened a new table: opened again, it is told the table is closed, in nothing but the proof and `closed`, and keeps what it heard', async () => {
		t = new MemoryTable();
		await t.openHost();
		await t.seatInTurn(2);
		const game = newGame(2);
		await t.startGame(game);
		await t.play(scriptedCommands(game, 6));
		await settle(200);
		const heard = t.phones[1]!.events.slice();
		expect(heard.length).toBeGreaterThan(0);
		// Boris's page is closed; then the master opens a new table
		t.phones[1]!.close();
		await settled(t.host.closeForGood(20));
		const { heard: frames, spy } = recorder();
		await t.answerAsClosed(spy);

		const boris = await t.openPhone('P2', 1);
		await until(() => boris.status === 'refused', 3000, 'Boris told');
		expect(boris.refusal).toBe('closed');
		expect(boris.seat).toBe(1);
		expect(boris.events).toEqual(heard);
		// what the closed table said: its proof (so that the phone believes it) and `closed`; no names, no events, no view
		expect(frames.map((f) => f.message.type)).toEqual(['proof', 'refused']);
		expect(frames[1]!.message.reason).toBe('closed');
		await settled(boris.saved());
		const kept = t.phoneStores[1]!.memberships.get(t.room)!;
		expect(kept.closed).toBe(true);
		expect(kept.events).toEqual(heard);
		// nothing more is played there: a command is answered at once and not kept to wait for ever
		expect(await boris.send({ type: 'status', by: 1 })).toEqual({ ok: false, reason: 'closed' });
		expect(boris.pending).toBeNull();
		expect(t.hostErrors).toEqual([]);
	});

	test('a seat known closed is not looked for again: opened once more, it says so at once and makes no link', async () => {
		t = new MemoryTable();
		await t.openHost();
		await t.seatInTurn(1);
		t.phones[0]!.close();
		const { spy, links } = recorder();
		await t.answerAsClosed(spy);
		const first = await t.openPhone('P1', 0);
		await until(() => first.status === 'refused', 3000, 'told');
		await settled(first.saved());
		first.close();
		const before = links();
		const again = await t.openPhone('P1', 0);
		expect(again.status).toBe('refused');
		expect(again.refusal).toBe('closed');
		await settle(1000);
		expect(links()).toBe(before);
	});

	test('out of range while the table closed: the phone, still trying, is told once it reaches the tablet again', async () => {
		t = new MemoryTable();
		await t.openHost();
		await t.seatInTurn(2);
		// the tablet's page goes (the phones say it is away), and comes back running a new table
		t.host.close();
		await until(() => t!.phones.every((p) => p.status === 'away'), 3000, 'phones away');
		await t.answerAsClosed();
		await until(() => t!.phones.every((p) => p.status === 'refused'), 3000, 'phones told');
		expect(t.phones.map((p) => p.refusal)).toEqual(['closed', 'closed']);
		expect(t.phones.map((p) => p.seat)).toEqual([0, 1]);
	});

	test('a closed table seats nobody: a new phone asking is told `closed`, a wrong seat proof `unknown_key`', async () => {
		t = new MemoryTable();
		await t.openHost();
		await t.answerAsClosed();
		const stranger = rogue(t);
		await stranger.join('Eve');
		await until(() => stranger.answers.some((a) => a.type === 'refused'), 3000, 'the answer');
		expect(stranger.answers.filter((a) => a.type !== 'proof')).toEqual([{ type: 'refused', reason: 'closed' }]);
		const liar = rogue(t);
		await liar.join('Eve', { seat: 0, key: 'AAAAAAAAAAAAAAAAAAAAAAAA' });
		await until(() => liar.answers.some((a) => a.type === 'refused'), 3000, 'the answer');
		expect(liar.answers.filter((a) => a.type !== 'proof')).toEqual([{ type: 'refused', reason: 'unknown_key' }]);
	});
});

describe('the closed tables the tablet still answers', () => {
	let db: LabyrinthDatabase | null = null;
	afterEach(async () => {
		await db?.delete();
		db = null;
	});
	const table = (room: string, updatedAt: number, extra: Partial<TableRecord> = {}): TableRecord => ({ ...HostSession.newTable(room, 4, 1), updatedAt, ...extra });

	test('those closed within the time, newest closed first, a few at most; never an open one', async () => {
		db = new LabyrinthDatabase(`closed-${Math.random()}`);
		const now = 10 * CLOSED_ANSWERED_MS;
		const rooms = ['AAAAAAAAAAAA', 'BBBBBBBBBBBB', 'CCCCCCCCCCCC', 'DDDDDDDDDDDD', 'EEEEEEEEEEEE'];
		await db.hostTables.bulkPut([
			table('OPENOPENOPEN', now),
			table('OLDOLDOLDOLD', now - CLOSED_ANSWERED_MS, { closedAt: now - CLOSED_ANSWERED_MS }),
			...rooms.map((room, i) => table(room, now - 1000 * i, { closedAt: now - 100 * (rooms.length - i) }))
		]);
		const answered = (await recentlyClosedTables(db, now)).map((t) => t.room);
		expect(answered).toEqual(rooms.slice().reverse().slice(0, CLOSED_ANSWERED_TABLES));
		expect(await recentlyClosedTables(db, now + CLOSED_ANSWERED_MS)).toEqual([]);
	});
});

describe("a closed table's seat on the phone", () => {
	const seat = (room: string, updatedAt: number, extra: Partial<Membership> = {}): Membership => ({
		room,
		name: 'Anna',
		key: 'k',
		seat: 0,
		events: [],
		nextCmd: 1,
		pending: null,
		updatedAt,
		...extra
	});

	test('is not where a bare /join goes back to: the newest seat whose table is neither closed nor over', async () => {
		// the device's own seats (SeatLink reads them), in fake-indexeddb
		const seats = new SeatStore();
		for (const room of ['AAAAAAAAAAAA', 'BBBBBBBBBBBB', 'CCCCCCCCCCCC']) await seats.forget(room);
		await seats.save(seat('AAAAAAAAAAAA', 10));
		await seats.save(seat('BBBBBBBBBBBB', 20, { closed: true }));
		expect(await SeatLink.latest()).toEqual({ room: 'AAAAAAAAAAAA', name: 'Anna' });
		await seats.save(seat('AAAAAAAAAAAA', 30, { closed: true }));
		await seats.save(seat('CCCCCCCCCCCC', 5, { view: { phase: 'over' } as Membership['view'] }));
		expect(await SeatLink.latest()).toBeNull();
		// kept all the same, to be read
		expect((await seats.load('BBBBBBBBBBBB'))?.closed).toBe(true);
	});
});
