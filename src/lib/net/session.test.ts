import { afterEach, describe, expect, test } from 'vitest';
import { viewFor } from '../engine/game/view';
import type { Command } from '../engine/game/types';
import { HostSession } from './host';
import { hostPeerId } from './protocol';
import { MemoryHostStore } from './session-records';
import { MemoryTable, engineEventsFor, newGame, scriptedCommands, settle, settled, until, TEST_APP, FAST, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

async function seatedTable(players: number, capacity = players): Promise<MemoryTable> {
	const t = new MemoryTable();
	table = t;
	await t.openHost(capacity);
	await t.seatInTurn(players);
	return t;
}

/** Each phone's feed against the engine's events for its seat, and against viewFor. */
function expectFeedsMatch(t: MemoryTable, log: Command[]): void {
	const game = t.host.record!.game;
	expect(game.log).toEqual(log);
	t.phones.forEach((phone, seat) => {
		expect(phone.seat).toBe(seat);
		const expected = engineEventsFor(game, log, seat);
		expect(phone.events).toEqual(expected);
		expect(phone.events).toEqual(viewFor(t.host.state!, seat, t.host.events.seatEvents(seat)).events);
	});
}

async function waitFeeds(t: MemoryTable): Promise<void> {
	await until(
		() => t.phones.every((phone, seat) => phone.events.length === viewFor(t.host.state!, seat, t.host.events.seatEvents(seat)).events.length),
		3000,
		'feeds caught up'
	);
	await settle(20);
}

describe('a scripted game through the table', () => {
	test('each phone receives exactly the engine events of its seat, in order', async () => {
		const t = await seatedTable(3);
		const game = newGame(3);
		await t.startGame(game);
		const log = scriptedCommands(game, 120);
		expect(log.length).toBeGreaterThan(20);
		await t.play(log);
		await waitFeeds(t);
		expectFeedsMatch(t, log);
	});

	test('a command is on the device before anything is announced', async () => {
		const t = await seatedTable(2);
		const game = newGame(2);
		await t.startGame(game);
		const [first] = scriptedCommands(game, 1);
		const before = t.phones[0]!.events.length + t.phones[1]!.events.length;
		const writes = t.hostStore.writes;
		const store = t.hostStore;
		let onDisk = -1;
		const original = store.append.bind(store);
		store.append = async (...args) => {
			await settle(30);
			await original(...args);
			onDisk = t.phones[0]!.events.length + t.phones[1]!.events.length;
		};
		const by = (first as { by: number | 'master' }).by;
		const result = by === 'master' ? await t.host.master(first!) : await t.phones[by]!.send(first!);
		expect(result.ok).toBe(true);
		expect(t.hostStore.writes).toBe(writes + 1);
		// Nothing reached any phone while the write was under way.
		expect(onDisk).toBe(before);
	});
});

describe('faults (each device ends with the same history as without the fault)', () => {
	async function run(fault: (t: MemoryTable, step: number) => Promise<void> | void): Promise<void> {
		const t = await seatedTable(3);
		const game = newGame(3);
		await t.startGame(game);
		const log = scriptedCommands(game, 80);
		for (let i = 0; i < log.length; i++) {
			await fault(t, i);
			await t.play([log[i]!]);
		}
		await waitFeeds(t);
		expectFeedsMatch(t, log);
	}

	test('messages duplicated and reordered both ways', async () => {
		let n = 0;
		const t0 = new MemoryTable();
		t0.network.faults = {
			toHost: { copies: () => (n++ % 3 === 0 ? 2 : 1), holdBack: () => n % 4 === 0 },
			toPhone: { copies: () => (n++ % 2 === 0 ? 2 : 1), holdBack: () => n % 5 === 0 }
		};
		table = t0;
		await t0.openHost(3);
		for (let i = 0; i < 3; i++) {
			const phone = await t0.openPhone(`P${i + 1}`);
			await until(() => phone.status === 'joined');
		}
		const game = newGame(3);
		await t0.startGame(game);
		const log = scriptedCommands(game, 80);
		await t0.play(log);
		await waitFeeds(t0);
		expectFeedsMatch(t0, log);
		const stats = t0.host.channels().map((c) => c.channel.stats);
		expect(stats.some((s) => s.duplicates > 0)).toBe(true);
	});

	test('messages lost now and then are sent again', async () => {
		let n = 0;
		const t0 = new MemoryTable();
		t0.network.faults = { toHost: { copies: () => (n++ % 7 === 3 ? 0 : 1) }, toPhone: { copies: () => (n++ % 5 === 2 ? 0 : 1) } };
		table = t0;
		await t0.openHost(2);
		for (let i = 0; i < 2; i++) {
			const phone = await t0.openPhone(`P${i + 1}`);
			await until(() => phone.status === 'joined');
		}
		const game = newGame(2);
		await t0.startGame(game);
		const log = scriptedCommands(game, 40);
		await t0.play(log);
		await waitFeeds(t0);
		expectFeedsMatch(t0, log);
	});

	test('a phone closed and opened again mid-game rejoins with its seat', async () => {
		await run(async (t, step) => {
			if (step !== 25) return;
			t.phones[1]!.close();
			await settle(30);
			const again = await t.openPhone('P2', 1);
			await until(() => again.status === 'joined');
			expect(again.seat).toBe(1);
		});
	});

	test('a phone whose link vanishes silently is seen away, and rejoins by itself', async () => {
		await run(async (t, step) => {
			if (step !== 30) return;
			const link = t.network.opened.findLast((l) => l.state === 'open')!;
			link.severed = true;
			await until(() => t.host.presence().some((p) => !p.here), 2000, 'host sees a phone away');
			await until(() => t.host.presence().every((p) => p.here), 3000, 'phone back');
		});
	});

	test('the host restarted mid-game restores the game and the phones find it again', async () => {
		await run(async (t, step) => {
			if (step !== 40) return;
			t.host.close();
			await settle(20);
			const host = await t.openHost();
			expect(host.record!.game.log.length).toBe(40);
			await until(() => t.phones.every((p) => p.status === 'joined') && host.presence().every((p) => p.here), 3000, 'rejoined');
		});
	});

	test('a command whose answer was lost is answered again after the rejoin, never applied twice', async () => {
		let dropResults = false;
		const t = new MemoryTable();
		table = t;
		t.network.faults = { toPhone: { copies: (data) => (dropResults && data.includes('"type":"result"') ? 0 : 1) } };
		await t.openHost(2);
		for (let i = 0; i < 2; i++) {
			const phone = await t.openPhone(`P${i + 1}`);
			await until(() => phone.status === 'joined');
		}
		const game = newGame(2);
		await t.startGame(game);
		const log = scriptedCommands(game, 30);
		const at = log.findIndex((c, i) => i > 3 && (c as { by: unknown }).by !== 'master');
		await t.play(log.slice(0, at));
		const command = log[at]!;
		const phone = t.phones[(command as { by: number }).by]!;
		dropResults = true;
		const sent = phone.send(command);
		await until(() => t.host.record!.game.log.length === at + 1, 2000, 'host applied it');
		// past the channel's resends: the answer is lost each time, the command still waits
		await settle(FAST.resendMs! * 2);
		expect(phone.pending).not.toBeNull();
		dropResults = false;
		phone.drop();
		const result = await settled(sent);
		expect(result.ok).toBe(true);
		expect(t.host.record!.game.log.length).toBe(at + 1);
		await t.play(log.slice(at + 1));
		await waitFeeds(t);
		expectFeedsMatch(t, log);
	});
});

describe('host restored from its store', () => {
	test('seats, keys and the last command numbers survive', async () => {
		const t = await seatedTable(2);
		const game = newGame(2);
		await t.startGame(game);
		const log = scriptedCommands(game, 12);
		await t.play(log);
		const stored = [...t.hostStore.tables.values()][0]!;
		const restored = await HostSession.open({ app: TEST_APP, store: t.hostStore, table: stored, channel: FAST });
		expect(restored.names).toEqual(['P1', 'P2']);
		expect(restored.record!.game.log).toEqual(log);
		expect(restored.events.slice()).toEqual(t.host.events.slice());
		expect(restored.state!.moveNo).toBe(t.host.state!.moveNo);
		restored.close();
	});
});

describe('durability', () => {
	test('a failing disk: the phone hears why, the tablet shows it, and the command is applied once stored, never before', async () => {
		const t = await seatedTable(2);
		const game = newGame(2);
		await t.startGame(game);
		const log = scriptedCommands(game, 10);
		const at = log.findIndex((c) => (c as { by: unknown }).by !== 'master');
		await t.play(log.slice(0, at));
		const command = log[at]!;
		const phone = t.phones[(command as { by: number }).by]!;
		const store = t.hostStore;
		const original = store.append.bind(store);
		let failures = 0;
		store.append = async () => {
			failures++;
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		};
		const events = t.phones.map((p) => p.events.length);
		let answered = false;
		const answer = phone.send(command).then((r) => ((answered = true), r));
		await until(() => phone.trouble?.kind === 'not_saved', 3000, 'the phone told');
		expect(phone.trouble).toEqual({ kind: 'not_saved', detail: 'The quota has been exceeded.' });
		expect(t.host.problem).toBe('The quota has been exceeded.');
		// sent again and again while the disk fails: nothing applied, nothing announced, no answer yet
		await until(() => failures >= 3, 3000, 'retries');
		expect(answered).toBe(false);
		expect(t.host.record!.game.log.length).toBe(at);
		expect(t.phones.map((p) => p.events.length)).toEqual(events);
		expect(phone.pending).toEqual(command);
		// The disk is back: the next retry is stored, then applied and answered, once.
		store.append = original;
		expect(await settled(answer)).toEqual({ ok: true });
		expect(t.host.record!.game.log.length).toBe(at + 1);
		expect(t.host.problem).toBeNull();
		expect(phone.trouble).toBeNull();
		await t.play(log.slice(at + 1));
		await waitFeeds(t);
		expectFeedsMatch(t, log);
		expect(t.hostErrors).toEqual([]);
	});

	test('the master\'s own command on a failing disk is refused with the reason and changes nothing', async () => {
		const t = await seatedTable(2);
		const game = newGame(2);
		await t.startGame(game);
		t.hostStore.append = async () => {
			throw new Error('disk full');
		};
		const result = await t.host.master({ type: 'ruling', by: 'master', reason: 'noted' });
		// The console tells the kind of problem (store/saver.ts), a phone the device's own words.
		expect(result).toEqual({ ok: false, reason: 'not_saved', problem: 'unknown', detail: 'disk full' });
		expect(t.host.record!.game.log).toEqual([]);
		expect(t.host.problem).toBe('disk full');
	});
});

describe('the table key', () => {
	test('a phone that typed the code pinned the first key it met: facing another key later, it says it cannot tell which is the master’s (issue 32)', async () => {
		const t = await seatedTable(0);
		// a stranger holds the room's id first, and the phone, with no pin from an invitation, meets it
		t.host.close();
		const stranger = await HostSession.open({ app: TEST_APP, store: new MemoryHostStore(), table: HostSession.newTable(t.room, 6), channel: FAST });
		const strangerListener = await t.network.listen(hostPeerId(t.room));
		stranger.listen(strangerListener);
		const typed = await t.openPhone('Anna', 0, TEST_APP, null);
		await until(() => typed.status === 'waiting', 5000, 'waiting at the stranger’s table');
		expect(typed.pin).toBe(stranger.pin);
		stranger.close();
		// the master's tablet answers now: the phone does not say its seat is safe
		await t.openHost();
		await until(() => typed.trouble?.kind === 'impostor', 5000, 'the other key noticed');
		expect(typed.trouble).toEqual({ kind: 'impostor', firstMet: true });
		typed.close();
	});

	test('a phone facing another key under the room code says so, sends no proof of its seat, and returns to the real tablet with its seat', async () => {
		const t = await seatedTable(1);
		const phone = t.phones[0]!;
		const kept = (await t.phoneStores[0]!.load(t.room))!;
		// the tablet is gone; an impostor listens under the room's id with a table of its own
		t.host.close();
		const impostorStore = new MemoryHostStore();
		const impostor = await HostSession.open({ app: TEST_APP, store: impostorStore, table: HostSession.newTable(t.room, 6), channel: FAST });
		const heard: string[] = [];
		const listener = await t.network.listen(hostPeerId(t.room));
		listener.accept((link) => link.receive((raw) => heard.push(raw)));
		impostor.listen(listener);
		await until(() => phone.trouble?.kind === 'impostor', 5000, 'the impostor noticed');
		// its pin came with the invitation: the master's key for sure, its seat safe
		expect(phone.trouble).toEqual({ kind: 'impostor', firstMet: false });
		expect(phone.status).not.toBe('refused');
		await until(() => heard.length > 2, 3000, 'frames heard');
		expect(heard.some((f) => f.includes(kept.key!))).toBe(false);
		expect(heard.some((f) => f.includes('"prove"'))).toBe(false);
		expect(impostor.names).toEqual([]);
		impostor.close();
		// the real tablet is back: the phone proves its seat by itself
		await t.openHost();
		await until(() => phone.status === 'joined' && phone.trouble === null, 5000, 'back at the real tablet');
		expect(phone.seat).toBe(0);
		expect((await t.phoneStores[0]!.load(t.room))!.key).toBe(kept.key);
	});
});

describe('a command the phone will not store (issue 16)', () => {
	test('is not sent and leaves the seat as it was; once storage takes it, the same command goes', async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(2);
		for (let i = 0; i < 2; i++) {
			const phone = await t.openPhone(`P${i + 1}`);
			await until(() => phone.status === 'joined');
		}
		const game = newGame(2);
		await t.startGame(game);
		const [first] = scriptedCommands(game, 1);
		const by = (first as { by: number }).by;
		const phone = t.phones[by]!;
		const store = t.phoneStores[by]!;
		const save = store.save.bind(store);
		store.save = () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
		await expect(phone.send(first!)).rejects.toThrow('full');
		expect(phone.pending).toBeNull();
		// past the channel's resends: nothing went out to be applied
		await settle(FAST.resendMs! * 2);
		expect(t.host.record!.game.log).toEqual([]);
		store.save = save;
		expect((await phone.send(first!)).ok).toBe(true);
		expect(t.host.record!.game.log).toEqual([first]);
	});
});

describe('what the phone heard, kept in the background (issue 16)', () => {
	test('a refused write is told and tried again: once storage takes it, the seat on the device has what was heard', async () => {
		const t = await seatedTable(2);
		const store = t.phoneStores[0]!;
		const save = store.save.bind(store);
		let refused = 0;
		store.save = () => (refused++, Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' })));
		// the game begins: the phone hears its view and the first events, and cannot keep them
		await t.startGame(newGame(2));
		const phone = t.phones[0]!;
		await until(() => phone.saveStatus.state === 'failed', 3000, 'the refusal told');
		expect(phone.saveStatus).toMatchObject({ state: 'failed', problem: 'quota' });
		expect(refused).toBeGreaterThan(0);
		// kept in memory meanwhile
		expect(phone.started).toBe(true);
		expect(phone.view).not.toBeNull();
		expect(store.memberships.get(t.room)!.started ?? false).toBe(false);
		store.save = save;
		phone.retrySave();
		await until(() => phone.saveStatus.state === 'saved', 3000, 'saved once storage takes it');
		const kept = store.memberships.get(t.room)!;
		expect(kept.started).toBe(true);
		expect(kept.view).toEqual(phone.view);
		expect(kept.events).toEqual(phone.events);
	});
});
