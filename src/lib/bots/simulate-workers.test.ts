/**
 * The editor's report on every core (issue 36): its shares, played by stand-in workers in this
 * process (each runs the worker's own side, `shareRunner`, as simulate.worker.ts does), give the
 * one-worker report byte for byte whatever the number of workers; Stop reaches every worker; the
 * pool keeps its workers for the next report and nothing of one run counts toward the next.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { simulate, type SimulationReport } from './simulate';
import { REPORT_POOL_IDLE_MS, ReportPool, shareRunner, workersFor, type ReportRun, type ReportWorker } from './simulate-workers';
import type { SimulationRequest, SimulationUpdate } from './simulate.worker';

/** A worker in this process: messages cross both ways on a later turn of the event loop, as a real one's do. */
class StandInWorker implements ReportWorker {
	onmessage: ((event: MessageEvent<SimulationUpdate>) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	readonly updates: SimulationUpdate[] = [];
	private readonly handle = shareRunner((u) =>
		setTimeout(() => {
			if (this.terminated) return;
			this.updates.push(u);
			this.onmessage?.({ data: u } as MessageEvent<SimulationUpdate>);
		})
	);
	postMessage(message: SimulationRequest): void {
		setTimeout(() => !this.terminated && this.handle(message));
	}
	terminate(): void {
		this.terminated = true;
		// A terminated worker plays no further game.
		this.handle({ type: 'stop', run: Number.MAX_SAFE_INTEGER });
	}
}

/** A worker whose script fails (as a Worker whose file does not load): its error event, nothing else. */
class BrokenWorker implements ReportWorker {
	onmessage: ((event: MessageEvent<SimulationUpdate>) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	postMessage(): void {
		setTimeout(() => this.onerror?.({ message: 'script failed' } as ErrorEvent));
	}
	terminate(): void {
		this.terminated = true;
	}
}

/** A pool of stand-in workers, with every worker it started. */
function standInPool(idleMs?: number, make: (n: number) => ReportWorker = () => new StandInWorker()) {
	const started: ReportWorker[] = [];
	const pool = new ReportPool(() => {
		const w = make(started.length);
		started.push(w);
		return w;
	}, idleMs);
	return { pool, started };
}

interface Played {
	report: string;
	stopped: boolean;
	seen: number[];
	games: number;
}

/** One report on the pool; `stopAt`: *Stop* once the progress reaches it. */
function play(pool: ReportPool, run: ReportRun, count: number, stopAt?: number): Promise<Played> {
	const seen: number[] = [];
	return new Promise((resolve, reject) => {
		const handle = pool.run(run, count, {
			progress: (done, total) => {
				expect(total).toBe(run.games);
				seen.push(done);
				if (done === stopAt) handle.stop();
			},
			done: (report: SimulationReport, stopped) => resolve({ report: JSON.stringify(report), stopped, seen, games: report.games }),
			failed: (message) => reject(new Error(message))
		});
	});
}

const every = (games: number) => Array.from({ length: games }, (_, i) => i + 1);

describe('the balance report on every core', () => {
	const plan = generatePlan({ width: 6, height: 6, seed: 'cores' });
	const run: ReportRun = { plan, games: 9, bots: ['explorer', 'hunter', 'wanderer'], seed: 'cores' };
	const one = JSON.stringify(simulate(run));

	afterEach(() => {
		vi.useRealTimers();
	});

	test('any number of workers: the one-worker report byte for byte, again on the same workers; the progress counts every game once', async () => {
		for (const count of [1, 2, 4]) {
			const { pool, started } = standInPool();
			for (const time of [1, 2]) {
				const r = await play(pool, run, count);
				expect(r.report, `${count} workers, report ${time}`).toBe(one);
				expect(r.stopped).toBe(false);
				expect(r.seen).toEqual(every(run.games));
			}
			// The second report reused the first's workers, kept running between them.
			expect(started).toHaveLength(count);
			expect(started.some((w) => (w as StandInWorker).terminated)).toBe(false);
			pool.close();
		}
	}, 240_000);

	test('a bigger report adds workers to those kept; a smaller one uses some of them', async () => {
		const { pool, started } = standInPool();
		expect((await play(pool, run, 2)).report).toBe(one);
		expect((await play(pool, run, 3)).report).toBe(one);
		expect((await play(pool, run, 1)).report).toBe(one);
		expect(started).toHaveLength(3);
		expect(pool.size).toBe(3);
		pool.close();
	}, 240_000);

	test('Stop reaches every worker: the report covers the games played; the next report on the same workers counts none of the stopped one', async () => {
		const { pool, started } = standInPool();
		const stopped = await play(pool, { ...run, games: 40 }, 3, 2);
		expect(stopped.stopped).toBe(true);
		expect(stopped.games).toBeLessThan(40);
		expect(stopped.games).toBeGreaterThanOrEqual(2);
		const next = await play(pool, run, 3);
		expect(next.report).toBe(one);
		expect(next.stopped).toBe(false);
		expect(next.seen).toEqual(every(run.games));
		expect(started).toHaveLength(3);
		pool.close();
	}, 240_000);

	test('a report started while another is going: the earlier one dropped, its late progress and tallies (and its Stop) count for nothing', async () => {
		const { pool, started } = standInPool();
		const earlier = vi.fn();
		const handle = pool.run({ ...run, games: 40 }, 2, { progress: earlier, done: earlier, failed: earlier });
		// Let the earlier report get going: its games are under way when the next one starts.
		await vi.waitFor(() => expect(earlier).toHaveBeenCalled(), { timeout: 60_000, interval: 5 });
		const next = play(pool, run, 2);
		earlier.mockClear();
		handle.stop();
		const r = await next;
		expect(r.report).toBe(one);
		expect(r.stopped).toBe(false);
		expect(r.seen).toEqual(every(run.games));
		expect(earlier).not.toHaveBeenCalled();
		// The earlier run's shares did end (stopped), after the next began: their messages were heard and set aside.
		const updates = started.flatMap((w) => (w as StandInWorker).updates);
		expect(updates.some((u) => u.run === 1 && u.type === 'done' && u.stopped)).toBe(true);
		pool.close();
	}, 240_000);

	test("a worker's side: a Stop of an earlier run stops nothing later; a later start stops the share before it", async () => {
		const updates: SimulationUpdate[] = [];
		const handle = shareRunner((u) => updates.push(u));
		const start = (id: number, games: number) => handle({ type: 'start', run: id, ...run, games, share: { index: 0, count: 1 } });
		start(1, 40);
		start(2, 3);
		handle({ type: 'stop', run: 1 });
		await vi.waitFor(() => expect(updates.filter((u) => u.type === 'done')).toHaveLength(2), { timeout: 60_000, interval: 5 });
		const done = updates.filter((u) => u.type === 'done');
		expect(done.map((u) => [u.run, u.stopped, u.tally.played])).toEqual([
			[1, true, 0],
			[2, false, 3]
		]);
	}, 60_000);

	test('a worker that fails fails its report and is replaced by a fresh one for the next; the others are kept', async () => {
		const { pool, started } = standInPool(undefined, (n) => (n === 1 ? new BrokenWorker() : new StandInWorker()));
		await expect(play(pool, run, 2)).rejects.toThrow('script failed');
		expect((started[1] as BrokenWorker).terminated).toBe(true);
		expect(pool.size).toBe(1);
		const r = await play(pool, run, 2);
		expect(r.report).toBe(one);
		expect(r.seen).toEqual(every(run.games));
		expect(started).toHaveLength(3);
		expect((started[0] as StandInWorker).terminated).toBe(false);
		pool.close();
	}, 240_000);

	test("a report whose games cannot be played (an error the worker tells) fails once; the workers, sound, are kept for the next", async () => {
		const { pool, started } = standInPool();
		const failed = vi.fn();
		await new Promise<void>((resolve) =>
			pool.run({ ...run, bots: [] }, 2, {
				progress: () => {},
				done: () => resolve(),
				failed: (message) => (failed(message), resolve())
			})
		);
		// Both workers told it; the report failed once.
		// (the second worker's error comes a turn of the event loop after the first: a busy machine's turn can pass vi.waitFor's own 1 s)
		await vi.waitFor(() => expect(started.every((w) => (w as StandInWorker).updates.some((u) => u.type === 'error'))).toBe(true), { timeout: 60_000, interval: 5 });
		expect(failed.mock.calls).toEqual([['seats_invalid']]);
		expect(pool.size).toBe(2);
		expect((await play(pool, run, 2)).report).toBe(one);
		expect(started).toHaveLength(2);
		pool.close();
	}, 240_000);

	test('closed (the panel closed, the page left): every worker let go, a report going says nothing more; the pool starts afresh after', async () => {
		const { pool, started } = standInPool();
		const heard = vi.fn();
		pool.run({ ...run, games: 40 }, 2, { progress: heard, done: heard, failed: heard });
		await vi.waitFor(() => expect(heard).toHaveBeenCalled(), { timeout: 60_000, interval: 5 });
		pool.close();
		heard.mockClear();
		expect(started.every((w) => (w as StandInWorker).terminated)).toBe(true);
		expect(pool.size).toBe(0);
		expect((await play(pool, run, 2)).report).toBe(one);
		expect(heard).not.toHaveBeenCalled();
		expect(started).toHaveLength(4);
		pool.close();
	}, 240_000);

	test('idle workers are let go after REPORT_POOL_IDLE_MS without a report; a report in between keeps them', async () => {
		vi.useFakeTimers();
		const { pool, started } = standInPool();
		const drive = async <T>(p: Promise<T>) => {
			let settled = false;
			void p.finally(() => (settled = true));
			while (!settled) await vi.advanceTimersByTimeAsync(1);
			return p;
		};
		const small = { ...run, games: 2 };
		await drive(play(pool, small, 2));
		await vi.advanceTimersByTimeAsync(REPORT_POOL_IDLE_MS - 1000);
		await drive(play(pool, small, 2));
		await vi.advanceTimersByTimeAsync(REPORT_POOL_IDLE_MS - 1000);
		expect(started).toHaveLength(2);
		expect(started.some((w) => (w as StandInWorker).terminated)).toBe(false);
		await vi.advanceTimersByTimeAsync(1000);
		expect(started.every((w) => (w as StandInWorker).terminated)).toBe(true);
		expect(pool.size).toBe(0);
	}, 120_000);

	test('workers: one per core, at most one per game, at least one', () => {
		expect(workersFor(100, 8)).toBe(8);
		expect(workersFor(3, 8)).toBe(3);
		expect(workersFor(10, undefined)).toBe(1);
		expect(workersFor(10, 64)).toBe(10);
		expect(workersFor(100, 64)).toBe(16);
	});
});
