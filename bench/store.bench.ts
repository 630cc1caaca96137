/**
 * The disk's cost of a move as the game grows (issue 19): `GameStore.append` on a game kept
 * with 500 and with 8,000 commands (IndexedDB as fake-indexeddb gives it in Node), the median
 * of 100 appends each; `store.append_ratio_8000_500` is their ratio (a move adds a row and
 * updates the record's summary, whatever the length of the log).
 */
import 'fake-indexeddb/auto';
import { createGame } from '../src/lib/engine/game/game';
import type { Command } from '../src/lib/engine/game/types';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { LabyrinthDatabase } from '../src/lib/store/db';
import { GameStore } from '../src/lib/store/games';

const TIMED = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function appendAt(length: number): Promise<number> {
	const db = new LabyrinthDatabase(`store-bench-${length}`);
	const store = new GameStore(db);
	const created = createGame({ plan: generatePlan({ width: 40, height: 40, seed: 1 }), seats: 6, seed: 1 });
	if (!created.ok) throw new Error('setup');
	// what is kept is not replayed here: a move's worth of command, over and over
	const move: Command = { type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }] };
	const id = await store.create('host', ['A', 'B', 'C', 'D', 'E', 'F'], { ...created.value, log: Array.from({ length }, () => move) });
	for (let i = 0; i < 10; i++) await store.append(id, move, false);
	const times: number[] = [];
	for (let i = 0; i < TIMED; i++) {
		const t = performance.now();
		await store.append(id, move, false);
		times.push(performance.now() - t);
	}
	await db.delete();
	return median(times);
}

export default async () => {
	const short = await appendAt(500);
	const long = await appendAt(8000);
	return [
		{ name: 'store.append_ms_500', value: Math.round(short * 1000) / 1000, unit: 'ms' },
		{ name: 'store.append_ms_8000', value: Math.round(long * 1000) / 1000, unit: 'ms' },
		{ name: 'store.append_ratio_8000_500', value: Math.round((long / short) * 100) / 100, unit: '×' }
	];
};
