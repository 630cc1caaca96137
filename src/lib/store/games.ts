/**
 * Games kept on this device. A command is on disk (the transaction complete) before the
 * screen shows what it did, so a reload or a closed tab loses nothing: the game is rebuilt
 * by replaying its log.
 */
import type { Game } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import { newId } from './ids';
import { WriteQueue } from './write-queue';
import type { GameRow, LabyrinthDatabase, StoredGame } from './db';

export class GameStore {
	private readonly writes = new WriteQueue();

	constructor(private readonly db: LabyrinthDatabase) {}

	/** A new game; `bots` marks the seats the device plays itself (a computer's level per seat, null for a person). */
	async create(mode: StoredGame['mode'], names: string[], game: Game, now = Date.now(), bots?: StoredGame['bots']): Promise<string> {
		const id = newId();
		const record: StoredGame = { id, mode, names, game, createdAt: now, updatedAt: now, finished: 0 };
		if (bots?.some(Boolean)) record.bots = bots;
		await this.writes.run(() => this.db.transaction('rw', this.db.games, this.db.commands, () => this.put(record)));
		return id;
	}

	/** The game with its whole log. */
	async get(id: string): Promise<StoredGame | undefined> {
		return this.db.transaction('r', this.db.games, this.db.commands, async () => {
			const row = await this.db.games.get(id);
			if (!row) return undefined;
			const log = await this.db.commands.where('[game+n]').between([id, 0], [id, Infinity]).toArray();
			const { commands: _count, ...record } = row;
			void _count;
			return { ...record, game: { ...row.game, log: log.map((r) => r.command) } };
		});
	}

	/** Games newest first, without their logs (`commands`: how many); `mode` filters. */
	async list(mode?: StoredGame['mode']): Promise<GameRow[]> {
		const all = await this.db.games.orderBy('updatedAt').reverse().toArray();
		return mode ? all.filter((g) => g.mode === mode) : all;
	}

	/** Appends one accepted command to the game's log, in one transaction: a row added, the record's summary updated. */
	async append(id: string, command: Command, finished: boolean, now = Date.now()): Promise<void> {
		await this.writes.run(() => this.db.transaction('rw', this.db.games, this.db.commands, () => this.appendNow(id, command, finished, now)));
	}

	/**
	 * The append itself, inside a transaction of the caller's that holds `games` and `commands`
	 * (the host's store writes its table in the same one); `names`: the players' names now.
	 */
	async appendNow(id: string, command: Command, finished: boolean, now = Date.now(), names?: string[]): Promise<void> {
		const row = await this.db.games.get(id);
		if (!row) throw new Error(`no game ${id}`);
		await this.db.commands.add({ game: id, n: row.commands, command });
		await this.db.games.update(id, { commands: row.commands + 1, updatedAt: now, finished: finished ? 1 : 0, ...(names ? { names } : {}) });
	}

	/** Renames the players (in the caller's transaction, or its own). */
	async rename(id: string, names: (stored: string[]) => string[]): Promise<void> {
		const row = await this.db.games.get(id);
		if (row) await this.db.games.update(id, { names: names(row.names) });
	}

	/** Deletes the game; resolves with it as it was (for an undo), or undefined when there was none. */
	async remove(id: string): Promise<StoredGame | undefined> {
		return this.writes.run(() =>
			this.db.transaction('rw', this.db.games, this.db.commands, async () => {
				const kept = await this.get(id);
				await this.db.games.delete(id);
				await this.db.commands.where('[game+n]').between([id, 0], [id, Infinity]).delete();
				return kept;
			})
		);
	}

	/** Puts a deleted game back as it was (undo of `remove`). */
	async restore(game: StoredGame): Promise<void> {
		await this.writes.run(() => this.db.transaction('rw', this.db.games, this.db.commands, () => this.put(game)));
	}

	private async put(stored: StoredGame): Promise<void> {
		const { log, ...game } = stored.game;
		await this.db.commands.where('[game+n]').between([stored.id, 0], [stored.id, Infinity]).delete();
		await this.db.commands.bulkAdd(log.map((command, n) => ({ game: stored.id, n, command })));
		await this.db.games.put({ ...stored, game, commands: log.length });
	}
}
