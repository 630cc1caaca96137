/**
 * The balance report off the page's thread (the editor, issue 22): plays the games one at a
 * time, tells the progress after each, and yields between games so that a *Stop* is heard; the
 * report then covers the games played.
 */
import type { Plan } from '../engine/plan/types';
import type { BotLevel } from './bot';
import { Simulation, type SimulationReport } from './simulate';

export type SimulationRequest = { type: 'start'; plan: Plan; games: number; bots: BotLevel[]; seed: string } | { type: 'stop' };
export type SimulationUpdate =
	| { type: 'progress'; done: number; total: number }
	| { type: 'done'; report: SimulationReport; stopped: boolean }
	| { type: 'error'; message: string };

let stop = false;
const post = (update: SimulationUpdate) => postMessage(update);

onmessage = async (event: MessageEvent<SimulationRequest>) => {
	const msg = event.data;
	if (msg.type === 'stop') {
		stop = true;
		return;
	}
	stop = false;
	try {
		const run = new Simulation({ plan: msg.plan, games: msg.games, bots: msg.bots, seed: msg.seed });
		while (run.played < msg.games && !stop) {
			run.next();
			post({ type: 'progress', done: run.played, total: msg.games });
			// A turn of the event loop: a "stop" waiting in the queue is read before the next game.
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
		post({ type: 'done', report: run.report(), stopped: stop });
	} catch (error) {
		post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
	}
};
