/**
 * Admission: who sits at the table (host.ts carries the decisions out on its links).
 *
 * A phone says `hello` with a challenge; the host answers with the table's key and its
 * signature (pin.ts), and the phone then proves its seat with an HMAC keyed by its seat key, or
 * asks for a seat: a new phone waits until the master admits it (a phone paired by QR codes
 * was admitted by the master's own hands), then gets a seat and its key, once. A computer's seat
 * is the tablet's own: no phone ever proves it.
 */
import type { Seat } from '../engine/game/types';
import { hostProof, newNonce, sameProof, seatProof } from './pin';
import { PROTOCOL_VERSION, newSeatKey, type HostMessage, type PlayerMessage, type Refusal } from './protocol';
import type { TableRecord } from '../store/records';

/** Phones waiting for the master at most; more are told `busy` and try again later. */
export const MAX_WAITING = 12;
/** Handshake messages a link may send before it has a seat. */
export const MAX_UNSEATED_MESSAGES = 12;

export type Hello = Extract<PlayerMessage, { type: 'hello' }>;
export type Prove = Extract<PlayerMessage, { type: 'prove' }>;

/** A phone waiting for the master to admit it. */
export interface Waiting {
	id: number;
	name: string;
	since: number;
}

/** Where one link is in the handshake. */
export interface Handshake {
	/** Paired by QR codes in the master's hands: admitted without asking. */
	paired: boolean;
	/** The handshake under way: the phone's hello and the host's nonce. */
	hello: { message: Hello; nonce: string } | null;
	/** Waiting for the master (admission). */
	waiting: Waiting | null;
	/** Messages received while it had no seat. */
	unseated: number;
	/** Hellos received on this link. */
	hellos: number;
}

export function newHandshake(paired: boolean): Handshake {
	return { paired, hello: null, waiting: null, unseated: 0, hellos: 0 };
}

/** The table as admission sees it: its record, its key, and this build's version. */
export interface Door {
	table: TableRecord;
	publicKey: string;
	app: string;
}

/**
 * The answer to a phone's challenge: the table's key and its signature, always (so that the
 * phone believes a refusal that follows), and `version` when the phone speaks another protocol
 * or runs another build. Remembered on `handshake` for the proof that comes next.
 */
export function answerHello(door: Door, handshake: Handshake, hello: Hello, nonce = newNonce()): { proof: HostMessage; refusal: 'version' | null } {
	const proof: HostMessage = { type: 'proof', key: door.publicKey, sig: hostProof(door.table.secret!, door.table.room, hello.nonce, nonce), nonce };
	if (hello.protocol !== PROTOCOL_VERSION || hello.app !== door.app) return { proof, refusal: 'version' };
	handshake.hello = { message: hello, nonce };
	return { proof, refusal: null };
}

/** Whether a link has said more than a link without a seat may (counted here): it is closed. */
export function talksTooMuch(handshake: Handshake, seated: boolean): boolean {
	return !seated && ++handshake.unseated > MAX_UNSEATED_MESSAGES;
}

/** What becomes of a phone's proof. */
export type Admission =
	| { do: 'refuse'; reason: Extract<Refusal, 'not_joined' | 'unknown_key' | 'malformed' | 'table_full' | 'busy'> }
	/** It proved its seat (it comes back), holding `have` of its seat's events. */
	| { do: 'seat'; seat: Seat; have: number }
	/** Paired by the master's hands: it takes the next seat now, under `name`. */
	| { do: 'seat_new'; name: string }
	/** It waits for the master, under `name`. */
	| { do: 'wait'; name: string };

/**
 * The phone's answer to the table's proof: its seat proved by `mac`, or (without one) a request
 * for a seat. `seat`: the seat the link holds already; `gameSeats`: the game's seats once it is
 * begun; `waiting`: how many phones wait for the master now. The handshake is used up.
 */
export function admission(door: Door, handshake: Handshake, prove: Prove, seat: Seat | null, gameSeats: number | null, waiting: number): Admission {
	const under = handshake.hello;
	if (!under) return { do: 'refuse', reason: 'not_joined' };
	handshake.hello = null;
	const hello = under.message;
	if (prove.mac !== undefined) {
		const claimed = hello.seat;
		const record = claimed === undefined ? undefined : door.table.seats[claimed];
		if (claimed === undefined || !record || record.bot || !sameProof(prove.mac, seatProof(record.key, door.table.room, hello.nonce, under.nonce)))
			return { do: 'refuse', reason: 'unknown_key' };
		if (seat !== null && seat !== claimed) return { do: 'refuse', reason: 'malformed' };
		return { do: 'seat', seat: claimed, have: hello.have };
	}
	if (seat !== null) return { do: 'refuse', reason: 'malformed' };
	if (tableFull(door.table, gameSeats)) return { do: 'refuse', reason: 'table_full' };
	if (handshake.paired) return { do: 'seat_new', name: hello.name };
	if (waiting >= MAX_WAITING) return { do: 'refuse', reason: 'busy' };
	return { do: 'wait', name: hello.name };
}

/** Whether every seat is taken: the game's, once it is begun, else the table's capacity. */
export function tableFull(table: TableRecord, gameSeats: number | null): boolean {
	return table.seats.length >= (gameSeats ?? table.capacity);
}

/** The table with one more seat, for `name`, and its key (issued once, to that phone). */
export function withNewSeat(table: TableRecord, name: string, now = Date.now()): { table: TableRecord; seat: Seat } {
	const seats = [...table.seats, { name, key: newSeatKey(), lastCmd: 0, lastResult: null }];
	return { table: { ...table, seats, updatedAt: now }, seat: table.seats.length };
}
