/**
 * The topographic labyrinth audited clause by clause against seed 003 (Russian), English rendering
 * /work/shared/rules/topographic.md. Sections as docs/rules.md numbers them: 1 the field (1.1 land,
 * 1.2 spinner, 1.3 river, 1.4 swamp, 1.5 pit, 1.6 crocodile, 1.7 arsenal and shots, 1.8 treasure,
 * 1.9 exit, 1.10 morgue; the extra rule on walls), 2 creatures (2.1 bear, 2.2 ghost, 2.3 "is
 * near"), 3 start and turns. Clauses already checked in topographic.test.ts are not repeated.
 */
import { describe, expect, test } from 'vitest';
import { Script } from '../../game/testing';
import type { Direction, Plan } from '../../plan/types';
import { validatePlan } from '../../plan/validate';
import { ghostCell, topoExt } from './rules';
import { grid, renderedEverywhere } from './testing';
import { renderEvent } from '../../../i18n/events';
import { generateTopographic } from './generate';

const go = (dir: Direction) => ({ a: 'go' as const, dir });
const shoot = (dir: Direction) => ({ a: 'shoot' as const, dir });
const CHOOSE = { randomStart: false };

function solo(plan: Plan, start: [number, number], settings: object = {}): Script {
	const g = new Script(plan, 1, { ...CHOOSE, ...settings }).start(start);
	expect(g.state.phase).toBe('play');
	return g;
}
const ammo = (g: Script, seat: number, bullets: number) =>
	g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'ammo', seat, bullets, grenades: 0 } });
const codes = (plan: Plan) => validatePlan(plan).errors.map((p) => p.code);

describe('003 1 the field', () => {
	test('003 3 ("no cartridges at the start"), 1.7: a shot before the move without cartridges is refused and changes nothing', () => {
		const g = solo(grid('topographic', ['L L M']), [0, 0]);
		expect(g.p(0).bullets).toBe(0);
		expect(g.move(0, [shoot('right'), go('right')])[0]).toMatchObject({ type: 'rejected', reason: 'no_bullets' });
		expect(g.p(0).cell).toBe(0);
	});

	test('003 1.2: the broken compass turns the shot too (by default); with the option off the shot goes as named', () => {
		// Player on a spinner of one quarter at b1; players at c1 and b2.
		const plan = grid('topographic', ['L S1 L', 'L L M']);
		const turnedShot = new Script(plan, 2, CHOOSE);
		const order = turnedShot.state.order;
		const at: [number, number][] = order[0] === 0 ? [[1, 0], [1, 1]] : [[1, 1], [1, 0]];
		turnedShot.start(...at);
		const shooter = order[0]!;
		ammo(turnedShot, shooter, 1);
		// "up" on a one-quarter spinner is "right": the shot goes to c1, where nobody is.
		turnedShot.move(shooter, [shoot('down'), go('up')]);
		expect(turnedShot.types()).toContain('no_scream');
		expect(turnedShot.p(1 - shooter).cell).toBe(4);

		const straight = new Script(plan, 2, { ...CHOOSE, spinnerTurnsShots: false });
		straight.start(...at);
		ammo(straight, shooter, 1);
		straight.move(shooter, [shoot('down'), go('up')]);
		expect(straight.types()).toContain('scream');
		expect(straight.p(1 - shooter).cell).toBe(5);
	});

	test('003 1.3: the river\'s answer names no cell and no direction (the player works out where he is)', () => {
		const g = solo(grid('topographic', ['L R> R> R> R> B']), [0, 0]);
		g.move(0, [go('right')]);
		const river = g.last.find((e) => e.type === 'topo_river')!;
		expect(Object.keys(river).sort()).toEqual(['audience', 'seat', 'swamp', 'type']);
	});

	test('003 extra rule: a wall hit from a river does not carry the player on', () => {
		// Carried three cells, he stands on the river at e1; the outer wall above him.
		const g = solo(grid('topographic', ['L R> R> R> R> R> R> B']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(4);
		g.move(0, [go('up')]);
		expect(g.types()[0]).toBe('wall');
		expect(g.p(0).cell).toBe(4);
	});

	test('003 1.5 (validator): pits are a permutation without fixed points — a pit leading to itself, or in no loop, is refused', () => {
		const plan = generateTopographic(3);
		expect(codes(plan)).toEqual([]);
		const pits = plan.cells.flatMap((c, i) => (c?.kind === 'pit' ? [i] : []));
		expect(pits.length).toBeGreaterThanOrEqual(2);
		expect(codes({ ...plan, pitLoops: [[pits[0]!], pits.slice(1)] })).toContain('loop_too_short');
		expect(codes({ ...plan, pitLoops: [pits.slice(1)] })).toContain('pit_not_in_loop');
	});

	test('003 1.3 (validator): a river must end in a swamp', () => {
		expect(codes(grid('topographic', ['L R> L'], { items: [] }))).toContain('river_not_into_swamp');
	});

	test('003 1.7: the arsenal gives three cartridges, never more (one left → three); a wall stops a shot', () => {
		const g = solo(grid('topographic', ['A L M', 'L L L'], { walls: [{ cell: 1, dir: 'down' }] }), [1, 0]);
		ammo(g, 0, 1);
		g.move(0, [go('left')]);
		expect(g.p(0).bullets).toBe(3);
		g.move(0, [go('right')]);
		g.move(0, [go('right'), shoot('left')]); // c1 → shot at b1, empty
		expect(g.types()).toContain('no_scream');
		expect(g.p(0).bullets).toBe(2);
	});
});

describe('003 2 creatures', () => {
	test('003 2.1: the bear has unlimited cartridges — it repeats the shot and kills whoever is there', () => {
		// Player 0 at a1 with cartridges, the bear at a2, player 1 at b2.
		const plan = grid('topographic', ['L L M', 'L L L'], { bear: 3 });
		const g = new Script(plan, 2, CHOOSE);
		g.start([0, 0], [1, 1]);
		ammo(g, 0, 1);
		if (g.now === 1) g.move(1, [go('down')]); // the outer wall; the bear's "down" from a2 too
		expect(g.p(1).cell).toBe(4);
		g.move(0, [shoot('right'), go('left')]); // b1 is empty; walls for both; the bear at a2 shoots right: b2
		expect(g.p(0).bullets).toBe(0);
		expect(g.last).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'shot_dead', seat: 1 })]));
		expect(g.p(1).cell).toBe(2);
	});

	test('003 2.1: the bear repeats only what the player did — not a shot that failed for want of cartridges', () => {
		const plan = grid('topographic', ['L L M', 'L L L'], { bear: 3 });
		const g = new Script(plan, 2, CHOOSE);
		g.start([0, 0], [1, 1]);
		if (g.now === 1) g.move(1, [go('down')]); // a wall: nobody moves
		g.move(0, [go('left'), shoot('right')]); // a wall for him and the bear; his shot fails (no cartridges)
		expect(g.types()).toContain('action_failed');
		expect(g.types()).not.toContain('shot_dead');
		expect(g.p(1).cell).toBe(4);
	});

	test('003 2.1 with 1.6: the bear does not repeat a shot the player\'s death cut off', () => {
		// Both players at b2, the crocodile at b1, the bear at a3; a wall under b2.
		const plan = grid('topographic', ['L C M', 'L L L', 'L L L'], { bear: 6, walls: [{ cell: 4, dir: 'down' }] });
		const g = new Script(plan, 2, CHOOSE);
		g.start([1, 1], [1, 1]);
		if (g.now === 1) g.move(1, [go('down')]); // the wall; the bear's "down" is the outer wall
		ammo(g, 0, 1);
		g.move(0, [go('up'), shoot('right')]); // eaten at b1: his shot is not made; the bear a3 → a2
		expect(g.types()).toContain('crocodile_eats');
		expect(topoExt(g.state).bear).toBe(3);
		expect(g.types()).not.toContain('shot_dead');
		expect(g.p(1).cell).toBe(4);
	});

	test('003 2.1: all laws apply to the bear — two swamps in a row kill it (to the morgue); it never takes the treasure', () => {
		const plan = grid('topographic', ['L L L M', 'L B B L'], { bear: 4, items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]); // player a1 → b1 (treasure); the bear a2 → b2 (swamp)
		expect(g.p(0).carry).toMatchObject({ k: 'treasure' });
		expect(topoExt(g.state)).toMatchObject({ bear: 5, bearSwamp: true });
		g.move(0, [go('right')]); // the bear b2 → c2: a swamp again, it dies
		expect(topoExt(g.state).bear).toBe(3);
		// The bear's deeds are silent: the player hears only his own answer (and "near").
		expect(g.types().filter((t) => t !== 'near' && t !== 'turn')).toEqual(['land']);
	});

	test('003 2.1: the bear carried by a river onto a player eats him', () => {
		// The bear at a2 steps onto the river at b2 and is carried three cells, to e2, where player 1 stands.
		const plan = grid('topographic', ['L L L L L M', 'L R> R> R> R> B'], { bear: 6 });
		const g = new Script(plan, 2, CHOOSE);
		g.start([0, 0], [4, 0]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat: 1, cell: 10 } });
		if (g.now === 1) g.move(1, [go('down')]); // the outer wall (for the bear at a2 too)
		g.move(0, [go('right')]);
		expect(topoExt(g.state).bear).toBe(10);
		expect(g.last).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'eaten', seat: 1, by: 'bear' })]));
		expect(g.p(1).cell).toBe(5);
	});

	test('003 2.3: a player on the ghost\'s own cell is told "the ghost is near"', () => {
		const plan = grid('topographic', ['L L L L M'], { ghost: [2] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]); // next to it
		expect(g.last.find((e) => e.type === 'near')).toMatchObject({ who: 'ghost', audience: { to: 'all' } });
		g.move(0, [go('right')]); // onto it: told again, unharmed
		expect(g.last.find((e) => e.type === 'near')).toMatchObject({ who: 'ghost' });
		expect(g.types()).not.toContain('eaten');
	});

	test('003 2.3: a player placed next to the bear at the start is told so at once', () => {
		const plan = grid('topographic', ['L L L L M'], { bear: 1 });
		const g = new Script(plan, 2, CHOOSE);
		g.start([0, 0], [3, 0]);
		const near = g.last.filter((e) => e.type === 'near');
		expect(near).toEqual([expect.objectContaining({ seat: 0, who: 'bear', audience: { to: 'all' } })]);
	});
});

describe('003 where clauses meet (second audit)', () => {
	test('003 3 with 1.8: the app places players on "some land cell (or a spinner)" — never the treasure\'s cell, a cell of its own in the seed\'s list', () => {
		const plan = grid('topographic', ['L L S1 M'], { items: [{ cell: 1, kind: 'treasure', true: true }] });
		const placed = new Set<number>();
		for (let seed = 1; seed <= 30; seed++) for (const p of new Script(plan, 3, {}, seed).state.players) placed.add(p.cell);
		expect([...placed].sort()).toEqual([0, 2]);
	});

	test('003 3 with 1.8 (players choose): the treasure\'s cell is not refused — a refusal would tell where it lies; it is taken by stepping back on, or by a wall hit there', () => {
		const plan = grid('topographic', ['L L M'], { items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = new Script(plan, 1, CHOOSE);
		g.do({ type: 'choose_start', by: 0, cell: 1 });
		expect(g.last[0]).toMatchObject({ type: 'start_chosen' });
		g.do({ type: 'confirm_starts', by: 'master' });
		expect(g.last.find((e) => e.type === 'start_kind')).toMatchObject({ kind: 'land' });
		expect(g.types()).not.toContain('treasure_picked');
		expect(g.p(0).carry).toBeNull();
		g.move(0, [go('up')]);
		expect(g.types()).toEqual(['wall', 'treasure_picked', 'turn']);
		const off = new Script(plan, 1, { ...CHOOSE, wallCellActsAgain: false });
		off.do({ type: 'choose_start', by: 0, cell: 1 });
		off.do({ type: 'confirm_starts', by: 'master' });
		off.move(0, [go('up')]);
		expect(off.types()).toEqual(['wall', 'turn']);
	});

	test('003 1.4 with the master\'s correction: a player the master moves out of a swamp is out of it — his next swamp is his first', () => {
		const g = solo(grid('topographic', ['L B L B M']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('swamp');
		g.do({ type: 'correct', by: 'master', reason: 'he was never in the swamp', change: { kind: 'place', seat: 0, cell: 2 } });
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('swamp');
		expect(g.types()).not.toContain('swamp_death');
		expect(g.p(0).cell).toBe(3);
	});

	test('003 2.1 with 1.6: all laws apply to the bear — standing on a crocodile when it wakes, it is eaten (to the morgue)', () => {
		// The crocodile at b1, the bear at c1, the player at b2 with a cartridge.
		const plan = grid('topographic', ['L C L M', 'L L L L'], { bear: 2 });
		const g = solo(plan, [1, 1]);
		ammo(g, 0, 1);
		g.move(0, [shoot('up'), go('left')]); // move 1: the crocodile sleeps; the player to a2, the bear onto it at b1
		expect(topoExt(g.state).bear).toBe(1);
		g.move(0, [go('up')]); // move 2: the player to a1; the bear hits the outer wall
		g.move(0, [go('up')]); // move 3: both hit the outer wall
		expect(topoExt(g.state).bear).toBe(1);
		g.move(0, [go('up')]); // move 4: the crocodile wakes with the bear on it
		expect(topoExt(g.state).bear).toBe(3);
		expect(g.p(0).cell).toBe(0);
	});

	test('003 2.2, 2.3: a ghost whose path is one cell never moves, so it eats nobody — stepping onto it is harmless', () => {
		const plan = grid('topographic', ['L L L L M'], { ghost: [2] });
		const g = solo(plan, [1, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(2);
		expect(g.types()).not.toContain('eaten');
		g.move(0, [go('up')]);
		expect(g.types()).not.toContain('eaten');
		expect(g.p(0).cell).toBe(2);
	});

	test('003 extra rule, 1.7: the arsenal acts again on a player who hits a wall in it (only the swamp, pit and river do not): three cartridges', () => {
		const g = solo(grid('topographic', ['L A M']), [0, 0]);
		g.move(0, [go('right')]);
		g.move(0, [shoot('left'), go('up')]); // a shot, then the outer wall: still in the arsenal
		expect(g.types()).toEqual(expect.arrayContaining(['no_scream', 'wall']));
		expect(g.p(0).bullets).toBe(3);
		g.move(0, [go('up'), shoot('left')]); // the wall again, then a shot after it: spent
		expect(g.p(0).bullets).toBe(2);
		// Players who read the wall hit as doing nothing switch it off.
		const off = solo(grid('topographic', ['L A M']), [0, 0], { wallCellActsAgain: false });
		off.move(0, [go('right')]);
		off.move(0, [shoot('left'), go('up')]);
		expect(off.p(0).bullets).toBe(2);
	});

	test('003 extra rule, 1.8: a player standing where the treasure went back (1.10) takes it when he hits a wall there', () => {
		// Player A carries the treasure from b1 and is eaten at c1; player B waits at b1.
		const plan = grid('topographic', ['L L C M'], { items: [{ cell: 0, kind: 'treasure', true: true }] });
		const g = new Script(plan, 2, CHOOSE);
		const [a, b] = g.state.order as [number, number];
		g.start([1, 0], [1, 0]);
		g.move(a, [go('left')]); // A picks the treasure up at a1
		g.move(b, [go('left')]); // B to a1 too: the treasure is carried
		expect(g.p(a).carry).toMatchObject({ k: 'treasure' });
		g.move(a, [go('right')]);
		g.move(b, [go('up')]); // B hits the outer wall at a1
		g.move(a, [go('right')]); // A eaten at c1: the treasure back at a1, under B's feet
		expect(g.p(a).carry).toBeNull();
		expect(g.p(b).carry).toBeNull();
		g.move(b, [go('up')]); // B hits the wall: the cell acts again
		expect(g.types()).toEqual(expect.arrayContaining(['wall', 'treasure_picked']));
		expect(g.p(b).carry).toMatchObject({ k: 'treasure' });
	});
});

describe('003 the master\'s time limit in a topographic game', () => {
	const timeOut = (g: Script, seat: number) => g.do({ type: 'time_out', by: 'master', seat });

	test('003 1.10: a player timed out with the treasure leaves the game; the treasure goes back to its place and nothing else is left behind', () => {
		const plan = grid('topographic', ['L L L M'], { items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = new Script(plan, 2, CHOOSE);
		const [a, b] = g.state.order as [number, number];
		g.start([0, 0], [0, 0]);
		g.move(a, [go('right')]);
		g.move(b, [go('up')]);
		g.move(a, [go('right')]); // carried to c1
		g.move(b, [go('up')]);
		ammo(g, a, 2);
		timeOut(g, a);
		expect(g.last[0]).toMatchObject({ type: 'timed_out', seat: a, corpse: false });
		expect(renderEvent(g.last[0]!, 'en')).toBe(`Player ${a + 1} did not move in time and has left the game`);
		expect(renderedEverywhere(g.last, plan.width)).toEqual([]);
		expect(g.p(a).status).toBe('lost');
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
		expect(g.state.items.flat()).toEqual([{ k: 'treasure', id: 0 }]);
		expect(g.state.phase).toBe('play');
		expect(g.now).toBe(b);
	});

	test('003 2.2: the ghost keeps stepping after every round when the last in turn order is out of the game', () => {
		const plan = grid('topographic', ['L L L L L M'], { ghost: [2, 3, 2, 1] });
		const g = new Script(plan, 2, CHOOSE);
		const [a, b] = g.state.order as [number, number];
		g.start([4, 0], [4, 0]);
		g.move(a, [go('up')]);
		timeOut(g, b); // the round ends with him: the ghost steps, next to the player at e1 (2.3)
		expect(topoExt(g.state).ghostSteps).toBe(1);
		expect(g.last.filter((e) => e.type === 'near')).toEqual([expect.objectContaining({ seat: a, who: 'ghost' })]);
		g.move(a, [go('up')]);
		expect(topoExt(g.state).ghostSteps).toBe(2);
		g.move(a, [go('up')]);
		expect(topoExt(g.state).ghostSteps).toBe(3);
	});

	test('003 (no end but the treasure, 1.9): when nobody is left in the game it ends — nobody can carry the treasure out', () => {
		const g = new Script(grid('topographic', ['L L M'], { items: [{ cell: 1, kind: 'treasure', true: true }] }), 1, CHOOSE).start([0, 0]);
		timeOut(g, 0);
		expect(g.state.result).toEqual({ kind: 'draw', reason: 'no_survivors' });
	});
});

describe('003 the plan (validator), clause by clause', () => {
	// A sound 8x8 plan: a river of two cells into a swamp, a spinner, two pits, a crocodile, the
	// arsenal, the morgue, the treasure, an exit, the bear and the ghost.
	const rows = [
		'L L L L L L L L',
		'L R> R> B L L L L',
		'L S1 L L L L L L',
		'L P L L L P L L',
		'L C L L L A L M',
		'L L L L L L L L',
		'L L L L L L L L',
		'L L L L L L L L'
	];
	const sound = (): Plan =>
		grid('topographic', rows, {
			pitLoops: [[25, 29]],
			items: [{ cell: 63, kind: 'treasure', true: true }],
			exits: [{ cell: 0, dir: 'left', open: true }],
			bear: 40,
			ghost: [56, 57, 58]
		});
	const recell = (plan: Plan, cell: number, c: Plan['cells'][number]): Plan => ({ ...plan, cells: plan.cells.map((x, i) => (i === cell ? c : x)) });

	test('the sound plan has no problem', () => {
		expect(validatePlan(sound()).errors).toEqual([]);
		expect(validatePlan(sound()).warnings).toEqual([]);
	});

	test.each<[string, (p: Plan) => Plan, string]>([
		['003 1 "the field is a square 8x8": 8x7 is refused', (p) => ({ ...p, height: 7, cells: p.cells.slice(0, 56), ghost: [48, 49], items: [{ cell: 55, kind: 'treasure', true: true }] }), 'grid_size_rules'],
		['003 1 (every square of the chessboard is a cell)', (p) => recell(p, 20, null), 'cells_left_out'],
		['003 1 (only the seed\'s objects): a hospital is refused', (p) => recell(p, 20, { kind: 'hospital' }), 'cell_kind_not_in_rules'],
		['003 1.2 a spinner\'s needle shows east, south or west for north', (p) => recell(p, 17, { kind: 'spinner' }), 'spinner_without_turn'],
		['003 1.3 "flows into a neighbouring cell, river again or swamp": into land', (p) => recell(p, 11, { kind: 'land' }), 'river_not_into_swamp'],
		['003 1.3 "flows from a cell into a neighbouring one": a river cell with no flow', (p) => recell(p, 9, { kind: 'river' }), 'river_without_flow'],
		['003 1.3 … a neighbouring cell: not out of the field', (p) => recell(p, 8, { kind: 'river', flow: 'left' }), 'river_flow_off_plan'],
		['003 1.3 (a river\'s flow is a side it crosses): not through a wall', (p) => ({ ...p, walls: [{ cell: 9, dir: 'right' }] }), 'river_flow_through_wall'],
		['003 1.3 "every river in the end flows into a swamp": not in a circle', (p) => recell(recell(p, 17, { kind: 'river', flow: 'up' }), 9, { kind: 'river', flow: 'down' }), 'river_no_swamp'],
		['003 1.10 the morgue: there is one', (p) => recell(p, 39, { kind: 'land' }), 'morgue_count'],
		['003 1.10 the morgue: only one', (p) => recell(p, 38, { kind: 'morgue' }), 'morgue_count'],
		['003 1.7 the arsenal: there is one', (p) => recell(p, 37, { kind: 'land' }), 'missing_arsenal'],
		['003 1.8 the treasure: one', (p) => ({ ...p, items: [...p.items, { cell: 62, kind: 'treasure', true: true }] }), 'treasure_count'],
		['003 1.8 the treasure: not on a swamp', (p) => ({ ...p, items: [{ cell: 11, kind: 'treasure', true: true }] }), 'treasure_not_on_land'],
		['003 1.9 "a gap in the outer wall": not an inner side', (p) => ({ ...p, exits: [{ cell: 9, dir: 'down', open: true }] }), 'exit_not_outer'],
		['003 1.9 the treasure must be carried out: an exit', (p) => ({ ...p, exits: [] }), 'no_exit'],
		['003 2.1 the bear stands on a cell', (p) => ({ ...p, bear: 64 }), 'bear_off_plan'],
		['003 2.2 "moves one cell": the ghost\'s path goes cell to neighbouring cell', (p) => ({ ...p, ghost: [56, 58] }), 'ghost_path_broken']
	])('%s', (_, mutate, code) => {
		expect(codes(mutate(sound()))).toContain(code);
	});
});

describe('003 turns and creatures, the clauses not checked above', () => {
	test('003 3 "to move, a player names a direction"; "before and/or after the move a player may shoot": one step, at most one shot each side', () => {
		const g = solo(grid('topographic', ['A L M']), [1, 0]);
		g.move(0, [go('left')]);
		const refused = (actions: Parameters<Script['move']>[1], reason: string) => {
			const before = g.state;
			expect(g.move(0, actions)[0]).toMatchObject({ type: 'rejected', reason });
			expect(g.state).toBe(before);
		};
		refused([shoot('right')], 'no_movement');
		refused([go('right'), go('right')], 'two_movements');
		refused([shoot('right'), shoot('right'), go('right')], 'malformed');
		refused([go('right'), shoot('up'), shoot('up')], 'malformed');
		expect(g.move(0, [go('right')], { dark: true })[0]).toMatchObject({ type: 'rejected', reason: 'option_off' });
		g.move(0, [shoot('right'), go('right'), shoot('up')]);
		expect(g.p(0).bullets).toBe(1);
	});

	test('003 1.1 land: "nothing special" — the answer is "land"', () => {
		const g = solo(grid('topographic', ['L L M']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.types()).toEqual(['land', 'turn']);
	});

	test('003 1.2: a needle showing south sends "north" south; one showing west sends "east" north', () => {
		const half = solo(grid('topographic', ['L L M', 'L S2 L', 'L L L']), [1, 1]);
		half.move(0, [go('up')]);
		expect(half.p(0).cell).toBe(7);
		const three = solo(grid('topographic', ['L L M', 'L S3 L', 'L L L']), [1, 1]);
		three.move(0, [go('right')]);
		expect(three.p(0).cell).toBe(1);
	});

	test('003 1.6 "shot from a neighbouring cell": a crocodile two cells away is not reached', () => {
		const g = solo(grid('topographic', ['L L C M']), [0, 0]);
		ammo(g, 0, 1);
		g.move(0, [shoot('right'), go('right')]);
		g.move(0, [go('right')]);
		expect(g.types()).toContain('crocodile_eats');
	});

	test('003 1.7 "kills all its occupants": two players on the cell shot both go to the morgue', () => {
		const plan = grid('topographic', ['L L M', 'L L L']);
		const g = new Script(plan, 3, CHOOSE);
		const [a, b, c] = g.state.order as [number, number, number];
		const at: [number, number][] = [];
		at[a] = [0, 0];
		at[b] = [1, 1];
		at[c] = [1, 1];
		g.start(...at);
		ammo(g, a, 1);
		g.move(a, [go('down'), shoot('right')]);
		expect(g.last.filter((e) => e.type === 'shot_dead').map((e) => (e as { seat: number }).seat).sort()).toEqual([b, c].sort());
		expect([g.p(b).cell, g.p(c).cell]).toEqual([2, 2]);
	});

	test('003 1.10 "revives at once": the dead move on from the morgue at their next turn', () => {
		const g = solo(grid('topographic', ['L C M', 'L L L']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(2);
		g.move(0, [go('down')]);
		expect(g.types()[0]).toBe('land');
		expect(g.p(0).cell).toBe(5);
	});

	test('003 2.1 "repeats all the moves the players make": the bear takes a step after each player\'s move', () => {
		const plan = grid('topographic', ['L L L L M', 'L L L L L', 'L L L L L'], { bear: 12 });
		const g = new Script(plan, 2, CHOOSE).start([0, 0], [4, 2]);
		const [a, b] = g.state.order as [number, number];
		g.move(a, [go(a === 0 ? 'right' : 'left')]);
		expect(topoExt(g.state).bear).toBe(a === 0 ? 13 : 11);
		const after = topoExt(g.state).bear;
		g.move(b, [go('up')]);
		expect(topoExt(g.state).bear).toBe(after - 5);
	});

	test('003 2.2 "after all players have moved": the ghost waits for the round\'s last player', () => {
		const plan = grid('topographic', ['L L L L M', 'L L L L L'], { ghost: [5, 6, 7] });
		const g = new Script(plan, 2, CHOOSE).start([0, 0], [3, 0]);
		const [a, b] = g.state.order as [number, number];
		g.move(a, [go('up')]);
		expect(ghostCell(topoExt(g.state))).toBe(5);
		g.move(b, [go('up')]);
		expect(ghostCell(topoExt(g.state))).toBe(6);
	});

	test('003 2.2 "it cannot be shot": a shot into its cell leaves it on its path, no scream', () => {
		const plan = grid('topographic', ['L L L M'], { ghost: [1, 2] });
		const g = solo(plan, [0, 0]);
		ammo(g, 0, 1);
		g.move(0, [shoot('right'), go('up')]);
		expect(g.types()).toContain('no_scream');
		expect(ghostCell(topoExt(g.state))).toBe(2);
	});
});

describe('003 features together', () => {
	test('003 1.2 with 1.9: on a spinner the way out is the turned direction — the named one is a wall', () => {
		// The exit on the left of a1, a spinner of one quarter there: "up" goes right, "down" goes left.
		const plan = grid('topographic', ['S1 L M'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('up')]); // turned: right, onto the treasure
		expect(g.types()).toContain('treasure_picked');
		g.move(0, [go('left')]);
		g.move(0, [go('left')]); // turned: up, the outer wall
		expect(g.types()[0]).toBe('wall');
		g.move(0, [go('down')]); // turned: left, the exit
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
	});

	test('003 2.1 with 1.9: an exit is a wall to the bear (it never has the treasure)', () => {
		const plan = grid('topographic', ['L L L', 'L L M'], { bear: 0, exits: [{ cell: 0, dir: 'left', open: true }] });
		const g = solo(plan, [2, 0]);
		g.move(0, [go('left')]); // the player to b1; the bear's "left" is the exit
		expect(topoExt(g.state).bear).toBe(0);
	});

	test('003 1.7 with 2.1: a player\'s shot kills the bear — a scream, and the bear is taken to the morgue', () => {
		const plan = grid('topographic', ['L L L', 'L L M'], { bear: 4 });
		const g = solo(plan, [0, 0]);
		ammo(g, 0, 1);
		g.move(0, [go('down'), shoot('right')]); // a2, shoots b2: the bear (it then repeats from the morgue: walls)
		expect(g.types()).toContain('scream');
		expect(g.types()).not.toContain('shot_dead');
		expect(topoExt(g.state).bear).toBe(5);
	});

	test('003 2.1 with 1.6: the bear stepping onto an awake crocodile is eaten (to the morgue); its shot puts one to sleep', () => {
		const eaten = solo(grid('topographic', ['L L L L', 'L C L M'], { bear: 1 }), [2, 0]);
		eaten.move(0, [go('down')]); // the player c1 → c2; the bear b1 → b2, the crocodile
		expect(topoExt(eaten.state).bear).toBe(7);
		const shot = solo(grid('topographic', ['L L L L', 'L C L M'], { bear: 0 }), [2, 0]);
		ammo(shot, 0, 1);
		shot.move(0, [go('down'), shoot('right')]); // the player c2, shoots d2; the bear a1 → a2 and shoots right: the crocodile at b2
		expect(topoExt(shot.state).crocWake[5]).toBeGreaterThan(shot.state.moveNo);
		shot.move(0, [go('left')]); // the player onto the sleeping crocodile; the bear's "left" is the outer wall
		expect(shot.types()[0]).toBe('crocodile_asleep');
	});

	test('rulings 5 with 003: the master\'s undo brings back the bear, the ghost, a sleeping crocodile and the swamp as they were', () => {
		const plan = grid('topographic', ['L B C L', 'L L L M'], { bear: 4, ghost: [6, 7] });
		const g = solo(plan, [0, 0]);
		ammo(g, 0, 1);
		g.move(0, [shoot('right'), go('right')]); // the swamp; the bear a2 → b2; the ghost on
		const before = g.state;
		g.move(0, [go('down')]);
		g.do({ type: 'undo', by: 'master', reason: 'test' });
		expect(topoExt(g.state)).toEqual(topoExt(before));
		expect(g.state.players).toEqual(before.players);
	});
});

describe('003 the last clauses', () => {
	test('003 1.8 "carrying it changes nothing about what the player can do": the carrier shoots, is carried by a river and keeps it', () => {
		const plan = grid('topographic', ['L L R> R> B', 'L L L L M'], { items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = new Script(plan, 2, CHOOSE);
		const [a, b] = g.state.order as [number, number];
		const at: [number, number][] = [];
		at[a] = [0, 0];
		at[b] = [1, 1];
		g.start(...at);
		ammo(g, a, 1);
		g.move(a, [go('right'), shoot('down')]); // the treasure, then a shot at b2
		expect(g.types()).toEqual(expect.arrayContaining(['treasure_picked', 'shot_dead', 'scream']));
		g.move(b, [go('up')]);
		g.move(a, [go('right')]); // into the river, carried to the swamp
		expect(g.p(a)).toMatchObject({ cell: 4, carry: { k: 'treasure' } });
	});

	test('003 2.1 "all the laws apply to it": a spinner turns the bear\'s step', () => {
		const plan = grid('topographic', ['L L L', 'L S1 L', 'L L M'], { bear: 4 });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('down')]); // the player a1 → a2; the bear's "down" on a one-quarter spinner is "left": b2 → a2, onto him
		expect(topoExt(g.state).bear).toBe(3);
		expect(g.last).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'eaten', seat: 0, by: 'bear' })]));
	});

	test('003 1.2 with the classic handicap questions (a game file may carry them): a spinner asked about is told "land", as the seed tells it', () => {
		const g = new Script(grid('topographic', ['S2 L M']), 1, { ...CHOOSE, handicapQuestions: 1 });
		g.do({ type: 'ask_cell_kind', by: 0, cell: 0 });
		expect(g.last.find((e) => e.type === 'cell_kind_answer')).toMatchObject({ kind: 'land' });
	});

	test('003 2.1 with 1.10: a death ends the bear\'s move as it ends a player\'s — no shot from the morgue after it', () => {
		// The bear at b1 steps onto the awake crocodile at b2 and dies into the morgue at c2; the
		// player at c3 said a shot "down" after his step: the bear does not fire it at him from c2.
		const plan = grid('topographic', ['L L L', 'L C M', 'L L L'], { bear: 1 });
		const g = solo(plan, [2, 2]);
		ammo(g, 0, 1);
		g.move(0, [go('down'), shoot('down')]); // the outer wall, a shot into it
		expect(topoExt(g.state).bear).toBe(5);
		expect(g.types()).not.toContain('shot_dead');
		expect(g.p(0).cell).toBe(8);
	});

	test('003 2.1, 2.2: the ghost eats players, not the bear ("all the laws of the labyrinth" are its cells\' laws; the creatures are apart)', () => {
		const plan = grid('topographic', ['L L L M'], { bear: 1, ghost: [2, 1] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('up')]); // walls for both; the ghost c1 → b1, onto the bear
		expect(ghostCell(topoExt(g.state))).toBe(1);
		expect(topoExt(g.state).bear).toBe(1);
	});
});

describe('003 3 "each player is placed on some land cell (or a spinner)": a start elsewhere refused as a master would say it', () => {
	test('003 3: a river, swamp, pit, crocodile, arsenal or morgue start is refused with "a start must be on land", never "there is no such cell"', () => {
		const plan = grid('topographic', ['L R> B P C A M']);
		for (let cell = 1; cell < 7; cell++) {
			const g = new Script(plan, 1, CHOOSE);
			g.do({ type: 'choose_start', by: 0, cell });
			const refusal = g.last[0]!;
			expect(refusal).toMatchObject({ type: 'rejected', reason: 'start_not_land', audience: { to: 'seat', seat: 0 } });
			expect(renderEvent(refusal, 'en')).toMatch(/land/);
			for (const l of ['en', 'ru', 'uk'] as const) expect(renderEvent(refusal, l)).not.toBe(renderEvent({ ...refusal, reason: 'cell_invalid' } as typeof refusal, l));
		}
		// A cell that is not on the plan at all is still "no such cell".
		const g = new Script(plan, 1, CHOOSE);
		g.do({ type: 'choose_start', by: 0, cell: 99 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'cell_invalid' });
	});
});
