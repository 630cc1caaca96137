/**
 * A game's events so far: every event of its accepted commands, oldest first (issue 19). The
 * state holds none (only what the rules need); whoever keeps the game keeps its `EventLog`
 * beside the state and adds each accepted command's events (`replayEvents` rebuilds both).
 *
 * A log is a value: `with` gives the longer log and leaves this one as it was, so a screen
 * holding it sees a new one each move. The longer log shares this one's array (appended in
 * place, nothing copied) unless that array was already appended to after this one; then it
 * copies. Appending a game's commands one after another costs each only its own events.
 *
 * What each seat heard is kept beside the shared array (`Heard`), extended as far as a log asks
 * and shared by every log on that array: a seat's feed costs each new event once, not the whole
 * game per move. A copied array (a log appended to after a longer one was made) starts its own.
 */
import type { GameEvent, Seat } from './types';
import { visibleTo } from './view';

/** Who hears an event: a seat, or `'all'` for the events everybody heard. */
type Hearer = Seat | 'all';

/** The events of one array a hearer heard, as far as `scanned`: only ever appended to, as the array is. */
class Heard {
	scanned = 0;
	readonly events: GameEvent[] = [];
	/** Where each of `events` is in the array. */
	readonly at: number[] = [];
}

/** An array of events (appended to only) and what each hearer heard of it so far. */
interface Shelf {
	readonly events: GameEvent[];
	readonly heard: Map<Hearer, Heard>;
}

const hears = (e: GameEvent, who: Hearer) => (who === 'all' ? e.audience.to === 'all' : visibleTo(e, who));

export class EventLog {
	private constructor(
		/** Holds this log's events first; a longer log sharing it may have put more after them. */
		private readonly shelf: Shelf,
		readonly length: number
	) {}

	private get store(): GameEvent[] {
		return this.shelf.events;
	}

	static empty(): EventLog {
		return new EventLog({ events: [], heard: new Map() }, 0);
	}

	/** This log followed by `events`. */
	with(events: readonly GameEvent[]): EventLog {
		if (events.length === 0) return this;
		// Appended to past this log already: a copy of its part, with nothing heard yet (the old lists are the other branch's).
		const shelf = this.store.length === this.length ? this.shelf : { events: this.store.slice(0, this.length), heard: new Map() };
		for (const e of events) shelf.events.push(e);
		return new EventLog(shelf, this.length + events.length);
	}

	/** What `who` heard of the shared array, scanned at least as far as this log goes, and how many of its events are this log's. */
	private heard(who: Hearer): { heard: Heard; count: number } {
		let heard = this.shelf.heard.get(who);
		if (!heard) this.shelf.heard.set(who, (heard = new Heard()));
		for (let i = heard.scanned; i < this.length; i++) {
			const e = this.store[i]!;
			if (hears(e, who)) {
				heard.events.push(e);
				heard.at.push(i);
			}
		}
		heard.scanned = Math.max(heard.scanned, this.length);
		return { heard, count: heardBefore(heard, this.length) };
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
		const { heard, count } = this.heard(seat);
		return heard.events.slice(from <= 0 ? 0 : heardBefore(heard, from), count);
	}

	/**
	 * The seat's feed as `seatEvents(seat)` gives it, without the copy: the log's own list of the
	 * seat's events when it ends where this log does (a screen's view, once a move). Read it, never
	 * change it; a later log may lengthen it in place, so a reader keeps its length, not the array,
	 * to know what it has read.
	 */
	seatFeed(seat: Seat): readonly GameEvent[] {
		const { heard, count } = this.heard(seat);
		return count === heard.events.length ? heard.events : heard.events.slice(0, count);
	}

	/**
	 * Where in the log the seat's first `count` events end, and how many of them there are (fewer
	 * when the log holds fewer): the place a phone that has `count` of them reads on from.
	 */
	seatPlace(seat: Seat, count: number): { at: number; count: number } {
		if (count <= 0) return { at: 0, count: 0 };
		const { heard, count: all } = this.heard(seat);
		return count <= all ? { at: heard.at[count - 1]! + 1, count } : { at: this.length, count: all };
	}

	/** The events everybody at the table heard (the public ones), oldest first. */
	heardByAll(): GameEvent[] {
		const { heard, count } = this.heard('all');
		return heard.events.slice(0, count);
	}

	/** `heardByAll` to read by place (a feed on the screen): nothing copied, a new value for each log. */
	heardByAllRange(): EventRange {
		const { heard, count } = this.heard('all');
		return new EventRange(heard.events, count);
	}
}

/** The first `length` events of a list that may grow past them later: read by place, as `Array.at`. */
export class EventRange {
	constructor(
		private readonly list: readonly GameEvent[],
		readonly length: number
	) {}

	at(i: number): GameEvent | undefined {
		const at = i < 0 ? this.length + i : i;
		return at >= 0 && at < this.length ? this.list[at] : undefined;
	}
}

/** How many of the heard events lie before place `end` of the array (a binary search; most often all of them). */
function heardBefore(heard: Heard, end: number): number {
	const at = heard.at;
	if (at.length === 0 || at[at.length - 1]! < end) return at.length;
	let lo = 0;
	let hi = at.length - 1;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (at[mid]! < end) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}
