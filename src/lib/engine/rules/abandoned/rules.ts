/**
 * Treasures of the Abandoned Labyrinth (seed 002): the program is the master.
 * Safe tiles, the shop, the hospital, marshes, one-way rivers from wall to
 * wall, fake / two-way / three-way portals, treasure piles; items (rusty
 * bullet, first aid kit, junk), dice battles and injuries. Section numbers are
 * those of docs/rules.md's abandoned part (1 map, 2 starting positions,
 * 3 moves, 4 player conditions, 5 battle, 6 game over).
 */
import { CELL_KINDS, DIRECTIONS, type CellKind, type Direction } from '../../plan/types';
import { DIR_INDEX } from '../../game/board';
import { ALL, type Draft } from '../../game/draft';
import { createRng, type RngState } from '../../random';
import {
	ABANDONED_ITEMS,
	NO_MOVES,
	SIDE_OPEN,
	SIDE_OPEN_EXIT,
	type AbandonedItem,
	type Action,
	type RejectReason,
	type Seat
} from '../../game/types';
import { ABANDONED_SETTING_IDS } from '../../game/settings';
import { classic, type Act, type ActionHandler } from '../classic/rules';
import type { RuleSystem } from '../types';
import { abandonedProblems } from './plan';
import { kindsOf } from '../common/kinds';
import { oneStepRefusal } from '../common/move';
import { ABANDONED } from './kinds';

const K = (k: CellKind) => CELL_KINDS.indexOf(k);
const AK = { land: K('land'), shop: K('shop'), hospital: K('hospital'), marsh: K('marsh'), river: K('river'), portal: K('portal') } as const;


/** 3.1 the rusty bullet's range in tiles beyond the shooter's own. */
export const BULLET_RANGE = 3;

export interface AbandonedExt {
	/** Portal cell → the portal it leads to (a fake portal: itself). */
	readonly portalNext: Readonly<Record<number, number>>;
	/** The dice (5): the generator's state, stored so a game replays exactly. */
	readonly rng: RngState;
	/** Per seat: the one item held (3.1). */
	readonly items: readonly (AbandonedItem | null)[];
	/** Per seat: turns still to lose (marsh, hospital, first aid kit). */
	readonly lose: readonly number[];
	/** The last movement hit a wall or an exit without treasure: the same player moves again (3.3). */
	readonly again: boolean;
	/** A river's mouth → the side (0-3) it flows out of the labyrinth by (3.3: an exit there lets the river carry one out). */
	readonly mouthOut?: Readonly<Record<number, number>>;
}

export function abandonedExt(x: { ext: unknown } | { readonly ext?: unknown }): AbandonedExt {
	return x.ext as AbandonedExt;
}

/** The item a seat holds (the play screen shows it; it is public, told by the shop). */
export function heldItem(x: { readonly ext?: unknown }, seat: Seat): AbandonedItem | null {
	return abandonedExt(x).items[seat] ?? null;
}

function setExt(d: Draft, patch: Partial<AbandonedExt>): AbandonedExt {
	d.ext = { ...abandonedExt(d), ...patch };
	return d.ext as AbandonedExt;
}

function setItem(d: Draft, seat: Seat, item: AbandonedItem | null): void {
	const items = abandonedExt(d).items.slice();
	items[seat] = item;
	setExt(d, { items });
}

function loseTurns(d: Draft, seat: Seat, n: number): void {
	const lose = abandonedExt(d).lose.slice();
	lose[seat] = (lose[seat] ?? 0) + n;
	setExt(d, { lose });
}

/** One die (5): 1..6 from the stored generator. */
function roll(d: Draft): number {
	const rng = createRng(abandonedExt(d).rng);
	const n = 1 + rng.int(6);
	setExt(d, { rng: rng.state() });
	return n;
}

/** 4: injured — drops any treasure (it lies on the tile) and may pick up none until healed. */
function injure(d: Draft, seat: Seat, by: Seat): void {
	const p = d.p(seat);
	const dropped = p.carry?.k === 'treasure';
	if (dropped && p.outside === null) d.addItems(p.cell, [p.carry!]);
	d.update(seat, { health: 'wounded', carry: dropped ? null : p.carry });
	d.say({ type: 'injured', seat, by, dropped });
	d.changed = true;
}

/** The tile's effect on arrival (3.3), then what lies and who stands where the movement ends. */
function arriveAt(d: Draft, seat: Seat, cell: number, viaRiver: boolean): void {
	const b = d.board;
	let cur = cell;
	const k = b.kind[cur];
	if (k === AK.river && !viaRiver) {
		// 3.3 river: flushed one tile downstream unless a wall (the labyrinth's or an inner one) stops it.
		d.update(seat, { cell: cur });
		// A flow towards the labyrinth's wall has no downstream tile (flowDir −1).
		const f = b.flowDir[cur]!;
		const out = f < 0 ? abandonedExt(d).mouthOut?.[cur] : undefined;
		if (out !== undefined && d.sides[cur * 4 + out] === SIDE_OPEN_EXIT) {
			flushedOut(d, seat, cur, DIRECTIONS[out]!);
			return;
		}
		if (f < 0 || d.sides[cur * 4 + f] !== SIDE_OPEN) {
			d.say({ type: 'flushed', seat, blocked: true });
			finishOn(d, seat, cur);
			return;
		}
		d.say({ type: 'flushed', seat, blocked: false });
		const reached = b.nb[cur * 4 + f]!;
		// riverLandingActs off (the original program): the tile reached does nothing and is not told.
		if (d.settings.riverLandingActs) arriveAt(d, seat, reached, true);
		else finishOn(d, seat, reached);
		return;
	}
	if (k === AK.portal) {
		d.say({ type: 'portal', seat });
		cur = abandonedExt(d).portalNext[cur] ?? cur;
	} else if (k === AK.shop) {
		if (abandonedExt(d).items[seat]) d.say({ type: 'shop', seat, roll: null, item: null });
		else {
			const r = roll(d);
			const item: AbandonedItem = r <= 2 ? 'bullet' : r <= 4 ? 'first_aid' : 'junk';
			setItem(d, seat, item);
			d.say({ type: 'shop', seat, roll: r, item });
		}
	} else if (k === AK.hospital) {
		const healed = d.p(seat).health !== 'healthy';
		d.say({ type: 'hospital', seat, healed });
		if (healed) {
			// 3.3 "heal at the expense of your next turn".
			d.update(seat, { health: 'healthy' });
			loseTurns(d, seat, 1);
		}
	} else if (k === AK.marsh) {
		d.say({ type: 'marsh', seat });
		loseTurns(d, seat, 1);
	} else if (k === AK.land) d.say({ type: 'safe', seat });
	// Flushed onto another river tile: it does not flush again this move.
	finishOn(d, seat, cur);
}

/**
 * 3.3 a river whose mouth is an exit (the original program's boards may have one): it carries a
 * treasure carrier out — he wins (6); anyone else is told so ("flushed into an exit, but has no
 * treasure, so does not move farther", the original says) and stays on the mouth. It is not his
 * own movement: the turn passes.
 */
function flushedOut(d: Draft, seat: Seat, mouth: number, dir: Direction): void {
	if (d.p(seat).carry?.k === 'treasure') {
		d.say({ type: 'flushed', seat, blocked: false });
		d.update(seat, { outside: dir });
		d.result = { kind: 'win', seat, how: 'treasure' };
		d.all({ type: 'won', seat, how: 'treasure' });
		return;
	}
	d.say({ type: 'flushed', seat, blocked: true, exit: true });
	finishOn(d, seat, mouth);
}

/** Where a treasure lies among the things on `cell`, or −1. */
function pileAt(d: Draft, cell: number): number {
	return d.itemsAt(cell).findIndex((it) => it.k === 'treasure');
}

/** The seat picks up the treasure lying on its tile (there is one). */
function pickUp(d: Draft, seat: Seat): void {
	const cell = d.p(seat).cell;
	const list = d.itemsAt(cell);
	const t = pileAt(d, cell);
	d.update(seat, { carry: list[t] as { k: 'treasure'; id: number } });
	d.setItems(
		cell,
		list.filter((_, i) => i !== t)
	);
	d.changed = true;
}

/**
 * Where the movement ends: 3.3 "also stumbles across a pile of TREASURE" — a pile lies on any
 * tile a carrier was injured on (4), and the original program announces it on every kind — taken
 * by a healthy adventurer holding none; then 2 "found by another player": who else is there.
 */
function finishOn(d: Draft, seat: Seat, cell: number): void {
	d.update(seat, { cell });
	if (pileAt(d, cell) >= 0) {
		const p = d.p(seat);
		const take = p.health === 'healthy' && !p.carry;
		if (take) pickUp(d, seat);
		d.say({ type: 'treasure_pile', seat, taken: take });
	}
	tellMeeting(d, seat, cell);
}

/** 2 "found by another player": the seat is told (and the table with it) who else stands on `cell`. */
function tellMeeting(d: Draft, seat: Seat, cell: number): void {
	const others = d.at(cell).filter((q) => q.seat !== seat);
	if (others.length === 0) return;
	// 3.2: a fight may follow — both healthy, not in the hospital (all of it public).
	const fight = d.board.kind[cell] !== AK.hospital && d.p(seat).health === 'healthy' && others.some((q) => q.health === 'healthy');
	d.say({ type: 'meet', seat, others: others.map((q) => q.seat), fight });
}

function step(d: Draft, seat: Seat, dir: Direction): void {
	const p = d.p(seat);
	const di = DIR_INDEX[dir];
	const side = d.sides[p.cell * 4 + di]!;
	if (side === SIDE_OPEN) {
		arriveAt(d, seat, d.board.nb[p.cell * 4 + di]!, false);
		return;
	}
	if (side === SIDE_OPEN_EXIT) {
		if (p.carry?.k === 'treasure') {
			// 6: out with a treasure — the winner; the labyrinth crumbles behind.
			d.update(seat, { outside: dir });
			d.result = { kind: 'win', seat, how: 'treasure' };
			d.all({ type: 'won', seat, how: 'treasure' });
			return;
		}
		d.say({ type: 'exit_refused', seat });
		setExt(d, { again: true });
		return;
	}
	// 3.3 a wall: the player may keep asking to move until he does not hit one.
	d.say({ type: 'wall', seat });
	setExt(d, { again: true });
}

/** Where the rusty bullet stops: the first adventurer within range, or null (a miss). */
function bulletTarget(d: Draft, from: number, dir: Direction): Seat | null {
	const di = DIR_INDEX[dir];
	let cur = from;
	for (let i = 0; i < BULLET_RANGE; i++) {
		if (d.sides[cur * 4 + di] !== SIDE_OPEN) return null;
		cur = d.board.nb[cur * 4 + di]!;
		const there = d.at(cur);
		if (there.length) {
			// Several on the first tile: the first of them in turn order.
			const order = d.base.order;
			there.sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
			return there[0]!.seat;
		}
	}
	return null;
}

/** 3.1 the rusty bullet, fired along a direction: the first adventurer within range is injured. */
function useBullet({ d, seat, a }: Act<'use'>): RejectReason | null {
	if (!a.dir) return 'malformed';
	setItem(d, seat, null);
	const victim = bulletTarget(d, d.p(seat).cell, a.dir);
	if (victim === null) d.say({ type: 'missed', seat });
	else injure(d, victim, seat);
	return null;
}

/** 3.1 the first aid kit heals (at the cost of a turn when the setting says so). */
function useFirstAid({ d, seat }: Act<'use'>): RejectReason | null {
	setItem(d, seat, null);
	d.update(seat, { health: 'healthy' });
	d.say({ type: 'first_aid', seat });
	if (d.settings.firstAidCostsTurn) loseTurns(d, seat, 1);
	return null;
}

/** 3.1 junk is dropped, anywhere but in the thrift shop. */
function dropJunk({ d, seat }: Act<'use'>): RejectReason | null {
	if (d.board.kind[d.p(seat).cell] === AK.shop) return 'junk_in_shop';
	setItem(d, seat, null);
	d.say({ type: 'junk_dropped', seat });
	return null;
}

/** What each item does when used (3.1). */
const USES: { readonly [I in AbandonedItem]: ActionHandler<'use'> } = {
	bullet: useBullet,
	first_aid: useFirstAid,
	junk: dropJunk
};

/** 3.1 using the item held. */
function use(act: Act<'use'>): RejectReason | null {
	if ((abandonedExt(act.d).items[act.seat] ?? null) !== act.a.item) return 'no_item';
	return USES[act.a.item](act);
}

/** 3.2, 5: an attack on an adventurer on the same tile: a dice battle, or won at once with the rusty bullet. */
function attack({ d, seat, a }: Act<'attack'>): RejectReason | null {
	const p = d.p(seat);
	const q = d.players[a.target];
	if (!q || a.target === seat || q.status !== 'in' || q.outside !== null || q.cell !== p.cell) return 'no_target';
	if (d.board.kind[p.cell] === AK.hospital) return 'no_target'; // 3.2 "except for the hospital"
	if (p.health !== 'healthy' || q.health !== 'healthy') return 'not_healthy';
	if (a.bullet) {
		if (abandonedExt(d).items[seat] !== 'bullet') return 'no_item';
		// 5: the attacker may spend the rusty bullet to win at once.
		setItem(d, seat, null);
		d.say({ type: 'battle', seat, defender: a.target, attackerRoll: null, defenderRoll: null, winner: seat });
		injure(d, a.target, seat);
		return null;
	}
	const ra = roll(d);
	const rb = roll(d);
	// 5: the lower roll loses; a tie goes to the attacker.
	const winner = ra >= rb ? seat : a.target;
	const loser = winner === seat ? a.target : seat;
	d.say({ type: 'battle', seat, defender: a.target, attackerRoll: ra, defenderRoll: rb, winner });
	injure(d, loser, winner);
	return null;
}

/**
 * 3.3 "the player can pick up the treasure only if he/she is not injured", "only one treasure at a
 * time": a pile lying on his tile (one he could not take on arriving, or one dropped at his feet by
 * a loser) is taken at any time of his turn, as the original program offers ("Acquire treasure").
 * Whether a pile lies here is known to him: told on arriving, and every drop and take is public.
 */
function takePile({ d, seat }: Act<'take'>): RejectReason | null {
	const p = d.p(seat);
	if (p.health !== 'healthy') return 'not_healthy';
	if (p.carry?.k === 'treasure') return 'holds_treasure';
	if (pileAt(d, p.cell) < 0) return 'no_treasure';
	pickUp(d, seat);
	d.say({ type: 'pile_taken', seat });
	return null;
}

/** One named handler per non-movement action of the abandoned labyrinth (as classic's); a refusal is returned as its reason. */
const ACTIONS: { readonly [A in Action['a']]?: ActionHandler<A> } = { use, attack, take: takePile };

/** Failures the tile decides, not what the player knows of himself: answered "no luck", never refused (3). */
const DECIDED_BY_THE_TILE: ReadonlySet<RejectReason> = new Set(['no_treasure']);

/** One non-movement action. Returns a reason when it cannot be done. */
function runAction(act: Act<Action['a']>): RejectReason | null {
	if (!Object.hasOwn(ACTIONS, act.a.a)) return 'malformed';
	return (ACTIONS[act.a.a] as ActionHandler<Action['a']>)(act);
}

const isDir = (x: unknown): x is Direction => typeof x === 'string' && (DIRECTIONS as readonly string[]).includes(x);

function wellFormed(a: unknown): a is Action {
	if (typeof a !== 'object' || a === null) return false;
	const x = a as Record<string, unknown>;
	if (x.a === 'go') return isDir(x.dir);
	if (x.a === 'use') return (ABANDONED_ITEMS as readonly unknown[]).includes(x.item) && (x.dir === undefined || isDir(x.dir));
	if (x.a === 'take') return x.index === 0;
	if (x.a === 'attack') return typeof x.target === 'number' && Number.isInteger(x.target) && (x.bullet === undefined || typeof x.bullet === 'boolean');
	return false;
}

export const abandoned: RuleSystem = {
	...classic,
	id: 'abandoned',
	get cellKinds() {
		return kindsOf(ABANDONED);
	},
	settingIds: ABANDONED_SETTING_IDS,
	// Seed 002 has injuries and no deaths: a player the master times out leaves the game (below).
	corpses: false,

	planProblems(plan) {
		return abandonedProblems(plan);
	},

	kill(d, seat) {
		// Only the master's time limit (the classic game's 9) puts a player out of this game: he leaves
		// it, as in the topographic game — no corpse, no "you are dead". The treasure he held stays on
		// his tile as a pile, as an injured adventurer drops it (4), for the others to find.
		const p = d.p(seat);
		if (p.status !== 'in') return;
		if (p.carry?.k === 'treasure' && p.outside === null) d.addItems(p.cell, [p.carry]);
		d.update(seat, { status: 'lost', bullets: 0, grenades: 0, carry: null });
		d.changed = true;
	},

	held(state, seat) {
		return heldItem(state, seat);
	},

	initExt(plan, board, seats, rng) {
		const portalNext: Record<number, number> = {};
		for (const set of plan.portals ?? []) set.forEach((c, i) => (portalNext[c] = set[(i + 1) % set.length]!));
		const mouthOut: Record<number, number> = {};
		plan.cells.forEach((c, i) => {
			if (c?.kind === 'river' && c.flow && board.nb[i * 4 + DIR_INDEX[c.flow]] === -1) mouthOut[i] = DIR_INDEX[c.flow];
		});
		const x: AbandonedExt = {
			mouthOut,
			portalNext,
			rng: rng.state(),
			items: new Array<AbandonedItem | null>(seats).fill(null),
			lose: new Array<number>(seats).fill(0),
			again: false
		};
		return x;
	},

	autoStarts(plan, board, seats, rng) {
		// 2: each adventurer on a random safe tile (land without treasure), a different one for each
		// (the original program draws them without replacement): nobody starts on another's tile
		// unannounced. A hand-made board with fewer safe tiles than adventurers uses them all, in turn.
		const safe = board.cellList.filter((c) => board.kind[c] === AK.land && !plan.items.some((it) => it.cell === c));
		if (safe.length === 0) return null;
		const drawn = rng.shuffle(safe);
		return Array.from({ length: seats }, (_, i) => drawn[i % drawn.length]!);
	},

	startLoadout() {
		// 2: an empty gun; no item.
		return { bullets: 0, grenades: 0, landmine: false };
	},

	runMove(d, seat, cmd) {
		const refused = oneStepRefusal(cmd, wellFormed);
		if (refused) return refused;
		const actions = cmd.actions;
		setExt(d, { again: false });
		d.aud = ALL;
		// 3 "any number of actions": one that cannot be done is refused (nothing happens, he says it
		// again) only while nothing of the move has happened yet; after a movement or an action done
		// — a battle's dice among them — it is answered "no luck" and the move stands: refusing it would
		// tell him, before anything happened, how the dice or the step would fall. What the tile
		// decides (whether a pile lies here) is never refused: "no luck" to the table, the move stands.
		let begun = false;
		for (const a of actions) {
			if (d.result) break;
			if (a.a === 'go') {
				step(d, seat, a.dir);
				begun = true;
				continue;
			}
			const r = runAction({ d, seat, a, cmd });
			if (r && !begun && !DECIDED_BY_THE_TILE.has(r)) return r;
			if (r) d.say({ type: 'action_failed', seat, reason: r });
			begun = true;
		}
		d.update(seat, { lastMove: { actions, dark: false, semiDark: false }, noChangeMoves: NO_MOVES });
		return null;
	},

	seatView(state, seat) {
		// 3.1 the item held (public: the shop and its use are announced); turns still to lose.
		const x = abandonedExt(state);
		return { item: x.items[seat] ?? null, loseTurns: x.lose[seat] ?? 0 };
	},

	keepsTurn(d) {
		return abandonedExt(d).again;
	},

	losesTurn(d, seat) {
		const n = abandonedExt(d).lose[seat] ?? 0;
		if (n <= 0) return false;
		const lose = abandonedExt(d).lose.slice();
		lose[seat] = n - 1;
		setExt(d, { lose });
		d.all({ type: 'turn_lost', seat });
		return true;
	},

	onTurnStart(d) {
		// 2: the game begins. Adventurers the program had to spawn on one tile (a board with fewer
		// safe tiles than adventurers) have found each other: the first of them in turn order is told.
		if (d.base.phase !== 'start') return;
		const told = new Set<number>();
		for (const seat of d.base.order) {
			const cell = d.p(seat).cell;
			if (told.has(cell)) continue;
			told.add(cell);
			tellMeeting(d, seat, cell);
		}
	},

	checkEnd() {
		// 6: the only end is an adventurer leaving with a treasure.
	}
};
