/**
 * Issue 19: the host keeps the game's events once (`EventLog`) and each phone's place in them,
 * and sends a phone only what is new. Whatever the game and wherever phones close and come back
 * (with what they kept), every page a phone is sent is the very slice of its seat's events that
 * its `from` says (so nothing its seat may not hear, nothing twice out of place), and every phone
 * ends with exactly its seat's events (`seatEvents` of the game's events, rebuilt by replay).
 */
import { afterEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { replayEvents } from '../engine/game/game';
import type { GameEvent } from '../engine/game/types';
import { MemoryTable, newGame, scriptedCommands, settle, until, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

interface Page {
	seat: number;
	from: number;
	events: GameEvent[];
}

describe('property: a phone is sent its seat\'s events incrementally', () => {
	test('every page is the slice of the seat\'s events it says; every phone ends with exactly them, across rejoins', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 1_000_000 }),
				fc.integer({ min: 2, max: 4 }),
				fc.integer({ min: 10, max: 60 }),
				fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 3 })), { maxLength: 3 }),
				async (seed, seats, count, rejoins) => {
					table?.close();
					const t = new MemoryTable();
					table = t;
					const pages: Page[] = [];
					t.network.faults = {
						toPhone: {
							copies: (frame) => {
								const m = (JSON.parse(frame) as { m?: { type: string; view?: { seat: number }; from?: number; events?: GameEvent[] } }).m;
								if (m?.type === 'update') pages.push({ seat: m.view!.seat, from: m.from!, events: m.events! });
								return 1;
							}
						}
					};
					await t.openHost(seats);
					for (let i = 0; i < seats; i++) await t.openPhone(`P${i + 1}`);
					await until(() => t.phones.every((p) => p.status === 'joined'), 3000, 'phones joined');
					const game = newGame(seats, seed);
					await t.startGame(game);
					const log = scriptedCommands(game, count, seed);
					for (const [step, command] of log.entries()) {
						for (const [at, seat] of rejoins)
							if (at === step && seat < seats) {
								t.phones[seat]!.close();
								await settle(10);
								const again = await t.openPhone(`P${seat + 1}`, seat);
								await until(() => again.status === 'joined', 3000, 'rejoined');
							}
						await t.play([command]);
					}
					const { events } = replayEvents({ ...game, log });
					const feeds = Array.from({ length: seats }, (_, seat) => events.seatEvents(seat));
					await until(() => t.phones.every((p, seat) => p.events.length === feeds[seat]!.length), 3000, 'feeds caught up');
					t.phones.forEach((phone, seat) => expect(phone.events).toEqual(feeds[seat]));
					expect(pages.length).toBeGreaterThan(0);
					for (const page of pages) expect(page.events).toEqual(feeds[page.seat]!.slice(page.from, page.from + page.events.length));
					table.close();
					table = null;
				}
			),
			{ numRuns: 12, seed: 19 }
		);
	}, 120_000);
});
