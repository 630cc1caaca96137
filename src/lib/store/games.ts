/**
 * Games kept on this device. A command is on disk (the transaction complete) before the
 * screen shows what it did, so a reload or a closed tab loses nothing: the game is rebuilt
 * by replaying its log.
 */
import type { Game } from '../engine/game/game';
import type { Command } from '../engine/game/types';
import { newId } from './ids';
import { WriteQueue } from './write-queue';
import type { LabyrinthDatabase, StoredGame } from './db';

export class GameStore {
	private readonly writes = new WriteQueue();

	constructor(private readonly db: LabyrinthDatabase) {}

	/** A new game; `bots` marks the seats the device plays itself (a computer's level per seat, null for a person). */
	async create(mode: StoredGame['mode'], names: string[], game: Game, now = Date.now(), bots?: StoredGame['bots']): Promise<string> {
		const id = newId();
		const record: StoredGame = { id, mode, names, game, createdAt: now, updatedAt: now, finished: 0 };
		if (bots?.some(Boolean)) record.bots = bots;
		await this.writes.run(() => this.db.games.add(record));
		return id;
	}

	async get(id: string): Promise<StoredGame | undefined> {
		return this.db.games.get(id);
	}

	/** Games newest first; `mode` filters. */
	async list(mode?: StoredGame['mode']): Promise<StoredGame[]> {
		const all = await this.db.games.orderBy('updatedAt').reverse().toArray();
		return mode ? all.filter((g) => g.mode === mode) : all;
	}

	/** Appends one accepted command to the game's log, in one transaction. */
	async append(id: string, command: Command, finished: boolean, now = Date.now()): Promise<void> {
		await this.writes.run(() =>
			this.db.transaction('rw', this.db.games, async () => {
				const stored = await this.db.games.get(id);
				if (!stored) throw new Error(`no game ${id}`);
				await this.db.games.put({ ...stored, game: { ...stored.game, log: [...stored.game.log, command] }, updatedAt: now, finished: finished ? 1 : 0 });
			})
		);
	}

	async remove(id: string): Promise<void> {
		await this.writes.run(() => this.db.games.delete(id));
	}

	/** Puts a deleted game back as it was (undo of `remove`). */
	async restore(game: StoredGame): Promise<void> {
		await this.writes.run(() => this.db.games.put(game));
	}
}
