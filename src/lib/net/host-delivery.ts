/**
 * Delivery: what the host sends a seated phone (host.ts sends it). Every phone is sent what
 * `viewFor` lets its seat know — its standing, and the events it has not had, in order — and,
 * when the engine's `revealFor` opens it, the reveal; nothing else.
 *
 * The game's events are kept once (`EventLog`); each connection keeps its place in them, so a
 * move costs the same however long the game is: each phone is sent its seat's share of the
 * move's events and its seat's standing, made once per seat and move.
 */
import type { EventLog } from '../engine/game/event-log';
import type { Game } from '../engine/game/game';
import type { GameState, Seat } from '../engine/game/types';
import { seatStanding, shapeOf, type SeatStanding } from '../engine/game/view';
import { revealFor, withoutMoves, type Reveal } from '../engine/game/reveal-of';
import { MAX_HOST_FRAME, pageEvents, type HostMessage, type SentView } from './protocol';

/** Where one connection is in its seat's events. */
export interface Place {
	/** How many of its seat's events this phone has. */
	sent: number;
	/** Where in the game's events it is: the seat's events before this place, and only those, it has (`sent` of them). */
	at: number;
	/** Whether this connection has had the seat's contour and settings (sent once per connection: they never change). */
	shaped: boolean;
	/** Whether it has had the plan for the reveal (only once the game is over). */
	revealed?: boolean;
}

/** The game as delivery reads it: the game so far, its state, its events, and its reveal message (made once). */
export interface Delivered {
	/** The game so far: its plan and its log, of which `state` is the state now. */
	game: Game;
	state: GameState;
	log: EventLog;
	reveal: RevealMessage;
}

/**
 * A connection of `seat` from now on: the phone says how many of its seat's events it has
 * (`have`), and will be sent the rest, with the contour and settings first.
 */
export function placeFrom(place: Place, log: EventLog | null, seat: Seat, have: number): void {
	const found = log ? log.seatPlace(seat, have) : { at: 0, count: 0 };
	place.at = found.at;
	place.sent = found.count;
	place.shaped = false;
}

/**
 * The frames that bring a connection of `seat` up to date — its seat's `standing` and the events
 * it has not had (read on from its place in the game's events), the contour and the settings with
 * its first update only, and the reveal once the game is over — its place moved on.
 */
export function catchUp(place: Place, game: Delivered, seat: Seat, standing: SeatStanding): HostMessage[] {
	const news = game.log.seatEvents(seat, place.at);
	const view: SentView = place.shaped ? standing : { ...standing, shape: shapeOf(game.state), settings: game.state.settings };
	const frames: HostMessage[] = pageEvents(view, place.sent, news);
	place.shaped = true;
	place.sent += news.length;
	place.at = game.log.length;
	// The reveal, when the game's system opens it to the seat (rules/<id>: once the game is over).
	const reveal = place.revealed ? null : game.reveal.of(game.game, game.state, seat);
	if (reveal) {
		if (reveal.frame) frames.push(reveal.frame);
		place.revealed = true;
	}
	return frames;
}

/** Each seat's standing, made once per move whatever the number of its connections. */
export class Standings {
	private readonly made = new Map<Seat, SeatStanding>();
	constructor(private readonly state: GameState) {}

	of(seat: Seat): SeatStanding {
		let standing = this.made.get(seat);
		if (!standing) this.made.set(seat, (standing = seatStanding(this.state, seat)));
		return standing;
	}
}

/**
 * The reveal message: what the engine's reveal (`revealFor`) carries, as much of it as one frame
 * holds — the plan and the whole replay, else the replay without the moves as said, else the plan
 * alone; a plan too big for a frame stays on the tablet (its screen shows the reveal).
 */
export function revealMessage({ plan, replay }: Reveal): HostMessage | null {
	const candidates: HostMessage[] = replay
		? [
				{ type: 'reveal', plan, replay },
				{ type: 'reveal', plan, replay: withoutMoves(replay) },
				{ type: 'reveal', plan }
			]
		: [{ type: 'reveal', plan }];
	return candidates.find((c) => JSON.stringify(c).length < MAX_HOST_FRAME - 512) ?? null;
}

/** The reveal message of a finished game, made once for every phone (`revealFor` gives every seat the same reveal). */
export class RevealMessage {
	private made: { reveal: Reveal; message: HostMessage | null } | null = null;

	/**
	 * What `seat` is sent of `game`, now in `state`: null while its system keeps the plan from the
	 * seat (`revealFor`); then the frame (null when even the plan alone is too big for one).
	 */
	of(game: Game, state: GameState, seat: Seat): { frame: HostMessage | null } | null {
		const reveal = revealFor(game, state, seat);
		if (!reveal) return null;
		if (this.made?.reveal !== reveal) this.made = { reveal, message: revealMessage(reveal) };
		return { frame: this.made.message };
	}
}

/** The table as every seated phone hears it: the names, who is here, and whether a game is on. */
export function tableMessage(names: string[], here: boolean[], started: boolean): HostMessage {
	return { type: 'table', names, here, started };
}
