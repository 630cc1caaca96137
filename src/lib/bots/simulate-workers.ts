/**
 * The editor's balance report on every core (issue 36): the games split into interleaved
 * shares, one Web Worker each (simulate.worker.ts), the progress summed and the tallies merged
 * by `reportOf` — the report one worker would give, byte for byte. *Stop* reaches every worker;
 * the report then covers the games played.
 */
import type { Plan } from '../engine/plan/types';
import type { BotLevel } from './bot';
import { reportOf, Simulation, type SimulationReport, type SimulationTally } from './simulate';
import type { SimulationRequest, SimulationUpdate } from './simulate.worker';

/** What the report needs of a worker (a `Worker`; an in-process stand-in in the tests). */
export interface ReportWorker {
	postMessage(message: SimulationRequest): void;
	terminate(): void;
	onmessage: ((event: MessageEvent<SimulationUpdate>) => void) | null;
	onerror: ((event: ErrorEvent) => void) | null;
}

export interface ReportRun {
	plan: Plan;
	games: number;
	bots: BotLevel[];
	seed: string;
}

export interface ReportListener {
	progress(done: number, total: number): void;
	done(report: SimulationReport, stopped: boolean): void;
	failed(message: string): void;
}

/** Workers worth starting: one per core the device reports (at most 16), never more than games. */
export function workersFor(games: number, cores: number | undefined): number {
	return Math.max(1, Math.min(16, cores || 1, games));
}

/** Starts the run on `count` workers; the handle stops it (the report covers the games played) or drops it. */
export function runReport(run: ReportRun, count: number, spawn: () => ReportWorker, listener: ReportListener): { stop(): void; terminate(): void } {
	const workers: ReportWorker[] = [];
	const done: number[] = new Array<number>(count).fill(0);
	const tallies: (SimulationTally | null)[] = new Array<SimulationTally | null>(count).fill(null);
	let stopped = false;
	let over = false;
	const terminate = () => {
		over = true;
		for (const w of workers) w.terminate();
	};
	const fail = (message: string) => {
		if (over) return;
		terminate();
		listener.failed(message);
	};
	for (let index = 0; index < count; index++) {
		const worker = spawn();
		workers.push(worker);
		worker.onmessage = (event) => {
			if (over) return;
			const u = event.data;
			if (u.type === 'progress') {
				done[index] = u.done;
				listener.progress(
					done.reduce((a, b) => a + b, 0),
					run.games
				);
			} else if (u.type === 'done') {
				tallies[index] = u.tally;
				stopped ||= u.stopped;
				if (tallies.every((t) => t !== null)) {
					terminate();
					listener.done(reportOf(run, tallies as SimulationTally[]), stopped);
				}
			} else fail(u.message);
		};
		worker.onerror = (e) => fail(e.message || 'worker');
		worker.postMessage({ type: 'start', ...run, share: { index, count } });
	}
	return {
		stop: () => {
			for (const w of workers) w.postMessage({ type: 'stop' });
		},
		terminate
	};
}

/**
 * A worker's part (simulate.worker.ts): its share's games one at a time, the progress after
 * each, a turn of the event loop between games (a "stop" waiting in the queue is read), then
 * its tally.
 */
export async function playShare(request: Extract<SimulationRequest, { type: 'start' }>, post: (update: SimulationUpdate) => void, stopped: () => boolean): Promise<void> {
	try {
		const run = new Simulation({ plan: request.plan, games: request.games, bots: request.bots, seed: request.seed }, request.share);
		while (!run.finished && !stopped()) {
			run.next();
			post({ type: 'progress', done: run.played });
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
		post({ type: 'done', tally: run.tally(), stopped: stopped() });
	} catch (error) {
		post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
	}
}
