/**
 * Test-only helper for the other rule systems' tests: a plan from rows of
 * space-separated tokens, the letters of the text format (L land, S spinner +
 * turns, R river + arrow, B swamp, P pit, C crocodile, A arsenal, M morgue,
 * T shop, F marsh, G portal, H hospital, X crossbow, Y crutch, K trap,
 * I pit exit; a digit after P or I is the duel number).
 */
import type { Cell, CellKind, Direction, Plan, RuleSystemId } from '../../plan/types';
import type { GameEvent } from '../../game/types';
import { Script } from '../../game/testing';
import { LOCALES, renderEvent } from '../../../i18n/events';

const LETTERS: Record<string, CellKind> = {
	L: 'land',
	S: 'spinner',
	R: 'river',
	B: 'swamp',
	P: 'pit',
	C: 'crocodile',
	A: 'arsenal',
	M: 'morgue',
	T: 'shop',
	F: 'marsh',
	G: 'portal',
	H: 'hospital',
	X: 'crossbow',
	Y: 'crutch',
	K: 'trap',
	I: 'pit_exit'
};
const ARROWS: Record<string, Direction> = { '^': 'up', '>': 'right', v: 'down', '<': 'left' };

export function grid(rules: RuleSystemId, rows: string[], extra: Partial<Plan> = {}): Plan {
	const tokens = rows.map((r) => r.trim().split(/\s+/));
	const height = tokens.length;
	const width = tokens[0]!.length;
	const cells: (Cell | null)[] = [];
	for (const row of tokens)
		for (const tok of row) {
			if (tok === '.') {
				cells.push(null);
				continue;
			}
			const kind = LETTERS[tok[0]!];
			if (!kind) throw new Error(`unknown token ${tok}`);
			const arg = tok.slice(1);
			const cell: Cell = { kind };
			if (ARROWS[arg]) cell.flow = ARROWS[arg];
			else if (kind === 'spinner' && arg) cell.turn = Number(arg) as 1 | 2 | 3;
			else if ((kind === 'pit' || kind === 'pit_exit') && arg && rules === 'duel') cell.number = Number(arg);
			cells.push(cell);
		}
	return { rules, name: 'test', width, height, cells, walls: [], exits: [], pitLoops: [], items: [], ...extra };
}

/** Cell index from (x, y) for a width. */
export const at = (width: number) => (x: number, y: number) => y * width + x;

/** Every event renders in every language with no raw key, placeholder or "undefined". */
export function renderedEverywhere(events: readonly GameEvent[], width: number): string[] {
	const bad: string[] = [];
	for (const e of events)
		for (const l of LOCALES) {
			const text = renderEvent(e, l, width);
			if (/event_|\{|undefined/.test(text)) bad.push(`${e.type} ${l}: ${text}`);
		}
	return bad;
}

/** One duel half-game: the walker (seat 0) starts at `start`, confirmed as the owner's device does. */
export function duelHalf(plan: Plan, start: number, settings: object = {}): Script {
	const g = new Script(plan, 1, settings);
	g.do({ type: 'choose_start', by: 0, cell: start });
	g.do({ type: 'confirm_starts', by: 'master' });
	return g;
}
