// Each benchmark file's time limit, read by scripts/bench.js (and checked against bench/ by
// tests/unit/bench-limits.test.ts): a file without one is refused before anything runs.

/**
 * Each file's time limit, in seconds: at least twice what it takes, so a loaded machine still
 * finishes and a hang is cut short. `quiet`: the seconds it takes at most on a quiet 2-core
 * machine — what it took on the shared 2-core machine under a load average of ~18 (issue 35,
 * each file run alone; CPU time 2–26 s a file, docs/development.md), so an upper bound — whose
 * sum tells the whole run's time (under 15 minutes).
 * @type {Record<string, { limit: number, quiet: number }>}
 */
export const BENCH_FILES = {
	'bots.bench.ts': { limit: 240, quiet: 55 },
	'bundle.bench.ts': { limit: 240, quiet: 115 }, // builds first when the build is stale (most of its time)
	'cli.bench.ts': { limit: 120, quiet: 25 },
	'computer-duel.bench.ts': { limit: 120, quiet: 15 },
	'duel.bench.ts': { limit: 120, quiet: 30 },
	'engine.bench.ts': { limit: 180, quiet: 20 },
	'host.bench.ts': { limit: 120, quiet: 40 },
	'net.bench.ts': { limit: 300, quiet: 130 }, // builds first when the build is stale
	'phone.bench.ts': { limit: 120, quiet: 20 },
	'plan.bench.ts': { limit: 120, quiet: 25 },
	'play.bench.ts': { limit: 240, quiet: 15 },
	'reopen.bench.ts': { limit: 180, quiet: 70 }, // builds first when the build is stale
	'report.bench.ts': { limit: 240, quiet: 35 }, // 37–119 s at a load average of 10–20
	'rules.bench.ts': { limit: 120, quiet: 20 },
	'sheet.bench.ts': { limit: 120, quiet: 55 },
	'store.bench.ts': { limit: 120, quiet: 25 }
};

/** Under this the whole `npm run bench` must finish on a quiet 2-core machine (issue 35). */
export const QUIET_TOTAL_LIMIT_S = 15 * 60;
