// Every benchmark file has its own time limit (scripts/bench.js refuses one without), and the
// times they take on a quiet 2-core machine add up to less than the whole run may take (issue 35).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BENCH_FILES, QUIET_TOTAL_LIMIT_S } from '../../scripts/lib/bench-limits.js';

const benchFiles = readdirSync(join(import.meta.dirname, '..', '..', 'bench')).filter((file) => file.endsWith('.bench.ts'));

test('each bench file has a time limit, and each limit names a bench file', () => {
	expect(benchFiles.length).toBeGreaterThan(0);
	expect(benchFiles.filter((file) => !(file in BENCH_FILES)), 'no limit').toEqual([]);
	expect(Object.keys(BENCH_FILES).filter((file) => !benchFiles.includes(file)), 'no such file').toEqual([]);
});

test('each limit leaves room for a loaded machine (at least twice the quiet time), and the quiet run takes less than 15 minutes', () => {
	for (const [file, { limit, quiet }] of Object.entries(BENCH_FILES)) expect(limit, file).toBeGreaterThanOrEqual(2 * quiet);
	const total = Object.values(BENCH_FILES).reduce((sum, { quiet }) => sum + quiet, 0);
	expect(total).toBeLessThan(QUIET_TOTAL_LIMIT_S);
});
