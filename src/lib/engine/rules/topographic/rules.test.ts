import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Script, stateKey } from '../../game/testing';
import { replay } from '../../game/game';
import type { Direction, Plan } from '../../plan/types';
import { DIRECTIONS } from '../../plan/types';
import { validatePlan } from '../../plan/validate';
import { connected } from '../common/connectivity';
import { generateTopographic } from './generate';
import { parsePlanJson, serializePlan } from '../../plan/format-json';
import { parsePlanText, renderPlanText } from '../../plan/format-text';
import { ghostCell, topoExt, turned } from './rules';
import { grid, renderedEverywhere } from './testing';
import { createRng } from '../../random';

const go = (dir: Direction) => ({ a: 'go' as const, dir });
const shoot = (dir: Direction) => ({ a: 'shoot' as const, dir });

/** Players choose their starts (the app places them by default, 003 3). */
const CHOOSE = { randomStart: false };

/** One player: `start` then the moves; returns the script. */
function solo(plan: Plan, start: [number, number]): Script {
	return new Script(plan, 1, CHOOSE).start(start);
}

describe('003 field', () => {
	test('003 1.2: on a spinner the compass is broken: "east" sends the player south, and he is told "land"', () => {
		const plan = grid('topographic', ['S1 L', 'L L'], { items: [] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(g.cell(0, 1));
		expect(g.types()[0]).toBe('land');
		expect(turned('up', 1)).toBe('right');
		expect(turned('up', 3)).toBe('left');
	});

	test('003 3: by default the app places every player on a land or spinner cell, and nobody is told where', () => {
		const plan = grid('topographic', ['S1 R> B', 'L C M']);
		const cells = new Set<number>();
		for (let seed = 1; seed <= 30; seed++) {
			const g = new Script(plan, 2, {}, seed);
			for (const p of g.state.players) {
				expect([0, 3]).toContain(p.cell);
				cells.add(p.cell);
			}
			g.do({ type: 'choose_start', by: g.state.order[0]!, cell: 3 });
			expect(g.last[0]).toMatchObject({ type: 'rejected' });
			g.do({ type: 'confirm_starts', by: 'master' });
			expect(g.state.phase).toBe('play');
			expect(JSON.stringify(g.view(0))).not.toMatch(/"cell"/);
		}
		expect(cells.size).toBe(2);
	});

	test('003 3: a spinner start is announced as land; a start on a river is refused', () => {
		const plan = grid('topographic', ['S2 R> B']);
		const g = new Script(plan, 1, CHOOSE);
		g.do({ type: 'choose_start', by: 0, cell: 1 });
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'start_not_land' });
		g.do({ type: 'choose_start', by: 0, cell: 0 });
		g.do({ type: 'confirm_starts', by: 'master' });
		expect(g.last.find((e) => e.type === 'start_kind')).toMatchObject({ kind: 'land' });
	});

	test('003 1.3: a river carries the player three cells downstream', () => {
		const g = solo(grid('topographic', ['L R> R> R> R> R> B']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(4);
		expect(g.last[0]).toMatchObject({ type: 'topo_river', swamp: false });
	});

	test('003 1.3: … or only to the swamp it flows into when that is nearer', () => {
		const g = solo(grid('topographic', ['L R> R> B L']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(3);
		expect(g.last[0]).toMatchObject({ type: 'topo_river', swamp: true });
	});

	test('003 1.4: a swamp kills on the second turn in a row, and the dead go to the morgue', () => {
		const g = solo(grid('topographic', ['L B B M']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.types()).toEqual(['swamp', 'turn']);
		g.move(0, [go('right')]);
		expect(g.types()).toContain('swamp_death');
		expect(g.types()).toContain('morgue');
		expect(g.p(0).cell).toBe(3);
	});

	test('003 1.4: a river that brings a player from a swamp into a swamp again kills him', () => {
		const g = solo(grid('topographic', ['L B R> B']), [0, 0]);
		g.move(0, [go('right')]);
		g.move(0, [go('right')]);
		expect(g.types()).toContain('swamp_death');
	});

	test('003 extra rule: a wall hit from a swamp stops its effect (no death), stepping out is safe', () => {
		const g = solo(grid('topographic', ['L B L M']), [0, 0]);
		g.move(0, [go('right')]);
		g.move(0, [go('up')]); // the outer wall
		expect(g.types()[0]).toBe('wall');
		expect(g.p(0).cell).toBe(1);
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('land');
	});

	test('003 extra rule: a wall hit from a pit does not move the player on', () => {
		const plan = grid('topographic', ['L P P'], { pitLoops: [[1, 2]] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).cell).toBe(2);
		g.move(0, [go('up')]);
		expect(g.p(0).cell).toBe(2);
		expect(g.types()[0]).toBe('wall');
	});

	test('003 1.5: a pit moves the player to the pit it leads to', () => {
		const plan = grid('topographic', ['L P P P'], { pitLoops: [[1, 3, 2]] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('pit');
		expect(g.p(0).cell).toBe(3);
	});
});

describe('003 1.6 crocodiles', () => {
	// y0: C L
	// y1: A L      (the arsenal gives the cartridges)
	const plan = () => grid('topographic', ['C L', 'A L', 'L L']);
	const armed = () => {
		const g = solo(plan(), [0, 2]);
		g.move(0, [go('up')]); // into the arsenal
		expect(g.p(0).bullets).toBe(3);
		return g;
	};

	test('003 1.6: the seed\'s example — shoot north, go north; east; west; south: it wakes just as the player leaves', () => {
		const g = armed();
		g.move(0, [shoot('up'), go('up')]);
		expect(g.types()).toContain('crocodile_asleep');
		g.move(0, [go('right')]);
		g.move(0, [go('left')]);
		expect(g.types()[0]).toBe('crocodile_asleep');
		g.move(0, [go('down')]);
		expect(g.types()).not.toContain('crocodile_eats');
		expect(g.p(0).cell).toBe(2);
		// Awake now: stepping back on is fatal.
		g.move(0, [go('up')]);
		expect(g.types()).toContain('crocodile_eats');
	});

	test('003 1.6: … had the player stayed on its cell at that move (a wall), he would have been eaten', () => {
		const g = armed();
		g.move(0, [shoot('up'), go('up')]);
		g.move(0, [go('right')]);
		g.move(0, [go('left')]);
		g.move(0, [go('left')]); // the outer wall: stays on the crocodile's cell as it wakes
		expect(g.types()).toContain('crocodile_eats');
		expect(g.types()).toContain('morgue');
	});

	test('003 1.6: shooting a sleeping crocodile again pushes its waking back', () => {
		const g = armed();
		g.move(0, [shoot('up'), go('right')]); // shot at move 1: wakes at 4
		g.move(0, [go('left')]);
		g.move(0, [shoot('up'), go('right')]); // shot again at move 3: wakes at 6
		g.move(0, [go('up')]); // move 4: (1,0)
		g.move(0, [go('left')]); // move 5: onto the crocodile
		expect(g.types()[0]).toBe('crocodile_asleep');
	});

	test('003 1.6: an awake crocodile eats whoever steps on it', () => {
		const g = solo(plan(), [1, 0]);
		g.move(0, [go('left')]);
		expect(g.types()).toEqual(expect.arrayContaining(['crocodile_eats', 'morgue']));
	});
});

describe('003 arsenal, treasure, exits, morgue', () => {
	test('003 1.7: with cartridges a shot kills every occupant of the neighbouring cell (to the morgue); no more than three', () => {
		const g = new Script(grid('topographic', ['A L L M']), 2, CHOOSE);
		const first = g.state.order[0]!;
		const other = 1 - first;
		g.start(...((first === 0 ? [[1, 0], [2, 0]] : [[2, 0], [1, 0]]) as [number, number][]));
		expect(g.p(first).bullets).toBe(0);
		g.move(first, [go('left')]);
		expect(g.p(first).bullets).toBe(3);
		g.move(other, [go('left')]); // onto (1,0), next to the arsenal
		g.move(first, [shoot('right'), go('right')]);
		expect(g.types()).toEqual(expect.arrayContaining(['shot_dead', 'morgue', 'scream']));
		expect(g.p(other).cell).toBe(3);
		expect(g.p(first).bullets).toBe(2);
	});

	test('003 1.6: a death ends the move — the shot after it is not made', () => {
		const g = solo(grid('topographic', ['L C M']), [0, 0]);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'ammo', seat: 0, bullets: 2, grenades: 0 } });
		g.move(0, [go('right'), shoot('left')]);
		expect(g.p(0).cell).toBe(2);
		expect(g.types()).toContain('crocodile_eats');
		expect(g.types()).not.toContain('no_scream');
		expect(g.p(0).bullets).toBe(0);
	});

	test('003 1.7: shooting without cartridges is refused before the move', () => {
		const g = solo(grid('topographic', ['L L']), [0, 0]);
		g.move(0, [shoot('right'), go('right')]);
		expect(g.last[0]).toMatchObject({ type: 'rejected', reason: 'no_bullets' });
	});

	test('003 1.8, 1.9: the treasure is picked up automatically; an exit is a wall without it and the way out with it', () => {
		const plan = grid('topographic', ['L L L'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 2, kind: 'treasure', true: true }] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('left')]);
		expect(g.types()[0]).toBe('wall');
		g.move(0, [go('right')]);
		g.move(0, [go('right')]);
		expect(g.types()).toContain('treasure_picked');
		expect(g.p(0).carry).toMatchObject({ k: 'treasure' });
		g.move(0, [go('left')]);
		g.move(0, [go('left')]);
		g.move(0, [go('left')]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
	});

	test('003 1.9 (as classic 3.4): the game ends at the exit — a shot said after the winning step is not fired', () => {
		const plan = grid('topographic', ['L L A'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]); // the treasure
		g.move(0, [go('right')]); // the arsenal: three cartridges
		g.move(0, [go('left')]);
		g.move(0, [go('left')]);
		expect(g.p(0).carry).toMatchObject({ k: 'treasure' });
		expect(g.p(0).bullets).toBe(3);
		g.move(0, [go('left'), shoot('right')]);
		expect(g.state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
		expect(g.types()).not.toContain('no_scream');
		expect(g.types()).not.toContain('scream');
		expect(g.p(0).bullets).toBe(3);
	});

	test('003 1.10: in the morgue the dead revive at once without cartridges and the treasure goes back to its place', () => {
		const plan = grid('topographic', ['L L C M'], { items: [{ cell: 1, kind: 'treasure', true: true }] });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]);
		expect(g.p(0).carry).not.toBeNull();
		g.move(0, [go('right')]); // the crocodile
		expect(g.p(0)).toMatchObject({ cell: 3, bullets: 0, carry: null, status: 'in' });
		expect(g.state.items[1]).toEqual([{ k: 'treasure', id: 0 }]);
	});

	test('003 1.10: walking into the morgue says so', () => {
		const g = solo(grid('topographic', ['L M']), [0, 0]);
		g.move(0, [go('right')]);
		expect(g.types()[0]).toBe('morgue_cell');
	});
});

describe('003 2 creatures', () => {
	test('003 2.1: the bear repeats the move from its own cell and eats the player it moves onto', () => {
		// Player 0 at a1, player 1 at c2, the bear at b2.
		const plan = grid('topographic', ['L L L M', 'L L L L'], { bear: 5 });
		const g = new Script(plan, 2, CHOOSE).start([0, 0], [2, 1]);
		const mover = g.now;
		const other = 1 - mover;
		if (mover === 0) {
			g.move(0, [go('right')]); // the bear goes right onto c2: player 1 is eaten
			expect(topoExt(g.state).bear).toBe(6);
			expect(g.last).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'eaten', seat: 1, by: 'bear' })]));
			expect(g.p(1).cell).toBe(3);
		} else {
			g.move(1, [go('up')]); // player 1 to c1; the bear b2 → b1
			expect(topoExt(g.state).bear).toBe(1);
			expect(g.p(other).cell).toBe(0);
			g.move(0, [go('down')]); // player 0 to a2; the bear b1 → b2
			expect(topoExt(g.state).bear).toBe(5);
		}
	});

	test('003 2.1: the bear mirrors a wall too: it stays when its own way is walled, and the laws (a pit) apply to it', () => {
		const plan = grid('topographic', ['L L L', 'P L P'], { bear: 0, pitLoops: [[3, 5]] });
		const g = solo(plan, [2, 0]);
		g.move(0, [go('up')]); // the player hits the outer wall; the bear (a1) too
		expect(topoExt(g.state).bear).toBe(0);
		g.move(0, [go('down')]); // the player to c2 (a pit → a2); the bear a1 → a2 (a pit → c2)
		expect(g.p(0).cell).toBe(3);
		expect(topoExt(g.state).bear).toBe(5);
	});

	test('003 2.3: stepping onto the bear is harmless; a player next to it is told "the bear is near"', () => {
		const plan = grid('topographic', ['L L L L'], { bear: 2 });
		const g = solo(plan, [0, 0]);
		g.move(0, [go('right')]); // player b1, the bear c1 → d1
		expect(topoExt(g.state).bear).toBe(3);
		g.move(0, [go('right')]); // player c1, the bear hits the wall at d1: near
		expect(g.types()).toContain('near');
		expect(g.last.find((e) => e.type === 'near')).toMatchObject({ seat: 0, who: 'bear' });
		g.move(0, [go('right')]); // player onto the bear's cell
		expect(g.p(0).cell).toBe(3);
		expect(g.types()).not.toContain('eaten');
	});

	test('003 2.2: the ghost walks its fixed path one cell after every round and eats whoever is there; it cannot be shot', () => {
		const plan = grid('topographic', ['A L L', 'L L L'], { ghost: [2, 5, 4] });
		const g = solo(plan, [1, 0]);
		expect(ghostCell(topoExt(g.state))).toBe(2);
		g.move(0, [go('left')]); // to the arsenal; ghost → c2
		expect(ghostCell(topoExt(g.state))).toBe(5);
		g.move(0, [go('down')]); // to a2; ghost → b2 (next to a2)
		expect(ghostCell(topoExt(g.state))).toBe(4);
		expect(g.last.find((e) => e.type === 'near')).toMatchObject({ who: 'ghost' });
		g.move(0, [shoot('right'), go('up')]); // shot at the ghost: nothing; ghost walks back → c2
		expect(g.types()).toContain('no_scream');
		expect(ghostCell(topoExt(g.state))).toBe(5);
		g.move(0, [go('right')]); // to b1; ghost → c1
		g.move(0, [go('right')]); // to c1 (the ghost's cell: harmless); ghost → c2
		expect(g.types()).not.toContain('eaten');
	});

	test('003 2.2: the ghost entering a player\'s cell eats him', () => {
		const plan = grid('topographic', ['L L L M'], { ghost: [0, 1, 2] });
		const g = solo(plan, [2, 0]);
		g.move(0, [go('up')]); // wall; the ghost → b1
		g.move(0, [go('up')]); // wall; the ghost → c1: eats the player
		expect(g.last).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'eaten', by: 'ghost' })]));
		expect(g.p(0).cell).toBe(3);
	});
});

describe('003 properties', () => {
	test('generated topographic plans are valid for the topographic rules', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
				const plan = generateTopographic(seed);
				expect(validatePlan(plan).errors).toEqual([]);
				expect(plan.width * plan.height).toBe(64);
				expect(connected(plan)).toBe(true);
				expect(plan.walls.length).toBeGreaterThan(0);
			}),
			{ numRuns: 40 }
		);
	});

	test('validator: cells walled off from the rest are a warning, with the cells named', () => {
		const plan = generateTopographic(3);
		expect(validatePlan(plan).warnings).toEqual([]);
		const walled = { ...plan, walls: [...plan.walls.filter((w) => w.cell !== 0), { cell: 0, dir: 'right' as const }, { cell: 0, dir: 'down' as const }] };
		const w = validatePlan(walled).warnings.find((p) => p.code === 'cells_unreachable');
		expect(w?.cells).toEqual([0]);
		expect(validatePlan(walled).errors.filter((e) => e.code === 'cells_unreachable')).toEqual([]);
	});

	test('plan files: spinners, swamps, crocodiles, the morgue, the bear and the ghost round-trip through JSON and the text picture', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
				const plan = generateTopographic(seed);
				const viaJson = parsePlanJson(serializePlan(plan));
				const viaText = parsePlanText(renderPlanText(plan));
				expect(viaJson).toEqual({ ok: true, value: plan });
				expect(viaText).toEqual({ ok: true, value: plan });
			}),
			{ numRuns: 20 }
		);
	});

	test('non-interference (1.2): a spinner is told as land — views stay byte-identical to a plan with land there until someone moves from it', () => {
		let compared = 0;
		for (let seed = 1; seed <= 40; seed++) {
			const plan = generateTopographic(seed);
			const x = plan.cells.findIndex((c) => c?.kind === 'spinner');
			const land = { ...plan, cells: plan.cells.map((c, i) => (i === x ? { kind: 'land' as const } : c)) };
			const a = new Script(plan, 3, CHOOSE, seed);
			const b = new Script(land, 3, CHOOSE, seed);
			const starts = plan.cells.flatMap((c, i) => (c?.kind === 'land' && i !== x && !plan.items.some((it) => it.cell === i) ? [i] : []));
			a.state.order.forEach((s, k) => {
				// Odd seeds: the last in turn order starts on the spinner (told "land").
				const cell = seed % 2 && k === 2 ? x : starts[k * 7]!;
				a.do({ type: 'choose_start', by: s, cell });
				b.do({ type: 'choose_start', by: s, cell });
			});
			a.do({ type: 'confirm_starts', by: 'master' });
			b.do({ type: 'confirm_starts', by: 'master' });
			const rng = createRng(seed);
			for (let i = 0; i < 150 && a.state.phase === 'play'; i++) {
				const seat = a.now;
				if (a.p(seat).cell === x || topoExt(a.state).bear === x) break;
				const cmd = { type: 'move' as const, by: seat, actions: [go(DIRECTIONS[rng.int(4)]!)] };
				a.do(cmd);
				b.do(cmd);
				for (let s = 0; s < 3; s++) {
					expect(JSON.stringify(b.view(s))).toBe(JSON.stringify(a.view(s)));
					compared++;
				}
			}
		}
		expect(compared).toBeGreaterThan(300);
	});

	test('random games with time limits and the master\'s placings: the treasure is always in exactly one place, nobody in the game stands on an awake crocodile, the bear and the ghost stay on the plan, no seat hears a cell', () => {
		const kinds = (plan: Plan, cell: number) => plan.cells[cell]?.kind;
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 1_000_000 }),
				fc.integer({ min: 1, max: 4 }),
				fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 63 })), { maxLength: 120 }),
				(seed, seats, script) => {
					const plan = generateTopographic(seed);
					const g = new Script(plan, seats, {}, seed);
					g.do({ type: 'confirm_starts', by: 'master' });
					for (const [what, d, cell] of script) {
						if (g.state.phase !== 'play') break;
						const seat = g.now;
						const dir = DIRECTIONS[d]!;
						// Mostly steps, some with shots; now and then the master times a player out or moves one.
						if (what === 9 && g.state.players.filter((p) => p.status === 'in').length > 1) g.do({ type: 'time_out', by: 'master', seat });
						else if (what === 8) g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'place', seat, cell } });
						else g.move(seat, what < 3 ? [shoot(DIRECTIONS[what]!), go(dir)] : what < 5 ? [go(dir), shoot(DIRECTIONS[(d + 1) & 3]!)] : [go(dir)]);
						// After a move (a master's placing may put someone anywhere until then).
						const moved = what < 8 && g.last[0]?.type !== 'rejected';
						const x = topoExt(g.state);
						const carried = g.state.players.filter((p) => p.carry?.k === 'treasure');
						const lying = g.state.items.flat().filter((it) => it.k === 'treasure');
						expect(carried.length + lying.length).toBe(1);
						expect(g.state.items.flat().every((it) => it.k === 'treasure')).toBe(true);
						if (carried.length) expect(carried[0]!.status).toBe('in');
						const awake = (c: number) => kinds(plan, c) === 'crocodile' && !(x.crocWake[c]! > g.state.moveNo);
						for (const p of g.state.players) {
							if (p.status !== 'in' || p.outside !== null) continue;
							expect(plan.cells[p.cell]).toBeTruthy();
							expect(p.bullets).toBeLessThanOrEqual(3);
							if (moved) expect(awake(p.cell)).toBe(false);
						}
						expect(plan.cells[x.bear]).toBeTruthy();
						if (moved) expect(awake(x.bear)).toBe(false);
						expect(plan.ghost).toContain(ghostCell(x));
						for (const e of g.last) if (e.audience.to !== 'master') expect(Object.keys(e)).not.toContain('cell');
					}
					const r = replay(g.game);
					expect(stateKey(r.state)).toBe(stateKey(g.state));
				}
			),
			{ numRuns: 40 }
		);
	});

	test('random games: replay is exact, players stay on cells with at most 3 cartridges, views never carry the plan', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.integer({ min: 0, max: 3 })), { maxLength: 60 }), (seed, moves) => {
				const plan = generateTopographic(seed);
				const g = new Script(plan, 2, CHOOSE, seed);
				const starts = plan.cells.flatMap((c, i) => (c?.kind === 'land' && !plan.items.some((it) => it.cell === i) ? [i] : []));
				for (const s of g.state.order) g.do({ type: 'choose_start', by: s, cell: starts[s]! });
				g.do({ type: 'confirm_starts', by: 'master' });
				for (const [d, withShot, sd] of moves) {
					if (g.state.phase !== 'play') break;
					const seat = g.now;
					const actions = withShot && g.p(seat).bullets > 0 ? [shoot(DIRECTIONS[sd]!), go(DIRECTIONS[d]!)] : [go(DIRECTIONS[d]!)];
					g.move(seat, actions);
					expect(g.last[0]!.type).not.toBe('rejected');
					for (const p of g.state.players) {
						expect(p.bullets).toBeLessThanOrEqual(3);
						if (g.state.phase === 'play') expect(plan.cells[p.cell]).toBeTruthy();
					}
				}
				expect(renderedEverywhere(g.events.slice(), plan.width)).toEqual([]);
				const r = replay(g.game);
				expect(stateKey(r.state)).toBe(stateKey(g.state));
				expect(JSON.stringify(r.state.ext)).toBe(JSON.stringify(g.state.ext));
				for (const seat of [0, 1]) {
					const v = JSON.stringify(g.view(seat));
					expect(v).not.toContain('"bear":');
					expect(v).not.toContain('"ext"');
					expect(v).not.toContain('ghostPath');
					expect(v).not.toContain('"kind":"crocodile"');
				}
			}),
			{ numRuns: 40 }
		);
	});
});
