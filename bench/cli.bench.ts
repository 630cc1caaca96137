/**
 * The CLI's start-up: `labyrinth referee <plan>` with no commands — the process starts, reads
 * and validates the plan, loads the event texts and prints its ready line — beside a bare
 * `node -e 0` in the same run, alternated, medians of each (`cli.start_ratio`, target ≤ 5).
 * It runs the compiled CLI as `npm ci` builds it (dist/cli), rebuilt first from the sources.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { serializePlan } from '../src/lib/engine/plan/format-json';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timed(args: string[]): number {
	const start = performance.now();
	const r = spawnSync(process.execPath, args, { input: '', encoding: 'utf8' });
	const ms = performance.now() - start;
	if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
	return ms;
}

export default async () => {
	execFileSync(process.execPath, ['scripts/build-cli.js']);
	const plan = join(mkdtempSync(join(tmpdir(), 'cli-bench-')), 'plan.json');
	writeFileSync(plan, serializePlan(generatePlan({ width: 8, height: 8, seed: 'bench' })));
	const cli = ['bin/labyrinth.js', 'referee', plan, '--seed', '1'];
	timed(cli); // warm the file cache
	const bare: number[] = [];
	const started: number[] = [];
	for (let i = 0; i < 11; i++) {
		bare.push(timed(['-e', '0']));
		started.push(timed(cli));
	}
	const node = median(bare);
	const start = median(started);
	return [
		{ name: 'cli.start_ms', value: Number(start.toFixed(1)), unit: 'ms' },
		{ name: 'cli.node_start_ms', value: Number(node.toFixed(1)), unit: 'ms' },
		{ name: 'cli.start_ratio', value: Number((start / node).toFixed(2)), unit: '×' }
	];
};
