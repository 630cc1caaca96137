// `npm run bench [-- filter]`: runs every bench/*.bench.ts (default export:
// `async () => [{ name, value, unit, max?, min? }]`) in its own tsx process, prints one table (a
// figure's target, `max` or `min`, beside it, ✗ when it is missed) and writes bench/results.json
// as [{ "name", "value", "unit" }] so runs can be compared.
// Each file has its own time limit (LIMITS): a file that overruns it is killed with everything it
// started (its browsers too), said failed, and the next file runs, so one hang cannot stall the rest.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BENCH_DIR = join(ROOT, 'bench');
const MARK = '@@bench-results@@';
const filter = process.argv[2] ?? '';

/**
 * Each file's time limit, in seconds: several times what it takes on a quiet 2-core machine (the
 * run under 15 minutes in all), so a loaded machine still finishes and a hang is cut short.
 */
const LIMITS = {
	'bots.bench.ts': 240,
	'bundle.bench.ts': 240, // builds first when the build is stale
	'cli.bench.ts': 120,
	'duel.bench.ts': 120,
	'engine.bench.ts': 180,
	'host.bench.ts': 120,
	'net.bench.ts': 240, // builds first when the build is stale
	'phone.bench.ts': 120,
	'plan.bench.ts': 120,
	'play.bench.ts': 240,
	'rules.bench.ts': 120,
	'sheet.bench.ts': 120,
	'store.bench.ts': 120
};
/** A file not yet in LIMITS (say it there). */
const DEFAULT_LIMIT = 120;

const files = readdirSync(BENCH_DIR)
	.filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
	.sort();
if (files.length === 0) {
	console.error(`No bench/*.bench.ts${filter ? ` matching "${filter}"` : ''}.`);
	process.exit(1);
}

/** @type {Array<{ name: string, value: number, unit: string, max?: number, min?: number, file: string }>} */
const rows = [];
const failures = [];
for (const file of files) {
	const limit = /** @type {Record<string, number>} */ (LIMITS)[file] ?? DEFAULT_LIMIT;
	console.log(`▶ ${file} (at most ${limit} s)`);
	const run = await runFile(file, limit * 1000);
	const out = run.stdout;
	const at = out.lastIndexOf(MARK);
	// anything the bench printed itself goes through
	process.stdout.write(at >= 0 ? out.slice(0, at) : out);
	if (run.timedOut) {
		failures.push(file);
		console.error(`✗ ${file} did not finish in ${limit} s: stopped`);
		continue;
	}
	if (run.status !== 0 || at < 0) {
		failures.push(file);
		console.error(`✗ ${file} failed (exit ${run.status})`);
		continue;
	}
	for (const row of JSON.parse(out.slice(at + MARK.length))) rows.push({ ...row, file });
}

const table = [['name', 'value', 'unit', 'target', 'file'], ...rows.map((r) => [r.name, formatValue(r.value), r.unit, target(r), r.file])];
const widths = table[0].map((_, col) => Math.max(...table.map((row) => String(row[col]).length)));
console.log('');
for (const [i, row] of table.entries()) {
	console.log(row.map((cell, col) => (col === 1 ? String(cell).padStart(widths[col]) : String(cell).padEnd(widths[col]))).join('  '));
	if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

// A filtered run updates its own figures and keeps the others from the last run.
const RESULTS = join(BENCH_DIR, 'results.json');
const fresh = rows.map(({ name, value, unit }) => ({ name, value, unit }));
const kept = filter && existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')).filter((/** @type {{name: string}} */ old) => !fresh.some((row) => row.name === old.name)) : [];
writeFileSync(RESULTS, JSON.stringify([...kept, ...fresh], null, '\t') + '\n');
console.log(`\n${rows.length} figures from ${files.length - failures.length} of ${files.length} files → bench/results.json${kept.length ? ` (${kept.length} kept from the last run)` : ''}`);
const missed = rows.filter((r) => target(r).startsWith('✗'));
if (missed.length > 0) console.log(`targets missed: ${missed.map((r) => r.name).join(', ')}`);
if (failures.length > 0) {
	console.error(`failed: ${failures.join(', ')}`);
	process.exit(1);
}

/**
 * Runs one bench file in its own process group; past `limitMs` the whole group (tsx, the bench,
 * the browsers it launched) is killed.
 * @param {string} file
 * @param {number} limitMs
 * @returns {Promise<{ status: number | null, stdout: string, timedOut: boolean }>}
 */
function runFile(file, limitMs) {
	return new Promise((done) => {
		const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/lib/bench-one.js'), join(BENCH_DIR, file)], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'inherit'],
			detached: true
		});
		let stdout = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk) => (stdout += chunk));
		const kill = () => {
			try {
				if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
			} catch {
				// already gone
			}
		};
		const timer = setTimeout(() => {
			timedOut = true;
			kill();
		}, limitMs);
		// this runner stopped (Ctrl-C): the file's processes go with it
		const stop = () => {
			kill();
			process.exit(130);
		};
		process.once('SIGINT', stop);
		child.on('close', (status) => {
			clearTimeout(timer);
			process.off('SIGINT', stop);
			done({ status, stdout, timedOut });
		});
	});
}

/**
 * A figure's target as the table shows it: `≤ 3` (its `max`) or `≥ 0.98` (its `min`), with ✗ when missed.
 * @param {{ value: number, max?: number, min?: number }} row
 */
function target(row) {
	if (typeof row.max === 'number') return `${row.value <= row.max ? '' : '✗ '}≤ ${formatValue(row.max)}`;
	if (typeof row.min === 'number') return `${row.value >= row.min ? '' : '✗ '}≥ ${formatValue(row.min)}`;
	return '';
}

/** @param {number} value */
function formatValue(value) {
	if (Number.isInteger(value)) return value.toLocaleString('en-US');
	return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 10 ? 3 : 2 });
}
