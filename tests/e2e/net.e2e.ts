// Issue 6 acceptance over loopback in Chromium: a host and three phones in separate contexts
// play a scripted game through the self-hosted PeerServer; each phone's events equal the
// engine's for its seat, in order. Faults each in their own test: a phone closed and reopened,
// the host reloaded, the tablet's page dying between its write of a move and its answer, the
// server stopped, frames duplicated and reordered on the real links.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Command } from '../../src/lib/engine/game/types';
import { engineEventsFor, newGame, scriptedCommands } from '../../src/lib/net/testing';
import {
	beginGame,
	joinPlayer,
	launchForNet,
	openHost,
	playCommands,
	seatEvents,
	startTableServer,
	tableContext,
	waitAllHere,
	waitForEvents,
	type NetWindow
} from './support/net-table';
import { storedData } from './support/player-screen';

let browser: Browser;
let server: { origin: string; close: () => Promise<void> } | null = null;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
	browser = await launchForNet();
});
afterAll(async () => {
	await browser?.close();
});
afterEach(async () => {
	for (const c of contexts) await c.close().catch(() => undefined);
	contexts = [];
	await server?.close();
	server = null;
});

interface Table {
	host: Page;
	room: string;
	phones: Page[];
	phoneContexts: BrowserContext[];
}

async function seatTable(players: number): Promise<Table> {
	server = await startTableServer();
	const hostContext = await tableContext(browser, server.origin, 'tablet');
	contexts.push(hostContext);
	const { page: host, room } = await openHost(hostContext, 'local');
	const phones: Page[] = [];
	const phoneContexts: BrowserContext[] = [];
	for (let i = 0; i < players; i++) {
		const context = await tableContext(browser, server.origin);
		contexts.push(context);
		phoneContexts.push(context);
		phones.push(await joinPlayer(context, host, `Player ${i + 1}`));
	}
	await waitAllHere(host, players);
	return { host, room, phones, phoneContexts };
}

/** Every phone ends with the engine's events for its seat; the host's record is the script. */
async function expectSameHistory(t: Table, game: ReturnType<typeof newGame>, log: Command[]): Promise<void> {
	for (let seat = 0; seat < t.phones.length; seat++) {
		const expected = engineEventsFor(game, log, seat);
		await waitForEvents(t.phones[seat]!, expected.length);
		expect(await seatEvents(t.phones[seat]!), `seat ${seat}`).toEqual(expected);
	}
	const record = await t.host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game.log);
	expect(record).toEqual(log);
}

const SCRIPT = 60;

describe('through the self-hosted PeerServer', { timeout: 180_000 }, () => {
	test('a host and three phones join and play a scripted game; each phone gets exactly its seat’s events, in order', async () => {
		const t = await seatTable(3);
		expect(await t.host.getByTestId('presence').locator('li[data-here="yes"]').count()).toBe(3);
		const game = newGame(3, 21);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, SCRIPT, 5);
		await playCommands(t.host, t.phones, log);
		await expectSameHistory(t, game, log);
		// The diagnostics panel names the transport and shows a round trip.
		await t.phones[0]!.getByTestId('diagnostics').locator('summary').click();
		const panel = t.phones[0]!.getByTestId('diagnostics-link');
		await expect.poll(() => panel.locator('[data-field="rtt"]').textContent(), { timeout: 30_000 }).toMatch(/\d+ ms/);
		expect(await panel.locator('[data-field="transport"]').textContent()).toContain('PeerJS');
		expect(await panel.locator('[data-field="ice"]').textContent()).toMatch(/connected|completed/);
		expect(await panel.locator('[data-field="candidates"]').textContent()).toMatch(/host\/udp/);
	});

	test('fault: a phone’s page is closed and opened again mid-game; it returns to its seat', async () => {
		const t = await seatTable(3);
		const game = newGame(3, 22);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, SCRIPT, 6);
		await playCommands(t.host, t.phones, log.slice(0, 25));
		await t.phones[1]!.close();
		// Play on while it is gone, as long as seat 1 is not needed.
		let i = 25;
		while (i < log.length && (log[i] as { by: unknown }).by !== 1) i++;
		await playCommands(t.host, t.phones, log.slice(25, i));
		const again = await t.phoneContexts[1]!.newPage();
		await again.goto(`/join?room=${t.room}&via=local`);
		await again.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
		t.phones[1] = again;
		await playCommands(t.host, t.phones, log.slice(i));
		await expectSameHistory(t, game, log);
	});

	test('an update mid-game: a phone whose seat an older version kept in the app’s Dexie table returns to its seat', async () => {
		const t = await seatTable(2);
		const game = newGame(2, 23);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, 30, 7);
		await playCommands(t.host, t.phones, log.slice(0, 10));
		await t.phones[1]!.close();
		// Put the seat where versions before seat-store.ts kept it, as such a phone would have it.
		const older = await t.phoneContexts[1]!.newPage();
		await older.goto('/library');
		// the library opens the app's database (with every table of its schema)
		await older.waitForFunction(async () => (await indexedDB.databases()).some((db) => db.name === 'labyrinth-gm'));
		await older.evaluate(async () => {
			const open = (name: string) =>
				new Promise<IDBDatabase>((resolve, reject) => {
					const request = indexedDB.open(name);
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error);
				});
			const done = (tx: IDBTransaction) => new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = reject)));
			const seats = await open('labyrinth-gm-seats');
			const read = seats.transaction('memberships', 'readwrite');
			const keys = read.objectStore('memberships').getAllKeys();
			const values = read.objectStore('memberships').getAll();
			await done(read);
			// A seat is kept now as a head and chunks of events (seat-store.ts); an older version kept it whole.
			const kept = keys.result.map((key, i) => [key, values.result[i]] as [IDBValidKey, unknown]);
			const all = kept
				.filter(([key]) => typeof key === 'string')
				.map(([room, head]) => {
					const { eventCount, ...rest } = head as { eventCount: number };
					const chunks = kept.filter(([key]) => Array.isArray(key) && key[0] === room).sort(([a], [b]) => (a as number[])[1]! - (b as number[])[1]!);
					return { ...rest, events: chunks.flatMap(([, chunk]) => chunk as unknown[]).slice(0, eventCount) };
				});
			const clear = seats.transaction('memberships', 'readwrite');
			clear.objectStore('memberships').clear();
			await done(clear);
			seats.close();
			const app = await open('labyrinth-gm');
			const write = app.transaction('memberships', 'readwrite');
			for (const row of all) write.objectStore('memberships').put(row);
			await done(write);
			app.close();
			localStorage.removeItem('labyrinth-seats-moved');
		});
		await older.goto(`/join?room=${t.room}&via=local`);
		await older.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
		t.phones[1] = older;
		await playCommands(t.host, t.phones, log.slice(10));
		await expectSameHistory(t, game, log);
		const stored = await storedData(older);
		expect(stored.idb['labyrinth-gm/memberships'], 'the old table is emptied').toEqual([]);
		// the seat's head (its events in chunks beside it)
		expect((stored.idb['labyrinth-gm-seats/memberships'] as { room?: string }[]).flatMap((m) => (Array.isArray(m) ? [] : [m.room]))).toEqual([t.room]);
	});

	test('a phone that falls silent (its link still open) is seen away within seconds by the heartbeat, and comes back by itself', async () => {
		const t = await seatTable(2);
		const game = newGame(2, 27);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, 30, 14);
		await playCommands(t.host, t.phones, log.slice(0, 10));
		// Everything the phone sends is lost from now on; nobody closes anything.
		await t.phones[1]!.evaluate(() => {
			const link = (window as unknown as NetWindow).labyrinthNet.seat.session.channel!.link;
			link.send = () => undefined;
		});
		// Polled in the page on every frame: the away spell can be short, since the phone then rejoins by itself.
		// How soon (the quiet time) is checked on the fake clock in qr-return.test.ts: a wall-clock budget
		// here failed whenever the busy machine held the pages' timers back.
		await t.host.waitForFunction(() => (window as unknown as NetWindow).labyrinthNet.host.presence[1]?.here === false, undefined, { timeout: 30_000, polling: 'raf' });
		await t.host.waitForFunction(() => (window as unknown as NetWindow).labyrinthNet.host.presence[1]?.here === true, undefined, { timeout: 30_000 });
		await playCommands(t.host, t.phones, log.slice(10));
		await expectSameHistory(t, game, log);
	});

	test('fault: the host’s page is reloaded mid-game; it restores the game and the phones find it again', async () => {
		const t = await seatTable(3);
		const game = newGame(3, 23);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, SCRIPT, 7);
		await playCommands(t.host, t.phones, log.slice(0, 30));
		await t.host.reload();
		await t.host.locator(`main[data-screen="join-host"][data-room="${t.room}"]`).waitFor({ timeout: 30_000 });
		await waitAllHere(t.host, 3, 45_000);
		await playCommands(t.host, t.phones, log.slice(30));
		await expectSameHistory(t, game, log);
	});

	test('fault: the tablet’s page dies after a phone’s move is written and before it is answered or announced; reopened, the move is there once, the phone is answered, nothing is lost', async () => {
		const t = await seatTable(3);
		const game = newGame(3, 27);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, SCRIPT, 11);
		const at = log.findIndex((c, i) => i >= 20 && (c as { by: number | 'master' }).by !== 'master');
		await playCommands(t.host, t.phones, log.slice(0, at));
		// The tablet's write completes (the transaction done), then its page never gets further.
		await t.host.evaluate(() => {
			const w = window as unknown as NetWindow & { written?: boolean };
			const session = w.labyrinthNet.host.session as unknown as { options: { store: { append: (...args: unknown[]) => Promise<void> } } };
			const store = session.options.store;
			const append = store.append.bind(store);
			store.append = async (...args) => {
				await append(...args);
				w.written = true;
				await new Promise(() => {});
			};
		});
		const command = log[at]!;
		const by = (command as { by: number }).by;
		const answer = t.phones[by]!.evaluate((c) => (window as unknown as NetWindow).labyrinthNet.seat.send(c), command);
		await t.host.waitForFunction(() => (window as unknown as { written?: boolean }).written === true);
		// nothing of the move was announced: every phone has the events of the moves before it only
		for (const [seat, phone] of t.phones.entries()) expect(await seatEvents(phone), `seat ${seat}`).toEqual(engineEventsFor(game, log.slice(0, at), seat));
		const address = t.host.url();
		const tablet = t.host.context();
		await t.host.close();
		const host = await tablet.newPage();
		await host.goto(address);
		await host.locator(`main[data-screen="join-host"][data-room="${t.room}"]`).waitFor({ timeout: 30_000 });
		await waitAllHere(host, 3, 45_000);
		// the phone sent its command again on its new link: answered from the record, applied once
		expect(await answer).toEqual({ ok: true });
		const restored = { ...t, host };
		await playCommands(host, t.phones, log.slice(at + 1));
		await expectSameHistory(restored, game, log);
	});

	test('fault: the server is stopped once the links are up; the game goes on', async () => {
		const t = await seatTable(3);
		const game = newGame(3, 24);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, SCRIPT, 8);
		await playCommands(t.host, t.phones, log.slice(0, 20));
		await server!.close();
		await playCommands(t.host, t.phones, log.slice(20));
		await expectSameHistory(t, game, log);
		expect(await t.host.getByTestId('presence').locator('li[data-here="yes"]').count()).toBe(3);
	});

	test('fault: frames duplicated and reordered on the real links, both ways', async () => {
		const t = await seatTable(3);
		const game = newGame(3, 25);
		await beginGame(t.host, game);
		// Every frame goes twice, and every third waits for the next one (neighbours swapped).
		const scramble = `(link) => {
			const send = link.send.bind(link);
			let held = null, n = 0;
			link.send = (d) => {
				if (held === null && ++n % 3 === 0) { held = d; return; }
				send(d); send(d);
				if (held !== null) { const h = held; held = null; send(h); }
			};
		}`;
		// Scrambled once every link is up (on a busy machine a phone may be between links a moment).
		await t.host.waitForFunction(
			([code, phones]) => {
				const channels = (window as unknown as NetWindow).labyrinthNet.host.session.channels();
				if (channels.length < phones) return false;
				const fn = eval(code) as (link: unknown) => void;
				for (const c of channels) fn(c.channel.link);
				return true;
			},
			[scramble, t.phones.length] as const
		);
		for (const phone of t.phones)
			await phone.waitForFunction((code) => {
				const channel = (window as unknown as NetWindow).labyrinthNet.seat.session.channel;
				if (!channel) return false;
				(eval(code) as (link: unknown) => void)(channel.link);
				return true;
			}, scramble);
		const log = scriptedCommands(game, SCRIPT, 9);
		await playCommands(t.host, t.phones, log);
		await expectSameHistory(t, game, log);
	});

	test('hostile frames over a real link are refused; the host stays up and the game is unchanged', async () => {
		const t = await seatTable(2);
		const game = newGame(2, 26);
		await beginGame(t.host, game);
		const log = scriptedCommands(game, 20, 10);
		await playCommands(t.host, t.phones, log.slice(0, 10));
		const before = await t.host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.refusedCount);
		const sent = await t.phones[0]!.evaluate(async () => {
			const link = (window as unknown as NetWindow).labyrinthNet.seat.session.channel!.link;
			const frames: string[] = [];
			for (let i = 0; i < 100; i++) frames.push(`garbage ${i}`, JSON.stringify({ v: 1, s: 'x', m: { type: 'hello' } }));
			frames.push('x'.repeat(20_000), JSON.stringify({ v: 9, s: 0 }), '[]', 'null');
			for (const f of frames) link.send(f);
			// Forged commands through the phone's own sending: the master's undo and another seat's move.
			const seat = (window as unknown as NetWindow).labyrinthNet.seat;
			for (let i = 0; i < 50; i++) {
				const result = await seat.send(i % 2 ? { type: 'undo', by: 'master', reason: 'x' } : { type: 'move', by: 1, actions: [{ a: 'skip' }] });
				// the master's act is off the phones' schema (malformed); another seat's move is not this seat's
				if (result.ok || result.reason !== (i % 2 ? 'malformed' : 'not_your_seat')) throw new Error(JSON.stringify(result));
			}
			return frames.length + 50;
		});
		await t.host.waitForFunction((n) => (window as unknown as NetWindow).labyrinthNet.host.session.refusedCount >= n, before + sent, { timeout: 30_000 });
		// each is refused once, as malformed or over the link's allowance (limits.ts); a command dropped over the allowance is sent again and refused once more
		expect(await t.host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.refusedCount)).toBeGreaterThanOrEqual(before + sent);
		expect(await t.host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game.log.length)).toBe(10);
		await playCommands(t.host, t.phones, log.slice(10));
		await expectSameHistory(t, game, log);
	});
});
