import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { apply } from '../engine/game/apply';
import { initialState, replay, type Game } from '../engine/game/game';
import { viewFor } from '../engine/game/view';
import type { Cell, Plan } from '../engine/plan/types';
import { neighbour } from '../engine/plan/geometry';
import { createDuel, duelCommand, type DuelMatch, type Player } from '../engine/rules/duel/match';
import { duelProblems } from '../engine/rules/duel/plan';
import { generateDuel } from '../engine/rules/duel/generate';
import { createBot, type BotLevel } from './bot';
import { DUEL_WALKER, DuelWalker, duelBot, duelComputerTurn, duelFeed, duelWalker, playBotDuel } from './duel';
import { botLevelsFor } from './seats';
import { nearSeen } from './testing';

const plans = [generateDuel(1), generateDuel(2)] as const;

/** The commands of both halves (what the two devices recorded). */
const logs = (m: DuelMatch) => JSON.stringify(m.games.map((g) => g.log));

/**
 * Hidden facts of a duel plan changed (seeds 001/004, section 2), among cells its walker never
 * stood on or beside: which object (crossbow, crutch, trap, a numbered pit or pit exit, a
 * treasure) such a cell holds, which hidden treasure is the true one, walls between such cells.
 * The plan must stay valid (no enclosure, 3.8): else null.
 */
function hiddenDuelChange(plan: Plan, seen: Set<number>, pick: number): Plan | null {
	const near = nearSeen(plan, seen);
	const hidden = plan.cells.flatMap((cell, c) => (cell && !near.has(c) ? [c] : []));
	if (hidden.length < 2) return null;
	// Each hidden cell's contents (its object, or the treasure lying there) moved `pick + 1` hidden cells on.
	const contents = hidden.map((c) => ({ cell: plan.cells[c]!, items: plan.items.filter((it) => it.cell === c) }));
	const shift = (pick % (hidden.length - 1)) + 1;
	const cells: (Cell | null)[] = plan.cells.slice();
	const moved = new Map<number, number>();
	hidden.forEach((c, i) => {
		const from = (i + shift) % hidden.length;
		cells[c] = contents[from]!.cell;
		moved.set(hidden[from]!, c);
	});
	let items = plan.items.map((it) => ({ ...it, cell: moved.get(it.cell) ?? it.cell }));
	// Which of the hidden treasures is the true one.
	const hiddenTreasures = items.flatMap((it, i) => (it.kind === 'treasure' && hidden.includes(it.cell) ? [i] : []));
	if (hiddenTreasures.length >= 2 && pick % 2 === 0) items = items.map((it, i) => (hiddenTreasures.includes(i) && it.kind === 'treasure' ? { ...it, true: !it.true } : it));
	const inner = (w: { cell: number; dir: 'right' | 'down' }) => hidden.includes(w.cell) && hidden.includes(neighbour(plan, w.cell, w.dir) ?? -1);
	const walls = plan.walls.filter((w) => !inner(w) || (w.cell + pick) % 2 === 0);
	const changed: Plan = { ...plan, cells, items, walls };
	if (JSON.stringify(changed) === JSON.stringify(plan) || duelProblems(changed).length) return null;
	return changed;
}

/** The cells a half's walker stood on, command by command of its record (his start among them, a pit start too). */
function walkedOn(game: Game): Set<number> {
	const seen = new Set<number>();
	let state = initialState(game);
	for (const cmd of game.log) {
		if (cmd.type === 'choose_start') seen.add(cmd.cell);
		state = apply(state, cmd).state;
		if (state.players[0]!.cell >= 0) seen.add(state.players[0]!.cell);
	}
	return seen;
}

describe('the duel explorer', () => {
	test('the duel offers the wanderer and the explorer (a computer opponent on one phone)', () => {
		expect(botLevelsFor('duel')).toEqual(expect.arrayContaining(['wanderer', 'explorer']));
	});

	// Issue 36: the bot decides from its half's view alone (`viewFor(half, 0)`). Change what the
	// walker of each half could not have learnt: the duel is the same, command for command, in both halves.
	test('non-cheating: hidden facts of both labyrinths change no decision', () => {
		let compared = 0;
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 5 }), fc.constantFrom<BotLevel>('explorer', 'wanderer'), (a, b, pick, level) => {
				const twin = [generateDuel(a), generateDuel(b)] as const;
				// Short duels, so that part of each labyrinth stays unseen.
				const one = playBotDuel({ plans: twin, bots: [level, 'explorer'], seed: a, maxCommands: 40 });
				const seen = one.match.games.map(walkedOn);
				const changed = [hiddenDuelChange(twin[0], seen[0]!, pick), hiddenDuelChange(twin[1], seen[1]!, pick)] as const;
				if (!changed[0] && !changed[1]) return;
				const two = playBotDuel({ plans: [changed[0] ?? twin[0], changed[1] ?? twin[1]], bots: [level, 'explorer'], seed: a, maxCommands: 40 });
				expect(logs(two.match)).toBe(logs(one.match));
				compared++;
			}),
			{ numRuns: 40, seed: 36 }
		);
		expect(compared).toBeGreaterThan(20);
	}, 300_000);

	// The duel's wanderer takes the treasures it finds and heads out with them: what it was told
	// alone moves it. Longer duels (wanderers find treasures slowly), kept where one was taken.
	test('non-cheating: a wanderer that takes treasures and carries them decides the same when hidden facts change', () => {
		let compared = 0;
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 5 }), (a, b, pick) => {
				const twin = [generateDuel(a), generateDuel(b)] as const;
				const one = playBotDuel({ plans: twin, bots: ['wanderer', 'wanderer'], seed: a, maxCommands: 400 });
				if (!/"a":"take"/.test(logs(one.match))) return;
				const seen = one.match.games.map(walkedOn);
				const changed = [hiddenDuelChange(twin[0], seen[0]!, pick), hiddenDuelChange(twin[1], seen[1]!, pick)] as const;
				if (!changed[0] && !changed[1]) return;
				const two = playBotDuel({ plans: [changed[0] ?? twin[0], changed[1] ?? twin[1]], bots: ['wanderer', 'wanderer'], seed: a, maxCommands: 400 });
				expect(logs(two.match)).toBe(logs(one.match));
				compared++;
			}),
			{ numRuns: 40, seed: 3602 }
		);
		expect(compared).toBeGreaterThan(10);
	}, 300_000);

	test('a bot duel replays exactly: the same seed gives the same records, and the record of each half rebuilds its end', () => {
		const one = playBotDuel({ plans, bots: ['explorer', 'explorer'], seed: 'same' });
		const two = playBotDuel({ plans, bots: ['explorer', 'explorer'], seed: 'same' });
		expect(logs(two.match)).toBe(logs(one.match));
		expect(one.match.games[0].log.length + one.match.games[1].log.length).toBeGreaterThan(20);
		for (const h of [0, 1] as const) expect(replay(one.match.games[h]).state).toEqual(one.match.halves[h]);
	}, 120_000);

	// A reload in the middle: bots rebuilt from the record (feeds rebuilt too) carry on exactly as they would have.
	test.each([0, 0.02, 0.3, 0.6, 0.95])('resumed after a share %d of its turns, the computers continue the same duel', (share) => {
		const seed = 'resume';
		const taken: DuelMatch[] = [];
		const whole = playBotDuel({
			plans,
			bots: ['explorer', 'explorer'],
			seed,
			onTurn(before) {
				taken.push(before);
			}
		});
		expect(taken.length).toBeGreaterThan(20);
		let m = taken[Math.floor(share * taken.length)]!;
		// New walkers replay the match they are given first.
		const walkers = [duelWalker('explorer', 0, seed), duelWalker('explorer', 1, seed)] as const;
		for (let turns = 0; m.turns.winner === null && turns < 5000; turns++) {
			const p = m.turns.turn;
			m = duelComputerTurn(m, p, walkers[p]).match;
		}
		expect(logs(m)).toBe(logs(whole.match));
	}, 300_000);

	// The walkers follow their halves action by action; a computer that replays the whole record
	// before each of its turns (a new walker each turn) must decide exactly the same.
	test('followed action by action, the computers decide as ones replaying the record before each turn: the same commands to the end', () => {
		const other = (p: Player): Player => (p === 0 ? 1 : 0);
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom(...botLevelsFor('duel')), fc.constantFrom(...botLevelsFor('duel')), (n, a, b) => {
				const duelPlans = [generateDuel(n), generateDuel(n + 1)] as const;
				const seed = `again:${n}`;
				const max = 120;
				const followed = playBotDuel({ plans: duelPlans, bots: [a, b], seed, maxCommands: max });
				const created = createDuel({ plans: duelPlans, seed });
				if (!created.ok) throw new Error('no duel');
				let m = created.value;
				let commands = 0;
				const turn = (p: Player) => {
					const t = duelComputerTurn(m, p, duelWalker(p === 0 ? a : b, p, seed));
					m = t.match;
					commands += t.steps.length;
					return t.stuck;
				};
				const first = m.turns.turn;
				let stuck = turn(first) || turn(other(first));
				while (!stuck && m.turns.winner === null && commands < max) stuck = turn(m.turns.turn);
				expect(logs(m)).toBe(logs(followed.match));
				expect(m.turns).toEqual(followed.match.turns);
			}),
			{ numRuns: 10, seed: 3603 }
		);
	}, 300_000);

	// 'Any change of the record under it': an undo (the record cut back), or the same record rebuilt
	// (a reload, equal but not the objects followed). The walker replays it and decides as a new one.
	test('a walker given a record that is not the one it followed grown replays it and decides as a new walker would', () => {
		const seed = 'undo';
		const walkers = [duelWalker('explorer', 0, seed), duelWalker('wanderer', 1, seed)] as const;
		const created = createDuel({ plans, seed });
		if (!created.ok) throw new Error('no duel');
		let m = created.value;
		const before: DuelMatch[] = [];
		const first = m.turns.turn;
		for (const p of [first, first === 0 ? 1 : 0] as const) m = duelComputerTurn(m, p, walkers[p]).match;
		for (let turns = 0; m.turns.winner === null && turns < 60; turns++) {
			before.push(m);
			m = duelComputerTurn(m, m.turns.turn, walkers[m.turns.turn]).match;
		}
		expect(walkers.map((w) => w.replays)).toEqual([1, 1]);
		const levels = ['explorer', 'wanderer'] as const;
		const cases = [...[0, 7, 30, 59].map((t) => before[t]!), structuredClone(m)];
		for (const [i, undone] of cases.entries()) {
			const p = undone.turns.turn;
			const replays = walkers[p].replays;
			const again = duelComputerTurn(undone, p, walkers[p]);
			expect(walkers[p].replays, `case ${i}`).toBe(replays + 1);
			expect(logs(again.match)).toBe(logs(duelComputerTurn(undone, p, duelWalker(levels[p], p, seed)).match));
			// And followed from there on, without another replay.
			const half = again.match.games[p === 0 ? 1 : 0];
			expect(walkers[p].view(half)).toEqual(viewFor(again.match.halves[p === 0 ? 1 : 0], DUEL_WALKER, duelFeed(again.match, p)));
			expect(walkers[p].replays).toBe(replays + 1);
		}
	}, 120_000);

	test('the views the walkers keep turn by turn are the ones the record rebuilds', () => {
		const created = createDuel({ plans, seed: 'feeds' });
		if (!created.ok) throw new Error('no duel');
		let m = created.value;
		const walkers = [duelWalker('explorer', 0, 'feeds'), duelWalker('explorer', 1, 'feeds')] as const;
		for (let turns = 0; m.turns.winner === null && turns < 80; turns++) {
			const p: Player = m.halves[1].players[0]!.cell < 0 ? 0 : m.halves[0].players[0]!.cell < 0 ? 1 : m.turns.turn;
			m = duelComputerTurn(m, p, walkers[p]).match;
			for (const q of [0, 1] as const) expect(walkers[q].view(m.games[q === 0 ? 1 : 0])).toEqual(viewFor(m.halves[q === 0 ? 1 : 0], DUEL_WALKER, duelFeed(m, q)));
		}
		// Followed, never replayed after the first.
		expect(walkers.map((w) => w.replays)).toEqual([1, 1]);
	}, 120_000);

	// 3a, 3b: a turn may hold more than one action; the helper plays them all, and a command the
	// match refuses (a grenade after a step, 3.3) is decided again, never left as the turn's end.
	test('a computer turn plays every action the turn holds and hands the turn over', () => {
		let several = 0;
		for (let i = 0; i < 6; i++) {
			const created = createDuel({ plans, seed: `turn:${i}` });
			if (!created.ok) throw new Error('no duel');
			let m = created.value;
			const walkers = [duelWalker('explorer', 0, `turn:${i}`), duelWalker('explorer', 1, `turn:${i}`)] as const;
			for (const p of [m.turns.turn, m.turns.turn === 0 ? 1 : 0] as const) m = duelComputerTurn(m, p, walkers[p]).match;
			for (let turns = 0; m.turns.winner === null && turns < 600; turns++) {
				const p = m.turns.turn;
				const t = duelComputerTurn(m, p, walkers[p]);
				expect(t.stuck).toBe(false);
				const moves = t.steps.filter((s) => s.events.some((e) => e.type === 'move_announced')).length;
				expect(moves).toBeGreaterThanOrEqual(1);
				if (moves > 1) several++;
				m = t.match;
				// The turn is over: a fresh one has begun (his own again while the opponent is in the trap, 3c).
				expect(m.turns.winner !== null || m.turns.used === 0).toBe(true);
			}
		}
		expect(several).toBeGreaterThan(0);
	}, 300_000);

	test('createBot plays a duel half through its own view: the start it chose, then moves the half accepts', () => {
		const created = createDuel({ plans, seed: 'seam' });
		if (!created.ok) throw new Error('no duel');
		let m = created.value;
		for (const level of botLevelsFor('duel')) {
			const bot = createBot(level, DUEL_WALKER, `seam:${level}`);
			const start = bot.decide(viewFor(m.halves[1], DUEL_WALKER, []));
			expect(start).toMatchObject({ type: 'choose_start', by: DUEL_WALKER });
		}
		// A bot reads its own seat only.
		expect(() => createBot('explorer', 1, 'x').decide(viewFor(m.halves[1], DUEL_WALKER, []))).toThrow();
		const bots = [duelBot('explorer', 0, 'seam'), duelBot('wanderer', 1, 'seam')] as const;
		const walkers = [new DuelWalker(() => bots[0]), new DuelWalker(() => bots[1])] as const;
		for (const p of [0, 1] as const) m = duelComputerTurn(m, p, walkers[p]).match;
		expect(m.halves.every((h) => h.phase === 'play')).toBe(true);
		// Out of turn, the match refuses whatever it says.
		const waiting: Player = m.turns.turn === 0 ? 1 : 0;
		const cmd = bots[waiting].decide(walkers[waiting].view(m.games[waiting === 0 ? 1 : 0]));
		expect(cmd?.type).toBe('move');
		expect(duelCommand(m, waiting, cmd!).events[0]!.type).toBe('rejected');
	});

	test('wanderers play a duel to the limit or its end, never stuck, whatever the agreements', () => {
		for (const settings of [{}, { duelOuterWallsTold: false, duelGrenadesBreakOuter: false, duelReentryAnyExit: true }]) {
			const g = playBotDuel({ plans, bots: ['wanderer', 'wanderer'], seed: 5, settings, maxCommands: 400 });
			expect(g.unfinished ? g.commands : 400).toBeGreaterThanOrEqual(400);
		}
	}, 120_000);

	// Issue 36's acceptance, measured on 100 games (docs/bots.md): see the test below for the
	// figures. Asserted here on 20 games per agreement set (each seeded): at least 16 (80 %).
	test.each([
		['the default agreements', {}],
		['walls told alike, grenades not breaking the labyrinth wall, re-entry anywhere', { duelOuterWallsTold: false, duelGrenadesBreakOuter: false, duelReentryAnyExit: true }]
	])('explorer duels end with the true treasure carried out (%s)', (_name, settings) => {
		let ended = 0;
		for (let i = 0; i < 20; i++) {
			const g = playBotDuel({ plans, bots: ['explorer', 'explorer'], seed: `accept:${i}`, settings });
			if (!g.unfinished) {
				ended++;
				const winner = g.match.turns.winner!;
				// The winner walked the other's plan out with its true treasure (3.5, 3.6).
				expect(g.match.halves[winner === 0 ? 1 : 0].result).toMatchObject({ kind: 'win', how: 'treasure' });
			}
		}
		expect(ended).toBeGreaterThanOrEqual(16);
	}, 300_000);

	test('an explorer beats a wanderer', () => {
		const wins = { explorer: 0, wanderer: 0 };
		for (let i = 0; i < 10; i++) {
			for (const bots of [['explorer', 'wanderer'], ['wanderer', 'explorer']] as const) {
				const g = playBotDuel({ plans, bots, seed: `versus:${i}`, maxCommands: 1500 });
				if (g.match.turns.winner !== null) wins[bots[g.match.turns.winner]]++;
			}
		}
		expect(wins.explorer).toBeGreaterThan(2 * wins.wanderer);
	}, 300_000);
});
