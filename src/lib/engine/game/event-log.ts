/**
 * A game's events so far: every event of its accepted commands, oldest first (issue 19). The
 * state holds none (only what the rules need); whoever keeps the game keeps its `EventLog`
 * beside the state and adds each accepted command's events (`replayEvents` rebuilds both).
 *
 * A log is a value: `with` gives the longer log and leaves this one as it was, so a screen
 * holding it sees a new one each move. The longer log shares this one's array (appended in
 * place, nothing copied) unless that array was already appended to after this one; then it
 * copies. Appending a game's commands one after another costs each only its own events.
 */
import type { GameEvent, Seat } from './types';
import { visibleTo } from './view';

export class EventLog {
	private constructor(
		/** Holds this log's events first; a longer log sharing it may have put more after them. */
		private readonly store: GameEvent[],
		readonly length: number
	) {}

	static empty(): EventLog {
		return new EventLog([], 0);
	}

	/** This log followed by `events`. */
	with(events: readonly GameEvent[]): EventLog {
		if (events.length === 0) return this;
		const store = this.store.length === this.length ? this.store : this.store.slice(0, this.length);
		for (const e of events) store.push(e);
		return new EventLog(store, this.length + events.length);
	}

	/** The `i`th event (negative: from the end), as `Array.at`. */
	at(i: number): GameEvent | undefined {
		const at = i < 0 ? this.length + i : i;
		return at >= 0 && at < this.length ? this.store[at] : undefined;
	}

	/** The events from `start` up to `end`, a new array (as `Array.slice`, without negative bounds). */
	slice(start = 0, end = this.length): GameEvent[] {
		return this.store.slice(start, Math.min(end, this.length));
	}

	/** The events `seat` hears (`visibleTo`), from the log's `from`th event on: its feed, or what it has not had. */
	seatEvents(seat: Seat, from = 0): GameEvent[] {
		const out: GameEvent[] = [];
		for (let i = from; i < this.length; i++) if (visibleTo(this.store[i]!, seat)) out.push(this.store[i]!);
		return out;
	}

	/**
	 * Where in the log the seat's first `count` events end, and how many of them there are (fewer
	 * when the log holds fewer): the place a phone that has `count` of them reads on from.
	 */
	seatPlace(seat: Seat, count: number): { at: number; count: number } {
		let seen = 0;
		if (count <= 0) return { at: 0, count: 0 };
		for (let i = 0; i < this.length; i++) if (visibleTo(this.store[i]!, seat) && ++seen === count) return { at: i + 1, count };
		return { at: this.length, count: seen };
	}

	/** The events everybody at the table heard (the public ones), oldest first. */
	heardByAll(): GameEvent[] {
		const out: GameEvent[] = [];
		for (let i = 0; i < this.length; i++) if (this.store[i]!.audience.to === 'all') out.push(this.store[i]!);
		return out;
	}
}
