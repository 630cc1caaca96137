/**
 * The plan: what the master draws. Plain JSON-compatible data so it can be
 * stored (IndexedDB), cloned and sent without conversion; the engine compiles
 * it into faster structures where it needs them.
 *
 * Geometry: cells are numbered row-major, `index = y * width + x`, with x
 * growing right and y growing down ("up" is y - 1).
 */

export const RULE_SYSTEMS = ['classic', 'duel', 'topographic', 'abandoned'] as const;
export type RuleSystemId = (typeof RULE_SYSTEMS)[number];

export const DIRECTIONS = ['up', 'right', 'down', 'left'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * Every cell kind of every rule system. Each rule system lists the kinds it
 * allows; the classic ones come first. Later systems extend this list.
 */
export const CELL_KINDS = [
	'land',
	'hospital',
	'weaponry',
	'pit',
	'river',
	'delta',
	'encephalitis',
	// topographic (seed 003)
	'spinner',
	'swamp',
	'crocodile',
	'arsenal',
	'morgue',
	// abandoned (seed 002); its safe tiles are 'land', its hospital and rivers the classic kinds
	'shop',
	'marsh',
	'portal',
	// duel (seeds 001, 004)
	'crossbow',
	'crutch',
	'trap',
	'pit_exit'
] as const;
export type CellKind = (typeof CELL_KINDS)[number];

export interface Cell {
	kind: CellKind;
	/** Rivers only: the neighbour the flow goes to. */
	flow?: Direction;
	/** Topographic spinners only: quarter turns clockwise the broken compass adds (1 east, 2 south, 3 west for north). */
	turn?: 1 | 2 | 3;
	/** Duel pits and pit exits only: the number 1..4 tying a pit to its exit. */
	number?: number;
}

/** A cell side named from the cell that owns it. */
export interface Side {
	cell: number;
	dir: Direction;
}

/** An inner wall, always named canonically from the cell left of it or above it. */
export interface InnerWall {
	cell: number;
	dir: 'right' | 'down';
}

/** An outer side that is an exit; every other outer side is an indestructible wall. */
export interface Exit extends Side {
	open: boolean;
}

export const ITEM_KINDS = ['bullet', 'grenade', 'landmine', 'treasure'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** An item lying on a cell when the game starts. Treasures carry their truth. */
export type PlacedItem =
	| { cell: number; kind: 'treasure'; true: boolean }
	| { cell: number; kind: 'bullet' | 'grenade' | 'landmine'; count: number };

export interface Plan {
	rules: RuleSystemId;
	name: string;
	width: number;
	height: number;
	/** Row-major; `null` marks a square left out of the labyrinth's shape. */
	cells: (Cell | null)[];
	walls: InnerWall[];
	exits: Exit[];
	/** Each loop lists its pits in order: a player in loop[i] goes to loop[(i + 1) % n]. */
	pitLoops: number[][];
	/** In stacking order: earlier entries on the same cell lie lower. */
	items: PlacedItem[];
	/** Abandoned: portal sets in order (1 cell fake, 2 cells A↔B, 3 cells 1→2→3→1). */
	portals?: number[][];
	/** Topographic: the bear's starting cell. */
	bear?: number;
	/** Topographic: the ghost's fixed path (adjacent cells; walked to the end and back, or round when closed). */
	ghost?: number[];
}
