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
import { Assistant, type Fact, type KnownKind, type KnownSide } from '../sheet/assistant';
import { Others } from '../sheet/others';

/** The certain facts as arrays: the kind of a cell, the state of each side of each cell. */
export interface Map2D {
	width: number;
	height: number;
	shape: readonly boolean[];
	/** Per cell: its known kind, or undefined. */
	kinds: (KnownKind | undefined)[];
	/** Per cell * 4 + direction (up, right, down, left): SIDE_UNKNOWN, SIDE_OPEN, SIDE_WALL or SIDE_EXIT. */
	sides: Uint8Array;
	/** Per cell * 4 + direction: the neighbour, or −1 on the outline. */
	nb: Int32Array;
	/** How many facts are certain. */
	count: number;
}

export const SIDE_UNKNOWN = 0;
export const SIDE_OPEN = 1;
export const SIDE_WALL = 2;
export const SIDE_EXIT = 3;
const SIDE_CODE: Record<KnownSide, number> = { open: SIDE_OPEN, wall: SIDE_WALL, exit: SIDE_EXIT };
// A module-local copy: read for every fact drawn.
const DIR_INDEX = DIR_INDEX_EXPORT;

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
	/** Fakes that crumbled in this player's hands. */
	fakes = 0;
	private lastStart: number | null = null;
	/** The certain facts' map, for the hypotheses it was drawn from (`Assistant.version`). */
	private facts: { of: object; map: Map2D } | null = null;
	/** Each hypothesis's map, by its facts (`Assistant.hypothesisFactsKey`): most last from one move to the next. */
	private maps = new WeakMap<object, Map2D>();

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
		const fresh = events.slice(this.seen);
		if (fresh.length === 0) return;
		if (this.others) {
			const kinds = this.map().kinds;
			this.others.observe(fresh, (cell: number) => kinds[cell]);
		}
		for (const e of fresh) this.hearPublic(e);
		for (const e of fresh) {
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
			const facts = this.assistant.certainFacts();
			this.facts = { of, map: this.mapOf((visit) => facts.forEach(visit)) };
		}
		return this.facts.map;
	}

	/**
	 * Up to `max` cells the player may be on, the likeliest first (held by the most hypotheses; of
	 * equal counts, the lowest cell), each with the map of its first hypothesis and how many hold it.
	 */
	worlds(max: number): { cell: number; map: Map2D; weight: number }[] {
		const a = this.assistant;
		const n = a.hypothesisCount;
		if (n === 0) return [];
		if (n === 1) return [{ cell: a.hypothesisCell(0), map: this.hypothesisMap(0), weight: 1 }];
		const byCell = new Map<number, { first: number; weight: number }>();
		for (let i = 0; i < n; i++) {
			const cell = a.hypothesisCell(i);
			const at = byCell.get(cell);
			if (at) at.weight++;
			else byCell.set(cell, { first: i, weight: 1 });
		}
		const cells = [...byCell].sort((x, y) => y[1].weight - x[1].weight || x[0] - y[0]).slice(0, max);
		return cells.map(([cell, { first, weight }]) => ({ cell, map: this.hypothesisMap(first), weight }));
	}

	/** Whether, by some hypothesis, the step in direction `di` enters a cell known as encephalitis. */
	mayEnterEncephalitis(di: number): boolean {
		const a = this.assistant;
		this.nb ??= neighbours(a);
		for (let i = 0; i < a.hypothesisCount; i++) {
			const n = this.nb[a.hypothesisCell(i) * 4 + di]!;
			if (n >= 0 && a.hypothesisKind(i, n) === 'encephalitis') return true;
		}
		return false;
	}

	private hypothesisMap(i: number): Map2D {
		const key = this.assistant.hypothesisFactsKey(i);
		let map = this.maps.get(key);
		if (!map) {
			map = this.mapOf((visit) => this.assistant.eachHypothesisFact(i, visit));
			this.maps.set(key, map);
		}
		return map;
	}

	/** The map of the facts `each` visits. */
	private mapOf(each: (visit: (f: Fact) => void) => void): Map2D {
		const a = this.assistant;
		const { width, height, shape } = a.contour;
		const size = shape.length;
		const nb = (this.nb ??= neighbours(a));
		const kinds: (KnownKind | undefined)[] = new Array(size);
		const sides = new Uint8Array(size * 4);
		let count = 0;
		each((f) => {
			count++;
			if (f.kind === 'cell') kinds[f.cell] = f.value;
			else {
				const di = DIR_INDEX[f.dir];
				const i = f.cell * 4 + di;
				const code = SIDE_CODE[f.value];
				sides[i] = code;
				const n = nb[i]!;
				if (n >= 0) sides[n * 4 + ((di + 2) & 3)] = code;
			}
		});
		return { width, height, shape, kinds, sides, nb, count };
	}

	private nb: Int32Array | null = null;
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
