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
});
