/**
 * Where the other players may be, from the public feed alone. The feed says what each move
 * found ("land", "a wall", "a pit") but not where the player went, so each of them starts
 * anywhere their announced start kind allows and then moves to any neighbour whose kind may be
 * what was announced; a pit or a river sends them anywhere such a cell may be, a wall or a skip
 * keeps them where they were. The cell kinds this player is sure of (the assistant's facts) cut
 * the candidates down: a neighbour known to be land cannot be where "hospital" was heard.
 * Each move is heard as said before its answer (000 1.2, 6.2): a player who said "go right" and
 * arrived somewhere went to the square on the right, and one who went out through an exit stood
 * on a square with no square beyond it that way — unless the rules turn the step (the
 * topographic labyrinth's spinners: `steered` false), when any neighbour may be the one.
 * Walls are never used (a grenade may have opened one). Sound first: anything not understood
 * makes the set every square of the contour again.
 */
import type { GameEvent, Seat } from '../engine/game/types';
import { neighbour, OPPOSITE } from '../engine/plan/geometry';
import { DIRECTIONS, type Direction, type Plan } from '../engine/plan/types';
import type { Contour, Fact, KnownKind } from './assistant';

/** Kinds a cell may have after an announcement of `heard` (said of another player: "land" may be encephalitis). */
const HEARD: Partial<Record<GameEvent['type'], KnownKind[]>> = {
	land: ['land', 'landlike', 'encephalitis'],
	hospital: ['hospital'],
	weaponry: ['weaponry'],
	delta: ['delta', 'water'],
	mite_woken: ['encephalitis', 'landlike'],
	encephalitis: ['encephalitis', 'landlike'],
	pit: ['pit'],
	pit_loop: ['pit'],
	river: ['river', 'delta', 'water'],
	by_flow: ['river', 'delta', 'water'],
	wall_carried: ['river', 'delta', 'water'],
	river_wade: ['river', 'water']
};
/** Sent anywhere a cell of that kind may be (a pit's loop, a river's flow). */
const ANYWHERE = new Set<GameEvent['type']>(['pit', 'pit_loop', 'river', 'by_flow', 'wall_carried']);
/** Steps onto a neighbour. */
const ARRIVE = new Set<GameEvent['type']>(['land', 'hospital', 'weaponry', 'delta', 'mite_woken', 'encephalitis', 'river_wade']);
/** The move left the player where he was. */
const STAY = new Set<GameEvent['type']>(['wall', 'exit_refused', 'skip', 'no_flow', 'no_loop', 'river_against']);
const GONE = new Set<GameEvent['type']>(['you_died', 'infection_death', 'lost_outside']);
const WIDEN = new Set<GameEvent['type']>(['dark_done', 'semi_dark_done', 'cell_ordered']);
/** Said of a player without telling anything of where he went. */
const NEUTRAL = new Set<GameEvent['type']>([
	'move_announced', 'start_chosen', 'start_kind', 'found', 'at_feet', 'scream', 'no_scream', 'grenade', 'left_item', 'thrown', 'mine_set', 'blast', 'took_treasure', 'action_failed',
	'status', 'recall', 'infected', 'infection_left', 'immune', 'wounded_notice', 'cremated', 'break_taken', 'timed_out', 'survivor_left', 'cell_kind_answer', 'cell_kind_asked', 'rejected', 'exit_out', 'won'
]);

export type Known = (cell: number) => KnownKind | undefined;

export class Others {
	/** Candidate cells per seat; null: out of the game. */
	private readonly sets = new Map<Seat, Set<number> | null>();
	private readonly outside = new Set<Seat>();
	/** Seats that may be outside unheard of (a dark move, an undo): a step in may come from beyond the outline. */
	private readonly maybeOut = new Set<Seat>();
	private block: GameEvent[] = [];
	private mover: Seat | null = null;
	private readonly all: number[];
	private readonly outline: number[];

	constructor(
		readonly contour: Contour,
		readonly me: Seat,
		/** A step goes the way it was said (false: the rules may turn it, as the topographic labyrinth's spinners do). */
		readonly steered = true,
		all?: number[],
		outline?: number[]
	) {
		this.all = all ?? [...contour.shape.keys()].filter((c) => contour.shape[c]);
		this.outline = outline ?? this.all.filter((c) => DIRECTIONS.some((d) => this.neighbours(c, d) === null));
	}

	/** A copy that goes on by itself (the candidate sets are replaced, never changed in place). */
	clone(): Others {
		const copy = new Others(this.contour, this.me, this.steered, this.all, this.outline);
		for (const [seat, set] of this.sets) copy.sets.set(seat, set);
		for (const seat of this.outside) copy.outside.add(seat);
		for (const seat of this.maybeOut) copy.maybeOut.add(seat);
		copy.block = [...this.block];
		copy.mover = this.mover;
		return copy;
	}

	/** Candidates for each other seat heard of so far (ascending; empty when out of the game). */
	candidates(): Map<Seat, number[]> {
		const out = new Map<Seat, number[]>();
		for (const [seat, set] of this.sets) out.set(seat, set ? sorted(set) : []);
		return out;
	}

	/** Takes in the next events of the feed, in order; `known` is what this player is sure of. */
	observe(events: readonly GameEvent[], known: Known): void {
		for (const e of events) {
			if (e.type === 'turn') {
				this.close(known);
				this.mover = e.seat;
				continue;
			}
			if (e.type === 'master_undo' || e.type === 'master_correct' || e.type === 'common_start_set') {
				this.close(known);
				for (const seat of this.sets.keys()) {
					this.sets.set(seat, new Set(this.all));
					this.maybeOut.add(seat);
				}
				this.outside.clear();
				continue;
			}
			if (!('seat' in e) || typeof e.seat !== 'number' || e.seat === this.me) continue;
			// a player who moves again in his turn: each move is settled on its own
			if (e.type === 'move_announced' && this.block.length) this.close(known);
			if (e.type === 'start_chosen') this.sets.set(e.seat, new Set(this.all));
			else if (e.type === 'start_kind') this.sets.set(e.seat, new Set(this.filter(this.all, start(e.kind), known)));
			else if (this.mover === e.seat) this.block.push(e);
			else if (GONE.has(e.type)) this.sets.set(e.seat, null);
			else if (!NEUTRAL.has(e.type)) this.sets.set(e.seat, new Set(this.all));
		}
	}

	/** Settles the last move heard (call after the last events when nothing more is coming: the UI's snapshot). */
	settle(known: Known): void {
		this.close(known);
	}

	private close(known: Known): void {
		const seat = this.mover;
		const block = this.block;
		this.block = [];
		if (seat === null || seat === this.me || block.length === 0) return;
		// A turn heard of after a settle continues the same block: the mover stays.
		const set = this.sets.get(seat);
		if (set === undefined || set === null) return;
		const types = new Set(block.map((e) => e.type));
		const has = (s: Set<string>) => [...types].some((t) => s.has(t));
		if (has(GONE)) return void this.sets.set(seat, null);
		if (has(WIDEN)) {
			this.maybeOut.add(seat);
			return void this.sets.set(seat, new Set(this.all));
		}
		// The way the player said he would go (1.2, 6.2), when the step goes that way.
		const said = block.find((e): e is Extract<GameEvent, { type: 'move_announced' }> => e.type === 'move_announced');
		const step = said && this.steered ? said.move.actions.find((a) => a.a === 'go') : undefined;
		const way: Direction | null = step?.a === 'go' ? step.dir : null;
		if (types.has('exit_out')) {
			this.outside.add(seat);
			// out through the side `way` of his square: one with no square beyond it that way
			const from = way ? [...set].filter((c) => this.neighbours(c, way) === null) : [];
			return void this.sets.set(seat, new Set(from.length ? from : this.outline));
		}
		const anywhere = block.find((e) => ANYWHERE.has(e.type));
		if (anywhere) {
			this.outside.delete(seat);
			this.maybeOut.delete(seat);
			return void this.sets.set(seat, new Set(this.filter(this.all, HEARD[anywhere.type]!, known)));
		}
		const arrive = block.find((e) => ARRIVE.has(e.type));
		if (arrive) {
			// back in from outside: onto the square he went out from (3.4, rulings 2)
			const from = this.outside.has(seat) ? [...set] : null;
			this.outside.delete(seat);
			const next = from ? new Set(from) : new Set<number>();
			if (!from) {
				for (const c of set)
					for (const d of way ? [way] : DIRECTIONS) {
						const n = this.neighbours(c, d);
						if (n !== null) next.add(n);
					}
				// perhaps stepping back in from outside: onto a square of the outline, from beyond it
				if (this.maybeOut.has(seat)) for (const c of this.outline) if (!way || this.neighbours(c, OPPOSITE[way]) === null) next.add(c);
			}
			this.maybeOut.delete(seat);
			return void this.sets.set(seat, new Set(this.filter([...next], HEARD[arrive.type]!, known)));
		}
		if (types.has('exit_refused'))
			return void this.sets.set(seat, new Set([...set].filter((c) => (way ? this.neighbours(c, way) === null : this.outline.includes(c)))));
		if (has(STAY) || [...types].every((t) => NEUTRAL.has(t))) return;
		this.sets.set(seat, new Set(this.all));
	}

	private filter(cells: readonly number[], kinds: readonly KnownKind[], known: Known): number[] {
		return cells.filter((c) => {
			const k = known(c);
			return k === undefined || kinds.includes(k) || (k === 'water' && (kinds.includes('river') || kinds.includes('delta'))) || (k === 'landlike' && (kinds.includes('land') || kinds.includes('encephalitis')));
		});
	}

	private neighbours(cell: number, dir: Direction): number | null {
		// The contour's squares stand for cells: geometry only asks whether one is there.
		return neighbour({ width: this.contour.width, height: this.contour.height, cells: this.contour.shape as unknown as Plan['cells'] }, cell, dir);
	}
}

/** A candidate set's cells in order, worked out once per set (sets are replaced, never changed in place). */
const SORTED = new WeakMap<ReadonlySet<number>, readonly number[]>();
function sorted(set: ReadonlySet<number>): number[] {
	let cells = SORTED.get(set);
	if (!cells) SORTED.set(set, (cells = [...set].sort((a, b) => a - b)));
	return cells.slice();
}

/** Kinds a start announced as `kind` may be (6.1: encephalitis off is told as land). */
function start(kind: string): KnownKind[] {
	if (kind === 'land') return ['land', 'landlike', 'encephalitis'];
	if (kind === 'encephalitis') return ['encephalitis', 'landlike'];
	if (kind === 'river') return ['river', 'water'];
	if (kind === 'delta') return ['delta', 'water'];
	return [kind as KnownKind];
}

/** The others' candidates from a whole feed (what the sheet draws). */
export function otherCandidates(contour: Contour, me: Seat, events: readonly GameEvent[], known: Known, steered = true): Map<Seat, number[]> {
	const others = new Others(contour, me, steered);
	others.observe(events, known);
	others.settle(known);
	return others.candidates();
}

/** What this player is sure of, as cell kinds (the assistant's certain facts). */
export function knownKinds(facts: readonly Fact[]): Known {
	const kinds = new Map<number, KnownKind>();
	for (const f of facts) if (f.kind === 'cell') kinds.set(f.cell, f.value);
	return (cell) => kinds.get(cell);
}
