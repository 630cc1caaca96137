/**
 * The balance report off the page's thread (the editor, issue 22): plays its share of the games
 * one at a time, tells the progress after each, and yields between games so that a *Stop* is
 * heard; it then hands back its tally. The editor starts one such worker per core (issue 36) and
 * merges their tallies (`reportOf`): the same report as one worker playing every game.
 */
import type { Plan } from '../engine/plan/types';
import type { BotLevel } from './bot';
import type { SimulationShare, SimulationTally } from './simulate';
import { playShare } from './simulate-workers';

export type SimulationRequest = { type: 'start'; plan: Plan; games: number; bots: BotLevel[]; seed: string; share: SimulationShare } | { type: 'stop' };
export type SimulationUpdate =
	| { type: 'progress'; done: number }
	| { type: 'done'; tally: SimulationTally; stopped: boolean }
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
	await playShare(msg, post, () => stop);
};
