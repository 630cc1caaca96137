// Runs one benchmark file (under `node --import tsx`) and prints its rows after a marker,
// for scripts/bench.js. A file's default export: async () => [{ name, value, unit, max?, min? }]
// (`max`/`min`: the figure's target, shown beside it).
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
if (!file) throw new Error('usage: bench-one.js <file.bench.ts>');
const module = await import(pathToFileURL(file).href);
if (typeof module.default !== 'function') throw new Error(`${file}: no default export function`);
const rows = await module.default();
if (!Array.isArray(rows)) throw new Error(`${file}: the default export must resolve to an array`);
for (const row of rows) {
	if (typeof row?.name !== 'string' || typeof row.value !== 'number' || !Number.isFinite(row.value) || typeof row.unit !== 'string') {
		throw new Error(`${file}: bad row ${JSON.stringify(row)} (want { name: string, value: finite number, unit: string })`);
	}
	for (const bound of ['max', 'min']) {
		if (row[bound] !== undefined && (typeof row[bound] !== 'number' || !Number.isFinite(row[bound]))) throw new Error(`${file}: bad ${bound} in ${JSON.stringify(row)} (a target: a finite number)`);
	}
}
process.stdout.write(`\n@@bench-results@@${JSON.stringify(rows)}\n`);
