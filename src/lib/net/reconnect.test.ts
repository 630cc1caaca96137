import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Pause, reconnect, RETRY_MS } from './reconnect';

/** A session's side of the loop, scripted: each attempt takes the next outcome. */
function script(outcomes: ('unreachable' | 'ended' | 'welcomed')[], opts: { rejoin?: boolean } = {}) {
	const log: string[] = [];
	const state = { closed: false, refused: false };
	const pause = new Pause();
	let n = 0;
	const done = reconnect({
		waits: [100, 200, 400],
		pause,
		stopped: () => state.closed || state.refused,
		before: () => log.push('before'),
		attempt: async () => {
			const outcome = outcomes[n++] ?? 'unreachable';
			log.push(outcome);
			if (outcome === 'unreachable') throw new Error('no route');
			return outcome === 'welcomed';
		},
		lost: () => {
			log.push('lost');
			return opts.rejoin !== false;
		}
	});
	return { log, state, pause, done, attempts: () => n };
}

describe('the reconnection loop (the phone\'s seat and the duel\'s joiner)', () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	test('the waits grow along the list, the last one repeating', async () => {
		const s = script([]);
		await vi.advanceTimersByTimeAsync(0);
		expect(s.attempts()).toBe(1);
		// 100, 200, 400, then 400 again: attempts at 0, 100, 300, 700, 1100.
		let now = 0;
		for (const [at, attempts] of [[99, 1], [100, 2], [299, 2], [300, 3], [699, 3], [700, 4], [1099, 4], [1100, 5]] as const) {
			await vi.advanceTimersByTimeAsync(at - now);
			now = at;
			expect(s.attempts(), `at ${at} ms`).toBe(attempts);
		}
		s.state.closed = true;
		s.pause.wake();
		await s.done;
	});

	test('an attempt that got through starts the waits over', async () => {
		const s = script(['unreachable', 'unreachable', 'welcomed', 'unreachable']);
		await vi.advanceTimersByTimeAsync(100 + 200);
		expect(s.attempts()).toBe(3);
		// Welcomed, then lost: the next wait is the first one again.
		await vi.advanceTimersByTimeAsync(99);
		expect(s.attempts()).toBe(3);
		await vi.advanceTimersByTimeAsync(1);
		expect(s.attempts()).toBe(4);
		s.state.closed = true;
		s.pause.wake();
		await s.done;
	});

	test('closing wakes the wait and ends the loop at once; nothing is tried after', async () => {
		const s = script([]);
		await vi.advanceTimersByTimeAsync(0);
		s.state.closed = true;
		s.pause.wake();
		await s.done;
		await vi.advanceTimersByTimeAsync(10_000);
		expect(s.attempts()).toBe(1);
		expect(s.log).toEqual(['before', 'unreachable', 'lost']);
	});

	test('refused during an attempt: no wait, no further attempt, the session is not told it is lost', async () => {
		const log: string[] = [];
		let refused = false;
		await reconnect({
			pause: new Pause(),
			stopped: () => refused,
			attempt: async () => {
				log.push('attempt');
				refused = true;
				return false;
			},
			lost: () => (log.push('lost'), true)
		});
		expect(log).toEqual(['attempt']);
	});

	test('a session that does not rejoin stops after the first link ends', async () => {
		const s = script(['ended'], { rejoin: false });
		await s.done;
		expect(s.log).toEqual(['before', 'ended', 'lost']);
	});

	test('the default waits are the sessions\' own (300 ms up to 1.5 s: a tablet back from a closed tab is found within 1.5 s, issue 29)', () => {
		expect(RETRY_MS).toEqual([300, 1000, 1500]);
	});
});
