import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createDuel, duelCommand, type DuelMatch } from '../engine/rules/duel/match';
import { generateDuel } from '../engine/rules/duel/generate';
import { DIRECTIONS } from '../engine/plan/types';
import { createRng } from '../engine/random';
import type { Action, Command } from '../engine/game/types';
import { MemoryDuelStore } from '../net/duel-record';
import { nextAction } from '../net/duel.testing';
import { botLevelsFor } from '../bots/seats';
import type { DuelRecord } from '../store/records';
import { viewFor } from '../engine/game/view';
import { DUEL_WALKER, walkerFeed } from '../bots/duel';
import { duelStatus, theirHalf } from './duel-status';
import { COMPUTER, ComputerDuel, devicesOf, newComputerDuelRecord, PERSON, THINK_MS } from './computer-duel';

const plan = generateDuel(11, 'mine');
const computerPlan = generateDuel(12, 'its');

function record(seed: string, level = botLevelsFor('duel')[0]!): DuelRecord {
	return newComputerDuelRecord({ id: 'ROOM', name: 'Ann', computerName: 'Computer', plan, computerPlan, level, settings: {}, seed, now: 0 });
}

/** The computer's actions on the fake clock, until it waits for the person (or the game is over). */
async function computerTurns(duel: ComputerDuel): Promise<void> {
	for (let i = 0; i < 50 && duel.thinking; i++) await vi.advanceTimersByTimeAsync(THINK_MS);
}

/** The person's part, drawn from `rng`: a start at random, then steps (now and then a grenade). */
async function personActs(duel: ComputerDuel, rng: ReturnType<typeof createRng>): Promise<void> {
	if (!duel.record.myStart) {
		expect(await duel.chooseStart(rng.int(100))).toEqual({ ok: true });
		return;
	}
	const dir = rng.pick(DIRECTIONS)!;
	const actions: Action[] = rng.int(12) === 0 ? [{ a: 'grenade', dir }] : [{ a: 'go', dir }];
	const r = await duel.move(actions);
	// A grenade after a step in the same turn (3.3) or with none left is refused: a step instead.
	if (!r.ok) expect(await duel.move([{ a: 'go', dir }])).toEqual({ ok: true });
}

/** A game of `steps` of the person's actions, each followed by the computer's turns; the duel left open. */
async function play(duel: ComputerDuel, rng: ReturnType<typeof createRng>, steps: number): Promise<void> {
	await computerTurns(duel);
	for (let i = 0; i < steps && duel.winner === null; i++) {
		await personActs(duel, rng);
		await computerTurns(duel);
	}
}

/** The same match refereed in one place (the referee CLI's model): both starts, then every exchange. */
function asMatch(r: DuelRecord): DuelMatch {
	const made = createDuel({ plans: [r.plan, r.computer!.plan], seed: r.seed!, settings: r.settings });
	if (!made.ok) throw new Error('no match');
	let m = made.value;
	m = duelCommand(m, COMPUTER, { type: 'choose_start', by: 0, cell: r.theirStart!.cell }).match;
	m = duelCommand(m, PERSON, { type: 'choose_start', by: 0, cell: r.myStart!.cell }).match;
	for (const x of r.exchanges) {
		const step = duelCommand(m, x.by, { type: 'move', by: 0, actions: x.actions } as Command);
		expect(step.events.filter((e) => e.audience.to !== 'master')).toEqual(x.reply);
		m = step.match;
	}
	return m;
}

describe('a duel against the computer on one phone (seeds 001/004)', () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	test('the wanderer plays a duel half from its seat view: it chooses a start, then moves only in its turns', async () => {
		const store = new MemoryDuelStore();
		const duel = await ComputerDuel.create({ store, record: record('w1') });
		// The view is the walker's: the person's labyrinth stays hidden (no plan in the view).
		expect(JSON.stringify(duel.computerView)).not.toMatch(/"(cells|walls|items|pitLoops)"/);
		expect(duel.record.theirStart).toBeNull();
		await vi.advanceTimersByTimeAsync(THINK_MS);
		expect(duel.record.theirStart).not.toBeNull();
		await play(duel, createRng('p1'), 30);
		const x = duel.record.exchanges;
		expect(x.filter((e) => e.by === COMPUTER).length).toBeGreaterThan(5);
		expect(x.filter((e) => e.by === PERSON).length).toBeGreaterThan(5);
		duel.close();
	});

	// 3, 3a–3c: the turns alternate by the duel's rules; both devices agree, and so does the
	// whole-duel model refereeing the same record (the same announcements, the same turns).
	test('the record is the duel DuelMatch referees: the same answers and turns, both halves agreeing', async () => {
		await fc.assert(
			fc.asyncProperty(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: 5, max: 60 }), async (seed, steps) => {
				const store = new MemoryDuelStore();
				const duel = await ComputerDuel.create({ store, record: record(seed) });
				await play(duel, createRng(`p:${seed}`), steps);
				duel.close();
				expect(duel.computer.turns).toEqual(duel.person.turns);
				expect(asMatch(duel.record).turns).toEqual(duel.person.turns);
				// Every change was kept: the store holds what the screen shows.
				expect(await store.load('ROOM')).toEqual(duel.record);
			}),
			{ numRuns: 12 }
		);
	}, 120_000);

	test('the computer moves only after thinking on the clock, one action at a time, and only in its turn', async () => {
		const store = new MemoryDuelStore();
		const duel = await ComputerDuel.create({ store, record: record('t1') });
		const rng = createRng('t1');
		await play(duel, rng, 1);
		expect(duel.record.myStart).not.toBeNull();
		for (let i = 0; i < 20; i++) {
			const status = duelStatus(duel.record, duel.person);
			if (status.myTurn) {
				// The person's turn: the computer says nothing however long he thinks.
				const before = duel.record.exchanges.length;
				await vi.advanceTimersByTimeAsync(THINK_MS * 10);
				expect(duel.record.exchanges.length).toBe(before);
				await personActs(duel, rng);
			} else {
				const before = duel.record.exchanges.length;
				await vi.advanceTimersByTimeAsync(THINK_MS - 1);
				expect(duel.record.exchanges.length).toBe(before);
				await vi.advanceTimersByTimeAsync(1);
				expect(duel.record.exchanges.length).toBe(before + 1);
				expect(duel.record.exchanges.at(-1)!.by).toBe(COMPUTER);
			}
		}
		duel.close();
	});

	test('a move out of turn, or a start chosen twice, is refused and changes nothing', async () => {
		const store = new MemoryDuelStore();
		const duel = await ComputerDuel.create({ store, record: record('o1') });
		const rng = createRng('o1');
		await play(duel, rng, 1);
		expect(await duel.chooseStart(5)).toEqual({ ok: false, reason: 'already_chosen' });
		// Find the computer's turn (its think delay still running) and move in it.
		for (let i = 0; i < 40 && !duel.thinking; i++) await personActs(duel, rng);
		expect(duel.thinking).toBe(true);
		const kept = structuredClone(duel.record);
		expect(await duel.move([{ a: 'go', dir: 'up' }])).toEqual({ ok: false, reason: 'not_your_turn' });
		expect(duel.record).toEqual(kept);
		expect(await store.load('ROOM')).toEqual(kept);
		duel.close();
	});

	test('a move the device cannot store is not made', async () => {
		const store = new MemoryDuelStore();
		const duel = await ComputerDuel.create({ store, record: record('s1') });
		const rng = createRng('s1');
		await play(duel, rng, 1);
		while (!duelStatus(duel.record, duel.person).myTurn) await personActs(duel, rng).then(() => computerTurns(duel));
		const kept = structuredClone(duel.record);
		const save = vi.spyOn(store, 'save').mockRejectedValueOnce(new Error('disk full'));
		await expect(duel.move([{ a: 'go', dir: 'left' }])).rejects.toThrow('disk full');
		expect(duel.record).toEqual(kept);
		save.mockRestore();
		expect(await duel.move([{ a: 'go', dir: 'left' }])).toEqual({ ok: true });
		duel.close();
	});

	// 3.7: the true treasure carried out wins; at the end the computer's labyrinth is the phone's to show.
	test("the person who carries the true treasure out wins, and only then is the computer's plan in the record for the reveal", async () => {
		const store = new MemoryDuelStore();
		const duel = await ComputerDuel.create({ store, record: record('end') });
		await computerTurns(duel);
		expect(await duel.chooseStart(0)).toEqual({ ok: true });
		for (let i = 0; i < 2000 && duel.winner === null; i++) {
			await computerTurns(duel);
			if (duel.winner !== null) break;
			expect(duel.record.theirPlan).toBeNull();
			// The test knows the computer's labyrinth (the phone's screen never shows it): the walker heads for the true treasure.
			expect(await duel.move([nextAction(duel.computer.half)])).toEqual({ ok: true });
		}
		expect(duel.winner).toBe(PERSON);
		expect(duelStatus(duel.record, duel.person).phase).toBe('over');
		expect(duel.record.theirPlan).toEqual(computerPlan);
		expect((await store.load('ROOM'))!.theirPlan).toEqual(computerPlan);
		// The reveal rebuilds her walk through its labyrinth from the record alone.
		expect(theirHalf(duel.record)!.log).toEqual(duel.computer.game.log);
		// Nothing moves after the end.
		await vi.advanceTimersByTimeAsync(THINK_MS * 5);
		expect(duel.thinking).toBe(false);
		duel.close();
	});

	// The computer follows the person's half action by action (DuelWalker): it must decide exactly
	// as a computer that replays the whole record before each of its actions (the way the duel
	// played before, and a reload now), in every seeded duel, at either level.
	test('followed action by action, the computer decides as one replaying the record before each action: every action and the record the same', async () => {
		let actions = 0;
		await fc.assert(
			fc.asyncProperty(fc.string({ minLength: 1, maxLength: 6 }), fc.constantFrom(...botLevelsFor('duel')), fc.integer({ min: 5, max: 60 }), async (seed, level, steps) => {
				const followed = await ComputerDuel.create({ store: new MemoryDuelStore(), record: record(seed, level) });
				// At every computer action the view it decides from is the one the record rebuilds.
				const watch = async (duel: ComputerDuel) => {
					for (let i = 0; i < 50 && duel.thinking; i++) {
						await vi.advanceTimersByTimeAsync(THINK_MS);
						expect(duel.computerView).toEqual(viewFor(duel.person.half, DUEL_WALKER, walkerFeed(duel.person.game)));
					}
				};
				await watch(followed);
				const rng = createRng(`p:${seed}`);
				for (let i = 0; i < steps && followed.winner === null; i++) {
					await personActs(followed, rng);
					await watch(followed);
				}
				followed.close();

				// The same person's actions; before each computer action the duel is opened again from the store (a replay).
				const store = new MemoryDuelStore();
				let replayed = await ComputerDuel.create({ store, record: record(seed, level) });
				let replayedActions = 0;
				const reopenedTurns = async () => {
					for (let i = 0; i < 50 && replayed.thinking; i++) {
						replayed.close();
						replayed = ComputerDuel.open({ store, record: (await store.load('ROOM'))! });
						await vi.advanceTimersByTimeAsync(THINK_MS);
						replayedActions++;
					}
				};
				await reopenedTurns();
				const rng2 = createRng(`p:${seed}`);
				for (let i = 0; i < steps && replayed.winner === null; i++) {
					await personActs(replayed, rng2);
					await reopenedTurns();
				}
				replayed.close();
				actions += replayedActions;
				expect(replayed.record.theirStart).toEqual(followed.record.theirStart);
				expect(replayed.record.exchanges).toEqual(followed.record.exchanges);
				expect({ ...replayed.record, updatedAt: 0 }).toEqual({ ...followed.record, updatedAt: 0 });
			}),
			{ numRuns: 16 }
		);
		expect(actions).toBeGreaterThan(200);
	}, 300_000);

	// A reload in the middle: the duel opened again from the stored record (the bot replaying it)
	// goes on exactly as the one never closed.
	test('reopened from the store at any point, the duel goes on exactly as if never closed', async () => {
		await fc.assert(
			fc.asyncProperty(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 25 }), async (seed, cut) => {
				const whole = await ComputerDuel.create({ store: new MemoryDuelStore(), record: record(seed) });
				await play(whole, createRng(`p:${seed}`), 40);
				whole.close();

				const store = new MemoryDuelStore();
				const first = await ComputerDuel.create({ store, record: record(seed) });
				const rng = createRng(`p:${seed}`);
				await play(first, rng, cut);
				first.close();
				const again = ComputerDuel.open({ store, record: (await store.load('ROOM'))! });
				expect(devicesOf(again.record)).toEqual({ person: again.person, computer: again.computer });
				await play(again, rng, 40 - cut);
				again.close();
				expect(again.record.exchanges).toEqual(whole.record.exchanges);
				expect(again.record.theirStart).toEqual(whole.record.theirStart);
			}),
			{ numRuns: 10 }
		);
	}, 120_000);
});
