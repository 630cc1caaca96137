/**
 * A game kept on this device (pass-and-play, the console without phones): its record, the state
 * and its events, and the step an accepted command takes them (issue 19: the same work per move
 * at any length of game). The record's log is this keeper's own array, added to in place; each
 * step still gives a new record and a new log of events, so a screen reading them sees the change.
 */
import { replayEvents, type Game } from '../engine/game/game';
import type { EventLog } from '../engine/game/event-log';
import type { Applied, Command, GameState, Seat } from '../engine/game/types';
import { viewFor, type SeatView } from '../engine/game/view';

export interface KeptGame {
	readonly game: Game;
	readonly state: GameState;
	readonly events: EventLog;
}

/** The game as its record says, with a log of its own (the record's is not added to). */
export function keep(game: Game): KeptGame {
	const own = { ...game, log: game.log.slice() };
	const { state, events } = replayEvents(own);
	return { game: own, state, events };
}

/**
 * The game once `command`, accepted (`applied`, not `rejected`), is stored: the log grows in place
 * (an older record's log grows with it: the record is the keeper's, read it from the newest),
 * the record and the events are new values.
 */
export function grown(kept: KeptGame, command: Command, applied: Applied): KeptGame {
	kept.game.log.push(command);
	return { game: { ...kept.game }, state: applied.state, events: kept.events.with(applied.events) };
}

/** What `seat` may know now; its events are the log's own list (`EventLog.seatFeed`), not a copy. */
export function keptView(kept: KeptGame, seat: Seat): SeatView {
	return viewFor(kept.state, seat, kept.events.seatFeed(seat));
}
