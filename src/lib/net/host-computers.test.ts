/**
 * Computer seats at a table with phones (issue 22): the tablet plays them through the console's
 * `ComputerSeats` over the table (`NetTableGame`), by the same path as the master's acts; a phone
 * hears their public announcements and nothing of their own; a reload of the tablet resumes them
 * exactly where an uninterrupted game would have gone.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { currentSeat } from '../engine/game/apply';
import { replayEvents, type Game } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import type { Command, GameEvent } from '../engine/game/types';
import { visibleTo } from '../engine/game/view';
import { createRng } from '../engine/random';
import { ComputerSeats, type ComputerMove } from '$lib/play/computer-seats.svelte';
import { NetTableGame } from '$lib/play/net-game.svelte';
import { MemoryTable, engineEventsFor, newGame, settle, until, onFakeClock } from './testing';
import type { TableRecord } from '../store/records';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

const COMPUTER = { name: 'Computer 2', level: 'explorer' } as const;

/** A tablet whose table has one phone (seat 0) and one computer (seat 1); `frames`: every string the host sent to a phone. */
async function tableWithComputer(frames: string[] = []): Promise<{ t: MemoryTable; game: Game }> {
	const t = new MemoryTable();
	table = t;
	t.network.faults.toPhone = { copies: (data) => (frames.push(data), 1) };
	await t.openHost(6);
	const phone = await t.openPhone('Ann');
	await until(() => phone.status === 'joined', 2000, 'the phone joined');
	const game = newGame(2, 'phone-and-computer');
	t.hostStore.games.set('g1', game);
	await t.host.start('g1', game, [COMPUTER]);
	return { t, game };
}

/** The console's game over the table as it stands (after a reload: the new session). */
function tableGame(t: MemoryTable): NetTableGame {
	return new NetTableGame({
		get state() {
			return t.host.state;
		},
		get events() {
			return t.host.events;
		},
		get names() {
			return t.host.names;
		},
		get session() {
			return t.host;
		},
		master: (command) => t.host.master(command)
	});
}

/** The console's computers over the table as it stands. */
function consoleOf(t: MemoryTable, moves: ComputerMove[], game = tableGame(t)): ComputerSeats {
	return new ComputerSeats(game, (move) => moves.push(move), 0);
}

/** The phone's move: a legal one drawn from the state (so two runs from the same state play the same). */
async function phoneMoves(t: MemoryTable): Promise<void> {
	const state = t.host.state!;
	for (let k = 0; k < 20; k++) {
		const command = randomLegalCommand(state, createRng(`phone:${t.host.events.length}:${k}`));
		if (command && (await t.phones[0]!.send(command)).ok) return;
	}
	throw new Error('the phone found no move');
}

/** Plays (the phone, the master confirming the starts, the computer) until the computer has moved `count` times more. */
async function playUntil(t: MemoryTable, computers: ComputerSeats, moves: ComputerMove[], count: number): Promise<void> {
	const target = moves.length + count;
	for (let step = 0; step < 400 && moves.length < target; step++) {
		const state = t.host.state!;
		if (state.phase === 'over') return;
		const seat = currentSeat(state);
		if (seat === null) expect((await t.host.master({ type: 'confirm_starts', by: 'master' })).ok).toBe(true);
		else if (seat === 0) await phoneMoves(t);
		else {
			const before = moves.length;
			computers.watch();
			await until(() => moves.length > before || computers.stuck !== null, 5000, 'the computer moved');
			expect(computers.stuck).toBeNull();
		}
	}
}

const ofComputer = (log: readonly Command[]) => log.filter((c) => c.by === 1);

describe('a computer seat at a table with phones', () => {
	test('the tablet plays it: phone and computer take turns, and the phone hears the computer as any player', async () => {
		const { t, game } = await tableWithComputer();
		expect(t.host.names).toEqual(['Ann', 'Computer 2']);
		expect(t.host.bots).toEqual([null, 'explorer']);
		expect(t.host.presence()[1]).toMatchObject({ here: true, computer: 'explorer' });
		const moves: ComputerMove[] = [];
		const computers = consoleOf(t, moves);
		expect(computers.isComputer(1)).toBe(true);
		expect(computers.isComputer(0)).toBe(false);
		await playUntil(t, computers, moves, 5);
		const log = t.host.record!.game.log;
		expect(ofComputer(log).length).toBeGreaterThanOrEqual(5);
		expect(moves.map((m) => m.command)).toEqual(ofComputer(log));
		// The phone heard the computer's public announcements, and its table says the computer is here.
		const phone = t.phones[0]!;
		await until(() => phone.events.length === engineEventsFor(game, log, 0).length, 3000, 'the phone caught up');
		expect(phone.events).toEqual(engineEventsFor(game, log, 0));
		expect(phone.events.some((e) => 'seat' in e && e.seat === 1 && e.audience.to === 'all' && e.type !== 'turn')).toBe(true);
		expect(phone.names).toEqual(['Ann', 'Computer 2']);
		expect(phone.here).toEqual([true, true]);
	});

	test("a phone's frames carry only its own seat's view and events: nothing the computer alone was told", async () => {
		const frames: string[] = [];
		const { t, game } = await tableWithComputer(frames);
		const moves: ComputerMove[] = [];
		await playUntil(t, consoleOf(t, moves), moves, 5);
		const log = t.host.record!.game.log;
		// What the phone may not know (the computer's start square, where its grenades went: the
		// master's; anything told the computer alone): none of it went to the phone.
		const secret = replayEvents({ ...game, log }).events.slice().filter((e) => !visibleTo(e, 0));
		expect(secret.some((e) => e.type === 'start_cell' && e.seat === 1)).toBe(true);
		const heard: GameEvent[] = [];
		for (const frame of frames) {
			const message = (JSON.parse(frame) as { m?: { type: string; view?: { seat: number }; events?: GameEvent[]; key?: string; seat?: number } }).m;
			if (!message) continue;
			expect(message.type).not.toBe('reveal');
			if (message.type === 'welcome') expect(message.seat).toBe(0);
			if (message.type !== 'update') continue;
			expect(message.view!.seat).toBe(0);
			for (const e of message.events!) expect(visibleTo(e, 0)).toBe(true);
			heard.push(...message.events!);
		}
		for (const e of secret) expect(heard).not.toContainEqual(e);
	});

	test('no phone can take the computer seat: its key was never issued, and a proof for it is refused', async () => {
		const { t } = await tableWithComputer();
		const kept = (await t.phoneStores[0]!.load(t.room))!;
		const stranger = await t.openPhone('Mallory', 1);
		stranger.close();
		// A phone that claims the computer's seat with any key (even none) is refused.
		for (const key of ['A'.repeat(24), '']) {
			await t.phoneStores[1]!.save({ ...kept, key, name: 'Mallory', seat: 1, events: [] });
			const again = await t.openPhone('Mallory', 1);
			await until(() => again.status === 'refused', 2000, 'refused');
			expect(['unknown_key', 'table_full']).toContain(again.refusal);
			again.close();
		}
		expect(t.host.presence().map((p) => p.name)).toEqual(['Ann', 'Computer 2']);
		const stored = [...t.hostStore.tables.values()][0]!;
		expect(stored.seats[1]!.bot).toBe('explorer');
	});

	test('a phone admitted while the game was starting: nothing begins, and the table stays as it was', async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(6);
		for (const name of ['Ann', 'Bob']) {
			const phone = await t.openPhone(name);
			await until(() => phone.status === 'joined', 2000, `${name} joined`);
		}
		// The setup counted one phone and one computer: Bob came in meanwhile.
		const game = newGame(2);
		t.hostStore.games.set('g1', game);
		await expect(t.host.start('g1', game, [COMPUTER])).rejects.toThrow('seats_changed');
		expect(t.host.state).toBeNull();
		expect(t.host.bots).toEqual([null, null]);
		expect([...t.hostStore.tables.values()][0]!.gameId).toBeNull();
	});

	test("the master's undo sent while a computer's move is being written: the next computer waits for it, then each decides by itself", async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(6);
		const phone = await t.openPhone('Ann');
		await until(() => phone.status === 'joined', 2000, 'the phone joined');
		const game = newGame(3, 'two-computers');
		t.hostStore.games.set('g1', game);
		await t.host.start('g1', game, [COMPUTER, { name: 'Computer 3', level: 'explorer' }]);
		const moves: ComputerMove[] = [];
		const net = tableGame(t);
		const computers = consoleOf(t, moves, net);
		// Played up to seat 1's first move.
		for (let step = 0; step < 40; step++) {
			const state = t.host.state!;
			const seat = currentSeat(state);
			if (state.phase === 'play' && seat === 1) break;
			if (seat === null) expect((await t.host.master({ type: 'confirm_starts', by: 'master' })).ok).toBe(true);
			else if (seat === 0) await phoneMoves(t);
			else {
				const before = moves.length;
				computers.watch();
				await until(() => moves.length > before, 5000, `computer ${seat} moved`);
			}
		}
		expect(currentSeat(t.host.state!)).toBe(1);
		// The device writes one command at a time, when the test lets it.
		const writes: (() => void)[] = [];
		const append = t.hostStore.append.bind(t.hostStore);
		t.hostStore.append = async (record: TableRecord, gameId: string, command: Command) => {
			await new Promise<void>((resolve) => writes.push(resolve));
			return append(record, gameId, command);
		};
		// Seat 1's move is being written when the master sends his undo.
		const started = moves.length;
		computers.watch();
		await until(() => writes.length === 1, 2000, "the computer's move at the disk");
		const undo = net.submit({ type: 'undo', by: 'master', reason: 'a wrong answer' });
		writes.shift()!();
		await until(() => moves.length > started, 2000, 'the move stored');
		expect(currentSeat(t.host.state!)).toBe(2);
		// The undo still waits for the disk: the table is busy, and seat 2 waits (its screen's effect looks again meanwhile).
		expect(net.busy).toBe(true);
		computers.watch();
		await settle(20);
		expect(moves.length).toBe(started + 1);
		t.hostStore.append = append;
		writes.shift()!();
		expect((await undo).ok).toBe(true);
		expect(net.busy).toBe(false);
		// Seat 1's turn again: it decides again by itself, then seat 2 moves by itself.
		expect(currentSeat(t.host.state!)).toBe(1);
		for (const seat of [1, 2]) {
			const before = moves.length;
			computers.watch();
			await until(() => moves.length > before || computers.stuck !== null, 5000, `computer ${seat} moved`);
			expect(computers.stuck).toBeNull();
			expect(moves.at(-1)!.seat).toBe(seat);
		}
		expect(t.host.record!.game.log.slice(-4).map((c) => c.by)).toEqual([1, 'master', 1, 2]);
	});

	test('a reload of the tablet mid-game resumes the computer exactly as the game would have gone on', async () => {
		// Uninterrupted.
		const a = await tableWithComputer();
		const movesA: ComputerMove[] = [];
		await playUntil(a.t, consoleOf(a.t, movesA), movesA, 8);
		const straight = a.t.host.record!.game.log.slice();
		a.t.close();

		// The same table, the tablet reloaded after the computer's third move.
		const b = await tableWithComputer();
		const movesB: ComputerMove[] = [];
		await playUntil(b.t, consoleOf(b.t, movesB), movesB, 3);
		b.t.host.close();
		await b.t.openHost(6);
		expect(b.t.host.bots).toEqual([null, 'explorer']);
		// The phone finds the tablet again by itself.
		await until(() => b.t.host.presence()[0]!.here, 3000, 'the phone back');
		await playUntil(b.t, consoleOf(b.t, movesB), movesB, 5);
		const resumed = b.t.host.record!.game.log;
		const n = Math.min(straight.length, resumed.length);
		expect(ofComputer(straight).length).toBeGreaterThanOrEqual(8);
		expect(resumed.slice(0, n)).toEqual(straight.slice(0, n));
		expect(n).toBeGreaterThan(10);
	});
});
