/**
 * The assistant's reasoning in words (en, ru, uk): each fact it is sure of, said as the move
 * and the answer that proved it — "Move 3: you went up from b3 and hit a wall → a wall between
 * b3 and b2". Directions and cell kinds are the feed's own words.
 */
import { m } from '../paraglide/messages.js';
import { cellName, neighbour } from '../engine/plan/geometry';
import type { Direction, Plan } from '../engine/plan/types';
import type { Contour, Fact, KnownKind } from '../sheet/assistant';
import type { Locale } from './events';

const DIR: Record<Direction, (p: object, o: { locale: Locale }) => string> = {
	up: m.event_dir_up,
	right: m.event_dir_right,
	down: m.event_dir_down,
	left: m.event_dir_left
};

export function kindPhrase(kind: KnownKind, locale: Locale): string {
	const o = { locale };
	switch (kind) {
		case 'land':
			return m.event_kind_land({}, o);
		case 'landlike':
			return m.sheet_kind_landlike({}, o);
		case 'water':
			return m.sheet_kind_water({}, o);
		case 'hospital':
			return m.event_kind_hospital({}, o);
		case 'weaponry':
			return m.event_kind_weaponry({}, o);
		case 'pit':
			return m.event_kind_pit({}, o);
		case 'river':
			return m.event_kind_river({}, o);
		case 'delta':
			return m.event_kind_delta({}, o);
		case 'encephalitis':
			return m.event_kind_encephalitis({}, o);
	}
}

function step(contour: Contour, cell: number, dir: Direction): number | null {
	return neighbour({ width: contour.width, height: contour.height, cells: contour.shape as unknown as Plan['cells'] }, cell, dir);
}

/** Why the assistant is sure of a fact, in the player's language. */
export function reasonText(fact: Fact, contour: Contour, locale: Locale): string {
	const o = { locale };
	const r = fact.reason;
	const name = (cell: number) => cellName(cell, contour.width);
	const from = name(r.from);
	const move = r.move;
	if (fact.kind === 'side') {
		const dir = r.dir ?? fact.dir;
		const to = step(contour, r.from, dir);
		const d = DIR[dir]({}, o);
		if (fact.value === 'wall') return to === null ? m.sheet_why_wall_edge({ move, dir: d, from }, o) : m.sheet_why_wall({ move, dir: d, from, to: name(to) }, o);
		if (fact.value === 'exit') return m.sheet_why_exit({ move, dir: d, from }, o);
		const params = { move, dir: d, from, to: to === null ? from : name(to) };
		return r.code === 'carried' ? m.sheet_why_carried_side(params, o) : m.sheet_why_open(params, o);
	}
	const at = name(fact.cell);
	const what = kindPhrase(fact.value, locale);
	if (r.code === 'entered' && r.dir && r.from !== fact.cell) return m.sheet_why_entered({ move, dir: DIR[r.dir]({}, o), from, at, what }, o);
	if (r.code === 'carried' && r.from !== fact.cell) return m.sheet_why_carried({ move, from, at, what }, o);
	if (r.code === 'pit' && r.from !== fact.cell) return m.sheet_why_pit({ move, from, at, what }, o);
	return m.sheet_why_here({ move, at, what }, o);
}
