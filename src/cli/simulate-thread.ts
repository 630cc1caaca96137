/**
 * A worker thread of `labyrinth simulate` (simulate-parallel.ts starts it): plays its share of the
 * report's games, tells the parent after each, and hands back its tally. Built as its own file
 * beside the CLI (scripts/build-cli.js); run as TypeScript through tsx when the CLI is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Simulation } from '../lib/bots/simulate';
import { DuelSimulation } from '../lib/bots/simulate-duel';
import type { ThreadJob, ThreadUpdate } from './simulate-parallel';

const job = workerData as ThreadJob;
const port = parentPort!;
let stop = false;
port.on('message', (msg: { type: 'stop' }) => {
	if (msg.type === 'stop') stop = true;
});
const post = (update: ThreadUpdate) => port.postMessage(update);
try {
	const run = job.kind === 'duel' ? new DuelSimulation(job.options, job.share) : new Simulation(job.options, job.share);
	while (!run.finished && !stop) {
		run.next();
		post({ type: 'progress' });
		// A turn of the event loop between games: a "stop" from the parent is heard.
		await new Promise((resolve) => setImmediate(resolve));
	}
	post({ type: 'done', tally: run.tally() });
} catch (error) {
	post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
port.close();
