/**
 * Delivery: what a seated phone is sent. Apart from any link: each connection's place in the
 * game's events, the frames that bring it up to date (the contour once, the seat's events each
 * once and in order, the reveal once the game is over), the reveal made to fit a frame. Then
 * through a table of phones (issue 19): the host keeps the game's events once (`EventLog`) and
 * each phone's place in them, and sends a phone only what is new. Whatever the game and wherever
 * phones close and come back (with what they kept), every page a phone is sent is the very slice
 * of its seat's events that its `from` says (so nothing its seat may not hear, nothing twice out
 * of place), and every phone ends with exactly its seat's events (`seatEvents` of the game's
 * events, rebuilt by replay).
 */
import { afterEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { replay, replayEvents, type Game } from '../engine/game/game';
import { EventLog } from '../engine/game/event-log';
import { apply } from '../engine/game/apply';
import type { Command, GameEvent, GameState } from '../engine/game/types';
import { seatStanding } from '../engine/game/view';
import { recordReplay, revealFor } from '../engine/game/reveal-of';
import { RevealMessage, Standings, catchUp, placeFrom, revealMessage, tableMessage, type Place } from './host-delivery';
import { MAX_HOST_FRAME, type HostMessage } from './protocol';
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

/** A game played on from its start: the game so far, its state and its events after each command. */
function played(game: Game, commands: Command[]): { game: Game; state: GameState; log: EventLog }[] {
	let { state, events } = replayEvents(game);
	const steps = [{ game, state, log: events }];
	for (const [i, command] of commands.entries()) {
		const result = apply(state, command);
		state = result.state;
		events = events.with(result.events);
		steps.push({ game: { ...game, log: commands.slice(0, i + 1) }, state, log: events });
	}
	return steps;
}

/** The events the update frames carry, in order, the frames' kinds, and the reveal frames. */
function carried(frames: HostMessage[]): { events: GameEvent[]; shaped: number; reveals: HostMessage[]; froms: number[] } {
	const events: GameEvent[] = [];
	let shaped = 0;
	const reveals: HostMessage[] = [];
	const froms: number[] = [];
	for (const frame of frames)
		if (frame.type === 'update') {
			froms.push(frame.from);
			events.push(...frame.events);
			if ('shape' in frame.view) shaped++;
		} else if (frame.type === 'reveal') reveals.push(frame);
	return { events, shaped, reveals, froms };
}

describe('one connection brought up to date', () => {
	test('property: whenever it is caught up, and from whatever it had, a phone ends with its seat\'s events, each once and in order, the contour once, the reveal once and only when over', () => {
		const game = newGame(3, 5);
		const commands = scriptedCommands(game, 300, 5);
		const steps = played(game, commands);
		const reveal = new RevealMessage();
		let over = 0;
		fc.assert(
			fc.property(fc.nat(2), fc.array(fc.nat(steps.length - 1), { minLength: 1, maxLength: 6 }), fc.nat(400), (seat, at, had) => {
				const moments = [...new Set(at)].sort((a, b) => a - b);
				const first = steps[moments[0]!]!;
				const have = Math.min(had, first.log.seatEvents(seat).length);
				const place: Place = { sent: 0, at: 0, shaped: true };
				placeFrom(place, first.log, seat, have);
				expect(place.shaped).toBe(false);
				const got: GameEvent[] = [];
				let shaped = 0;
				let reveals = 0;
				for (const moment of moments) {
					const { game: sofar, state, log } = steps[moment]!;
					const frames = catchUp(place, { game: sofar, state, log, reveal }, seat, seatStanding(state, seat));
					const c = carried(frames);
					// Each page says where in the seat's feed it starts: right after what the phone has.
					if (c.froms.length > 0) expect(c.froms[0]).toBe(have + got.length);
					// The reveal goes with the first update once the game is over, and never again.
					expect(c.reveals.length).toBe(state.phase === 'over' && reveals === 0 ? 1 : 0);
					// Nothing of the plan before; after, exactly what the system's reveal gives the seat (the whole replay fits a frame here).
					if (state.phase !== 'over') expect(revealFor(sofar, state, seat)).toBeNull();
					for (const frame of c.reveals) expect(frame).toEqual({ type: 'reveal', ...revealFor(sofar, state, seat) });
					got.push(...c.events);
					shaped += c.shaped;
					reveals += c.reveals.length;
					expect(place.sent).toBe(have + got.length);
					expect(place.at).toBe(log.length);
				}
				const last = steps[moments[moments.length - 1]!]!;
				expect(got).toEqual(last.log.seatEvents(seat).slice(have));
				expect(shaped).toBe(1);
				expect(reveals).toBe(last.state.phase === 'over' ? 1 : 0);
				if (last.state.phase === 'over') over++;
			}),
			{ numRuns: 60 }
		);
		// The property speaks of finished games too: the script plays this one to its end.
		expect(steps[steps.length - 1]!.state.phase).toBe('over');
		expect(over).toBeGreaterThan(0);
	});

	test('a connection of a seat the game does not play yet starts from nothing', () => {
		const place: Place = { sent: 5, at: 9, shaped: true };
		placeFrom(place, null, 2, 7);
		expect(place).toEqual({ sent: 0, at: 0, shaped: false });
	});
});

describe('made once', () => {
	test('a seat\'s standing is made once per move, whatever the number of its connections', () => {
		const state = replay(newGame(2)).state;
		const standings = new Standings(state);
		expect(standings.of(0)).toBe(standings.of(0));
		expect(standings.of(0)).toEqual(seatStanding(state, 0));
		expect(standings.of(1)).not.toBe(standings.of(0));
	});

	test('the reveal fits one frame: the whole replay when it fits, else less, and it is made once per finished game', () => {
		const game = newGame(2);
		const message = revealMessage({ plan: game.plan, replay: recordReplay(game) });
		expect(message).toEqual({ type: 'reveal', plan: game.plan, replay: recordReplay(game) });
		const ended = played(game, scriptedCommands(game, 300, 5)).at(-1)!;
		expect(ended.state.phase).toBe('over');
		const cache = new RevealMessage();
		const frame = cache.of(ended.game, ended.state, 0)?.frame;
		expect(frame).toEqual({ type: 'reveal', plan: game.plan, replay: recordReplay(ended.game) });
		expect(cache.of(ended.game, ended.state, 1)?.frame).toBe(frame);
		// A game whose replay is too long for a frame keeps the plan (and what of the replay fits).
		const long: Game = { ...game, log: Array.from({ length: 4000 }, () => ({ type: 'status', by: 0 }) as Command) };
		const fitted = revealMessage({ plan: long.plan, replay: recordReplay(long) });
		expect(fitted?.type).toBe('reveal');
		expect(JSON.stringify(fitted).length).toBeLessThan(MAX_HOST_FRAME);
		if (fitted?.type === 'reveal') expect(fitted.plan).toEqual(game.plan);
	});

	test('the table message says the names, who is here and whether a game is on', () => {
		expect(tableMessage(['A', 'B'], [true, false], true)).toEqual({ type: 'table', names: ['A', 'B'], here: [true, false], started: true });
	});
});

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

describe('the reveal', () => {
	test('a phone is sent the plan once the game is over, and never before', async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(2);
		await t.seatInTurn(2);
		const game = newGame(2);
		await t.startGame(game);
		const order = replay(game).state.order;
		const log: Command[] = [
			{ type: 'choose_start', by: order[0]!, cell: 0 },
			{ type: 'choose_start', by: order[1]!, cell: 3 },
			{ type: 'confirm_starts', by: 'master' }
		];
		await t.play(log);
		await until(() => t.phones.every((phone) => phone.view?.phase === 'play'), 3000, 'the game under way on every phone');
		for (const phone of t.phones) {
			expect(phone.view?.phase).toBe('play');
			expect(phone.plan).toBeNull();
		}
		// 9: the player to move runs out of time; the last one in wins (3.5), and the game is over.
		await t.play([{ type: 'time_out', by: 'master', seat: order[0]! }]);
		await until(() => t.phones.every((phone) => phone.view?.phase === 'over'), 3000, 'the game over on every phone');
		await until(() => t.phones.every((phone) => phone.plan !== null), 3000, 'the reveal');
		for (const phone of t.phones) expect(phone.plan).toEqual(game.plan);
	});
});
