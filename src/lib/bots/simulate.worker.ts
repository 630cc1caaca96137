/**
 * The balance report off the page's thread (the editor, issue 22): plays its share of the games
 * one at a time, tells the progress after each, and yields between games so that a *Stop* is
 * heard; it then hands back its tally. The editor keeps one such worker per core while its
 * report panel is open (issue 36, `ReportPool`) and merges their tallies (`reportOf`): the same
 * report as one worker playing every game. Every message carries its run's id.
 */
import type { Plan } from '../engine/plan/types';
import type { BotLevel } from './bot';
import type { SimulationShare, SimulationTally } from './simulate';
import { shareRunner } from './simulate-workers';

export type SimulationRequest = { type: 'start'; run: number; plan: Plan; games: number; bots: BotLevel[]; seed: string; share: SimulationShare } | { type: 'stop'; run: number };
export type SimulationUpdate =
	| { type: 'progress'; run: number; done: number }
	| { type: 'done'; run: number; tally: SimulationTally; stopped: boolean }
	| { type: 'error'; run: number; message: string };

const handle = shareRunner((update) => postMessage(update));
onmessage = (event: MessageEvent<SimulationRequest>) => handle(event.data);
