/**
 * Edits of a plan, each a pure function from a plan to a new plan (the old one is never
 * touched, so the undo history can keep it). An edit that makes no sense where it is
 * applied (a wall on the outline, a loop through a square left out) returns the plan
 * unchanged rather than an invalid one; whether the result follows the rules is the
 * validator's business.
 */
import { OPPOSITE, neighbour } from '../engine/plan/geometry';
import { systemFace } from '../systems/index';
import { isClosedRound } from '../engine/plan/geometry';
import { cleanName, MAX_PLAN_NAME_LENGTH } from '../engine/name';
import { DIRECTIONS, type Cell, type CellKind, type Direction, type InnerWall, type Plan, type RuleSystemId } from '../engine/plan/types';

import type { PaintableKind } from '../systems/types';

export type { PaintableKind } from '../systems/types';

/** The kinds a plan of this rule system is painted with (its own cell types; rivers have their tool). */
export function paintableKinds(rules: RuleSystemId): readonly PaintableKind[] {
	return systemFace(rules).paints;
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

/** Whether a rule system's exits can be closed (the classic game's); the others' exits are gaps, always open. */
export function hasClosedExits(rules: RuleSystemId): boolean {
	return systemFace(rules).closedExits;
}

/** An outer side goes indestructible wall → closed exit → open exit → wall (the editor's tap); wall ↔ exit where exits are never closed. */
export function cycleOuterSide(plan: Plan, cell: number, dir: Direction): Plan {
	if (!plan.cells[cell] || neighbour(plan, cell, dir) !== null) return plan;
	const others = plan.exits.filter((e) => !(e.cell === cell && e.dir === dir));
	switch (outerSide(plan, cell, dir)) {
		case 'wall':
			return { ...plan, exits: [...others, { cell, dir, open: !hasClosedExits(plan.rules) }] };
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
	const pitLoops = leaveChains(plan.pitLoops, cell);
	return pitLoops ? { ...plan, pitLoops } : plan;
}

/** Removes the cell from every portal set, dropping sets left empty. */
function leavePortalSets(plan: Plan, cell: number): Plan {
	const portals = plan.portals && leaveChains(plan.portals, cell);
	return portals ? { ...plan, portals } : plan;
}

// --- chains: pit loops and portal sets are both ordered lists of cells ---------------

/** The chains without `cell` (empty ones dropped), or null when no chain holds it. */
function leaveChains(chains: readonly number[][], cell: number): number[][] | null {
	if (!chains.some((chain) => chain.includes(cell))) return null;
	return chains.map((chain) => chain.filter((c) => c !== cell)).filter((chain) => chain.length > 0);
}

/**
 * Appends a cell to chain `index` (null, a missing or a full chain: a new chain). `chains`
 * must no longer hold the cell; `first` is the first cell of the chain meant (indexes
 * shift when leaving a chain emptied another). Returns the chains and the chain's index.
 */
function appendToChain(chains: readonly number[][], first: number | undefined, cell: number, max = Infinity): { chains: number[][]; index: number } {
	const index = first === undefined ? -1 : chains.findIndex((chain) => chain[0] === first);
	if (index < 0 || chains[index]!.length >= max) return { chains: [...chains, [cell]], index: chains.length };
	const next = chains.slice();
	next[index] = [...next[index]!, cell];
	return { chains: next, index };
}

/** Swaps a cell with its neighbour in its chain's order, or null when it cannot move. */
function moveInChain(chains: readonly number[][], cell: number, by: -1 | 1): number[][] | null {
	const index = chains.findIndex((chain) => chain.includes(cell));
	if (index < 0) return null;
	const chain = chains[index]!.slice();
	const at = chain.indexOf(cell);
	const to = at + by;
	if (to < 0 || to >= chain.length) return null;
	[chain[at], chain[to]] = [chain[to]!, chain[at]!];
	const next = chains.slice();
	next[index] = chain;
	return next;
}

/** Quarter turns clockwise of a topographic spinner's broken compass: 1 the needle shows east for north, 2 south, 3 west. */
export const SPINNER_TURNS = [1, 2, 3] as const;
export type SpinnerTurn = (typeof SPINNER_TURNS)[number];
/** The numbers of a duel's pits and pit exits (seeds 001/004, 2d). */
export const DUEL_PIT_NUMBERS = [1, 2, 3, 4] as const;

/** What a painted cell carries besides its kind: a spinner's turn, a duel pit's (or exit's) number. */
export interface PaintDetail {
	turn?: SpinnerTurn;
	number?: number;
}

function cellOf(plan: Plan, cell: number, kind: CellKind, detail: PaintDetail): Cell {
	if (kind === 'spinner') return { kind, turn: detail.turn ?? 1 };
	if (systemFace(plan.rules).numberedPits && (kind === 'pit' || kind === 'pit_exit')) return { kind, number: detail.number ?? nextPitNumber(plan, kind, cell) };
	return { kind };
}

/** The lowest duel number not yet taken by another pit (or pit exit), 1 when all are. */
export function nextPitNumber(plan: Plan, kind: 'pit' | 'pit_exit', except = -1): number {
	const taken = new Set(plan.cells.flatMap((c, i) => (c?.kind === kind && i !== except && c.number ? [c.number] : [])));
	return DUEL_PIT_NUMBERS.find((n) => !taken.has(n)) ?? 1;
}

/**
 * Paints a cell's kind (a spinner with its turn, a duel pit or exit with its number). A pit
 * that stops being one leaves its loop, a portal its set; a river that stops being one loses its flow.
 */
export function paintCell(plan: Plan, cell: number, kind: CellKind, detail: PaintDetail = {}): Plan {
	const before = plan.cells[cell];
	if (!before) return plan;
	const value = cellOf(plan, cell, kind, before.kind === kind ? { turn: before.turn as SpinnerTurn | undefined, number: before.number, ...detail } : detail);
	if (before.kind === kind && kind !== 'river' && before.turn === value.turn && before.number === value.number) return plan;
	let next = withCell(plan, cell, value);
	if (kind !== 'pit') next = leaveLoops(next, cell);
	if (kind !== 'portal') next = leavePortalSets(next, cell);
	return next;
}

/** A spinner's compass turns one more quarter: east → south → west → east (a tap on it). */
export function cycleSpinner(plan: Plan, cell: number): Plan {
	const before = plan.cells[cell];
	if (before?.kind !== 'spinner') return plan;
	return withCell(plan, cell, { kind: 'spinner', turn: (((before.turn ?? 0) % 3) + 1) as SpinnerTurn });
}

/** Removes a square from the shape, or brings it back as land. What stood on or around a removed square goes with it. */
export function toggleSquare(plan: Plan, cell: number): Plan {
	if (cell < 0 || cell >= plan.cells.length) return plan;
	if (!plan.cells[cell]) {
		// Coming back: the sides it shares with present squares are open; its outline is wall.
		return withCell(plan, cell, { kind: 'land' });
	}
	const sides = (['up', 'right', 'down', 'left'] as const).map((d) => innerWall(plan, cell, d)).filter((w): w is InnerWall => w !== null);
	const removed = withoutBear(withCell(leavePortalSets(leaveLoops(plan, cell), cell), cell, null), cell);
	return {
		...removed,
		walls: removed.walls.filter((w) => !sides.some((s) => sameWall(s, w))),
		exits: removed.exits.filter((e) => e.cell !== cell),
		items: removed.items.filter((i) => i.cell !== cell),
		// The ghost's path keeps its other squares; if that breaks it, the validator says where.
		...(removed.ghost?.includes(cell) ? { ghost: removed.ghost.filter((c) => c !== cell) } : {})
	};
}

/**
 * Draws a river along a path of neighbouring cells: each cell flows into the next, walls
 * across the path come down. Where it ends depends on the rule system: in the classic
 * game the last cell becomes the delta, in the topographic labyrinth a swamp (1.3) — unless
 * it is already water, and then the new river joins the river (delta, swamp) it runs into;
 * in the abandoned labyrinth a river runs from wall to wall (seed 002), so the last cell is
 * river too, flowing on against the labyrinth's wall when it lies on the outline. A path
 * that doubles back on itself is cut at the first repeat, so a drawn river never loops.
 */
export function drawRiver(plan: Plan, path: readonly number[]): Plan {
	const cells = neighbourPath(plan, path);
	if (cells.length < 2) return plan;
	let next = plan;
	for (let i = 0; i + 1 < cells.length; i++) {
		const from = cells[i]!;
		const dir = directionBetween(plan, from, cells[i + 1]!)!;
		next = setWall(leavePortalSets(leaveLoops(next, from), from), from, dir, false);
		next = withCell(next, from, { kind: 'river', flow: dir });
	}
	const mouth = cells[cells.length - 1]!;
	const water = next.cells[mouth]?.kind;
	const riverEnd = systemFace(plan.rules).riverEnd;
	if (riverEnd === 'wall') {
		// Run into a river already there: it joins it (a fork, which the validator names).
		if (plan.cells[mouth]?.kind === 'river') return next;
		const last = directionBetween(plan, cells[cells.length - 2]!, mouth)!;
		// Against the wall: straight on when that is the outline, else any side of the outline, else straight on.
		const out = [last, ...DIRECTIONS].find((d) => neighbour(plan, mouth, d) === null) ?? last;
		return withCell(leavePortalSets(leaveLoops(next, mouth), mouth), mouth, { kind: 'river', flow: out });
	}
	const end: CellKind = riverEnd;
	if (water !== 'river' && water !== end) next = withCell(leavePortalSets(leaveLoops(next, mouth), mouth), mouth, { kind: end });
	return next;
}

/** The path's first run of present, neighbouring, distinct cells. */
function neighbourPath(plan: Plan, path: readonly number[]): number[] {
	const cells: number[] = [];
	for (const cell of path) {
		if (!plan.cells[cell]) break;
		if (cells.includes(cell)) break;
		const last = cells[cells.length - 1];
		if (last !== undefined && directionBetween(plan, last, cell) === null) break;
		cells.push(cell);
	}
	return cells;
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
	const { chains, index } = appendToChain(next.pitLoops, target?.[0], cell);
	return { plan: { ...next, pitLoops: chains }, loop: index };
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
	const pitLoops = moveInChain(plan.pitLoops, cell, by);
	return pitLoops ? { ...plan, pitLoops } : plan;
}

// --- the abandoned labyrinth's portals (seed 002) -----------------------------------

/** A portal set's size names its kind: one portal is fake, two are A↔B, three are 1→2→3→1. */
export const PORTAL_SET_KINDS = ['fake', 'two_way', 'three_way'] as const;
export type PortalSetKind = (typeof PORTAL_SET_KINDS)[number];
export const MAX_PORTAL_SET = 3;

export function portalSetKind(set: readonly number[]): PortalSetKind | null {
	return PORTAL_SET_KINDS[set.length - 1] ?? null;
}

/**
 * Adds a portal to the end of a set (`set` = its index; `null` or a full set of three: a new
 * set), as the loop tool adds pits. The cell becomes a portal and leaves any set it was in.
 */
export function appendToPortalSet(plan: Plan, set: number | null, cell: number): { plan: Plan; set: number | null } {
	if (!plan.cells[cell]) return { plan, set };
	const target = set === null ? undefined : plan.portals?.[set];
	if (target?.includes(cell)) return { plan, set };
	const painted = paintCell(plan, cell, 'portal');
	const next = leavePortalSets(painted, cell);
	const { chains, index } = appendToChain(next.portals ?? [], target?.[0], cell, MAX_PORTAL_SET);
	return { plan: { ...next, portals: chains }, set: index };
}

/** Takes a portal out of its set (it stays a portal, in no set until it joins one). */
export function removeFromPortalSet(plan: Plan, cell: number): Plan {
	return leavePortalSets(plan, cell);
}

/** A portal on its own: out of its set, into a set of one (a fake portal leads back to itself). */
export function makeFakePortal(plan: Plan, cell: number): Plan {
	if (plan.cells[cell]?.kind !== 'portal' || plan.portals?.some((set) => set.length === 1 && set[0] === cell)) return plan;
	const next = leavePortalSets(plan, cell);
	return { ...next, portals: [...(next.portals ?? []), [cell]] };
}

/** Moves a portal one place earlier or later in its set (a three-way set leads 1 → 2 → 3 → 1). */
export function movePortalInSet(plan: Plan, cell: number, by: -1 | 1): Plan {
	const portals = plan.portals && moveInChain(plan.portals, cell, by);
	return portals ? { ...plan, portals } : plan;
}

// --- the topographic labyrinth's creatures (seed 003, 2) ----------------------------

/** The bear starts on this cell; a tap on the cell it already starts on takes it away. */
export function toggleBear(plan: Plan, cell: number): Plan {
	if (!plan.cells[cell]) return plan;
	return plan.bear === cell ? withoutBear(plan, cell) : { ...plan, bear: cell };
}

/** The bear moved to a cell (a drag carries it). */
export function placeBear(plan: Plan, cell: number): Plan {
	return plan.cells[cell] && plan.bear !== cell ? { ...plan, bear: cell } : plan;
}

function withoutBear(plan: Plan, cell: number): Plan {
	if (plan.bear !== cell) return plan;
	const next = { ...plan };
	delete next.bear;
	return next;
}

/**
 * The ghost's fixed path, drawn through neighbouring cells (cut at the first repeat or gap).
 * The engine walks it to the end and back, or round when its last cell touches its first
 * (three cells or more). An empty path removes the ghost.
 */
export function drawGhost(plan: Plan, path: readonly number[]): Plan {
	const cells = neighbourPath(plan, path);
	if (cells.length === 0) return removeGhost(plan);
	if (plan.ghost && plan.ghost.length === cells.length && plan.ghost.every((c, i) => c === cells[i])) return plan;
	return { ...plan, ghost: cells };
}

export function removeGhost(plan: Plan): Plan {
	if (!plan.ghost) return plan;
	const next = { ...plan };
	delete next.ghost;
	return next;
}

/** The ghost walks its path the other way round (and starts from the other end). */
export function reverseGhost(plan: Plan): Plan {
	return plan.ghost && plan.ghost.length > 1 ? { ...plan, ghost: plan.ghost.slice().reverse() } : plan;
}

/** Whether the ghost goes round (its path's ends touch, three cells or more) rather than there and back. */
export function ghostGoesRound(plan: Plan): boolean {
	return isClosedRound(plan, plan.ghost ?? []);
}

/**
 * The treasure tool's tap: a cell without that treasure gets it (a true treasure moves
 * here, there is only one); a cell that has it loses it. In the topographic labyrinth
 * the one treasure is the true one; in the abandoned labyrinth every pile is treasure
 * (no fakes) and there may be several.
 */
export function toggleTreasure(plan: Plan, cell: number, truth: boolean): Plan {
	if (!plan.cells[cell]) return plan;
	const treasures = systemFace(plan.rules).treasures;
	const t = treasures === 'true_and_fake' ? truth : true;
	const here = plan.items.findIndex((i) => i.cell === cell && i.kind === 'treasure' && i.true === t);
	if (here >= 0) return { ...plan, items: plan.items.filter((_, i) => i !== here) };
	const items = t && treasures !== 'piles' ? plan.items.filter((i) => !(i.kind === 'treasure' && i.true)) : plan.items;
	return { ...plan, items: [...items, { cell, kind: 'treasure', true: t }] };
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

/** The eraser: the cell goes back to bare land with nothing on it (no item, no bear). */
export function eraseCell(plan: Plan, cell: number): Plan {
	const before = plan.cells[cell];
	if (!before) return plan;
	const bare = withoutBear(paintCell(plan, cell, 'land'), cell);
	return bare.items.some((i) => i.cell === cell) ? { ...bare, items: bare.items.filter((i) => i.cell !== cell) } : bare;
}

export function renamePlan(plan: Plan, name: string): Plan {
	const clean = cleanName(name, MAX_PLAN_NAME_LENGTH);
	return clean === plan.name || !clean ? plan : { ...plan, name: clean };
}
