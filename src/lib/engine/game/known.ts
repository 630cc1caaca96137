/**
 * What a player knows of his own status (seed 000 6.4, 6.7, 6.8). At a paper table a player knows
 * his status from what he heard: after his own dark or semi-dark move "nothing is told, but all the
 * actions are performed" (6.7), so whatever that move could change he does not know until he asks
 * (6.4: the status question, heard by the whole table); a player hit in someone else's dark move
 * "will be told so when it is his turn" (6.7), and until then believes what he last knew; the mover
 * wounded by the blast his own dark move set off is not told at all ("neither will he be told about
 * a landmine blast"). `PlayerState.untold` keeps this; `knownStatus` is what a seat's view shows.
 */
import type { Draft } from './draft';
import type { PlayerState, PublicStatus, Seat, Untold } from './types';

/** A player's status as the status question (6.4) answers it: the truth. */
export function publicStatus(p: PlayerState): PublicStatus {
	return {
		health: p.health,
		immune: p.immune,
		infectedLeft: p.infectedLeft,
		bullets: p.bullets,
		grenades: p.grenades,
		carry: p.carry ? p.carry.k : null,
		reordersLeft: p.reorders,
		outside: p.outside !== null
	};
}

/** A player's own status as he knows it: a field `undefined` is unknown to him. */
export type KnownStatus = { [K in keyof PublicStatus]: PublicStatus[K] | undefined };

/**
 * What `p` knows of his status: the truth, or what he believed before another's dark move hit him,
 * with what his own dark or semi-dark move could change unknown (everything but the cells he may
 * still order, which no move changes).
 */
export function knownStatus(p: PlayerState): KnownStatus {
	const u = p.untold;
	const s = u?.believed ?? publicStatus(p);
	if (!u?.dark) return s;
	return {
		health: undefined,
		immune: undefined,
		infectedLeft: undefined,
		bullets: undefined,
		grenades: undefined,
		carry: undefined,
		reordersLeft: s.reordersLeft,
		outside: undefined
	};
}

/** Whether the player knows his status as it is (a refusal decided by it tells him nothing new). */
export function knowsOwnStatus(p: PlayerState): boolean {
	const u = p.untold;
	return u === undefined || (!u.dark && u.believed === null);
}

/** Whether his view shows him a cell to order now: not while he believes he was not hit (6.7). */
export function knowsOfOrder(p: PlayerState): boolean {
	return p.pendingOrder && (p.untold?.believed ?? null) === null;
}

function setUntold(d: Draft, seat: Seat, u: Untold): void {
	d.own(seat).untold = u.dark || u.believed !== null || u.hitUntold || u.outUnheard ? u : undefined;
}

const NOTHING_UNTOLD: Untold = { dark: false, believed: null, hitUntold: false, outUnheard: false };

/** 6.7, 6.8: the player moves in the dark: what the move could change of his status is unknown to him. */
export function movesInTheDark(d: Draft, seat: Seat): void {
	const u = d.p(seat).untold ?? NOTHING_UNTOLD;
	if (!u.dark) setUntold(d, seat, { ...u, dark: true });
}

/**
 * 6.7: after `mover`'s dark move (the draft's base is the state before it), another player whose
 * status it changed (a shot, a blast) and who is still in keeps believing his status before it,
 * until he is told at his turn (`toldAtTurn`) or asks; whoever it took out of the game (he is told
 * at once) is still in for the others until his turn passes him by (`heardOut`). What the move did
 * is decided by the hidden plan, so no view may move on its own.
 */
export function believeUntilTold(d: Draft, mover: Seat): void {
	for (const q of d.players) {
		const was = d.base.players[q.seat]!;
		if (was.status !== 'in') continue;
		const u = q.untold ?? NOTHING_UNTOLD;
		if (q.status !== 'in') setUntold(d, q.seat, { ...u, outUnheard: true });
		else if (q.seat !== mover && u.believed === null && !sameStatus(publicStatus(was), publicStatus(q))) setUntold(d, q.seat, { ...u, believed: publicStatus(was) });
	}
}

/** The turn passed by a player who left the game unheard: now everybody knows he is out. */
export function heardOut(d: Draft, seat: Seat): void {
	const u = d.p(seat).untold;
	if (u?.outUnheard) setUntold(d, seat, { ...u, outUnheard: false });
}

/** A player's status ('in', 'dead', 'lost') as the others know it. */
export function statusAsHeard(p: PlayerState): PlayerState['status'] {
	return p.untold?.outUnheard ? 'in' : p.status;
}

/** 6.7: the mover wounded by the blast his own dark or semi-dark move set off is not told so at his turn. */
export function hitInOwnDark(d: Draft, seat: Seat): void {
	setUntold(d, seat, { ...(d.p(seat).untold ?? NOTHING_UNTOLD), hitUntold: true });
}

/** At the start of his turn: whether his wound is kept from him (6.7); a kept one is forgotten here (he is up again). */
export function woundKeptFromHim(d: Draft, seat: Seat): boolean {
	const u = d.p(seat).untold;
	if (!u?.hitUntold) return false;
	setUntold(d, seat, { ...u, hitUntold: false });
	return true;
}

/** He was told at his turn what another's dark move did to him (6.7): he no longer believes the old status. */
export function toldAtTurn(d: Draft, seat: Seat): void {
	const u = d.p(seat).untold;
	if (u && u.believed !== null) setUntold(d, seat, { ...u, believed: null });
}

/** 6.4: the status question answered to the table: he knows his status again; whether that changed anything. */
export function toldOwnStatus(d: Draft, seat: Seat): boolean {
	const u = d.p(seat).untold;
	if (!u || (!u.dark && u.believed === null)) return false;
	setUntold(d, seat, { ...u, dark: false, believed: null });
	return true;
}

function sameStatus(a: PublicStatus, b: PublicStatus): boolean {
	return (
		a.health === b.health &&
		a.immune === b.immune &&
		a.infectedLeft === b.infectedLeft &&
		a.bullets === b.bullets &&
		a.grenades === b.grenades &&
		a.carry === b.carry &&
		a.reordersLeft === b.reordersLeft &&
		a.outside === b.outside
	);
}
