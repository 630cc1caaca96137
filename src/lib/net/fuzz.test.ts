import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { currentSeat } from '../engine/game/apply';
import { initialState } from '../engine/game/game';
import { stateKey } from '../engine/game/testing';
import type { Command } from '../engine/game/types';
import { memoryPair } from './memory';
import { MAX_PLAYER_FRAME, PROTOCOL_VERSION } from './protocol';
import { MemoryTable, newGame, scriptedCommands, settle, until, TEST_APP } from './testing';

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

/** A rogue device: raw strings straight into the host, answers collected. */
function rogue(t: MemoryTable) {
	const [hostEnd, own] = memoryPair('host', 'rogue');
	t.host.attach(hostEnd);
	const answers: { type: string; ok?: boolean; reason?: string }[] = [];
	const seen = new Set<number>();
	own.receive((raw) => {
		// The rogue never acknowledges, so the host sends its answers again: count each once.
		const frame = JSON.parse(raw) as { s?: number; m?: { type: string; ok?: boolean; reason?: string } };
		if (frame.m && frame.s !== undefined && !seen.has(frame.s)) {
			seen.add(frame.s);
			answers.push(frame.m);
		}
	});
	let s = 0;
	return {
		answers,
		raw: (data: string) => own.send(data),
		message: (m: unknown) => own.send(JSON.stringify({ v: PROTOCOL_VERSION, s: s++, m }))
	};
}

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
	const t = new MemoryTable();
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
	intruder.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'Rogue', have: 0 });
	await until(() => intruder.answers.some((a) => a.type === 'welcome'));
	await t.startGame(game);
	await t.play(log);
	await t.host.settled();
	const before = stateKey(t.host.state!);
	const logBefore = t.host.record!.game.log.length;
	expect(currentSeat(t.host.state!)).not.toBe(2);

	// Not joined: every command from a stranger is refused.
	const stranger = rogue(t);
	for (let i = 1; i <= 200; i++) stranger.message({ type: 'command', id: i, command: { type: 'move', by: 0, actions: [{ a: 'skip' }] } });
	// Forged seat keys.
	const keys = fc.sample(fc.stringMatching(/^[A-Za-z0-9_-]{24}$/), { numRuns: 200, seed: 5 });
	const forgers = keys.map((key) => {
		const f = rogue(t);
		f.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'F', key, have: 0 });
		return f;
	});
	// Malformed and oversized frames.
	const junk = malformed(2500, 9);
	for (const data of junk) intruder.raw(data);
	// Forged commands from a seated phone: other seats, the master, out of turn, nonsense.
	const forged = forgedCommands(1200, 3, 2, [0, 1]);
	const sender = rogue(t);
	const ownKey = [...t.hostStore.tables.values()][0]!.seats[2]!.key;
	sender.message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name: 'Rogue', key: ownKey, have: 0 });
	forged.forEach((command, i) => sender.message({ type: 'command', id: i + 1, command }));

	const expected = 200 + keys.length + junk.length + forged.length;
	await until(() => t.host.refusedCount >= expected, 20_000, 'every refusal');
	await t.host.settled();
	await settle(50);
	expect(t.host.refusedCount).toBe(expected);
	expect(stateKey(t.host.state!)).toBe(before);
	expect(t.host.record!.game.log.length).toBe(logBefore);
	expect(forgers.every((f) => f.answers.some((a) => a.type === 'refused' && a.reason === 'unknown_key'))).toBe(true);
	const results = sender.answers.filter((a) => a.type === 'result');
	expect(results).toHaveLength(forged.length);
	expect(results.every((r) => r.ok === false && typeof r.reason === 'string')).toBe(true);
	expect(t.host.names).toEqual(['P1', 'P2', 'Rogue']);

	// Still up: the real players go on.
	const next = scriptedCommands(game, 2)[1]!;
	const by = (next as { by: number }).by;
	const result = await t.phones[by]!.send(next);
	expect(result.ok).toBe(true);
});

function newGameOrder(seed: number): readonly number[] {
	return initialState(newGame(3, seed)).order;
}
