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
import { revealCarried, revealOpen, withoutMoves } from '../engine/game/reveal-of';
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

/** The game as delivery reads it: its state, its events, and its reveal (made once). */
export interface Delivered {
	state: GameState;
	log: EventLog;
	/** The reveal message of the finished game (`RevealMessage`). */
	reveal: () => HostMessage | null;
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
	if (!place.revealed && revealOpen(game.state, seat)) {
		const reveal = game.reveal();
		if (reveal) frames.push(reveal);
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
 * The reveal message: what the engine's reveal of `game` carries (`revealCarried`), as much of
 * it as one frame holds — the plan and the whole replay, else the replay without the moves as
 * said, else the plan alone; a plan too big for a frame stays on the tablet (its screen shows
 * the reveal). Sent only once `revealOpen` says so (`catchUp`).
 */
export function revealMessage(game: Game): HostMessage | null {
	const { plan, replay } = revealCarried(game);
	const candidates: HostMessage[] = replay
		? [
				{ type: 'reveal', plan, replay },
				{ type: 'reveal', plan, replay: withoutMoves(replay) },
				{ type: 'reveal', plan }
			]
		: [{ type: 'reveal', plan }];
	return candidates.find((c) => JSON.stringify(c).length < MAX_HOST_FRAME - 512) ?? null;
}

/** The reveal message of a finished game, made once for every phone (the reveal carries the same to every seat). */
export class RevealMessage {
	private made: { game: Game; message: HostMessage | null } | null = null;

	of(game: Game): HostMessage | null {
		if (this.made?.game !== game) this.made = { game, message: revealMessage(game) };
		return this.made.message;
	}
}

/** The table as every seated phone hears it: the names, who is here, and whether a game is on. */
export function tableMessage(names: string[], here: boolean[], started: boolean): HostMessage {
	return { type: 'table', names, here, started };
}
