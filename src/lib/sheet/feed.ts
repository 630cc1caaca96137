/**
 * The assistant fed from what a phone has: its feed (the events its seat was told, in order)
 * and its own commands, each with the length the feed had when it was sent. The events after
 * that point that concern the player, up to the next turn, are the answer to the command.
 *
 * `SheetFeed` keeps the assistant and the others' candidates between updates and takes in only
 * what is new: a long game costs the same per announcement as a short one. Fed all at once (the
 * sheet opening) or piece by piece as the phone hears it, it ends in the same place — the
 * steps are the same whatever the pieces: an own command's answer is taken only once it is
 * closed (a turn, or the player's next command), and until then it is tried on a copy; a command
 * recorded after its answer arrived (the host's acknowledgement comes after its announcement)
 * takes the feed back to a checkpoint from before it and on again.
 */
import type { Command, GameEvent, Seat } from '../engine/game/types';
import { Assistant, type AssistantOptions, type Contour } from './assistant';
import { knownKinds, Others, type Known } from './others';

export interface OwnCommand {
	command: Command;
	at: number;
}

const FOLLOWED = new Set<Command['type']>(['move', 'choose_start', 'order_cell']);
/** Updates kept to go back to when a command is recorded after its answer. */
const CHECKPOINTS = 12;

interface Point {
	assistant: Assistant;
	others: Others | null;
	/** Events taken in. */
	i: number;
	/** Own commands taken in. */
	q: number;
	/** The last event taken in (a feed that is not this one's continuation is taken in afresh). */
	last: GameEvent | undefined;
}

export interface FeedOptions {
	/** Follow the other players' candidates too. */
	others?: boolean;
	/** A step goes the way it was said (false: the topographic labyrinth's spinners may turn it). */
	steered?: boolean;
}

export class SheetFeed {
	private at!: Point;
	private own: OwnCommand[] = [];
	private checkpoints: Point[] = [];
	private shown: { assistant: Assistant; others: Others | null } | null = null;
	/** Counts the assistant's steps, so what it is sure of is worked out once per step, when asked. */
	private version = 0;
	private knownAt = -1;
	private knownNow: Known = () => undefined;
	/** Whole rebuilds so far (the first one included). */
	rebuilds = 0;

	constructor(
		readonly contour: Contour,
		readonly seat: Seat,
		readonly options: AssistantOptions,
		private readonly feedOptions: FeedOptions = {}
	) {
		this.reset();
	}

	/** Takes in the feed and the own commands as they are now (each a continuation of the last ones given). */
	update(events: readonly GameEvent[], own: readonly OwnCommand[]): this {
		const followed = own.filter((o) => FOLLOWED.has(o.command.type)).sort((a, b) => a.at - b.at);
		const sameOwn = this.own.length <= followed.length && this.own.every((o, k) => o.at === followed[k]!.at && o.command.type === followed[k]!.command.type);
		const continues = this.at.i <= events.length && (this.at.i === 0 || events[this.at.i - 1] === this.at.last);
		if (!sameOwn || !continues) this.reset();
		else if (this.shown && followed.length === this.own.length && events.length === this.seen) return this;
		else {
			// A command recorded after events it answers were taken in: back to before it.
			const late = followed.slice(this.own.length).reduce((min, o) => Math.min(min, o.at), Infinity);
			if (late < this.at.i) this.back(late);
		}
		this.own = followed;
		this.seen = events.length;
		this.checkpoints.push(this.copy(this.at));
		if (this.checkpoints.length > CHECKPOINTS) this.checkpoints.shift();
		this.run(events);
		return this;
	}
	/** The feed's length at the last update. */
	private seen = -1;

	/** The assistant as of the whole feed (an open answer included). */
	get assistant(): Assistant {
		return this.shown!.assistant;
	}

	/** The others' candidates as of the whole feed (empty when not followed). */
	otherCandidates(): Map<Seat, number[]> {
		const others = this.shown?.others;
		if (!others) return new Map();
		const settled = others.clone();
		settled.settle(this.known(this.shown!.assistant));
		return settled.candidates();
	}

	private reset(): void {
		this.rebuilds++;
		this.own = [];
		this.checkpoints = [];
		this.shown = null;
		this.seen = -1;
		this.at = {
			assistant: new Assistant(this.contour, this.seat, this.options),
			others: this.feedOptions.others ? new Others(this.contour, this.seat, this.feedOptions.steered ?? true) : null,
			i: 0,
			q: 0,
			last: undefined
		};
		this.version++;
	}

	private back(to: number): void {
		for (let k = this.checkpoints.length - 1; k >= 0; k--) {
			const point = this.checkpoints[k]!;
			if (point.i <= to) {
				this.checkpoints.length = k;
				this.at = point;
				this.version++;
				return;
			}
		}
		this.reset();
	}

	private copy(point: Point): Point {
		return { ...point, assistant: point.assistant.clone(), others: point.others?.clone() ?? null };
	}

	/** Steps on as far as the feed is settled, then shows the rest (an open answer) on a copy. */
	private run(events: readonly GameEvent[]): void {
		const at = this.at;
		const queue = this.own;
		for (;;) {
			const next = queue[at.q];
			if (next && next.at <= at.i) {
				// The answer runs to the next turn, or to where the player's next command was sent.
				const stop = Math.min(queue[at.q + 1]?.at ?? Infinity, events.length);
				let end = at.i;
				while (end < stop && events[end]!.type !== 'turn') end++;
				const after = queue[at.q + 1];
				const closed = end < events.length || (after !== undefined && after.at <= end);
				if (!closed) break;
				this.ownStep(at, next.command, events.slice(at.i, end));
				at.i = end;
				at.q++;
				at.last = events[end - 1] ?? at.last;
				continue;
			}
			if (at.i >= events.length) break;
			const e = events[at.i]!;
			this.otherStep(at, e);
			at.i++;
			at.last = e;
		}
		const open = queue[at.q];
		if (open && open.at <= at.i) {
			// The answer so far, as a rebuild from this feed would take it.
			const tried = this.copy(at);
			this.ownStep(tried, open.command, events.slice(at.i));
			this.shown = tried;
		} else this.shown = at;
	}

	private ownStep(point: Point, command: Command, answer: GameEvent[]): void {
		// Start choices and cell orders are answered without a turn after them: take what concerns them.
		point.assistant.observeOwn(command, answer);
		this.version++;
		point.others?.observe(answer, this.known(point.assistant));
	}

	private otherStep(point: Point, e: GameEvent): void {
		point.assistant.observeOther([e]);
		this.version++;
		point.others?.observe([e], this.known(point.assistant));
	}

	/** What the assistant is sure of now, as cell kinds: worked out when first asked after a step. */
	private known(assistant: Assistant): Known {
		return (cell) => {
			if (this.knownAt !== this.version) {
				this.knownNow = knownKinds(assistant.certainFacts());
				this.knownAt = this.version;
			}
			return this.knownNow(cell);
		};
	}
}

export function runAssistant(contour: Contour, seat: Seat, options: AssistantOptions, own: readonly OwnCommand[], events: readonly GameEvent[]): Assistant {
	return new SheetFeed(contour, seat, options).update(events, own).assistant;
}

/**
 * Which of the player's own moves an entry of the feed answered (1 for the first move, as the
 * assistant counts them in its reasons), or null: not an answer to this player's own move.
 */
export function ownMoveOf(own: readonly OwnCommand[], events: readonly GameEvent[], seat: Seat, entry: number): number | null {
	const e = events[entry];
	if (!e || e.type === 'turn' || !('seat' in e) || e.seat !== seat) return null;
	const moves = own.filter((o) => o.command.type === 'move').sort((a, b) => a.at - b.at);
	let found: number | null = null;
	for (const [i, o] of moves.entries()) if (o.at <= entry) found = i + 1;
	if (found === null) return null;
	// The answer runs to the next turn: an entry after it belongs to no move of this player's.
	for (let i = moves[found - 1]!.at; i < entry; i++) if (events[i]!.type === 'turn') return null;
	return found;
}
