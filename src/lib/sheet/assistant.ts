/**
 * The deduction assistant: what a player can be sure of from what they were told, and
 * nothing else (it never sees the plan). It keeps hypotheses — "I am on cell c, and then the
 * map is like this" — starting from the start the player chose. Each announcement of the
 * player's own move either moves a hypothesis on (adding what it proves about the map) or
 * contradicts it (it is dropped); a pit, a river or a master's correction splits one into
 * many. A fact is certain when every hypothesis holds it; the player's position is certain
 * while one cell remains.
 *
 * Soundness first: anything the rules leave open (grenades may have opened a wall, a dark
 * move told nothing) widens the hypotheses instead of guessing.
 */
import type { Action, Command, GameEvent, Seat } from '../engine/game/types';
import { OPPOSITE } from '../engine/plan/geometry';
import { DIRECTIONS, type Direction } from '../engine/plan/types';

/** What a cell was announced as. `landlike` is "land" said to an immune player or with encephalitis off. */
export type KnownKind = 'land' | 'landlike' | 'hospital' | 'weaponry' | 'pit' | 'river' | 'delta' | 'encephalitis' | 'water';
/** What a side was found to be: `wall` (a wall, outer or inner, or a closed exit, at that time), `open`, `exit` (an open exit). */
export type KnownSide = 'wall' | 'open' | 'exit';

/** Why a fact is known, for "show your reasoning". */
export interface Reason {
	code: 'hit_wall' | 'moved' | 'entered' | 'carried' | 'pit' | 'exit' | 'refused_exit' | 'flow' | 'loop' | 'start';
	from: number;
	dir?: Direction;
	move: number;
}

export type Fact = { kind: 'cell'; cell: number; value: KnownKind; reason: Reason } | { kind: 'side'; cell: number; dir: Direction; value: KnownSide; reason: Reason };

const cellKey = (cell: number) => `c${cell}`;

/**
 * A hypothesis's facts, persistent: a shared base plus the few facts this branch added, so a
 * pit that splits one hypothesis into hundreds does not copy the map hundreds of times.
 */
class FactSet {
	static readonly empty = new FactSet(new Map(), null);

	private constructor(
		private readonly base: ReadonlyMap<string, Fact>,
		private readonly extra: ReadonlyMap<string, Fact> | null
	) {}

	static of(facts: Map<string, Fact>): FactSet {
		return new FactSet(facts, null);
	}

	get(key: string): Fact | undefined {
		return this.extra?.get(key) ?? this.base.get(key);
	}

	with(key: string, fact: Fact): FactSet {
		const extra = new Map(this.extra ?? []);
		extra.set(key, fact);
		if (extra.size <= 24) return new FactSet(this.base, extra);
		const base = new Map(this.base);
		for (const [k, f] of extra) base.set(k, f);
		return new FactSet(base, null);
	}

	/**
	 * The facts every set holds (the first set's order). Sets sharing a base are checked against
	 * it once, then each by its few facts of its own: a pit's hundreds of branches cost little.
	 */
	static common(sets: readonly FactSet[]): Fact[] {
		if (sets.length === 0) return [];
		const keys = [...sets[0]!.entries()];
		const index = new Map(keys.map(([key], k) => [key, k]));
		const held = keys.map(() => true);
		const byBase = new Map<ReadonlyMap<string, Fact>, FactSet[]>();
		for (const set of sets) {
			const list = byBase.get(set.base);
			if (list) list.push(set);
			else byBase.set(set.base, [set]);
		}
		for (const [base, list] of byBase) {
			// each set's own facts, then the base's for the keys some set of the group leaves to it
			const overridden = new Map<number, number>();
			for (const set of list)
				if (set.extra)
					for (const [key, fact] of set.extra) {
						const k = index.get(key);
						if (k === undefined) continue;
						overridden.set(k, (overridden.get(k) ?? 0) + 1);
						if (!sameValue(fact, keys[k]![1])) held[k] = false;
					}
			for (let k = 0; k < keys.length; k++) if (held[k] && (overridden.get(k) ?? 0) < list.length && !sameValue(base.get(keys[k]![0]), keys[k]![1])) held[k] = false;
		}
		return keys.filter((_, k) => held[k]).map(([, fact]) => fact);
	}

	*entries(): Generator<[string, Fact]> {
		for (const entry of this.base) if (!this.extra?.has(entry[0])) yield entry;
		if (this.extra) yield* this.extra;
	}

	get size(): number {
		let n = this.base.size;
		if (this.extra) for (const k of this.extra.keys()) if (!this.base.has(k)) n++;
		return n;
	}
}

interface Hypothesis {
	cell: number;
	/** Outside through this side of `cell` (3.4), or null. */
	outside: Direction | null;
	facts: FactSet;
}

export interface Contour {
	width: number;
	height: number;
	/** Row-major, true where the labyrinth has a square. */
	shape: readonly boolean[];
}

export interface AssistantOptions {
	/** 7.1 encephalitis off: such cells are announced as land. */
	encephalitis: boolean;
	/** 7.4 river mode: only normal rivers are followed cell by cell; the others widen. */
	rivers: 'normal' | 'shallow' | 'turbulent';
}

/** Hypotheses kept at most; beyond, those on the same cell merge (keeping the facts they share). */
const MAX_HYPOTHESES = 1200;
/** Hypotheses kept on one cell before they merge. */
const PER_CELL = 6;

export class Assistant {
	private hyps: Hypothesis[] = [];
	/** The path while the position was certain (cells in order); stops at the first doubt. */
	readonly path: number[] = [];
	private moves = 0;
	private immune = false;
	private alive = true;

	constructor(
		readonly contour: Contour,
		readonly seat: Seat,
		private readonly options: AssistantOptions
	) {}

	/** A copy that goes on by itself (hypotheses are never changed in place, so they are shared). */
	clone(): Assistant {
		const copy = new Assistant(this.contour, this.seat, this.options);
		copy.hyps = this.hyps;
		copy.path.push(...this.path);
		copy.moves = this.moves;
		copy.immune = this.immune;
		copy.alive = this.alive;
		return copy;
	}

	/** The player's start (6.1), from the choice the player made on this phone. */
	start(cell: number): void {
		this.hyps = [{ cell, outside: null, facts: FactSet.empty }];
		this.path.length = 0;
		this.path.push(cell);
	}

	/** Cells the player may be on now (empty before the start or after death). */
	candidates(): number[] {
		if (!this.alive) return [];
		return [...new Set(this.hyps.map((h) => h.cell))].sort((a, b) => a - b);
	}

	get positionCertain(): boolean {
		return this.alive && this.hyps.length > 0 && this.hyps.every((h) => h.cell === this.hyps[0]!.cell);
	}

	/** Facts that hold whatever hypothesis is true. */
	certainFacts(): Fact[] {
		// Worked out once per set of hypotheses (the set is replaced, never changed in place).
		if (this.certain?.hyps !== this.hyps) this.certain = { hyps: this.hyps, facts: FactSet.common(this.hyps.map((h) => h.facts)) };
		return this.certain.facts.slice();
	}
	private certain: { hyps: Hypothesis[]; facts: Fact[] } | null = null;

	/** How many hypotheses there are (a computer player samples them to plan). */
	get hypothesisCount(): number {
		return this.alive ? this.hyps.length : 0;
	}

	/** Hypothesis `i`: a cell the player may be on (or just outside of) and the facts that then hold. */
	hypothesis(i: number): { cell: number; outside: Direction | null; facts: Fact[] } {
		const h = this.hyps[i]!;
		return { cell: h.cell, outside: h.outside, facts: [...h.facts.entries()].map(([, f]) => f) };
	}

	/** The answer to this player's own command: `events` are those the command produced that this seat was told. */
	observeOwn(command: Command, events: readonly GameEvent[]): void {
		if (command.type === 'choose_start') {
			if (events.some((e) => e.type === 'start_chosen')) this.start(command.cell);
			return;
		}
		if (command.type === 'order_cell') {
			// 5.5: the player chose the cell; the master moved him there (or he stayed).
			const ordered = events.find((e) => e.type === 'cell_ordered');
			if (ordered && command.cell !== null) this.place(command.cell);
			return;
		}
		if (command.type !== 'move') return;
		this.moves++;
		const movement = command.actions.find((a): a is Extract<Action, { a: 'go' | 'flow' | 'loop' | 'skip' }> => a.a === 'go' || a.a === 'flow' || a.a === 'loop' || a.a === 'skip');
		const mine = events.filter((e) => 'seat' in e && e.seat === this.seat);
		this.noteHealth(mine);
		if (command.dark || command.semiDark || !movement) return this.widen();
		this.step(movement, mine);
		if (mine.some((e) => e.type === 'you_died' || e.type === 'infection_death' || e.type === 'lost_outside')) this.alive = false;
		this.record();
	}

	/** Events that came from someone else's command (or the master's). */
	observeOther(events: readonly GameEvent[]): void {
		this.noteHealth(events.filter((e) => 'seat' in e && e.seat === this.seat));
		if (events.some((e) => e.type === 'you_died' && e.seat === this.seat)) this.alive = false;
		// 7.6 a common start the player was not told, or the master undid a move or corrected the
		// state: where the player stands is open again.
		if (events.some((e) => e.type === 'common_start_set') && this.hyps.length === 0) {
			this.hyps = [{ cell: 0, outside: null, facts: FactSet.empty }];
			this.path.push(-1);
		}
		if (events.some((e) => e.type === 'master_undo' || e.type === 'master_correct' || e.type === 'common_start_set')) {
			this.alive = true;
			this.widen();
		}
	}

	// ------------------------------------------------------------------ reasoning

	private noteHealth(mine: readonly GameEvent[]): void {
		if (mine.some((e) => e.type === 'immune')) this.immune = true;
	}

	private place(cell: number): void {
		this.hyps = this.merge(this.hyps.map((h) => ({ ...h, cell, outside: null })));
		this.record();
	}

	/** Anything could have happened: every square of the contour, the facts kept. */
	private widen(): void {
		if (this.hyps.length === 0) return;
		const { facts } = this.hyps.reduce(intersect);
		const next: Hypothesis[] = [];
		for (let cell = 0; cell < this.contour.shape.length; cell++) {
			if (!this.contour.shape[cell]) continue;
			next.push({ cell, outside: null, facts });
			// …or just outside, through an exit on the outline (3.4).
			for (const dir of DIRECTIONS) if (this.neighbour(cell, dir) === null) next.push({ cell, outside: dir, facts });
		}
		this.hyps = next;
		this.record();
	}

	private record(): void {
		if (this.path.length === 0) return;
		const certain = this.positionCertain && this.path[this.path.length - 1] !== -1;
		if (certain) {
			const cell = this.hyps[0]!.cell;
			if (this.path[this.path.length - 1] !== cell) this.path.push(cell);
		} else if (this.path[this.path.length - 1] !== -1) this.path.push(-1);
	}

	private step(movement: Extract<Action, { a: 'go' | 'flow' | 'loop' | 'skip' }>, mine: readonly GameEvent[]): void {
		const types = new Set(mine.map((e) => e.type));
		const next: Hypothesis[] = [];
		this.wide = [];
		for (const h of this.hyps) next.push(...this.advance(h, movement, mine, types));
		next.push(...this.expandWide());
		if (next.length === 0) {
			// Every hypothesis contradicted: something the assistant does not model happened. Start over, knowing nothing.
			this.hyps = [{ cell: this.hyps[0]?.cell ?? 0, outside: null, facts: FactSet.empty }];
			this.widen();
			return;
		}
		this.hyps = this.merge(next);
	}

	/** Branches that could land anywhere (a pit, a turbulent river): expanded once, from the facts they all share. */
	private wide: { h: Hypothesis; kind: KnownKind; from: number; exclude: number | null }[] = [];

	private expandWide(): Hypothesis[] {
		if (this.wide.length === 0) return [];
		const byKind = new Map<KnownKind, typeof this.wide>();
		for (const w of this.wide) byKind.set(w.kind, [...(byKind.get(w.kind) ?? []), w]);
		const out: Hypothesis[] = [];
		for (const [kind, list] of byKind) {
			const base = list.map((w) => w.h).reduce(intersect);
			const exclude = list.every((w) => w.exclude === list[0]!.exclude) ? list[0]!.exclude : null;
			for (let cell = 0; cell < this.contour.shape.length; cell++) {
				if (!this.contour.shape[cell] || cell === exclude) continue;
				const at = addCell({ ...base, cell, outside: null }, cell, kind, { code: kind === 'pit' ? 'pit' : 'carried', from: list[0]!.from, move: this.moves });
				if (at) out.push(at);
			}
		}
		this.wide = [];
		return out;
	}

	/** What one hypothesis becomes after the movement and its announcement (none: contradicted). */
	private advance(h: Hypothesis, mv: Extract<Action, { a: 'go' | 'flow' | 'loop' | 'skip' }>, mine: readonly GameEvent[], types: Set<string>): Hypothesis[] {
		const reason = (code: Reason['code'], dir?: Direction): Reason => ({ code, from: h.cell, move: this.moves, ...(dir ? { dir } : {}) });
		if (h.outside !== null) {
			if (mv.a === 'go' && mv.dir === OPPOSITE[h.outside] && !types.has('lost_outside')) {
				const back = { ...h, outside: null };
				return this.entered(back, h.cell, mine, reason('entered'));
			}
			return [];
		}
		if (mv.a === 'skip') return types.has('skip') ? [h] : [];
		if (mv.a === 'flow') {
			if (types.has('no_flow')) return this.notKind(h, h.cell, 'river') ? [h] : [];
			const by = mine.find((e) => e.type === 'by_flow');
			if (!by || by.type !== 'by_flow') return [];
			const here = addCell(h, h.cell, 'river', reason('flow'));
			if (!here) return [];
			return this.carriedFrom(here, h.cell, by.delta, reason('flow'));
		}
		if (mv.a === 'loop') {
			if (types.has('no_loop')) return this.notKind(h, h.cell, 'pit') ? [h] : [];
			if (!types.has('pit_loop')) return [];
			const here = addCell(h, h.cell, 'pit', reason('loop'));
			return here ? this.anyPit(here, h.cell) : [];
		}
		// go
		const dir = mv.dir;
		const n = this.neighbour(h.cell, dir);
		if (types.has('river_against')) {
			// 7.4 from a delta, against a river flowing in: not a wall, a delta here and a river there.
			const delta = n !== null && addCell(h, h.cell, 'delta', reason('moved', dir));
			const river = delta && addCell(delta, n, 'river', reason('moved', dir));
			return river ? [river] : [];
		}
		if (types.has('wall')) {
			const side = addSide(h, h.cell, dir, 'wall', reason('hit_wall', dir), this);
			return side ? [side] : [];
		}
		if (types.has('wall_carried')) {
			const carried = mine.find((e) => e.type === 'wall_carried');
			const side = addSide(h, h.cell, dir, 'wall', reason('hit_wall', dir), this);
			const river = side && addCell(side, h.cell, 'river', reason('carried'));
			return river && carried?.type === 'wall_carried' ? this.carriedFrom(river, h.cell, carried.delta, reason('carried'), dir) : [];
		}
		if (types.has('exit_refused')) {
			if (n !== null) return [];
			const side = addSide(h, h.cell, dir, 'exit', reason('refused_exit', dir), this, true);
			return side ? [side] : [];
		}
		// Walking out: a fake crumbles (3.4) or the true treasure wins (3.2); a win by elimination (3.5) is no exit.
		if (types.has('exit_out') || mine.some((e) => e.type === 'won' && e.how === 'treasure')) {
			if (n !== null) return [];
			const side = addSide(h, h.cell, dir, 'exit', reason('exit', dir), this, true);
			return side ? [{ ...side, outside: dir }] : [];
		}
		if (types.has('river_wade')) {
			// 7.4 standing on the bottom: a step up- or downstream, into the river.
			const wade = n !== null && addSide(h, h.cell, dir, 'open', reason('moved', dir), this, true);
			const into = wade && addCell({ ...wade, cell: n }, n, 'river', reason('entered', dir));
			return into ? [into] : [];
		}
		if (n === null) return [];
		// A grenade may have opened a wall found before: a known wall is no contradiction here.
		const through = addSide(h, h.cell, dir, 'open', reason('moved', dir), this, true);
		if (!through) return [];
		return this.entered(through, n, mine, reason('entered', dir));
	}

	/** The player stepped onto `cell`: what its announcement says (and where a pit or river took him). */
	private entered(h: Hypothesis, cell: number, mine: readonly GameEvent[], reason: Reason): Hypothesis[] {
		const at = { ...h, cell };
		const types = new Set(mine.map((e) => e.type));
		if (types.has('pit')) {
			const pit = addCell(at, cell, 'pit', reason);
			return pit ? this.anyPit(pit, cell) : [];
		}
		const river = mine.find((e) => e.type === 'river');
		if (river?.type === 'river') {
			const r = addCell(at, cell, 'river', reason);
			if (!r) return [];
			return this.options.rivers === 'turbulent' ? this.wideFrom(r, river.delta ? 'delta' : 'water') : this.carriedFrom(r, cell, river.delta, reason);
		}
		const announced: KnownKind | null = types.has('delta')
			? 'delta'
			: types.has('hospital')
				? 'hospital'
				: types.has('weaponry')
					? 'weaponry'
					: types.has('mite_woken') || types.has('encephalitis')
						? 'encephalitis'
						: types.has('land')
							? this.immune || !this.options.encephalitis
								? 'landlike'
								: 'land'
							: null;
		if (announced === null) return [at];
		const known = addCell(at, cell, announced, reason);
		return known ? [known] : [];
	}

	/** Carried one cell by the flow from `from` (4.6): onto a neighbour that is a river or, with `delta`, the delta. */
	private carriedFrom(h: Hypothesis, from: number, delta: boolean, reason: Reason, notDir?: Direction): Hypothesis[] {
		const out: Hypothesis[] = [];
		for (const dir of DIRECTIONS) {
			if (dir === notDir) continue;
			const n = this.neighbour(from, dir);
			if (n === null) continue;
			const open = addSide(h, from, dir, 'open', { ...reason, code: 'carried', dir }, this, true);
			const moved = open && addCell({ ...open, cell: n }, n, delta ? 'delta' : 'water', { ...reason, code: 'carried', from, dir });
			if (moved) out.push(moved);
		}
		return out;
	}

	/** Sent along a loop (4.5): onto some other pit, anywhere. */
	private anyPit(h: Hypothesis, from: number): Hypothesis[] {
		this.wide.push({ h, kind: 'pit', from, exclude: from });
		return [];
	}

	/** Anywhere a cell of this kind could be. */
	private wideFrom(h: Hypothesis, kind: KnownKind): Hypothesis[] {
		this.wide.push({ h, kind, from: h.cell, exclude: null });
		return [];
	}

	/** "No flow here" / "no loop here" contradicts a hypothesis that knows the cell is a river / a pit. */
	private notKind(h: Hypothesis, cell: number, kind: 'river' | 'pit'): boolean {
		const known = h.facts.get(cellKey(cell));
		return !(known?.kind === 'cell' && known.value === kind);
	}

	neighbour(cell: number, dir: Direction): number | null {
		const { width, height, shape } = this.contour;
		const x = (cell % width) + (dir === 'right' ? 1 : dir === 'left' ? -1 : 0);
		const y = Math.floor(cell / width) + (dir === 'down' ? 1 : dir === 'up' ? -1 : 0);
		if (x < 0 || y < 0 || x >= width || y >= height) return null;
		const n = y * width + x;
		return shape[n] ? n : null;
	}

	/** Identical cells merge; past the cap, the facts they share are kept (still sound, less sharp). */
	private merge(hyps: Hypothesis[]): Hypothesis[] {
		const byCell = new Map<string, Hypothesis[]>();
		for (const h of hyps) {
			const key = `${h.cell}:${h.outside ?? ''}`;
			const list = byCell.get(key);
			if (list) list.push(h);
			else byCell.set(key, [h]);
		}
		const out: Hypothesis[] = [];
		for (const list of byCell.values()) {
			// Keep a few distinct map-worlds on the same cell while there is room (they prune
			// differently); many of them become one, holding what they all agree on.
			if (hyps.length > MAX_HYPOTHESES || list.length > PER_CELL) {
				out.push(list.reduce(intersect));
				continue;
			}
			const distinct = dedupe(list);
			out.push(...distinct);
		}
		return out;
	}
}

function sameValue(a: Fact | undefined, b: Fact): boolean {
	return a !== undefined && a.value === b.value;
}

function dedupe(list: Hypothesis[]): Hypothesis[] {
	const out: Hypothesis[] = [];
	for (const h of list) if (!out.some((o) => o.facts === h.facts || equalFacts(o.facts, h.facts))) out.push(h);
	return out;
}

function equalFacts(a: FactSet, b: FactSet): boolean {
	if (a.size !== b.size) return false;
	for (const [k, f] of a.entries()) if (!sameValue(b.get(k), f)) return false;
	return true;
}

function intersect(a: Hypothesis, b: Hypothesis): Hypothesis {
	if (a.facts === b.facts) return a;
	const facts = new Map<string, Fact>();
	for (const [k, f] of a.facts.entries()) if (sameValue(b.facts.get(k), f)) facts.set(k, f);
	return { ...a, facts: FactSet.of(facts) };
}

/** Kinds that agree: "water" is a river or a delta; "landlike" is land or encephalitis. */
function compatible(known: KnownKind, next: KnownKind): KnownKind | null {
	if (known === next) return known;
	if (known === 'water' && (next === 'river' || next === 'delta')) return next;
	if (next === 'water' && (known === 'river' || known === 'delta')) return known;
	if (known === 'landlike' && (next === 'land' || next === 'encephalitis')) return next;
	if (next === 'landlike' && (known === 'land' || known === 'encephalitis')) return known;
	return null;
}

function addCell(h: Hypothesis, cell: number, value: KnownKind, reason: Reason): Hypothesis | null {
	const key = cellKey(cell);
	const known = h.facts.get(key);
	if (known?.kind === 'cell') {
		const merged = compatible(known.value, value);
		if (merged === null) return null;
		if (merged === known.value) return h;
		value = merged;
	}
	return { ...h, facts: h.facts.with(key, { kind: 'cell', cell, value, reason }) };
}

function addSide(h: Hypothesis, cell: number, dir: Direction, value: KnownSide, reason: Reason, a: Assistant, wallsMayHaveFallen = false): Hypothesis | null {
	// Name the side from both cells, so "the wall right of b3" and "left of c3" are one fact.
	const other = a.neighbour(cell, dir);
	const canonical = other === null || dir === 'right' || dir === 'down' ? { cell, dir } : { cell: other, dir: OPPOSITE[dir] };
	const key = `s${canonical.cell}:${canonical.dir}`;
	const known = h.facts.get(key);
	if (known?.kind === 'side') {
		if (known.value === value) return h;
		// Walls fall to grenades (5.4) but are never built: open-then-wall is impossible; wall-then-open is possible.
		// A wall (or a closed exit) blown by a grenade: the plan's fact stays as it was found.
		if (known.value === 'wall' && (value === 'open' || value === 'exit') && wallsMayHaveFallen) return h;
		return null;
	}
	if (value === 'exit' && other !== null) return null;
	return { ...h, facts: h.facts.with(key, { kind: 'side', cell: canonical.cell, dir: canonical.dir, value, reason: { ...reason, from: cell, dir } }) };
}
