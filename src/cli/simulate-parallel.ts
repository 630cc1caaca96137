/**
 * The balance report on every core of this machine (issue 36): the games are split into
 * interleaved shares (game i to thread i mod n), each played in a worker thread, and the
 * tallies merged by `reportOf` — the same report, byte for byte, as one thread playing them all
 * (games are independent and seeded by their index).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { reportOf, simulate, type SimulationOptions, type SimulationReport, type SimulationShare, type SimulationTally } from '../lib/bots/simulate';
import { duelReportOf, simulateDuels, type DuelReport, type DuelSimulationOptions, type DuelTally } from '../lib/bots/simulate-duel';

export type SimulationThreadOptions = Omit<SimulationOptions, 'onGame'>;
/** A thread's share of a report: games at a table (`simulate.ts`) or duels between two plans (`simulate-duel.ts`). */
export type ThreadJob = { kind: 'table'; options: SimulationThreadOptions; share: SimulationShare } | { kind: 'duel'; options: DuelSimulationOptions; share: SimulationShare };
export type ThreadUpdate = { type: 'progress' } | { type: 'done'; tally: SimulationTally | DuelTally } | { type: 'error'; message: string };

/** Threads worth starting for `games` games: one per core, never more than games. */
export function threadsFor(games: number, cores = availableParallelism()): number {
	return Math.max(1, Math.min(cores, games));
}

/**
 * A thread of the simulation: `file` when given (a built simulate-thread.js), else the built
 * file beside the bundled CLI, or (the CLI run as TypeScript: tests, `tsx`) the TypeScript file
 * imported after tsx's loader is registered in the thread itself (a thread does not inherit a
 * loader registered in code; compiling there costs each thread a second or more).
 */
function startThread(job: ThreadJob, file?: URL): Worker {
	if (file) return new Worker(file, { workerData: job });
	if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./simulate-thread.js', import.meta.url), { workerData: job });
	// tsx's ESM entry (a `require` resolution would give its CommonJS one).
	const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
	const entry = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
	const tsx = pathToFileURL(join(dirname(manifest), entry)).href;
	const script = new URL('./simulate-thread.ts', import.meta.url).href;
	const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); });`;
	return new Worker(code, { eval: true, workerData: job });
}

/**
 * The report over `options.games` games on `threads` worker threads (1: played here, no thread).
 * `onGame(done, total)` after each game anywhere; returning false stops every thread, and the
 * report covers the games played. `script`: the thread's file, when not the one beside this
 * module (the bench runs the built dist/cli/simulate-thread.js from the TypeScript sources).
 */
export async function simulateOnThreads(
	options: SimulationThreadOptions,
	threads = threadsFor(options.games),
	onGame?: (done: number, total: number) => boolean | void,
	script?: URL
): Promise<SimulationReport> {
	const count = Math.max(1, Math.min(threads, options.games));
	if (count === 1) return simulate({ ...options, onGame });
	const tallies = await tallyOnThreads<SimulationTally>((share) => ({ kind: 'table', options, share }), options.games, count, onGame, script);
	return reportOf(options, tallies);
}

/** The duels' report (`simulate-duel.ts`) on `threads` worker threads, the same way: the one-thread report byte for byte. */
export async function simulateDuelsOnThreads(options: DuelSimulationOptions, threads = threadsFor(options.games), onGame?: (done: number, total: number) => boolean | void): Promise<DuelReport> {
	const count = Math.max(1, Math.min(threads, options.games));
	if (count === 1) return simulateDuels(options, onGame);
	const tallies = await tallyOnThreads<DuelTally>((share) => ({ kind: 'duel', options, share }), options.games, count, onGame);
	return duelReportOf(options, tallies);
}

/** Every share's tally, each share played on a thread of its own. */
async function tallyOnThreads<T extends SimulationTally | DuelTally>(
	jobOf: (share: SimulationShare) => ThreadJob,
	games: number,
	count: number,
	onGame?: (done: number, total: number) => boolean | void,
	script?: URL
): Promise<T[]> {
	let done = 0;
	const workers: Worker[] = [];
	try {
		return await Promise.all(
			Array.from({ length: count }, (_, index) => {
				const worker = startThread(jobOf({ index, count }), script);
				workers.push(worker);
				return new Promise<T>((resolve, reject) => {
					worker.on('message', (update: ThreadUpdate) => {
						if (update.type === 'progress') {
							done++;
							if (onGame?.(done, games) === false) for (const w of workers) w.postMessage({ type: 'stop' });
						} else if (update.type === 'done') resolve(update.tally as T);
						else reject(new Error(update.message));
					});
					worker.on('error', reject);
					worker.on('exit', (code) => reject(new Error(`simulation thread exited (${code})`)));
				});
			})
		);
	} finally {
		await Promise.all(workers.map((w) => w.terminate()));
	}
}
