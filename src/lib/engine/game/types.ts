/**
 * The game's vocabulary: commands (what players and the master say), events
 * (what the master answers, each with its audience) and the state.
 * Everything is plain data (JSON-safe except the compiled board's typed arrays).
 */
import type { CellKind, Direction, RuleSystemId } from '../plan/types';
import type { RngState } from '../random';
import type { GameSettings } from './settings';
import type { Board } from './board';

export type Seat = number;
export type Actor = Seat | 'master';

// ---------------------------------------------------------------- commands

export const MOVEMENTS = ['go', 'flow', 'loop', 'skip'] as const;
export type MovementKind = (typeof MOVEMENTS)[number];

export type Movement =
	| { a: 'go'; dir: Direction }
	| { a: 'flow' }
	| { a: 'loop' }
	| { a: 'skip' };

/** What a conditional part (6.5) may test: the movement's announced result. */
export const CONDITIONS = [
	'found_treasure',
	'found_bullet',
	'found_grenade',
	'found_landmine',
	'found_corpse',
	'land',
	'hospital',
	'weaponry',
	'pit',
	'river',
	'delta',
	'encephalitis',
	'hit_wall'
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const LEAVABLE = ['treasure', 'landmine', 'corpse', 'bullet', 'grenade'] as const;
export type Leavable = (typeof LEAVABLE)[number];

export type Action =
	| Movement
	/** 5.5; `target` names the seat aimed at when the 7.3 named-target option is on. */
	| { a: 'shoot'; dir: Direction; target?: Seat }
	/** 5.4 */
	| { a: 'grenade'; dir: Direction }
	/** 5.2: leave on the own cell, or throw towards `dir`. */
	| { a: 'leave'; item: Leavable; dir?: Direction }
	/** 5.7: activate the carried landmine here or towards `dir`. */
	| { a: 'mine'; dir?: Direction }
	/** 3.3 / 5.8: take the treasure at `index` (0 = lowest) from the own cell. */
	| { a: 'take'; index: number }
	/** 6.5: run `then` if the movement's result matches `cond`. Only after the movement. */
	| { a: 'if'; cond: Condition; then: Action[] }
	/** Abandoned (seed 002): use the held item (the rusty bullet towards `dir`, the first aid kit, or throw away junk). */
	| { a: 'use'; item: AbandonedItem; dir?: Direction }
	/** Abandoned (seed 002): attack a non-injured adventurer on the same tile; `bullet` spends the rusty bullet to win. */
	| { a: 'attack'; target: Seat; bullet?: boolean }
	/** Duel (seeds 001/004), re-entry through any exit (option): step in through side `dir` of `cell`. */
	| { a: 'enter'; cell: number; dir: Direction };

/** Abandoned (seed 002): the one item an adventurer may hold. */
export const ABANDONED_ITEMS = ['bullet', 'first_aid', 'junk'] as const;
export type AbandonedItem = (typeof ABANDONED_ITEMS)[number];
/** Topographic (seed 003): the two creatures. */
export type Creature = 'bear' | 'ghost';
/** Duel (seeds 001/004): what a player carried out of the labyrinth. */
export type CarriedOut = 'none' | 'fake' | 'true';

export type CorrectionChange =
	| { kind: 'place'; seat: Seat; cell: number }
	| { kind: 'ammo'; seat: Seat; bullets: number; grenades: number }
	| { kind: 'health'; seat: Seat; health: Health }
	| { kind: 'side'; cell: number; dir: Direction; side: SideState }
	/**
	 * What the player carries: nothing, a landmine, a treasure (`id`: its place among the plan's
	 * treasures, from 0) or a dead player's corpse, each taken from wherever it is; a treasure or
	 * corpse he carried before is put down on his cell.
	 */
	| { kind: 'carry'; seat: Seat; carry: CarryChange | null };

export type CarryChange = { k: 'treasure'; id: number } | { k: 'landmine' } | { k: 'corpse'; seat: Seat };

export type Command =
	/** 6.1 a player privately shows where to start. */
	| { type: 'choose_start'; by: Seat; cell: number }
	/** 6.1 the master declares some choices invalid (no reason given). */
	| { type: 'invalidate_starts'; by: 'master'; seats: Seat[] }
	/** 7.6 the master sets the common start cell. */
	| { type: 'common_start'; by: 'master'; cell: number }
	/** 7.2 handicap: before choosing a start, ask the master the kind of a cell (privately). */
	| { type: 'ask_cell_kind'; by: Seat; cell: number }
	/** 6.1/6.2 the master confirms the starts; play begins. */
	| { type: 'confirm_starts'; by: 'master' }
	/** 2.1 one move: exactly one movement plus other actions, in order. */
	| {
			type: 'move';
			by: Seat;
			actions: Action[];
			/** 6.7 tell nobody the result. */
			dark?: boolean;
			/** 6.8 tell only whether a wall was hit. */
			semiDark?: boolean;
			/** 5.1 do not pick up found items. */
			noPickup?: boolean;
			/** 4.3 do not restock at a weaponry. */
			noRestock?: boolean;
	  }
	/** 5.5 / 7.2 order a new cell (privately), or decline with `cell: null`. */
	| { type: 'order_cell'; by: Seat; cell: number | null }
	/** 6.4 */
	| { type: 'status'; by: Seat }
	/** 6.3 recall another player's last move. */
	| { type: 'recall'; by: Seat; of: Seat }
	/** 3.6 start (or, with `stop`, stop) counting rounds without irreversible change. */
	| { type: 'count_nstop'; by: Actor; stop?: boolean }
	/** 9: a 5-minute thinking break before the own move (again only when half the players took as many). */
	| { type: 'take_break'; by: Seat }
	/** 9: the master declares that a timed player did not move within the limit: he is out, his corpse stays. */
	| { type: 'time_out'; by: 'master'; seat: Seat }
	/** Rulings 5: the master's acts, each with its reason. */
	| { type: 'undo'; by: 'master'; reason: string }
	| { type: 'correct'; by: 'master'; reason: string; change: CorrectionChange }
	| { type: 'ruling'; by: 'master'; reason: string };

export type CommandType = Command['type'];

// ---------------------------------------------------------------- events

export type Audience = { to: 'all' } | { to: 'seat'; seat: Seat } | { to: 'master' };

export const REJECT_REASONS = [
	'malformed',
	'not_your_turn',
	'wrong_phase',
	'game_over',
	'no_movement',
	'two_movements',
	'movement_in_condition',
	'condition_before_movement',
	'option_off',
	'no_bullets',
	'no_grenades',
	'no_item',
	'not_healthy',
	'shoot_forbidden_here',
	'damp_powder',
	'target_required',
	'outside_only_move',
	'skip_banned',
	'repeat_banned',
	'cell_invalid',
	'same_start',
	'no_order_left',
	'order_after_move',
	'nothing_to_undo',
	'already_counting',
	'not_counting',
	'not_pending',
	'no_question_left',
	'break_not_yet',
	'grenade_takes_turn',
	'no_target',
	'not_outside',
	'no_treasure',
	'holds_treasure',
	'junk_in_shop',
	'start_not_land'
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export type Found = { treasures: number; bullets: number; grenades: number; landmines: number; corpses: number };
export type CarryKind = 'treasure' | 'landmine' | 'corpse';
export type Health = 'healthy' | 'wounded' | 'infected';
export type GrenadeOutcome = 'blown' | 'stood' | 'no_wall';
export type DrawReason = 'nstop' | 'all_skipped' | 'treasure_lost' | 'no_survivors' | 'survivor_time';
export type WinHow = 'treasure' | 'elimination' | 'last_survivor';

export interface PublicStatus {
	health: Health;
	immune: boolean;
	infectedLeft: number | null;
	bullets: number;
	grenades: number;
	carry: CarryKind | null;
	reordersLeft: number;
	outside: boolean;
	/** The abandoned labyrinth's one item held (002 3.1), or none; absent in the other systems. */
	item?: AbandonedItem | null;
}

/** A move as it may be recalled (6.3): the actions and flags, nothing private. */
export type PublicMove = SaidMove | { ordered: true };
/**
 * A move as the player says it aloud (seed 000 2.1, 6.2, 6.7, 6.8): its actions in order, whether
 * dark or semi-dark, and (only when said) "don't pick anything up" (5.1) and "don't restock" (4.3).
 */
export type SaidMove = { actions: Action[]; dark: boolean; semiDark: boolean; noPickup?: true; noRestock?: true };
/** No moves (one shared empty list: most players' `noChangeMoves` most of the time). */
export const NO_MOVES: readonly SaidMove[] = Object.freeze([]);

export type EventBody =
	| { type: 'rejected'; reason: RejectReason; command: string }
	// start
	| { type: 'start_chosen'; seat: Seat }
	| { type: 'start_cell'; seat: Seat; cell: number } // master only
	| { type: 'starts_invalidated'; seats: Seat[] }
	| { type: 'common_start_set' }
	| { type: 'starts_confirmed' }
	| { type: 'start_kind'; seat: Seat; kind: CellKind }
	/** 7.2 the answer to the seat's own question; `asked` is the cell he named. */
	| { type: 'cell_kind_answer'; seat: Seat; asked: number; kind: CellKind }
	| { type: 'cell_kind_asked'; seat: Seat }
	| { type: 'turn'; seat: Seat }
	/** 1.2, 6.2: the move as the player said it, heard by everyone before the answer (a dark move's too, 6.7, 6.8). */
	| { type: 'move_announced'; seat: Seat; move: SaidMove }
	// movement results (2.2, 4.x)
	| { type: 'land'; seat: Seat }
	| { type: 'hospital'; seat: Seat; healed: boolean }
	| { type: 'weaponry'; seat: Seat; bullets: number; grenades: number; treasure: boolean }
	| { type: 'pit'; seat: Seat }
	| { type: 'pit_loop'; seat: Seat }
	| { type: 'river'; seat: Seat; delta: boolean }
	| { type: 'by_flow'; seat: Seat; delta: boolean }
	| { type: 'delta'; seat: Seat }
	| { type: 'wall'; seat: Seat }
	| { type: 'wall_carried'; seat: Seat; delta: boolean }
	| { type: 'river_wade'; seat: Seat }
	| { type: 'river_against'; seat: Seat }
	| { type: 'no_flow'; seat: Seat }
	| { type: 'no_loop'; seat: Seat }
	| { type: 'skip'; seat: Seat }
	| { type: 'mite_woken'; seat: Seat }
	| { type: 'encephalitis'; seat: Seat }
	| { type: 'exit_out'; seat: Seat; crumbled: boolean }
	| { type: 'exit_refused'; seat: Seat }
	| { type: 'lost_outside'; seat: Seat }
	| { type: 'found'; seat: Seat } & Found
	| { type: 'cremated'; seat: Seat }
	// health
	| { type: 'infected'; seat: Seat; moves: number | null }
	| { type: 'infection_left'; seat: Seat; left: number }
	| { type: 'immune'; seat: Seat }
	| { type: 'infection_death'; seat: Seat }
	| { type: 'wounded_notice'; seat: Seat; canOrder: boolean }
	| { type: 'you_died'; seat: Seat }
	| { type: 'cell_ordered'; seat: Seat; declined: boolean }
	| { type: 'ordered_at'; seat: Seat; cell: number } // master only
	// actions
	| { type: 'scream'; seat: Seat }
	| { type: 'no_scream'; seat: Seat }
	| { type: 'at_feet'; seat: Seat } & Found
	| { type: 'grenade'; seat: Seat; dir: Direction; outcome: GrenadeOutcome | null }
	| { type: 'left_item'; seat: Seat; item: Leavable }
	| { type: 'thrown'; seat: Seat; item: Leavable; dir: Direction }
	| { type: 'mine_set'; seat: Seat }
	| { type: 'blast'; seat: Seat }
	| { type: 'took_treasure'; seat: Seat; index: number }
	| { type: 'action_failed'; seat: Seat; reason: RejectReason }
	| { type: 'dark_done'; seat: Seat }
	| { type: 'semi_dark_done'; seat: Seat; wall: boolean }
	// queries
	| { type: 'status'; seat: Seat; status: PublicStatus }
	| { type: 'recall'; seat: Seat; of: Seat; move: PublicMove | null }
	// draws and ends
	| { type: 'break_taken'; seat: Seat; minutes: number }
	/** `corpse: false`: the system leaves nothing behind (topographic: he leaves the game, the treasure goes home). */
	| { type: 'timed_out'; seat: Seat; corpse?: false }
	| { type: 'nstop_started' }
	/** 3.6, 4.7: the terms "announced before the game": N_stop, and the moves to heal (null: unlimited; absent without encephalitis). */
	| { type: 'terms'; nStop: number; movesToHeal?: number | null }
	| { type: 'nstop_stopped' }
	| { type: 'nstop_count'; rounds: number; of: number }
	| { type: 'survivor_left'; seat: Seat; left: number }
	| { type: 'won'; seat: Seat; how: WinHow }
	| { type: 'draw'; reason: DrawReason }
	// master
	| { type: 'master_undo'; reason: string }
	| { type: 'master_correct'; reason: string }
	| { type: 'master_ruling'; reason: string }
	/** Rulings 5: what the master's correction changed (master only; everybody hears `master_correct`). */
	| { type: 'master_corrected'; change: CorrectionChange }
	// topographic (seed 003)
	| { type: 'swamp'; seat: Seat }
	| { type: 'swamp_death'; seat: Seat }
	| { type: 'topo_river'; seat: Seat; swamp: boolean }
	| { type: 'crocodile_eats'; seat: Seat }
	| { type: 'crocodile_asleep'; seat: Seat }
	| { type: 'arsenal'; seat: Seat }
	| { type: 'treasure_picked'; seat: Seat }
	| { type: 'morgue'; seat: Seat }
	| { type: 'morgue_cell'; seat: Seat }
	| { type: 'shot_dead'; seat: Seat }
	| { type: 'eaten'; seat: Seat; by: Creature }
	| { type: 'near'; seat: Seat; who: Creature }
	// abandoned (seed 002)
	| { type: 'safe'; seat: Seat }
	| { type: 'meet'; seat: Seat; others: Seat[]; /** a fight may follow (both healthy, not in the hospital) */ fight: boolean }
	| { type: 'shop'; seat: Seat; roll: number | null; item: AbandonedItem | null }
	| { type: 'marsh'; seat: Seat }
	| { type: 'flushed'; seat: Seat; blocked: boolean; /** blocked at an exit (no treasure to leave with), not a wall */ exit?: true }
	| { type: 'portal'; seat: Seat }
	| { type: 'treasure_pile'; seat: Seat; taken: boolean }
	| { type: 'pile_taken'; seat: Seat }
	| { type: 'turn_lost'; seat: Seat }
	| { type: 'missed'; seat: Seat }
	| { type: 'injured'; seat: Seat; by: Seat; dropped: boolean }
	| { type: 'first_aid'; seat: Seat }
	| { type: 'junk_dropped'; seat: Seat }
	| { type: 'battle'; seat: Seat; defender: Seat; attackerRoll: number | null; defenderRoll: number | null; winner: Seat }
	// duel (seeds 001/004)
	| { type: 'outer_wall'; seat: Seat }
	| { type: 'crossbow'; seat: Seat; first: boolean }
	| { type: 'crutch'; seat: Seat; first: boolean }
	| { type: 'trap'; seat: Seat }
	| { type: 'duel_pit'; seat: Seat; n: number }
	| { type: 'pit_exit'; seat: Seat; n: number }
	| { type: 'duel_treasure'; seat: Seat }
	| { type: 'duel_out'; seat: Seat; carried: CarriedOut }
	| { type: 'reentered'; seat: Seat }
	| { type: 'not_reentered'; seat: Seat };

export type EventType = EventBody['type'];
export type GameEvent = EventBody & { audience: Audience };

// ---------------------------------------------------------------- state

/** Side states, per cell and direction (index cell * 4 + dirIndex). */
export const SIDE_STATES = ['open', 'wall', 'outer', 'closed_exit', 'open_exit'] as const;
export type SideState = (typeof SIDE_STATES)[number];
export const SIDE_OPEN = 0;
export const SIDE_WALL = 1;
export const SIDE_OUTER = 2;
export const SIDE_CLOSED_EXIT = 3;
export const SIDE_OPEN_EXIT = 4;

export type Item =
	| { k: 'treasure'; id: number }
	| { k: 'bullet' }
	| { k: 'grenade' }
	| { k: 'landmine'; armed: boolean }
	| { k: 'corpse'; seat: Seat; contagious: boolean };

export type Carry = { k: 'treasure'; id: number } | { k: 'landmine' } | { k: 'corpse'; seat: Seat; contagious: boolean };

export interface PlayerState {
	readonly seat: Seat;
	/** The cell (−1 before the start is chosen). When outside, the cell left from. */
	readonly cell: number;
	/** Outside the labyrinth through the side `dir` of `cell` (3.4, rulings 2). */
	readonly outside: Direction | null;
	readonly status: 'in' | 'dead' | 'lost';
	readonly health: Health;
	readonly immune: boolean;
	readonly infectedLeft: number | null;
	readonly bullets: number;
	readonly grenades: number;
	readonly carry: Carry | null;
	readonly reorders: number;
	readonly extraOrders: number;
	/** 9: thinking breaks taken. */
	readonly breaks: number;
	/** 7.2 cell-kind questions left before the start. */
	readonly questions: number;
	/** 5.5: wounded, may order a cell at the next turn. */
	readonly pendingOrder: boolean;
	/** 5.5 / 6.7: wounded since his last turn: told so when his turn comes. */
	readonly hitNotice: boolean;
	/**
	 * Section A, 5.5: the table heard that wound (a scream, a blast): at his turn everybody hears
	 * who it was. Not after a dark or semi-dark move, whose result was kept from them (6.7, 6.8).
	 */
	readonly hitHeard: boolean;
	/** 7.4 shallow rivers: stands on the bottom of the river. */
	readonly footing: boolean;
	/**
	 * 5.8: where the carried treasure lay in the pile of his cell as he found it (its number
	 * counting from the lowest), −1 when he brought it from elsewhere or carries none.
	 */
	readonly pickedAt: number;
	readonly lastMove: PublicMove | null;
	/**
	 * 7.7: the lone movements told in full since the player last moved or anything was heard to
	 * change that each hit a wall and changed nothing — "known to result in no change" (the ban).
	 */
	readonly noChangeMoves: readonly SaidMove[];
	/** The start cell last chosen and invalidated (6.1: only "the previous one" is barred); none yet. */
	readonly rejectedStarts: readonly number[];
	/** 6.4, 6.7, 6.8: what the player has not been told of his own status; undefined: he knows it all (`known.ts`). */
	readonly untold: Untold | undefined;
}

/** What a player has not been told of his own status (seed 000 6.4, 6.7, 6.8; `known.ts`). */
export interface Untold {
	/** Since a dark or semi-dark move of his: whatever it could change is unknown to him until he asks (6.4). */
	readonly dark: boolean;
	/** Hit in another's dark move: his status as he last knew it, until he is told at his turn or asks (6.7). */
	readonly believed: PublicStatus | null;
	/** Wounded by the blast his own dark or semi-dark move set off: not told so at his turn (6.7). */
	readonly hitUntold: boolean;
	/** Left the game in a dark move (killed, lost outside): the others learn it when his turn passes him by. */
	readonly outUnheard: boolean;
}

/** One effective command of a state's past (newest first). */
export interface PastNode {
	readonly command: Command;
	readonly next: PastNode | null;
}

export type GameResult = { kind: 'win'; seat: Seat; how: WinHow } | { kind: 'draw'; reason: DrawReason };

export interface GameState {
	readonly rules: RuleSystemId;
	readonly board: Board;
	readonly settings: GameSettings;
	readonly phase: 'start' | 'play' | 'over';
	/** Seats in turn order (random, 6.1). */
	readonly order: readonly Seat[];
	/** Index into `order` of the seat to act. */
	readonly turn: number;
	readonly sides: Uint8Array;
	/** Items lying per cell, lowest first (5.8). Shared between states until changed. */
	readonly items: readonly (readonly Item[])[];
	readonly players: readonly PlayerState[];
	/** Per cell: the move number the mite woke at (−1 asleep or not encephalitis). */
	readonly mites: Int32Array;
	readonly trueTreasure: number;
	/** Completed moves. */
	readonly moveNo: number;
	readonly nstop: { readonly active: boolean; readonly rounds: number; readonly changed: boolean };
	readonly skipsInARow: number;
	readonly survivorLeft: number | null;
	readonly result: GameResult | null;
	readonly rng: RngState;
	/** The rule system's own state (`RuleSystem.initExt`); absent in classic games. */
	readonly ext?: unknown;
	/**
	 * The effective commands that led from the game's first state to this one, newest first: what
	 * the master's undo (rulings 5) takes back, one a time. A command is effective when it changes
	 * the state (questions, recalls and rulings only add events); an undone one leaves the past.
	 */
	readonly past: PastNode | null;
	/** How many commands `past` holds (the undos in a row the master may give). */
	readonly depth: number;
	/**
	 * The state at the last multiple of `CHECKPOINT_EVERY` (in `depth`) below this one's depth
	 * (null at depth 0): the undo replays `past` from it. The states kept alive are one per
	 * `CHECKPOINT_EVERY` effective commands, never one per command.
	 */
	readonly checkpoint: GameState | null;
}

export interface Applied {
	state: GameState;
	events: GameEvent[];
}
