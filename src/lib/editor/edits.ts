/**
 * Edits of a plan, each a pure function from a plan to a new plan (the old one is never
 * touched, so the undo history can keep it). An edit that makes no sense where it is
 * applied (a wall on the outline, a loop through a square left out) returns the plan
 * unchanged rather than an invalid one; whether the result follows the rules is the
 * validator's business.
 */
import { OPPOSITE, neighbour } from '../engine/plan/geometry';
import { ruleSystem } from '../engine/rules/index';
import type { Cell, CellKind, Direction, InnerWall, Plan, RuleSystemId } from '../engine/plan/types';

/** Classic kinds the paint tool lays down (rivers are drawn by their own tool: they need a flow). */
export const PAINTABLE_KINDS = ['land', 'hospital', 'weaponry', 'pit', 'delta', 'encephalitis'] as const satisfies readonly CellKind[];
export type PaintableKind = Exclude<CellKind, 'river'>;

/** The kinds a plan of this rule system is painted with (its own cell types; rivers have their tool). */
export function paintableKinds(rules: RuleSystemId): PaintableKind[] {
	const system = ruleSystem(rules);
	const kinds = system.ok ? system.value.cellKinds : PAINTABLE_KINDS;
	return kinds.filter((k): k is PaintableKind => k !== 'river');
}
export const PLACEABLE_ITEMS = ['bullet', 'grenade', 'landmine'] as const;
export type PlaceableItem = (typeof PLACEABLE_ITEMS)[number];

export const MIN_SIDE = 2;
export const MAX_SIDE = 30;

export function blankPlan(width: number, height: number, name: string, rules: RuleSystemId = 'classic'): Plan {
	return { rules, name, width, height, cells: Array.from({ length: width * height }, () => ({ kind: 'land' })), walls: [], exits: [], pitLoops: [], items: [] };
}

/** An inner side named canonically (from the cell left of it or above it), or null on the outline. */
export function innerWall(plan: Plan, cell: number, dir: Direction): InnerWall | null {
	const other = neighbour(plan, cell, dir);
	if (other === null || !plan.cells[cell]) return null;
	return dir === 'right' || dir === 'down' ? { cell, dir } : { cell: other, dir: OPPOSITE[dir] as 'right' | 'down' };
}

const sameWall = (a: InnerWall, b: InnerWall) => a.cell === b.cell && a.dir === b.dir;

export function hasWall(plan: Plan, cell: number, dir: Direction): boolean {
	const wall = innerWall(plan, cell, dir);
	return wall !== null && plan.walls.some((w) => sameWall(w, wall));
}

/** Puts up (`present` true) or takes down the inner wall on a side. */
export function setWall(plan: Plan, cell: number, dir: Direction, present: boolean): Plan {
	const wall = innerWall(plan, cell, dir);
	if (!wall || hasWall(plan, cell, dir) === present) return plan;
	return { ...plan, walls: present ? [...plan.walls, wall] : plan.walls.filter((w) => !sameWall(w, wall)) };
}

export type OuterSide = 'wall' | 'closed_exit' | 'open_exit';

export function outerSide(plan: Plan, cell: number, dir: Direction): OuterSide {
	const exit = plan.exits.find((e) => e.cell === cell && e.dir === dir);
	return !exit ? 'wall' : exit.open ? 'open_exit' : 'closed_exit';
}

/** An outer side goes indestructible wall → closed exit → open exit → wall (the editor's tap). */
export function cycleOuterSide(plan: Plan, cell: number, dir: Direction): Plan {
	if (!plan.cells[cell] || neighbour(plan, cell, dir) !== null) return plan;
	const others = plan.exits.filter((e) => !(e.cell === cell && e.dir === dir));
	switch (outerSide(plan, cell, dir)) {
		case 'wall':
			return { ...plan, exits: [...others, { cell, dir, open: false }] };
		case 'closed_exit':
			return { ...plan, exits: [...others, { cell, dir, open: true }] };
		case 'open_exit':
			return { ...plan, exits: others };
	}
}

function withCell(plan: Plan, cell: number, value: Cell | null): Plan {
	const cells = plan.cells.slice();
	cells[cell] = value;
	return { ...plan, cells };
}

/** Removes the cell from every loop, dropping loops left empty. */
function leaveLoops(plan: Plan, cell: number): Plan {
	if (!plan.pitLoops.some((loop) => loop.includes(cell))) return plan;
	return { ...plan, pitLoops: plan.pitLoops.map((loop) => loop.filter((c) => c !== cell)).filter((loop) => loop.length > 0) };
}

/** Paints a cell's kind. A pit that stops being one leaves its loop; a river that stops being one loses its flow. */
export function paintCell(plan: Plan, cell: number, kind: CellKind): Plan {
	const before = plan.cells[cell];
	if (!before || (before.kind === kind && kind !== 'river')) return plan;
	const next = withCell(plan, cell, { kind });
	return kind === 'pit' ? next : leaveLoops(next, cell);
}

/** Removes a square from the shape, or brings it back as land. What stood on or around a removed square goes with it. */
export function toggleSquare(plan: Plan, cell: number): Plan {
	if (cell < 0 || cell >= plan.cells.length) return plan;
	if (!plan.cells[cell]) {
		// Coming back: the sides it shares with present squares are open; its outline is wall.
		return withCell(plan, cell, { kind: 'land' });
	}
	const sides = (['up', 'right', 'down', 'left'] as const).map((d) => innerWall(plan, cell, d)).filter((w): w is InnerWall => w !== null);
	const removed = withCell(leaveLoops(plan, cell), cell, null);
	return {
		...removed,
		walls: removed.walls.filter((w) => !sides.some((s) => sameWall(s, w))),
		exits: removed.exits.filter((e) => e.cell !== cell),
		items: removed.items.filter((i) => i.cell !== cell)
	};
}

/**
 * Draws a river along a path of neighbouring cells: each cell flows into the next, walls
 * across the path come down, and the last cell becomes the delta unless it is already
 * water (then the new river joins the river or delta it runs into). A path that doubles
 * back on itself is cut at the first repeat, so a drawn river never loops.
 */
export function drawRiver(plan: Plan, path: readonly number[]): Plan {
	const cells: number[] = [];
	for (const cell of path) {
		if (!plan.cells[cell]) break;
		if (cells.includes(cell)) break;
		const last = cells[cells.length - 1];
		if (last !== undefined && directionBetween(plan, last, cell) === null) break;
		cells.push(cell);
	}
	if (cells.length < 2) return plan;
	let next = plan;
	for (let i = 0; i + 1 < cells.length; i++) {
		const from = cells[i]!;
		const dir = directionBetween(plan, from, cells[i + 1]!)!;
		next = setWall(leaveLoops(next, from), from, dir, false);
		next = withCell(next, from, { kind: 'river', flow: dir });
	}
	const mouth = cells[cells.length - 1]!;
	const water = next.cells[mouth]?.kind;
	if (water !== 'river' && water !== 'delta') next = withCell(leaveLoops(next, mouth), mouth, { kind: 'delta' });
	return next;
}

/** The direction from a cell to a neighbouring one, or null when they do not touch. */
export function directionBetween(plan: Plan, from: number, to: number): Direction | null {
	for (const dir of ['up', 'right', 'down', 'left'] as const) if (neighbour(plan, from, dir) === to) return dir;
	return null;
}

/**
 * Adds a pit to the end of a loop (`loop` = its index; `null` starts a new loop). The cell
 * becomes a pit if it was not one, and leaves any loop it was in first.
 */
export function appendToLoop(plan: Plan, loop: number | null, cell: number): { plan: Plan; loop: number | null } {
	if (!plan.cells[cell]) return { plan, loop };
	const target = loop === null ? undefined : plan.pitLoops[loop];
	if (target?.includes(cell)) return { plan, loop };
	const next = leaveLoops(paintCell(plan, cell, 'pit'), cell);
	// Leaving another loop may drop an emptied loop and shift the indexes: find ours by its first pit.
	const index = target ? next.pitLoops.findIndex((l) => l[0] === target[0]) : -1;
	if (index < 0) return { plan: { ...next, pitLoops: [...next.pitLoops, [cell]] }, loop: next.pitLoops.length };
	const pitLoops = next.pitLoops.slice();
	pitLoops[index] = [...pitLoops[index]!, cell];
	return { plan: { ...next, pitLoops }, loop: index };
}

/** Takes a pit out of its loop (it stays a pit). */
export function removeFromLoop(plan: Plan, cell: number): Plan {
	return leaveLoops(plan, cell);
}

/** Splits a loop before `cell`: the pits from it to the end form a loop of their own. */
export function splitLoop(plan: Plan, cell: number): Plan {
	const index = plan.pitLoops.findIndex((loop) => loop.indexOf(cell) > 0);
	if (index < 0) return plan;
	const loop = plan.pitLoops[index]!;
	const at = loop.indexOf(cell);
	const pitLoops = plan.pitLoops.slice();
	pitLoops.splice(index, 1, loop.slice(0, at), loop.slice(at));
	return { ...plan, pitLoops };
}

/** Moves a pit one place earlier (-1) or later (+1) in its loop's order. */
export function movePitInLoop(plan: Plan, cell: number, by: -1 | 1): Plan {
	const index = plan.pitLoops.findIndex((loop) => loop.includes(cell));
	if (index < 0) return plan;
	const loop = plan.pitLoops[index]!.slice();
	const at = loop.indexOf(cell);
	const to = at + by;
	if (to < 0 || to >= loop.length) return plan;
	[loop[at], loop[to]] = [loop[to]!, loop[at]!];
	const pitLoops = plan.pitLoops.slice();
	pitLoops[index] = loop;
	return { ...plan, pitLoops };
}

/**
 * The treasure tool's tap: a cell without that treasure gets it (a true treasure moves
 * here, there is only one); a cell that has it loses it.
 */
export function toggleTreasure(plan: Plan, cell: number, truth: boolean): Plan {
	if (!plan.cells[cell]) return plan;
	const here = plan.items.findIndex((i) => i.cell === cell && i.kind === 'treasure' && i.true === truth);
	if (here >= 0) return { ...plan, items: plan.items.filter((_, i) => i !== here) };
	const items = truth ? plan.items.filter((i) => !(i.kind === 'treasure' && i.true)) : plan.items;
	return { ...plan, items: [...items, { cell, kind: 'treasure', true: truth }] };
}

/** One more of an item on a cell (bullets, grenades, landmines lie in counted piles). */
export function addItem(plan: Plan, cell: number, kind: PlaceableItem): Plan {
	if (!plan.cells[cell]) return plan;
	const at = plan.items.findIndex((i) => i.cell === cell && i.kind === kind);
	if (at < 0) return { ...plan, items: [...plan.items, { cell, kind, count: 1 }] };
	const items = plan.items.slice();
	const pile = items[at] as { cell: number; kind: PlaceableItem; count: number };
	items[at] = { ...pile, count: Math.min(999, pile.count + 1) };
	return { ...plan, items };
}

/** Takes one item of a kind off a cell (a treasure wholly; a pile by one). */
export function removeItem(plan: Plan, cell: number, index: number): Plan {
	const onCell = plan.items.map((item, i) => ({ item, i })).filter(({ item }) => item.cell === cell);
	const target = onCell[index];
	if (!target) return plan;
	const { item, i } = target;
	if (item.kind !== 'treasure' && item.count > 1) {
		const items = plan.items.slice();
		items[i] = { ...item, count: item.count - 1 };
		return { ...plan, items };
	}
	return { ...plan, items: plan.items.filter((_, j) => j !== i) };
}

/** The eraser: the cell goes back to bare land with nothing on it. */
export function eraseCell(plan: Plan, cell: number): Plan {
	const before = plan.cells[cell];
	if (!before) return plan;
	const bare = paintCell(plan, cell, 'land');
	return bare.items.some((i) => i.cell === cell) ? { ...bare, items: bare.items.filter((i) => i.cell !== cell) } : bare;
}

export function renamePlan(plan: Plan, name: string): Plan {
	const clean = name.replace(/[\r\n]+/g, ' ').trim().slice(0, 200);
	return clean === plan.name || !clean ? plan : { ...plan, name: clean };
}
