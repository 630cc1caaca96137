// Issue 18: a phone paired by QR codes (no server, so no way to make its link again alone) comes
// back to its seat by itself where the platform allows it — the same direct link, heard again
// after a silence (a phone out of range for a while, its screen off) — and the seat is away, not
// lost, meanwhile. A link silent past its hold is closed, and one scan of the tablet's new code
// brings the phone back (join/+page.svelte, seat.svelte.ts `joinByOffer`).
import { afterEach, describe, expect, test } from 'vitest';
import type { ChannelOptions } from './channel';
import { Channel, QUIET_MS } from './channel';
import { HostSession } from './host';
import { memoryPair } from './memory';
import { PlayerSession } from './player';
import { readHostFrame } from './protocol';
import { MemoryHostStore, MemoryPhoneStore } from './session-records';
import { TEST_APP, newGame, scriptedCommands, settle, settled, until, onFakeClock } from './testing';

onFakeClock();

/** A direct link's timing, shortened: away after 150 ms of silence, given up after 3 s. */
const DIRECT: ChannelOptions = { pingMs: 20, quietMs: 150, lostMs: 3000, resendMs: 50 };

let closers: (() => void)[] = [];
afterEach(() => {
	for (const f of closers) f();
	closers = [];
});

async function pairedTable(channel: ChannelOptions) {
	const store = new MemoryHostStore();
	const table = HostSession.newTable('QRROOM', 2);
	await store.saveTable(table);
	const host = await HostSession.open({ app: TEST_APP, store, table, channel });
	const phones = [] as { session: PlayerSession; link: ReturnType<typeof memoryPair>[1] }[];
	for (const name of ['Anna', 'Boris']) {
		// the master read this phone's answer: one link, made once (a QR link cannot be made again alone)
		const [hostEnd, phoneEnd] = memoryPair('host', name);
		let used = false;
		const session = await PlayerSession.open({
			room: 'QRROOM',
			app: TEST_APP,
			name,
			pin: host.pin,
			store: new MemoryPhoneStore(),
			rejoin: false,
			channel,
			connect: async () => {
				if (used) throw new Error('a QR link cannot be made again alone');
				used = true;
				return phoneEnd;
			}
		});
		host.attach(hostEnd, { paired: true });
		session.start();
		await until(() => session.status === 'joined', 3000, `${name} seated`);
		phones.push({ session, link: phoneEnd });
	}
	closers.push(() => host.close(), ...phones.map((p) => () => p.session.close()));
	return { host, phones, store };
}

const cut = (link: { severed: boolean; other?: unknown }, severed: boolean) => {
	link.severed = severed;
	(link as unknown as { other: { severed: boolean } }).other.severed = severed;
};

describe('a phone paired by QR codes (issue 18)', () => {
	test('after a silence on the same direct link it is away, then back in its seat by itself; a command made meanwhile is applied once', async () => {
		const { host, phones, store } = await pairedTable(DIRECT);
		const game = newGame(2);
		store.games.set('g1', game);
		await host.start('g1', game);
		const commands = scriptedCommands(game, 4);
		const first = commands[0]!;
		const by = (first as { by: number }).by;
		const phone = phones[by]!;
		await until(() => phone.session.started, 2000, 'the game reached the phone');

		// Out of range: nothing crosses either way.
		cut(phone.link, true);
		await until(() => phone.session.status === 'away', 2000, 'the phone says the tablet is away');
		await until(() => host.presence()[by]!.here === false, 2000, 'the tablet says the seat is away');
		const answered = phone.session.send(first);
		// several of its resends fall due while the link is cut: none of them arrives
		await settle(DIRECT.resendMs! * 4);
		expect(host.record!.game.log).toEqual([]);

		// Back in range on the same link: no new pairing, no rejoin.
		cut(phone.link, false);
		expect(await settled(answered)).toEqual({ ok: true });
		await until(() => phone.session.status === 'joined' && host.presence()[by]!.here, 2000, 'back in its seat');
		expect(host.record!.game.log).toEqual([first]);
		expect(phone.session.joins).toBe(1);
		await until(() => phones.every((p) => p.session.events.length > 0), 2000, 'both phones heard the move');
	});

	test('a phone whose frames stop arriving (its link open, nobody closing anything) is away at the tablet once the quiet time has passed, not before', async () => {
		// The e2e test (net.e2e.ts) sees it over real links; the deadline is checked here, on the clock it means.
		const { host, phones } = await pairedTable({});
		const phone = phones[1]!;
		await settle(1000);
		// its own sends are lost from now on; the tablet's still reach it
		phone.link.severed = true;
		await settle(QUIET_MS - 500);
		expect(host.presence()[1]!.here, 'away before the quiet time').toBe(true);
		await until(() => host.presence()[1]!.here === false, 3000, 'the tablet says the silent seat is away');
		expect(host.presence()[0]!.here).toBe(true);
	});

	test('a direct link silent past its hold is closed: the phone is away and keeps its seat for the next scan', async () => {
		const { host, phones } = await pairedTable({ ...DIRECT, lostMs: 400 });
		const phone = phones[0]!;
		cut(phone.link, true);
		await until(() => phone.session.channel === null, 3000, 'the link given up');
		expect(phone.session.status).toBe('away');
		expect(phone.session.seat).toBe(0);
		expect(host.presence()[0]!.here).toBe(false);
	});

	test('a channel over a link that cannot be made again alone holds it longer than one that can', () => {
		const [manualEnd] = memoryPair();
		Object.defineProperty(manualEnd, 'kind', { value: 'manual' });
		const direct = new Channel(manualEnd, readHostFrame, { pingMs: 1000 });
		const [peerEnd] = memoryPair();
		const signalled = new Channel(peerEnd, readHostFrame, { pingMs: 1000 });
		const lostOf = (c: object) => c as unknown as { lostMs: number; quietMs: number };
		expect(lostOf(direct).quietMs).toBe(lostOf(signalled).quietMs);
		expect(lostOf(direct).lostMs).toBeGreaterThan(lostOf(direct).quietMs * 5);
		expect(lostOf(signalled).lostMs).toBe(lostOf(signalled).quietMs);
		direct.close();
		signalled.close();
	});
});
