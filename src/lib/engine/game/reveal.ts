/**
 * A finished game step by step, for the reveal's scrubber: step 0 is before the first command,
 * step k is after the k-th. It holds only what the reveal shows — where each player stood, who
 * was still in, which walls of the plan were blown up, who acted and what the table heard — as
 * changes, so it is small enough to send to every phone with the plan once the game is over.
 * Reading it needs no rule engine (the phone has none); `recordReplay` (reveal-of.ts)
 * makes one from a game with the engine.
 */
import type { GameEvent, SaidMove } from './types';

export interface Replay {
	/** Commands in the game's log: the steps are 0 … commands. */
	commands: number;
	/** Where each seat stood before the first command (−1: not placed). */
	start: number[];
	/** `[step, seat, cell]`: from that step on the seat stands on the cell (−1: nowhere). */
	moves: [number, number, number][];
	/** `[step, seat, in]`: from that step on the seat is in the game (1) or not (0: dead, lost). */
	status: [number, number, number][];
	/** `[step, wall, open]`: from that step on the plan's wall (index in `plan.walls`) is blown (1) or stands (0). */
	walls: [number, number, number][];
	/** Per step from 1: who acted (a seat, −1 for the master) and, for a move, the move as announced. */
	acts: ReplayAct[];
	/** Per step from 1: how many public announcements the table had heard after it. */
	heard: number[];
}

export interface ReplayAct {
	by: number;
	move?: SaidMove;
}

/** The master's acts (undo, rulings, confirming the starts) in `ReplayAct.by`. */
export const MASTER = -1;

const clampStep = (replay: Replay, step: number) => Math.max(0, Math.min(step, replay.commands));

/** The cells a seat stood on from the start up to `step`, in order, each stay once. */
export function seatPath(replay: Replay, seat: number, step: number): number[] {
	const last = clampStep(replay, step);
	const path: number[] = [];
	const add = (cell: number) => {
		if (cell >= 0 && cell !== path[path.length - 1]) path.push(cell);
	};
	add(replay.start[seat] ?? -1);
	for (const [at, who, cell] of replay.moves) if (at <= last && who === seat) add(cell);
	return path;
}

/** Where a seat stands after `step` (−1: nowhere yet). */
export function seatCell(replay: Replay, seat: number, step: number): number {
	const last = clampStep(replay, step);
	let cell = replay.start[seat] ?? -1;
	for (const [at, who, to] of replay.moves) if (at <= last && who === seat) cell = to;
	return cell;
}

/** Whether a seat is still in the game after `step`. */
export function seatIn(replay: Replay, seat: number, step: number): boolean {
	const last = clampStep(replay, step);
	let now = true;
	for (const [at, who, isIn] of replay.status) if (at <= last && who === seat) now = isIn === 1;
	return now;
}

/** The plan's walls (indexes in `plan.walls`) blown up by `step`. */
export function blownWalls(replay: Replay, step: number): number[] {
	const last = clampStep(replay, step);
	const open = new Set<number>();
	for (const [at, wall, isOpen] of replay.walls) {
		if (at > last) continue;
		if (isOpen) open.add(wall);
		else open.delete(wall);
	}
	return [...open].sort((a, b) => a - b);
}

/**
 * Who acted at `step` (≥ 1), the move as the table heard it said (1.2, 6.2; null for other acts)
 * and the answer the table heard: a slice of the public feed (oldest first), the announcement left out.
 */
export function stepAt(replay: Replay, feed: readonly GameEvent[], step: number): { act: ReplayAct | null; said: SaidMove | null; heard: GameEvent[] } {
	const at = clampStep(replay, step);
	if (at === 0) return { act: null, said: null, heard: [] };
	const from = at > 1 ? (replay.heard[at - 2] ?? 0) : 0;
	const to = replay.heard[at - 1] ?? from;
	const act = replay.acts[at - 1] ?? null;
	let said: SaidMove | null = act?.move ?? null;
	const heard: GameEvent[] = [];
	for (const e of feed.slice(from, to)) {
		if (e.type === 'move_announced') said = e.move;
		else heard.push(e);
	}
	return { act, said, heard };
}
