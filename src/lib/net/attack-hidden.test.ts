/**
 * The table by an attacker: what a phone reads. A hostile phone reads every frame the host sends
 * it; over random games (phones, a computer seat played through the master's path, the master's
 * undo, corrections and rulings, phones that drop and rejoin, the end and the reveal) every frame
 * a seat's phone is sent is checked against what that seat may know: its own view and its own
 * events only, no plan or board or random state before the end, no other seat's key, no secret.
 */
import { afterEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { replayEvents } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import type { Command, GameEvent } from '../engine/game/types';
import { seatStanding, shapeOf, visibleTo } from '../engine/game/view';
import { createRng } from '../engine/random';
import { PlayerSession } from './player';
import { hostPeerId } from './protocol';
import { MemoryPhoneStore } from './session-records';
import { MemoryTable, TEST_APP, newGame, settle, until, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

/** Field names that only the tablet holds: none may appear in a frame to a phone before the reveal. */
const TABLET_ONLY = new Set(['plan', 'cells', 'board', 'players', 'rng', 'seed', 'log', 'secret', 'past', 'checkpoint']);
/** The fields of a view as a seat may have it (seatStanding, the contour, the settings). */
const VIEW_FIELDS = new Set(['seat', 'rules', 'width', 'height', 'phase', 'order', 'current', 'me', 'others', 'result', 'system', 'shape', 'settings']);

function keysDeep(value: unknown, out: Set<string>): Set<string> {
	if (Array.isArray(value)) for (const item of value) keysDeep(item, out);
	else if (value !== null && typeof value === 'object')
		for (const [key, inner] of Object.entries(value)) {
			out.add(key);
			keysDeep(inner, out);
		}
	return out;
}

interface Received {
	raw: string;
	m: { type: string; [field: string]: unknown };
	/** The host's phase when the phone read it. */
	phase: string | null;
}

/** A phone of `t` whose every incoming frame is kept (by the phone's own index, across its rejoins). */
async function recordedPhone(t: MemoryTable, index: number, frames: Received[][]): Promise<PlayerSession> {
	const store = (t.phoneStores[index] ??= new MemoryPhoneStore());
	const seen = (frames[index] ??= []);
	const phone = await PlayerSession.open({
		room: t.room,
		app: TEST_APP,
		name: `P${index + 1}`,
		pin: t.host.pin,
		store,
		connect: async () => {
			const link = await t.network.open(hostPeerId(t.room));
			link.receive((raw) => {
				const m = (JSON.parse(raw) as { m?: Received['m'] }).m;
				if (m) seen.push({ raw, m, phase: t.host.state?.phase ?? null });
			});
			return link;
		},
		retryMs: [20, 50],
		resendMs: 30,
		channel: t.channel
	});
	t.phones[index] = phone;
	phone.start();
	return phone;
}

describe('property: every frame to a phone carries only what its seat may know', () => {
	test('over random games with the master, a computer seat, rejoins, the end and the reveal', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 1_000_000 }),
				fc.integer({ min: 2, max: 3 }),
				fc.boolean(),
				fc.integer({ min: 20, max: 160 }),
				fc.array(fc.tuple(fc.integer({ min: 0, max: 159 }), fc.integer({ min: 0, max: 2 })), { maxLength: 3 }),
				fc.boolean(),
				async (seed, seats, withComputer, count, rejoins, toTheEnd) => {
					table?.close();
					const t = new MemoryTable();
					table = t;
					await t.openHost(seats);
					const phones = withComputer ? seats - 1 : seats;
					const frames: Received[][] = [];
					for (let i = 0; i < phones; i++) await recordedPhone(t, i, frames);
					await until(() => t.phones.every((p) => p.status === 'joined'), 3000, 'phones joined');
					const game = newGame(seats, seed);
					t.hostStore.games.set('g1', game);
					await t.host.start('g1', game, withComputer ? [{ name: 'Computer', level: 'explorer' }] : []);
					const rng = createRng(`attack:${seed}`);
					let revealedAt: number | null = null;
					// `count` commands with the master's acts among them; then, half the time, on to the end without them.
					for (let step = 0; step < (toTheEnd ? count + 1500 : count); step++) {
						for (const [at, seat] of rejoins)
							if (at === step && seat < phones) {
								t.phones[seat]!.close();
								await settle(5);
								const again = await recordedPhone(t, seat, frames);
								await until(() => again.status === 'joined', 3000, 'rejoined');
							}
						const state = t.host.state!;
						if (state.phase === 'over') {
							// Once the plan is out, nothing the master does reopens the game.
							await until(() => frames.every((f) => f.some((r) => r.m.type === 'reveal')), 3000, 'the reveal');
							revealedAt ??= t.host.record!.game.log.length;
							const undo = await t.host.master({ type: 'undo', by: 'master', reason: 'after the end' });
							expect(undo).toEqual({ ok: false, reason: 'game_over' });
							break;
						}
						const command = randomLegalCommand(state, rng, { master: step < count });
						if (!command) break;
						const by = command.by;
						// A phone's seat acts from its phone; the computer's and the master's go the master's way.
						const result = typeof by === 'number' && by < phones ? await t.phones[by]!.send(command) : await t.host.master(command);
						if (!result.ok && command.type !== 'undo') throw new Error(`refused ${JSON.stringify(command)}: ${JSON.stringify(result)}`);
					}
					await t.host.settled();
					const log = t.host.record!.game.log;
					const events = replayEvents({ ...game, log }).events;
					const final = t.host.state!;
					await until(() => t.phones.every((p, seat) => p.events.length === events.seatEvents(seat).length), 3000, 'feeds caught up');
					const keys = [...t.hostStore.tables.values()][0]!.seats.map((s) => s.key);
					const secret = [...t.hostStore.tables.values()][0]!.secret!;
					for (let seat = 0; seat < phones; seat++) {
						const feed = events.seatEvents(seat);
						let welcomes = 0;
						for (const { raw, m, phase } of frames[seat]!) {
							// No other seat's key, no computer's key, never the table's secret.
							keys.forEach((key, other) => other !== seat && expect(raw).not.toContain(key));
							expect(raw).not.toContain(secret);
							switch (m.type) {
								case 'proof':
								case 'waiting':
									break;
								case 'welcome':
									expect(m.seat).toBe(seat);
									// The seat's key once, when it is issued; never again.
									if (welcomes++ === 0) expect(m.key).toBe(keys[seat]);
									else expect(m.key).toBeUndefined();
									break;
								case 'table':
									expect(Object.keys(m).sort()).toEqual(['here', 'names', 'started', 'type']);
									break;
								case 'result':
									expect(Object.keys(m).every((k) => ['type', 'id', 'ok', 'reason', 'detail'].includes(k))).toBe(true);
									break;
								case 'update': {
									const view = m.view as { seat: number };
									expect(view.seat).toBe(seat);
									for (const field of Object.keys(view)) expect(VIEW_FIELDS).toContain(field);
									for (const key of keysDeep({ ...view, shape: undefined, settings: undefined }, new Set())) expect(TABLET_ONLY).not.toContain(key);
									const page = m.events as GameEvent[];
									for (const e of page) expect(visibleTo(e, seat)).toBe(true);
									expect(page).toEqual(feed.slice(m.from as number, (m.from as number) + page.length));
									break;
								}
								case 'reveal':
									// The plan only once the game is over (and it stays over).
									expect(phase).toBe('over');
									expect(final.phase).toBe('over');
									break;
								default:
									throw new Error(`a frame no phone should be sent: ${m.type}`);
							}
						}
						// What the phone holds in the end is its seat's view, exactly.
						const phone = t.phones[seat]!;
						expect(phone.events).toEqual(feed);
						const { system, ...standing } = seatStanding(final, seat);
						expect(phone.view).toEqual({ ...standing, ...(system ? { system } : {}), shape: shapeOf(final), settings: final.settings });
						if (final.phase !== 'over') expect(phone.plan).toBeNull();
					}
					if (revealedAt !== null) expect(log.length).toBe(revealedAt);
					t.close();
					table = null;
				}
			),
			{ numRuns: 14, seed: 6 }
		);
	}, 180_000);
});

describe('the end is final once the plan is out', () => {
	/** A game played to its end through the table (phones and the master's starts). */
	async function playToTheEnd(t: MemoryTable, seed: number): Promise<Command[]> {
		const rng = createRng(`end:${seed}`);
		const played: Command[] = [];
		for (let step = 0; step < 2000 && t.host.state!.phase !== 'over'; step++) {
			const command = randomLegalCommand(t.host.state!, rng)!;
			const by = command.by;
			const result = typeof by === 'number' ? await t.phones[by]!.send(command) : await t.host.master(command);
			expect(result.ok).toBe(true);
			played.push(command);
		}
		return played;
	}

	test("the master's undo queued behind the winning move (his form was open) is refused: the phones hold the plan and the game stays over", async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(2);
		await t.joinPhones(2);
		const seed = 1;
		const game = newGame(2, seed);
		await t.startGame(game);
		await playToTheEnd(t, seed);
		// Played again to just before the end: the last move is sent, and the master's undo right behind it.
		const log = t.host.record!.game.log.slice();
		t.close();
		const u = new MemoryTable();
		table = u;
		await u.openHost(2);
		await u.joinPhones(2);
		await u.startGame(newGame(2, seed));
		await u.play(log.slice(0, -1));
		expect(u.host.state!.phase).not.toBe('over');
		const last = log.at(-1)!;
		const winning = typeof last.by === 'number' ? u.phones[last.by]!.send(last) : u.host.master(last);
		await until(() => u.host.state!.phase === 'over', 3000, 'the end');
		const undo = u.host.master({ type: 'undo', by: 'master', reason: 'a wrong answer' });
		expect((await winning).ok).toBe(true);
		await until(() => u.phones.every((p) => p.plan !== null), 3000, 'the reveal');
		expect(await undo).toEqual({ ok: false, reason: 'game_over' });
		expect(u.host.state!.phase).toBe('over');
		expect(u.host.record!.game.log).toEqual(log);
	});

	test('after the end no undo or correction reopens the game (the tablet shows the plan to the table too); a ruling is only words', async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(2);
		await t.joinPhones(2);
		const game = newGame(2, 3);
		await t.startGame(game);
		await playToTheEnd(t, 3);
		await until(() => t.phones.every((p) => p.plan !== null), 3000, 'the reveal');
		const before = t.host.record!.game.log.length;
		const refused: Command[] = [
			{ type: 'undo', by: 'master', reason: 'x' },
			{ type: 'correct', by: 'master', reason: 'x', change: { kind: 'ammo', seat: 0, bullets: 3, grenades: 3 } }
		];
		for (const command of refused) expect((await t.host.master(command)).ok).toBe(false);
		expect(t.host.state!.phase).toBe('over');
		expect(t.host.record!.game.log.length).toBe(before);
		expect((await t.host.master({ type: 'ruling', by: 'master', reason: 'well played' })).ok).toBe(true);
		expect(t.host.state!.phase).toBe('over');
	});
});
