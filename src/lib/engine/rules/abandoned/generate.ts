/**
 * The abandoned labyrinth's board (seed 002, "this program generates the game
 * board"): the seed's default counts on an 8x8 grid — 34 safe tiles, a shop, a
 * hospital, 8 marshes, 12 river tiles, a fake portal, a two-way and a three-way
 * set, 2 treasure piles; 2 exits in the 32 outer borders (30 outer walls) and
 * 20 inner walls, none cutting a tile off. Seeded; valid by construction.
 */
import { createRng, type Rng } from '../../random';
import { DIRECTIONS, type Cell, type Direction, type Plan } from '../../plan/types';
import { neighbour } from '../../plan/geometry';
import { abandonedProblems, ABANDONED_DEFAULTS } from './plan';
import { connected } from '../common/connectivity';

export function generateAbandoned(seed: number | string, name?: string): Plan {
	const rng = createRng(seed);
	const title = name ?? `abandoned #${seed}`;
	for (let attempt = 0; attempt < 200; attempt++) {
		const plan = draw(rng, title, attempt < 100 ? 1 : 2);
		if (plan && abandonedProblems(plan).length === 0) return plan;
	}
	throw new Error('abandoned: no board could be drawn');
}

function draw(rng: Rng, name: string, riverCount: number): Plan | null {
	const D = ABANDONED_DEFAULTS;
	const w = D.width;
	const h = D.height;
	const cells: Cell[] = Array.from({ length: w * h }, () => ({ kind: 'land' }));
	const plan: Plan = { rules: 'abandoned', name, width: w, height: h, cells, walls: [], exits: [], pitLoops: [], items: [], portals: [] };
	const outward = (c: number) => DIRECTIONS.filter((d) => neighbour(plan, c, d) === null);
	const mouths: { cell: number; dir: Direction }[] = [];
	// Rivers: walks from a tile on the wall to a tile on the wall, flowing out against it.
	const lengths = riverCount === 1 ? [D.river] : [D.river / 2, D.river / 2];
	for (const len of lengths) {
		const path = riverWalk(rng, plan, len);
		if (!path) return null;
		for (let i = 0; i < path.length - 1; i++) cells[path[i]!] = { kind: 'river', flow: DIRECTIONS.find((d) => neighbour(plan, path[i]!, d) === path[i + 1])! };
		const last = path[path.length - 1]!;
		const out = rng.pick(outward(last))!;
		cells[last] = { kind: 'river', flow: out };
		mouths.push({ cell: last, dir: out });
	}
	const land = () => rng.shuffle(cells.flatMap((c, i) => (c.kind === 'land' && !plan.items.some((it) => it.cell === i) ? [i] : [])));
	const put = (n: number, kind: Cell['kind']) => {
		const at = land().slice(0, n);
		if (at.length < n) return null;
		for (const i of at) cells[i] = { kind };
		return at;
	};
	if (!put(D.shop, 'shop') || !put(D.hospital, 'hospital') || !put(D.marsh, 'marsh')) return null;
	for (const size of [1, 2, 3].flatMap((s) => Array<number>(s === 1 ? D.fakePortals : s === 2 ? D.twoWayPortals : D.threeWayPortals).fill(s))) {
		const set = put(size, 'portal');
		if (!set) return null;
		plan.portals!.push(set);
	}
	for (const c of land().slice(0, D.treasure)) plan.items.push({ cell: c, kind: 'treasure', true: true });
	// Exits: in the outer borders, never where a river flows out against the wall.
	const outline: { cell: number; dir: Direction }[] = [];
	for (let i = 0; i < w * h; i++) for (const d of outward(i)) if (!mouths.some((m) => m.cell === i && m.dir === d)) outline.push({ cell: i, dir: d });
	plan.exits = rng
		.shuffle(outline)
		.slice(0, D.exits)
		.map((e) => ({ ...e, open: true }))
		.sort((a, b) => a.cell - b.cell || DIRECTIONS.indexOf(a.dir) - DIRECTIONS.indexOf(b.dir));
	// Inner walls: never across a river's flow, never cutting a tile off.
	const inner: { cell: number; dir: 'right' | 'down' }[] = [];
	for (let i = 0; i < w * h; i++)
		for (const d of ['right', 'down'] as const) {
			const n = neighbour(plan, i, d);
			if (n === null || cells[i]!.flow === d || cells[n]!.flow === (d === 'right' ? 'left' : 'up')) continue;
			inner.push({ cell: i, dir: d });
		}
	for (const wall of rng.shuffle(inner)) {
		if (plan.walls.length >= D.innerWalls) break;
		plan.walls.push(wall);
		if (!connected(plan)) plan.walls.pop();
	}
	if (plan.walls.length < D.innerWalls) return null;
	plan.walls.sort((a, b) => a.cell - b.cell || (a.dir === b.dir ? 0 : a.dir === 'right' ? -1 : 1));
	return plan;
}

/** A self-avoiding walk of `len` tiles starting and ending on the labyrinth's wall. */
function riverWalk(rng: Rng, plan: Plan, len: number): number[] | null {
	const free = (c: number) => plan.cells[c]!.kind === 'land';
	const edge = (c: number) => DIRECTIONS.some((d) => neighbour(plan, c, d) === null);
	for (let t = 0; t < 300; t++) {
		const starts = plan.cells.flatMap((_, i) => (edge(i) && free(i) ? [i] : []));
		const path = [rng.pick(starts)!];
		while (path.length < len) {
			const cur = path[path.length - 1]!;
			const next = rng
				.shuffle([...DIRECTIONS])
				.map((d) => neighbour(plan, cur, d))
				.find((n): n is number => n !== null && free(n) && !path.includes(n) && !touchesOtherRiver(plan, n));
			if (next === undefined) break;
			path.push(next);
		}
		if (path.length === len && edge(path[len - 1]!)) return path;
	}
	return null;
}

/** A tile next to an existing river would let a later flow seem to join it: keep rivers apart. */
function touchesOtherRiver(plan: Plan, c: number): boolean {
	return DIRECTIONS.some((d) => {
		const n = neighbour(plan, c, d);
		return n !== null && plan.cells[n]!.kind === 'river';
	});
}
