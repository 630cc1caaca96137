/**
 * The device's database (IndexedDB through Dexie). One schema for the whole app; each
 * later need (games, seats, sheets) adds a table in a new `version(n)` below, never by
 * editing an earlier one, so a device that has data keeps it across updates.
 */
import { Dexie, type DBCore, type DBCoreMutateRequest, type EntityTable, type Middleware, type Table } from 'dexie';
import type { Game } from '../engine/game/game';
import type { Plan } from '../engine/plan/types';
import type { Command } from '../engine/game/types';
import type { BotLevel, DuelRecord, Membership, SheetData, TableRecord } from './records';
import { snapshot } from './snapshot';
import { DATABASE_NAME } from './schema-version';

/** A player's deduction sheet, only ever on that player's device (issue 8). */
export interface StoredSheet {
	/** The game and seat it belongs to: `<room or game id>:<seat>`. */
	id: string;
	sheet: SheetData;
	/** The player's own commands with the number of feed events the phone had when each was sent (the assistant's input). */
	own: { command: Command; at: number }[];
	updatedAt: number;
}

/** A labyrinth in the library. */
export interface StoredPlan {
	id: string;
	plan: Plan;
	/** The plan's name, lower-cased, for search. */
	search: string;
	createdAt: number;
	updatedAt: number;
	/** Set when deleted: the plan stays until the undo window passes, so a delete can be taken back. */
	deletedAt: number | null;
}

/**
 * A game run on this device (pass-and-play, or the master's console): its record is its log.
 * On disk the log is apart (`CommandRow`s) and the record is its summary (`GameRow`); the
 * store (games.ts) puts them together.
 */
export interface StoredGame {
	id: string;
	mode: 'pass' | 'host';
	/** Players' names by seat. */
	names: string[];
	/** The engine's record: plan, settings, seed, seats and the log of accepted commands. */
	game: Game;
	createdAt: number;
	updatedAt: number;
	/** 1 once the game has ended (an index on booleans is not possible in IndexedDB). */
	finished: 0 | 1;
	/** Per seat: the level of the computer the device plays it as, or null for a person (absent: all people). */
	bots?: (BotLevel | null)[];
}

/**
 * A game's record as kept (schema v6): everything but the log, and how many commands the log has.
 * A move does not rewrite it (its plan alone is tens of KB): `commands` and `updatedAt` as stored
 * are those of the whole log's last write; the store (games.ts) reads them off the log's last row.
 */
export type GameRow = Omit<StoredGame, 'game'> & { game: Omit<Game, 'log'>; commands: number };

/** One accepted command of a game's log (schema v6): a move adds a row, whatever the length of the game. */
export interface CommandRow {
	game: string;
	/** Its place in the log, from 0. */
	n: number;
	command: Command;
	/**
	 * When it was written (absent in rows written with the whole log: the game's `updatedAt`
	 * covers them). A move writes only its row, so the game's last change is read from here.
	 */
	at?: number;
}

export class LabyrinthDatabase extends Dexie {
	plans!: EntityTable<StoredPlan, 'id'>;
	games!: EntityTable<GameRow, 'id'>;
	/** The games' logs, a row per command, by [game, n] (schema v6). */
	commands!: Table<CommandRow, [string, number]>;
	/** The host's tables (issue 6; `tables` is Dexie's own property): seats, their keys and last command numbers, by room code. */
	hostTables!: EntityTable<TableRecord, 'room'>;
	/** The phone's seats of older versions (issue 6), by room code: now kept apart (src/lib/net/seat-store.ts), which moves them out of here once. */
	memberships!: EntityTable<Membership, 'room'>;
	sheets!: EntityTable<StoredSheet, 'id'>;
	/** The duels on this device (issue 9): own plan, the exchanges, the settings, the peer's key, by room code. */
	duels!: EntityTable<DuelRecord, 'id'>;

	constructor(name = DATABASE_NAME) {
		super(name);
		this.version(1).stores({ plans: 'id, updatedAt, deletedAt' });
		this.version(2).stores({ games: 'id, updatedAt, finished' });
		this.version(3).stores({ hostTables: 'room, gameId, updatedAt', memberships: 'room, updatedAt' });
		this.version(4).stores({ sheets: 'id, updatedAt' });
		this.version(5).stores({ duels: 'id, updatedAt' });
		// The logs move out of the game records, a row per command: a move no longer rewrites the whole game.
		this.version(6)
			.stores({ commands: '[game+n]' })
			.upgrade(async (tx) => {
				const games = tx.table('games');
				const commands = tx.table('commands');
				for (const stored of (await games.toArray()) as StoredGame[]) {
					const { log, ...game } = stored.game;
					await commands.bulkAdd(log.map((command, n): CommandRow => ({ game: stored.id, n, command })));
					await games.put({ ...stored, game, commands: log.length } satisfies GameRow);
				}
			});
		this.use(plainWrites);
	}
}

/** What a write puts into the database, as plain data (snapshot.ts): values and changes alike. */
function plainRequest(req: DBCoreMutateRequest): DBCoreMutateRequest {
	if (req.type !== 'add' && req.type !== 'put') return req;
	return {
		...req,
		values: snapshot(req.values),
		...(req.type === 'put' && req.changeSpec ? { changeSpec: snapshot(req.changeSpec) } : {}),
		...(req.type === 'put' && req.updates ? { updates: { keys: req.updates.keys, changeSpecs: snapshot(req.updates.changeSpecs) } } : {})
	};
}

/**
 * Every write to every table (add, put, update, bulk, modify) passes through `snapshot` at
 * the bottom of Dexie's stack, whichever screen or store made it: a Svelte proxy can never
 * reach IndexedDB's structured clone (a DataCloneError, the editor's lost edits of issue 16).
 */
const plainWrites: Middleware<DBCore> = {
	stack: 'dbcore',
	name: 'plain-writes',
	create: (down) => ({
		...down,
		table: (name) => {
			const table = down.table(name);
			return {
				...table,
				mutate: (req) => {
					let plain: DBCoreMutateRequest;
					try {
						plain = plainRequest(req);
					} catch (error) {
						return Promise.reject(error);
					}
					return table.mutate(plain);
				}
			};
		}
	})
};

let shared: LabyrinthDatabase | null = null;

/** The app's database, opened on first use (so screens that never store anything never load it). */
export function database(): LabyrinthDatabase {
	shared ??= new LabyrinthDatabase();
	return shared;
}
