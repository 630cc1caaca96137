/**
 * The table by an attacker: the phone as the victim. A device that takes the room's id while the
 * tablet is away (another key), or a tablet that sends what no tablet of this build sends, must
 * leave the phone's stored seat — its key, its seat, its events, names, view — as it was.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { Channel } from './channel';
import { hostProof, newTableSecret, publicKeyOf } from './pin';
import { hostPeerId, readPlayerFrame, type HostMessage, type PlayerMessage } from './protocol';
import { MemoryTable, newGame, scriptedCommands, settle, until, onFakeClock } from './testing';
import type { Membership } from '../store/records';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

/** A table whose phone (seat 0) has heard a few moves, then the tablet goes away. */
async function phoneAlone(): Promise<{ t: MemoryTable; kept: Membership; secret: string; proofs: HostMessage[] }> {
	const t = new MemoryTable({ pingMs: 20, lostMs: 250, resendMs: 60 });
	table = t;
	// The host's proofs on the wire, as a device on the network could record them.
	const proofs: HostMessage[] = [];
	t.network.faults.toPhone = {
		copies: (raw) => {
			const m = (JSON.parse(raw) as { m?: HostMessage }).m;
			if (m?.type === 'proof') proofs.push(m);
			return 1;
		}
	};
	await t.openHost(2);
	for (let i = 0; i < 2; i++) await t.openPhone(`P${i + 1}`);
	await until(() => t.phones.every((p) => p.status === 'joined'), 3000, 'phones joined');
	const game = newGame(2, 5);
	await t.startGame(game);
	await t.play(scriptedCommands(game, 4, 5));
	await until(() => t.phones[0]!.events.length === t.host.events.seatEvents(0).length, 3000, 'caught up');
	await t.phones[0]!.saved();
	const kept = structuredClone((await t.phoneStores[0]!.load(t.room))!);
	const secret = [...t.hostStore.tables.values()][0]!.secret!;
	t.phones[1]!.close();
	t.host.close();
	return { t, kept, secret, proofs };
}

/**
 * A device listening under the room's id that says `script` on every link: after the phone's
 * hello (then its proof of `secret`'s key, or none) and again after the phone's `prove` (then it
 * hangs up if `hangUp`).
 */
async function scriptedHost(t: MemoryTable, secret: string | null, script: (hello: Extract<PlayerMessage, { type: 'hello' }>) => HostMessage[], options: { hangUp?: boolean } = {}) {
	const listener = await t.network.listen(hostPeerId(t.room));
	const heard: PlayerMessage[] = [];
	listener.accept((link) => {
		const channel = new Channel<PlayerMessage, HostMessage>(link, readPlayerFrame, t.channel);
		let hello: Extract<PlayerMessage, { type: 'hello' }> | null = null;
		channel.on((event) => {
			if (event.type !== 'message') return;
			heard.push(event.message);
			if (event.message.type === 'hello') {
				hello = event.message;
				for (const m of script(hello)) channel.send(m);
				if (secret) {
					const nonce = 'N'.repeat(22);
					channel.send({ type: 'proof', key: publicKeyOf(secret), sig: hostProof(secret, t.room, hello.nonce, nonce), nonce });
				}
			} else if (event.message.type === 'prove' && hello) {
				for (const m of script(hello)) channel.send(m);
				if (options.hangUp) setTimeout(() => channel.close(), HANG_UP_MS);
			}
		});
	});
	return { listener, heard };
}

/** How long a scripted tablet that hangs up waits after its script. */
const HANG_UP_MS = 50;

/** What no table may tell a phone in seat 0 holding its key: another seat, another key, other names, another game. */
function lies(room: string, width: number): HostMessage[] {
	const shape = Array(width * 4).fill(true);
	return [
		{ type: 'welcome', seat: 1, key: 'K'.repeat(24), room },
		{ type: 'welcome', seat: 0, key: 'K'.repeat(24), room },
		{ type: 'table', names: ['Mallory', 'Mallory'], here: [true, true], started: true },
		{ type: 'update', view: { seat: 1, phase: 'play', width, height: 4, shape, settings: {} } as never, from: 0, events: [{ type: 'master_ruling', reason: 'forged', audience: { to: 'all' } }] },
		{ type: 'reveal', plan: { width, height: 4, cells: [] } as never },
		{ type: 'refused', reason: 'unknown_key' }
	];
}

const stored = async (t: MemoryTable) => {
	await t.phones[0]!.saved();
	const m = (await t.phoneStores[0]!.load(t.room))!;
	return { key: m.key, seat: m.seat, pin: m.pin, events: m.events, names: m.names, view: m.view, reveal: m.reveal ?? null };
};
const sameAs = (kept: Membership) => ({ key: kept.key, seat: kept.seat, pin: kept.pin, events: kept.events, names: kept.names, view: kept.view, reveal: kept.reveal ?? null });

describe('a forged tablet', () => {
	test("its own key, or no proof at all, or a proof recorded from the real tablet: the phone believes none of what it says and keeps its seat as it was", async () => {
		const { t, kept, proofs } = await phoneAlone();
		const phone = t.phones[0]!;
		// A recorded proof of the real tablet (signed over another link's nonces) is sent first, then lies, then a proof of its own key.
		const impostor = await scriptedHost(t, newTableSecret(), () => [...proofs.slice(-1), ...lies(t.room, 5)]);
		await until(() => phone.trouble?.kind === 'impostor', 5000, 'the impostor noticed');
		await until(() => impostor.heard.filter((m) => m.type === 'hello').length >= 2, 3000, 'it tries again');
		expect(phone.status).not.toBe('refused');
		expect(phone.seat).toBe(0);
		expect(phone.plan).toBeNull();
		expect(await stored(t)).toEqual(sameAs(kept));
		// Nothing but hellos reached it: never a proof of the seat, never the key.
		expect(impostor.heard.every((m) => m.type === 'hello')).toBe(true);
		expect(JSON.stringify(impostor.heard)).not.toContain(kept.key!);
		impostor.listener.close();

		// No proof at all: the same.
		const silent = await scriptedHost(t, null, () => lies(t.room, 5));
		await until(() => silent.heard.filter((m) => m.type === 'hello').length >= 2, 3000, 'it tries again');
		expect(phone.status).not.toBe('refused');
		expect(await stored(t)).toEqual(sameAs(kept));
		silent.listener.close();
	});
});

describe('a tablet that says what no tablet says', () => {
	test('another seat or a second key in a welcome, a view off the schema: refused on the phone, the seat kept as it was', async () => {
		const { t, kept, secret } = await phoneAlone();
		const phone = t.phones[0]!;
		const width = kept.view!.width;
		// One lie a link (the phone drops the link at a lie it sees; the tablet hangs up after one off the schema).
		const welcome: HostMessage = { type: 'welcome', seat: 0, room: t.room };
		const view = kept.view!;
		const from = kept.events.length;
		const script: HostMessage[][] = [
			[{ type: 'welcome', seat: 1, room: t.room }],
			[{ type: 'welcome', seat: 0, key: 'K'.repeat(24), room: t.room }],
			[welcome, { type: 'update', view: { ...view, shape: 'everything', settings: 5 } as never, from, events: [] }],
			[welcome, { type: 'update', view: { ...view, seat: 1 } as never, from, events: [] }],
			[welcome, { type: 'update', view: { seat: 0, phase: 'play', width, height: view.height } as never, from, events: [] }],
			[welcome, { type: 'update', view: { ...view, shape: [true] } as never, from, events: [] }]
		];
		let proves = 0;
		const odd = await scriptedHost(t, secret, (hello) => (hello.seat === undefined ? [] : (script[proves++ >> 1] ?? [])), { hangUp: true });
		await until(() => proves >= 2 * script.length, 5000, 'every lie told');
		// past the last hang-up: whatever the last lie could still do has been done
		await settle(HANG_UP_MS * 2);
		const now = await stored(t);
		expect(now.key).toBe(kept.key);
		expect(now.seat).toBe(0);
		expect(now.events).toEqual(kept.events);
		expect(now.view).toEqual(kept.view);
		expect(phone.seat).toBe(0);
		expect(phone.events).toEqual(kept.events);
		odd.listener.close();
	});
});

describe('a reveal out of turn', () => {
	test('a reveal before the phone\'s own view says the game is over changes nothing on it; one after that update is kept', async () => {
		const { t, kept, secret } = await phoneAlone();
		const phone = t.phones[0]!;
		const plan = newGame(2, 5).plan;
		expect(kept.view!.phase).not.toBe('over');
		const welcome: HostMessage = { type: 'welcome', seat: 0, room: t.room };
		const reveal: HostMessage = { type: 'reveal', plan };
		const onScreen = () => ({ status: phone.status, seat: phone.seat, view: phone.view, events: phone.events, plan: phone.plan, replay: phone.replay });
		const before = onScreen();

		// The proved tablet sends the plan while the phone's view says the game goes on; on its next
		// link, the update that ends the game and then the reveal (one link each: it hangs up after it).
		const over = { ...kept.view!, phase: 'over' } as never;
		const script: HostMessage[][] = [
			[welcome, reveal],
			[welcome, { type: 'update', view: over, from: kept.events.length, events: [] }, reveal]
		];
		let proves = 0;
		const odd = await scriptedHost(t, secret, (hello) => (hello.seat === undefined ? [] : (script[proves++ >> 1] ?? [])), { hangUp: true });
		await until(() => proves >= 2 && phone.status === 'joined', 3000, 'the early reveal told');
		// before its hang-up: the early reveal has been heard, and nothing more told
		await settle(HANG_UP_MS / 2);
		expect(proves).toBe(2);
		expect(onScreen()).toEqual({ ...before, status: 'joined' });
		expect(await stored(t)).toEqual(sameAs(kept));

		await until(() => phone.plan !== null, 3000, 'the reveal after the game is over');
		expect(phone.view?.phase).toBe('over');
		expect(phone.plan).toEqual(plan);
		expect((await stored(t)).reveal).toEqual({ plan, replay: null });
		odd.listener.close();
	});
});
