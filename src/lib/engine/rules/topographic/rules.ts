/**
 * The topographic labyrinth (seed 003): an 8x8 field of land, spinners, rivers
 * into swamps, pits as a permutation, crocodiles, the arsenal, the treasure,
 * exits and the morgue; the bear that repeats every move and the ghost on its
 * fixed path. Section numbers are those of docs/rules.md's topographic part
 * (1 field, 2 creatures, 3 start and turns).
 */
import { CELL_KINDS, DIRECTIONS, type CellKind, type Direction, type Plan } from '../../plan/types';
import { isClosedRound } from '../../plan/geometry';
import { DIR_INDEX, type Board } from '../../game/board';
import { ALL, type Draft } from '../../game/draft';
import { NO_MOVES, SIDE_OPEN, SIDE_OPEN_EXIT, type Action, type Creature, type RejectReason, type Seat } from '../../game/types';
import { TOPOGRAPHIC_SETTING_IDS } from '../../game/settings';
import { classic } from '../classic/rules';
import { Tags, type MoveOutcome, type RuleSystem } from '../types';
import { topographicProblems } from './plan';
import { kindsOf } from '../common/kinds';
import { oneStepRefusal } from '../common/move';
import { TOPOGRAPHIC } from './kinds';

const K = (k: CellKind) => CELL_KINDS.indexOf(k);
export const TK = {
	land: K('land'),
	spinner: K('spinner'),
	river: K('river'),
	swamp: K('swamp'),
	pit: K('pit'),
	crocodile: K('crocodile'),
	arsenal: K('arsenal'),
	morgue: K('morgue')
} as const;

/** The kinds of seed 003. */

/** 1.7: a player carries at most three cartridges. */
export const MAX_CARTRIDGES = 3;

/** What the topographic game keeps beyond the shared state (`GameState.ext`). */
export interface TopoExt {
	/** Per cell: quarter turns clockwise of a spinner's compass (0 elsewhere). */
	readonly spin: readonly number[];
	readonly ghostPath: readonly number[];
	/** The path is a closed round (last cell next to the first): else walked to the end and back. */
	readonly ghostRound: boolean;
	/** −1 when the plan has no morgue. */
	readonly morgue: number;
	/** Where the treasure lies at the start (it goes back there, 1.10). */
	readonly treasureHome: number;
	/** The bear's cell (−1: no bear). */
	readonly bear: number;
	/** The bear's last move ended in a swamp. */
	readonly bearSwamp: boolean;
	/** Ghost steps taken. */
	readonly ghostSteps: number;
	/** Crocodile cell → the move number it wakes at (missing: awake). */
	readonly crocWake: Readonly<Record<number, number>>;
	/** Per seat: the last move ended in a swamp (1.4). */
	readonly inSwamp: readonly boolean[];
}

export function topoExt(d: { ext: unknown } | { readonly ext?: unknown }): TopoExt {
	return d.ext as TopoExt;
}

/** The ghost's cell after `steps` steps (−1: no ghost). */
export function ghostCell(x: Pick<TopoExt, 'ghostPath' | 'ghostRound' | 'ghostSteps'>): number {
	const p = x.ghostPath;
	const n = p.length;
	if (n === 0) return -1;
	if (n === 1) return p[0]!;
	if (x.ghostRound) return p[x.ghostSteps % n]!;
	const period = 2 * n - 2;
	const i = x.ghostSteps % period;
	return p[i < n ? i : period - i]!;
}

/** Turn a commanded direction by a broken compass (1.2: needle east for north → "east" goes south). */
export function turned(dir: Direction, quarters: number): Direction {
	return DIRECTIONS[(DIR_INDEX[dir] + quarters) & 3]!;
}

const adjacentOrSame = (b: Board, a: number, c: number): boolean => {
	if (a < 0 || c < 0) return false;
	const dx = Math.abs((a % b.width) - (c % b.width));
	const dy = Math.abs(Math.floor(a / b.width) - Math.floor(c / b.width));
	return dx + dy <= 1;
};


function setExt(d: Draft, patch: Partial<TopoExt>): TopoExt {
	d.ext = { ...topoExt(d), ...patch };
	return d.ext as TopoExt;
}

function setSwamp(d: Draft, seat: Seat, v: boolean): void {
	const x = topoExt(d);
	if (x.inSwamp[seat] === v) return;
	const inSwamp = x.inSwamp.slice();
	inSwamp[seat] = v;
	setExt(d, { inSwamp });
}

/**
 * 1.4: the seat's last move ended in a swamp and he is still there (the master may have moved
 * him out since: `correct` knows nothing of swamps).
 */
const inSwampNow = (d: Draft, seat: Seat): boolean => !!topoExt(d).inSwamp[seat] && d.board.kind[d.p(seat).cell] === TK.swamp;

const asleep = (d: Draft, cell: number): boolean => {
	const w = topoExt(d).crocWake[cell];
	return w !== undefined && d.moveNo < w;
};

/** 1.10: the treasure a player carried goes back to its place (he is to be left without it). */
function treasureGoesHome(d: Draft, seat: Seat): void {
	const carry = d.p(seat).carry;
	const home = topoExt(d).treasureHome;
	if (carry?.k === 'treasure' && home >= 0) d.addItems(home, [carry]);
}

/** Death (1.10): to the morgue, revived at once, without cartridges; the treasure goes home. */
function die(d: Draft, seat: Seat): void {
	const p = d.p(seat);
	const x = topoExt(d);
	treasureGoesHome(d, seat);
	const cell = x.morgue >= 0 ? x.morgue : p.cell;
	d.update(seat, { cell, bullets: 0, carry: null });
	setSwamp(d, seat, false);
	d.say({ type: 'morgue', seat });
	d.changed = true;
}

/** The bear dies like a player: it is taken to the morgue (2.1 "all the laws apply"). */
function bearDies(d: Draft): void {
	const x = topoExt(d);
	setExt(d, { bear: x.morgue >= 0 ? x.morgue : x.bear, bearSwamp: false });
}

/** Everyone on `cell` is eaten by the creature entering it (2.1, 2.2). */
function eatAt(d: Draft, cell: number, by: Creature): void {
	for (const q of d.at(cell)) {
		d.say({ type: 'eaten', seat: q.seat, by });
		die(d, q.seat);
	}
}

type Walker = { kind: 'player'; seat: Seat } | { kind: 'bear' };

/**
 * A walker enters `cell` (1.x): rivers carry, pits move, swamps and awake
 * crocodiles kill. Returns the final cell, or −1 when the walker died.
 * Only players are told what happens (the bear's moves are silent).
 */
function enter(d: Draft, w: Walker, cell: number, out: MoveOutcome | null): number {
	const b = d.board;
	const seat = w.kind === 'player' ? w.seat : -1;
	const tell = (ev: Parameters<Draft['say']>[0]) => {
		if (w.kind === 'player') d.say(ev);
	};
	const wasInSwamp = w.kind === 'player' ? inSwampNow(d, seat) : topoExt(d).bearSwamp;
	let cur = cell;
	let k = b.kind[cur];
	if (k === TK.river) {
		for (let i = 0; i < d.settings.riverCarry; i++) {
			const n = b.flow[cur]!;
			if (n < 0) break;
			cur = n;
			if (b.kind[cur] !== TK.river) break;
		}
		k = b.kind[cur];
		tell({ type: 'topo_river', seat, swamp: k === TK.swamp });
		out?.tags.add('river');
		if (k === TK.swamp) {
			if (wasInSwamp) {
				tell({ type: 'swamp_death', seat });
				return -1;
			}
			return cur;
		}
	} else if (k === TK.swamp) {
		if (wasInSwamp) {
			tell({ type: 'swamp_death', seat });
			return -1;
		}
		tell({ type: 'swamp', seat });
		return cur;
	} else if (k === TK.pit) {
		tell({ type: 'pit', seat });
		out?.tags.add('pit');
		const n = b.pitNext[cur]!;
		return n >= 0 ? n : cur;
	} else if (k === TK.crocodile) {
		if (asleep(d, cur)) {
			tell({ type: 'crocodile_asleep', seat });
			return cur;
		}
		tell({ type: 'crocodile_eats', seat });
		return -1;
	} else if (k === TK.arsenal) {
		if (w.kind === 'player') d.update(seat, { bullets: MAX_CARTRIDGES });
		tell({ type: 'arsenal', seat });
		return cur;
	} else if (k === TK.morgue) {
		tell({ type: 'morgue_cell', seat });
		return cur;
	} else {
		// 1.1 land; 1.2 a spinner is told "land".
		tell({ type: 'land', seat });
		out?.tags.add('land');
	}
	return cur;
}

/** A shot from `from` towards `dir` (1.7): kills every occupant of the neighbouring cell. */
function shoot(d: Draft, from: number, dir: Direction, shooter: Walker): void {
	const di = DIR_INDEX[dir];
	const target = d.sides[from * 4 + di] === SIDE_OPEN ? d.board.nb[from * 4 + di]! : -1;
	let hit = false;
	if (target >= 0) {
		const x = topoExt(d);
		if (d.board.kind[target] === TK.crocodile) {
			// 1.6: a shot crocodile sleeps three full turns (counted in moves of all players).
			setExt(d, { crocWake: { ...x.crocWake, [target]: d.moveNo + d.settings.crocodileSleep * d.inGameCount() } });
		}
		if (shooter.kind === 'player' && topoExt(d).bear === target) {
			hit = true;
			bearDies(d);
		}
		for (const q of d.at(target)) {
			hit = true;
			d.say({ type: 'shot_dead', seat: q.seat });
			die(d, q.seat);
		}
	}
	if (shooter.kind === 'player') d.say({ type: hit ? 'scream' : 'no_scream', seat: shooter.seat });
}

const spinOf = (d: Draft, cell: number) => (cell >= 0 ? (topoExt(d).spin[cell] ?? 0) : 0);

/** 1.8: a player on the treasure's cell picks it up automatically. */
function pickTreasure(d: Draft, seat: Seat, cell: number, out: MoveOutcome): void {
	const list = d.itemsAt(cell);
	const t = list.findIndex((it) => it.k === 'treasure');
	if (t < 0 || d.p(seat).carry) return;
	d.update(seat, { carry: { k: 'treasure', id: (list[t] as { id: number }).id } });
	d.setItems(
		cell,
		list.filter((_, i) => i !== t)
	);
	d.say({ type: 'treasure_picked', seat });
	out.tags.add('found_treasure');
	d.changed = true;
}

/** The player's step (1.x); returns the outcome (`died`: he went to the morgue). */
function playerStep(d: Draft, seat: Seat, dir: Direction): MoveOutcome & { died: boolean } {
	const out = { tags: new Tags(), hitWall: false, moved: false, died: false } as MoveOutcome & { died: boolean };
	const p = d.p(seat);
	const from = p.cell;
	const di = DIR_INDEX[turned(dir, spinOf(d, from))];
	const side = d.sides[from * 4 + di]!;
	if (side === SIDE_OPEN) {
		const fin = enter(d, { kind: 'player', seat }, d.board.nb[from * 4 + di]!, out);
		if (fin < 0) {
			die(d, seat);
			out.moved = true;
			out.died = true;
			return out;
		}
		d.update(seat, { cell: fin });
		out.moved = fin !== from;
		setSwamp(d, seat, d.board.kind[fin] === TK.swamp);
		pickTreasure(d, seat, fin, out);
		return out;
	}
	if (side === SIDE_OPEN_EXIT && p.carry?.k === 'treasure') {
		d.update(seat, { outside: DIRECTIONS[di]! });
		d.result = { kind: 'win', seat, how: 'treasure' };
		d.all({ type: 'won', seat, how: 'treasure' });
		return out;
	}
	// A wall, or an exit to a player without the treasure (1.9). Extra rule: the swamp, pit or
	// river the player stands on does not act again; he stays where he is. The rule names those
	// three as the exceptions: the cell he stays on acts again otherwise (`wallCellActsAgain`: the
	// arsenal restocks, a treasure under his feet is picked up; an awake crocodile, `crocodilesWake`).
	out.hitWall = true;
	out.tags.add('hit_wall');
	d.say({ type: 'wall', seat });
	if (d.settings.wallCellActsAgain) {
		if (d.board.kind[from] === TK.arsenal) d.update(seat, { bullets: MAX_CARTRIDGES });
		pickTreasure(d, seat, from, out);
	}
	return out;
}

/** The bear repeats the player's move from its own position (2.1). */
function bearRepeats(d: Draft, actions: readonly Action[]): void {
	for (const a of actions) {
		const x = topoExt(d);
		if (x.bear < 0 || d.result) return;
		if (a.a === 'shoot') {
			const dir = d.settings.spinnerTurnsShots ? turned(a.dir, spinOf(d, x.bear)) : a.dir;
			shoot(d, x.bear, dir, { kind: 'bear' });
		} else if (a.a === 'go') {
			const from = x.bear;
			const di = DIR_INDEX[turned(a.dir, spinOf(d, from))];
			if (d.sides[from * 4 + di] !== SIDE_OPEN) continue; // a wall (exits are walls: no treasure)
			const fin = enter(d, { kind: 'bear' }, d.board.nb[from * 4 + di]!, null);
			if (fin < 0) {
				// A death ends its move, as a player's (1.10): no shot after it from the morgue.
				bearDies(d);
				return;
			}
			setExt(d, { bear: fin, bearSwamp: d.board.kind[fin] === TK.swamp });
			// 2.1 the bear moving onto a player eats him.
			if (fin !== from) eatAt(d, fin, 'bear');
		}
	}
}

/** Whether `seat` is the last in turn order still in the game: after his move all players have moved (2.2). */
function endsRound(d: Draft, seat: Seat): boolean {
	const order = d.base.order;
	for (let i = order.length - 1; i >= 0; i--) {
		const s = order[i]!;
		if (s === seat) return true;
		if (d.p(s).status === 'in') return false;
	}
	return false;
}

/** 2.2: the ghost moves one cell along its path and eats whoever is on the cell it moves onto. */
function ghostSteps(d: Draft): void {
	const before = ghostCell(topoExt(d));
	const g = ghostCell(setExt(d, { ghostSteps: topoExt(d).ghostSteps + 1 }));
	// A path of one cell: the ghost stays, and a player who came onto it is unharmed (2.3).
	if (g >= 0 && g !== before) eatAt(d, g, 'ghost');
}

function nearSet(d: Draft): Set<string> {
	const x = topoExt(d);
	const g = ghostCell(x);
	const s = new Set<string>();
	for (const q of d.inGame()) {
		if (q.cell < 0 || q.outside !== null) continue;
		if (adjacentOrSame(d.board, q.cell, x.bear)) s.add(`${q.seat}:bear`);
		if (adjacentOrSame(d.board, q.cell, g)) s.add(`${q.seat}:ghost`);
	}
	return s;
}

/** 2.3: tell the mover (and anyone who newly came near) "the bear (ghost) is near". */
function tellNear(d: Draft, mover: Seat | null, before: Set<string>): void {
	const now = nearSet(d);
	for (const q of d.players)
		for (const who of ['bear', 'ghost'] as const) {
			const key = `${q.seat}:${who}`;
			if (now.has(key) && (q.seat === mover || !before.has(key))) d.all({ type: 'near', seat: q.seat, who });
		}
}

/** 1.6: an awake crocodile eats whoever stands on its cell (2.1: the bear too, silently). */
function crocodilesWake(d: Draft): void {
	for (const q of d.inGame()) {
		if (q.outside !== null || q.cell < 0) continue;
		if (d.board.kind[q.cell] === TK.crocodile && !asleep(d, q.cell)) {
			d.say({ type: 'crocodile_eats', seat: q.seat });
			die(d, q.seat);
		}
	}
	const bear = topoExt(d).bear;
	if (bear >= 0 && d.board.kind[bear] === TK.crocodile && !asleep(d, bear)) bearDies(d);
}

/** Where the treasure lies at the start (−1: none). */
const treasureCell = (plan: Plan): number => plan.items.find((it) => it.kind === 'treasure')?.cell ?? -1;

const isDir = (x: unknown): x is Direction => typeof x === 'string' && (DIRECTIONS as readonly string[]).includes(x);

function wellFormed(a: unknown): a is Action {
	if (typeof a !== 'object' || a === null) return false;
	const x = a as Record<string, unknown>;
	return (x.a === 'go' || x.a === 'shoot') && isDir(x.dir) && (x.a === 'go' || x.target === undefined);
}

export const topographic: RuleSystem = {
	...classic,
	id: 'topographic',
	get cellKinds() {
		return kindsOf(TOPOGRAPHIC);
	},
	settingIds: TOPOGRAPHIC_SETTING_IDS,
	corpses: false,

	planProblems(plan) {
		return topographicProblems(plan);
	},

	initExt(plan, board) {
		const spin = plan.cells.map((c) => (c?.kind === 'spinner' ? (c.turn ?? 0) : 0));
		const ghostPath = (plan.ghost ?? []).filter((c) => c >= 0 && c < board.size);
		const morgue = board.cellList.find((c) => board.kind[c] === TK.morgue) ?? -1;
		const x: TopoExt = {
			spin,
			ghostPath,
			ghostRound: isClosedRound(plan, ghostPath),
			morgue,
			treasureHome: treasureCell(plan),
			bear: plan.bear !== undefined && plan.bear >= 0 && plan.bear < board.size ? plan.bear : -1,
			bearSwamp: false,
			ghostSteps: 0,
			crocWake: {},
			inSwamp: new Array<boolean>(0)
		};
		return x;
	},

	autoStarts(plan, board, seats, rng, settings) {
		// 3: "each player is placed on some land cell (or a spinner)" — by the app as master; not on
		// the treasure's cell, a cell of its own in the seed's list (1.8).
		if (!settings.randomStart) return null;
		const treasure = treasureCell(plan);
		const spots = board.cellList.filter((c) => (board.kind[c] === TK.land || board.kind[c] === TK.spinner) && c !== treasure);
		if (spots.length === 0) return null;
		return Array.from({ length: seats }, () => rng.pick(spots)!);
	},

	startAllowed(state, cell) {
		// 3: a player starts on land or on a spinner. A player who chooses the treasure's cell (the
		// option off) is not refused: the refusal would tell him where it lies.
		const k = state.board.kind[cell];
		return k === TK.land || k === TK.spinner;
	},

	announcedKind(state, cell) {
		const k = state.board.kind[cell];
		return k === TK.spinner ? 'land' : (CELL_KINDS[k!] ?? 'land');
	},

	startLoadout() {
		// 3: no cartridges at the start.
		return { bullets: 0, grenades: 0, landmine: false };
	},

	runMove(d, seat, cmd): RejectReason | null {
		const refused = oneStepRefusal(cmd, wellFormed);
		if (refused) return refused;
		const actions = cmd.actions;
		// 3: a shot before and/or after the move: at most one each.
		const at = actions.findIndex((a) => a.a === 'go');
		if (at > 1 || actions.length - at > 2) return 'malformed';
		const p0 = d.p(seat);
		if (at === 1 && p0.bullets <= 0) return 'no_bullets';
		const before = nearSet(d);
		d.aud = ALL;
		// 2.1 the bear repeats what the player did: not a shot that failed, nor what a death cut off.
		const made: Action[] = [];
		for (const a of actions) {
			if (d.result) break;
			const p = d.p(seat);
			if (a.a === 'go') {
				made.push(a);
				// A death ends the player's move (his later shot is not made).
				if (playerStep(d, seat, a.dir).died) break;
			} else if (a.a === 'shoot') {
				if (p.bullets <= 0) {
					d.say({ type: 'action_failed', seat, reason: 'no_bullets' });
					continue;
				}
				made.push(a);
				d.update(seat, { bullets: p.bullets - 1 });
				const dir = d.settings.spinnerTurnsShots ? turned(a.dir, spinOf(d, p.cell)) : a.dir;
				shoot(d, p.cell, dir, { kind: 'player', seat });
			}
		}
		if (!d.result) bearRepeats(d, made);
		if (!d.result && endsRound(d, seat)) ghostSteps(d);
		if (!d.result) crocodilesWake(d);
		if (!d.result) tellNear(d, seat, before);
		d.update(seat, { lastMove: { actions, dark: false, semiDark: false }, noChangeMoves: NO_MOVES });
		return null;
	},

	onTurnStart(d) {
		// 2.3 at the start too: "a player who finds himself next to (or on) the bear or the ghost is told".
		if (d.base.phase === 'start') tellNear(d, null, new Set());
	},

	kill(d, seat) {
		// Only the master's time limit (the classic game's 9) puts a player out of this game: he
		// leaves the labyrinth; the treasure he carried goes back to its place, as at a death
		// (1.10), and nothing else is left behind (this labyrinth has no corpses nor lying cartridges).
		const p = d.p(seat);
		if (p.status !== 'in') return;
		const last = endsRound(d, seat);
		treasureGoesHome(d, seat);
		// Out of the game, not dead: here the dead revive (1.10).
		d.update(seat, { status: 'lost', bullets: 0, carry: null });
		setSwamp(d, seat, false);
		d.changed = true;
		// His turn was the round's last: all players have moved, the ghost steps on (2.2), and whoever
		// it comes near is told (2.3).
		if (last && !d.result) {
			const before = nearSet(d);
			ghostSteps(d);
			tellNear(d, null, before);
		}
	},

	checkEnd(d) {
		// The only win is carrying the treasure out (1.9); deaths are not final (1.10). With
		// nobody left in the game (all timed out) nobody can: it ends.
		if (!d.result && d.inGameCount() === 0) {
			d.result = { kind: 'draw', reason: 'no_survivors' };
			d.all({ type: 'draw', reason: 'no_survivors' });
		}
	}
};
