/**
 * The host's and the duels' stores in the app's IndexedDB database (tables `hostTables` and
 * `duels` of src/lib/store/db.ts; the phone's seats are kept apart, seat-store.ts; the games
 * as every game is, store/games.ts). A command goes into the game's log and the table's seat
 * record in one transaction, and the promise resolves only once that transaction is complete.
 */
import type { Game } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import type { LabyrinthDatabase } from '../store/db';
import { GameStore } from '../store/games';
import { WriteQueue } from '../store/write-queue';
import type { HostStore } from './session-records';
import type { DuelStore } from './duel-record';
import type { DuelRecord, TableRecord } from '../store/records';

const mergeNames = (names: string[], table: TableRecord) => names.map((name, seat) => table.seats[seat]?.name ?? name);

export class DexieHostStore implements HostStore {
	private readonly writes = new WriteQueue();
	/** The game's record and its log, kept as every game is (store/games.ts). */
	private readonly games: GameStore;

	constructor(private readonly db: LabyrinthDatabase) {
		this.games = new GameStore(db);
	}

	saveTable(table: TableRecord): Promise<void> {
		return this.writes.run(async () => {
			await this.db.transaction('rw', this.db.hostTables, this.db.games, async () => {
				await this.db.hostTables.put(table);
				// The game's players are named after the seats that phones took.
				if (table.gameId) await this.games.rename(table.gameId, (names) => mergeNames(names, table));
			});
		});
	}

	append(table: TableRecord, gameId: string, command: Command, finished: boolean): Promise<void> {
		return this.writes.run(() =>
			// The players' names follow the seats when the table is saved (`saveTable`), not here: a
			// move writes its command's row and the table's record, whatever the game's length and plan.
			this.db.transaction('rw', this.db.hostTables, this.db.games, this.db.commands, async () => {
				await this.games.appendNow(gameId, command, finished);
				await this.db.hostTables.put(table);
			})
		);
	}

	async loadTable(room: string): Promise<TableRecord | null> {
		return (await this.db.hostTables.get(room)) ?? null;
	}

	async loadGame(gameId: string): Promise<Game | null> {
		return (await this.games.get(gameId))?.game ?? null;
	}

	/** The table running `gameId`, if there is one (the console reopening a hosted game). */
	async tableOf(gameId: string): Promise<TableRecord | null> {
		return (await this.db.hostTables.where('gameId').equals(gameId).first()) ?? null;
	}
}

/** The duels (table `duels`, schema v5): each save resolves once it is on disk. */
export class DexieDuelStore implements DuelStore {
	private readonly writes = new WriteQueue();

	constructor(private readonly db: LabyrinthDatabase) {}

	async load(id: string): Promise<DuelRecord | null> {
		return (await this.db.duels.get(id)) ?? null;
	}

	save(record: DuelRecord): Promise<void> {
		return this.writes.run(async () => {
			await this.db.duels.put(record);
		});
	}

	/** The duels kept here, newest first. */
	async list(): Promise<DuelRecord[]> {
		return this.db.duels.orderBy('updatedAt').reverse().toArray();
	}

	async remove(id: string): Promise<void> {
		await this.writes.run(() => this.db.duels.delete(id));
	}
}
