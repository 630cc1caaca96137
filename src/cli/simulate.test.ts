import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { simulate } from '../lib/bots/simulate';
import { serializePlan } from '../lib/engine/plan/format-json';
import { generatePlan } from '../lib/engine/plan/generate';
import { generateDuel } from '../lib/engine/rules/duel/generate';
import { main } from './main';
import { simulateOnThreads } from './simulate-parallel';

/** `labyrinth …` through its dispatcher, in this process (the bin script only wires the IO). */
async function labyrinth(args: string[]) {
	const out: string[] = [];
	const errors: string[] = [];
	const status = await main(args, { input: Readable.from([]), write: (l) => out.push(l), error: (l) => errors.push(l) });
	return { status, stdout: out.join('\n'), stderr: errors.join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'labyrinth-sim-'));
const file = join(dir, 'plan.json');
writeFileSync(file, serializePlan(generatePlan({ width: 6, height: 6, seed: 'cli' })));
const mine = join(dir, 'mine.json');
const yours = join(dir, 'yours.json');
writeFileSync(mine, serializePlan(generateDuel(1, 'mine')));
writeFileSync(yours, serializePlan(generateDuel(2, 'yours')));

describe('labyrinth simulate', () => {
	test('--json: the report for scripts, the same for the same seed', async () => {
		const args = ['simulate', file, '--games', '3', '--bots', 'explorer,hunter', '--seed', '9', '--json'];
		const r = await labyrinth(args);
		expect(r.status).toBe(0);
		const report = JSON.parse(r.stdout);
		expect(report.games).toBe(3);
		expect(report.bots).toEqual(['explorer', 'hunter']);
		expect((await labyrinth(args)).stdout).toBe(r.stdout);
	}, 120_000);

	test('on worker threads (one per core by default): the report is the one-thread report byte for byte', async () => {
		const args = ['simulate', file, '--games', '5', '--bots', 'explorer,wanderer,hunter', '--seed', 'threads', '--json'];
		const one = await labyrinth([...args, '--threads', '1']);
		const three = await labyrinth([...args, '--threads', '3']);
		expect(one.stderr + three.stderr).toBe('');
		expect(one.status).toBe(0);
		expect(three.status).toBe(0);
		expect(JSON.parse(three.stdout).games).toBe(5);
		expect(three.stdout).toBe(one.stdout);
		expect((await labyrinth([...args, '--threads', '0'])).status).toBe(2);
	}, 240_000);

	test("threads started from the file given (the bench's built simulate-thread.js): the one-thread report byte for byte; a file missing fails the report", async () => {
		const thread = join(dir, 'simulate-thread.js');
		// Built as scripts/build-cli.js builds it (dist/cli may be stale in a test run).
		await build({ entryPoints: [join(import.meta.dirname, 'simulate-thread.ts')], outfile: thread, bundle: true, platform: 'node', format: 'esm', target: 'node20', tsconfigRaw: {}, logLevel: 'warning' });
		const options = { plan: generatePlan({ width: 6, height: 6, seed: 'thread-file' }), games: 4, bots: ['explorer', 'hunter'] as const, seed: 'file' };
		const one = JSON.stringify(simulate({ ...options, bots: [...options.bots] }));
		expect(JSON.stringify(await simulateOnThreads({ ...options, bots: [...options.bots] }, 2, undefined, pathToFileURL(thread)))).toBe(one);
		await expect(simulateOnThreads({ ...options, bots: [...options.bots] }, 2, undefined, pathToFileURL(join(dir, 'missing.js')))).rejects.toThrow();
	}, 240_000);

	test('the table in the language asked, with heat maps', async () => {
		const r = await labyrinth(['simulate', file, '--games', '2', '--bots', 'explorer,explorer', '--lang', 'ru']);
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('Чем закончились партии:');
		expect(r.stdout).toContain('Посещения клеток');
	});

	test('an unknown bot level or a missing plan: usage, exit 2, nothing printed on stdout', async () => {
		const r = await labyrinth(['simulate', file, '--bots', 'explorer,genius']);
		expect(r.status).toBe(2);
		expect(r.stdout).toBe('');
		expect(r.stderr).toContain('wanderer, explorer, hunter');
		expect((await labyrinth(['simulate', '--games', '2'])).status).toBe(2);
	});

	// Issue 36: duels between two plans, each player's own walked by the other's computer.
	test('two duel plans: wins per side, unfinished, turns; the same for the same seed, on one thread or several', async () => {
		const args = ['simulate', mine, yours, '--rules', 'duel', '--bots', 'explorer,explorer', '--games', '4', '--seed', '7', '--json'];
		const one = await labyrinth([...args, '--threads', '1']);
		expect(one.stderr).toBe('');
		expect(one.status).toBe(0);
		const report = JSON.parse(one.stdout);
		expect(report).toMatchObject({ rules: 'duel', plans: ['mine', 'yours'], games: 4, bots: ['explorer', 'explorer'], seed: '7' });
		expect(report.wins[0] + report.wins[1] + report.unfinished).toBe(4);
		expect(report.firstWins).toBeLessThanOrEqual(report.wins[0] + report.wins[1]);
		expect(report.turns.min).toBeGreaterThan(0);
		const two = await labyrinth([...args, '--threads', '2']);
		expect(two.stderr).toBe('');
		expect(two.stdout).toBe(one.stdout);
		// Without --rules, two duel plans are a duel too.
		expect((await labyrinth(args.filter((a) => a !== '--rules' && a !== 'duel').concat('--threads', '1'))).stdout).toBe(one.stdout);
	}, 240_000);

	test('duels as a table, in the language asked', async () => {
		const r = await labyrinth(['simulate', mine, yours, '--rules', 'duel', '--games', '2', '--lang', 'ru', '--threads', '1']);
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('Дуэлей: 2; «mine» против «yours»');
		expect(r.stdout).toContain('Игрок 1 (explorer) в «yours»');
		expect(r.stdout).toContain('Ходов за дуэль');
	}, 120_000);

	test('wrong duel inputs: one plan, a plan that is no duel plan, other rules, levels a duel has not; a clear error and nothing on stdout', async () => {
		const cases: [string[], number, string][] = [
			[['simulate', mine, '--rules', 'duel'], 2, 'A duel needs two plans'],
			[['simulate', mine], 2, 'A duel needs two plans'],
			[['simulate', file, yours], 2, 'Two plans make a duel'],
			[['simulate', mine, yours, '--rules', 'classic'], 2, 'Two plans make a duel'],
			[['simulate', file, yours, '--rules', 'duel'], 1, 'The plan has errors'],
			[['simulate', mine, yours, '--bots', 'explorer,hunter'], 2, 'two levels, one per player, of wanderer, explorer'],
			[['simulate', mine, yours, '--bots', 'explorer'], 2, 'two levels'],
			[['simulate', mine, yours, file], 2, 'simulate <mine> <yours> --rules duel']
		];
		for (const [args, status, said] of cases) {
			const r = await labyrinth(args);
			expect({ args, status: r.status }).toEqual({ args, status });
			expect(r.stderr).toContain(said);
			expect(r.stdout).toBe('');
		}
		// The plan refused is named.
		expect((await labyrinth(['simulate', file, yours, '--rules', 'duel'])).stderr).toContain(file);
	}, 120_000);
});
