import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../engine/game/types';
import { viewFor } from '../engine/game/view';
import { replay, replayEvents } from '../engine/game/game';
import { Channel } from './channel';
import { BaseLink } from './link';
import {
	MAX_HOST_FRAME,
	MAX_PLAYER_FRAME,
	PROTOCOL_VERSION,
	hostPeerId,
	ROOM_ALPHABET,
	ROOM_LENGTH,
	ROOM_PATTERN,
	formatRoomCode,
	newRoomCode,
	newSeatKey,
	pageEvents,
	parseRoomCode,
	unbiasedPick,
	readHostFrame,
	readPlayerFrame,
	type HostMessage
} from './protocol';
import { newGame, scriptedCommands } from './testing';

describe('frames on receipt', () => {
	test('a hello and a command pass; the size limit is checked before parsing', () => {
		const hello = { type: 'hello', protocol: PROTOCOL_VERSION, app: 'a', name: ' Ann ', nonce: 'n'.repeat(22), have: 0 };
		const read = readPlayerFrame(JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: hello }));
		expect(read).toEqual({ ok: true, frame: { v: PROTOCOL_VERSION, s: 0, m: { ...hello, name: 'Ann' } } });
		const big = JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: { type: 'command', id: 1, command: { type: 'move', pad: 'x'.repeat(MAX_PLAYER_FRAME) } } });
		expect(readPlayerFrame(big)).toEqual({ ok: false, reason: 'too_big' });
		expect(readPlayerFrame('{')).toEqual({ ok: false, reason: 'malformed' });
		expect(readPlayerFrame({ v: PROTOCOL_VERSION })).toEqual({ ok: false, reason: 'malformed' });
	});

	test('a phone cannot send what only the host sends', () => {
		const welcome = { type: 'welcome', seat: 0, key: 'k'.repeat(24), room: 'ABCDEF' };
		expect(readPlayerFrame(JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: welcome }))).toEqual({ ok: true, frame: { v: PROTOCOL_VERSION, s: 0 }, bad: {} });
		expect(readHostFrame(JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: welcome })).ok).toBe(true);
	});
});

describe('updates are paged under the frame limit', () => {
	test('a long game fits in pages that cover every event once, in order', () => {
		const game = newGame(3);
		const log = scriptedCommands(game, 400);
		const { state, events: all } = replayEvents({ ...game, log });
		const { events, ...view } = viewFor(state, 0, all.seatEvents(0));
		const padded: GameEvent[] = events.flatMap((e) => [e, { type: 'master_ruling', reason: 'r'.repeat(3000), audience: { to: 'all' } }]);
		const pages = pageEvents(view, 5, padded);
		expect(pages.length).toBeGreaterThan(1);
		let next = 5;
		const joined: GameEvent[] = [];
		for (const page of pages) {
			const p = page as Extract<HostMessage, { type: 'update' }>;
			expect(p.from).toBe(next);
			next += p.events.length;
			joined.push(...p.events);
			expect(JSON.stringify({ v: PROTOCOL_VERSION, s: 99999, a: 99999, m: page }).length).toBeLessThanOrEqual(MAX_HOST_FRAME);
		}
		expect(joined).toEqual(padded);
	});

	test('no events: one page carrying the view', () => {
		const game = newGame(2);
		const { events: _e, ...view } = viewFor(replay(game).state, 1, []);
		void _e;
		expect(pageEvents(view, 0, [])).toEqual([{ type: 'update', view, from: 0, events: [] }]);
	});
});

describe('codes', () => {
	test('room codes read back, in any case, with spaces, dashes and look-alike letters; keys are url-safe', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 48, maxLength: 48 }), (bytes) => {
				let at = 0;
				const code = newRoomCode((b) => {
					b.set(bytes.slice(at, at + b.length));
					at += b.length;
					return b;
				});
				expect(code).toMatch(ROOM_PATTERN);
				const shown = formatRoomCode(code);
				expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
				const typed = ` ${shown.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l')} `;
				expect(parseRoomCode(typed)).toBe(code);
				expect(newSeatKey(() => bytes.slice(0, 18))).toMatch(/^[A-Za-z0-9_-]{24}$/);
				expect(hostPeerId(code)).toMatch(/^[a-z0-9-]+$/);
			})
		);
		expect(parseRoomCode('ABC')).toBeNull();
		expect(parseRoomCode('ABCDE0')).toBeNull();
		// a table saved by protocol 1 still opens
		expect(parseRoomCode('abc def')).toBe('ABCDEF');
	});

	test('a room code carries 60 bits: 12 symbols of 32', () => {
		expect(ROOM_ALPHABET.length).toBe(32);
		expect(new Set(ROOM_ALPHABET).size).toBe(32);
		expect(ROOM_LENGTH * Math.log2(ROOM_ALPHABET.length)).toBeGreaterThanOrEqual(60);
	});

	test('property: the pick is unbiased: every byte the generator keeps maps to each symbol equally often', () => {
		fc.assert(
			fc.property(fc.integer({ min: 2, max: 200 }), (size) => {
				const alphabet = Array.from({ length: size }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
				// feed every byte value once: the kept ones must cover each symbol the same number of times
				const all = Uint8Array.from({ length: 256 }, (_, i) => i);
				const kept = 256 - (256 % size);
				const counts = new Map<string, number>();
				let fed = false;
				const picked = unbiasedPick(alphabet, kept, (b) => {
					if (fed) throw new Error('asked for more bytes than one of each');
					fed = true;
					b.set(all.slice(0, b.length));
					return b;
				});
				for (const c of picked) counts.set(c, (counts.get(c) ?? 0) + 1);
				expect(counts.size).toBe(size);
				expect(new Set(counts.values())).toEqual(new Set([kept / size]));
			}),
			{ numRuns: 60 }
		);
	});
});

describe('strict messages', () => {
	const frame = (m: unknown) => JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m });
	const move = { type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }, { a: 'if', cond: 'land', then: [{ a: 'shoot', dir: 'left' }] }], dark: true };

	test('a command with exactly the engine\'s fields passes', () => {
		const read = readPlayerFrame(frame({ type: 'command', id: 1, command: move }));
		expect(read).toEqual({ ok: true, frame: { v: PROTOCOL_VERSION, s: 0, m: { type: 'command', id: 1, command: move } } });
	});

	test.each([
		['a field on the command', { ...move, pad: 'x'.repeat(10_000) }],
		['a field on an action', { ...move, actions: [{ a: 'go', dir: 'up', note: 1 }] }],
		['a field inside a condition', { ...move, actions: [{ a: 'go', dir: 'up' }, { a: 'if', cond: 'land', then: [{ a: 'skip', x: [] }] }] }],
		['a field on the message', null],
		['the master\'s act', { type: 'confirm_starts', by: 'master' }],
		['an unknown direction', { type: 'move', by: 0, actions: [{ a: 'go', dir: 'north' }] }],
		['conditions nested too deep', { type: 'move', by: 0, actions: [{ a: 'go', dir: 'up' }, JSON.parse('{"a":"if","cond":"land","then":[{"a":"if","cond":"land","then":[{"a":"if","cond":"land","then":[{"a":"if","cond":"land","then":[{"a":"if","cond":"land","then":[]}]}]}]}]}')] }]
	])('%s is refused, the command\'s number kept for its answer', (_what, command) => {
		const message = command === null ? { type: 'command', id: 4, command: move, extra: true } : { type: 'command', id: 4, command };
		const read = readPlayerFrame(frame(message));
		expect(read).toEqual({ ok: true, frame: { v: PROTOCOL_VERSION, s: 0 }, bad: { id: 4 } });
	});

	test('property (fuzz): whatever a frame carries, what passes has no field the schema does not name', () => {
		const known = new Set(['v', 's', 'a', 'm', 'p', 'q', 'type', 'protocol', 'app', 'name', 'seat', 'nonce', 'have', 'mac', 'id', 'command', 'by', 'cell', 'actions', 'dark', 'semiDark', 'noPickup', 'noRestock', 'of', 'stop', 'a', 'dir', 'target', 'item', 'index', 'cond', 'then', 'bullet']);
		const keysOf = (x: unknown, out: Set<string>): Set<string> => {
			if (Array.isArray(x)) x.forEach((y) => keysOf(y, out));
			else if (x && typeof x === 'object')
				for (const [k, y] of Object.entries(x)) {
					out.add(k);
					keysOf(y, out);
				}
			return out;
		};
		const extra = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });
		const action = fc.record({ a: fc.constantFrom('go', 'skip', 'shoot', 'take', 'if'), dir: fc.constantFrom('up', 'down'), index: fc.nat(3), cond: fc.constant('land'), then: fc.constant([]) }, { requiredKeys: ['a'] });
		const command = fc.tuple(
			fc.record({ type: fc.constantFrom('move', 'status', 'recall', 'choose_start', 'count_nstop'), by: fc.nat(5), of: fc.nat(5), cell: fc.nat(30), actions: fc.array(fc.tuple(action, extra).map(([a, e]) => ({ ...e, ...a })), { maxLength: 3 }), stop: fc.boolean() }, { requiredKeys: ['type', 'by'] }),
			extra
		).map(([c, e]) => ({ ...e, ...c }));
		const message = fc.oneof(
			fc.tuple(fc.nat(9), command, extra).map(([id, c, e]) => ({ ...e, type: 'command', id, command: c })),
			fc.tuple(fc.string({ maxLength: 8 }), extra).map(([name, e]) => ({ ...e, type: 'hello', protocol: PROTOCOL_VERSION, app: 'a', name: name || 'x', nonce: 'n'.repeat(22), have: 0 })),
			fc.jsonValue({ maxDepth: 3 })
		);
		fc.assert(
			fc.property(message, extra, (m, e) => {
				const read = readPlayerFrame(JSON.stringify({ ...e, v: PROTOCOL_VERSION, s: 0, m }));
				if (!read.ok || read.bad) return;
				for (const key of keysOf(read.frame, new Set())) expect(known.has(key), key).toBe(true);
			}),
			{ numRuns: 500 }
		);
	});
});

/** A link whose frames the test delivers by hand, in any order, any number of times. */
class HandLink extends BaseLink {
	readonly kind = 'memory' as const;
	readonly out: string[] = [];
	constructor() {
		super('hand');
		this.setState('open');
	}
	send(data: string): void {
		this.out.push(data);
	}
	close(): void {
		this.setState('closed');
	}
	push(data: string): void {
		this.deliver(data);
	}
}

describe('channel', () => {
	test('property: any reordering and duplication of frames hands on each message once, in order', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 30 }),
				fc.array(fc.nat(), { minLength: 1, maxLength: 90 }),
				(count, picks) => {
					const link = new HandLink();
					const channel = new Channel<{ type: string; n: number }, { type: string }>(link, (raw) => {
						return { ok: true, frame: JSON.parse(raw as string) };
					});
					const got: number[] = [];
					channel.on((e) => e.type === 'message' && got.push(e.message.n));
					const frames = Array.from({ length: count }, (_, s) => JSON.stringify({ v: PROTOCOL_VERSION, s, m: { type: 'x', n: s } }));
					// Deliver a scrambled sequence with repeats, then every frame once (as resending would).
					for (const p of picks) link.push(frames[p % count]!);
					for (const f of frames) link.push(f);
					channel.close();
					expect(got).toEqual(Array.from({ length: count }, (_, i) => i));
				}
			)
		);
	});
});
