/**
 * The editor's balance report on every core (issue 36): the games split into interleaved
 * shares, one Web Worker each (simulate.worker.ts), the progress summed and the tallies merged
 * by `reportOf` — the report one worker would give, byte for byte. *Stop* reaches every worker;
 * the report then covers the games played.
 *
 * The workers are a pool kept while the report panel is open: a fresh worker spends ~0.35 s
 * (some eight games' worth of CPU) loading and warming up the bots' code before its first game
 * ends, and a designer runs the report, changes the plan and runs it again. Every run has an
 * id that its messages carry both ways, so nothing of an earlier run (a late progress, a *Stop*
 * that reached a worker after its share ended) counts toward the next.
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

/**
 * Idle workers are let go after this long without a report: a panel left open on a tablet
 * should not hold up to 16 warmed engines' memory for hours; a designer back after that pays
 * the cold start once.
 */
export const REPORT_POOL_IDLE_MS = 10 * 60_000;

interface Running {
	id: number;
	run: ReportRun;
	listener: ReportListener;
	workers: ReportWorker[];
	done: number[];
	tallies: (SimulationTally | null)[];
	stopped: boolean;
}

/**
 * The report's workers, started when a report first needs them and kept for the next one.
 * One report at a time: starting a report drops one still going (its workers are told to stop;
 * each starts the new share after the game it is playing). A worker that fails (its `onerror`)
 * fails the report and is let go; the next report starts one in its place. `close()` lets every
 * worker go; the pool can start again after it.
 */
export class ReportPool {
	private workers: ReportWorker[] = [];
	private lastId = 0;
	private current: Running | null = null;
	private idleTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(
		private readonly spawn: () => ReportWorker,
		private readonly idleMs = REPORT_POOL_IDLE_MS
	) {}

	/** The workers held now (started and not let go). */
	get size(): number {
		return this.workers.length;
	}

	/** Starts the report on `count` workers (reusing those held); the handle stops it (the report then covers the games played). */
	run(run: ReportRun, count: number, listener: ReportListener): { stop(): void } {
		this.drop();
		this.clearIdle();
		while (this.workers.length < count) this.workers.push(this.adopt(this.spawn()));
		const id = ++this.lastId;
		const running: Running = { id, run, listener, workers: this.workers.slice(0, count), done: new Array<number>(count).fill(0), tallies: new Array<SimulationTally | null>(count).fill(null), stopped: false };
		this.current = running;
		running.workers.forEach((worker, index) => worker.postMessage({ type: 'start', run: id, ...run, share: { index, count } }));
		return {
			stop: () => {
				if (this.current?.id === id) for (const w of running.workers) w.postMessage({ type: 'stop', run: id });
			}
		};
	}

	/** Lets every worker go; a report still going is dropped without a word. */
	close(): void {
		this.current = null;
		this.clearIdle();
		for (const w of this.workers) w.terminate();
		this.workers = [];
	}

	private adopt(worker: ReportWorker): ReportWorker {
		worker.onmessage = (event) => this.heard(worker, event.data);
		worker.onerror = (event) => {
			this.workers = this.workers.filter((w) => w !== worker);
			worker.terminate();
			if (this.current?.workers.includes(worker)) this.fail(event.message || 'worker');
		};
		return worker;
	}

	private heard(worker: ReportWorker, update: SimulationUpdate): void {
		const running = this.current;
		// A message of an earlier run (or of none) counts for nothing.
		if (!running || update.run !== running.id) return;
		const index = running.workers.indexOf(worker);
		if (index < 0) return;
		if (update.type === 'progress') {
			running.done[index] = update.done;
			running.listener.progress(
				running.done.reduce((a, b) => a + b, 0),
				running.run.games
			);
		} else if (update.type === 'done') {
			running.tallies[index] = update.tally;
			running.stopped ||= update.stopped;
			if (running.tallies.every((t) => t !== null)) {
				this.finish();
				running.listener.done(reportOf(running.run, running.tallies as SimulationTally[]), running.stopped);
			}
		} else this.fail(update.message);
	}

	private fail(message: string): void {
		const running = this.current;
		if (!running) return;
		this.drop();
		running.listener.failed(message);
	}

	/** The current report dropped: its workers stop its share after their game. */
	private drop(): void {
		const running = this.current;
		if (!running) return;
		for (const w of running.workers) if (this.workers.includes(w)) w.postMessage({ type: 'stop', run: running.id });
		this.finish();
	}

	private finish(): void {
		this.current = null;
		this.clearIdle();
		this.idleTimer = setTimeout(() => this.close(), this.idleMs);
	}

	private clearIdle(): void {
		if (this.idleTimer !== null) clearTimeout(this.idleTimer);
		this.idleTimer = null;
	}
}

/**
 * A worker's side (simulate.worker.ts hands it each message): each start plays its share after
 * the share before it has ended; a share stops at a *Stop* for its run or when a later run
 * starts. Run ids only grow, so a *Stop* of an earlier run stops nothing later.
 */
export function shareRunner(post: (update: SimulationUpdate) => void): (request: SimulationRequest) => void {
	let latest = 0;
	let stoppedUpTo = 0;
	let queue = Promise.resolve();
	return (request) => {
		if (request.type === 'stop') {
			stoppedUpTo = Math.max(stoppedUpTo, request.run);
			return;
		}
		latest = Math.max(latest, request.run);
		queue = queue.then(() => playShare(request, post, () => request.run <= stoppedUpTo || request.run < latest));
	};
}

/**
 * A turn of the event loop (a *Stop* already queued is read meanwhile): a message to itself, not
 * `setTimeout(0)`, which a browser holds 4 ms or more once nested (4.2–5.0 ms a turn measured in
 * a Chromium 156 worker, some 10 % of a warm game's 40–50 ms).
 */
function nextTurn(): Promise<void> {
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}

/**
 * A worker's part: its share's games one at a time, the progress after each, a turn of the
 * event loop between games (a "stop" waiting in the queue is read), then its tally.
 */
export async function playShare(request: Extract<SimulationRequest, { type: 'start' }>, post: (update: SimulationUpdate) => void, stopped: () => boolean): Promise<void> {
	const run = request.run;
	try {
		const simulation = new Simulation({ plan: request.plan, games: request.games, bots: request.bots, seed: request.seed }, request.share);
		while (!simulation.finished && !stopped()) {
			simulation.next();
			post({ type: 'progress', run, done: simulation.played });
			await nextTurn();
		}
		post({ type: 'done', run, tally: simulation.tally(), stopped: stopped() });
	} catch (error) {
		post({ type: 'error', run, message: error instanceof Error ? error.message : String(error) });
	}
}
