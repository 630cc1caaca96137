/** The player's own commands, kept beside the sheet on the device (the assistant reads them). */
import type { Command } from '../engine/game/types';
import { database } from '../store/db';
import type { OwnCommand } from './feed';
import { newSheet } from './sheet';

export async function loadOwn(id: string): Promise<OwnCommand[]> {
	return (await database().sheets.get(id))?.own ?? [];
}

/** Adds a command the player sent, with the length of the feed at that moment. */
export async function recordOwn(id: string, command: Command, at: number): Promise<OwnCommand[]> {
	const db = database();
	return db.transaction('rw', db.sheets, async () => {
		const stored = await db.sheets.get(id);
		const own = [...(stored?.own ?? []), { command, at }];
		if (stored) await db.sheets.update(id, { own, updatedAt: Date.now() });
		// The sheet is made on first use; its contour is filled in when the sheet opens.
		else await db.sheets.put({ id, sheet: newSheet(0, 0, []), own, updatedAt: Date.now() });
		return own;
	});
}
