/**
 * What a computer player knows: only its seat's view and feed (`viewFor`, the path a phone is
 * fed by), read in order, with its own commands beside them — the same input the sheet's
 * assistant has on a phone. The map is the assistant's (hypotheses, certain facts); the others'
 * whereabouts are the sheet's `Others`. Nothing here can reach the plan or the state.
 */
import type { Command, GameEvent, Seat } from '../engine/game/types';
import { DIR_INDEX as DIR_INDEX_EXPORT } from '../engine/game/board';
import type { SeatView } from '../engine/game/view';
import { DIRECTIONS, type Direction } from '../engine/plan/types';
import { Assistant, type Fact, type FactReader, type KnownKind, type KnownSide } from '../sheet/assistant';
import { Others } from '../sheet/others';

export const SIDE_UNKNOWN = 0;
export const SIDE_OPEN = 1;
export const SIDE_WALL = 2;
export const SIDE_EXIT = 3;
/** Readings (and route searches) stamped before the stamps, kept in Int32Arrays, start over. */
export const STAMP_LIMIT = 2 ** 30;
const SIDE_CODE: Record<KnownSide, number> = { open: SIDE_OPEN, wall: SIDE_WALL, exit: SIDE_EXIT };
// A module-local copy: read for every fact drawn.
const DIR_INDEX = DIR_INDEX_EXPORT;

/**
 * What a player is sure of under one hypothesis (or under all: the certain facts), as the route
 * search reads it: the kind of a square, the state of each side. A hypothesis's map is read from
 * its facts square by square as the search reaches them (most of the map is never looked at).
 */
export class Map2D {
	/** Per cell * 4 + direction (up, right, down, left): SIDE_*, where read. */
	private readonly sides: Uint8Array;
	/** Per cell: its known kind or undefined, where read. */
	private readonly kinds: (KnownKind | undefined)[];
	/**
	 * Per side and per cell: the reading it was read in (`readFrom` starts the next one; the
	 * others are not read yet), so a map is emptied without clearing it — a route search reads little.
	 */
	private readonly sideRead: Int32Array;
	private readonly kindRead: Int32Array;
	private reading = 0;

	private reader: FactReader | null = null;

	constructor(
		readonly shape: readonly boolean[],
		/** Per cell * 4 + direction: the neighbour, or −1 on the outline. */
		readonly nb: Int32Array
	) {
		const size = shape.length;
		this.sides = new Uint8Array(size * 4);
		this.kinds = new Array<KnownKind | undefined>(size).fill(undefined);
		this.sideRead = new Int32Array(size * 4);
		this.kindRead = new Int32Array(size);
	}

	/** Emptied, to be read from `reader` (a hypothesis's facts) as it is asked. */
	readFrom(reader: FactReader): this {
		this.reader = reader;
		if (this.reading >= STAMP_LIMIT) {
			this.sideRead.fill(0);
			this.kindRead.fill(0);
			this.reading = 0;
		}
		this.reading++;
		return this;
	}

	/** SIDE_UNKNOWN, SIDE_OPEN, SIDE_WALL or SIDE_EXIT: the side of `cell` in direction index `di`. */
	side(cell: number, di: number): number {
		const i = cell * 4 + di;
		return this.sideRead[i] === this.reading ? this.sides[i]! : this.readSide(cell, di);
	}

	kind(cell: number): KnownKind | undefined {
		if (this.kindRead[cell] === this.reading) return this.kinds[cell];
		const read = this.reader!.kind(cell);
		this.kinds[cell] = read;
		this.kindRead[cell] = this.reading;
		return read;
	}

	/** Drawn from a fact (the certain map). */
	set(f: Fact): void {
		if (f.kind === 'cell') {
			this.kinds[f.cell] = f.value;
			this.kindRead[f.cell] = this.reading;
		} else this.setSide(f.cell, DIR_INDEX[f.dir], SIDE_CODE[f.value]);
	}

	private readSide(cell: number, di: number): number {
		const value = this.reader!.side(cell, di);
		const code = value === undefined ? SIDE_UNKNOWN : SIDE_CODE[value];
		this.setSide(cell, di, code);
		return code;
	}

	/** Both faces of a side (the neighbour's, facing back, is the same side). */
	private setSide(cell: number, di: number, code: number): void {
		const i = cell * 4 + di;
		this.sides[i] = code;
		this.sideRead[i] = this.reading;
		const n = this.nb[i]!;
		if (n >= 0) {
			const j = n * 4 + ((di + 2) & 3);
			this.sides[j] = code;
			this.sideRead[j] = this.reading;
		}
	}
}

export class SeatKnowledge {
	readonly assistant: Assistant;
	/** The others' possible squares: followed only for a player who shoots (`withOthers`). */
	readonly others: Others | null;
	/** How much of the feed has been read. */
	private seen = 0;
	/** The own command waiting for its answer (sent when the feed had `at` events), and the answer so far. */
	private pending: { command: Command; at: number; answer: GameEvent[]; carried: boolean } | null = null;
	/** Treasures seen lying (cell → how many), from the own "found" answers where not all were picked up. */
	readonly treasures = new Map<number, number>();
	/** Seats heard finding a treasure since they last lost it (the hunter's targets). */
	readonly treasureCarriers = new Set<Seat>();
	/** Start cells the master refused (6.1). */
	readonly refusedStarts: number[] = [];
	/** The side this player went out through (3.4), while outside. */
	outsideDir: Direction | null = null;
	/** The count of rounds to a draw has started (3.6): heard in the feed. */
	nstopStarted = false;
	/** Fakes that crumbled in this player's hands. */
	fakes = 0;
	private lastStart: number | null = null;
	/** The kinds of answer this player was ever given to his own commands (what his facts can hold). */
	private readonly told = new Set<GameEvent['type']>();
	/** The certain facts' map, for the hypotheses it was drawn from (`Assistant.version`). */
	private facts: { of: object; map: Map2D } | null = null;
	/** The maps `worlds` hands out, refilled on every call (a decision allocates none). */
	private readonly worldMaps: Map2D[] = [];

	constructor(
		readonly seat: Seat,
		view: SeatView,
		withOthers = false
	) {
		const contour = { width: view.width, height: view.height, shape: view.shape };
		this.assistant = new Assistant(contour, seat, {
			encephalitis: view.settings.encephalitis,
			rivers: view.settings.rivers as 'normal' | 'shallow' | 'turbulent'
		});
		this.others = withOthers ? new Others(contour, seat) : null;
	}

	/** Reads the feed up to its end (call before deciding; `view` is this seat's). */
	sync(view: SeatView): void {
		const events = view.events;
		if (events.length < this.seen) throw new Error('the feed went backwards');
		const from = this.seen;
		if (events.length === from) return;
		if (this.others) {
			const map = this.map();
			this.others.observe(events.slice(from), (cell: number) => map.kind(cell));
		}
		for (let i = from; i < events.length; i++) this.hearPublic(events[i]!);
		for (let i = from; i < events.length; i++) {
			const e = events[i]!;
			if (this.pending) {
				if (e.type !== 'turn') {
					this.pending.answer.push(e);
					continue;
				}
				this.answer(view);
			}
			this.assistant.observeOther([e]);
		}
		this.seen = events.length;
	}

	/** The command this player is sending now (after `sync`): its answer is what follows in the feed. */
	sent(command: Command, view: SeatView): void {
		if (this.pending) this.answer(view);
		if (command.type === 'choose_start') this.lastStart = command.cell;
		this.pending = { command, at: view.events.length, answer: [], carried: view.me.carry === 'treasure' };
	}

	private answer(view: SeatView): void {
		const p = this.pending!;
		this.pending = null;
		// No event at all: the command was refused (it is not in the record either).
		if (p.answer.length === 0 && this.seen <= p.at) return;
		this.assistant.observeOwn(p.command, p.answer);
		const mine = p.answer.filter((e) => 'seat' in e && e.seat === this.seat);
		for (const e of mine) this.told.add(e.type);
		if (p.command.type === 'move') {
			const go = p.command.actions.find((a) => a.a === 'go');
			const out = mine.find((e) => e.type === 'exit_out');
			if (out?.type === 'exit_out') {
				this.outsideDir = go?.a === 'go' ? go.dir : null;
				if (out.crumbled) this.fakes++;
			} else this.outsideDir = null;
			const found = mine.findLast((e) => e.type === 'found' || e.type === 'at_feet');
			const at = this.assistant.positionCertain ? this.assistant.candidates()[0] : undefined;
			if (at !== undefined) {
				const n = found && (found.type === 'found' || found.type === 'at_feet') ? found.treasures : 0;
				const picked = !p.carried && view.me.carry === 'treasure' ? 1 : 0;
				if (n - picked > 0) this.treasures.set(at, n - picked);
				else this.treasures.delete(at);
			}
		}
	}

	/** What the table hears of the others: who may carry a treasure. */
	private hearPublic(e: GameEvent): void {
		if (e.type === 'nstop_started') this.nstopStarted = true;
		if (e.type === 'starts_invalidated' && e.seats.includes(this.seat) && this.lastStart !== null) this.refusedStarts.push(this.lastStart);
		if (!('seat' in e) || e.seat === this.seat) return;
		if ((e.type === 'found' || e.type === 'at_feet') && e.treasures > 0) this.treasureCarriers.add(e.seat);
		if (e.type === 'weaponry') {
			if (e.treasure) this.treasureCarriers.add(e.seat);
			else this.treasureCarriers.delete(e.seat);
		}
		if (e.type === 'exit_out' || e.type === 'you_died' || e.type === 'lost_outside' || e.type === 'infected' || e.type === 'left_item' || e.type === 'thrown')
			this.treasureCarriers.delete(e.seat);
	}

	/** The certain facts as a map (cached while the hypotheses stay the same). */
	map(): Map2D {
		const of = this.assistant.version;
		if (this.facts?.of !== of) {
			const map = new Map2D(this.assistant.contour.shape, this.neighbours());
			for (const f of this.assistant.certainFacts()) map.set(f);
			this.facts = { of, map };
		}
		return this.facts.map;
	}

	/**
	 * Whether this player was ever answered `type` to a command of his own. The assistant's facts
	 * come from those answers alone, so a player never told "hospital" knows no hospital under any
	 * hypothesis, and one never told of an exit knows no exit: a search for one can be skipped.
	 */
	everTold(type: GameEvent['type']): boolean {
		return this.told.has(type);
	}

	/** How many facts are certain (what the player has learnt for sure). */
	certainCount(): number {
		return this.assistant.certainCount;
	}

	/**
	 * Up to `max` cells the player may be on, the likeliest first (held by the most hypotheses; of
	 * equal counts, in the order `order` scatters them), each with the map of its first hypothesis
	 * and how many hold it. The maps are valid until the next call.
	 */
	worlds(max: number, order: number): { cell: number; map: Map2D; weight: number }[] {
		const a = this.assistant;
		const n = a.hypothesisCount;
		if (n === 0) return [];
		if (n === 1) return [{ cell: a.hypothesisCell(0), map: this.hypothesisMap(0, 0), weight: 1 }];
		const size = a.contour.shape.length;
		if (this.weight.length !== size) {
			this.weight = new Int32Array(size);
			this.firstHypothesis = new Int32Array(size);
		}
		const { weight, firstHypothesis } = this;
		const cells: number[] = [];
		for (let i = 0; i < n; i++) {
			const cell = a.hypothesisCell(i);
			if (weight[cell]!++ === 0) {
				firstHypothesis[cell] = i;
				cells.push(cell);
			}
		}
		// The most held first; of equal counts, by a scatter of the cells: (c + order) times an odd
		// constant, mod 2^32, one-to-one, so no two tie. As one number (counts stay far below 2^20):
		// the greatest rank first. Only the first `max` are wanted: picked, not sorted.
		const rank = this.rank.length >= cells.length ? this.rank : (this.rank = new Float64Array(cells.length * 2));
		for (let j = 0; j < cells.length; j++) {
			const c = cells[j]!;
			rank[j] = weight[c]! * 0x100000000 + (0xffffffff - (Math.imul(c + order, 0x9e3779b1) >>> 0));
		}
		const out: { cell: number; map: Map2D; weight: number }[] = [];
		for (let k = 0; k < cells.length && k < max; k++) {
			let best = k;
			for (let j = k + 1; j < cells.length; j++) if (rank[j]! > rank[best]!) best = j;
			const cell = cells[best]!;
			cells[best] = cells[k]!;
			cells[k] = cell;
			rank[best] = rank[k]!;
			out.push({ cell, map: this.hypothesisMap(firstHypothesis[cell]!, k), weight: weight[cell]! });
		}
		for (const cell of cells) weight[cell] = 0;
		return out;
	}

	/** Per cell, while `worlds` counts: how many hypotheses hold it, and the first that does. */
	private weight = new Int32Array(0);
	private firstHypothesis = new Int32Array(0);
	/** Per cell listed, while `worlds` picks: its rank (kept between calls). */
	private rank = new Float64Array(0);

	/** Whether, by some hypothesis, the step in direction `di` enters a cell known as encephalitis. */
	mayEnterEncephalitis(di: number): boolean {
		// A cell is known as encephalitis only from an answer that said so (see `everTold`).
		if (!this.told.has('encephalitis') && !this.told.has('mite_woken')) return false;
		const a = this.assistant;
		const nb = this.neighbours();
		for (let i = 0; i < a.hypothesisCount; i++) {
			const n = nb[a.hypothesisCell(i) * 4 + di]!;
			if (n >= 0 && a.hypothesisKind(i, n) === 'encephalitis') return true;
		}
		return false;
	}

	/** Hypothesis `i`'s map, in the `k`th of the maps kept for `worlds`. */
	private hypothesisMap(i: number, k: number): Map2D {
		const map = (this.worldMaps[k] ??= new Map2D(this.assistant.contour.shape, this.neighbours()));
		return map.readFrom(this.assistant.hypothesisReader(i));
	}

	private nb: Int32Array | null = null;

	private neighbours(): Int32Array {
		this.nb ??= neighbours(this.assistant);
		return this.nb;
	}
}

function neighbours(a: Assistant): Int32Array {
	const size = a.contour.shape.length;
	const nb = new Int32Array(size * 4).fill(-1);
	for (let c = 0; c < size; c++) {
		if (!a.contour.shape[c]) continue;
		for (let d = 0; d < 4; d++) nb[c * 4 + d] = a.neighbour(c, DIRECTIONS[d]!) ?? -1;
	}
	return nb;
}
