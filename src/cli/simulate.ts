/**
 * `labyrinth simulate <plan> --games N --bots explorer,explorer,hunter [--seed S] [--threads N] [--json]`:
 * the balance report (src/lib/bots/simulate.ts) as JSON for scripts or as a readable table,
 * its games split across worker threads (one per core unless told; the report the same).
 * `labyrinth simulate mine.json yours.json --rules duel --bots explorer,explorer [--settings file] …`:
 * duels between two plans (src/lib/bots/simulate-duel.ts), the same way.
 */
import { readFileSync } from 'node:fs';
import { cellName } from '../lib/engine/plan/geometry';
import { RULE_SYSTEMS, type Plan, type RuleSystemId } from '../lib/engine/plan/types';
import { validatePlan } from '../lib/engine/plan/validate';
import { BOT_LEVELS, isBotLevel, type BotLevel } from '../lib/bots/bot';
import { botLevelsFor } from '../lib/bots/seats';
import { heatRows, type SimulationReport } from '../lib/bots/simulate';
import type { DuelReport } from '../lib/bots/simulate-duel';
import { simulateDuelsOnThreads, simulateOnThreads, threadsFor } from './simulate-parallel';
import type { Locale } from '../lib/i18n/events';
import { m } from '../lib/paraglide/messages.js';
import { localeOption, parseOptions, readPlan, type CliIO, type Command } from './io';

const SIMULATE_USAGE = [
	`  simulate <plan> --games N --bots ${BOT_LEVELS.join('|')},… [--seed S] [--threads N] [--json] [--lang …]`,
	`  simulate <mine> <yours> --rules duel --bots ${botLevelsFor('duel').join('|')},${botLevelsFor('duel').join('|')} [--games N] [--seed S] [--threads N] [--settings file] [--json] [--lang …]`
].join('\n');

export const simulateCommand: Command = async (argv, io) => {
	const { positional, options } = parseOptions(argv, ['json']);
	const locale = localeOption(options);
	const games = Number(options.get('games') ?? 100);
	// One thread per core by default: the report is the same whatever the number (simulate-parallel.ts).
	const threads = Number(options.get('threads') ?? threadsFor(games));
	const bots = (options.get('bots') ?? 'explorer,explorer').split(',').map((b) => b.trim());
	const rules = options.get('rules');
	const usage = () => {
		io.error(m.cli_sim_usage({ levels: BOT_LEVELS.join(', ') }, { locale: locale ?? 'en' }));
		io.error(SIMULATE_USAGE);
		return 2;
	};
	if (
		!locale ||
		positional.length < 1 ||
		positional.length > 2 ||
		!Number.isInteger(games) ||
		games < 1 ||
		games > 1_000_000 ||
		!Number.isInteger(threads) ||
		threads < 1 ||
		threads > 256 ||
		!bots.every(isBotLevel) ||
		(rules !== undefined && !(RULE_SYSTEMS as readonly string[]).includes(rules))
	)
		return usage();
	const run: Run = { games, threads, seed: options.get('seed') ?? '1', json: options.has('json'), locale, io };
	if (positional.length === 2 || rules === 'duel') return duels(positional, rules as RuleSystemId | undefined, bots as BotLevel[], options.get('settings'), run);
	const read = await readPlan(positional[0]!, io, locale);
	if (!read) return 1;
	const plan: Plan = rules ? { ...read, rules: rules as RuleSystemId } : read;
	// A duel plan alone: a duel is two plans (its report has no table to play at).
	if (plan.rules === 'duel') {
		io.error(m.cli_sim_duel_two_plans({}, { locale }));
		return 2;
	}
	if (validatePlan(plan, { players: bots.length }).errors.length) {
		io.error(m.cli_sim_invalid_plan({}, { locale }));
		return 1;
	}
	let report: SimulationReport;
	try {
		report = await simulateOnThreads({ plan, games, bots: bots as BotLevel[], seed: run.seed }, threads);
	} catch (e) {
		io.error((e as Error).message);
		return 1;
	}
	if (run.json) io.write(JSON.stringify(report));
	else for (const line of reportTable(report, plan, locale)) io.write(line);
	return 0;
};

interface Run {
	games: number;
	threads: number;
	seed: string;
	json: boolean;
	locale: Locale;
	io: CliIO;
}

/** Duels between two plans (each player's own, walked by the other), with the agreements of `--settings`. */
async function duels(paths: string[], rules: RuleSystemId | undefined, bots: BotLevel[], settingsFile: string | undefined, run: Run): Promise<number> {
	const { io, locale } = run;
	if (paths.length !== 2) {
		io.error(m.cli_sim_duel_two_plans({}, { locale }));
		return 2;
	}
	if (rules !== undefined && rules !== 'duel') {
		io.error(m.cli_sim_duel_rules({}, { locale }));
		return 2;
	}
	const offered = botLevelsFor('duel');
	if (bots.length !== 2 || !bots.every((b) => offered.includes(b))) {
		io.error(m.cli_sim_duel_bots({ levels: offered.join(', ') }, { locale }));
		io.error(SIMULATE_USAGE);
		return 2;
	}
	const plans: Plan[] = [];
	for (const path of paths) {
		const read = await readPlan(path, io, locale);
		if (!read) return 1;
		if (!rules && read.rules !== 'duel') {
			io.error(`${path}: ${m.cli_sim_duel_rules({}, { locale })}`);
			return 2;
		}
		plans.push({ ...read, rules: 'duel' });
	}
	let settings: unknown = undefined;
	if (settingsFile !== undefined) {
		try {
			settings = JSON.parse(readFileSync(settingsFile, 'utf8'));
		} catch (e) {
			io.error(m.cli_cannot_read({ path: settingsFile, reason: (e as Error).message }, { locale }));
			return 1;
		}
	}
	// The plans are checked against the rules as agreed (re-entry through any exit allows fenced areas, 3.8).
	const agreed = { duelReentryAnyExit: (settings as { duelReentryAnyExit?: unknown } | null)?.duelReentryAnyExit === true };
	let invalid = false;
	plans.forEach((plan, i) => {
		if (validatePlan(plan, { settings: agreed }).errors.length === 0) return;
		io.error(`${paths[i]}: ${m.cli_sim_invalid_plan({}, { locale })}`);
		invalid = true;
	});
	if (invalid) return 1;
	let report: DuelReport;
	try {
		report = await simulateDuelsOnThreads({ plans: [plans[0]!, plans[1]!], games: run.games, bots: [bots[0]!, bots[1]!], seed: run.seed, settings }, run.threads);
	} catch (e) {
		io.error((e as Error).message);
		return 1;
	}
	if (run.json) io.write(JSON.stringify(report));
	else for (const line of duelTable(report, locale)) io.write(line);
	return 0;
}

/** The duels' report as lines of text (players numbered from 1, as at the table). */
export function duelTable(r: DuelReport, locale: Locale): string[] {
	const pct = (n: number) => `${((100 * n) / Math.max(1, r.games)).toFixed(1)}%`;
	const out: string[] = [m.cli_sim_duel_title({ games: r.games, mine: r.plans[0], yours: r.plans[1], bots: r.bots.join(', '), seed: r.seed }, { locale }), ''];
	// Player p walks the plan of player 1 − p.
	for (const p of [0, 1] as const) out.push(`  ${m.cli_sim_duel_side({ n: p + 1, bot: r.bots[p], plan: r.plans[1 - p]!, wins: r.wins[p], pct: pct(r.wins[p]), fakes: r.fakes[p] }, { locale })}`);
	out.push(`  ${m.cli_sim_duel_first({ n: r.firstWins, pct: pct(r.firstWins) }, { locale })}`);
	out.push(`  ${m.cli_sim_duel_unfinished({ n: r.unfinished, pct: pct(r.unfinished) }, { locale })}`);
	const t = r.turns;
	out.push('', m.cli_sim_duel_turns({ median: t.median, p10: t.p10, p90: t.p90, min: t.min, max: t.max, mean: t.mean }, { locale }));
	return out;
}

/** The report as lines of text. */
export function reportTable(r: SimulationReport, plan: Plan, locale: Locale): string[] {
	const name = (c: number) => cellName(c, plan.width);
	const pct = (n: number) => `${((100 * n) / Math.max(1, r.games)).toFixed(1)}%`;
	const out: string[] = [];
	out.push(m.cli_sim_title({ games: r.games, plan: r.plan.name, bots: r.bots.join(', '), seed: r.seed }, { locale }));
	out.push('', m.cli_sim_endings({}, { locale }));
	const endings = Object.entries(r.endings).sort((a, b) => b[1] - a[1]);
	const width = Math.max(...endings.map(([k]) => k.length));
	for (const [k, n] of endings) out.push(`  ${k.padEnd(width)}  ${String(n).padStart(6)}  ${pct(n).padStart(6)}`);
	const l = r.length;
	out.push('', m.cli_sim_length({ median: l.median, p10: l.p10, p90: l.p90, min: l.min, max: l.max, mean: l.mean }, { locale }));
	out.push('', m.cli_sim_seat_wins({}, { locale }));
	r.seatWins.forEach((n, seat) => out.push(`  ${seat + 1} (${r.bots[seat]})  ${String(n).padStart(6)}  ${pct(n).padStart(6)}`));
	out.push('', m.cli_sim_visits({}, { locale }), ...heatRows(plan, r.visits).map((row) => `  ${row}`));
	out.push('', m.cli_sim_deaths({}, { locale }), ...heatRows(plan, r.deaths).map((row) => `  ${row}`));
	const best = r.starts
		.map((n, c) => ({ c, n, w: r.startWins[c]! }))
		.filter((s) => s.n >= 3)
		.sort((a, b) => b.w / b.n - a.w / a.n)
		.slice(0, 5);
	if (best.length) {
		out.push('', m.cli_sim_starts({}, { locale }));
		for (const s of best) out.push(`  ${name(s.c).padEnd(5)} ${String(s.w).padStart(5)} / ${String(s.n).padEnd(5)} ${((100 * s.w) / s.n).toFixed(0)}%`);
	}
	out.push('', m.cli_sim_treasures({}, { locale }));
	for (const t of r.treasures) out.push(`  ${name(t.cell).padEnd(5)} ${(t.true ? m.cli_sim_true({}, { locale }) : m.cli_sim_fake({}, { locale })).padEnd(8)} ${m.cli_sim_pull({ visits: t.visits, pickups: t.pickups }, { locale })}`);
	out.push('', m.cli_sim_never({}, { locale }));
	out.push(r.neverReached.length ? `  ${r.neverReached.map((f) => `${name(f.cell)} ${f.kind}`).join(', ')}` : `  ${m.cli_sim_none({}, { locale })}`);
	return out;
}
