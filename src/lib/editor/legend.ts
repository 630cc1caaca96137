/**
 * What a board draws, as the symbols its legend lists: only those the plan shows (a legend of
 * every symbol there is would hide the few on the board). Pure: the Legend component draws
 * each symbol with the board's own drawing and names it in the reader's language.
 */
import { CELL_KINDS, type CellKind, type ItemKind, type Plan } from '../engine/plan/types';

export type PlanSymbol =
	| { t: 'kind'; kind: CellKind }
	| { t: 'wall' }
	| { t: 'exit'; open: boolean }
	| { t: 'treasure'; look: 'true' | 'fake' | 'mark' }
	| { t: 'loop' }
	| { t: 'item'; kind: Exclude<ItemKind, 'treasure'> }
	| { t: 'unknown' };

/** What the overlays of the boards draw on top of the plan (told to the legend by the screen that draws them). */
export const OVERLAY_SYMBOLS = ['question', 'note', 'pencil', 'candidate', 'others', 'players', 'path', 'blown', 'mine', 'corpse', 'verdict'] as const;
export type OverlaySymbol = (typeof OVERLAY_SYMBOLS)[number];

export interface LegendOptions {
	/** Squares drawn blank (nobody marked them: the sheet). */
	unknown?: ReadonlySet<number>;
	/** Treasures drawn true or fake (false: all alike, the player's marks). */
	treasureTruth?: boolean;
	/** The outline drawn as a thin line, not walls (the sheet). */
	plainOutline?: boolean;
	/** Pits drawn with their order and arrows (false: the sheet). */
	loopOrder?: boolean;
}

/** The symbols a board of `plan` draws, each once, in a fixed order: ground, then sides, then things on it. */
export function legendOf(plan: Plan, options: LegendOptions = {}): PlanSymbol[] {
	const { unknown, treasureTruth = true, plainOutline = false, loopOrder = true } = options;
	const out: PlanSymbol[] = [];
	const kinds = new Set<CellKind>();
	let blank = false;
	plan.cells.forEach((cell, i) => {
		if (!cell) return;
		if (unknown?.has(i)) blank = true;
		else kinds.add(cell.kind);
	});
	if (blank) out.push({ t: 'unknown' });
	// In the kinds' own order, not as the plan first has them.
	for (const kind of CELL_KINDS) if (kinds.has(kind)) out.push({ t: 'kind', kind });
	if (plan.walls.length || (!plainOutline && plan.cells.some(Boolean))) out.push({ t: 'wall' });
	if (!plainOutline) {
		if (plan.exits.some((e) => e.open)) out.push({ t: 'exit', open: true });
		if (plan.exits.some((e) => !e.open)) out.push({ t: 'exit', open: false });
	}
	if (loopOrder && plan.pitLoops.some((loop) => loop.length > 1)) out.push({ t: 'loop' });
	const treasures = plan.items.filter((i) => i.kind === 'treasure');
	if (!treasureTruth) {
		if (treasures.length) out.push({ t: 'treasure', look: 'mark' });
	} else {
		if (treasures.some((t) => t.kind === 'treasure' && t.true)) out.push({ t: 'treasure', look: 'true' });
		if (treasures.some((t) => t.kind === 'treasure' && !t.true)) out.push({ t: 'treasure', look: 'fake' });
	}
	for (const kind of ['bullet', 'grenade', 'landmine'] as const) if (plan.items.some((i) => i.kind === kind)) out.push({ t: 'item', kind });
	return out;
}

/** A one- or two-square plan drawing just the symbol, for the legend's swatch. */
export function swatchOf(symbol: PlanSymbol): { plan: Plan; unknown?: Set<number>; plainOutline: boolean; treasureTruth: boolean; loopOrder: boolean } {
	return { loopOrder: symbol.t === 'loop', ...swatchPlan(symbol) };
}

function swatchPlan(symbol: PlanSymbol): { plan: Plan; unknown?: Set<number>; plainOutline: boolean; treasureTruth: boolean } {
	const land = { kind: 'land' as const };
	const base: Plan = { rules: 'classic', name: '', width: 1, height: 1, cells: [land], walls: [], exits: [], pitLoops: [], items: [] };
	switch (symbol.t) {
		case 'unknown':
			return { plan: base, unknown: new Set([0]), plainOutline: true, treasureTruth: true };
		case 'kind':
			// A pit in a loop of its own: its number drawn, not the "?" of a pit in no loop.
			return { plan: { ...base, cells: [symbol.kind === 'river' ? { kind: 'river', flow: 'right' } : { kind: symbol.kind }], pitLoops: symbol.kind === 'pit' ? [[0]] : [] }, plainOutline: true, treasureTruth: true };
		case 'wall':
			return { plan: { ...base, width: 2, cells: [land, land], walls: [{ cell: 0, dir: 'right' }] }, plainOutline: true, treasureTruth: true };
		case 'exit':
			return { plan: { ...base, exits: [{ cell: 0, dir: 'right', open: symbol.open }] }, plainOutline: false, treasureTruth: true };
		case 'loop':
			return { plan: { ...base, width: 2, cells: [{ kind: 'pit' }, { kind: 'pit' }], pitLoops: [[0, 1]] }, plainOutline: true, treasureTruth: true };
		case 'treasure':
			return { plan: { ...base, items: [{ cell: 0, kind: 'treasure', true: symbol.look === 'true' }] }, plainOutline: true, treasureTruth: symbol.look !== 'mark' };
		case 'item':
			return { plan: { ...base, items: [{ cell: 0, kind: symbol.kind, count: 1 }] }, plainOutline: true, treasureTruth: true };
	}
}
