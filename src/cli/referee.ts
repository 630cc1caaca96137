/**
 * `labyrinth referee <plan> [--players N] [--order 2,0,1] [--lang en|ru|uk] [--settings file] [--seed S] [--allow-invalid]`
 * `labyrinth referee <plan0> <plan1> [--rules duel] [--lang …] [--settings file] [--seed S] [--allow-invalid]` — a duel: two
 * duel plans (each player's own); a command's `by` is the player (0 or 1) and goes to the
 * half he walks; every event line carries `half` (whose plan it came from) and `turn`
 * (whose turn it is next, with `left` actions).
 *
 * The plan is validated first: an invalid one is refused with the validator's located errors
 * (`--allow-invalid` plays it anyway). Reads commands as JSON lines on stdin — a cell may be
 * given by its name as on the plan (`"cell":"c3"`) or by its index — and writes every event as a
 * JSON line `{ "command": i, "event": …, "audience": …, "text": … }` (`i`: the index of the command
 * that caused it, from 0, counting the command lines read; text rendered in --lang). The first
 * line is `{ "ready": true, "order": [...], "players": N }` (the turn order: agreed with
 * --order, else drawn from --seed). Relative imports only (bundled into dist/cli by esbuild).
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { apply } from '../lib/engine/game/apply';
import { createGame, initialState } from '../lib/engine/game/game';
import type { Command, GameEvent } from '../lib/engine/game/types';
import { parseCellName } from '../lib/engine/plan/geometry';
import { validatePlan, type ValidateOptions } from '../lib/engine/plan/validate';
import { jsonFault } from '../lib/engine/plan/format-json';
import { LOCALES, renderEvent, type Locale } from '../lib/i18n/events';
import { loadEventTexts } from '../lib/i18n/event-texts';
import { m } from '../lib/paraglide/messages.js';
import { describeProblem, readPlan, type CliIO } from './io';
import { createDuel, duelCommand } from '../lib/engine/rules/duel/match';
import { RULE_SYSTEMS, type Plan, type RuleSystemId } from '../lib/engine/plan/types';
import { systemFace } from '../lib/systems/index';

export type RefereeIO = CliIO;

type Args = {
	plan?: string;
	plan2?: string;
	rules?: RuleSystemId;
	players: number;
	order?: number[];
	lang: Locale;
	settings?: string;
	seed: string;
	allowInvalid: boolean;
};

const USAGE =
	'usage: labyrinth referee <plan> [<plan2> for a duel] [--rules R] [--players N] [--order 2,0,1] [--lang en|ru|uk] [--settings file] [--seed S] [--allow-invalid]';

function parseArgs(argv: string[]): Args | string {
	const a: Args = { players: 2, lang: 'en', seed: String(Date.now()), allowInvalid: false };
	let order: string | undefined;
	for (let i = 0; i < argv.length; i++) {
		const v = argv[i]!;
		const next = () => argv[++i];
		if (v === '--players') a.players = Number(next());
		else if (v === '--lang') {
			const l = next();
			if (!(LOCALES as readonly string[]).includes(l ?? '')) return `unknown language: ${l}`;
			a.lang = l as Locale;
		} else if (v === '--settings') a.settings = next();
		else if (v === '--rules') {
			const r = next();
			if (!(RULE_SYSTEMS as readonly string[]).includes(r ?? '')) return `unknown rules: ${r}`;
			a.rules = r as RuleSystemId;
		} else if (v === '--seed') a.seed = next() ?? a.seed;
		else if (v === '--order') order = next() ?? '';
		else if (v === '--allow-invalid') a.allowInvalid = true;
		else if (v.startsWith('--')) return `unknown option: ${v}`;
		else if (!a.plan) a.plan = v;
		else if (!a.plan2) a.plan2 = v;
		else return `unexpected argument: ${v}`;
	}
	if (!a.plan) return USAGE;
	if (a.rules && systemFace(a.rules).plans === 2 && !a.plan2) return 'a duel needs two plans: labyrinth referee <plan0> <plan1> --rules duel';
	if (order !== undefined) {
		if (a.plan2) return "--order is for a game with a master; a duel's first player is drawn from --seed";
		const seats = order.split(',').map((s) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN));
		const ok = seats.length === a.players && seats.every((s) => s < a.players) && new Set(seats).size === a.players;
		const example = Array.from({ length: Math.max(a.players, 1) }, (_, i) => Math.max(a.players, 1) - 1 - i).join(',');
		if (!ok) return m.cli_order_invalid({ last: Math.max(a.players - 1, 0), example }, { locale: a.lang });
		a.order = seats;
	}
	return a;
}

/**
 * Cells named as on the plan (`"c3"`) anywhere in a command — a start, an ordered cell, a
 * correction, a re-entry — become their indexes; an index stays; a name that is no cell of the
 * plan is left for the referee to refuse.
 */
export function withCellIndexes(value: unknown, width: number, height: number): unknown {
	if (Array.isArray(value)) return value.map((v) => withCellIndexes(v, width, height));
	if (!value || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(value)) {
		if (k === 'cell' && typeof v === 'string') out[k] = parseCellName(v, width, height) ?? v;
		else out[k] = withCellIndexes(v, width, height);
	}
	return out;
}

/** The plan's errors, located (stderr); true when the game may go on (valid, or --allow-invalid). */
function checked(plan: Plan, path: string, args: Args, settings: ValidateOptions['settings'], io: RefereeIO): boolean {
	const report = validatePlan(plan, { players: args.plan2 ? undefined : args.players, settings });
	if (report.errors.length === 0) return true;
	io.error(m.cli_errors({}, { locale: args.lang }));
	for (const p of report.errors) io.error(describeProblem(p, plan, args.lang));
	if (args.allowInvalid) return true;
	io.error(m.cli_plan_refused({ path }, { locale: args.lang }));
	return false;
}

/** The deepest nesting of lists and objects a command line may have (a move with conditional parts nested as deep as the engine reads them needs about 20). */
export const MAX_COMMAND_DEPTH = 40;

/** A command line that cannot be read: where (its line of the input, `line:column`) and why, in the referee's language. */
type Unreadable = { line: number; error: string };

/**
 * The command lines of stdin (empty lines and `#` comments skipped), each parsed, with its index;
 * a line that is not JSON, or nested deeper than `MAX_COMMAND_DEPTH`, comes as `Unreadable` (never
 * parsed: no line, however deep, can exhaust the call stack).
 */
async function* commandLines(io: RefereeIO, lang: Locale): AsyncGenerator<[number, unknown, Unreadable | null]> {
	const rl = createInterface({ input: io.input, crlfDelay: Infinity });
	let index = 0;
	let lineNo = 0;
	for await (const line of rl) {
		lineNo++;
		const trimmed = line.trim();
		if (!trimmed || trimmed.startsWith('#')) continue;
		const fault = jsonFault(trimmed, MAX_COMMAND_DEPTH);
		if (fault) {
			const at = `${lineNo}:${fault.at + line.indexOf(trimmed[0]!) + 1}`;
			const error = fault.deep ? m.cli_command_too_deep({ at, depth: MAX_COMMAND_DEPTH }, { locale: lang }) : m.cli_command_not_json({ at }, { locale: lang });
			yield [index++, { type: 'unparsable' }, { line: lineNo, error }];
			continue;
		}
		yield [index++, JSON.parse(trimmed), null];
	}
}

/** The refusal of a line that cannot be read: to the master (nobody's command), with where and why. */
function unreadableLine(index: number, u: Unreadable, lang: Locale, extra: object = {}): string {
	const event: GameEvent = { type: 'rejected', reason: 'malformed', command: 'unparsable', audience: { to: 'master' } };
	const { audience, ...body } = event;
	return JSON.stringify({ command: index, line: u.line, event: body, audience, ...extra, text: renderEvent(event, lang), error: u.error });
}

export async function referee(argv: string[], io: RefereeIO): Promise<number> {
	const args = parseArgs(argv);
	if (typeof args === 'string') {
		io.error(args);
		return 2;
	}
	await loadEventTexts(args.lang);
	const read = await readPlan(args.plan!, io, args.lang);
	if (!read) return 1;
	const read2 = args.plan2 ? await readPlan(args.plan2, io, args.lang) : null;
	if (args.plan2 && !read2) return 1;
	// --rules plays the plans under that rule system (their own `rules` field otherwise).
	const plan: Plan = args.rules ? { ...read, rules: args.rules } : read;
	const plan2: Plan | null = read2 && args.rules ? { ...read2, rules: args.rules } : read2;
	let settings: unknown = undefined;
	if (args.settings) {
		try {
			settings = JSON.parse(readFileSync(args.settings, 'utf8'));
		} catch (e) {
			io.error(`cannot read settings ${args.settings}: ${(e as Error).message}`);
			return 1;
		}
	}
	// The plans are checked against the rules as agreed (a duel's re-entry through any exit allows fenced areas, 3.8).
	const agreed = { duelReentryAnyExit: (settings as { duelReentryAnyExit?: unknown } | null)?.duelReentryAnyExit === true };
	if (!checked(plan, args.plan!, args, agreed, io) || (plan2 && !checked(plan2, args.plan2!, args, agreed, io))) return 1;
	if (plan2) return duelReferee([plan, plan2], args, settings, io);
	const g = createGame({ plan, seats: args.players, seed: args.seed, settings, ...(args.order ? { order: args.order } : {}) });
	if (!g.ok) {
		io.error(`cannot start the game: ${JSON.stringify(g.error)}`);
		return 1;
	}
	let state = initialState(g.value);
	const { width, height } = state.board;
	io.write(JSON.stringify({ ready: true, order: state.order, players: args.players }));
	for await (const [index, cmd, unreadable] of commandLines(io, args.lang)) {
		if (unreadable) {
			io.write(unreadableLine(index, unreadable, args.lang));
			continue;
		}
		const r = apply(state, withCellIndexes(cmd, width, height) as Command);
		state = r.state;
		for (const event of r.events) {
			const { audience, ...body } = event;
			io.write(JSON.stringify({ command: index, event: body, audience, text: renderEvent(event, args.lang, width) }));
		}
	}
	return 0;
}

async function duelReferee(plans: [Plan, Plan], args: Args, settings: unknown, io: RefereeIO): Promise<number> {
	const r = createDuel({ plans, seed: args.seed, settings });
	if (!r.ok) {
		io.error(`cannot start the duel: ${JSON.stringify(r.error)}`);
		return 1;
	}
	let m = r.value;
	io.write(JSON.stringify({ ready: true, first: m.turns.turn, players: 2 }));
	for await (const [index, parsed, unreadable] of commandLines(io, args.lang)) {
		if (unreadable) {
			io.write(unreadableLine(index, unreadable, args.lang, { half: null }));
			continue;
		}
		const by = (parsed as { by?: unknown } | null)?.by;
		if (by !== 0 && by !== 1) {
			const event: GameEvent = { type: 'rejected', reason: 'malformed', command: String((parsed as { type?: unknown } | null)?.type).slice(0, 40), audience: { to: 'master' } };
			const { audience, ...body } = event;
			io.write(JSON.stringify({ command: index, event: body, audience, half: null, text: renderEvent(event, args.lang) }));
			continue;
		}
		// The command goes to the half he walks: the other player's plan names its cells.
		const walked = m.halves[1 - by]!.board;
		const s = duelCommand(m, by, withCellIndexes(parsed, walked.width, walked.height) as Command);
		m = s.match;
		const width = m.halves[s.half].board.width;
		const lines: [GameEvent, number][] = [...s.events.map((e): [GameEvent, number] => [e, s.half]), ...(s.other ?? []).map((e): [GameEvent, number] => [e, 1 - s.half])];
		for (const [e, half] of lines) {
			const { audience, ...body } = e;
			io.write(JSON.stringify({ command: index, event: body, audience, half, turn: m.turns.turn, left: m.turns.left, text: renderEvent(e, args.lang, width) }));
		}
	}
	return 0;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
	referee(process.argv.slice(2), {
		input: process.stdin,
		write: (l) => process.stdout.write(l + '\n'),
		error: (l) => process.stderr.write(l + '\n')
	}).then((code) => process.exit(code));
}
