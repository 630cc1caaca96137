/**
 * The players' sheets, each only on its player's device (table `sheets`, schema v4): the
 * marks as drawn and the player's own commands (the assistant's input). The sheet screen and
 * the player's screen keep them through this store, never through the table itself.
 */
import type { Command } from '../engine/game/types';
import type { SheetData } from './records';
import type { LabyrinthDatabase, StoredSheet } from './db';

/** A sheet not opened yet: no contour, so the sheet screen makes the real one when it opens (sheet/sheet.ts `newSheet`). */
const UNOPENED: SheetData = { version: 1, width: 0, height: 0, shape: [], pencils: [], marks: [], assistant: false };

export class SheetStore {
	constructor(private readonly db: LabyrinthDatabase) {}

	/** The sheet `<room or game>:<seat>`, if one was kept. */
	async get(id: string): Promise<StoredSheet | undefined> {
		return this.db.sheets.get(id);
	}

	/** Keeps the marks (the sheet is made on first use). */
	async save(id: string, sheet: SheetData, now = Date.now()): Promise<void> {
		await this.db.transaction('rw', this.db.sheets, async () => {
			const n = await this.db.sheets.update(id, { sheet, updatedAt: now });
			if (n === 0) await this.db.sheets.put({ id, sheet, own: [], updatedAt: now });
		});
	}

	/** The player's own commands as sent, each with the length of the feed at that moment. */
	async own(id: string): Promise<StoredSheet['own']> {
		return (await this.db.sheets.get(id))?.own ?? [];
	}

	/** Adds a command the player sent, with the length of the feed at that moment; resolves with all of them. */
	async recordOwn(id: string, command: Command, at: number, now = Date.now()): Promise<StoredSheet['own']> {
		return this.db.transaction('rw', this.db.sheets, async () => {
			const stored = await this.db.sheets.get(id);
			const own = [...(stored?.own ?? []), { command, at }];
			if (stored) await this.db.sheets.update(id, { own, updatedAt: now });
			// The sheet is made on first use; its contour is filled in when the sheet opens.
			else await this.db.sheets.put({ id, sheet: UNOPENED, own, updatedAt: now });
			return own;
		});
	}
}
