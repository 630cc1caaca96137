/**
 * `labyrinth simulate <plan> --games N --bots explorer,explorer,hunter [--seed S] [--threads N] [--json]`:
 * the balance report (src/lib/bots/simulate.ts) as JSON for scripts or as a readable table,
 * its games split across worker threads (one per core unless told; the report the same).
 */
import { cellName } from '../lib/engine/plan/geometry';
import type { Plan } from '../lib/engine/plan/types';
import { validatePlan } from '../lib/engine/plan/validate';
import { BOT_LEVELS, isBotLevel, type BotLevel } from '../lib/bots/bot';
import { heatRows, type SimulationReport } from '../lib/bots/simulate';
import { simulateOnThreads, threadsFor } from './simulate-parallel';
import type { Locale } from '../lib/i18n/events';
import { m } from '../lib/paraglide/messages.js';
import { localeOption, parseOptions, readPlan, type Command } from './io';

const SIMULATE_USAGE = `  simulate <plan> --games N --bots ${BOT_LEVELS.join('|')},… [--seed S] [--threads N] [--json] [--lang …]`;

export const simulateCommand: Command = async (argv, io) => {
	const { positional, options } = parseOptions(argv, ['json']);
	const locale = localeOption(options);
	const games = Number(options.get('games') ?? 100);
	// One thread per core by default: the report is the same whatever the number (simulate-parallel.ts).
	const threads = Number(options.get('threads') ?? threadsFor(games));
	const bots = (options.get('bots') ?? 'explorer,explorer').split(',').map((b) => b.trim());
	if (!locale || positional.length !== 1 || !Number.isInteger(games) || games < 1 || games > 1_000_000 || !Number.isInteger(threads) || threads < 1 || threads > 256 || !bots.every(isBotLevel)) {
		io.error(m.cli_sim_usage({ levels: BOT_LEVELS.join(', ') }, { locale: locale ?? 'en' }));
		io.error(SIMULATE_USAGE);
		return 2;
	}
	const plan = await readPlan(positional[0]!, io, locale);
	if (!plan) return 1;
	if (validatePlan(plan, { players: bots.length }).errors.length) {
		io.error(m.cli_sim_invalid_plan({}, { locale }));
		return 1;
	}
	const seed = options.get('seed') ?? '1';
	let report: SimulationReport;
	try {
		report = await simulateOnThreads({ plan, games, bots: bots as BotLevel[], seed }, threads);
	} catch (e) {
		io.error((e as Error).message);
		return 1;
	}
	if (options.has('json')) io.write(JSON.stringify(report));
	else for (const line of reportTable(report, plan, locale)) io.write(line);
	return 0;
};

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
