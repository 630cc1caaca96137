/** The player's own commands, kept beside the sheet on the device (the assistant reads them): the player's screen loads this lazily. */
import type { Command } from '../engine/game/types';
import { database } from '../store/db';
import { SheetStore } from '../store/sheets';
import type { OwnCommand } from './feed';

export async function loadOwn(id: string): Promise<OwnCommand[]> {
	return new SheetStore(database()).own(id);
}

/** Adds a command the player sent, with the length of the feed at that moment. */
export async function recordOwn(id: string, command: Command, at: number): Promise<OwnCommand[]> {
	return new SheetStore(database()).recordOwn(id, command, at);
}
