// What a duel player's screen says of himself is read from his answers alone (seeds 001/004,
// 3.3 grenades, 3.5 leaving, 3.7 one treasure, 3e finding one): property-tested against the
// engine's own half-game, which his phone never holds.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { Action, Command, GameEvent } from '../engine/game/types';
import { DIRECTIONS } from '../engine/plan/types';
import { generateDuel } from '../engine/rules/duel/generate';
import { announcements, createDuel, duelCommand, type DuelMatch, type Player } from '../engine/rules/duel/match';
import { deviceOf, newDuelRecord } from '../net/duel-record';
import type { DuelRecord } from '../store/records';
import { duelStatus, ownCommands, theirHalf } from './duel-status';
import { replay } from '../engine/game/game';
import { stateKey } from '../engine/game/testing';

/** Player `me`'s record of a match played by the engine: his plan, the starts, every exchange. */
function recordOf(m: DuelMatch, me: Player, starts: [number, number], plans: DuelRecord['plan'][], seed: string, exchanges: DuelRecord['exchanges'], startReplies: [DuelRecord['exchanges'][0]['reply'], DuelRecord['exchanges'][0]['reply']]): DuelRecord {
	const r = newDuelRecord({ id: 'ABCDEF', role: me === 0 ? 'opener' : 'joiner', name: 'x', plan: plans[me]!, settings: {}, seed });
	return {
		...r,
		settings: {},
		seed,
		myStart: { cell: starts[me], reply: startReplies[me] },
		theirStart: { cell: starts[1 - me]!, reply: startReplies[1 - me]! },
		exchanges,
		theirPlan: plans[1 - me]!
	};
}

describe('duel status from the answers (001)', () => {
	test('grenades, outside, carrying and a treasure underfoot follow the engine; the reveal rebuilds my walk of his labyrinth', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 10_000 }), fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 80, maxLength: 200 }), (seed, xs) => {
				const plans = [generateDuel(seed), generateDuel(seed + 1)];
				const made = createDuel({ plans: [plans[0]!, plans[1]!], seed: `m${seed}` });
				if (!made.ok) throw new Error('setup');
				let m = made.value;
				const empty = (h: 0 | 1) => plans[h]!.cells.findIndex((c, i) => c?.kind === 'land' && !plans[h]!.items.some((it) => it.cell === i));
				// Every other match starts player 0 on a treasure (3e: it is told with the starts).
				const onTreasure = (h: 0 | 1) => plans[h]!.items.find((it) => it.kind === 'treasure')!.cell;
				const starts: [number, number] = [seed % 2 ? empty(1) : onTreasure(1), empty(0)];
				const startReplies: [GameEvent[], GameEvent[]] = [[], []];
				for (const p of [0, 1] as const) {
					const s = duelCommand(m, p, { type: 'choose_start', by: 0, cell: starts[p] });
					startReplies[p].push(...s.events);
					if (s.other) startReplies[(1 - p) as Player].push(...s.other);
					m = s.match;
				}
				const exchanges: DuelRecord['exchanges'] = [];
				const check = (final: boolean) => {
					for (const me of [0, 1] as const) {
						const record = recordOf(m, me, starts, plans, `m${seed}`, exchanges, startReplies);
						const status = duelStatus(record, deviceOf(record));
						const h = m.halves[1 - me]!;
						const walker = h.players[0]!;
						expect(status.grenades).toBe(walker.grenades);
						expect(status.outside).toBe(walker.outside !== null);
						expect(status.carrying).toBe(walker.carry !== null && walker.carry !== undefined);
						expect(status.treasureHere).toBe(walker.outside === null && h.items[walker.cell]!.some((it) => it.k === 'treasure'));
						expect(status.winner).toBe(m.turns.winner);
						if (!final) continue;
						expect(ownCommands(record).filter((o) => o.command.type === 'move')).toHaveLength(exchanges.filter((e) => e.by === me).length);
						// The reveal's picture of my walk in his labyrinth is the engine's half, command for command.
						expect(stateKey(replay(theirHalf(record)!).state)).toBe(stateKey(h));
					}
				};
				for (const x of xs) {
					if (m.turns.winner !== null) break;
					const p = m.turns.turn;
					const dir = DIRECTIONS[x % 4]!;
					const actions: Action[] = x === 8 && m.turns.used === 0 ? [{ a: 'grenade', dir }] : x >= 10 ? [{ a: 'take', index: 0 }] : x === 9 ? [{ a: 'go', dir }, { a: 'take', index: 0 }] : [{ a: 'go', dir }];
					const s = duelCommand(m, p, { type: 'move', by: 0, actions } as Command);
					if (s.events.length === 1 && s.events[0]!.type === 'rejected') continue;
					m = s.match;
					exchanges.push({ by: p, actions, reply: announcements(s.events) });
					check(false);
				}
				check(true);
			}),
			{ numRuns: 25 }
		);
	}, 120_000); // a property over whole matches: generous on a busy machine
});
