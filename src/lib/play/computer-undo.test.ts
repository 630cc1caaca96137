/**
 * The master's undo that lands while a computer's move is being written (issue 36): the move is
 * stored, the undo then takes it (or the move before it) back, and the computer whose turn it is
 * decides again by itself — nobody has to press *Let the computer try again*. Run on fake timers:
 * the computer's pause and the disk's writes are the test's to let go, and the screen's `$effect`
 * (which calls `watch` at every new state) is played by a check at every tick of the clock.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apply, currentSeat } from '$lib/engine/game/apply';
import { EventLog } from '$lib/engine/game/event-log';
import { initialState, rejected } from '$lib/engine/game/game';
import type { Command, GameState } from '$lib/engine/game/types';
import { newGame } from '$lib/net/testing';
import type { TableSubmitted } from '$lib/net/host';
import type { StoredGame } from '$lib/store/db';
import type { BotLevel } from '$lib/bots/bot';
import { ComputerSeats, type ComputerMove } from './computer-seats.svelte';
import { LocalGame } from './local-game.svelte';
import { NetTableGame } from './net-game.svelte';

const PAUSE_MS = 700;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A disk whose writes wait until the test lets them go (`hold`), one after another. */
class HeldDisk {
	held = false;
	private readonly waiting: (() => void)[] = [];
	async write(): Promise<void> {
		if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
	}
	get pending(): number {
		return this.waiting.length;
	}
	releaseOne(): void {
		this.waiting.shift()?.();
	}
	releaseAll(): void {
		this.held = false;
		while (this.waiting.length) this.releaseOne();
	}
}

/**
 * A table as the console sees it (the host's queue, shrunk): commands run one after another in the
 * order sent, each written before the state moves on; the master's undo may be sent while a
 * computer's move waits for the disk.
 */
function fakeTable(disk: HeldDisk, levels: readonly (BotLevel | null)[]) {
	const game = newGame(levels.length, 'undo-while-writing');
	let state: GameState = initialState(game);
	let events = EventLog.empty();
	let queue: Promise<unknown> = Promise.resolve();
	const record = { id: 'g', game };
	const run = async (command: Command): Promise<TableSubmitted> => {
		const result = apply(state, command);
		if (rejected(result)) {
			const refusal = result.events.find((e) => e.type === 'rejected');
			return { ok: false, reason: refusal?.type === 'rejected' ? refusal.reason : 'malformed' };
		}
		await disk.write();
		game.log.push(command);
		state = result.state;
		events = events.with(result.events);
		return { ok: true, events: result.events };
	};
	return new NetTableGame({
		get state() {
			return state;
		},
		get events() {
			return events;
		},
		names: levels.map((_, i) => `Seat ${i + 1}`),
		session: { record: record as never, bots: [...levels] },
		master(command) {
			const next = queue.then(() => run(command));
			queue = next.catch(() => undefined);
			return next;
		}
	});
}

/** The computers of a game, watched as the screen watches them (`watch` again at every new state). */
function watched(game: NetTableGame | LocalGame) {
	const moves: ComputerMove[] = [];
	const computers = new ComputerSeats(game, (move) => moves.push(move), PAUSE_MS);
	let seen: GameState | null = null;
	const effect = setInterval(() => {
		if (game.state === seen) return;
		seen = game.state;
		computers.watch();
	}, 1);
	return { moves, computers, stop: () => clearInterval(effect) };
}

/** Lets the fake clock run until `check` holds (at most `ms`). */
async function runUntil(check: () => boolean, ms = 60_000): Promise<void> {
	for (let t = 0; t < ms && !check(); t += 5) await vi.advanceTimersByTimeAsync(5);
	expect(check()).toBe(true);
}

/** Into play: every computer chooses its start, the master confirms them. */
async function intoPlay(game: NetTableGame, moves: ComputerMove[]): Promise<void> {
	await runUntil(() => game.state.phase === 'play' || (currentSeat(game.state) === null && !game.busy));
	if (game.state.phase === 'start') expect((await game.submit({ type: 'confirm_starts', by: 'master' })).ok).toBe(true);
	await runUntil(() => moves.some((m) => m.command.type === 'move'));
}

describe("the master's undo while a computer's move is being written", () => {
	test.each([2, 3])('with %i computers: the move is stored, the undo takes it back, and the computer to move moves again by itself', async (seats) => {
		const disk = new HeldDisk();
		const game = fakeTable(disk, Array.from({ length: seats }, () => 'explorer' as const));
		const { moves, computers, stop } = watched(game);
		try {
			await intoPlay(game, moves);
			// The next computer's move reaches the disk and waits there.
			disk.held = true;
			const writer = game.current!;
			const before = moves.length;
			await runUntil(() => disk.pending === 1);
			const undo = game.submit({ type: 'undo', by: 'master', reason: 'a wrong answer' });
			disk.releaseOne();
			await runUntil(() => moves.length === before + 1);
			expect(moves.at(-1)!.seat).toBe(writer);
			// The undo waits for the disk; meanwhile nobody moves (the table is busy).
			await vi.advanceTimersByTimeAsync(PAUSE_MS * 3);
			expect(moves.length).toBe(before + 1);
			disk.releaseAll();
			expect((await undo).ok).toBe(true);
			expect(game.current).toBe(writer);
			// Nobody presses "try again": the computer whose move was undone moves again, and the game goes on.
			await runUntil(() => moves.length >= before + 1 + seats);
			expect(computers.stuck).toBeNull();
			expect(moves.slice(before + 1, before + 2).map((m) => m.seat)).toEqual([writer]);
			const log = game.record.game.log;
			const undoAt = log.findIndex((c) => c.type === 'undo');
			expect(log[undoAt - 1]!.by).toBe(writer);
			expect(log[undoAt + 1]!.by).toBe(writer);
		} finally {
			stop();
		}
	});

	test('an undo sent in the same moment as the computer starts writing, for every cut of the pause: never stuck', async () => {
		for (const cut of [0, 1, PAUSE_MS - 1, PAUSE_MS, PAUSE_MS + 1]) {
			const disk = new HeldDisk();
			const game = fakeTable(disk, ['explorer', 'explorer']);
			const { moves, computers, stop } = watched(game);
			try {
				await intoPlay(game, moves);
				disk.held = true;
				const before = moves.length;
				await vi.advanceTimersByTimeAsync(cut);
				const undo = game.submit({ type: 'undo', by: 'master', reason: 'cut ' + cut });
				disk.releaseAll();
				await undo;
				await runUntil(() => moves.length >= before + 3);
				expect(computers.stuck).toBeNull();
			} finally {
				stop();
			}
		}
	});
});

describe('pass-and-play and the console without phones (a game on this device)', () => {
	test("a computer's move being written: the master's undo waits for it, then the computer to move moves again by itself", async () => {
		const disk = new HeldDisk();
		const game0 = newGame(2, 'undo-local');
		const record: StoredGame = { id: 'g', mode: 'host', names: ['A', 'B'], game: game0, createdAt: 0, updatedAt: 0, finished: 0, bots: ['explorer', 'explorer'] };
		const store = { append: () => disk.write() } as never;
		const game = new LocalGame(record, store);
		const { moves, computers, stop } = watched(game);
		try {
			await runUntil(() => currentSeat(game.state) === null && game.state.phase === 'start' && !game.busy);
			expect((await game.submit({ type: 'confirm_starts', by: 'master' })).ok).toBe(true);
			await runUntil(() => moves.some((m) => m.command.type === 'move'));
			disk.held = true;
			const writer = game.current!;
			const before = moves.length;
			await runUntil(() => disk.pending === 1);
			// The console's undo waits while a move is written (its button is greyed: `busy`).
			expect(game.busy).toBe(true);
			disk.releaseAll();
			await runUntil(() => moves.length === before + 1);
			expect((await game.submit({ type: 'undo', by: 'master', reason: 'a wrong answer' })).ok).toBe(true);
			expect(game.current).toBe(writer);
			await runUntil(() => moves.length >= before + 3);
			expect(computers.stuck).toBeNull();
			expect(moves[before + 1]!.seat).toBe(writer);
		} finally {
			stop();
		}
	});
});
