/** What the CLI's subcommands share: their IO, reading plan files and the --lang option. */
import { readFileSync, statSync } from 'node:fs';
import { MAX_PLAN_FILE_BYTES, tooLarge, type FormatIssue } from '../lib/engine/plan/format-json';
import { parsePlanAny } from '../lib/engine/plan/format-text';
import type { Plan } from '../lib/engine/plan/types';
import { LOCALES, type Locale } from '../lib/i18n/events';
import { renderFormatIssue, renderProblem } from '../lib/i18n/problems';
import { cellName } from '../lib/engine/plan/geometry';
import type { Problem } from '../lib/engine/plan/validate';
import { m } from '../lib/paraglide/messages.js';

export interface CliIO {
	input: NodeJS.ReadableStream;
	write(line: string): void;
	error(line: string): void;
}

/** A subcommand: resolves to the process exit code (0 fine, 1 the input is wrong, 2 the arguments are). */
export type Command = (argv: string[], io: CliIO) => Promise<number>;

/**
 * The text of a file (`-`: stdin), or the `too_large` refusal when it holds more than `MAX_PLAN_FILE_BYTES`:
 * a file is measured before it is read; of stdin, what lies past the limit is counted, not kept.
 */
export async function readText(path: string, io: CliIO): Promise<string | FormatIssue> {
	if (path !== '-') return tooLarge(statSync(path).size) ?? readFileSync(path, 'utf8');
	const chunks: Buffer[] = [];
	let bytes = 0;
	for await (const chunk of io.input) {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
		bytes += buffer.length;
		// Past the limit the rest is only counted, not kept.
		if (bytes <= MAX_PLAN_FILE_BYTES) chunks.push(buffer);
	}
	return tooLarge(bytes) ?? Buffer.concat(chunks).toString('utf8');
}

/** Reads a plan in either format (`-` is stdin), or prints why not (at most a screenful: the first problems and a count). */
export async function readPlan(path: string, io: CliIO, locale: Locale): Promise<Plan | null> {
	let text: string | FormatIssue;
	try {
		text = await readText(path, io);
	} catch (e) {
		io.error(m.cli_cannot_read({ path, reason: (e as Error).message }, { locale }));
		return null;
	}
	if (typeof text !== 'string') {
		io.error(`${path}: ${renderFormatIssue(text, locale)}`);
		return null;
	}
	const result = parsePlanAny(text);
	if (result.ok) return result.value;
	for (const issue of result.error) io.error(`${path}: ${renderFormatIssue(issue, locale)}`);
	return null;
}

/** Splits `--name value` options from positional arguments; flags listed in `flags` take no value. */
export function parseOptions(argv: string[], flags: readonly string[] = []): { positional: string[]; options: Map<string, string> } {
	const positional: string[] = [];
	const options = new Map<string, string>();
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg.startsWith('--') || (arg.startsWith('-') && arg.length === 2)) {
			const [name, inline] = arg.replace(/^-+/, '').split('=', 2) as [string, string | undefined];
			if (flags.includes(name)) options.set(name, 'true');
			else options.set(name, inline ?? argv[++i] ?? '');
		} else positional.push(arg);
	}
	return { positional, options };
}

/** `--lang`, else the shell's language (`LC_ALL`, `LANG`) when it is one of ours, else English; null for an unknown `--lang`. */
export function localeOption(options: Map<string, string>, env: Record<string, string | undefined> = process.env): Locale | null {
	const known = (lang: string | undefined): lang is Locale => (LOCALES as readonly string[]).includes(lang ?? '');
	const asked = options.get('lang');
	if (asked !== undefined) return known(asked) ? asked : null;
	const shell = (env.LC_ALL || env.LANG || '').slice(0, 2).toLowerCase();
	return known(shell) ? shell : 'en';
}

/** One of the validator's problems, as a line: what is wrong and at which cells and sides (`b3 up`). */
export function describeProblem(problem: Problem, plan: Plan, locale: Locale): string {
	const cells = [...(problem.cells ?? []), ...(problem.sides ?? []).map((s) => s.cell)];
	const where = [...new Set(cells)].filter((c) => c >= 0).map((c) => cellName(c, plan.width));
	const sides = (problem.sides ?? []).map((s) => `${cellName(s.cell, plan.width)} ${s.dir}`);
	const at = sides.length ? sides.join(', ') : where.join(', ');
	return `  ${renderProblem(problem, locale)}${at ? ` (${m.cli_at_cells({ cells: at }, { locale })})` : ''}`;
}

