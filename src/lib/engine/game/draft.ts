/**
 * A copy-on-write draft of a `GameState` for one command: the step copies only
 * what it changes (one player object, one cell's item list, the side array when
 * a wall falls) and shares everything else with the previous state.
 */
import type { RuleSystem } from '../rules/types';
import type {
	Audience,
	Carry,
	Command,
	EventBody,
	GameEvent,
	GameResult,
	GameState,
	Item,
	PlayerState,
	Seat
} from './types';
import type { GameSettings } from './settings';
import type { Board } from './board';

/** The shared audiences (never changed): an event's audience is one of these, or a seat's own. */
export const ALL: Audience = { to: 'all' };
export const MASTER: Audience = { to: 'master' };

/**
 * A state keeps the one `CHECKPOINT_EVERY` effective commands back (`GameState.checkpoint`): an
 * undo replays at most that many commands, and a long game holds one state per that many.
 */
export const CHECKPOINT_EVERY = 64;

export class Draft {
	// Every field is declared only (`declare`: nothing emitted) and set once in the constructor: a
	// class field is defined before the constructor runs, so each would be written twice (a draft a command).
	declare readonly base: GameState;
	declare readonly sys: RuleSystem;
	declare readonly board: Board;
	declare readonly settings: GameSettings;
	declare players: PlayerState[];
	// Each is the base state's until first changed, then this draft's own copy (told apart by identity).
	declare items: (readonly Item[])[] | readonly (readonly Item[])[];
	declare sides: Uint8Array;
	declare mites: Int32Array;
	declare phase: GameState['phase'];
	declare turn: number;
	declare moveNo: number;
	declare nstop: GameState['nstop'];
	declare skipsInARow: number;
	declare survivorLeft: number | null;
	declare result: GameResult | null;
	/** The rule system's own state (immutable: replace it to change it). */
	declare ext: unknown;
	declare events: GameEvent[];
	/** Audience of the current move's results (all / master for dark moves). */
	declare aud: Audience;
	/** 4.3 the moving player asked not to restock. */
	declare noRestock: boolean;
	/** An irreversible change happened (3.6). */
	declare changed: boolean;
	/** Players already copied by this draft (bit per seat): later updates write in place. */
	private declare owned: number;
	/** Items, carried things or a player's status changed: the true treasure must be looked for again (3.6, 5.2), and who is left counted (`checkEnd`). */
	declare treasureDirty: boolean;

	constructor(state: GameState, sys: RuleSystem) {
		this.base = state;
		this.sys = sys;
		this.board = state.board;
		this.settings = state.settings;
		this.players = state.players.slice();
		this.items = state.items;
		this.sides = state.sides;
		this.mites = state.mites;
		this.phase = state.phase;
		this.turn = state.turn;
		this.moveNo = state.moveNo;
		this.nstop = state.nstop;
		this.skipsInARow = state.skipsInARow;
		this.survivorLeft = state.survivorLeft;
		this.result = state.result;
		this.ext = state.ext;
		this.events = [];
		this.aud = ALL;
		this.noRestock = false;
		this.changed = false;
		this.owned = 0;
		this.treasureDirty = false;
	}

	p(seat: Seat): PlayerState {
		return this.players[seat]!;
	}

	update(seat: Seat, patch: Partial<PlayerState>): PlayerState {
		if ('carry' in patch || 'status' in patch) this.treasureDirty = true;
		return Object.assign(this.own(seat), patch);
	}

	/**
	 * This draft's own copy of the player (copied on first use), to write fields in place: the
	 * move's hot path sets a field or two without a patch object each time (`update` is the
	 * general way). What he carries and whether he is in go through `update` (the true treasure).
	 */
	own(seat: Seat): OwnPlayer {
		const bit = 1 << seat;
		if (this.owned & bit) return this.players[seat] as OwnPlayer;
		this.owned |= bit;
		const next = clonePlayer(this.players[seat]!);
		this.players[seat] = next;
		return next;
	}

	itemsAt(cell: number): readonly Item[] {
		return this.items[cell] ?? [];
	}

	setItems(cell: number, list: readonly Item[]): void {
		this.treasureDirty = true;
		if (this.items === this.base.items) this.items = this.items.slice();
		(this.items as (readonly Item[])[])[cell] = list;
	}

	addItems(cell: number, add: readonly Item[]): void {
		if (add.length) this.setItems(cell, this.itemsAt(cell).concat(add));
	}

	setSide(index: number, value: number): void {
		if (this.sides === this.base.sides) this.sides = this.sides.slice();
		this.sides[index] = value;
	}

	wakeMite(cell: number): void {
		if (this.mites === this.base.mites) this.mites = this.mites.slice();
		this.mites[cell] = this.moveNo;
	}

	/** Say something as a result of the current move (its audience). */
	// Bodies are fresh literals made by the caller: the audience is attached in place.
	say(body: EventBody): void {
		(body as GameEvent).audience = this.aud;
		this.events.push(body as GameEvent);
	}
	/**
	 * An event made whole by the caller, its audience last in the literal (`d.aud` for the move's):
	 * `say` adds the audience to a body already made, a slower store and a second allocation, so
	 * the events most moves tell are made this way.
	 */
	event(whole: GameEvent): void {
		this.events.push(whole);
	}
	/** `say({ type, seat })` for an event that names only its seat: made whole in one literal (no audience added after). */
	saySeat(type: SeatOnlyEvent, seat: Seat): void {
		this.events.push({ type, seat, audience: this.aud } as GameEvent);
	}
	all(body: EventBody): void {
		(body as GameEvent).audience = ALL;
		this.events.push(body as GameEvent);
	}
	tell(seat: Seat, body: EventBody): void {
		(body as GameEvent).audience = { to: 'seat', seat };
		this.events.push(body as GameEvent);
	}
	master(body: EventBody): void {
		(body as GameEvent).audience = MASTER;
		this.events.push(body as GameEvent);
	}

	/** Seats still in the game (not dead, not lost). */
	inGame(): PlayerState[] {
		return this.players.filter((q) => q.status === 'in');
	}

	/** How many seats are still in the game (`inGame().length`, without making the list: counted on every move). */
	inGameCount(): number {
		let n = 0;
		for (const q of this.players) if (q.status === 'in') n++;
		return n;
	}

	/** Players standing inside on `cell`. */
	at(cell: number): PlayerState[] {
		const out: PlayerState[] = [];
		for (const q of this.players) if (q.status === 'in' && q.outside === null && q.cell === cell) out.push(q);
		return out;
	}

	/** The next state; `effective`: the command counts in its past (the master may undo it). */
	finish(command: Command, effective: boolean): GameState {
		const base = this.base;
		const next: GameState = {
			rules: this.base.rules,
			board: this.board,
			settings: this.settings,
			phase: this.phase,
			order: this.base.order,
			turn: this.turn,
			sides: this.sides,
			items: this.items,
			players: this.players,
			mites: this.mites,
			trueTreasure: this.base.trueTreasure,
			moveNo: this.moveNo,
			nstop: this.nstop,
			skipsInARow: this.skipsInARow,
			survivorLeft: this.survivorLeft,
			result: this.result,
			rng: this.base.rng,
			past: effective ? { command, next: base.past } : base.past,
			depth: effective ? base.depth + 1 : base.depth,
			checkpoint: !effective ? base.checkpoint : base.depth % CHECKPOINT_EVERY === 0 ? base : base.checkpoint
		};
		if (this.ext !== undefined) (next as { ext?: unknown }).ext = this.ext;
		return next;
	}
}

/** The events whose body is their type and a seat, nothing else (`land`, `wall`, `skip`, …). */
export type SeatOnlyEvent = {
	[T in EventBody['type']]: 'seat' extends keyof Extract<EventBody, { type: T }>
		? Exclude<keyof Extract<EventBody, { type: T }>, 'type' | 'seat'> extends never
			? T
			: never
		: never;
}[EventBody['type']];

/** A draft's own copy of a player: every field writable but `carry` and `status` (see `Draft.own`). */
export type OwnPlayer = { -readonly [K in Exclude<keyof PlayerState, 'carry' | 'status'>]: PlayerState[K] } & Pick<PlayerState, 'carry' | 'status'>;

/** A copy with every field written in one literal: one stable object shape (fast to copy and read). */
export function clonePlayer(p: PlayerState): PlayerState {
	return {
		seat: p.seat,
		cell: p.cell,
		outside: p.outside,
		status: p.status,
		health: p.health,
		immune: p.immune,
		infectedLeft: p.infectedLeft,
		bullets: p.bullets,
		grenades: p.grenades,
		carry: p.carry,
		reorders: p.reorders,
		extraOrders: p.extraOrders,
		breaks: p.breaks,
		questions: p.questions,
		pendingOrder: p.pendingOrder,
		hitNotice: p.hitNotice,
		hitHeard: p.hitHeard,
		footing: p.footing,
		pickedAt: p.pickedAt,
		lastMove: p.lastMove,
		noChangeMoves: p.noChangeMoves,
		rejectedStarts: p.rejectedStarts,
		untold: p.untold
	};
}

/** A carried item as it lies on a cell (a dropped landmine is not armed). */
export const carryItem = (c: Carry): Item => (c.k === 'landmine' ? { k: 'landmine', armed: false } : c);
