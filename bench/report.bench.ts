/**
 * The editor's balance report on every core (issue 36), as the app runs it: its `ReportPool`
 * (src/lib/bots/simulate-workers.ts) with one worker per core, each the app's report worker
 * (simulate.worker.ts, bundled by esbuild as Vite bundles it for the page) in a Node worker
 * thread (bench/report-worker.ts gives it a Web Worker's `postMessage`/`onmessage`); four
 * explorers, 48 games on a generated 10x10 plan (the panel offers 50).
 * - `sim.report_games_per_s`: a designer's second report — the plan changed, the report run
 *   again on the workers the first one warmed (the panel keeps them while it is open). Target
 *   ≥ 50 on a 2-core machine.
 * - `sim.report_cold_games_per_s`: the first report, on workers started for it: each loads the
 *   bundle and warms up the bots' code before its first game ends. `labyrinth simulate`
 *   (one report per process, src/cli/simulate-parallel.ts) pays the same.
 * `sim.report_cpu_ms_per_game` and `sim.report_cold_cpu_ms_per_game`: the CPU time of the whole
 * process (every thread) per game in those reports — steadier than the rates when other work
 * shares the cores. Each a sum over two rounds, a fresh pool each: the first report on plan A
 * and the second on plan B, then B first and A second (each plan cold once and warm once: plans'
 * games differ in length), after one small report has warmed the file cache.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { ReportPool, workersFor, type ReportRun, type ReportWorker } from '../src/lib/bots/simulate-workers';
import type { SimulationRequest, SimulationUpdate } from '../src/lib/bots/simulate.worker';

const GAMES = 48;
/** Each round a fresh pool: the first report on one plan, the second on the other; each plan played cold once and warm once (plans' games differ in length). */
const ROUNDS = [
	[0, 1],
	[1, 0]
] as const;
const FOUR = ['explorer', 'explorer', 'explorer', 'explorer'] as const;

/** A Node worker thread running `file`, seen as the report sees a Web Worker. */
function threadWorker(file: URL): ReportWorker {
	const thread = new Worker(file);
	const worker: ReportWorker = {
		onmessage: null,
		onerror: null,
		postMessage: (message: SimulationRequest) => thread.postMessage(message),
		terminate: () => void thread.terminate()
	};
	thread.on('message', (data: SimulationUpdate) => worker.onmessage?.({ data } as MessageEvent<SimulationUpdate>));
	thread.on('error', (error: Error) => worker.onerror?.({ message: error.message } as ErrorEvent));
	return worker;
}

interface Spent {
	wallMs: number;
	cpuMs: number;
}

/** One report on the pool: its wall time, and the CPU time of the whole process (every thread) meanwhile. */
function timedReport(pool: ReportPool, run: ReportRun, count: number): Promise<Spent> {
	const start = performance.now();
	const cpu = process.cpuUsage();
	return new Promise((resolve, reject) =>
		pool.run(run, count, {
			progress: () => {},
			done: (report) => {
				const { user, system } = process.cpuUsage(cpu);
				if (report.games === run.games) resolve({ wallMs: performance.now() - start, cpuMs: (user + system) / 1000 });
				else reject(new Error(`${report.games} games of ${run.games}`));
			},
			failed: (message) => reject(new Error(message))
		})
	);
}

export default async () => {
	const file = join(mkdtempSync(join(tmpdir(), 'report-bench-')), 'report-worker.js');
	await build({ entryPoints: [join(import.meta.dirname, 'report-worker.ts')], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', tsconfigRaw: {}, logLevel: 'warning' });
	const spawn = () => threadWorker(pathToFileURL(file));
	const cores = availableParallelism();
	const count = workersFor(GAMES, cores);
	const plans = [100, 101].map((seed) => generatePlan({ width: 10, height: 10, seed }));
	const run = (i: number): ReportRun => ({ plan: plans[i]!, games: GAMES, bots: [...FOUR], seed: 'bench' });

	const warmup = new ReportPool(spawn);
	await timedReport(warmup, { ...run(0), games: count }, count);
	warmup.close();

	const cold: Spent = { wallMs: 0, cpuMs: 0 };
	const warm: Spent = { wallMs: 0, cpuMs: 0 };
	const add = (sum: Spent, spent: Spent) => ((sum.wallMs += spent.wallMs), (sum.cpuMs += spent.cpuMs));
	for (const [first, second] of ROUNDS) {
		const pool = new ReportPool(spawn);
		add(cold, await timedReport(pool, run(first), count));
		add(warm, await timedReport(pool, run(second), count));
		pool.close();
	}
	const games = ROUNDS.length * GAMES;
	const rate = (spent: Spent) => Number((games / (spent.wallMs / 1000)).toFixed(2));
	const cpuPerGame = (spent: Spent) => Number((spent.cpuMs / games).toFixed(1));
	return [
		{ name: 'sim.report_games_per_s', value: rate(warm), unit: `games/s (second report, warm workers, ${count} cores)` },
		{ name: 'sim.report_cold_games_per_s', value: rate(cold), unit: `games/s (first report, fresh workers, ${count} cores)` },
		{ name: 'sim.report_cpu_ms_per_game', value: cpuPerGame(warm), unit: 'CPU ms/game (second report)' },
		{ name: 'sim.report_cold_cpu_ms_per_game', value: cpuPerGame(cold), unit: 'CPU ms/game (first report)' }
	];
};
