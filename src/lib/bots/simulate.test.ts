import { describe, expect, test } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { heatRows, reportOf, Simulation, simulate } from './simulate';

describe('simulate', () => {
	const plan = generatePlan({ width: 6, height: 6, seed: 'balance' });

	test('the report is a function of its seed: the same seed, the same report; another seed, other games', () => {
		const opts = { plan, games: 6, bots: ['explorer', 'hunter'] as const, seed: 42 };
		const one = simulate({ ...opts, bots: [...opts.bots] });
		const two = simulate({ ...opts, bots: [...opts.bots] });
		expect(two).toEqual(one);
		const other = simulate({ ...opts, bots: [...opts.bots], seed: 43 });
		expect(other.visits).not.toEqual(one.visits);
	}, 120_000);

	test('the counts add up: every game has one ending, wins per seat and per start match the wins, treasures are the plan\'s', () => {
		const r = simulate({ plan, games: 8, bots: ['explorer', 'explorer', 'wanderer'], seed: 'sum' });
		expect(r.games).toBe(8);
		expect(Object.values(r.endings).reduce((a, b) => a + b, 0)).toBe(8);
		const wins = Object.entries(r.endings).filter(([k]) => k.startsWith('win:')).reduce((a, [, n]) => a + n, 0);
		expect(r.seatWins.reduce((a, b) => a + b, 0)).toBe(wins);
		expect(r.startWins.reduce((a, b) => a + b, 0)).toBe(wins);
		expect(r.starts.reduce((a, b) => a + b, 0)).toBe(8 * 3);
		expect(r.treasures.map((t) => t.cell).sort()).toEqual(plan.items.filter((i) => i.kind === 'treasure').map((i) => i.cell).sort());
		expect(r.treasures.filter((t) => t.true)).toHaveLength(1);
		expect(r.length.min).toBeLessThanOrEqual(r.length.median);
		expect(r.length.median).toBeLessThanOrEqual(r.length.max);
		// Nothing counted outside the labyrinth's shape.
		plan.cells.forEach((cell, c) => {
			if (!cell) expect(r.visits[c]).toBe(0);
		});
	}, 120_000);

	test('a progress callback sees every game and can stop the run', () => {
		const seen: number[] = [];
		const r = simulate({ plan, games: 10, bots: ['wanderer', 'wanderer'], seed: 1, maxMoves: 50, onGame: (done) => (seen.push(done), done < 3) });
		expect(seen).toEqual([1, 2, 3]);
		expect(r.games).toBe(3);
	});

	test('played one game at a time (the editor\'s worker), the report so far is the report of that many games', () => {
		const opts = { plan, games: 5, bots: ['explorer', 'wanderer'] as ('explorer' | 'wanderer')[], seed: 'steps' };
		const run = new Simulation(opts);
		run.next();
		run.next();
		const two = run.report();
		expect(two).toEqual(simulate({ ...opts, games: 2 }));
		// A report taken is a copy: later games do not change it.
		const copy = JSON.stringify(two);
		run.next();
		expect(JSON.stringify(two)).toBe(copy);
		expect(run.report().games).toBe(3);
	}, 120_000);

	test('split into shares (the report on every core), merged in any order: the one-core report byte for byte', () => {
		// Wanderers and explorers, short games: every ending kind shows up in a different game order per share.
		for (const [games, bots, seed] of [
			[11, ['explorer', 'wanderer', 'hunter'], 'shares'],
			[7, ['wanderer', 'wanderer'], 3]
		] as const) {
			const opts = { plan, games, bots: [...bots], seed, maxMoves: 120 };
			const one = JSON.stringify(simulate(opts));
			for (const count of [2, 3, games]) {
				const tallies = Array.from({ length: count }, (_, index) => {
					const run = new Simulation(opts, { index, count });
					while (!run.finished) run.next();
					return run.tally();
				});
				expect(tallies.reduce((n, t) => n + t.played, 0)).toBe(games);
				expect(JSON.stringify(reportOf(opts, tallies))).toBe(one);
				expect(JSON.stringify(reportOf(opts, tallies.reverse()))).toBe(one);
			}
		}
	}, 240_000);

	test('a share out of range is refused', () => {
		const opts = { plan, games: 3, bots: ['wanderer' as const], seed: 1 };
		expect(() => new Simulation(opts, { index: 2, count: 2 })).toThrow();
		expect(() => new Simulation(opts, { index: 0, count: 0 })).toThrow();
	});

	test('heat rows: 0 for never, 9 for the most, dots outside the shape', () => {
		expect(heatRows({ width: 3, height: 1, cells: [{ kind: 'land' }, null, { kind: 'land' }] }, [0, 0, 5])).toEqual(['0.9']);
	});
});
