/**
 * `labyrinth <command> …`: one registry of subcommands (docs/cli.md).
 * Runs under tsx from bin/labyrinth.js: relative imports only.
 */
import { writeFileSync } from 'node:fs';
import { cleanName, MAX_PLAN_NAME_LENGTH } from '../lib/engine/name';
import { MAX_LISTED_ISSUES, serializePlan } from '../lib/engine/plan/format-json';
import { renderPlanText } from '../lib/engine/plan/format-text';
import { generatePlan, SHAPES, type GeneratorOptions, type Shape } from '../lib/engine/plan/generate';
import { RULE_SYSTEMS, type Plan, type RuleSystemId } from '../lib/engine/plan/types';
import { systemFace } from '../lib/systems/index';
import { validatePlan, type Problem } from '../lib/engine/plan/validate';
import { renderFormatIssue } from '../lib/i18n/problems';
import { m } from '../lib/paraglide/messages.js';
import { describeProblem, localeOption, parseOptions, readPlan, type CliIO, type Command } from './io';
import { referee } from './referee';

const USAGE = `usage: labyrinth <command> [options]

  validate <plan> [--players N] [--lang en|ru|uk] [--rules R]
                                                     check a plan (against rules R); exit 1 on errors
  render <plan>                                      print the plan's text picture
  convert <plan> [--to json|text] [-o file]          JSON <-> text picture ('-' reads stdin)
  generate --width W --height H [--seed S] [--shape ${SHAPES.join('|')}] [counts…]
  generate --rules ${RULE_SYSTEMS.filter((r) => systemFace(r).generator === 'fixed').join('|')} [--seed S]
                                                     print a generated valid plan (JSON)
  referee <plan> [--rules R] [--players N] [--order 2,0,1] [--seed S] [--lang …] [--settings file] [--allow-invalid]
  referee <plan0> <plan1> --rules duel [--seed S] [--lang …] [--allow-invalid]
                                                     referee a game: commands in, events out (JSON lines)
  simulate <plan> --games N --bots wanderer|explorer|hunter,… [--seed S] [--threads N] [--json] [--lang …]
                                                     many bot games on the plan: the balance report
  simulate <mine> <yours> --rules duel --bots explorer,explorer [--games N] [--seed S] [--threads N] [--settings file] [--json]
                                                     many bot duels between two plans: wins per side, turns

See docs/cli.md.`;

const GENERATOR_COUNTS = [
	'weaponries',
	'hospitals',
	'pits',
	'pitLoops',
	'rivers',
	'riverLength',
	'encephalitis',
	'fakeTreasures',
	'exitsOpen',
	'exitsClosed',
	'wallDensity',
	'bullets',
	'grenades',
	'landmines'
] as const;

const validate: Command = async (argv, io) => {
	const { positional, options } = parseOptions(argv);
	const locale = localeOption(options);
	if (!locale || positional.length !== 1) return usage(io);
	const read = await readPlan(positional[0]!, io, locale);
	if (!read) return 1;
	const rules = options.get('rules');
	if (rules !== undefined && !(RULE_SYSTEMS as readonly string[]).includes(rules)) return usage(io);
	const plan: Plan = rules ? { ...read, rules: rules as RuleSystemId } : read;
	const players = options.has('players') ? Number(options.get('players')) : undefined;
	const report = validatePlan(plan, { players });
	// Each list at most a screenful: the first problems, then how many more.
	const list = (heading: string, problems: Problem[]) => {
		if (!problems.length) return;
		io.write(heading);
		for (const p of problems.slice(0, MAX_LISTED_ISSUES)) io.write(describeProblem(p, plan, locale));
		if (problems.length > MAX_LISTED_ISSUES) io.write(`  ${renderFormatIssue({ code: 'more', path: '', found: String(problems.length - MAX_LISTED_ISSUES) }, locale)}`);
	};
	list(m.cli_errors({}, { locale }), report.errors);
	list(m.cli_warnings({}, { locale }), report.warnings);
	if (report.errors.length === 0) io.write(m.cli_plan_valid({}, { locale }));
	return report.errors.length ? 1 : 0;
};

const render: Command = async (argv, io) => {
	const { positional, options } = parseOptions(argv);
	const locale = localeOption(options);
	if (!locale || positional.length !== 1) return usage(io);
	const plan = await readPlan(positional[0]!, io, locale);
	if (!plan) return 1;
	io.write(renderPlanText(plan).trimEnd());
	return 0;
};

const convert: Command = async (argv, io) => {
	const { positional, options } = parseOptions(argv);
	const locale = localeOption(options);
	const to = options.get('to');
	if (!locale || positional.length !== 1 || (to !== undefined && to !== 'json' && to !== 'text')) return usage(io);
	const plan = await readPlan(positional[0]!, io, locale);
	if (!plan) return 1;
	// Without --to, the other format than the input's.
	const target = to ?? (positional[0]!.endsWith('.json') ? 'text' : 'json');
	const output = target === 'json' ? serializePlan(plan) : renderPlanText(plan);
	const file = options.get('o') ?? options.get('output');
	if (file) writeFileSync(file, output);
	else io.write(output.trimEnd());
	return 0;
};

const generate: Command = async (argv, io) => {
	const { positional, options } = parseOptions(argv);
	const width = Number(options.get('width'));
	const height = Number(options.get('height'));
	const shape = options.get('shape') ?? 'rectangle';
	const rules = options.get('rules') ?? 'classic';
	if (!(RULE_SYSTEMS as readonly string[]).includes(rules)) return usage(io);
	if (systemFace(rules as RuleSystemId).generator === 'fixed') {
		// The other systems draw their seed's own field (topographic 8x8, duel 10x10, abandoned 8x8).
		if (positional.length) return usage(io);
		const seed = options.get('seed') ?? String(Date.now());
		try {
			io.write(serializePlan(generatePlan({ rules: rules as RuleSystemId, width: 0, height: 0, seed, ...(options.has('name') ? { name: cleanName(options.get('name')!, MAX_PLAN_NAME_LENGTH) } : {}) })).trimEnd());
		} catch (e) {
			io.error((e as Error).message);
			return 1;
		}
		return 0;
	}
	if (positional.length || !Number.isInteger(width) || !Number.isInteger(height) || !(SHAPES as readonly string[]).includes(shape)) return usage(io);
	const generatorOptions: GeneratorOptions = { width, height, seed: options.get('seed') ?? String(Date.now()), shape: shape as Shape };
	if (options.has('name')) generatorOptions.name = cleanName(options.get('name')!, MAX_PLAN_NAME_LENGTH);
	for (const count of GENERATOR_COUNTS) {
		const kebab = count.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
		const value = options.get(kebab) ?? options.get(count);
		if (value === undefined) continue;
		const n = Number(value);
		if (!Number.isFinite(n) || n < 0) return usage(io);
		generatorOptions[count] = n;
	}
	try {
		io.write(serializePlan(generatePlan(generatorOptions)).trimEnd());
	} catch (e) {
		io.error((e as Error).message);
		return 1;
	}
	return 0;
};

// Loaded when asked for: the bots and the assistant are not worth compiling for the other commands.
const simulate: Command = async (argv, io) => (await import('./simulate')).simulateCommand(argv, io);

const COMMANDS: Record<string, Command> = { validate, render, convert, generate, referee, simulate };

function usage(io: CliIO): number {
	io.error(USAGE);
	return 2;
}

export async function main(argv: string[], io: CliIO): Promise<number> {
	const [name, ...rest] = argv;
	if (name === undefined || name === '--help' || name === 'help') {
		io.write(USAGE);
		return name === undefined ? 2 : 0;
	}
	const command = COMMANDS[name];
	if (!command) return usage(io);
	return command(rest, io);
}
