/**
 * The records the device keeps, beside the database that keeps them (db.ts): the host's
 * tables, the phone's seats, the duels, the deduction sheets. Plain data over the engine's
 * types; the modules that work with them (net/, sheet/) import them from here, so the store
 * depends on nothing above it.
 */
import type { Replay } from '../engine/game/reveal';
import type { Action, Command, GameEvent } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { DUEL_SETTING_IDS, GameSettings } from '../engine/game/settings';
import type { Player } from '../engine/rules/duel/match';
import type { CellKind, Direction, Plan } from '../engine/plan/types';

// Computer seats (issue 22): the levels a computer plays at, kept with a game and a table's
// seat. What each level does is the bots' (bots/bot.ts); the names are here, below both.

export const BOT_LEVELS = ['wanderer', 'explorer', 'hunter'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export function isBotLevel(x: unknown): x is BotLevel {
	return (BOT_LEVELS as readonly unknown[]).includes(x);
}

// The host's table (net/host.ts keeps it through net/dexie-store.ts).

export interface CommandResult {
	ok: boolean;
	reason?: string;
}

export interface SeatRecord {
	name: string;
	/** The secret the phone proves on every join. */
	key: string;
	/** The number of the last command this seat sent (0: none), and what became of it. */
	lastCmd: number;
	lastResult: CommandResult | null;
	/** A seat the tablet plays itself (issue 22): the computer's level. Its key is never issued. */
	bot?: BotLevel;
}

export interface TableRecord {
	/** The room code; the host's signalling id is derived from it. */
	room: string;
	/** The game being played (an id in the games table), null in the lobby. */
	gameId: string | null;
	/** Seats in the order they were taken: seat n of the game is seats[n]. */
	seats: SeatRecord[];
	/** How many seats the lobby may fill. */
	capacity: number;
	/**
	 * The table's ECDSA P-256 secret key (base64url, pin.ts): it never leaves the tablet; phones pin
	 * the fingerprint of its public key. (Absent in tables kept by protocol 1: made on opening.)
	 */
	secret?: string;
	/** When the master closed it for a new table (its phones were told): never reopened by itself. */
	closedAt?: number;
	/** The shape of this record (absent: 1); one written by a newer version is not opened here. */
	schema?: number;
	createdAt: number;
	updatedAt: number;
}

// The phone's seat (net/player.ts keeps it through net/seat-store.ts).

/** What a phone is told of its seat: `viewFor` without the events (the plan comes apart, in `reveal`, once the game is over). */
export type UpdateView = Omit<SeatView, 'events'>;

export interface Membership {
	room: string;
	name: string;
	/** The seat key the host gave; null before the first welcome. It is never sent again. */
	key: string | null;
	/** The fingerprint of the table's key (from the invitation, or the first proof): only that host is believed. */
	pin?: string;
	/**
	 * The pin is the first tablet's that proved a key (the code was typed, no invitation named it):
	 * nothing vouches that it was the master's, so a phone facing another key says so (issue 32).
	 */
	firstMet?: boolean;
	seat: number | null;
	/** The seat's events, in the host's order. */
	events: GameEvent[];
	/** The number the next command gets. */
	nextCmd: number;
	/** A command sent and not yet answered: sent again after a rejoin. */
	pending: { id: number; command: Command } | null;
	/**
	 * What the phone last heard of the table, so that a reload shows the game as it was even
	 * before (or without) the tablet: the players' names, whether the game began, the seat's
	 * view, and once the game is over the reveal. (Absent in seats kept by older versions.)
	 */
	names?: string[];
	started?: boolean;
	view?: UpdateView | null;
	reveal?: { plan: Plan; replay: Replay | null } | null;
	/**
	 * The tablet said this table is closed (the master opened a new one): the seat is kept to be
	 * read (its feed, its sheet), never joined again, and no longer the phone's way back.
	 */
	closed?: boolean;
	updatedAt: number;
}

// The duel (net/duel.ts keeps it through net/dexie-store.ts; net/duel-record.ts rebuilds the game from it).

/** The agreements of a duel's seed: the duel's own settings only (net/duel-wire.ts checks them on the wire against this type). */
export type DuelSettings = Partial<Pick<GameSettings, (typeof DUEL_SETTING_IDS)[number]>>;

/** One exchange of the game: who moved, what, and the labyrinth owner's answer. */
export interface Exchange {
	by: Player;
	actions: Action[];
	reply: GameEvent[];
}

/** Everything a device keeps of its duel (the Dexie table `duels`). */
export interface DuelRecord {
	/** The room code. */
	id: string;
	role: 'opener' | 'joiner';
	me: Player;
	/** The players' names: [opener, joiner] (the opponent's is null until heard). */
	names: [string | null, string | null];
	/** My own plan: never sent before the end. */
	plan: Plan;
	/** The agreed settings and match seed (the joiner has them once welcomed). */
	settings: DuelSettings | null;
	seed: string | null;
	/** My key of this duel (a P-256 secret, pin.ts): it never leaves the device (made as the session first opens). */
	secret: string | null;
	/**
	 * The fingerprint of the other phone's key: the opener's from the invitation or its QR code (or its
	 * first proof, when the code was typed), the joiner's from its first proof. Never changed after.
	 */
	theirPin: string | null;
	/** How the devices find each other: the transport chosen (`local`, `cloud`). */
	via: string | null;
	/** My start in the opponent's labyrinth; `reply` null until answered. */
	myStart: { cell: number; reply: GameEvent[] | null } | null;
	/** The opponent's start in mine, with my answer. */
	theirStart: { cell: number; reply: GameEvent[] } | null;
	exchanges: Exchange[];
	/** My move sent and not yet answered (sent again on every reconnection). */
	pending: { n: number; actions: Action[] } | null;
	/** The opponent's plan, received at the end. */
	theirPlan: Plan | null;
	/**
	 * A duel against the computer on this phone (play/computer-duel.ts): the computer's level and
	 * its labyrinth, which the phone referees itself (never shown before the end). Absent: two phones.
	 */
	computer?: { level: BotLevel; plan: Plan } | null;
	createdAt: number;
	updatedAt: number;
}

// The deduction sheet (sheet/sheet.ts edits it; store/sheets.ts keeps it).

export type CellMark =
	| { t: 'kind'; kind: Exclude<CellKind, 'river' | 'pit'> }
	| { t: 'river'; dir: Direction }
	| { t: 'pit'; n: number }
	| { t: 'treasure' }
	| { t: 'question' }
	| { t: 'note'; text: string };
export type SideMark = 'wall' | 'exit' | 'open';

export interface Mark {
	pencil: number;
	/** A square of the sheet's grid (row-major over the grid with its margin). */
	cell: number;
	/** Present for a mark on a side of the square. */
	dir?: Direction;
	value: CellMark | SideMark;
	/** How many announcements the player had heard when drawing it (tapping an entry of the feed finds what was drawn after it). */
	at?: number;
}

export interface Pencil {
	id: number;
	colour: string;
	hidden: boolean;
}

export interface SheetData {
	version: 1;
	/** The contour as agreed (the labyrinth's width, height and shape). */
	width: number;
	height: number;
	shape: boolean[];
	pencils: Pencil[];
	marks: Mark[];
	/** Whether the assistant draws what it is sure of (off by default). */
	assistant: boolean;
	/** Whether it also shows where the other players may be, from the public feed (off by default). */
	others?: boolean;
	/** The player's notes on entries of the feed, by the entry's index. */
	annotations?: Record<number, string>;
}
