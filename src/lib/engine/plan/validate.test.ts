import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPlan, randomPlan, type PlanSpec } from '../game/testing';
import { createRng } from '../random';
import type { Direction, Plan } from './types';
import { isValid, validatePlan, type ProblemCode } from './validate';
import { generatePlan } from './generate';
import { RULE_SYSTEMS } from './types';
import { descriptorOf } from '../rules/index';

/** A sound small plan: every rule of section 8 holds, no recommendation is broken. */
const SOUND_ROWS = ['LWLLH', 'L>DLL', 'PLLLP', 'HLLWL'];
const SOUND: PlanSpec = {
	exits: [
		[0, 0, 'up', true],
		[4, 3, 'down', false]
	],
	loops: [
		[
			[0, 2],
			[4, 2]
		]
	],
	items: [
		[2, 2, 'treasure', true],
		[3, 1, 'treasure', false]
	]
};

const codes = (plan: Plan, kind: 'errors' | 'warnings' = 'errors') => validatePlan(plan, { players: 3 })[kind].map((p) => p.code);

describe('validatePlan', () => {
	test('a sound plan has neither errors nor warnings', () => {
		expect(validatePlan(buildPlan(SOUND_ROWS, SOUND), { players: 3 })).toEqual({ errors: [], warnings: [] });
	});

	test.each<[string, string[], PlanSpec, ProblemCode]>([
		['8 (mandatory 2): no land', ['WH', 'HW'], { ...SOUND, loops: [], items: [], exits: [[0, 0, 'up'], [1, 1, 'down']] }, 'missing_land'],
		['8 (mandatory 2): no weaponry', ['LLLLH', 'L>DLL', 'PLLLP', 'HLLLL'], SOUND, 'missing_weaponry'],
		['8 (mandatory 2): no hospital', ['LWLLL', 'L>DLL', 'PLLLP', 'LLLWL'], SOUND, 'missing_hospital'],
		['8 (mandatory 3): no true treasure', SOUND_ROWS, { ...SOUND, items: [[3, 1, 'treasure', false]] }, 'true_treasure_count'],
		['8 (mandatory 3): two true treasures', SOUND_ROWS, { ...SOUND, items: [[2, 2, 'treasure', true], [3, 1, 'treasure', true]] }, 'true_treasure_count'],
		['8 (mandatory 3): the true treasure off land', SOUND_ROWS, { ...SOUND, items: [[1, 0, 'treasure', true]] }, 'true_treasure_not_on_land'],
		['1.4, 8 (mandatory 4): one exit only', SOUND_ROWS, { ...SOUND, exits: [[0, 0, 'up', true]] }, 'too_few_exits'],
		['1.4: an exit on an inner side', SOUND_ROWS, { ...SOUND, exits: [...SOUND.exits!, [1, 1, 'up', true]] }, 'exit_not_outer'],
		['8 (mandatory 4): an exit from a river source', ['LWLLH', '>>DLL', 'PLLLP', 'HLLWL'], { ...SOUND, exits: [...SOUND.exits!, [0, 1, 'left', true]] }, 'exit_from_inaccessible'],
		['4.5.2: a flow across a wall', SOUND_ROWS, { ...SOUND, walls: [[1, 1, 'right']] }, 'river_flow_through_wall'],
		['4.5.2: a flow out of the labyrinth', ['LWLLH', '<LDLL', 'PLLLP', 'HLLWL'], SOUND, 'river_flow_off_plan'],
		['4.5.2: a flow into land', ['LWLLH', 'L>LLL', 'PLLLP', 'HLLWL'], SOUND, 'river_flow_into_land'],
		['4.5.3: a river that loops', ['LWLLH', 'L>vLL', 'P^<LP', 'HLLWD'], SOUND, 'river_loop'],
		['4.5.1: a delta with no river', ['LWLLH', 'LLDLL', 'PLLLP', 'HLLWL'], SOUND, 'delta_without_river'],
		['4.4: a pit in no loop', SOUND_ROWS, { ...SOUND, loops: [] }, 'pit_not_in_loop'],
		['4.4: a loop of one pit', SOUND_ROWS, { ...SOUND, loops: [[[0, 2]], [[4, 2]]] }, 'loop_too_short'],
		['4.4: a loop through a land cell', SOUND_ROWS, { ...SOUND, loops: [[[0, 2], [4, 2], [3, 2]]] }, 'loop_cell_not_pit'],
		['4.4: a pit in two loops', ['LWLLH', 'L>DLL', 'PLPLP', 'HLLWL'], { ...SOUND, loops: [[[0, 2], [4, 2]], [[4, 2], [2, 2]]] }, 'pit_in_several_loops'],
		['8 (mandatory 5): land walled off', SOUND_ROWS, { ...SOUND, walls: [[3, 3, 'up'], [3, 3, 'left'], [3, 3, 'right']] }, 'not_connected'],
		['8 (mandatory 5): a delta fed by rivers and walled elsewhere', ['LWLLH', '>D<LL', 'PLLLP', 'HLLWL'], { ...SOUND, walls: [[1, 1, 'up'], [1, 1, 'down']] }, 'not_connected']
	])('%s', (_name, rows, spec, code) => {
		expect(codes(buildPlan(rows, spec))).toContain(code);
	});

	test.each<[string, string[], PlanSpec, ProblemCode]>([
		['8 (recommendation 1): one weaponry', ['LWLLH', 'L>DLL', 'PLLLP', 'HLLLL'], SOUND, 'few_weaponries'],
		['8 (recommendation 1): one hospital', ['LWLLH', 'L>DLL', 'PLLLP', 'LLLWL'], SOUND, 'few_hospitals'],
		['8 (recommendation 2): hospital next to weaponry', ['LWHLH', 'L>DLL', 'PLLLP', 'HLLWL'], SOUND, 'hospital_next_to_weaponry'],
		['8 (recommendation 3): no fake treasure', SOUND_ROWS, { ...SOUND, items: [[2, 2, 'treasure', true]] }, 'no_fake_treasure'],
		['8 (recommendation 3): more fakes than players', SOUND_ROWS, { ...SOUND, items: [[2, 2, 'treasure', true], [3, 1, 'treasure', false], [3, 1, 'treasure', false], [2, 3, 'treasure', false], [1, 2, 'treasure', false]] }, 'too_many_fake_treasures'],
		['8 (recommendation 4): a delta with one way out', ['LWLLH', '>D<LL', 'P^LLP', 'HLLWL'], SOUND, 'strong_attractor'],
		['8 (recommendation 4): two deltas side by side', ['LWLLH', '>DD<L', 'PLLLP', 'HLLWL'], SOUND, 'adjacent_deltas'],
		['8 (recommendation 6): the true treasure next to an exit', SOUND_ROWS, { ...SOUND, items: [[0, 1, 'treasure', true], [3, 1, 'treasure', false]] }, 'treasure_near_exit'],
		['8 (mandatory 4, "often agreed"): no exit open', SOUND_ROWS, { ...SOUND, exits: [[0, 0, 'up', false], [4, 3, 'down', false]] }, 'no_open_exit']
	])('warns: %s', (_name, rows, spec, code) => {
		const plan = buildPlan(rows, spec);
		expect(codes(plan, 'warnings')).toContain(code);
		expect(codes(plan)).toEqual([]);
	});

	test('4.6: a river carrying a player off a wall keeps the cells connected (a wall hit in a river still carries)', () => {
		// The only way out of the top-right corner is to hit a wall in the river and be carried down.
		const plan = buildPlan(['LWLv', 'HLLD', 'PLWP', 'HLLL'], {
			walls: [[3, 0, 'left']],
			exits: [[0, 0, 'up'], [3, 3, 'down']],
			loops: [[[0, 2], [3, 2]]],
			items: [[1, 1, 'treasure', true], [2, 3, 'treasure', false]]
		});
		expect(codes(plan)).toEqual([]);
	});

	test('problems are located: the cells walled off are the ones named', () => {
		const plan = buildPlan(SOUND_ROWS, { ...SOUND, walls: [[3, 3, 'up'], [3, 3, 'left'], [3, 3, 'right']] });
		const problem = validatePlan(plan).errors.find((p) => p.code === 'not_connected');
		expect(problem?.cells).toEqual([3 * 5 + 3]);
	});

	test('never throws, whatever the plan holds', () => {
		fc.assert(
			fc.property(fc.anything(), fc.anything(), fc.anything(), (walls, exits, cells) => {
				const plan = { ...buildPlan(SOUND_ROWS, SOUND), walls, exits } as unknown as Plan;
				const report = validatePlan(plan);
				const odd = { ...plan, cells } as unknown as Plan;
				return Array.isArray(report.errors) && Array.isArray(validatePlan(odd).errors);
			}),
			{ numRuns: 300 }
		);
	});

	test('a plan and its mirror image have the same problems (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 2, max: 8 }), fc.integer({ min: 2, max: 8 }), (seed, w, h) => {
				const plan = randomPlan(createRng(seed), w, h);
				const sorted = (p: Plan) => {
					const r = validatePlan(p);
					return [...r.errors, ...r.warnings].map((x) => x.code).sort();
				};
				expect(sorted(mirror(plan))).toEqual(sorted(plan));
			}),
			{ numRuns: 400 }
		);
	});

	test('the shared validator holds no system\'s rules: each plan gets its own system\'s checks, split into errors and warnings (property)', () => {
		fc.assert(
			fc.property(fc.constantFrom(...RULE_SYSTEMS), fc.integer({ min: 1, max: 10_000 }), fc.nat(3), (rules, seed, cut) => {
				const plan = generatePlan({ rules, width: 5, height: 5, seed });
				// Damaged a little so that some checks speak: exits taken away, a cell of another kind.
				const damaged = { ...plan, exits: plan.exits.slice(cut), cells: plan.cells.map((c, i) => (c && i === seed % plan.cells.length ? { kind: 'land' as const } : c)) };
				for (const p of [plan, damaged]) {
					const own = descriptorOf(rules).rules.planProblems(p, { players: 3 });
					const strip = ({ warning: _, ...problem }: { warning?: boolean }) => problem;
					expect(validatePlan(p, { players: 3 })).toEqual({ errors: own.filter((x) => !x.warning).map(strip), warnings: own.filter((x) => x.warning).map(strip) });
				}
			}),
			{ numRuns: 40 }
		);
	});

	test('a plan of a rule system this build does not know is refused by its shape, not judged by another system\'s rules', () => {
		const plan = { ...buildPlan(SOUND_ROWS, SOUND), rules: 'chess' } as unknown as Plan;
		expect(validatePlan(plan)).toEqual({ errors: [{ code: 'plan_shape', params: { field: 'rules' } }], warnings: [] });
	});

	test('isValid follows the errors only', () => {
		const plan = buildPlan(SOUND_ROWS, SOUND);
		expect(isValid(validatePlan(plan))).toBe(true);
		expect(isValid(validatePlan({ ...plan, exits: [] }))).toBe(false);
	});
});

/** The plan reflected left to right. */
function mirror(plan: Plan): Plan {
	const w = plan.width;
	const flip = (c: number) => Math.floor(c / w) * w + (w - 1 - (c % w));
	const dir = (d: Direction): Direction => (d === 'left' ? 'right' : d === 'right' ? 'left' : d);
	return {
		...plan,
		cells: plan.cells.map((_, i) => {
			const c = plan.cells[flip(i)];
			return c && c.flow ? { ...c, flow: dir(c.flow) } : c ?? null;
		}),
		walls: plan.walls.map((wall) =>
			wall.dir === 'down' ? { cell: flip(wall.cell), dir: 'down' } : { cell: flip(wall.cell) - 1, dir: 'right' }
		),
		exits: plan.exits.map((e) => ({ ...e, cell: flip(e.cell), dir: dir(e.dir) })),
		pitLoops: plan.pitLoops.map((loop) => loop.map(flip)),
		items: plan.items.map((item) => ({ ...item, cell: flip(item.cell) }))
	};
}
