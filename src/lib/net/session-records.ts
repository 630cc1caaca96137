/**
 * How the sessions keep their records (store/records.ts), behind two small interfaces: the host's
 * table (who holds which seat, by key, and the last command each seat sent) next to the game's
 * record, and the phone's membership (its seat key, the events it has, the command it is sending).
 * `dexie-store.ts` keeps them in IndexedDB; the memory versions here serve the tests.
 */
import type { Game } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import type { Membership, TableRecord } from '../store/records';
import { snapshot } from '../store/snapshot';

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
