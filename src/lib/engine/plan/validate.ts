/**
 * The plan validator: what every rule system shares — the plan's shape (what the file schema
 * guarantees for loaded plans), its size, one square per place — then the plan's system's own
 * checks (`planProblems`: the classic game's section 8 in rules/classic/plan.ts, each other
 * system's in its folder), split into errors and warnings. Every problem names the cells and
 * sides it concerns so the editor can draw it. Never throws: a plan that passed the file schema
 * but is structurally odd still gets a report.
 */
import { ruleSystem } from '../rules/index';
import type { Plan, Side } from './types';

export const PROBLEM_CODES = [
	// errors
	'plan_shape',
	'grid_size',
	'cells_length',
	'cell_kind_not_in_rules',
	'missing_land',
	'missing_weaponry',
	'missing_hospital',
	'true_treasure_count',
	'true_treasure_not_on_land',
	// seed 003: one treasure, none true or fake
	'treasure_not_on_land',
	'too_few_exits',
	'exit_not_outer',
	'exit_duplicate',
	'exit_from_inaccessible',
	'wall_not_inner',
	'river_without_flow',
	'river_flow_off_plan',
	'river_flow_into_land',
	'river_flow_through_wall',
	'river_loop',
	'delta_without_river',
	'pit_not_in_loop',
	'pit_in_several_loops',
	'loop_too_short',
	'loop_cell_not_pit',
	'item_off_plan',
	'item_count',
	'not_connected',
	// errors of the other rule systems (topographic, abandoned, duel)
	'grid_size_rules',
	'cells_left_out',
	'item_not_in_rules',
	'river_not_into_swamp',
	'river_no_swamp',
	'spinner_without_turn',
	'morgue_count',
	'missing_arsenal',
	'treasure_count',
	'no_exit',
	'bear_off_plan',
	'ghost_path_broken',
	'river_not_wall_to_wall',
	'river_fork',
	'river_not_onward',
	'portal_set_size',
	'portal_not_in_set',
	'missing_safe',
	'duel_crossbow_count',
	'duel_crutch_count',
	'duel_trap_count',
	'duel_pits',
	'duel_fake_treasures',
	'duel_exits',
	'duel_one_object',
	'duel_enclosure',
	// warnings
	'cells_unreachable',
	'few_weaponries',
	'few_hospitals',
	'hospital_next_to_weaponry',
	'no_fake_treasure',
	'too_many_fake_treasures',
	'strong_attractor',
	'adjacent_deltas',
	'treasure_near_exit',
	'no_open_exit'
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
	code: ProblemCode;
	cells?: number[];
	sides?: Side[];
	params?: Record<string, string | number>;
}

export interface ValidationReport {
	errors: Problem[];
	warnings: Problem[];
}

export interface ValidateOptions {
	/** Number of players, when known: the fake-treasure recommendation depends on it (8, rec. 3). */
	players?: number;
	/** Settings agreed for the game, where a rule system's plan rules depend on one (the duel's `duelReentryAnyExit`, 3.8). */
	settings?: { duelReentryAnyExit?: boolean };
}

export function isValid(report: ValidationReport): boolean {
	return report.errors.length === 0;
}

export function validatePlan(plan: Plan, options: ValidateOptions = {}): ValidationReport {
	const errors: Problem[] = [];
	const warnings: Problem[] = [];
	const shapeProblem = shapeOf(plan);
	if (shapeProblem) {
		errors.push({ code: 'plan_shape', params: { field: shapeProblem } });
		return { errors, warnings };
	}
	const width = plan.width;
	const height = plan.height;
	if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 10_000) {
		errors.push({ code: 'grid_size', params: { width: String(width), height: String(height) } });
		return { errors, warnings };
	}
	if (!Array.isArray(plan.cells) || plan.cells.length !== width * height) {
		errors.push({ code: 'cells_length', params: { expected: width * height, found: plan.cells?.length ?? 0 } });
		return { errors, warnings };
	}
	const system = ruleSystem(plan.rules);
	if (!system.ok) {
		errors.push({ code: 'plan_shape', params: { field: 'rules' } });
		return { errors, warnings };
	}
	// Each system checks its own seed's rules (its folder's plan.ts, chained onto rules/common's checks).
	for (const p of system.value.planProblems(plan, options)) {
		const { warning, ...problem } = p;
		(warning ? warnings : errors).push(problem as Problem);
	}
	return { errors, warnings };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isIndex = (v: unknown) => Number.isInteger(v);

/** The first field whose structure is wrong (what the file schema guarantees for loaded plans), or null. */
function shapeOf(plan: Plan): string | null {
	if (!isObject(plan)) return 'plan';
	if (!Array.isArray(plan.cells) || !plan.cells.every((c) => c === null || (isObject(c) && typeof c.kind === 'string'))) return 'cells';
	if (!Array.isArray(plan.walls) || !plan.walls.every((w) => isObject(w) && isIndex(w.cell) && typeof w.dir === 'string')) return 'walls';
	if (!Array.isArray(plan.exits) || !plan.exits.every((e) => isObject(e) && isIndex(e.cell) && typeof e.dir === 'string')) return 'exits';
	if (!Array.isArray(plan.pitLoops) || !plan.pitLoops.every((l) => Array.isArray(l) && l.every(isIndex))) return 'pitLoops';
	if (!Array.isArray(plan.items) || !plan.items.every((i) => isObject(i) && isIndex(i.cell) && typeof i.kind === 'string')) return 'items';
	return null;
}
