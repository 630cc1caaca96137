/**
 * A finished game step by step, for the reveal's scrubber: step 0 is before the first command,
 * step k is after the k-th. It holds only what the reveal shows — where each player stood, who
 * was still in, which walls of the plan were blown up, who acted and what the table heard — as
 * changes, so it is small enough to send to every phone with the plan once the game is over.
 * Reading it needs no rule engine (the phone has none); `recordReplay` (reveal-of.ts)
 * makes one from a game with the engine.
 */
import type { GameEvent, SaidMove } from './types';
import type { PlacedItem, Plan } from '../plan/types';

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
	/**
	 * `[step, cell, things]`: from that step on the cell holds these things, lowest first (`THING`
	 * codes). Absent in replays kept before items were followed: the reveal then draws the plan's.
	 */
	items?: [number, number, number[]][];
	/** `[step, seat, bullets, grenades, carry]`: from that step on what the seat has with him (carry: a `THING` code, 0 none). */
	kit?: [number, number, number, number, number][];
}

/** The things the reveal draws, as a replay stores them (small numbers: a replay travels to every phone). */
export const THING = { none: 0, bullet: 1, grenade: 2, landmine: 3, fake: 4, treasure: 5, corpse: 6 } as const;

/** What a seat has with him at a step. */
export interface Kit {
	bullets: number;
	grenades: number;
	/** A `THING` code (0: nothing carried). */
	carry: number;
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
 * The items lying on the plan after `step`, as the board draws them (like things on a cell counted
 * together, in the order they lie); the plan's own at step 0 or when the replay does not follow items.
 */
export function itemsAt(replay: Replay, plan: Plan, step: number): PlacedItem[] {
	if (!replay.items) return plan.items;
	const last = clampStep(replay, step);
	const changed = new Map<number, number[]>();
	for (const [at, cell, things] of replay.items) if (at <= last) changed.set(cell, things);
	if (changed.size === 0) return plan.items;
	const out = plan.items.filter((item) => !changed.has(item.cell));
	for (const [cell, things] of [...changed].sort((a, b) => a[0] - b[0])) {
		for (const thing of things) {
			if (thing === THING.fake || thing === THING.treasure) out.push({ cell, kind: 'treasure', true: thing === THING.treasure });
			else if (thing === THING.bullet || thing === THING.grenade || thing === THING.landmine) {
				const kind = thing === THING.bullet ? 'bullet' : thing === THING.grenade ? 'grenade' : 'landmine';
				const prev = out[out.length - 1];
				if (prev && prev.cell === cell && prev.kind === kind) prev.count++;
				else out.push({ cell, kind, count: 1 });
			}
		}
	}
	return out;
}

/** What a seat has with him after `step` (null: the replay does not follow items). */
export function kitAt(replay: Replay, seat: number, step: number): Kit | null {
	if (!replay.kit) return null;
	const last = clampStep(replay, step);
	let kit: Kit = { bullets: 0, grenades: 0, carry: THING.none };
	for (const [at, who, bullets, grenades, carry] of replay.kit) if (at <= last && who === seat) kit = { bullets, grenades, carry };
	return kit;
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
