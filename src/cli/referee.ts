/**
 * `labyrinth referee <plan> [--players N] [--lang en|ru|uk] [--settings file] [--seed S]`
 * `labyrinth referee <plan0> <plan1> [--rules duel] [--lang …] [--settings file] [--seed S]` — a duel: two
 * duel plans (each player's own); a command's `by` is the player (0 or 1) and goes to the
 * half he walks; every event line carries `half` (whose plan it came from) and `turn`
 * (whose turn it is next, with `left` actions).
 *
 * Reads commands as JSON lines on stdin and writes every event as a JSON line
 * `{ "event": …, "audience": …, "text": … }` (text rendered in --lang). The first
 * line is `{ "ready": true, "order": [...], "players": N }` (the drawn turn order).
 * Runs under tsx: relative imports only.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { apply } from '../lib/engine/game/apply';
import { createGame, initialState } from '../lib/engine/game/game';
import type { Command, GameEvent } from '../lib/engine/game/types';
import { LOCALES, loadEventTexts, renderEvent, type Locale } from '../lib/i18n/events';
import { readPlan, type CliIO } from './io';
import { createDuel, duelCommand } from '../lib/engine/rules/duel-match';
import { RULE_SYSTEMS, type Plan, type RuleSystemId } from '../lib/engine/plan/types';

export type RefereeIO = CliIO;

type Args = { plan?: string; plan2?: string; rules?: RuleSystemId; players: number; lang: Locale; settings?: string; seed: string };

function parseArgs(argv: string[]): Args | string {
	const a: Args = { players: 2, lang: 'en', seed: String(Date.now()) };
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
		}
		else if (v === '--seed') a.seed = next() ?? a.seed;
		else if (v.startsWith('--')) return `unknown option: ${v}`;
		else if (!a.plan) a.plan = v;
		else if (!a.plan2) a.plan2 = v;
		else return `unexpected argument: ${v}`;
	}
	if (!a.plan) return 'usage: labyrinth referee <plan> [<plan2> for a duel] [--rules R] [--players N] [--lang en|ru|uk] [--settings file] [--seed S]';
	if (a.rules === 'duel' && !a.plan2) return 'a duel needs two plans: labyrinth referee <plan0> <plan1> --rules duel';
	return a;
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
	if (plan2) return duelReferee([plan, plan2], args, settings, io);
	const g = createGame({ plan, seats: args.players, seed: args.seed, settings });
	if (!g.ok) {
		io.error(`cannot start the game: ${JSON.stringify(g.error)}`);
		return 1;
	}
	let state = initialState(g.value);
	const width = state.board.width;
	io.write(JSON.stringify({ ready: true, order: state.order, players: args.players }));
	const out = (event: GameEvent) => {
		const { audience, ...body } = event;
		io.write(JSON.stringify({ event: body, audience, text: renderEvent(event, args.lang, width) }));
	};
	const rl = createInterface({ input: io.input, crlfDelay: Infinity });
	for await (const line of rl) {
		const trimmed = line.trim();
		if (!trimmed || trimmed.startsWith('#')) continue;
		let cmd: unknown;
		try {
			cmd = JSON.parse(trimmed);
		} catch {
			cmd = { type: 'unparsable' };
		}
		const r = apply(state, cmd as Command);
		state = r.state;
		for (const e of r.events) out(e);
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
	const rl = createInterface({ input: io.input, crlfDelay: Infinity });
	for await (const line of rl) {
		const trimmed = line.trim();
		if (!trimmed || trimmed.startsWith('#')) continue;
		let cmd: Command;
		try {
			cmd = JSON.parse(trimmed) as Command;
		} catch {
			cmd = { type: 'unparsable' } as unknown as Command;
		}
		const by = (cmd as { by?: unknown }).by;
		if (by !== 0 && by !== 1) {
			io.write(JSON.stringify({ event: { type: 'rejected', reason: 'malformed', command: String(cmd.type).slice(0, 40) }, half: null, text: '' }));
			continue;
		}
		const s = duelCommand(m, by, cmd);
		m = s.match;
		const width = m.halves[s.half].board.width;
		const lines: [GameEvent, number][] = [...s.events.map((e): [GameEvent, number] => [e, s.half]), ...(s.other ?? []).map((e): [GameEvent, number] => [e, 1 - s.half])];
		for (const [e, half] of lines) {
			const { audience, ...body } = e;
			io.write(JSON.stringify({ event: body, audience, half, turn: m.turns.turn, left: m.turns.left, text: renderEvent(e, args.lang, width) }));
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
