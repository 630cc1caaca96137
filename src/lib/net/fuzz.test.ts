import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { currentSeat } from '../engine/game/apply';
import { initialState } from '../engine/game/game';
import { stateKey } from '../engine/game/testing';
import type { Command } from '../engine/game/types';
import { MAX_PLAYER_FRAME, PROTOCOL_VERSION } from './protocol';
import { MemoryTable, newGame, rogue, scriptedCommands, settle, until, TEST_APP, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

const frame = (m: unknown, s = 0) => JSON.stringify({ v: PROTOCOL_VERSION, s, m });

/** Strings that are not frames of the protocol: noise, bad JSON, wrong shapes, too big. */
function malformed(count: number, seed: number): string[] {
	const message = fc.oneof(
		fc.string({ maxLength: 200 }),
		fc.json().map((j) => j),
		fc.anything().map((a) => {
			try {
				return JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: { junk: a } }) ?? 'x';
			} catch {
				return 'x';
			}
		}),
		fc.record({ type: fc.constantFrom('hello', 'command', 'welcome', 'x'), extra: fc.anything() }).map((m) => frame(m)),
		fc.constantFrom(
			frame({ type: 'hello', protocol: 1, app: TEST_APP, name: '', have: 0 }),
			frame({ type: 'hello', protocol: 1, app: TEST_APP, name: 'x'.repeat(41), have: 0 }),
			frame({ type: 'hello', protocol: 1, app: TEST_APP, name: 'N', have: -1 }),
			frame({ type: 'hello', protocol: 1, app: TEST_APP, name: 'N', key: 'short', have: 0 }),
			frame({ type: 'command', id: -1, command: { type: 'move' } }),
			frame({ type: 'command', id: 1.5, command: { type: 'move' } }),
			frame({ type: 'command', id: 1, command: 'move' }),
			frame({ type: 'command', id: 1, command: { type: 'move' }, extra: 1 }),
			JSON.stringify({ v: 2, s: 0, m: { type: 'command', id: 1, command: { type: 'move' } } }),
			JSON.stringify({ v: PROTOCOL_VERSION, s: 'zero', m: {} }),
			JSON.stringify({ v: PROTOCOL_VERSION, s: 0, p: 'now' }),
			JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: { type: 'hello' }, junk: 1 }),
			'x'.repeat(MAX_PLAYER_FRAME + 1),
			frame({ type: 'command', id: 1, command: { type: 'move', pad: 'y'.repeat(MAX_PLAYER_FRAME) } }),
			'{"v":1,"s":0,"m":{"type":"command","id":1,"command":{"type":"move"',
			'null',
			'[]',
			''
		)
	);
	return fc.sample(message, { numRuns: count, seed }).filter((x) => x !== JSON.stringify({ v: PROTOCOL_VERSION }));
}

/** Commands this rogue seat may not make: others' seats, the master's acts, out of turn, nonsense. */
function forgedCommands(count: number, seed: number, own: number, others: number[]): Command[] {
	const seat = fc.constantFrom(...others);
	const dir = fc.constantFrom('up', 'down', 'left', 'right');
	const command = fc.oneof(
		seat.chain((by) => fc.integer({ min: 0, max: 19 }).map((cell) => ({ type: 'choose_start', by, cell }))),
		seat.chain((by) => dir.map((d) => ({ type: 'move', by, actions: [{ a: 'go', dir: d }] }))),
		fc.constant({ type: 'confirm_starts', by: 'master' }),
		fc.constant({ type: 'undo', by: 'master', reason: 'forged' }),
		fc.constant({ type: 'correct', by: 'master', reason: 'x', change: { kind: 'ammo', seat: own, bullets: 99, grenades: 99 } }),
		dir.map((d) => ({ type: 'move', by: own, actions: [{ a: 'go', dir: d }] })),
		fc.constant({ type: 'move', by: own, actions: [{ a: 'skip' }] }),
		fc.integer({ min: 0, max: 19 }).map((cell) => ({ type: 'choose_start', by: own, cell })),
		fc.record({ type: fc.string({ maxLength: 12 }), by: fc.constant(own), junk: fc.anything() }),
		fc.constant({ type: 'move', by: own, actions: 'go' }),
		fc.constant({ type: 'order_cell', by: own, cell: 3 })
	);
	return fc.sample(command, { numRuns: count, seed }) as Command[];
}

test('hostile input: thousands of malformed, oversized and forged messages are each refused; the host stays up and the game is unchanged', async () => {
	// patient heartbeats: two hundred handshakes keep a busy machine busy, and no link is meant to be lost here;
	// each message is to be answered, so the flood control is set aside (attack-robust.test.ts tests it)
	const t = new MemoryTable({ pingMs: 100, lostMs: 20_000, resendMs: 300, rate: { burst: 1e6, perSecond: 1e6 } });
	table = t;
	await t.openHost(3);
	for (let i = 0; i < 2; i++) {
		const phone = await t.openPhone(`P${i + 1}`);
		await until(() => phone.status === 'joined');
	}
	// A seed whose turn order does not begin with the rogue's seat (2), so all it tries is out of turn.
	let seed = 1;
	while (newGameOrder(seed)[0] === 2 || newGameOrder(seed)[1] === 2) seed++;
	const game = newGame(3, seed);
	const log = scriptedCommands(game, 3).slice(0, 1);
	expect(log[0]).toMatchObject({ type: 'choose_start' });

	const intruder = rogue(t);
	await intruder.join('Rogue');
	await until(() => intruder.answers.some((a) => a.type === 'welcome'));
	await t.startGame(game);
	await t.play(log);
	await t.host.settled();
	const before = stateKey(t.host.state!);
	const logBefore = t.host.record!.game.log.length;
	expect(currentSeat(t.host.state!)).not.toBe(2);
	const refusedBefore = t.host.refusedCount;

	// Not joined: a stranger's commands are refused, and its link closed once it keeps at it.
	const stranger = rogue(t);
	for (let i = 1; i <= 200; i++) stranger.message({ type: 'command', id: i, command: { type: 'move', by: 0, actions: [{ a: 'skip' }] } });
	// Forged seat keys: the host proves itself, the forged MAC is refused.
	const keys = fc.sample(fc.stringMatching(/^[A-Za-z0-9_-]{24}$/), { numRuns: 200, seed: 5 });
	// A few at a time: the host keeps only so many links in their handshake at once (MAX_HANDSHAKES).
	const forgers: { f: ReturnType<typeof rogue>; key: string; seat: number }[] = [];
	for (let i = 0; i < keys.length; i += 8) {
		const batch = keys.slice(i, i + 8).map((key, j) => ({ f: rogue(t), key, seat: (i + j) % 3 }));
		forgers.push(...batch);
		await Promise.all(batch.map(({ f, key, seat }) => f.join('F', { seat, key })));
		await until(() => batch.every(({ f }) => f.answers.some((a) => a.type === 'refused')), 5000, 'the batch refused');
	}
	// Malformed and oversized frames, each from a link of its own kind of trouble.
	const junk = malformed(2500, 9);
	const junkLink = rogue(t);
	for (const data of junk) junkLink.raw(data);
	// Forged commands from a seated phone: other seats, the master, out of turn, nonsense.
	const forged = forgedCommands(1200, 3, 2, [0, 1]);
	const sender = rogue(t);
	const ownKey = [...t.hostStore.tables.values()][0]!.seats[2]!.key;
	await sender.join('Rogue', { seat: 2, key: ownKey });
	await until(() => sender.answers.some((a) => a.type === 'welcome'));
	forged.forEach((command, i) => sender.message({ type: 'command', id: i + 1, command }));

	await until(() => sender.answers.filter((a) => a.type === 'result').length === forged.length, 20_000, 'every forged command answered');
	await until(() => forgers.every(({ f }) => f.answers.some((a) => a.type === 'refused' && a.reason === 'unknown_key')), 20_000, 'every forger refused');
	await t.host.settled();
	await settle(50);
	expect(t.hostErrors).toEqual([]);
	expect(t.host.refusedCount - refusedBefore).toBeGreaterThanOrEqual(12 + keys.length + forged.length);
	expect(stateKey(t.host.state!)).toBe(before);
	expect(t.host.record!.game.log.length).toBe(logBefore);
	const results = sender.answers.filter((a) => a.type === 'result');
	expect(results.every((r) => r.ok === false && typeof r.reason === 'string')).toBe(true);
	// The welcome that re-seated the rogue did not carry its key again.
	expect(sender.answers.filter((a) => a.type === 'welcome').every((w) => w.key === undefined)).toBe(true);
	expect(t.host.names).toEqual(['P1', 'P2', 'Rogue']);
	// Refusals are answered, but boundedly: a burst, not one per junk frame; the stranger is cut off.
	const junkRefusals = junkLink.answers.filter((a) => a.type === 'refused');
	expect(junkRefusals.length).toBeGreaterThan(0);
	expect(junkRefusals.length).toBeLessThan(20);
	expect(junkRefusals.every((a) => a.reason === 'malformed' || a.reason === 'too_big' || a.reason === 'rate_limited' || a.reason === 'not_joined')).toBe(true);
	expect(stranger.link.state).toBe('closed');
	expect(stranger.answers.filter((a) => a.type === 'refused').length).toBeLessThanOrEqual(6);

	// Still up: the real players go on.
	const next = scriptedCommands(game, 2)[1]!;
	const by = (next as { by: number }).by;
	const result = await t.phones[by]!.send(next);
	expect(result.ok).toBe(true);
});

test('a phone asking the same question again and again grows the log by at most a few answers, each asked answered', async () => {
	const t = new MemoryTable();
	table = t;
	await t.openHost(2);
	for (let i = 0; i < 2; i++) {
		const phone = await t.openPhone(`P${i + 1}`);
		await until(() => phone.status === 'joined');
	}
	const game = newGame(2, 1);
	await t.startGame(game);
	const order = t.host.state!.order;
	await t.play([
		{ type: 'choose_start', by: order[0]!, cell: 0 },
		{ type: 'choose_start', by: order[1]!, cell: 3 },
		{ type: 'confirm_starts', by: 'master' }
	]);
	const before = t.host.record!.game.log.length;
	const answers = [];
	for (let i = 0; i < 40; i++) answers.push(await t.phones[0]!.send({ type: 'status', by: 0 }));
	expect(answers.slice(0, 3).every((a) => a.ok)).toBe(true);
	expect(answers.slice(3)).toEqual(Array(37).fill({ ok: false, reason: 'asked_too_often' }));
	expect(t.host.record!.game.log.length).toBe(before + 3);
	expect(t.hostErrors).toEqual([]);
});

function newGameOrder(seed: number): readonly number[] {
	return initialState(newGame(3, seed)).order;
}
