/** The names of what a board draws (the squares' kinds, the items, the legend's symbols), in the reader's language. */
import { m } from '../paraglide/messages.js';
import type { CellKind, ItemKind } from '../engine/plan/types';
import type { OverlaySymbol, PlanSymbol } from '../editor/legend';
import type { PortalSetKind } from '../editor/edits';

const KIND_LABELS: Record<CellKind, () => string> = {
	land: m.editor_kind_land,
	hospital: m.editor_kind_hospital,
	weaponry: m.editor_kind_weaponry,
	pit: m.editor_kind_pit,
	river: m.editor_kind_river,
	delta: m.editor_kind_delta,
	encephalitis: m.editor_kind_encephalitis,
	spinner: m.editor_kind_spinner,
	swamp: m.editor_kind_swamp,
	crocodile: m.editor_kind_crocodile,
	arsenal: m.editor_kind_arsenal,
	morgue: m.editor_kind_morgue,
	shop: m.editor_kind_shop,
	marsh: m.editor_kind_marsh,
	portal: m.editor_kind_portal,
	crossbow: m.editor_kind_crossbow,
	crutch: m.editor_kind_crutch,
	trap: m.editor_kind_trap,
	pit_exit: m.editor_kind_pit_exit
};
export const kindLabel = (kind: CellKind): string => KIND_LABELS[kind]?.() ?? kind;

export const itemLabel = (kind: ItemKind): string => ({ bullet: m.editor_item_bullet, grenade: m.editor_item_grenade, landmine: m.editor_item_landmine, treasure: m.editor_item_treasure })[kind]();

export function symbolLabel(symbol: PlanSymbol): string {
	switch (symbol.t) {
		case 'kind':
			return kindLabel(symbol.kind);
		case 'unknown':
			return m.legend_unknown();
		case 'wall':
			return m.editor_wall();
		case 'exit':
			return symbol.open ? m.legend_exit_open() : m.legend_exit_closed();
		case 'loop':
			return m.legend_loop();
		case 'treasure':
			return symbol.look === 'true' ? m.editor_true_treasure() : symbol.look === 'fake' ? m.editor_fake_treasure() : m.legend_treasure_mark();
		case 'item':
			return itemLabel(symbol.kind);
	}
}

const OVERLAY_LABELS: Record<OverlaySymbol, () => string> = {
	question: m.legend_question,
	note: m.legend_note,
	pencil: m.legend_pencil,
	candidate: m.legend_candidate,
	others: m.legend_others,
	players: m.legend_players,
	path: m.legend_path,
	blown: m.legend_blown,
	mine: m.legend_mine,
	corpse: m.legend_corpse,
	verdict: m.legend_verdict
};
export const overlayLabel = (symbol: OverlaySymbol): string => OVERLAY_LABELS[symbol]();

/** A spinner's needle turn, in words (the editor's palette and inspector). */
export const turnLabel = (turn: 1 | 2 | 3): string => ({ 1: m.editor_turn_1, 2: m.editor_turn_2, 3: m.editor_turn_3 })[turn]();

/** What a set of portals is (fake, two-way, three-way), or nothing for an empty set. */
export const portalKindLabel = (kind: PortalSetKind | null): string =>
	kind ? { fake: m.editor_portal_kind_fake, two_way: m.editor_portal_kind_two_way, three_way: m.editor_portal_kind_three_way }[kind]() : '';

/** How the ghost walks its path: round (a closed path) or back and forth. */
export const ghostHowLabel = (round: boolean): string => (round ? m.editor_ghost_round() : m.editor_ghost_back());
