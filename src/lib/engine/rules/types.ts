/**
 * A rule system plugs into the shared core (commands, turn order, start phase,
 * queries, the master's acts, the log) through these hooks. Every hook receives
 * the command's copy-on-write `Draft` and reaches sibling hooks through
 * `draft.sys`, so a system built as `{ ...classic, enterCell }` overrides only
 * what differs.
 *
 * Hooks (one line each):
 * - `cellKinds`      the cell kinds this system's plans use (its folder's kinds.ts)
 * - `settingIds`     the settings (of `SETTINGS`) that apply to this system (the host UI shows these)
 * - `planProblems`   the plan's checks beyond the shared shape checks (its folder's plan.ts: located problem codes)
 * - `startLoadout`   bullets/grenades/landmine each player starts with (5.3, 7.6)
 * - `runMove`        adjudicate one `move` command; return a reject reason or null
 * - `movement`       resolve the single movement of a move (2.2)
 * - `enterCell`      what entering a cell does (4.1–4.7): announces and returns the final cell
 * - `arrive`         effects of ending a movement on a cell (mines, contagion, finds, pickups)
 * - `bulletStops`    whether a bullet stops at / passes a cell kind (4.2, 4.3, 7.3)
 * - `wound`          a hit (bullet, landmine) on a player (5.5)
 * - `infect`         infection (4.7)
 * - `kill`           death and what it leaves (5.5, 5.6)
 * - `onTurnStart`    private notices at a seat's turn (5.5 wounded, order a cell)
 * - `checkEnd`       wins and draws after each accepted command (3.4–3.6, 5.2, 6.6, 7.9)
 */
import type { CellKind, RuleSystemId, Side } from '../plan/types';
import type { Board } from '../game/board';
import type { Rng } from '../random';
import type { Draft } from '../game/draft';
import { CONDITIONS, type AbandonedItem, type Action, type Command, type Condition, type GameState, type RejectReason, type Seat } from '../game/types';
import type { GameSettings, SettingId } from '../game/settings';
import type { Plan } from '../plan/types';
import type { ValidateOptions } from '../plan/validate';
import type { SystemKinds } from './common/kinds';

const BIT = Object.fromEntries(CONDITIONS.map((c, i) => [c, 1 << i])) as Record<Condition, number>;

/** A set of conditions as bits (one small object per move, where a `Set` costs a table). */
export class Tags {
	// Set in the constructor, declared only (a class field would be defined first: one write more, on every move).
	private declare bits: number;
	constructor() {
		this.bits = 0;
	}
	add(c: Condition): void {
		this.bits |= BIT[c];
	}
	has(c: Condition): boolean {
		return (this.bits & (BIT[c] ?? 0)) !== 0;
	}
}

export interface MoveOutcome {
	/** Conditions (6.5) the announced result satisfies. */
	tags: Tags;
	hitWall: boolean;
	/** The player's cell changed (4.7 "successful" move). */
	moved: boolean;
}

export type MoveCommand = Extract<Command, { type: 'move' }>;
export type HitCause = 'bullet' | 'landmine';

/** A plan problem a rule system finds (its `code` is one of `PROBLEM_CODES`). */
export interface PlanProblem {
	code: string;
	cells?: number[];
	sides?: Side[];
	params?: Record<string, string | number>;
	/** A recommendation rather than a rule. */
	warning?: boolean;
}

/** What each rule system adds to a seat's own view (`SeatView.system`), by system (only the abandoned labyrinth adds anything yet). */
export interface SeatSystemViews {
	/** Seed 002, 3.1: the item held (public: the shop and its use are announced); turns still to lose. */
	abandoned: { item: AbandonedItem | null; loseTurns: number };
}
export type SeatSystemView = SeatSystemViews[keyof SeatSystemViews];

/**
 * What a system adds to the master's view of a game (the console's map and lines), beside a seat's
 * `viewFor`: the hidden state of `GameState.ext` the master may see, read through its system.
 */
export interface MasterView {
	/** Seed 003, 2: the bear, the ghost and its path, the crocodiles asleep with the moves they sleep on. */
	creatures?: { bear: number; ghost: number; path: readonly number[]; asleep: { cell: number; left: number }[] };
	/** Seed 002, 3.1: each seat's held item and the turns it still loses. */
	seats?: { item: AbandonedItem | null; loseTurns: number }[];
}

/**
 * The reveal as a system decides it, beside `viewFor`: when a seat's device may be given the plan
 * (never before the game is over), and whether the game step by step goes with it.
 * `revealFor` (engine/game/reveal-of.ts) reads it.
 */
export interface RevealRule {
	/** Whether `seat` (any seat when not given) may now have the reveal of a game in `state`. */
	open(state: GameState, seat?: Seat): boolean;
	/** Whether the game's replay goes with the plan (a duel's walker follows his walk himself: the plan alone). */
	readonly replay: boolean;
}

/**
 * A rule system whole, as its folder (`rules/<id>/index.ts`) exports it: its kinds and their
 * letters, its hooks (with its plan checks, chained onto rules/common's), the generator of its
 * seed's fixed field, and what the master sees of its own state. `descriptorOf` (rules/index.ts)
 * is the one switch from an id to it.
 */
export interface RuleSystemDescriptor extends SystemKinds {
	readonly rules: RuleSystem;
	/** Draws a plan of the seed's fixed field; null: the classic game's, drawn to the size asked (plan/generate.ts). */
	readonly generate: ((seed: number | string, name?: string) => Plan) | null;
	/** The master's view of what the system keeps (`GameState.ext`), beside the seat's `viewFor`. */
	masterView(state: GameState): MasterView;
	/** The reveal: when a seat's device may have the plan, and with what (`revealFor`, engine/game/reveal-of.ts). */
	readonly reveal: RevealRule;
}

export interface RuleSystem {
	readonly id: RuleSystemId;
	readonly cellKinds: readonly CellKind[];
	readonly settingIds: readonly SettingId[];
	/**
	 * The plan's checks beyond the shape every system shares (plan/validate.ts): the system's
	 * seed's rules, chained onto rules/common's checks, errors and warnings (`warning`).
	 */
	planProblems(plan: Plan, options?: ValidateOptions): PlanProblem[];
	/** The item a player holds besides what `PlayerState` keeps (the abandoned labyrinth's one item, 002 3.1): the status names it. */
	held?(state: GameState, seat: Seat): AbandonedItem | null;
	/** `false`: a player timed out leaves no corpse (`kill` decides what he leaves; the announcement says so). */
	readonly corpses?: false;
	/** Players a game of this system seats (createGame refuses others); default MIN_SEATS..MAX_SEATS. */
	readonly seats?: readonly [number, number];
	/** Per-system state kept in `GameState.ext`, built with the initial state (may draw from the game's generator). */
	initExt?(plan: Plan, board: Board, seats: number, rng: Rng): unknown;
	/** Start cells the program draws itself (abandoned: random safe tiles), or null to let players choose. */
	autoStarts?(plan: Plan, board: Board, seats: number, rng: Rng, settings: GameSettings): number[] | null;
	/** Whether a player may choose `cell` as a start (topographic: land or spinner). */
	startAllowed?(state: GameState, cell: number): boolean;
	/** The kind told for a start cell (a spinner is told "land"). */
	announcedKind?(state: GameState, cell: number): CellKind;
	/** After a move: the same seat moves again (abandoned: a wall hit lets the player try again). */
	keepsTurn?(d: Draft, seat: Seat): boolean;
	/** What this system adds to a seat's own view (`SeatView.system`): public facts about that seat only. */
	seatView?(state: GameState, seat: Seat): SeatSystemView;
	/** When `seat`'s turn comes: true when the turn is lost (announced by the hook) and passes on. */
	losesTurn?(d: Draft, seat: Seat): boolean;
	startLoadout(settings: GameSettings): { bullets: number; grenades: number; landmine: boolean };
	runMove(d: Draft, seat: Seat, cmd: MoveCommand): RejectReason | null;
	movement(d: Draft, seat: Seat, mv: Extract<Action, { a: 'go' | 'flow' | 'loop' | 'skip' }>, cmd: MoveCommand): MoveOutcome;
	enterCell(d: Draft, seat: Seat, cell: number, out: MoveOutcome): number;
	arrive(d: Draft, seat: Seat, cell: number, from: number, out: MoveOutcome, cmd: MoveCommand): void;
	bulletStops(d: Draft, cell: number): boolean;
	wound(d: Draft, seat: Seat, cause: HitCause): void;
	infect(d: Draft, seat: Seat): void;
	kill(d: Draft, seat: Seat): void;
	onTurnStart(d: Draft, seat: Seat): void;
	checkEnd(d: Draft): void;
}
