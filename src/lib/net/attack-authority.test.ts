/**
 * The table by an attacker: taking what is not its own. A hostile device that heard a phone's
 * handshake, holds a key of another table or another seat, or sits at the table itself cannot
 * take another seat, act for another seat or a computer's, or make the master's acts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { newNonce, seatProof } from './pin';
import { PROTOCOL_VERSION } from './protocol';
import { MemoryTable, TEST_APP, newGame, rogue, until, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

type Sent = { type: string; nonce?: string; mac?: string; seat?: number };

async function seatedTable(): Promise<{ t: MemoryTable; heard: Sent[] }> {
	const t = new MemoryTable();
	table = t;
	// Everything the phones send, as a device on the same network could record it.
	const heard: Sent[] = [];
	t.network.faults.toHost = { copies: (raw) => ((JSON.parse(raw) as { m?: Sent }).m && heard.push((JSON.parse(raw) as { m: Sent }).m), 1) };
	await t.openHost(3);
	await t.joinPhones(2);
	// P1 comes back once, proving its seat (its hello and MAC are on the wire now).
	t.phones[0]!.drop();
	await until(() => t.phones[0]!.status === 'joined' && t.phones[0]!.joins === 2, 3000, 'P1 back');
	return { t, heard };
}

const refusedAs = (r: ReturnType<typeof rogue>, reason: string) => r.answers.some((a) => a.type === 'refused' && a.reason === reason);

describe('claiming a seat that is not its own', () => {
	test("a recorded hello and MAC, replayed on a new link: the host's fresh nonce makes the MAC worthless", async () => {
		const { t, heard } = await seatedTable();
		const hello = heard.filter((m) => m.type === 'hello' && m.seat === 0).at(-1)!;
		const prove = heard.filter((m) => m.type === 'prove' && m.mac).at(-1)!;
		expect(hello.nonce).toBeDefined();
		const thief = rogue(t);
		thief.message(hello);
		await until(() => thief.answers.some((a) => a.type === 'proof'), 2000, 'the proof');
		expect(thief.answers.find((a) => a.type === 'proof')!.nonce).not.toBe(undefined);
		thief.message(prove);
		await until(() => refusedAs(thief, 'unknown_key'), 2000, 'refused');
		expect(thief.answers.some((a) => a.type === 'welcome' || a.type === 'update' || a.type === 'table')).toBe(false);
		expect(t.host.presence()[0]!.here).toBe(true);
	});

	test("the right key for another room (a table of an earlier game), another seat's key, and a key for a seat nobody holds: each refused", async () => {
		const { t } = await seatedTable();
		const keys = [...t.hostStore.tables.values()][0]!.seats.map((s) => s.key);
		const attempts = [
			{ seat: 0, key: keys[0]!, room: 'OTHERROOM123' },
			{ seat: 0, key: keys[1]!, room: t.room },
			{ seat: 2, key: keys[0]!, room: t.room },
			{ seat: 2 ** 31, key: keys[0]!, room: t.room }
		];
		for (const { seat, key, room } of attempts) {
			const r = rogue(t);
			const nonce = newNonce();
			r.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'Eve', seat, nonce, have: 0 });
			await until(() => r.answers.some((a) => a.type === 'proof'), 2000, 'the proof');
			r.message({ type: 'prove', mac: seatProof(key, room, nonce, r.answers.find((a) => a.type === 'proof')!.nonce!) });
			await until(() => refusedAs(r, 'unknown_key'), 2000, 'refused');
			expect(r.answers.some((a) => a.type === 'welcome')).toBe(false);
		}
		expect(t.host.names).toEqual(['P1', 'P2']);
	});

	test('guessing: a link may try a handful of MACs before it is closed; a seated phone cannot prove another seat on its link', async () => {
		const { t } = await seatedTable();
		const keys = [...t.hostStore.tables.values()][0]!.seats.map((s) => s.key);
		const guesser = rogue(t);
		for (let i = 0; i < 30; i++) {
			guesser.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'Eve', seat: 0, nonce: newNonce(), have: 0 });
			guesser.message({ type: 'prove', mac: 'A'.repeat(43) });
		}
		await until(() => guesser.link.state === 'closed', 2000, 'closed');
		expect(guesser.answers.filter((a) => a.type === 'proof').length).toBeLessThanOrEqual(6);
		// Seated as P2, it proves P2 again with P2's key but names seat 0: refused, still P2.
		const p2 = rogue(t);
		await p2.join('P2', { seat: 1, key: keys[1]! });
		await until(() => p2.answers.some((a) => a.type === 'welcome'), 2000, 'seated');
		const nonce = newNonce();
		p2.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'P2', seat: 0, nonce, have: 0 });
		await until(() => p2.answers.filter((a) => a.type === 'proof').length === 2, 2000, 'the proof');
		p2.message({ type: 'prove', mac: seatProof(keys[1]!, t.room, nonce, p2.answers.filter((a) => a.type === 'proof')[1]!.nonce!) });
		await until(() => refusedAs(p2, 'unknown_key'), 2000, 'refused');
		expect(p2.answers.filter((a) => a.type === 'welcome').every((w) => w.seat === 1)).toBe(true);
	});
});

describe('acting for another', () => {
	test("a seated phone's commands for another seat, for the computer's seat, and the master's acts: refused, nothing changes", async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(3);
		await t.openPhone('P1');
		await until(() => t.phones[0]!.status === 'joined', 3000, 'P1');
		const game = newGame(2, 4);
		t.hostStore.games.set('g1', game);
		await t.host.start('g1', game, [{ name: 'Computer', level: 'explorer' }]);
		const before = JSON.stringify(t.host.state);
		const first = t.host.state!.order[0]!;
		const cell = t.host.state!.board.cellList[0]!;
		// The computer's seat, by the phone's own link: not its seat.
		const forged = [
			{ type: 'choose_start', by: 1, cell },
			{ type: 'status', by: 1 },
			{ type: 'take_break', by: 1 }
		];
		for (const command of forged) expect(await t.phones[0]!.send(command as never)).toEqual({ ok: false, reason: 'not_your_seat' });
		// The master's acts are not in a phone's language at all.
		for (const command of [
			{ type: 'confirm_starts', by: 'master' },
			{ type: 'undo', by: 'master', reason: 'x' },
			{ type: 'ruling', by: 'master', reason: 'x' },
			{ type: 'invalidate_starts', by: 'master', seats: [0] }
		])
			expect(await t.phones[0]!.send(command as never)).toEqual({ ok: false, reason: 'malformed' });
		expect(JSON.stringify(t.host.state)).toBe(before);
		expect(t.host.record!.game.log).toEqual([]);
		// Its own seat, in its turn, goes.
		if (first === 0) expect(await t.phones[0]!.send({ type: 'choose_start', by: 0, cell })).toEqual({ ok: true });
	});
});
