// `npm run bench [-- filter]`: runs every bench/*.bench.ts (default export:
// `async () => [{ name, value, unit }]`) in its own tsx process, prints one table and writes
// bench/results.json as [{ "name", "value", "unit" }] so runs can be compared.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BENCH_DIR = join(ROOT, 'bench');
const MARK = '@@bench-results@@';
const filter = process.argv[2] ?? '';

const files = readdirSync(BENCH_DIR)
	.filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
	.sort();
if (files.length === 0) {
	console.error(`No bench/*.bench.ts${filter ? ` matching "${filter}"` : ''}.`);
	process.exit(1);
}

/** @type {Array<{ name: string, value: number, unit: string, file: string }>} */
const rows = [];
const failures = [];
for (const file of files) {
	console.log(`▶ ${file}`);
	const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/lib/bench-one.js'), join(BENCH_DIR, file)], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
		maxBuffer: 64 * 1024 * 1024
	});
	const out = run.stdout ?? '';
	const at = out.lastIndexOf(MARK);
	// anything the bench printed itself goes through
	process.stdout.write(at >= 0 ? out.slice(0, at) : out);
	if (run.status !== 0 || at < 0) {
		failures.push(file);
		console.error(`✗ ${file} failed (exit ${run.status})`);
		continue;
	}
	for (const row of JSON.parse(out.slice(at + MARK.length))) rows.push({ ...row, file });
}

const table = [['name', 'value', 'unit', 'file'], ...rows.map((r) => [r.name, formatValue(r.value), r.unit, r.file])];
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
if (failures.length > 0) process.exit(1);

/** @param {number} value */
function formatValue(value) {
	if (Number.isInteger(value)) return value.toLocaleString('en-US');
	return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 10 ? 3 : 2 });
}
