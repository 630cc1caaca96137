/**
 * Games kept on this device. A command is on disk (the transaction complete) before the
 * screen shows what it did, so a reload or a closed tab loses nothing: the game is rebuilt
 * by replaying its log.
 */
import type { Game } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import { newId } from './ids';
import { WriteQueue } from './write-queue';
import { Dexie } from 'dexie';
import type { CommandRow, GameRow, LabyrinthDatabase, StoredGame } from './db';

export class GameStore {
	private readonly writes = new WriteQueue();
	/** Per game: whether its record says it has ended, as this store last read or wrote it. */
	private readonly ended = new Map<string, 0 | 1>();

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
			const log = await logOf(this.db, id).toArray();
			const { commands: _count, ...record } = row;
			void _count;
			return { ...record, updatedAt: lastChange(row, log.at(-1)), game: { ...row.game, log: log.map((r) => r.command) } };
		});
	}

	/** Games newest first, without their logs (`commands`: how many); `mode` filters. */
	async list(mode?: StoredGame['mode']): Promise<GameRow[]> {
		return this.db.transaction('r', this.db.games, this.db.commands, async () => {
			const rows = (await this.db.games.toArray()).filter((g) => !mode || g.mode === mode);
			// what the moves since the record's last write changed: its log's last row says it
			const current = await Promise.all(
				rows.map(async (row) => {
					const last = await logOf(this.db, row.id).last();
					return { ...row, commands: last ? last.n + 1 : 0, updatedAt: lastChange(row, last) };
				})
			);
			return current.sort((a, b) => b.updatedAt - a.updatedAt);
		});
	}

	/** Appends one accepted command to the game's log, in one transaction: a row added, the record's summary updated. */
	async append(id: string, command: Command, finished: boolean, now = Date.now()): Promise<void> {
		await this.writes.run(() => this.db.transaction('rw', this.db.games, this.db.commands, () => this.appendNow(id, command, finished, now)));
	}

	/**
	 * The append itself, inside a transaction of the caller's that holds `games` and `commands`
	 * (the host's store writes its table in the same one); `names`: the players' names, when they
	 * changed. What it writes is the command's row, whatever the length of the game and the size
	 * of its plan: the game's record is rewritten only when its names or its end change.
	 */
	async appendNow(id: string, command: Command, finished: boolean, now = Date.now(), names?: string[]): Promise<void> {
		// keys only: neither the record (its plan) nor the log is read
		if ((await this.db.games.where(':id').equals(id).count()) === 0) throw new Error(`no game ${id}`);
		const last = (await logOf(this.db, id).lastKey()) as [string, number] | undefined;
		await this.db.commands.add({ game: id, n: last ? last[1] + 1 : 0, command, at: now });
		const ended = finished ? 1 : 0;
		const known = this.ended.get(id) ?? (await this.db.games.get(id))?.finished;
		if (known !== ended || names) {
			await this.db.games.update(id, { finished: ended, updatedAt: now, ...(names ? { names } : {}) });
		}
		this.ended.set(id, ended);
		// kept only once the transaction is: an aborted one leaves the record as it was
		Dexie.currentTransaction?.on('abort', () => this.ended.delete(id));
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
				this.ended.delete(id);
				await this.db.games.delete(id);
				await logOf(this.db, id).delete();
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
		this.ended.delete(stored.id);
		await logOf(this.db, stored.id).delete();
		await this.db.commands.bulkAdd(log.map((command, n) => ({ game: stored.id, n, command })));
		await this.db.games.put({ ...stored, game, commands: log.length });
	}
}

/** A game's log, in order (its rows by [game, n]). */
function logOf(db: LabyrinthDatabase, id: string) {
	return db.commands.where('[game+n]').between([id, 0], [id, Infinity]);
}

/** When the game last changed: its record's last write, or the last command written since. */
function lastChange(row: GameRow, last: CommandRow | undefined): number {
	return Math.max(row.updatedAt, last?.at ?? 0);
}
