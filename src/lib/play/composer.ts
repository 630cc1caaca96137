/**
 * Composing one move (2.1): actions before the movement, exactly one movement, actions
 * after it, conditional parts after the movement only (6.5), dark and semi-dark (6.7,
 * 6.8). Pure: the composer screen keeps a `MoveDraft` and turns it into the command.
 */
import { MOVEMENTS, type Action, type Command, type Condition, type Found, type GameEvent, type Seat } from '../engine/game/types';
import { snapshot } from '../store/snapshot';

export interface MoveDraft {
	/** Top-level actions in order; conditional parts are `if` actions holding their own. */
	readonly actions: readonly Action[];
	/** While a conditional part is open, new actions go into it (its index in `actions`). */
	readonly openIf: number | null;
	readonly dark: boolean;
	readonly semiDark: boolean;
	readonly noPickup: boolean;
}

export type DraftError = 'two_movements' | 'movement_in_condition' | 'condition_before_movement';

export const EMPTY_DRAFT: MoveDraft = { actions: [], openIf: null, dark: false, semiDark: false, noPickup: false };

export const isMovement = (action: Action): boolean => (MOVEMENTS as readonly string[]).includes(action.a);

export function hasMovement(draft: MoveDraft): boolean {
	return draft.actions.some(isMovement);
}

/** Adds an action where the draft is being written (inside an open condition, or at the end). */
export function addAction(draft: MoveDraft, action: Action): MoveDraft | DraftError {
	if (isMovement(action)) {
		if (draft.openIf !== null) return 'movement_in_condition';
		if (hasMovement(draft)) return 'two_movements';
	}
	if (draft.openIf !== null) {
		const actions = draft.actions.slice();
		const open = actions[draft.openIf] as Extract<Action, { a: 'if' }>;
		actions[draft.openIf] = { ...open, then: [...open.then, action] };
		return { ...draft, actions };
	}
	return { ...draft, actions: [...draft.actions, action] };
}

/** Opens "if <cond>, then …" (6.5): only once the movement is written. */
export function openCondition(draft: MoveDraft, cond: Condition): MoveDraft | DraftError {
	if (!hasMovement(draft)) return 'condition_before_movement';
	const closed = closeCondition(draft);
	return { ...closed, actions: [...closed.actions, { a: 'if', cond, then: [] }], openIf: closed.actions.length };
}

export function closeCondition(draft: MoveDraft): MoveDraft {
	if (draft.openIf === null) return draft;
	// An empty condition says nothing: drop it.
	const open = draft.actions[draft.openIf] as Extract<Action, { a: 'if' }>;
	const actions = open.then.length === 0 ? draft.actions.filter((_, i) => i !== draft.openIf) : draft.actions;
	return { ...draft, actions, openIf: null };
}

/** Takes back the last thing written. */
export function removeLast(draft: MoveDraft): MoveDraft {
	if (draft.openIf !== null) {
		const open = draft.actions[draft.openIf] as Extract<Action, { a: 'if' }>;
		if (open.then.length === 0) return { ...draft, actions: draft.actions.slice(0, -1), openIf: null };
		const actions = draft.actions.slice();
		actions[draft.openIf] = { ...open, then: open.then.slice(0, -1) };
		return { ...draft, actions };
	}
	return { ...draft, actions: draft.actions.slice(0, -1) };
}

/** Dark and semi-dark exclude each other (6.7, 6.8). */
export function setDarkness(draft: MoveDraft, darkness: 'none' | 'dark' | 'semiDark'): MoveDraft {
	return { ...draft, dark: darkness === 'dark', semiDark: darkness === 'semiDark' };
}

export function canSend(draft: MoveDraft): boolean {
	return hasMovement(draft);
}

export function toCommand(draft: MoveDraft, seat: Seat): Extract<Command, { type: 'move' }> {
	const { actions } = closeCondition(draft);
	return {
		type: 'move',
		by: seat,
		actions: actions.map((a) => snapshot(a)),
		...(draft.dark ? { dark: true } : {}),
		...(draft.semiDark ? { semiDark: true } : {}),
		...(draft.noPickup ? { noPickup: true } : {})
	};
}

/** Answers that leave the player on the cell he was on (the pile he found there still lies before him). */
const STAYED = new Set(['wall', 'river_against', 'no_flow', 'no_loop', 'skip', 'exit_refused']);
/** Answers that bring the player onto a cell (its finds follow them in the same move); the abandoned labyrinth's tiles too. */
const ARRIVED = new Set(['land', 'hospital', 'weaponry', 'pit', 'pit_loop', 'river', 'by_flow', 'delta', 'wall_carried', 'river_wade', 'mite_woken', 'encephalitis', 'safe', 'shop', 'marsh', 'flushed', 'portal']);
/** Seed 002: a pile of treasure lies where he stands (the engine's `take` takes one). */
const PILE: Found = { treasures: 1, bullets: 0, grenades: 0, landmines: 0, corpses: 0 };

/**
 * What the seat heard it found on the cell it stands on ("found 2 treasures, a grenade" on its
 * last arrival; wall hits and skips keep it there): null when it found nothing there or cannot know
 * (a dark or semi-dark move, a cell ordered, the start, outside).
 */
export function foundHere(events: readonly GameEvent[], seat: Seat): Found | null {
	let found: Found | null = null;
	for (let i = events.length - 1; i >= 0; i--) {
		const e = events[i]!;
		// Seed 002, 4: the loser of his battle dropped a treasure at his feet.
		const before = events[i - 1];
		if (e.type === 'injured' && e.dropped && before?.type === 'battle' && before.winner === seat) return PILE;
		if (!('seat' in e) || e.seat !== seat) continue;
		// Seed 002, 3.3: a pile he could not take on arriving (injured, or holding one); or the one he took.
		if (e.type === 'treasure_pile') return e.taken ? null : PILE;
		if (e.type === 'pile_taken') return null;
		if (e.type === 'found') found = { treasures: e.treasures, bullets: e.bullets, grenades: e.grenades, landmines: e.landmines, corpses: e.corpses };
		else if (ARRIVED.has(e.type)) return found;
		else if (STAYED.has(e.type)) found = null;
		else if (e.type === 'dark_done' || e.type === 'semi_dark_done' || e.type === 'exit_out' || e.type === 'lost_outside' || e.type === 'start_kind')
			return null;
		else if (e.type === 'cell_ordered' && !e.declined) return null;
	}
	return null;
}
