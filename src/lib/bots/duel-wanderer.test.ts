import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Command } from '../engine/game/types';
import { rejected } from '../engine/game/game';
import { viewFor } from '../engine/game/view';
import { createDuel, duelCommand, type DuelMatch, type Player } from '../engine/rules/duel/match';
import { generateDuel } from '../engine/rules/duel/generate';
import type { Bot } from './bot';
import { DUEL_WALKER, duelBot, duelComputerAction, duelFeed, playBotDuel } from './duel';

const AGREEMENTS = [{}, { duelOuterWallsTold: false, duelGrenadesBreakOuter: false, duelReentryAnyExit: true }] as const;

/** What a wanderer knew nothing of but the match does: whether it stood on a treasure, and whether it carried one, at each decision. */
interface Decision {
	cmd: Command | null;
	carrying: boolean;
	onTreasure: boolean;
}

/**
 * Two wanderers from the starts to the end (or `max` commands), each decision written down with
 * the truth of that moment (read from the match, never shown to the bot), and how many commands
 * the match took.
 */
function wandererDuel(a: number, b: number, seed: string, settings: object, max: number) {
	const created = createDuel({ plans: [generateDuel(a), generateDuel(b)], seed, settings });
	if (!created.ok) throw new Error('no duel');
	let m: DuelMatch = created.value;
	const decisions: Decision[][] = [[], []];
	const bots = ([0, 1] as const).map((p): Bot => {
		const bot = duelBot('wanderer', p, seed);
		return {
			seat: bot.seat,
			level: bot.level,
			decide(view) {
				const walker = m.halves[p === 0 ? 1 : 0].players[0]!;
				const cell = walker.cell;
				const onTreasure = walker.outside === null && cell >= 0 && (m.halves[p === 0 ? 1 : 0].items[cell] ?? []).some((it) => it.k === 'treasure');
				const cmd = bot.decide(view);
				decisions[p]!.push({ cmd, carrying: walker.carry?.k === 'treasure', onTreasure });
				return cmd;
			}
		};
	});
	let commands = 0;
	// One action at a time (the match then is the truth at each decision), as `duelComputerTurn` plays them.
	const act = (p: Player) => {
		const view = viewFor(m.halves[p === 0 ? 1 : 0], DUEL_WALKER, duelFeed(m, p));
		const step = duelComputerAction(bots[p]!, view, (cmd) => {
			const s = duelCommand(m, p, cmd);
			return rejected(s) ? null : s;
		});
		if (!step) return true;
		m = step.match;
		commands++;
		return false;
	};
	let stuck = act(m.turns.turn) || act(m.turns.turn === 0 ? 1 : 0);
	while (m.turns.winner === null && commands < max && !stuck) stuck = act(m.turns.turn);
	return { match: m, decisions, commands, stuck };
}

describe('the duel wanderer (seeds 001/004: a duel is won by carrying the true treasure out)', () => {
	// 3e, 3.7: taking is the walker's choice; the weak computer always makes it (with its step,
	// free), and carrying it only ever steps (no grenade, no swap). Every command it sends is one
	// the half accepts: it is never refused (a refused try would be decided again, and counted).
	test('it takes a treasure it stands on, carrying one it only steps, and never sends a command the duel refuses', () => {
		let took = 0;
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(...AGREEMENTS), (a, b, settings) => {
				const g = wandererDuel(a, b, `legal:${a}:${b}`, settings, 600);
				expect(g.stuck).toBe(false);
				const sent = g.decisions[0]!.length + g.decisions[1]!.length;
				expect(sent).toBe(g.commands);
				for (const d of g.decisions.flat()) {
					if (d.cmd?.type !== 'move') continue;
					const kinds = d.cmd.actions.map((x) => x.a);
					if (d.carrying) expect(kinds).toEqual(['go']);
					else if (d.onTreasure) expect(kinds).toEqual(['take', 'go']);
					else expect(kinds).toEqual(['go']);
					if (d.onTreasure && !d.carrying) took++;
				}
			}),
			{ numRuns: 24, seed: 3601 }
		);
		// The property saw the taking, not only steps.
		expect(took).toBeGreaterThan(10);
	}, 300_000);

	// Measured (docs/bots.md): two wanderers end about 19 duels in 20 within 2,500 commands; asserted: 14 of 20.
	test('duels between wanderers end with the true treasure carried out, most within the limit', () => {
		let ended = 0;
		for (let i = 0; i < 20; i++) {
			const g = playBotDuel({ plans: [generateDuel(2 * i + 1), generateDuel(2 * i + 2)], bots: ['wanderer', 'wanderer'], seed: `ends:${i}`, settings: AGREEMENTS[i % 2] });
			if (g.unfinished) continue;
			ended++;
			const winner = g.match.turns.winner!;
			expect(g.match.halves[winner === 0 ? 1 : 0].result).toMatchObject({ kind: 'win', how: 'treasure' });
		}
		expect(ended).toBeGreaterThanOrEqual(14);
	}, 300_000);

	// An opponent, if a weak one: against the explorer it wins a share (measured about one duel in five).
	test('a wanderer wins some duels against the explorer, and loses most', () => {
		const wins = { wanderer: 0, explorer: 0 };
		for (let i = 0; i < 30; i++) {
			const bots = i % 2 ? (['wanderer', 'explorer'] as const) : (['explorer', 'wanderer'] as const);
			const g = playBotDuel({ plans: [generateDuel(100 + i), generateDuel(200 + i)], bots, seed: `versus:${i}` });
			if (g.match.turns.winner !== null) wins[bots[g.match.turns.winner]]++;
		}
		expect(wins.wanderer).toBeGreaterThanOrEqual(2);
		expect(wins.explorer).toBeGreaterThan(wins.wanderer);
	}, 300_000);
});
