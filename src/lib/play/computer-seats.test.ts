/**
 * The computers a device plays itself (issue 22) over a game on this device (the console
 * without phones, pass-and-play): a move it could not store waits for *Try again*; an undo by
 * the master is no failure of the computer's, and the computer whose turn it is then decides
 * again by itself, after its pause.
 */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { currentSeat } from '$lib/engine/game/apply';
import { LabyrinthDatabase } from '$lib/store/db';
import { GameStore } from '$lib/store/games';
import { newGame, settle, until, onFakeClock } from '$lib/net/testing';
import { ComputerSeats, type ComputerMove } from './computer-seats.svelte';
import { LocalGame } from './local-game.svelte';

onFakeClock();

// Long enough for a poll every 5 ms to see the computer thinking before it moves.
const PAUSE_MS = 40;

/**
 * Two computers at a game stored on this device, in play; `watchEachChange` calls `watch` at
 * every new state, as the screens' `$effect` does.
 */
async function twoComputers(mode: 'host' | 'pass') {
	const store = new GameStore(new LabyrinthDatabase(`computer-seats-${Math.random()}`));
	const id = await store.create(mode, ['Computer 1', 'Computer 2'], newGame(2, 'two-computers'), Date.now(), ['explorer', 'explorer']);
	const game = new LocalGame((await store.get(id))!, store);
	const moves: ComputerMove[] = [];
	const computers = new ComputerSeats(game, (move) => moves.push(move), PAUSE_MS);
	let effect: ReturnType<typeof setInterval> | undefined;
	/** The screen's effect: the computers look again at every new state (`hold`: they wait meanwhile). */
	const watchEachChange = (hold = false) => {
		clearInterval(effect);
		let seen = game.state;
		computers.watch(hold);
		effect = setInterval(() => {
			if (game.state !== seen) computers.watch(hold);
			seen = game.state;
		}, 1);
	};
	const stop = () => clearInterval(effect);
	await game.begin();
	// The starts: each computer chooses its own; at the console the master confirms them.
	watchEachChange();
	await until(() => game.state.phase !== 'start' || (currentSeat(game.state) === null && !game.busy), 3000, 'the starts chosen');
	watchEachChange(true);
	if (game.state.phase === 'start') expect((await game.submit({ type: 'confirm_starts', by: 'master' })).ok).toBe(true);
	expect(game.state.phase).toBe('play');
	return { store, game, moves, computers, watchEachChange, stop };
}

const quotaFull = () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));

describe.each(['host', 'pass'] as const)('computers on this device (%s)', (mode) => {
	test('a move it could not store: the computer waits for Try again, whatever else happens at the table, then moves', async () => {
		const { store, game, moves, computers, watchEachChange, stop } = await twoComputers(mode);
		try {
			const append = store.append.bind(store);
			store.append = quotaFull;
			const seat = game.current!;
			watchEachChange();
			await until(() => computers.stuck !== null, 3000, 'the computer stopped');
			expect(computers.stuck).toEqual({ seat, problem: 'quota' });
			expect(computers.thinking).toBeNull();
			// Looking again (a screen's effect) does not make it try again by itself.
			store.append = append;
			computers.watch();
			// past its pause several times over: it did not try again
			await settle(PAUSE_MS * 4);
			expect(computers.stuck).toEqual({ seat, problem: 'quota' });
			const before = moves.length;
			computers.retry();
			computers.watch();
			expect(computers.thinking).toBe(seat);
			await until(() => moves.length > before, 3000, 'the computer moved');
			expect(moves.at(-1)!.seat).toBe(seat);
			expect(computers.stuck).toBeNull();
		} finally {
			stop();
		}
	});

	test("after the master's undo, the computer to move decides again by itself, also the one that had stopped", async () => {
		const { store, game, moves, computers, watchEachChange, stop } = await twoComputers(mode);
		try {
			// The first computer moves; the second's move cannot be stored: it waits.
			const append = store.append.bind(store);
			let writable = 1;
			store.append = (...args) => (writable-- > 0 ? append(...args) : quotaFull());
			const first = game.current!;
			const started = moves.length;
			watchEachChange();
			await until(() => computers.stuck !== null, 3000, 'the second stopped');
			expect(moves.slice(started).map((m) => m.seat)).toEqual([first]);
			const second = game.current!;
			expect(second).not.toBe(first);
			expect(computers.stuck).toEqual({ seat: second, problem: 'quota' });
			store.append = append;
			// The master undoes the first computer's move: its turn again, and it moves by itself (after its pause).
			expect((await game.submit({ type: 'undo', by: 'master', reason: 'a wrong answer' })).ok).toBe(true);
			expect(game.current).toBe(first);
			expect(computers.stuck).toBeNull();
			await until(() => computers.thinking === first, 3000, 'the first computer thinking');
			await until(() => moves.length > started + 1, 3000, 'the first computer moved again');
			expect(moves[started + 1]!.seat).toBe(first);
			// Then the second, which had stopped before the undo, moves by itself too.
			await until(() => moves.length > started + 2, 3000, 'the second computer moved');
			expect(moves[started + 2]!.seat).toBe(second);
			expect(computers.stuck).toBeNull();
			const log = (await store.get(game.record.id))!.game.log;
			expect(log.filter((c) => c.type === 'undo')).toHaveLength(1);
			expect(log.slice(-3).map((c) => c.by)).toEqual(['master', first, second]);
		} finally {
			stop();
		}
	});
});
