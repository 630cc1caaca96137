/**
 * The plan generator: pure and seeded. It builds a plan that passes the
 * validator and, where it can, follows section 8's recommendations: rivers are
 * drawn as walks ending in a delta, walls are added one by one and kept only
 * while every cell stays reachable, and the true treasure goes as far from the
 * exits as the land allows. A draw that breaks a rule is thrown away and the
 * next one tried; the last resort drops rivers and pits, which always fits.
 */
import { createRng, type Rng } from '../random';
import { neighbour, OPPOSITE } from './geometry';
import { DIRECTIONS, type Cell, type Exit, type InnerWall, type PlacedItem, type Plan, type RuleSystemId } from './types';
import { descriptorOf } from '../rules/index';
import { validatePlan, type ProblemCode } from './validate';
import { cutOffCells } from '../rules/classic/plan';

export const SHAPES = ['rectangle', 'no-corners', 'L', 'cross'] as const;
export type Shape = (typeof SHAPES)[number];

export interface GeneratorOptions {
	/** The rule system (default classic). The others have their seed's fixed field and counts (width, height and the counts here are ignored). */
	rules?: RuleSystemId;
	width: number;
	height: number;
	seed: number | string;
	name?: string;
	/** A named shape, or an explicit mask (row-major, true = the square is part of the labyrinth). */
	shape?: Shape | boolean[];
	weaponries?: number;
	hospitals?: number;
	pits?: number;
	pitLoops?: number;
	rivers?: number;
	riverLength?: number;
	encephalitis?: number;
	fakeTreasures?: number;
	exitsOpen?: number;
	exitsClosed?: number;
	/** Share of inner sides that get a wall, 0..1 (fewer when a wall would cut the labyrinth). */
	wallDensity?: number;
	bullets?: number;
	grenades?: number;
	landmines?: number;
}

type Counts = Required<Omit<GeneratorOptions, 'rules' | 'seed' | 'name' | 'shape' | 'width' | 'height'>>;

/** Recommendations worth a redraw; the rest are accepted as they fall. */
const AVOID: readonly ProblemCode[] = ['strong_attractor', 'adjacent_deltas', 'hospital_next_to_weaponry', 'treasure_near_exit'];
const ATTEMPTS = 40;

export function shapeMask(shape: Shape | boolean[] | undefined, width: number, height: number): boolean[] {
	if (Array.isArray(shape)) return Array.from({ length: width * height }, (_, i) => shape[i] === true);
	const mask: boolean[] = [];
	const qw = Math.max(1, Math.floor(width / 3));
	const qh = Math.max(1, Math.floor(height / 3));
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const corner = (x === 0 || x === width - 1) && (y === 0 || y === height - 1);
			const inCross = (x >= qw && x < width - qw) || (y >= qh && y < height - qh);
			const inL = x < Math.ceil(width / 2) || y >= Math.floor(height / 2);
			mask.push(
				shape === 'no-corners' ? !corner || width < 3 || height < 3
				: shape === 'cross' ? inCross || width < 3 || height < 3
				: shape === 'L' ? inL || width < 2 || height < 2
				: true
			);
		}
	return mask;
}

/** Counts that make a good game for a labyrinth of `cells` cells (section 7's usual sizes upwards). */
export function defaultCounts(cells: number): Counts {
	const big = cells >= 16;
	return {
		weaponries: big ? Math.max(2, Math.round(cells / 40)) : 1,
		hospitals: big ? Math.max(2, Math.round(cells / 40)) : 1,
		pits: cells >= 12 ? Math.min(8, 2 + Math.floor(cells / 25)) : 0,
		pitLoops: cells >= 60 ? 2 : 1,
		rivers: cells >= 12 ? Math.min(6, 1 + Math.floor(cells / 40)) : 0,
		riverLength: cells >= 40 ? 4 : 2,
		encephalitis: cells >= 25 ? Math.min(3, Math.floor(cells / 40) + 1) : 0,
		fakeTreasures: cells >= 9 ? Math.min(4, 1 + Math.floor(cells / 30)) : cells >= 5 ? 1 : 0,
		exitsOpen: cells >= 40 ? 2 : 1,
		exitsClosed: cells >= 9 ? 1 + Math.floor(cells / 100) : 1,
		wallDensity: 0.3,
		bullets: 0,
		grenades: 0,
		landmines: 0
	};
}

export function generatePlan(options: GeneratorOptions): Plan {
	// A system whose seed fixes its field draws it itself (its descriptor's generator); the classic game's is drawn here.
	const fixed = descriptorOf(options.rules ?? 'classic').generate;
	if (fixed) return fixed(options.seed, options.name);
	const width = Math.max(1, Math.min(100, Math.floor(options.width)));
	const height = Math.max(1, Math.min(100, Math.floor(options.height)));
	const mask = shapeMask(options.shape, width, height);
	const size = mask.filter(Boolean).length;
	const counts: Counts = { ...defaultCounts(size), ...definedOnly(options) };
	const rng = createRng(options.seed);
	const name = options.name ?? `${width}x${height} #${options.seed}`;
	let fallback: Plan | null = null;
	for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
		// Later attempts ask for less, so crowded settings still end in a plan.
		const relax = attempt < ATTEMPTS / 2 ? 1 : 0.5;
		const plan = draw(rng, width, height, mask, name, counts, relax, attempt === ATTEMPTS - 1);
		if (!plan) continue;
		let report = validatePlan(plan, { players: Math.max(counts.fakeTreasures, 2) });
		if (report.errors.length && report.errors.every((e) => e.code === 'not_connected')) {
			openCutOffs(rng, plan);
			report = validatePlan(plan, { players: Math.max(counts.fakeTreasures, 2) });
		}
		if (report.errors.length) continue;
		if (!report.warnings.some((w) => AVOID.includes(w.code))) return plan;
		fallback ??= plan;
	}
	return fallback ?? plainest(width, height, mask, name, rng);
}

function definedOnly(options: GeneratorOptions): Partial<Counts> {
	const out: Record<string, number> = {};
	for (const [key, value] of Object.entries(options)) if (typeof value === 'number' && key !== 'width' && key !== 'height' && key !== 'seed') out[key] = value;
	return out as Partial<Counts>;
}

function shuffle<T>(rng: Rng, list: T[]): T[] {
	for (let i = list.length - 1; i > 0; i--) {
		const j = rng.int(i + 1);
		[list[i], list[j]] = [list[j]!, list[i]!];
	}
	return list;
}

function draw(rng: Rng, width: number, height: number, mask: boolean[], name: string, counts: Counts, relax: number, bare: boolean): Plan | null {
	const cells: (Cell | null)[] = mask.map((inside) => (inside ? { kind: 'land' } : null));
	const plan: Plan = { rules: 'classic', name, width, height, cells, walls: [], exits: [], pitLoops: [], items: [] };
	const free = () => shuffle(rng, plan.cells.flatMap((c, i) => (c && c.kind === 'land' ? [i] : [])));
	const want = (n: number) => Math.floor(n * relax);

	// Rivers: walks of `riverLength` river cells, then the delta; a walk may end by joining a river.
	if (!bare) {
		for (let r = 0; r < want(counts.rivers); r++) drawRiver(rng, plan, counts.riverLength);
	}
	// Pits, split into loops of at least two.
	if (!bare) {
		const pits = free().slice(0, want(counts.pits));
		if (pits.length >= 2) {
			for (const p of pits) plan.cells[p] = { kind: 'pit' };
			const loops = Math.max(1, Math.min(counts.pitLoops, Math.floor(pits.length / 2)));
			for (let l = 0; l < loops; l++) plan.pitLoops.push([]);
			pits.forEach((p, i) => plan.pitLoops[i < loops * 2 ? Math.floor(i / 2) : rng.int(loops)]!.push(p));
		}
	}
	// Weaponries and hospitals apart (8, recommendation 2), then encephalitis.
	const place = (kind: Cell['kind'], n: number, avoid?: Cell['kind']) => {
		let placed = 0;
		for (const c of free()) {
			if (placed >= n) break;
			if (avoid && DIRECTIONS.some((d) => {
				const nb = neighbour(plan, c, d);
				return nb !== null && plan.cells[nb]?.kind === avoid;
			}))
				continue;
			plan.cells[c] = { kind };
			placed++;
		}
		return placed;
	};
	if (place('weaponry', Math.max(1, counts.weaponries)) === 0) return null;
	if (place('hospital', Math.max(1, counts.hospitals), 'weaponry') === 0 && place('hospital', 1) === 0) return null;
	if (!bare) place('encephalitis', want(counts.encephalitis));
	if (free().length === 0) return null;

	// Exits on outer sides of cells a player can stand on (not river sources).
	const fed = new Set(plan.cells.flatMap((c, i) => (c?.flow ? [neighbour(plan, i, c.flow)] : [])));
	const outer: Exit[] = [];
	plan.cells.forEach((cell, c) => {
		if (!cell || (cell.kind === 'river' && !fed.has(c))) return; // no exit from a river source
		for (const d of DIRECTIONS) if (neighbour(plan, c, d) === null) outer.push({ cell: c, dir: d, open: false });
	});
	shuffle(rng, outer);
	const wantExits = Math.max(2, counts.exitsOpen + counts.exitsClosed);
	const usedCells = new Set<number>();
	for (const e of outer) {
		if (plan.exits.length >= wantExits) break;
		if (usedCells.has(e.cell) && outer.length > wantExits * 2) continue;
		usedCells.add(e.cell);
		plan.exits.push({ ...e, open: plan.exits.length < counts.exitsOpen });
	}
	if (plan.exits.length < 2) return null;

	// Treasures: the true one on the land farthest from the exits, fakes elsewhere on land.
	const land = free();
	const exitCells = plan.exits.map((e) => e.cell);
	const distance = (c: number) => Math.min(...exitCells.map((e) => manhattan(width, c, e)));
	const ranked = [...land].sort((a, b) => distance(b) - distance(a));
	const top = ranked.slice(0, Math.max(1, Math.ceil(ranked.length / 4)));
	const truth = top[rng.int(top.length)];
	if (truth === undefined) return null;
	plan.items.push({ cell: truth, kind: 'treasure', true: true });
	const others = land.filter((c) => c !== truth && distance(c) > 1);
	for (let f = 0; f < counts.fakeTreasures && f < others.length; f++) plan.items.push({ cell: others[f]!, kind: 'treasure', true: false });
	const spare = free();
	const scatter = (kind: 'bullet' | 'grenade' | 'landmine', n: number) => {
		for (let i = 0; i < n && spare.length; i++) plan.items.push({ cell: spare[rng.int(spare.length)]!, kind, count: 1 } as PlacedItem);
	};
	scatter('bullet', counts.bullets);
	scatter('grenade', counts.grenades);
	scatter('landmine', counts.landmines);

	addWalls(rng, plan, counts.wallDensity);
	return plan;
}

function manhattan(width: number, a: number, b: number): number {
	return Math.abs((a % width) - (b % width)) + Math.abs(Math.floor(a / width) - Math.floor(b / width));
}

function drawRiver(rng: Rng, plan: Plan, length: number) {
	const land = plan.cells.flatMap((c, i) => (c && c.kind === 'land' ? [i] : []));
	if (land.length < 3) return;
	let cell = land[rng.int(land.length)]!;
	const path = [cell];
	for (let step = 0; step < length; step++) {
		const options = shuffle(rng, [...DIRECTIONS]).map((d) => neighbour(plan, cell, d)).filter((n): n is number => n !== null && !path.includes(n));
		const next = options.find((n) => plan.cells[n]?.kind === 'land' || plan.cells[n]?.kind === 'river');
		if (next === undefined) break;
		path.push(next);
		if (plan.cells[next]?.kind === 'river') break; // joined a river: its flow goes on to its delta
		cell = next;
	}
	// A delta needs two ways out onto land, or it becomes a strong attractor (8, recommendation 4).
	const landAround = (c: number) => DIRECTIONS.filter((d) => {
		const n = neighbour(plan, c, d);
		return n !== null && plan.cells[n]?.kind === 'land' && !path.includes(n);
	}).length;
	while (path.length >= 2 && plan.cells[path[path.length - 1]!]?.kind !== 'river' && landAround(path[path.length - 1]!) < 2) path.pop();
	if (path.length < 2) return;
	const last = path[path.length - 1]!;
	const joins = plan.cells[last]?.kind === 'river';
	for (let i = 0; i < path.length - 1; i++) {
		const from = path[i]!;
		const dir = DIRECTIONS.find((d) => neighbour(plan, from, d) === path[i + 1])!;
		plan.cells[from] = { kind: 'river', flow: dir };
	}
	if (!joins) plan.cells[last] = { kind: 'delta' };
}

/**
 * Walls on a random share of the inner sides. A random spanning tree of open
 * sides stays free of walls, so every cell is within reach of every other on
 * foot; rivers and pits can still cut one-way corners (see `openCutOffs`).
 */
function addWalls(rng: Rng, plan: Plan, wallDensity: number) {
	const density = Math.max(0, Math.min(1, wallDensity));
	const sides: InnerWall[] = [];
	for (let c = 0; c < plan.cells.length; c++) {
		const cell = plan.cells[c];
		if (!cell) continue;
		for (const dir of ['right', 'down'] as const) {
			const n = neighbour(plan, c, dir);
			if (n === null) continue;
			// A wall cannot cross a flow (4.5.2).
			const other = plan.cells[n]!;
			if (cell.flow === dir || other.flow === OPPOSITE[dir]) continue;
			// Deltas keep their sides open: walled in, they trap players (8, recommendation 4).
			if (cell.kind === 'delta' || other.kind === 'delta') continue;
			sides.push({ cell: c, dir });
		}
	}
	shuffle(rng, sides);
	const target = Math.round(sides.length * density);
	// Kruskal over the shuffled sides: the first side joining two parts stays open.
	const parent = plan.cells.map((_, i) => i);
	const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
	for (let i = 0; i < plan.cells.length; i++) {
		const flow = plan.cells[i]?.flow;
		if (flow) parent[root(i)] = root(neighbour(plan, i, flow)!);
	}
	const candidates: InnerWall[] = [];
	for (const side of sides) {
		const a = root(side.cell);
		const b = root(neighbour(plan, side.cell, side.dir)!);
		if (a !== b) parent[a] = b;
		else candidates.push(side);
	}
	plan.walls = candidates.slice(0, target);
}

/** Knocks out walls around the cells the validator found cut off until none are (or none is left to knock out). */
function openCutOffs(rng: Rng, plan: Plan) {
	for (let round = 0; round < 40; round++) {
		const cut = new Set(cutOffCells(plan));
		if (cut.size === 0) return;
		const boundary = plan.walls.filter((w) => cut.has(w.cell) !== cut.has(neighbour(plan, w.cell, w.dir)!));
		if (boundary.length === 0) return;
		const gone = boundary[rng.int(boundary.length)]!;
		plan.walls = plan.walls.filter((w) => w !== gone);
	}
}

/** Land with a weaponry, a hospital and a true treasure, exits on two sides: valid for any shape of three or more cells. */
function plainest(width: number, height: number, mask: boolean[], name: string, rng: Rng): Plan {
	for (let attempt = 0; attempt < 20; attempt++) {
		const plan = draw(rng, width, height, mask, name, { ...defaultCounts(3), fakeTreasures: 0, wallDensity: 0 }, 1, true);
		if (plan && validatePlan(plan).errors.length === 0) return plan;
	}
	throw new Error(`No valid labyrinth fits a ${width}x${height} shape with ${mask.filter(Boolean).length} cells: it needs at least 3.`);
}
