/** The stores over the device's database (db.ts), made once: what routes provide to their screens (context.ts). */
import { database } from './db';
import { GameStore } from './games';
import { PlanLibrary } from './plans';
import { SheetStore } from './sheets';
import type { Stores } from './context';

let shared: Stores | null = null;

export function deviceStores(): Stores {
	const db = database();
	shared ??= { plans: new PlanLibrary(db), games: new GameStore(db), sheets: new SheetStore(db) };
	return shared;
}
