/**
 * A seeded duel plan (seeds 001/004, section 2): 10x10 with the seed's objects
 * on distinct cells, an exit on each side, and inner walls added one by one,
 * each kept only while the plan has no enclosure (3.8).
 */
import { createRng } from '../../random';
import { compileBoard } from '../../game/board';
import { DIRECTIONS, type Cell, type Plan } from '../../plan/types';
import { neighbour } from '../../plan/geometry';
import { DUEL_SIZE, duelProblems, enclosed } from './plan';

/** Inner walls the generator aims at (of 180 inner sides). */
export const DUEL_WALLS = 45;

export function generateDuel(seed: number | string, name?: string): Plan {
	const rng = createRng(seed);
	const n = DUEL_SIZE;
	for (let attempt = 0; attempt < 20; attempt++) {
		const cells: Cell[] = Array.from({ length: n * n }, () => ({ kind: 'land' }));
		const plan: Plan = { rules: 'duel', name: name ?? `duel #${seed}`, width: n, height: n, cells, walls: [], exits: [], pitLoops: [], items: [] };
		const spots = rng.shuffle(Array.from({ length: n * n }, (_, i) => i));
		let k = 0;
		const next = () => spots[k++]!;
		cells[next()] = { kind: 'crossbow' };
		cells[next()] = { kind: 'crutch' };
		cells[next()] = { kind: 'trap' };
		for (let p = 1; p <= 4; p++) {
			cells[next()] = { kind: 'pit', number: p };
			cells[next()] = { kind: 'pit_exit', number: p };
		}
		for (let t = 0; t < 4; t++) plan.items.push({ cell: next(), kind: 'treasure', true: t === 0 });
		// One exit on each side.
		const at = (x: number, y: number) => y * n + x;
		plan.exits = DIRECTIONS.map((dir) => {
			const i = rng.int(n);
			const cell = dir === 'up' ? at(i, 0) : dir === 'down' ? at(i, n - 1) : dir === 'left' ? at(0, i) : at(n - 1, i);
			return { cell, dir, open: true };
		}).sort((a, b) => a.cell - b.cell || DIRECTIONS.indexOf(a.dir) - DIRECTIONS.indexOf(b.dir));
		if (enclosedNow(plan).length) continue;
		const inner: { cell: number; dir: 'right' | 'down' }[] = [];
		for (let i = 0; i < n * n; i++) for (const d of ['right', 'down'] as const) if (neighbour(plan, i, d) !== null) inner.push({ cell: i, dir: d });
		for (const w of rng.shuffle(inner)) {
			if (plan.walls.length >= DUEL_WALLS) break;
			plan.walls.push(w);
			if (enclosedNow(plan).length) plan.walls.pop();
		}
		plan.walls.sort((a, b) => a.cell - b.cell || (a.dir === b.dir ? 0 : a.dir === 'right' ? -1 : 1));
		if (duelProblems(plan).length === 0) return plan;
	}
	throw new Error('duel: no plan could be drawn');
}

function enclosedNow(plan: Plan): number[] {
	const { board, sides } = compileBoard(plan);
	return enclosed(plan, board, sides);
}
