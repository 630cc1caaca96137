/**
 * The duel (seeds 001 Russian, 004 Ukrainian): two players, no master. Each
 * plan is refereed by its owner's device as a half-game: one seat (the
 * opponent walking it), commands in, announcements out. This module is that
 * half-game's rule system; `duel-match.ts` pairs two halves and keeps the turns
 * (actions per turn with crossbow and crutch, the trap's skipped turns). Section
 * numbers are those of docs/rules.md's duel part (2 contents, 3 play).
 */
import { CELL_KINDS, DIRECTIONS, type CellKind, type Direction } from '../../plan/types';
import { OPPOSITE } from '../../plan/geometry';
import { DIR_INDEX } from '../../game/board';
import { ALL, type Draft } from '../../game/draft';
import { NO_MOVES, SIDE_OPEN, SIDE_OPEN_EXIT, SIDE_OUTER, SIDE_WALL, type Action, type Carry, type Seat } from '../../game/types';
import { DUEL_SETTING_IDS } from '../../game/settings';
import { classic } from '../classic/rules';
import type { RuleSystem } from '../types';
import { duelProblems } from './plan';
import { kindsOf } from '../common/kinds';
import { DUEL } from './kinds';

const K = (k: CellKind) => CELL_KINDS.indexOf(k);
const DK = { land: K('land'), crossbow: K('crossbow'), crutch: K('crutch'), trap: K('trap'), pit: K('pit'), pitExit: K('pit_exit') } as const;

/** 2: grenades each player starts with. */
export const DUEL_GRENADES = 3;

export interface DuelExt {
	/** Per cell: its pit or pit-exit number (0 elsewhere). */
	readonly numbers: readonly number[];
	/** Pit cell → the cell of the exit with its number. */
	readonly pitExit: Readonly<Record<number, number>>;
	/** 3a, 3b: the crossbow and the crutch fire once. */
	readonly crossbowFired: boolean;
	readonly crutchFired: boolean;
}

export function duelExt(x: { ext: unknown } | { readonly ext?: unknown }): DuelExt {
	return x.ext as DuelExt;
}

function setExt(d: Draft, patch: Partial<DuelExt>): void {
	d.ext = { ...duelExt(d), ...patch };
}

/** 3: what the owner tells after a move onto `cell`; returns where the walker ends. */
function enter(d: Draft, seat: Seat, cell: number): number {
	const k = d.board.kind[cell];
	const x = duelExt(d);
	let fin = cell;
	if (k === DK.crossbow) {
		d.say({ type: 'crossbow', seat, first: !x.crossbowFired });
		if (!x.crossbowFired) setExt(d, { crossbowFired: true });
	} else if (k === DK.crutch) {
		d.say({ type: 'crutch', seat, first: !x.crutchFired });
		if (!x.crutchFired) setExt(d, { crutchFired: true });
	} else if (k === DK.trap) {
		d.say({ type: 'trap', seat });
	} else if (k === DK.pit) {
		// 3d: at once to the pit's exit; where that is is not told.
		d.say({ type: 'duel_pit', seat, n: x.numbers[cell] ?? 0 });
		fin = x.pitExit[cell] ?? cell;
	} else if (k === DK.pitExit) {
		d.say({ type: 'pit_exit', seat, n: x.numbers[cell] ?? 0 });
	} else if (!d.itemsAt(cell).some((it) => it.k === 'treasure')) d.say({ type: 'land', seat });
	d.update(seat, { cell: fin, outside: null });
	// 3e: a treasure lies here (taking it is the walker's choice).
	if (d.itemsAt(fin).some((it) => it.k === 'treasure')) d.say({ type: 'duel_treasure', seat });
	return fin;
}

function go(d: Draft, seat: Seat, dir: Direction): void {
	const p = d.p(seat);
	if (p.outside !== null) {
		// 3.9: back in only through the exit he left by (by default).
		if (dir === OPPOSITE[p.outside]) {
			d.say({ type: 'reentered', seat });
			enter(d, seat, p.cell);
		} else d.say({ type: 'not_reentered', seat });
		return;
	}
	const di = DIR_INDEX[dir];
	const side = d.sides[p.cell * 4 + di]!;
	if (side === SIDE_OPEN) {
		enter(d, seat, d.board.nb[p.cell * 4 + di]!);
		return;
	}
	if (side === SIDE_OPEN_EXIT) {
		// 3.5, 3.6: out of the labyrinth; told whether the carried treasure is fake or true.
		const c = p.carry;
		const carried = c?.k === 'treasure' ? (c.id === d.base.trueTreasure ? 'true' : 'fake') : 'none';
		d.update(seat, { outside: dir, carry: carried === 'fake' ? null : c });
		d.say({ type: 'duel_out', seat, carried });
		if (carried === 'true') {
			d.result = { kind: 'win', seat, how: 'treasure' };
			d.all({ type: 'won', seat, how: 'treasure' });
		}
		return;
	}
	// 3.2: a wall; the labyrinth's own wall is told apart (by default).
	d.say({ type: side === SIDE_OUTER && d.settings.duelOuterWallsTold ? 'outer_wall' : 'wall', seat });
}

function grenade(d: Draft, seat: Seat, dir: Direction): void {
	const p = d.p(seat);
	d.update(seat, { grenades: p.grenades - 1 });
	const di = DIR_INDEX[dir];
	const idx = p.cell * 4 + di;
	const side = d.sides[idx]!;
	let outcome: 'blown' | 'stood' | 'no_wall' = 'no_wall';
	if (side === SIDE_WALL) {
		// 3.3: gone for the rest of the game.
		d.setSide(idx, SIDE_OPEN);
		d.setSide(d.board.nb[idx]! * 4 + ((di + 2) & 3), SIDE_OPEN);
		outcome = 'blown';
	} else if (side === SIDE_OUTER) {
		// 3.5: a new exit, unless agreed that grenades do not break the labyrinth's wall.
		if (d.settings.duelGrenadesBreakOuter) {
			d.setSide(idx, SIDE_OPEN_EXIT);
			outcome = 'blown';
		} else outcome = 'stood';
	}
	d.changed = true;
	// 7.8 silent: the grenade was said with the move; only the referee learns what became of the wall.
	if (d.settings.grenadeWording === 'tell') d.say({ type: 'grenade', seat, dir, outcome });
	else d.master({ type: 'grenade', seat, dir, outcome });
}

/** 3.7: take the treasure here, swapping the carried one for it. */
function take(d: Draft, seat: Seat): boolean {
	const p = d.p(seat);
	if (p.outside !== null) return false;
	const list = d.itemsAt(p.cell);
	const at = list.findIndex((it) => it.k === 'treasure');
	if (at < 0) return false;
	const keep = list.filter((_, i) => i !== at);
	if (p.carry) keep.push(p.carry as Carry & { k: 'treasure' });
	d.setItems(p.cell, keep);
	d.update(seat, { carry: list[at] as Carry });
	d.say({ type: 'took_treasure', seat, index: 0 });
	return true;
}

const isDir = (x: unknown): x is Direction => typeof x === 'string' && (DIRECTIONS as readonly string[]).includes(x);

function wellFormed(a: unknown): a is Action {
	if (typeof a !== 'object' || a === null) return false;
	const x = a as Record<string, unknown>;
	if (x.a === 'go' || x.a === 'grenade') return isDir(x.dir);
	if (x.a === 'take') return x.index === 0 || x.index === undefined;
	if (x.a === 'enter') return typeof x.cell === 'number' && Number.isInteger(x.cell) && isDir(x.dir);
	return false;
}

/** What a duel command costs the walker's turn: one action, the whole turn (a grenade), or nothing (a lone take). */
export type DuelCost = 'action' | 'grenade' | 'free';

export function duelCost(actions: readonly Action[]): DuelCost {
	if (actions.some((a) => a.a === 'grenade')) return 'grenade';
	if (actions.some((a) => a.a === 'go' || a.a === 'enter')) return 'action';
	return 'free';
}

export const duel: RuleSystem = {
	...classic,
	id: 'duel',
	get cellKinds() {
		return kindsOf(DUEL);
	},
	settingIds: DUEL_SETTING_IDS,
	/** A half-game: the one opponent walking the owner's plan. */
	seats: [1, 1],

	planProblems(plan, options) {
		return duelProblems(plan, options?.settings?.duelReentryAnyExit === true);
	},

	initExt(plan) {
		const numbers = plan.cells.map((c) => ((c?.kind === 'pit' || c?.kind === 'pit_exit') && c.number ? c.number : 0));
		const pitExit: Record<number, number> = {};
		plan.cells.forEach((c, i) => {
			if (c?.kind !== 'pit' || !c.number) return;
			const e = plan.cells.findIndex((o) => o?.kind === 'pit_exit' && o.number === c.number);
			if (e >= 0) pitExit[i] = e;
		});
		const x: DuelExt = { numbers, pitExit, crossbowFired: false, crutchFired: false };
		return x;
	},

	startLoadout() {
		return { bullets: 0, grenades: DUEL_GRENADES, landmine: false };
	},

	runMove(d, seat, cmd) {
		const actions = cmd.actions;
		if (!Array.isArray(actions) || actions.length === 0 || actions.length > 2 || !actions.every(wellFormed)) return 'malformed';
		if (cmd.dark || cmd.semiDark) return 'option_off';
		const main = actions.filter((a) => a.a !== 'take');
		if (main.length > 1) return 'two_movements';
		const p = d.p(seat);
		// A take is free and may come in either order (3e, 3.7: taking is the walker's choice, in his
		// own turn): after the step it takes what he stepped onto; before it, the treasure he stands
		// on (he was told of it when he came: refused, changing nothing, when there is none).
		const takeFirst = actions.length === 2 && actions[0]!.a === 'take';
		const treasureHere = p.outside === null && d.itemsAt(p.cell).some((it) => it.k === 'treasure');
		if (takeFirst && !treasureHere) return 'no_item';
		const a = main[0];
		if (a?.a === 'grenade') {
			if (p.grenades <= 0) return 'no_grenades';
			if (p.outside !== null) return 'outside_only_move';
		}
		if (a?.a === 'enter') {
			if (!d.settings.duelReentryAnyExit) return 'option_off';
			if (p.outside === null) return 'not_outside';
		}
		if (!a && !treasureHere) return 'no_item';
		d.aud = ALL;
		if (takeFirst) take(d, seat);
		if (a?.a === 'go') go(d, seat, a.dir);
		else if (a?.a === 'grenade') grenade(d, seat, a.dir);
		else if (a?.a === 'enter') {
			const ok = a.cell >= 0 && a.cell < d.board.size && d.sides[a.cell * 4 + DIR_INDEX[a.dir]] === SIDE_OPEN_EXIT;
			if (ok) {
				d.say({ type: 'reentered', seat });
				enter(d, seat, a.cell);
			} else d.say({ type: 'not_reentered', seat });
		}
		if (!takeFirst && actions.some((x) => x.a === 'take') && !d.result && !take(d, seat)) d.say({ type: 'action_failed', seat, reason: 'no_item' });
		d.update(seat, { lastMove: { actions, dark: false, semiDark: false }, noChangeMoves: NO_MOVES });
		return null;
	},

	onTurnStart(d, seat) {
		// 3.1 at the start: the walker stands in his start cell as if he had just come into it —
		// the owner tells what is there and it acts (crossbow, crutch, trap, a pit to its exit, a
		// pit exit's number, a treasure he may take). The cell's kind was told with the starts.
		if (d.base.phase !== 'start') return;
		const cell = d.p(seat).cell;
		d.aud = ALL;
		if (d.board.kind[cell] !== DK.land) enter(d, seat, cell);
		else if (d.itemsAt(cell).some((it) => it.k === 'treasure')) d.say({ type: 'duel_treasure', seat });
	},

	checkEnd() {
		// 1: the game ends when a true treasure is carried out.
	}
};
