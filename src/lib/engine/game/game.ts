/**
 * A game is its record: `{ plan, settings, seed, seats, log }`. `initialState`
 * builds the state before any command; `replay` folds `apply` over the log.
 */
import type { Plan } from '../plan/types';
import { createRng } from '../random';
import { type Result, ok, err } from '../result';
import { ruleSystem } from '../rules/index';
import { apply } from './apply';
import { compileBoard } from './board';
import { resolveSettings, type GameSettings, type SettingsError } from './settings';
import { NO_MOVES, type Applied, type Command, type GameEvent, type GameState, type Item, type PlayerState } from './types';
import { EventLog } from './event-log';

export interface Game {
	plan: Plan;
	settings: GameSettings;
	seed: string | number;
	/** Number of players (seats 0 … seats − 1). */
	seats: number;
	/** 7.2 handicaps for the weakest players, per seat (overriding `handicapOrders` / `handicapQuestions`). */
	handicaps?: Handicaps;
	/** The turn order agreed at the table (seats, first to move first); absent: drawn from the seed (6.1). */
	order?: number[];
	log: Command[];
}

export interface Handicaps {
	orders?: number[];
	questions?: number[];
}

export type GameSetupError =
	| { code: 'seats_invalid' }
	| { code: 'rules_not_implemented' }
	| { code: 'plan_invalid' }
	| { code: 'handicaps_invalid' }
	| { code: 'order_invalid' }
	| SettingsError;

export const MIN_SEATS = 1;
export const MAX_SEATS = 6;

/** Make a new game record (empty log) with settings resolved against the seed's defaults. */
export function createGame(opts: {
	plan: Plan;
	seats: number;
	seed: string | number;
	settings?: unknown;
	handicaps?: Handicaps;
	order?: number[];
}): Result<Game, GameSetupError[]> {
	const { plan, seats, seed } = opts;
	const h = opts.handicaps;
	const perSeat = (xs: unknown) =>
		xs === undefined ||
		(Array.isArray(xs) && xs.length <= seats && xs.every((n) => Number.isInteger(n) && n >= 0 && n <= 100));
	if (h !== undefined && (typeof h !== 'object' || h === null || !perSeat(h.orders) || !perSeat(h.questions)))
		return err([{ code: 'handicaps_invalid' }]);
	if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) return err([{ code: 'seats_invalid' }]);
	if (!plan || !Array.isArray(plan.cells) || !Array.isArray(plan.items)) return err([{ code: 'plan_invalid' }]);
	const sys = ruleSystem(plan.rules);
	if (!sys.ok) return err([{ code: 'rules_not_implemented' }]);
	const range = sys.value.seats;
	if (range && (seats < range[0] || seats > range[1])) return err([{ code: 'seats_invalid' }]);
	const order = opts.order;
	if (order !== undefined && !isPermutation(order, seats)) return err([{ code: 'order_invalid' }]);
	const s = resolveSettings(plan, seats, opts.settings);
	if (!s.ok) return err(s.error);
	return ok({ plan, settings: s.value, seed, seats, ...(h ? { handicaps: h } : {}), ...(order ? { order: [...order] } : {}), log: [] });
}

/** Whether `order` lists each of the seats 0 … seats − 1 exactly once. */
function isPermutation(order: unknown, seats: number): boolean {
	return Array.isArray(order) && order.length === seats && order.every((s) => Number.isInteger(s) && s >= 0 && s < seats) && new Set(order).size === seats;
}

/** The state before the first command: players unplaced, turn order agreed or drawn from the seed (6.1). */
export function initialState(game: Omit<Game, 'log'>): GameState {
	const { plan, settings, seats } = game;
	const sysR = ruleSystem(plan.rules);
	const sys = sysR.ok ? sysR.value : null;
	const { board, sides } = compileBoard(plan);
	const rng = createRng(game.seed);
	// Drawn even when agreed, so the seed's later draws (program's starts, system state) stay the same.
	const drawn = rng.shuffle(Array.from({ length: seats }, (_, i) => i));
	const order = game.order && isPermutation(game.order, seats) ? [...game.order] : drawn;
	const starts = sys?.autoStarts ? sys.autoStarts(plan, board, seats, rng, settings) : null;
	const ext = sys?.initExt ? sys.initExt(plan, board, seats, rng) : undefined;
	const items: Item[][] = [];
	for (let cell = 0; cell < board.size; cell++) items.push([]);
	let treasureId = 0;
	let trueTreasure = -1;
	for (const it of plan.items) {
		const list = items[it.cell];
		if (!list || board.kind[it.cell] === 255) continue;
		if (it.kind === 'treasure') {
			const id = treasureId++;
			if (it.true && trueTreasure < 0) trueTreasure = id;
			list.push({ k: 'treasure', id });
		} else {
			const n = Math.max(0, Math.min(99, it.count | 0));
			for (let i = 0; i < n; i++) list.push(it.kind === 'landmine' ? { k: 'landmine', armed: false } : { k: it.kind });
		}
	}
	const load = sys ? sys.startLoadout(settings) : { bullets: 0, grenades: 0, landmine: false };
	const players: PlayerState[] = [];
	// The fields in `clonePlayer`'s order: one object shape for every player, copied or not.
	for (let seat = 0; seat < seats; seat++)
		players.push({
			seat,
			cell: starts?.[seat] ?? -1,
			outside: null,
			status: 'in',
			health: 'healthy',
			immune: false,
			infectedLeft: null,
			bullets: load.bullets,
			grenades: load.grenades,
			carry: load.landmine ? { k: 'landmine' } : null,
			reorders: settings.reorders,
			extraOrders: game.handicaps?.orders?.[seat] ?? settings.handicapOrders,
			breaks: 0,
			questions: game.handicaps?.questions?.[seat] ?? settings.handicapQuestions,
			pendingOrder: false,
			hitNotice: false,
			hitHeard: false,
			footing: false,
			pickedAt: -1,
			lastMove: null,
			noChangeMoves: NO_MOVES,
			rejectedStarts: [],
			untold: undefined
		});
	const state: GameState = {
		rules: plan.rules,
		board,
		settings,
		phase: 'start',
		order,
		turn: 0,
		sides,
		items,
		players,
		mites: new Int32Array(board.size).fill(-1),
		trueTreasure,
		moveNo: 0,
		nstop: { active: false, rounds: 0, changed: false },
		skipsInARow: 0,
		survivorLeft: null,
		result: null,
		rng: rng.state(),
		past: null,
		depth: 0,
		checkpoint: null
	};
	if (ext !== undefined) (state as { ext?: unknown }).ext = ext;
	return state;
}

/** Rebuild the state from the record: the same state as the live run. Only the state: its events are `replayEvents`'. */
export function replay(game: Game): { state: GameState } {
	let state = initialState(game);
	for (const cmd of game.log) state = apply(state, cmd).state;
	return { state };
}

/** `replay`, with the game's events as the live run heard them (the `EventLog` its keeper holds beside the state). */
export function replayEvents(game: Game): { state: GameState; events: EventLog } {
	let state = initialState(game);
	let events = EventLog.empty();
	for (const cmd of game.log) {
		const r = apply(state, cmd);
		state = r.state;
		if (!rejected(r)) events = events.with(r.events);
	}
	return { state, events };
}

/** Apply a command to a live game: the record grows by the command (rejected ones are not recorded). */
export function play(game: Game, state: GameState, command: Command): Applied & { game: Game } {
	const r = apply(state, command);
	return { ...r, game: rejected(r) ? game : { ...game, log: [...game.log, command] } };
}

/** Whether the engine refused the command (nothing changed; it is not recorded). */
export function rejected(applied: { readonly events: readonly GameEvent[] }): boolean {
	return applied.events.length === 1 && applied.events[0]!.type === 'rejected';
}
