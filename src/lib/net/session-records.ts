/**
 * What the sessions keep on the device, behind two small interfaces: the host's table (who
 * holds which seat, by key, and the last command each seat sent) next to the game's record,
 * and the phone's membership (its seat key, the events it has, the command it is sending).
 * `dexie-store.ts` keeps them in IndexedDB; the memory versions here serve the tests.
 */
import type { Game } from '../engine/game/game';
import type { Replay } from '../engine/game/reveal';
import type { Command, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import type { UpdateView } from './protocol';
import { snapshot } from '../store/snapshot';
import type { BotLevel } from '../bots/bot';

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
	createdAt: number;
	updatedAt: number;
}

export interface HostStore {
	saveTable(table: TableRecord): Promise<void>;
	/**
	 * Appends an accepted command to the game's log and saves the table (with the sender's
	 * command number) in one transaction; resolves once it is on disk.
	 */
	append(table: TableRecord, gameId: string, command: Command, finished: boolean): Promise<void>;
	loadTable(room: string): Promise<TableRecord | null>;
	loadGame(gameId: string): Promise<Game | null>;
}

export interface Membership {
	room: string;
	name: string;
	/** The seat key the host gave; null before the first welcome. It is never sent again. */
	key: string | null;
	/** The fingerprint of the table's key (from the invitation, or the first proof): only that host is believed. */
	pin?: string;
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
	updatedAt: number;
}

export interface PhoneStore {
	load(room: string): Promise<Membership | null>;
	save(membership: Membership): Promise<void>;
}

const clone = snapshot;

/** The host's store in memory (tests); `games` is shared with whoever created the game. */
export class MemoryHostStore implements HostStore {
	readonly tables = new Map<string, TableRecord>();
	readonly games = new Map<string, Game>();
	/** Writes done, for tests that check the order of disk and network. */
	writes = 0;

	async saveTable(table: TableRecord): Promise<void> {
		this.tables.set(table.room, clone(table));
		this.writes++;
	}

	async append(table: TableRecord, gameId: string, command: Command): Promise<void> {
		const game = this.games.get(gameId);
		if (!game) throw new Error(`no game ${gameId}`);
		this.games.set(gameId, { ...game, log: [...game.log, clone(command)] });
		this.tables.set(table.room, clone(table));
		this.writes++;
	}

	async loadTable(room: string): Promise<TableRecord | null> {
		const table = this.tables.get(room);
		return table ? clone(table) : null;
	}

	async loadGame(gameId: string): Promise<Game | null> {
		const game = this.games.get(gameId);
		return game ? clone(game) : null;
	}
}

export class MemoryPhoneStore implements PhoneStore {
	readonly memberships = new Map<string, Membership>();

	async load(room: string): Promise<Membership | null> {
		const m = this.memberships.get(room);
		return m ? clone(m) : null;
	}

	async save(membership: Membership): Promise<void> {
		this.memberships.set(membership.room, clone(membership));
	}
}
