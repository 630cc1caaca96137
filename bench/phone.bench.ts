/**
 * The phone as the game grows (issue 19).
 *
 * `phone.save_*`: `SeatStore.save` of a seat holding 250 and 4,000 events, one new event each
 * time (IndexedDB as fake-indexeddb gives it in Node), the median of a chunk's worth of saves
 * each; `phone.save_ratio_4000_250` is their ratio (a save writes the seat's head and the chunk
 * the new event fell in, whatever the length of the game).
 *
 * `phone.update_*`: one update of one new event through the phone's own path — the frame read
 * and checked off a link, the event appended to the seat, the screens told (`onChange`), the
 * seat written to the device — for a seat holding 250 and 4,000 events, the median of a
 * chunk's worth of updates each; the tablet's side is a bare channel answering the handshake.
 * The screen's own part (join/+page.svelte: the feed's newest lines, read from the seat's
 * array without a copy) is not timed here: it needs a browser, and does not depend on the
 * length of the game.
 */
import 'fake-indexeddb/auto';
import type { GameEvent } from '../src/lib/engine/game/types';
import { replay } from '../src/lib/engine/game/game';
import { viewFor } from '../src/lib/engine/game/view';
import { Channel } from '../src/lib/net/channel';
import { memoryPair } from '../src/lib/net/memory';
import { fingerprint, hostProof, newNonce, newTableSecret, publicKeyOf } from '../src/lib/net/pin';
import { PlayerSession } from '../src/lib/net/player';
import { readPlayerFrame, type HostMessage, type PlayerMessage } from '../src/lib/net/protocol';
import { CHUNK, SeatStore } from '../src/lib/net/seat-store';
import { TEST_APP, newGame } from '../src/lib/net/testing';
import { until } from './wall-clock';
import type { Membership, UpdateView } from '../src/lib/store/records';

/** A whole chunk's worth of saves, so both lengths are timed over chunks as full and as empty. */
const TIMED = CHUNK;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;

/** An event of a move's usual size (what it says does not matter to the disk). */
const event = (i: number) => ({ type: 'moved', by: i % 6, dir: 'up', to: { x: i % 40, y: 7 }, wall: false, audience: { to: 'all' } }) as unknown as GameEvent;

async function saveAt(length: number): Promise<number> {
	const database = `phone-bench-${length}-${Math.random()}`;
	const store = new SeatStore(database, async () => null);
	const events = Array.from({ length }, (_, i) => event(i));
	const seat = (): Membership => ({ room: 'ABCDEF', name: 'Ann', key: 'k'.repeat(24), seat: 0, events, nextCmd: 3, pending: null, updatedAt: events.length });
	for (let i = 0; i < 10; i++) {
		events.push(event(events.length));
		await store.save(seat());
	}
	const times: number[] = [];
	for (let i = 0; i < TIMED; i++) {
		events.push(event(events.length));
		const m = seat();
		const t = performance.now();
		await store.save(m);
		times.push(performance.now() - t);
	}
	return median(times);
}

/** A turn's line: what most updates carry. */
const turn = (i: number) => ({ type: 'turn', seat: i % 2, audience: { to: 'all' } }) as GameEvent;

async function updateAt(length: number): Promise<number> {
	const room = 'BENCH1';
	const secret = newTableSecret();
	const key = publicKeyOf(secret);
	const game = newGame(2);
	const { events: _events, ...view } = viewFor(replay(game).state, 0, []);
	const seatView: UpdateView = view;
	// The phone already holds its seat and `length` events (as after a reload in a long game).
	const store = new SeatStore(`phone-bench-update-${length}-${Math.random()}`, async () => null);
	await store.save({ room, name: 'Ann', key: 'k'.repeat(24), pin: fingerprint(key), seat: 0, events: Array.from({ length }, (_, i) => turn(i)), nextCmd: 1, pending: null, names: ['Ann', 'Ben'], started: true, view: seatView, updatedAt: 1 });

	const [hostEnd, phoneEnd] = memoryPair();
	const host = new Channel<PlayerMessage, HostMessage>(hostEnd, readPlayerFrame);
	const hostNonce = newNonce();
	host.on((e) => {
		if (e.type !== 'message') return;
		if (e.message.type === 'hello') host.send({ type: 'proof', key, sig: hostProof(secret, room, e.message.nonce, hostNonce), nonce: hostNonce });
		else if (e.message.type === 'prove') host.send({ type: 'welcome', seat: 0, room });
	});
	let heard = () => {};
	const session = await PlayerSession.open({ room, app: TEST_APP, name: 'Ann', store, rejoin: false, connect: async () => phoneEnd, onChange: () => heard() });
	session.start();
	await until(() => session.status === 'joined', 5000, 'the phone seated');
	const { shape, settings, ...bare } = seatView;
	void shape;
	void settings;
	const send = async () => {
		const have = session.events.length;
		const told = new Promise<void>((resolve) => (heard = () => session.events.length > have && resolve()));
		host.send({ type: 'update', view: bare, from: have, events: [turn(have)] } as HostMessage);
		await told;
		await session.saved();
	};
	for (let i = 0; i < 10; i++) await send();
	const times: number[] = [];
	for (let i = 0; i < TIMED; i++) {
		const t = performance.now();
		await send();
		times.push(performance.now() - t);
	}
	if (session.events.length !== length + 10 + TIMED) throw new Error(`the phone holds ${session.events.length} events`);
	session.close();
	host.close();
	return median(times);
}

export default async () => {
	const short = await saveAt(250);
	const long = await saveAt(4000);
	const updateShort = await updateAt(250);
	const updateLong = await updateAt(4000);
	return [
		{ name: 'phone.save_ms_250', value: round(short), unit: 'ms' },
		{ name: 'phone.save_ms_4000', value: round(long), unit: 'ms' },
		{ name: 'phone.save_ratio_4000_250', value: round(long / short, 2), unit: '×' },
		{ name: 'phone.update_ms_250', value: round(updateShort), unit: 'ms' },
		{ name: 'phone.update_ms_4000', value: round(updateLong), unit: 'ms' },
		{ name: 'phone.update_ratio_4000_250', value: round(updateLong / updateShort, 2), unit: '×' }
	];
};
