import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../engine/game/types';
import { viewFor } from '../engine/game/view';
import { replay } from '../engine/game/game';
import { Channel } from './channel';
import { BaseLink } from './link';
import {
	MAX_HOST_FRAME,
	MAX_PLAYER_FRAME,
	PROTOCOL_VERSION,
	hostPeerId,
	newRoomCode,
	newSeatKey,
	pageEvents,
	parseRoomCode,
	readHostFrame,
	readPlayerFrame,
	type HostMessage
} from './protocol';
import { newGame, scriptedCommands } from './testing';

describe('frames on receipt', () => {
	test('a hello and a command pass; the size limit is checked before parsing', () => {
		const hello = { type: 'hello', protocol: PROTOCOL_VERSION, app: 'a', name: ' Ann ', have: 0 };
		const read = readPlayerFrame(JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: hello }));
		expect(read).toEqual({ ok: true, frame: { v: PROTOCOL_VERSION, s: 0, m: { ...hello, name: 'Ann' } } });
		const big = JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: { type: 'command', id: 1, command: { type: 'move', pad: 'x'.repeat(MAX_PLAYER_FRAME) } } });
		expect(readPlayerFrame(big)).toEqual({ ok: false, reason: 'too_big' });
		expect(readPlayerFrame('{')).toEqual({ ok: false, reason: 'malformed' });
		expect(readPlayerFrame({ v: 1 })).toEqual({ ok: false, reason: 'malformed' });
	});

	test('a phone cannot send what only the host sends', () => {
		const welcome = { type: 'welcome', seat: 0, key: 'k'.repeat(24), room: 'ABCDEF' };
		expect(readPlayerFrame(JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: welcome })).ok).toBe(false);
		expect(readHostFrame(JSON.stringify({ v: PROTOCOL_VERSION, s: 0, m: welcome })).ok).toBe(true);
	});
});

describe('updates are paged under the frame limit', () => {
	test('a long game fits in pages that cover every event once, in order', () => {
		const game = newGame(3);
		const log = scriptedCommands(game, 400);
		const state = replay({ ...game, log }).state;
		const { events, ...view } = viewFor(state, 0);
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
		const { events: _e, ...view } = viewFor(replay(game).state, 1);
		void _e;
		expect(pageEvents(view, 0, [])).toEqual([{ type: 'update', view, from: 0, events: [] }]);
	});
});

describe('codes', () => {
	test('room codes read back, in any case, with spaces; keys are url-safe', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 18, maxLength: 18 }), (bytes) => {
				const code = newRoomCode(() => bytes.slice(0, 6));
				expect(parseRoomCode(` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `)).toBe(code);
				expect(newSeatKey(() => bytes)).toMatch(/^[A-Za-z0-9_-]{24}$/);
				expect(hostPeerId(code)).toMatch(/^[a-z0-9-]+$/);
			})
		);
		expect(parseRoomCode('ABC')).toBeNull();
		expect(parseRoomCode('ABCDE0')).toBeNull();
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
