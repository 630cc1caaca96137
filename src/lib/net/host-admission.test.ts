/**
 * Admission: who sits at the table. The decisions apart from any link (the handshake's answer,
 * a proof weighed, a request for a seat), then the same through a table of phones: a new phone
 * waits for the master, a forged key takes no seat, a flood of strangers fills none.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HostSession } from './host';
import {
	MAX_UNSEATED_MESSAGES,
	MAX_WAITING,
	admission,
	answerHello,
	newHandshake,
	tableFull,
	talksTooMuch,
	withNewSeat,
	type Door,
	type Hello
} from './host-admission';
import { checkHostProof, fingerprint, newNonce, publicKeyOf, seatProof } from './pin';
import { PROTOCOL_VERSION, newSeatKey } from './protocol';
import type { TableRecord } from '../store/records';
import { TEST_APP, onFakeClock, seatedTables, settle, until } from './testing';

onFakeClock();

const ROOM = 'ABCDEF';

/** A table of `names` seated (the last `bots` of them played by the tablet), seating `capacity`. */
function tableOf(names: string[], capacity: number, bots = 0): TableRecord {
	const table = HostSession.newTable(ROOM, capacity, 0);
	table.seats = names.map((name, i) => ({ name, key: newSeatKey(), lastCmd: 0, lastResult: null, ...(i >= names.length - bots ? { bot: 'wanderer' as const } : {}) }));
	return table;
}

function doorOf(table: TableRecord): Door {
	return { table, publicKey: publicKeyOf(table.secret!), app: TEST_APP };
}

function helloOf(seat?: number, app = TEST_APP, protocol = PROTOCOL_VERSION): Hello {
	return { type: 'hello', protocol, app, name: 'Vera', nonce: newNonce(), have: 0, ...(seat === undefined ? {} : { seat }) };
}

describe('the answer to a hello', () => {
	test('the phone can check the table\'s key against the pin it holds; a phone of another version is refused after the proof, and its hello is not kept', () => {
		const door = doorOf(tableOf([], 4));
		const handshake = newHandshake(false);
		const hello = helloOf();
		const { proof, refusal } = answerHello(door, handshake, hello);
		expect(refusal).toBeNull();
		expect(proof.type).toBe('proof');
		if (proof.type !== 'proof') return;
		expect(checkHostProof(fingerprint(proof.key), proof.key, proof.sig, ROOM, hello.nonce, proof.nonce)).toBe(true);
		expect(checkHostProof(fingerprint(proof.key), proof.key, proof.sig, 'OTHERS', hello.nonce, proof.nonce)).toBe(false);
		expect(handshake.hello).toEqual({ message: hello, nonce: proof.nonce });

		for (const other of [helloOf(undefined, 'old-build'), helloOf(undefined, TEST_APP, PROTOCOL_VERSION - 1)]) {
			const fresh = newHandshake(false);
			const answer = answerHello(door, fresh, other);
			expect(answer.proof.type).toBe('proof');
			expect(answer.refusal).toBe('version');
			expect(fresh.hello).toBeNull();
		}
	});
});

describe('a proof weighed', () => {
	/** The seat's proof as its phone makes it over the handshake under way. */
	function proved(door: Door, seat: number, key = door.table.seats[seat]!.key) {
		const handshake = newHandshake(false);
		const hello = helloOf(seat);
		const { proof } = answerHello(door, handshake, hello);
		if (proof.type !== 'proof') throw new Error('no proof');
		return { handshake, mac: seatProof(key, ROOM, hello.nonce, proof.nonce) };
	}

	test('property: a seat is taken only with its own key, never a computer\'s, and each handshake serves once', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 5 }), fc.nat(4), fc.nat(5), fc.boolean(), (players, bots, claimed, forged) => {
				const names = Array.from({ length: players + Math.min(bots, 6 - players) }, (_, i) => `P${i}`);
				const door = doorOf(tableOf(names, 6, names.length - players));
				const seat = claimed % names.length;
				const { handshake, mac } = proved(door, seat, forged ? newSeatKey() : undefined);
				const decided = admission(door, handshake, { type: 'prove', mac }, null, null, 0);
				const isBot = seat >= players;
				expect(decided).toEqual(forged || isBot ? { do: 'refuse', reason: 'unknown_key' } : { do: 'seat', seat, have: 0 });
				// The handshake is used up: the same proof again is a proof without a hello.
				expect(admission(door, handshake, { type: 'prove', mac }, null, null, 0)).toEqual({ do: 'refuse', reason: 'not_joined' });
			})
		);
	});

	test('a link holding one seat may not prove another, nor ask for a second', () => {
		const door = doorOf(tableOf(['A', 'B'], 4));
		const { handshake, mac } = proved(door, 1);
		expect(admission(door, handshake, { type: 'prove', mac }, 0, null, 0)).toEqual({ do: 'refuse', reason: 'malformed' });
		const again = proved(door, 0);
		expect(admission(door, again.handshake, { type: 'prove', mac: again.mac }, 0, null, 0)).toEqual({ do: 'seat', seat: 0, have: 0 });
		const asking = newHandshake(false);
		answerHello(door, asking, helloOf());
		expect(admission(door, asking, { type: 'prove' }, 0, null, 0)).toEqual({ do: 'refuse', reason: 'malformed' });
	});

	test('property: a new phone is refused at a full table, seated at once when the master paired it, told busy when the list is full, else waits', () => {
		fc.assert(
			fc.property(fc.nat(6), fc.integer({ min: 1, max: 6 }), fc.option(fc.integer({ min: 1, max: 6 })), fc.boolean(), fc.nat(MAX_WAITING + 2), (seated, capacity, gameSeats, paired, waiting) => {
				const table = tableOf(Array.from({ length: seated }, (_, i) => `P${i}`), capacity);
				const door = doorOf(table);
				const handshake = newHandshake(paired);
				answerHello(door, handshake, helloOf());
				const decided = admission(door, handshake, { type: 'prove' }, null, gameSeats, waiting);
				const full = seated >= (gameSeats ?? capacity);
				expect(tableFull(table, gameSeats)).toBe(full);
				if (full) expect(decided).toEqual({ do: 'refuse', reason: 'table_full' });
				else if (paired) expect(decided).toEqual({ do: 'seat_new', name: 'Vera' });
				else if (waiting >= MAX_WAITING) expect(decided).toEqual({ do: 'refuse', reason: 'busy' });
				else expect(decided).toEqual({ do: 'wait', name: 'Vera' });
			})
		);
	});

	test('a link without a seat may say a dozen things at most; a seated one is not counted', () => {
		const handshake = newHandshake(false);
		const said = Array.from({ length: MAX_UNSEATED_MESSAGES + 3 }, () => talksTooMuch(handshake, false));
		expect(said.indexOf(true)).toBe(MAX_UNSEATED_MESSAGES);
		const seated = newHandshake(false);
		for (let i = 0; i < 3 * MAX_UNSEATED_MESSAGES; i++) expect(talksTooMuch(seated, true)).toBe(false);
	});

	test('a new seat goes after the others with a fresh key, and the table it came from is unchanged', () => {
		const table = tableOf(['A', 'B'], 4);
		const before = structuredClone(table);
		const { table: next, seat } = withNewSeat(table, 'C', 5);
		expect(seat).toBe(2);
		expect(next.seats.map((s) => s.name)).toEqual(['A', 'B', 'C']);
		expect(next.seats[2]!.key).toMatch(/^[A-Za-z0-9_-]{24}$/);
		expect(next.seats.slice(0, 2).map((s) => s.key)).not.toContain(next.seats[2]!.key);
		expect(next.updatedAt).toBe(5);
		expect(table).toEqual(before);
	});
});

const seatedTable = seatedTables();

describe('joining', () => {
	test('phones get seats in the order they join, with keys, and the host sees them arrive', async () => {
		const t = await seatedTable(3);
		expect(t.host.names).toEqual(['P1', 'P2', 'P3']);
		expect(t.phones.map((p) => p.seat)).toEqual([0, 1, 2]);
		await until(() => t.host.presence().every((p) => p.here));
		const keys = [...t.hostStore.tables.values()][0]!.seats.map((s) => s.key);
		expect(new Set(keys).size).toBe(3);
		await until(() => t.phones[0]!.names.length === 3);
		expect(t.phones[0]!.here).toEqual([true, true, true]);
	});

	test('a phone of another version is told to update', async () => {
		const t = await seatedTable(0);
		const phone = await t.openPhone('Old', 0, 'test-0');
		await until(() => phone.status === 'refused');
		expect(phone.refusal).toBe('version');
		expect(phone.hostApp).toBe(TEST_APP);
		expect(t.host.names).toEqual([]);
	});

	test('a full table refuses one more phone', async () => {
		const t = await seatedTable(2, 2);
		const extra = await t.openPhone('Late');
		await until(() => extra.status === 'refused');
		expect(extra.refusal).toBe('table_full');
	});
});

describe('admission', () => {
	test('a forged seat key is refused and takes no seat', async () => {
		const t = await seatedTable(1, 3);
		const store = t.phoneStores[0]!;
		const kept = (await store.load(t.room))!;
		const forger = await t.openPhone('Forger', 1);
		forger.close();
		await t.phoneStores[1]!.save({ ...kept, key: 'A'.repeat(24), name: 'Forger', seat: 0, events: [] });
		const again = await t.openPhone('Forger', 1);
		await until(() => again.status === 'refused');
		expect(again.refusal).toBe('unknown_key');
	});

	test('a new phone waits for the master; refused, it hears nothing of the table; admitted, it gets its seat and key once', async () => {
		const t = await seatedTable(1, 3);
		t.autoAdmit = false;
		const stranger = await t.openPhone('Mallory');
		await until(() => stranger.status === 'waiting', 3000, 'waiting');
		expect(t.host.waiting.map((w) => w.name)).toEqual(['Mallory']);
		expect(stranger.names).toEqual([]);
		await t.host.turnAway(t.host.waiting[0]!.id);
		await until(() => stranger.status === 'refused');
		expect(stranger.refusal).toBe('not_admitted');
		expect(stranger.names).toEqual([]);
		expect(stranger.seat).toBeNull();
		expect(t.host.names).toEqual(['P1']);

		const friend = await t.openPhone('Boris');
		await until(() => t.host.waiting.length === 1, 3000, 'asking');
		await t.host.admit(t.host.waiting[0]!.id);
		await until(() => friend.status === 'joined');
		expect(friend.seat).toBe(1);
		// a reload proves the seat: no approval needed again
		friend.close();
		const again = await t.openPhone('Boris', 2);
		await until(() => again.status === 'joined');
		expect(again.seat).toBe(1);
		expect(t.host.waiting).toEqual([]);
	});

	test('a flood of strangers fills no seat: they wait (then are told busy), and the real player is admitted by name', async () => {
		const t = await seatedTable(0, 2);
		t.autoAdmit = false;
		const flood = [];
		for (let i = 0; i < 30; i++) flood.push(await t.openPhone(`Bot ${i}`));
		await until(() => t.host.waiting.length === MAX_WAITING, 5000, 'the waiting list full');
		expect(t.host.names).toEqual([]);
		// the master refuses the strangers he does not know; the real player is then heard and admitted
		const real = await t.openPhone('Alice');
		// told busy, the real phone says the waiting list is full (issue 32), not that no table answered
		await until(() => real.trouble?.kind === 'waiting_full', 5000, 'the phone told the list is full');
		for (let round = 0; round < 10 && !t.host.waiting.some((w) => w.name === 'Alice'); round++) {
			for (const w of t.host.waiting) await t.host.turnAway(w.id);
			await settle(60);
		}
		const alice = t.host.waiting.find((w) => w.name === 'Alice');
		expect(alice).toBeDefined();
		await t.host.admit(alice!.id);
		await until(() => real.status === 'joined');
		expect(real.trouble).toBeNull();
		expect(t.host.names).toEqual(['Alice']);
		for (const bot of flood) bot.close();
	});
});
