import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../random';
import { generatePlan } from '../plan/generate';
import { apply } from './apply';
import { createGame, initialState, rejected, replayEvents } from './game';
import { EventLog } from './event-log';
import { randomLegalCommand } from './random-command';
import type { Command, GameEvent, Seat } from './types';
import { visibleTo } from './view';

/** A random legal game with the master's acts (undos among them): each accepted command's events, and the game. */
function randomGame(seed: number, steps: number) {
	const rng = createRng(seed);
	const plan = generatePlan({ width: 5 + rng.int(4), height: 5 + rng.int(4), seed, bullets: 2, grenades: 1, landmines: 1 });
	const created = createGame({ plan, seats: 2 + rng.int(5), seed });
	if (!created.ok) throw new Error('setup');
	let state = initialState(created.value);
	const batches: GameEvent[][] = [];
	const log: Command[] = [];
	for (let i = 0; i < steps && state.phase !== 'over'; i++) {
		const command = randomLegalCommand(state, rng, { master: true });
		if (!command) break;
		const r = apply(state, command);
		if (rejected(r)) continue;
		state = r.state;
		batches.push(r.events);
		log.push(command);
	}
	return { batches, seats: created.value.seats, game: { ...created.value, log } };
}

/** The plain answers, straight from the events: what the cached lists must equal. */
const plainSeat = (events: readonly GameEvent[], seat: Seat, from = 0) => events.slice(from).filter((e) => visibleTo(e, seat));
const plainAll = (events: readonly GameEvent[]) => events.filter((e) => e.audience.to === 'all');

function checkLog(log: EventLog, events: readonly GameEvent[], seats: number, rng: () => number): void {
	expect(log.length).toBe(events.length);
	for (let seat = 0; seat < seats; seat++) {
		const mine = plainSeat(events, seat);
		expect(log.seatEvents(seat)).toEqual(mine);
		expect([...log.seatFeed(seat)]).toEqual(mine);
		const from = Math.floor(rng() * (events.length + 2));
		expect(log.seatEvents(seat, from)).toEqual(plainSeat(events, seat, from));
		const count = Math.floor(rng() * (mine.length + 3));
		const place = log.seatPlace(seat, count);
		// The place after the seat's `count`th event (or the end, with what there is).
		expect(place.count).toBe(Math.min(count, mine.length));
		expect(plainSeat(events.slice(0, place.at), seat)).toHaveLength(place.count);
		if (place.count > 0 && place.count === count) expect(events[place.at - 1]).toBe(mine[count - 1]);
	}
	const all = plainAll(events);
	expect(log.heardByAll()).toEqual(all);
	const range = log.heardByAllRange();
	expect(range.length).toBe(all.length);
	expect(Array.from({ length: range.length }, (_, i) => range.at(i))).toEqual(all);
}

describe('EventLog: the seats\' feeds kept beside the shared array (issue 19)', () => {
	test('every log of a game, asked in any order (older ones after newer ones grew the lists), answers as the plain filter', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 120 }), fc.integer(), (seed, steps, order) => {
				const { batches, seats } = randomGame(seed, steps);
				const logs = [EventLog.empty()];
				const prefixes: GameEvent[][] = [[]];
				for (const batch of batches) {
					logs.push(logs[logs.length - 1]!.with(batch));
					prefixes.push([...prefixes[prefixes.length - 1]!, ...batch]);
				}
				const rng = createRng(order);
				const random = () => rng.int(1_000_000) / 1_000_000;
				// Newest first, then the rest in a random order: the lists are already longer than most logs asked.
				checkLog(logs[logs.length - 1]!, prefixes[prefixes.length - 1]!, seats, random);
				for (const i of rng.shuffle(logs.map((_, k) => k))) checkLog(logs[i]!, prefixes[i]!, seats, random);
			}),
			{ numRuns: 40 }
		);
	});

	test('a log appended to after a longer one shares nothing stale: the branch and the longer log each answer for their own events', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 2, max: 80 }), fc.nat(), (seed, steps, cut) => {
				const { batches, seats } = randomGame(seed, steps);
				if (batches.length < 2) return;
				const at = cut % batches.length;
				let log = EventLog.empty();
				let events: GameEvent[] = [];
				const logs: { log: EventLog; events: GameEvent[] }[] = [];
				for (const batch of batches) {
					log = log.with(batch);
					events = [...events, ...batch];
					logs.push({ log, events });
				}
				const rng = createRng(seed);
				const random = () => rng.int(1_000_000) / 1_000_000;
				// The longest log's lists are built first; then an older log goes on another way (the other game's events).
				checkLog(log, events, seats, random);
				const other = randomGame(seed + 1, 40).batches.flat();
				const base = logs[at]!;
				const branch = base.log.with(other);
				checkLog(branch, [...base.events, ...other], seats, random);
				checkLog(log, events, seats, random);
				checkLog(base.log, base.events, seats, random);
			}),
			{ numRuns: 40 }
		);
	});

	test('a replay rebuilds the lists from its own log: the same feeds as the live run that had undos in it', () => {
		let undos = 0;
		for (const seed of [3, 17, 41, 99]) {
			const { batches, seats, game } = randomGame(seed, 200);
			let live = EventLog.empty();
			for (const batch of batches) {
				live = live.with(batch);
				for (let seat = 0; seat < seats; seat++) live.seatFeed(seat);
			}
			const replayed = replayEvents(game).events;
			expect(replayed.length).toBe(live.length);
			for (let seat = 0; seat < seats; seat++) expect(replayed.seatEvents(seat)).toEqual(live.seatEvents(seat));
			undos += game.log.filter((c) => c.type === 'undo').length;
		}
		expect(undos).toBeGreaterThan(0);
	});
});
