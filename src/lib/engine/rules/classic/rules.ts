/**
 * The classic Labyrinth (seed 000): movement over walls, pits, rivers and
 * deltas; hospitals, weaponries, encephalitis; shooting, grenades, landmines,
 * items and corpses; wins and draws. Section numbers refer to seed 000.
 */
import type { Direction } from '../../plan/types';
import { kindsOf } from '../common/kinds';
import { CLASSIC } from './kinds';
import { classicProblems } from './plan';
import { OPPOSITE } from '../../plan/geometry';
import {
	dirIndex,
	K_DELTA,
	K_ENCEPHALITIS,
	K_HOSPITAL,
	K_PIT,
	K_RIVER,
	K_WEAPONRY
} from '../../game/board';
import { ALL, carryItem, MASTER, type Draft } from '../../game/draft';
import { believeUntilTold, hitInOwnDark, knowsOwnStatus, movesInTheDark, toldAtTurn, woundKeptFromHim } from '../../game/known';
import {
	CONDITIONS,
	LEAVABLE,
	NO_MOVES,
	SIDE_CLOSED_EXIT,
	SIDE_OPEN,
	SIDE_OPEN_EXIT,
	SIDE_OUTER,
	SIDE_WALL,
	type Action,
	type Carry,
	type Found,
	type Item,
	type PlayerState,
	type RejectReason,
	type SaidMove,
	type Seat
} from '../../game/types';
import { Tags, type HitCause, type MoveCommand, type MoveOutcome, type RuleSystem } from '../types';
import { CLASSIC_SETTING_IDS } from '../../game/settings';
import { saidMove } from '../../game/announce';

// `DIRECTIONS.includes(d)`, compared one by one (checked for every action of every move).
const isDir = (d: unknown): d is Direction => d === 'up' || d === 'right' || d === 'down' || d === 'left';
// Its kind read once: actions come in many shapes, so each read of `a.a` is a slow (megamorphic) one.
const isMovement = (a: Action): boolean => {
	const kind = a.a;
	return kind === 'go' || kind === 'flow' || kind === 'loop' || kind === 'skip';
};

const CONDITION_SET: ReadonlySet<unknown> = new Set(CONDITIONS);

/** Shape check of one action (malformed data never reaches the rules). */
export function actionWellFormed(a: unknown, depth = 0): boolean {
	if (typeof a !== 'object' || a === null || depth > 8) return false;
	const x = a as Record<string, unknown>;
	switch (x.a) {
		case 'go':
			return isDir(x.dir);
		case 'flow':
		case 'loop':
		case 'skip':
			return true;
		case 'shoot':
			return isDir(x.dir) && (x.target === undefined || (typeof x.target === 'number' && Number.isInteger(x.target)));
		case 'grenade':
			return isDir(x.dir);
		case 'leave':
			return (LEAVABLE as readonly unknown[]).includes(x.item) && (x.dir === undefined || isDir(x.dir));
		case 'mine':
			return x.dir === undefined || isDir(x.dir);
		case 'take':
			return typeof x.index === 'number' && Number.isInteger(x.index) && x.index >= 0;
		case 'if':
			return CONDITION_SET.has(x.cond) && Array.isArray(x.then) && allWellFormed(x.then, depth + 1);
		default:
			return false;
	}
}

/** `actions.every(a => actionWellFormed(a, depth))` without a callback per action (checked on every move); a hole is skipped, as `every` skips it. */
function allWellFormed(actions: readonly unknown[], depth = 0): boolean {
	for (let i = 0; i < actions.length; i++) if (!actionWellFormed(actions[i], depth) && i in actions) return false;
	return true;
}

function hasMovementDeep(actions: readonly Action[]): boolean {
	return actions.some((a) => isMovement(a) || (a.a === 'if' && hasMovementDeep(a.then)));
}

const RANK: Record<Carry['k'], number> = { corpse: 1, landmine: 2, treasure: 3 };

function rankOf(it: Item): number {
	if (it.k === 'treasure') return 3;
	if (it.k === 'landmine') return it.armed ? 0 : 2;
	if (it.k === 'corpse') return 1;
	return 0;
}

export function countFound(items: readonly Item[]): Found {
	const f: Found = { treasures: 0, bullets: 0, grenades: 0, landmines: 0, corpses: 0 };
	for (const it of items) {
		if (it.k === 'treasure') f.treasures++;
		else if (it.k === 'bullet') f.bullets++;
		else if (it.k === 'grenade') f.grenades++;
		else if (it.k === 'landmine') {
			if (!it.armed) f.landmines++;
		} else f.corpses++;
	}
	return f;
}
const anyFound = (f: Found) => f.treasures + f.bullets + f.grenades + f.landmines + f.corpses > 0;

function tagFound(out: MoveOutcome, f: Found): void {
	if (f.treasures) out.tags.add('found_treasure');
	if (f.bullets) out.tags.add('found_bullet');
	if (f.grenades) out.tags.add('found_grenade');
	if (f.landmines) out.tags.add('found_landmine');
	if (f.corpses) out.tags.add('found_corpse');
}

/** 4.7: the cell infects a non-immune player standing on it. */
export function contagious(d: Draft, cell: number): boolean {
	if (d.settings.encephalitis && d.board.kind[cell] === K_ENCEPHALITIS) {
		const woke = d.mites[cell]!;
		if (woke >= 0 && d.moveNo - woke >= d.inGameCount()) return true;
	}
	for (const it of d.itemsAt(cell)) if (it.k === 'corpse' && it.contagious) return true;
	return false;
}

/** 5.1 / 5.3: a healthy player picks up what he can carry; returns what was taken. */
export function pickUp(d: Draft, seat: Seat, cell: number): void {
	const p = d.p(seat);
	if (p.health !== 'healthy' || p.status !== 'in') return;
	const list = d.itemsAt(cell);
	if (list.length === 0) return;
	let bullets = p.bullets;
	let grenades = p.grenades;
	let bestIdx = -1;
	let bestRank = p.carry ? RANK[p.carry.k] : 0;
	for (let i = 0; i < list.length; i++) {
		const it = list[i]!;
		// 4.7: only an immune player can pick up a contagious corpse (a shooter standing where an
		// infected victim fell does not catch it; the cell infects him if he stays, as any contagious cell).
		if (it.k === 'corpse' && it.contagious && !p.immune) continue;
		const r = rankOf(it);
		if (r > bestRank) {
			bestRank = r;
			bestIdx = i;
		}
	}
	const keep: Item[] = [];
	for (let i = 0; i < list.length; i++) {
		const it = list[i]!;
		if (it.k === 'bullet' && bullets < d.settings.maxBullets) bullets++;
		else if (it.k === 'grenade' && grenades < d.settings.maxGrenades) grenades++;
		else if (i !== bestIdx) keep.push(it);
	}
	let carry = p.carry;
	let pickedAt = p.pickedAt;
	if (bestIdx >= 0) {
		if (carry) keep.push(carryItem(carry));
		carry = list[bestIdx] as Carry;
		if (carry.k === 'landmine') carry = { k: 'landmine' };
		// 5.8: its number in the pile as found, so that `take` counts the pile as announced.
		pickedAt = carry.k === 'treasure' ? treasureNumber(list, bestIdx) : -1;
	}
	if (bestIdx >= 0 || bullets !== p.bullets || grenades !== p.grenades) {
		d.setItems(cell, keep);
		d.update(seat, { bullets, grenades, carry, pickedAt });
	}
}

/** 5.8: the number of the treasure at `at` in `list`, counting treasures from the lowest. */
function treasureNumber(list: readonly Item[], at: number): number {
	let n = 0;
	for (let i = 0; i < at; i++) if (list[i]!.k === 'treasure') n++;
	return n;
}

/**
 * 5.5: a player wounded since his last turn lies where he fell: a bullet neither hits him nor
 * stops at him ("a player cannot kill someone by shooting twice in a row"). He is up again when
 * his turn comes (`onTurnStart` tells him and clears `hitNotice`).
 */
export function fallen(p: { health: string; hitNotice: boolean }): boolean {
	return p.health === 'wounded' && p.hitNotice;
}

/** 4.2: heal a wounded or infected player in a hospital (infected → immune, an irreversible change); whether he was healed. */
function heal(d: Draft, seat: Seat): boolean {
	// Snapshot first: `update` may write in place into this draft's copy of the player.
	const p = d.p(seat);
	if (p.health === 'healthy') return false;
	const becomesImmune = p.health === 'infected' && !p.immune;
	if (becomesImmune) d.changed = true;
	d.update(seat, { health: 'healthy', infectedLeft: null, immune: p.immune || becomesImmune, pendingOrder: false });
	return true;
}

/** 5.3: a player inside a weaponry has what he spends replenished at once (unless he asked otherwise). */
function restockInWeaponry(d: Draft, seat: Seat): void {
	const r = d.p(seat);
	// The cell's kind first: called several times a move, and most cells are no weaponry.
	if (d.board.kind[r.cell] !== K_WEAPONRY || d.noRestock || r.status !== 'in' || r.outside !== null) return;
	const bullets = r.health === 'healthy' ? Math.max(r.bullets, d.settings.maxBullets) : r.bullets;
	const grenades = Math.max(r.grenades, d.settings.maxGrenades);
	if (bullets !== r.bullets || grenades !== r.grenades) {
		const own = d.own(seat);
		own.bullets = bullets;
		own.grenades = grenades;
	}
}

/**
 * Rulings (refusals never reveal): an action before the movement that cannot be done is refused
 * (privately, the move not made) only when the player's own status, as his view shows it when he
 * speaks, decides it. Whatever depends on the cell — its kind (4.2, 4.3, 7.3), what lies on it
 * (5.2, 5.5, 5.8), a weaponry's restock (5.3) — or on what the move's earlier actions did, is
 * answered "no luck" with the move's audience and the move stands, as a paper master would say it.
 */
function refusedBeforeMovement(r: RejectReason, a: Action, ranBefore: boolean, knowsStatus: boolean): boolean {
	switch (r) {
		case 'not_healthy':
			// 6.7: after a dark move (or hit in another's) he does not know his health: no oracle.
			return knowsStatus;
		case 'no_item':
		case 'no_bullets':
		case 'no_grenades':
			// Leaving or setting what he carries: his status shows it, unless earlier actions changed it
			// or a dark move left it untold (6.7).
			return (a.a === 'leave' || a.a === 'mine') && !ranBefore && knowsStatus;
		case 'shoot_forbidden_here':
		case 'damp_powder':
		case 'no_treasure':
			return false;
		default:
			return true;
	}
}

/** Drop everything but grenades (5.5 wound, 4.7 infection). */
function dropAllButGrenades(d: Draft, seat: Seat): void {
	const p = d.p(seat);
	const drop: Item[] = [];
	for (let i = 0; i < p.bullets; i++) drop.push({ k: 'bullet' });
	if (p.carry) drop.push(carryItem(p.carry));
	if (p.outside === null) d.addItems(p.cell, drop);
	d.update(seat, { bullets: 0, carry: null });
}

function blast(d: Draft, cell: number, by: Seat): void {
	// 5.7: remove the mine, destroy bullets and landmines on the cell and on the players there.
	const list = d.itemsAt(cell).filter((it) => it.k !== 'bullet' && it.k !== 'landmine');
	d.setItems(cell, list);
	d.say({ type: 'blast', seat: by });
	for (const q of d.at(cell)) {
		d.update(q.seat, { bullets: 0, carry: q.carry?.k === 'landmine' ? null : q.carry });
		d.sys.wound(d, q.seat, 'landmine');
		// 6.7: the player whose dark (or semi-dark) move set it off is not told of the blast, "thus
		// he will not be able to order a new cell for himself".
		if (q.seat === by && d.aud === MASTER) {
			const hit = d.p(by);
			if (hit.pendingOrder) d.update(by, { pendingOrder: false });
			// "Neither will he be told about a landmine blast": not at his turn either.
			if (hit.status === 'in' && hit.hitNotice) hitInOwnDark(d, by);
		}
	}
}

function hasArmedMine(d: Draft, cell: number): boolean {
	for (const it of d.itemsAt(cell)) if (it.k === 'landmine' && it.armed) return true;
	return false;
}

/** Where an item thrown/set towards `dir` ends: a cell, or −1 outside the labyrinth. */
function throwTarget(d: Draft, cell: number, dir: Direction | undefined): { cell: number; bounced: boolean } {
	if (dir === undefined) return { cell, bounced: false };
	const s = d.sides[cell * 4 + dirIndex(dir)]!;
	if (s === SIDE_OPEN) return { cell: d.board.nb[cell * 4 + dirIndex(dir)]!, bounced: false };
	if (s === SIDE_OPEN_EXIT) return { cell: -1, bounced: false };
	return { cell, bounced: true };
}

function healthy(d: Draft, seat: Seat): boolean {
	return d.p(seat).health === 'healthy';
}

/** What an action's handler is given: the draft, the seat acting, the action, the move it is part of. */
export interface Act<A extends Action['a']> {
	d: Draft;
	seat: Seat;
	a: Extract<Action, { a: A }>;
	cmd: MoveCommand;
}
export type ActionHandler<A extends Action['a']> = (act: Act<A>) => RejectReason | null;

/**
 * Who a bullet can hit on `cell`: the players standing there, still in, but the shooter (with 7.3's
 * named target, only he). 5.5: a
 * player who fell wounded is not hit again, nor does he stop the bullet. (One pass, no list made
 * and filtered: asked for every cell along the shot.)
 */
function targetsAt(d: Draft, cell: number, shooter: Seat, named: Seat | undefined): PlayerState[] {
	const out: PlayerState[] = [];
	for (const q of d.players)
		if (q.status === 'in' && q.outside === null && q.cell === cell && q.seat !== shooter && !fallen(q) && (named === undefined || q.seat === named)) out.push(q);
	return out;
}

/** 5.5: a shot along a direction (or at a named target, 7.3): the first player met is wounded. */
function shoot({ d, seat, a, cmd }: Act<'shoot'>): RejectReason | null {
	const s = d.settings;
	let p = d.p(seat);
	const here = p.cell;
	if (!healthy(d, seat)) return 'not_healthy';
	if (s.namedTarget && a.target === undefined) return 'target_required';
	const k = d.board.kind[here];
	if ((k === K_HOSPITAL || k === K_WEAPONRY) && !s.shootThroughBuildings) return 'shoot_forbidden_here';
	if (k === K_RIVER && s.dampPowder) return 'damp_powder';
	if (p.bullets <= 0) {
		// 5.5 "including any on the ground": a bullet lying on the own cell can be used.
		const list = d.itemsAt(here);
		const at = list.findIndex((it) => it.k === 'bullet');
		if (at < 0) return 'no_bullets';
		d.setItems(here, list.filter((_, i) => i !== at));
		p = d.update(seat, { bullets: 1 });
	}
	d.own(seat).bullets = p.bullets - 1;
	// 7.3 "the bullet will only hit him": a named target is the only player it meets; it flies past the others.
	const named = s.namedTarget ? a.target : undefined;
	let victims = targetsAt(d, here, seat, named);
	let stopCell = here;
	if (victims.length === 0) {
		const di = dirIndex(a.dir);
		let cur = here;
		let steps = 0;
		for (;;) {
			if (d.sides[cur * 4 + di] !== SIDE_OPEN) break;
			cur = d.board.nb[cur * 4 + di]!;
			steps++;
			if (s.shootingRange !== null && steps > s.shootingRange) break;
			// 4.3: one can shoot towards a weaponry (its occupants are hit); 4.2: nobody in a
			// hospital is hurt. Either stops the bullet unless 7.3 lets it through.
			if (d.board.kind[cur] !== K_HOSPITAL) {
				const there = targetsAt(d, cur, -1, named);
				if (there.length) {
					victims = there;
					stopCell = cur;
					break;
				}
			}
			if (d.sys.bulletStops(d, cur)) break;
		}
	}
	victims = victims.filter((q) => d.board.kind[q.cell] !== K_HOSPITAL);
	const before = stopCell === here ? d.itemsAt(here).length : 0;
	for (const q of victims) d.sys.wound(d, q.seat, 'bullet');
	d.event({ type: victims.length ? 'scream' : 'no_scream', seat, audience: d.aud });
	if (stopCell === here && victims.length) {
		const fell = d.itemsAt(here).slice(before);
		const f = countFound(fell);
		if (anyFound(f)) {
			d.say({ type: 'at_feet', seat, ...f });
			if (!cmd.noPickup) pickUp(d, seat, here);
		}
	}
	return null;
}

/** 5.4: a grenade blows up the wall (or hidden exit) on one side of the cell; an indestructible one stands. */
function throwGrenade({ d, seat, a }: Act<'grenade'>): RejectReason | null {
	const s = d.settings;
	let p = d.p(seat);
	const here = p.cell;
	if (p.grenades <= 0) {
		// 5.2: a grenade lying on the own cell can be used (as a bullet can, 5.5).
		const list = d.itemsAt(here);
		const at = list.findIndex((it) => it.k === 'grenade');
		if (at < 0 || !healthy(d, seat)) return 'no_grenades';
		d.setItems(here, list.filter((_, i) => i !== at));
		p = d.update(seat, { grenades: 1 });
	}
	d.own(seat).grenades = p.grenades - 1;
	// 7.7: a grenade is heard by all (the move as said); whatever it blew, a wall hit repeated after
	// it is no longer "known to result in no change" (and its refusal would tell the wall stood).
	for (const q of d.players) if (q.seat !== seat && q.noChangeMoves.length) d.own(q.seat).noChangeMoves = NO_MOVES;
	const di = dirIndex(a.dir);
	const idx = here * 4 + di;
	const side = d.sides[idx]!;
	let outcome: 'blown' | 'stood' | 'no_wall';
	if (side === SIDE_WALL) {
		d.setSide(idx, SIDE_OPEN);
		const n = d.board.nb[idx]!;
		d.setSide(n * 4 + ((di + 2) & 3), SIDE_OPEN);
		outcome = 'blown';
		d.changed = true;
	} else if (side === SIDE_CLOSED_EXIT) {
		d.setSide(idx, SIDE_OPEN_EXIT);
		outcome = 'blown';
		d.changed = true;
	} else outcome = side === SIDE_OUTER ? 'stood' : 'no_wall';
	// 7.8 silent: the table heard "blow the … wall" in the move as said; only the master learns what became of it.
	d.event({ type: 'grenade', seat, dir: a.dir, outcome, audience: s.grenadeWording === 'tell' ? d.aud : MASTER });
	return null;
}

/** 5.2: leave a bullet, a grenade or what he carries on the cell, or throw it towards a neighbouring one. */
function leave({ d, seat, a }: Act<'leave'>): RejectReason | null {
	const s = d.settings;
	const p = d.p(seat);
	const here = p.cell;
	if (a.dir !== undefined && !s.throwing) return 'option_off';
	if (a.item !== 'grenade' && !healthy(d, seat)) return 'not_healthy';
	let item: Item;
	if (a.item === 'bullet') {
		if (p.bullets <= 0) return 'no_bullets';
		d.update(seat, { bullets: p.bullets - 1 });
		item = { k: 'bullet' };
	} else if (a.item === 'grenade') {
		if (p.grenades <= 0) return 'no_grenades';
		d.update(seat, { grenades: p.grenades - 1 });
		item = { k: 'grenade' };
	} else {
		if (!p.carry || p.carry.k !== a.item) return 'no_item';
		item = carryItem(p.carry);
		d.update(seat, { carry: null });
	}
	const t = throwTarget(d, here, a.dir);
	if (a.dir === undefined) d.say({ type: 'left_item', seat, item: a.item });
	else d.say({ type: 'thrown', seat, item: a.item, dir: a.dir });
	// 5.2 / 4.6: the true treasure thrown out, or onto a river source: the game ends at once.
	if (item.k === 'treasure' && item.id === d.base.trueTreasure && (t.cell < 0 || d.board.source[t.cell])) {
		if (t.cell >= 0) d.addItems(t.cell, [item]);
		d.result = { kind: 'draw', reason: 'treasure_lost' };
		d.all({ type: 'draw', reason: 'treasure_lost' });
		return null;
	}
	if (t.cell < 0) return null; // 5.2: out of the labyrinth, gone
	if (item.k === 'corpse' && t.cell !== here && hasArmedMine(d, t.cell)) {
		d.addItems(t.cell, [item]);
		blast(d, t.cell, seat);
		return null;
	}
	d.addItems(t.cell, [item]);
	if (t.bounced) d.say({ type: 'at_feet', seat, ...countFound([item]) });
	return null;
}

/** 5.7: activate the landmine he carries and set it here, or throw it onto a neighbouring cell. */
function setMine({ d, seat, a }: Act<'mine'>): RejectReason | null {
	const s = d.settings;
	const p = d.p(seat);
	const here = p.cell;
	if (!s.landmines) return 'option_off';
	if (a.dir !== undefined && !s.mineOnNeighbour) return 'option_off';
	if (!healthy(d, seat)) return 'not_healthy';
	if (p.carry?.k !== 'landmine') return 'no_item';
	d.update(seat, { carry: null });
	const t = throwTarget(d, here, a.dir);
	d.saySeat('mine_set', seat);
	if (t.cell < 0) return null; // defused by the external security
	const k = d.board.kind[t.cell];
	d.addItems(t.cell, [{ k: 'landmine', armed: !(k === K_HOSPITAL || k === K_WEAPONRY) }]);
	return null;
}

/** 3.3, 5.8: take the treasure at its number in the pile (the one he carries is put down). */
function takeTreasure({ d, seat, a }: Act<'take'>): RejectReason | null {
	const p = d.p(seat);
	const here = p.cell;
	if (!healthy(d, seat)) return 'not_healthy';
	// 5.8: the number counts the pile as he found it: a treasure he picked up here keeps its place.
	const mine = p.carry?.k === 'treasure' && p.pickedAt >= 0 ? p.pickedAt : -1;
	if (a.index === mine) {
		d.say({ type: 'took_treasure', seat, index: a.index });
		return null;
	}
	const want = mine >= 0 && a.index > mine ? a.index - 1 : a.index;
	const list = d.itemsAt(here);
	let n = -1;
	let at = -1;
	for (let i = 0; i < list.length; i++)
		if (list[i]!.k === 'treasure' && ++n === want) {
			at = i;
			break;
		}
	if (at < 0) return 'no_treasure';
	const keep = list.filter((_, i) => i !== at);
	if (p.carry && mine >= 0) {
		// Put back where it lay: with the new one counted at its number, the pile is as he found it.
		const place = a.index < mine ? mine - 1 : mine;
		let pos = keep.length;
		for (let i = 0, t = 0; i < keep.length; i++)
			if (keep[i]!.k === 'treasure' && t++ === place) {
				pos = i;
				break;
			}
		keep.splice(pos, 0, carryItem(p.carry));
	} else if (p.carry) keep.push(carryItem(p.carry)); // brought from elsewhere: the topmost (5.8)
	d.setItems(here, keep);
	d.update(seat, { carry: list[at] as Carry, pickedAt: a.index });
	d.say({ type: 'took_treasure', seat, index: a.index });
	return null;
}

/** One named handler per non-movement action of classic (as `apply`'s commands); a refusal is returned as its reason. */
const ACTIONS: { readonly [A in Action['a']]?: ActionHandler<A> } = {
	shoot,
	grenade: throwGrenade,
	leave,
	mine: setMine,
	take: takeTreasure
};

/** `ACTIONS` by action name: one lookup per action (an own-property test and a keyed read by a varying name are two, through V8's megamorphic path). */
const ACTION_OF = new Map(Object.entries(ACTIONS) as [string, ActionHandler<Action['a']>][]);

/** One non-movement action. Returns a reason when it cannot be done. */
function runAction(d: Draft, seat: Seat, a: Action, cmd: MoveCommand): RejectReason | null {
	const handler = ACTION_OF.get(a.a);
	if (handler === undefined) return 'malformed';
	return handler({ d, seat, a, cmd });
}

function runConditional(d: Draft, seat: Seat, actions: readonly Action[], out: MoveOutcome, cmd: MoveCommand): void {
	for (const a of actions) {
		if (a.a === 'if') {
			if (out.tags.has(a.cond)) runConditional(d, seat, a.then, out, cmd);
			continue;
		}
		if (d.p(seat).status !== 'in' || d.result) return;
		const r = runAction(d, seat, a, cmd);
		if (r) d.event({ type: 'action_failed', seat, reason: r, audience: d.aud });
		restockInWeaponry(d, seat);
	}
}

function sameActions(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `sameActions` for two moves as `runMove` records them (`{ actions, dark, semiDark }`): moves of
 * one plain step each are the same text exactly when their words are the same, so those are
 * compared without writing either out (7.7 checks every wall hit against the ones known).
 */
function sameMove(m: SaidMove, n: SaidMove): boolean {
	const x = m.actions[0];
	const y = n.actions[0];
	if (m.actions.length === 1 && n.actions.length === 1 && m.dark === n.dark && m.semiDark === n.semiDark && plainStep(x) && plainStep(y))
		return x.a === y.a && x.dir === y.dir;
	return sameActions(m, n);
}

/** Whether an action is `{ a, dir }`, those two keys in that order and text in both (its text is made of those words alone). */
function plainStep(x: unknown): x is { a: string; dir: string } {
	if (typeof x !== 'object' || x === null) return false;
	let keys = 0;
	for (const key in x) {
		if (keys === 0 ? key !== 'a' : keys === 1 ? key !== 'dir' : true) return false;
		keys++;
	}
	const step = x as { a?: unknown; dir?: unknown };
	return keys === 2 && typeof step.a === 'string' && typeof step.dir === 'string';
}

export const classic: RuleSystem = {
	id: 'classic',
	get cellKinds() {
		return kindsOf(CLASSIC);
	},
	settingIds: CLASSIC_SETTING_IDS,

	planProblems(plan, options) {
		return classicProblems(plan, options);
	},

	startLoadout(s) {
		if (s.commonStart) return { bullets: 0, grenades: 0, landmine: false };
		return { bullets: s.maxBullets, grenades: s.maxGrenades, landmine: s.landmines && s.landminesPerPlayer > 0 };
	},

	runMove(d, seat, cmd) {
		const s = d.settings;
		const actions = cmd.actions;
		if (!Array.isArray(actions)) return 'malformed';
		// One pass: every action's shape, and the first misplaced one. A malformed action anywhere
		// outranks a misplaced one before it (the shape is checked first), so that is remembered.
		let moveAt = -1;
		let misplaced: RejectReason | null = null;
		for (let i = 0; i < actions.length; i++) {
			const a = actions[i]!;
			if (!actionWellFormed(a)) {
				if (i in actions) return 'malformed';
				// A hole: no action to place, the command cannot be read past it.
				misplaced ??= 'malformed';
				continue;
			}
			if (misplaced !== null) continue;
			if (isMovement(a)) {
				if (moveAt >= 0) misplaced = 'two_movements';
				else moveAt = i;
			} else if (a.a === 'if') {
				if (hasMovementDeep(a.then)) misplaced = 'movement_in_condition';
				else if (moveAt < 0) misplaced = 'condition_before_movement';
				else if (!s.conditionalMoves) misplaced = 'option_off';
			}
		}
		// Read once: a flag a command lacks is a slower read than a field (checked several times a move).
		const dark = cmd.dark;
		const semiDark = cmd.semiDark;
		if (dark && semiDark) return 'malformed';
		if (misplaced !== null) return misplaced;
		if (moveAt < 0) return 'no_movement';
		if ((dark && !s.darkMoves) || (semiDark && !s.semiDarkMoves)) return 'option_off';
		const mv = actions[moveAt] as Extract<Action, { a: 'go' | 'flow' | 'loop' | 'skip' }>;
		if (mv.a === 'skip' && s.banSkip) return 'skip_banned';
		const p0 = d.p(seat);
		// 6.7: what decides a refusal must be what he knows (a dark step may have led him out).
		const knowsStatus = knowsOwnStatus(p0);
		if (p0.outside !== null && actions.length !== 1 && p0.untold?.dark !== true) return 'outside_only_move';
		const pub = { actions, dark: !!dark, semiDark: !!semiDark };
		if (s.banRepeat && p0.noChangeMoves.some((known) => sameMove(known, pub))) return 'repeat_banned';
		if (p0.pendingOrder) {
			d.update(seat, { pendingOrder: false });
			d.all({ type: 'cell_ordered', seat, declined: true });
		}
		d.aud = dark || semiDark ? MASTER : ALL;
		// 6.7, 6.8: whom the move touched is found after it; the mover himself learns nothing of it.
		if (dark || semiDark) movesInTheDark(d, seat);
		d.noRestock = !!cmd.noRestock;
		// 4.2 "immediately heals": a wounded player who ordered a hospital as his new cell (5.5, where
		// the order itself does nothing) is healed as his move begins, silently; 5.3 likewise restocks
		// one residing in a weaponry he did not walk into (a start there, 7.6; a cell ordered there).
		if (p0.health !== 'healthy' && p0.outside === null && d.board.kind[p0.cell] === K_HOSPITAL) heal(d, seat);
		restockInWeaponry(d, seat);
		const startCell = p0.cell;
		const infectedBefore = p0.health === 'infected';
		const changedBefore = d.changed;
		let out: MoveOutcome | null = null;
		let ran = false;
		for (const a of actions) {
			// 3.4: carrying the true treasure out ends the game at once (as does losing it, 5.2):
			// nothing after it is done or told.
			if (d.p(seat).status !== 'in' || d.result) break;
			if (a === mv) out = d.sys.movement(d, seat, mv, cmd);
			else if (a.a === 'if') {
				if (out) runConditional(d, seat, [a], out, cmd);
			} else if (d.p(seat).outside !== null) {
				// Outside without knowing it (a dark step out, 6.7): "no luck", as a paper master says it.
				d.event({ type: 'action_failed', seat, reason: 'outside_only_move', audience: d.aud });
				ran = true;
			} else {
				const r = runAction(d, seat, a, cmd);
				// Before the movement, what the player's own status decides is refused (he says it
				// again); what the cell decides is answered, as after the movement (6.5).
				if (r && !out && refusedBeforeMovement(r, a, ran, knowsStatus)) return r;
				if (r) d.event({ type: 'action_failed', seat, reason: r, audience: d.aud });
				ran = true;
				// 5.3: spent inside a weaponry, replenished at once.
				restockInWeaponry(d, seat);
			}
		}
		out ??= { tags: new Tags(), hitWall: false, moved: false };
		const p = d.p(seat);
		if (p.status === 'in' && p.outside === null) {
			// 4.7 staying on a contagious cell (e.g. the mite's waker who did not leave).
			if (!p.immune && p.health !== 'infected' && contagious(d, p.cell)) d.sys.infect(d, seat);
			const q = d.p(seat);
			// 4.7 the countdown runs on the moves after the one that infected him.
			if (q.status === 'in' && q.health === 'infected' && infectedBefore && q.infectedLeft !== null && out.moved) {
				const left = q.infectedLeft - 1;
				if (left <= 0) {
					d.saySeat('infection_death', seat);
					d.sys.kill(d, seat);
				} else {
					d.update(seat, { infectedLeft: left });
					d.event({ type: 'infection_left', seat, left, audience: d.aud });
				}
			}
		}
		// 5.3: a player residing in a weaponry is restocked at once after spending.
		restockInWeaponry(d, seat);
		// 7.7: a move "known to result in no change": told in full (a dark or semi-dark move's
		// result is not known, so refusing its repetition would tell it).
		const noChange =
			!dark &&
			!semiDark &&
			out.hitWall &&
			!out.moved &&
			actions.length === 1 &&
			d.p(seat).cell === startCell &&
			d.changed === changedBefore;
		const own = d.own(seat);
		// The move as said (6.3's recall repeats it in full); `pub`, without the answer's wishes, is what 7.7 compares.
		own.lastMove = cmd.noPickup === true || cmd.noRestock === true ? saidMove(cmd) : pub;
		// Every wall hit since anything changed is kept, not only the last: a player alternating
		// between two walls he knows (a bearer of the treasure stalling in a hospital) repeats too.
		// Kept only under the ban, where a known one was refused above (so the list has no doubles).
		if (noChange) {
			if (s.banRepeat) own.noChangeMoves = [...own.noChangeMoves, pub];
		} else if (own.noChangeMoves.length) own.noChangeMoves = NO_MOVES;
		if (dark) d.event({ type: 'dark_done', seat, audience: ALL });
		if (semiDark) d.event({ type: 'semi_dark_done', seat, wall: out.hitWall, audience: ALL });
		if (dark || semiDark) believeUntilTold(d, seat);
		d.aud = ALL;
		return null;
	},

	movement(d, seat, mv, cmd) {
		const out: MoveOutcome = { tags: new Tags(), hitWall: false, moved: false };
		const p = d.p(seat);
		const from = p.cell;
		const b = d.board;
		if (p.outside !== null) {
			if (mv.a === 'go' && mv.dir === OPPOSITE[p.outside]) {
				d.update(seat, { outside: null });
				const fin = d.sys.enterCell(d, seat, from, out);
				d.sys.arrive(d, seat, fin, -1, out, cmd);
				out.moved = true;
			} else {
				d.update(seat, { status: 'lost', bullets: 0, grenades: 0, carry: null });
				d.saySeat('lost_outside', seat);
				// 6.7: out of the game in a dark move, he is told at once (as one killed is).
				if (d.aud === MASTER) d.tell(seat, { type: 'lost_outside', seat });
				d.changed = true;
			}
			return out;
		}
		const k = b.kind[from];
		switch (mv.a) {
			case 'skip':
				d.saySeat('skip', seat);
				return out;
			case 'flow': {
				const n = b.flow[from]!;
				if (k !== K_RIVER || n < 0) {
					d.saySeat('no_flow', seat);
					return out;
				}
				const delta = b.kind[n] === K_DELTA;
				d.say({ type: 'by_flow', seat, delta });
				out.tags.add(delta ? 'delta' : 'river');
				d.own(seat).footing = !delta;
				d.sys.arrive(d, seat, n, from, out, cmd);
				return out;
			}
			case 'loop': {
				const n = b.pitNext[from]!;
				if (k !== K_PIT || n < 0) {
					d.saySeat('no_loop', seat);
					return out;
				}
				d.saySeat('pit_loop', seat);
				out.tags.add('pit');
				d.sys.arrive(d, seat, n, from, out, cmd);
				return out;
			}
			case 'go': {
				const di = dirIndex(mv.dir);
				const side = d.sides[from * 4 + di]!;
				const shallow = d.settings.rivers === 'shallow';
				if (side === SIDE_OPEN) {
					const n = b.nb[from * 4 + di]!;
					if (shallow) {
						// 7.4: from a delta one cannot step against a river flowing in.
						if (k === K_DELTA && b.flow[n] === from) {
							d.saySeat('river_against', seat);
							out.hitWall = true;
							out.tags.add('hit_wall');
							return out;
						}
						// 7.4: standing on the bottom, up- and downstream are like land.
						if (k === K_RIVER && p.footing && (b.flow[from] === n || b.flow[n] === from)) {
							if (b.kind[n] === K_DELTA) {
								d.saySeat('delta', seat);
								out.tags.add('delta');
								d.update(seat, { footing: false });
							} else {
								d.saySeat('river_wade', seat);
								out.tags.add('river');
							}
							d.sys.arrive(d, seat, n, from, out, cmd);
							return out;
						}
					}
					const fin = d.sys.enterCell(d, seat, n, out);
					// 4.4, 5.7: a pit sends him on from the pit, another cell, even back onto the one he left
					// (a mine there blasts); such a round trip is still no "successful" move (4.7).
					d.sys.arrive(d, seat, fin, b.kind[n] === K_PIT ? n : from, out, cmd);
					if (fin === from) out.moved = false;
					return out;
				}
				if (side === SIDE_OPEN_EXIT) {
					const c = p.carry;
					if (c?.k === 'treasure' && c.id === d.base.trueTreasure) {
						d.update(seat, { outside: mv.dir });
						d.result = { kind: 'win', seat, how: 'treasure' };
						d.all({ type: 'won', seat, how: 'treasure' });
						return out;
					}
					if (c?.k !== 'treasure' && d.settings.exitRefusesWithoutTreasure) {
						d.saySeat('exit_refused', seat);
						out.hitWall = true;
						out.tags.add('hit_wall');
						return out;
					}
					// 3.4 / rulings 2: a fake crumbles; out, must return next move.
					const crumbled = c?.k === 'treasure';
					if (crumbled) d.changed = true;
					d.update(seat, { outside: mv.dir, carry: crumbled ? null : c, footing: false });
					d.say({ type: 'exit_out', seat, crumbled });
					out.moved = true;
					return out;
				}
				// A wall (inner, outer or a closed exit).
				out.hitWall = true;
				out.tags.add('hit_wall');
				const n = b.flow[from]!;
				if (k === K_RIVER && n >= 0 && !(shallow && p.footing)) {
					const delta = b.kind[n] === K_DELTA;
					d.say({ type: 'wall_carried', seat, delta });
					out.tags.add(delta ? 'delta' : 'river');
					d.sys.arrive(d, seat, n, from, out, cmd);
					return out;
				}
				d.saySeat('wall', seat);
				return out;
			}
		}
		return out;
	},

	enterCell(d, seat, cell, out) {
		const b = d.board;
		const k = b.kind[cell];
		const p = d.p(seat);
		if (k === K_PIT) {
			d.saySeat('pit', seat);
			out.tags.add('pit');
			const n = b.pitNext[cell]!;
			return n >= 0 ? n : cell;
		}
		if (k === K_RIVER) {
			let n = b.flow[cell]!;
			if (n < 0) n = cell;
			if (d.settings.rivers === 'turbulent') {
				let guard = b.size;
				while (b.kind[n] === K_RIVER && b.flow[n]! >= 0 && guard-- > 0) n = b.flow[n]!;
			}
			const delta = b.kind[n] === K_DELTA;
			d.event({ type: 'river', seat, delta, audience: d.aud });
			out.tags.add(delta ? 'delta' : 'river');
			d.own(seat).footing = !delta;
			return n;
		}
		if (k === K_DELTA) {
			d.saySeat('delta', seat);
			out.tags.add('delta');
		} else if (k === K_HOSPITAL) {
			// Snapshot first: `update` may write in place into this draft's copy of `p`.
			const becomesImmune = p.health === 'infected' && !p.immune;
			const carriesCorpse = p.carry?.k === 'corpse';
			const healed = heal(d, seat);
			d.event({ type: 'hospital', seat, healed, audience: d.aud });
			if (becomesImmune) d.saySeat('immune', seat);
			out.tags.add('hospital');
			if (carriesCorpse) {
				d.update(seat, { carry: null });
				d.saySeat('cremated', seat);
			}
		} else if (k === K_WEAPONRY) {
			let q = p;
			if (!d.noRestock) {
				// 4.3 restock unless asked otherwise (bullets only for the healthy: 5.1).
				const bullets = p.health === 'healthy' ? d.settings.maxBullets : p.bullets;
				const own = d.own(seat);
				own.bullets = bullets;
				own.grenades = d.settings.maxGrenades;
				q = own;
			}
			d.event({ type: 'weaponry', seat, bullets: q.bullets, grenades: q.grenades, treasure: q.carry?.k === 'treasure', audience: d.aud });
			out.tags.add('weaponry');
		} else if (k === K_ENCEPHALITIS && d.settings.encephalitis && !p.immune) {
			if (d.mites[cell]! < 0) {
				d.wakeMite(cell);
				d.saySeat('mite_woken', seat);
			} else d.saySeat('encephalitis', seat);
			out.tags.add('encephalitis');
		} else {
			// 4.1 land; 4.7 an immune player (or encephalitis switched off) is told "land".
			d.saySeat('land', seat);
			out.tags.add('land');
		}
		return cell;
	},

	arrive(d, seat, cell, from, out, cmd) {
		// 5.8: the pile he finds here is counted afresh (a treasure he brings is not part of it).
		const own = d.own(seat);
		own.cell = cell;
		own.pickedAt = -1;
		if (cell !== from) out.moved = true;
		if (d.board.kind[cell] !== K_RIVER) own.footing = false;
		// What he brings, to tell apart from what he finds (read before a blast or an infection drops it).
		const carried = own.carry;
		const bullets = own.bullets;
		const blasted = cell !== from && hasArmedMine(d, cell);
		if (blasted) blast(d, cell, seat);
		let p = d.p(seat);
		if (p.status !== 'in') return;
		if (!p.immune && p.health !== 'infected' && contagious(d, cell)) {
			d.sys.infect(d, seat);
			p = d.p(seat);
			if (p.status !== 'in') return;
		}
		const here = d.itemsAt(cell);
		if (here.length === 0) return; // most cells: nothing to find or pick up
		const f = countFound(here);
		if (p.health !== 'healthy') {
			// 3.3, 5.2: "found" is what lay on the cell he arrived at, not what he dropped there himself
			// as he arrived (wounded by the blast, infected): the blast destroyed his bullets and landmine.
			if (!blasted) f.bullets -= bullets - p.bullets;
			if (carried && !p.carry && !(blasted && carried.k === 'landmine')) {
				if (carried.k === 'treasure') f.treasures--;
				else if (carried.k === 'landmine') f.landmines--;
				else f.corpses--;
			}
		}
		if (anyFound(f)) {
			// Its counts named one by one (a spread copies them the slow way; most arrivals on items say this).
			d.event({ type: 'found', seat, treasures: f.treasures, bullets: f.bullets, grenades: f.grenades, landmines: f.landmines, corpses: f.corpses, audience: d.aud });
			tagFound(out, f);
		}
		if (!cmd.noPickup) pickUp(d, seat, cell);
	},

	bulletStops(d, cell) {
		const k = d.board.kind[cell];
		return (k === K_HOSPITAL || k === K_WEAPONRY) && !d.settings.shootThroughBuildings;
	},

	wound(d, seat, cause: HitCause) {
		const p = d.p(seat);
		if (p.status !== 'in') return;
		if (d.board.kind[p.cell] === K_HOSPITAL) return; // 4.2
		if (p.health !== 'healthy') {
			d.sys.kill(d, seat);
			return;
		}
		dropAllButGrenades(d, seat);
		const canOrder = p.reorders > 0 && !(cause === 'landmine' && d.settings.noReorderAfterMine);
		d.update(seat, { health: 'wounded', pendingOrder: canOrder, hitNotice: true, hitHeard: d.aud === ALL });
	},

	infect(d, seat) {
		const p = d.p(seat);
		if (p.status !== 'in' || p.immune || p.health === 'infected') return;
		if (p.health === 'wounded') {
			// 4.7 infection is fatal for the wounded; he died infected: his corpse is contagious (5.6).
			d.say({ type: 'infected', seat, moves: null });
			d.update(seat, { health: 'infected' });
			d.sys.kill(d, seat);
			return;
		}
		dropAllButGrenades(d, seat);
		const moves = d.settings.movesToHeal;
		d.update(seat, { health: 'infected', infectedLeft: moves });
		d.say({ type: 'infected', seat, moves });
	},

	kill(d, seat) {
		const p = d.p(seat);
		if (p.status !== 'in') return;
		const drop: Item[] = [];
		for (let i = 0; i < p.bullets; i++) drop.push({ k: 'bullet' });
		for (let i = 0; i < p.grenades; i++) drop.push({ k: 'grenade' });
		if (p.carry) drop.push(carryItem(p.carry));
		drop.push({ k: 'corpse', seat, contagious: p.health === 'infected' });
		if (p.outside === null) d.addItems(p.cell, drop);
		d.update(seat, { status: 'dead', bullets: 0, grenades: 0, carry: null, pendingOrder: false });
		d.tell(seat, { type: 'you_died', seat });
		d.changed = true;
	},

	onTurnStart(d, seat) {
		const p = d.p(seat);
		if (p.hitNotice || p.pendingOrder) {
			if (!woundKeptFromHim(d, seat)) {
				// Section A: "a scream … will only be found [who] when it will be the wounded one's turn":
				// "Player 2 is wounded…" is said to all; after a dark move only he is told (6.7).
				const notice = { type: 'wounded_notice', seat, canOrder: p.pendingOrder } as const;
				if (p.hitNotice && p.hitHeard) d.all(notice);
				else d.tell(seat, notice);
				toldAtTurn(d, seat);
			}
			d.own(seat).hitNotice = false;
		}
	},

	checkEnd(d) {
		if (d.result) return;
		// Nothing that decides an end changed since the last check (no item, carried thing or status:
		// `treasureDirty`): the answer is the last one, no end (most moves; checked on every one).
		if (!d.treasureDirty && d.base.phase === 'play') return;
		// 5.2 / 4.6: the true treasure gone or lying where nobody can reach it.
		const t = d.base.trueTreasure;
		let where = -2;
		let alive = 0; // `d.inGameCount()`, counted in the same pass
		for (const q of d.players) {
			if (q.status !== 'in') continue;
			alive++;
			if (q.carry?.k === 'treasure' && q.carry.id === t) where = q.cell;
		}
		if (where === -2)
			for (const c of d.board.cellList) {
				const list = d.itemsAt(c);
				for (let i = 0; i < list.length; i++) {
					const it = list[i]!;
					if (it.k === 'treasure' && it.id === t) {
						where = c;
						break;
					}
				}
				if (where !== -2) break;
			}
		if (where === -2 || (where >= 0 && d.board.source[where])) {
			d.result = { kind: 'draw', reason: 'treasure_lost' };
			d.all({ type: 'draw', reason: 'treasure_lost' });
			return;
		}
		if (alive === 0) {
			d.result = { kind: 'draw', reason: 'no_survivors' };
			d.all({ type: 'draw', reason: 'no_survivors' });
			return;
		}
		if (alive === 1 && d.players.length > 1) {
			const last = d.players.find((q) => q.status === 'in')!;
			const k = d.settings.lastSurvivorMoves;
			if (k === null) {
				d.result = { kind: 'win', seat: last.seat, how: 'elimination' };
				d.all({ type: 'won', seat: last.seat, how: 'elimination' });
			} else if (d.survivorLeft === null) {
				d.survivorLeft = k;
				d.all({ type: 'survivor_left', seat: last.seat, left: k });
			}
		}
	}
};

