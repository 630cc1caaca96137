// Each benchmark file's time limit, read by scripts/bench.js (and checked against bench/ by
// tests/unit/bench-limits.test.ts): a file without one is refused before anything runs.

/**
 * Each file's time limit, in seconds: several times what it takes on a quiet 2-core machine, so
 * a loaded machine still finishes and a hang is cut short. `quiet`: the seconds it takes there
 * (measured under load and scaled, docs/development.md), so the whole run's time can be told
 * (under 15 minutes, issue 35).
 * @type {Record<string, { limit: number, quiet: number }>}
 */
export const BENCH_FILES = {
	'bots.bench.ts': { limit: 240, quiet: 60 },
	'bundle.bench.ts': { limit: 240, quiet: 60 }, // builds first when the build is stale
	'cli.bench.ts': { limit: 120, quiet: 20 },
	'engine.bench.ts': { limit: 180, quiet: 45 },
	'host.bench.ts': { limit: 120, quiet: 20 },
	'net.bench.ts': { limit: 240, quiet: 60 }, // builds first when the build is stale
	'phone.bench.ts': { limit: 120, quiet: 20 },
	'plan.bench.ts': { limit: 120, quiet: 20 },
	'play.bench.ts': { limit: 240, quiet: 60 },
	'reopen.bench.ts': { limit: 180, quiet: 40 }, // builds first when the build is stale
	'rules.bench.ts': { limit: 120, quiet: 20 },
	'sheet.bench.ts': { limit: 120, quiet: 20 },
	'store.bench.ts': { limit: 120, quiet: 20 }
};

/** Under this the whole `npm run bench` must finish on a quiet 2-core machine (issue 35). */
export const QUIET_TOTAL_LIMIT_S = 15 * 60;
