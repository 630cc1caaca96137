import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { apply } from '../engine/game/apply';
import { replay } from '../engine/game/game';
import { visibleTo } from '../engine/game/view';
import { EventLog } from '../engine/game/event-log';
import { generatePlan } from '../engine/plan/generate';
import { neighbour } from '../engine/plan/geometry';
import type { Cell, Plan } from '../engine/plan/types';
import { BOT_LEVELS, type BotLevel } from './bot';
import { playBotGame } from './play';
import { generateAbandoned } from '../engine/rules/abandoned/generate';
import { generateTopographic } from '../engine/rules/topographic/generate';
import { topoExt } from '../engine/rules/topographic/rules';
import { validatePlan } from '../engine/plan/validate';
import { nearSeen } from './testing';

/**
 * Hidden facts changed: the kind of land squares nobody stood on or next to, walls between such
 * squares, and which of two treasures lying there is the true one. No announcement can tell.
 */
function hiddenChange(plan: Plan, seen: Set<number>, pick: number): Plan | null {
	const near = nearSeen(plan, seen);
	const hidden = plan.cells.flatMap((cell, c) => (cell && !near.has(c) && !plan.exits.some((e) => e.cell === c) ? [c] : []));
	if (hidden.length === 0) return null;
	const cells: (Cell | null)[] = plan.cells.map((cell, c) => {
		if (!cell || !hidden.includes(c) || cell.kind !== 'land') return cell;
		return (c + pick) % 3 === 0 ? { kind: 'hospital' } : (c + pick) % 3 === 1 ? { kind: 'weaponry' } : cell;
	});
	const inner = (w: { cell: number; dir: 'right' | 'down' }) => hidden.includes(w.cell) && hidden.includes(neighbour(plan, w.cell, w.dir) ?? -1);
	const walls = plan.walls.filter((w) => !inner(w));
	const treasures = plan.items.map((it, i) => ({ it, i })).filter(({ it }) => it.kind === 'treasure' && hidden.includes(it.cell));
	const items = plan.items.map((it) => ({ ...it }));
	if (treasures.length >= 2) for (const { i } of treasures) if (items[i]!.kind === 'treasure') (items[i] as { true: boolean }).true = !(items[i] as { true: boolean }).true;
	const changed = { ...plan, cells, walls, items };
	return JSON.stringify(changed) === JSON.stringify(plan) ? null : changed;
}

/**
 * Hidden facts of an abandoned labyrinth changed (seed 002): walls between tiles nobody stood on
 * or beside, and which of the marsh, shop and hospital such a tile is. Safe tiles stay (the
 * spawn draws among them), as do rivers, portals and treasures.
 */
function hiddenAbandonedChange(plan: Plan, seen: Set<number>, pick: number): Plan | null {
	const near = nearSeen(plan, seen);
	const hidden = plan.cells.flatMap((cell, c) => (cell && !near.has(c) ? [c] : []));
	const swappable = ['marsh', 'shop', 'hospital'] as const;
	const kinds = hidden.flatMap((c) => {
		const k = plan.cells[c]!.kind;
		return (swappable as readonly string[]).includes(k) ? [k] : [];
	});
	let i = 0;
	const cells: (Cell | null)[] = plan.cells.map((cell, c) => {
		if (!cell || !hidden.includes(c) || !(swappable as readonly string[]).includes(cell.kind)) return cell;
		return { kind: kinds[(i++ + pick + 1) % kinds.length] as Cell['kind'] };
	});
	const inner = (w: { cell: number; dir: 'right' | 'down' }) => hidden.includes(w.cell) && hidden.includes(neighbour(plan, w.cell, w.dir) ?? -1);
	const walls = plan.walls.filter((w) => !inner(w) || (w.cell + pick) % 2 === 0);
	const changed = { ...plan, cells, walls };
	return JSON.stringify(changed) === JSON.stringify(plan) ? null : changed;
}

/**
 * Plays a bot game, changes what no seat could have learnt (`change`, given every square a player
 * stood on before or after a command; null: nothing to change) and plays it again: the same
 * commands. Whether a change was made (and so a comparison).
 */
function sameGameWhenHiddenChanges(
	plan: Plan,
	bots: BotLevel[],
	seed: number,
	maxMoves: number,
	change: (seen: Set<number>) => Plan | null
): boolean {
	const seen = new Set<number>();
	const a = playBotGame({
		plan,
		bots,
		seed,
		maxMoves,
		onStep(before, after) {
			for (const p of before.players) if (p.cell >= 0) seen.add(p.cell);
			for (const p of after.players) if (p.cell >= 0) seen.add(p.cell);
		}
	});
	const other = change(seen);
	if (!other) return false;
	const b = playBotGame({ plan: other, bots, seed, maxMoves });
	expect(JSON.stringify(b.game.log)).toBe(JSON.stringify(a.game.log));
	return true;
}

/**
 * Hidden facts of a topographic labyrinth changed (seed 003), among cells nobody (the players
 * and the bear) stood on or beside: a spinner's turn (1.2), which of a crocodile and the arsenal
 * such a cell is (neither is a start cell, so the program's placing draws the same), walls between
 * such cells. Rivers, swamps and pits stay (a river carries the player over cells he is not told).
 */
function hiddenTopographicChange(plan: Plan, seen: Set<number>, pick: number): Plan | null {
	const near = nearSeen(plan, seen);
	const hidden = new Set(plan.cells.flatMap((cell, c) => (cell && !near.has(c) ? [c] : [])));
	const cells: (Cell | null)[] = plan.cells.map((cell, c) => {
		if (!cell || !hidden.has(c)) return cell;
		if (cell.kind === 'spinner') return { ...cell, turn: ((((cell.turn ?? 1) + pick) % 3) + 1) as 1 | 2 | 3 };
		if (cell.kind === 'crocodile' && (c + pick) % 2 === 0) return { kind: 'arsenal' };
		if (cell.kind === 'arsenal' && (c + pick) % 2 === 0) return { kind: 'crocodile' };
		return cell;
	});
	const inner = (w: { cell: number; dir: 'right' | 'down' }) => hidden.has(w.cell) && hidden.has(neighbour(plan, w.cell, w.dir) ?? -1);
	const walls = plan.walls.filter((w) => !inner(w) || (w.cell + pick) % 2 === 0);
	const changed = { ...plan, cells, walls };
	if (JSON.stringify(changed) === JSON.stringify(plan) || validatePlan(changed, { players: 3 }).errors.length) return null;
	return changed;
}

describe('bots', () => {
	// Issue 22: a bot decides only from its seat's view. Change what no seat could have learnt
	// (squares nobody stood on or beside, walls among them, which hidden treasure is true): the
	// bots' game is the same, command for command.
	test('non-cheating: hidden facts of the plan change no decision', () => {
		let compared = 0;
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 10_000 }),
				fc.constantFrom(...BOT_LEVELS),
				fc.integer({ min: 1, max: 3 }),
				fc.integer({ min: 0, max: 2 }),
				(seed, level, seats, pick) => {
					const plan = generatePlan({ width: 8, height: 8, seed });
					const levels = Array.from({ length: seats }, () => level);
					// Short games, so that part of the labyrinth stays unseen.
					const maxMoves = 12 * seats;
					if (sameGameWhenHiddenChanges(plan, levels, seed, maxMoves, (seen) => hiddenChange(plan, seen, pick))) compared++;
				}
			),
			{ numRuns: 40, seed: 22 }
		);
		expect(compared).toBeGreaterThan(20);
	}, 300_000);

	// The same in the abandoned labyrinth, whose explorer maps it from its own answers (abandoned-explorer.ts).
	test('non-cheating in the abandoned labyrinth: hidden tiles and walls change no decision', () => {
		let compared = 0;
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 10_000 }),
				fc.constantFrom('explorer', 'wanderer'),
				fc.integer({ min: 1, max: 3 }),
				fc.integer({ min: 0, max: 2 }),
				(seed, level, seats, pick) => {
					const plan = generateAbandoned(seed);
					const levels = Array.from({ length: seats }, () => level);
					const maxMoves = 12 * seats;
					if (sameGameWhenHiddenChanges(plan, levels, seed, maxMoves, (seen) => hiddenAbandonedChange(plan, seen, pick))) compared++;
				}
			),
			{ numRuns: 40, seed: 22 }
		);
		expect(compared).toBeGreaterThan(20);
	}, 300_000);

	// Issue 36: the topographic explorer maps from its own answers too (topographic-explorer.ts).
	test('non-cheating in the topographic labyrinth: hidden spinners, crocodiles, the arsenal and walls change no decision', () => {
		let compared = 0;
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }), (seed, seats, pick) => {
				const plan = generateTopographic(seed);
				const levels = Array.from({ length: seats }, (): BotLevel => 'explorer');
				// The bear's cells count as seen: what it walks into changes the game for all.
				const seen = new Set<number>();
				const a = playBotGame({
					plan,
					bots: levels,
					seed,
					maxMoves: 10 * seats,
					onStep(before, after) {
						for (const s of [before, after]) {
							for (const p of s.players) if (p.cell >= 0) seen.add(p.cell);
							if (topoExt(s).bear >= 0) seen.add(topoExt(s).bear);
						}
					}
				});
				const other = hiddenTopographicChange(plan, seen, pick);
				if (!other) return;
				const b = playBotGame({ plan: other, bots: levels, seed, maxMoves: 10 * seats });
				expect(JSON.stringify(b.game.log)).toBe(JSON.stringify(a.game.log));
				compared++;
			}),
			{ numRuns: 40, seed: 36 }
		);
		expect(compared).toBeGreaterThan(20);
	}, 300_000);

	test('a topographic bot game replays exactly: the same seed gives the same record, and the record rebuilds the end', () => {
		const plan = generateTopographic('replay');
		const one = playBotGame({ plan, bots: ['explorer', 'wanderer', 'explorer'], seed: 'same', maxMoves: 600 });
		const two = playBotGame({ plan, bots: ['explorer', 'wanderer', 'explorer'], seed: 'same', maxMoves: 600 });
		expect(two.game.log).toEqual(one.game.log);
		expect(one.game.log.length).toBeGreaterThan(10);
		expect(replay(one.game).state).toEqual(one.state);
	}, 120_000);

	// Measured (issue 36, docs/bots.md) with `labyrinth simulate`, two explorers, 200 games on
	// generated topographic plans 1 and 2: the treasure carried out of 181 and 200 (90.5 %, 100 %);
	// the wanderer's game did 15–19 %. Asserted: at least half of 12.
	test('topographic explorers carry the treasure out of most games on a generated plan', () => {
		const plan = generateTopographic(1);
		let won = 0;
		for (let i = 0; i < 12; i++) {
			const g = playBotGame({ plan, bots: ['explorer', 'explorer'], seed: `topo:${i}` });
			if (g.state.result?.kind === 'win' && g.state.result.how === 'treasure') won++;
		}
		expect(won).toBeGreaterThanOrEqual(6);
	}, 300_000);

	// Seed 003 §1.10 with §1.4, §1.5: on generated plan 6 the morgue lies among crocodiles and the
	// explorers lost their map at every death (a pit to a pit not met, or a swamp, had lost the
	// morgue's frame) and walked into the same crocodiles and swamps again: 1 of these 12 games
	// won. A death now takes up again the last sure map that knew the morgue, and steps known
	// deadly are not taken while a safe one leads somewhere: 105 of 200 measured (52.5 %).
	test('topographic explorers keep their map across deaths: generated plan 6, where the morgue is among crocodiles', () => {
		const plan = generateTopographic(6);
		let won = 0;
		for (let i = 0; i < 12; i++) {
			const g = playBotGame({ plan, bots: ['explorer', 'explorer'], seed: `topo:${i}` });
			if (g.state.result?.kind === 'win' && g.state.result.how === 'treasure') won++;
		}
		expect(won).toBeGreaterThanOrEqual(4);
	}, 300_000);

	test('the events a bot game hears, seat by seat, are the ones its record replays to, at every step', () => {
		const plan = generatePlan({ width: 6, height: 6, seed: 11 });
		const seen: string[] = [];
		let heard = EventLog.empty();
		playBotGame({
			plan,
			bots: ['hunter', 'explorer', 'wanderer'],
			seed: 11,
			maxMoves: 120,
			onStep(_before, _after, _command, events) {
				heard = heard.with(events);
				seen.push(JSON.stringify([0, 1, 2].map((s) => heard.seatEvents(s).length)));
			}
		});
		// Replayed from the record: the seats' feeds as the log has them, step by step.
		const g = playBotGame({ plan, bots: ['hunter', 'explorer', 'wanderer'], seed: 11, maxMoves: 120 });
		let state = replay({ ...g.game, log: [] }).state;
		const lengths: string[] = [];
		const feeds: number[] = [0, 0, 0];
		for (const cmd of g.game.log) {
			const r = apply(state, cmd);
			state = r.state;
			for (const s of [0, 1, 2]) feeds[s]! += r.events.filter((e) => visibleTo(e, s)).length;
			lengths.push(JSON.stringify(feeds));
		}
		expect(lengths).toEqual(seen);
	}, 120_000);

	test('a bot game replays exactly: the same seed gives the same record, and the record rebuilds the end', () => {
		const plan = generatePlan({ width: 8, height: 8, seed: 7 });
		const one = playBotGame({ plan, bots: ['explorer', 'hunter', 'wanderer'], seed: 'same' });
		const two = playBotGame({ plan, bots: ['explorer', 'hunter', 'wanderer'], seed: 'same' });
		expect(two.game.log).toEqual(one.game.log);
		expect(replay(one.game).state.result).toEqual(one.state.result);
	}, 120_000);

	// Measured on seeds 1–40 (one explorer alone on a generated 8x8 plan, default settings): 28 of
	// 40 games (70 %) end with the true treasure carried out (9 with the explorer dead of
	// encephalitis, no hospital found in time; 2 in a draw counted to its end; 1 at the move
	// limit); 29 of 40 once the assistant learned which pit leads to which. Forty games spread by
	// ±7 points: on seeds 1–200 that explorer carried it out of 128 (64 %), and so does the one that
	// plans only its likeliest cell and explores the outline with the rest (issue 36: 25 of seeds
	// 1–40, 103 of 41–200 against 99). Asserted over 200 seeds: at least 60 %.
	test('an explorer alone carries the true treasure out of most generated 8x8 plans (64 % measured)', () => {
		let won = 0;
		const games = 200;
		for (let seed = 1; seed <= games; seed++) {
			const plan = generatePlan({ width: 8, height: 8, seed });
			const g = playBotGame({ plan, bots: ['explorer'], seed });
			if (g.state.result?.kind === 'win' && g.state.result.how === 'treasure') won++;
		}
		expect(won / games).toBeGreaterThanOrEqual(0.6);
	}, 300_000);

	test('an abandoned-labyrinth bot game replays exactly: the same seed gives the same record, and the record rebuilds the end', () => {
		const plan = generateAbandoned('replay');
		const one = playBotGame({ plan, bots: ['explorer', 'wanderer', 'explorer'], seed: 'same' });
		const two = playBotGame({ plan, bots: ['explorer', 'wanderer', 'explorer'], seed: 'same' });
		expect(two.game.log).toEqual(one.game.log);
		expect(one.game.log.length).toBeGreaterThan(10);
		expect(replay(one.game).state.result).toEqual(one.state.result);
	}, 120_000);

	// Measured on seeds 1–30 (generated abandoned labyrinths, default settings), an explorer and a
	// wanderer playing each other, each seat order once (60 games): the explorer won 32 (53 %), the
	// wanderer 18 (30 %); 10 reached the move limit (e.g. a player held for ever where a river flushes
	// him back onto a tile walled on its other sides). On seeds "eval:0"–"eval:59" (120 games, not
	// looked at while developing): 72 to 39. Asserted: at least 28 of 60, and more than the wanderer.
	test('in the abandoned labyrinth an explorer beats a wanderer (53 % of games to 30 % measured)', () => {
		const wins = { explorer: 0, wanderer: 0 };
		for (let seed = 1; seed <= 30; seed++) {
			const plan = generateAbandoned(seed);
			for (const bots of [['explorer', 'wanderer'], ['wanderer', 'explorer']] as const) {
				const g = playBotGame({ plan, bots, seed });
				if (g.state.result?.kind === 'win') wins[bots[g.state.result.seat]!]++;
			}
		}
		expect(wins.explorer).toBeGreaterThanOrEqual(28);
		expect(wins.explorer).toBeGreaterThan(wins.wanderer);
	}, 300_000);

	test('wanderers play every rule system with more than one seat to an end or the move limit, never refused', () => {
		for (const rules of ['classic', 'topographic', 'abandoned'] as const) {
			const plan = generatePlan({ rules, width: 6, height: 6, seed: 5 });
			const g = playBotGame({ plan, bots: ['wanderer', 'wanderer'], seed: 5, maxMoves: 300 });
			expect(g.game.log.length).toBeGreaterThan(2);
			expect(g.unfinished ? g.state.moveNo : 300).toBe(300);
		}
	}, 120_000);
});
