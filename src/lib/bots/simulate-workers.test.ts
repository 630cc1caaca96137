/**
 * The editor's report on every core (issue 36): its shares, played by stand-in workers in this
 * process (each as simulate.worker.ts plays its share: `playShare`), give the one-worker report
 * byte for byte whatever the number of workers; Stop reaches every worker.
 */
import { describe, expect, test } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { simulate } from './simulate';
import { playShare, runReport, workersFor, type ReportRun, type ReportWorker } from './simulate-workers';
import type { SimulationRequest, SimulationUpdate } from './simulate.worker';

/** A worker in this process: messages cross both ways on a later turn of the event loop, as a real one's do. */
class StandInWorker implements ReportWorker {
	onmessage: ((event: MessageEvent<SimulationUpdate>) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	private stop = false;
	postMessage(message: SimulationRequest): void {
		setTimeout(() => {
			if (message.type === 'stop') this.stop = true;
			else void playShare(message, (u) => setTimeout(() => !this.terminated && this.onmessage?.({ data: u } as MessageEvent<SimulationUpdate>)), () => this.stop);
		});
	}
	terminate(): void {
		this.terminated = true;
	}
}

function play(run: ReportRun, count: number, stopAt?: number) {
	const workers: StandInWorker[] = [];
	const seen: number[] = [];
	return new Promise<{ report: string; stopped: boolean; seen: number[]; workers: StandInWorker[]; games: number }>((resolve, reject) => {
		const handle = runReport(run, count, () => (workers.push(new StandInWorker()), workers.at(-1)!), {
			progress: (done, total) => {
				expect(total).toBe(run.games);
				seen.push(done);
				if (done === stopAt) handle.stop();
			},
			done: (report, stopped) => resolve({ report: JSON.stringify(report), stopped, seen, workers, games: report.games }),
			failed: reject
		});
	});
}

describe('the balance report on every core', () => {
	const plan = generatePlan({ width: 6, height: 6, seed: 'cores' });
	const run: ReportRun = { plan, games: 9, bots: ['explorer', 'hunter', 'wanderer'], seed: 'cores' };

	test('any number of workers: the one-worker report byte for byte; the progress counts every game once', async () => {
		const one = JSON.stringify(simulate(run));
		for (const count of [1, 2, 4]) {
			const r = await play(run, count);
			expect(r.report).toBe(one);
			expect(r.stopped).toBe(false);
			expect(r.seen).toEqual(Array.from({ length: run.games }, (_, i) => i + 1));
			expect(r.workers).toHaveLength(count);
			expect(r.workers.every((w) => w.terminated)).toBe(true);
		}
	}, 240_000);

	test('Stop reaches every worker: the report covers the games played, fewer than asked', async () => {
		const r = await play({ ...run, games: 40 }, 3, 2);
		expect(r.stopped).toBe(true);
		expect(r.games).toBeLessThan(40);
		expect(r.games).toBeGreaterThanOrEqual(2);
	}, 240_000);

	test('workers: one per core, at most one per game, at least one', () => {
		expect(workersFor(100, 8)).toBe(8);
		expect(workersFor(3, 8)).toBe(3);
		expect(workersFor(10, undefined)).toBe(1);
		expect(workersFor(10, 64)).toBe(10);
		expect(workersFor(100, 64)).toBe(16);
	});
});
