/**
 * A seeded topographic plan (seed 003): 8x8, with the counts below (the seed
 * names no numbers; these are the generator's defaults, docs/rules.md). Valid by
 * construction; a draw that fails the validator is thrown away.
 */
import { createRng, type Rng } from '../../random';
import { DIRECTIONS, type Cell, type Direction, type Plan } from '../../plan/types';
import { neighbour } from '../../plan/geometry';
import { topographicProblems, TOPOGRAPHIC_SIZE } from './plan';
import { connected } from '../common/connectivity';

export interface TopographicCounts {
	spinners: number;
	rivers: number;
	/** River cells per river (before its swamp). */
	riverLength: number;
	/** Swamps besides those the rivers end in. */
	swamps: number;
	pits: number;
	crocodiles: number;
	arsenals: number;
	exits: number;
	walls: number;
	bear: boolean;
	/** Cells of the ghost's path (0: no ghost). */
	ghostPath: number;
}

export const TOPOGRAPHIC_DEFAULTS: TopographicCounts = {
	spinners: 4,
	rivers: 2,
	riverLength: 4,
	swamps: 2,
	pits: 4,
	crocodiles: 3,
	arsenals: 1,
	exits: 2,
	walls: 14,
	bear: true,
	ghostPath: 6
};

export function generateTopographic(seed: number | string, name?: string, counts: Partial<TopographicCounts> = {}): Plan {
	const c = { ...TOPOGRAPHIC_DEFAULTS, ...counts };
	const rng = createRng(seed);
	for (let attempt = 0; attempt < 60; attempt++) {
		const plan = draw(rng, c, name ?? `topographic #${seed}`, attempt >= 30);
		if (plan && topographicProblems(plan).every((p) => p.warning)) return plan;
	}
	return draw(rng, { ...c, rivers: 0, swamps: 0, pits: 0, walls: 0, ghostPath: 0 }, name ?? `topographic #${seed}`, true)!;
}

function draw(rng: Rng, c: TopographicCounts, name: string, relaxed: boolean): Plan | null {
	const n = TOPOGRAPHIC_SIZE;
	const cells: Cell[] = Array.from({ length: n * n }, () => ({ kind: 'land' }));
	const plan: Plan = { rules: 'topographic', name, width: n, height: n, cells, walls: [], exits: [], pitLoops: [], items: [] };
	const land = () => rng.shuffle(cells.flatMap((x, i) => (x.kind === 'land' && !plan.items.some((it) => it.cell === i) ? [i] : [])));
	// Rivers: a walk of land cells, then a swamp.
	for (let r = 0; r < (relaxed ? Math.min(1, c.rivers) : c.rivers); r++) {
		const start = land()[0];
		if (start === undefined) return null;
		const path = [start];
		let ok = true;
		for (let i = 0; i < c.riverLength; i++) {
			const cur = path[path.length - 1]!;
			const next = rng
				.shuffle([...DIRECTIONS])
				.map((d) => neighbour(plan, cur, d))
				.find((x): x is number => x !== null && cells[x]!.kind === 'land' && !path.includes(x));
			if (next === undefined) {
				ok = false;
				break;
			}
			path.push(next);
		}
		if (!ok || path.length < 2) continue;
		for (let i = 0; i < path.length - 1; i++) cells[path[i]!] = { kind: 'river', flow: dirTo(n, path[i]!, path[i + 1]!) };
		cells[path[path.length - 1]!] = { kind: 'swamp' };
	}
	const put = (count: number, make: () => Cell): number[] => {
		const at = land().slice(0, count);
		for (const i of at) cells[i] = make();
		return at;
	};
	put(c.swamps, () => ({ kind: 'swamp' }));
	put(c.spinners, () => ({ kind: 'spinner', turn: (1 + rng.int(3)) as 1 | 2 | 3 }));
	const pits = c.pits >= 2 ? put(c.pits, () => ({ kind: 'pit' })) : [];
	if (pits.length >= 2) plan.pitLoops.push(rng.shuffle(pits)); // one loop: no pit leads to itself
	put(c.crocodiles, () => ({ kind: 'crocodile' }));
	put(c.arsenals, () => ({ kind: 'arsenal' }));
	put(1, () => ({ kind: 'morgue' }));
	const t = land()[0];
	if (t === undefined) return null;
	plan.items.push({ cell: t, kind: 'treasure', true: true });
	// Exits on the outline, away from the treasure's row and column when possible.
	const outline: { cell: number; dir: Direction }[] = [];
	for (let i = 0; i < n * n; i++) for (const d of DIRECTIONS) if (neighbour(plan, i, d) === null) outline.push({ cell: i, dir: d });
	for (const e of rng.shuffle(outline).slice(0, Math.max(1, c.exits))) plan.exits.push({ ...e, open: true });
	// Walls, never across a river's flow.
	const inner: { cell: number; dir: 'right' | 'down' }[] = [];
	for (let i = 0; i < n * n; i++)
		for (const d of ['right', 'down'] as const) {
			const m = neighbour(plan, i, d);
			if (m === null) continue;
			if (cells[i]!.flow === d) continue;
			const back = d === 'right' ? 'left' : 'up';
			if (cells[m]!.flow === back) continue;
			inner.push({ cell: i, dir: d });
		}
	// Each wall kept only while every cell can still be reached from every other (the treasure and an exit too).
	for (const w of rng.shuffle(inner)) {
		if (plan.walls.length >= c.walls) break;
		plan.walls.push(w);
		if (!connected(plan)) plan.walls.pop();
	}
	plan.walls.sort((a, b) => a.cell - b.cell || (a.dir === b.dir ? 0 : a.dir === 'right' ? -1 : 1));
	plan.exits.sort((a, b) => a.cell - b.cell || DIRECTIONS.indexOf(a.dir) - DIRECTIONS.indexOf(b.dir));
	if (c.bear) {
		const b = land()[0];
		if (b !== undefined) plan.bear = b;
	}
	if (c.ghostPath > 0) {
		const g = [rng.int(n * n)];
		while (g.length < c.ghostPath) {
			const cur = g[g.length - 1]!;
			const next = rng
				.shuffle([...DIRECTIONS])
				.map((d) => neighbour(plan, cur, d))
				.find((x): x is number => x !== null && !g.includes(x));
			if (next === undefined) break;
			g.push(next);
		}
		plan.ghost = g;
	}
	return plan;
}

function dirTo(width: number, a: number, b: number): Direction {
	if (b === a + 1) return 'right';
	if (b === a - 1) return 'left';
	return b > a ? 'down' : 'up';
}
