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
import { dirIndex } from '../engine/game/board';
import { OPPOSITE } from '../engine/plan/geometry';
import { DIRECTIONS, type Direction } from '../engine/plan/types';
import { FactSet, HypothesisReader, compatible, kindKey, nextKey, previousKey, sideKey, type Fact, type FactReader, type KnownKind, type KnownSide, type Reason } from './facts';

export type { Fact, FactReader, KnownKind, KnownSide, Reason } from './facts';

/** Each square's neighbour per direction (−1: none), worked out once per contour. */
const NEIGHBOURS = new WeakMap<Contour, Int32Array>();
function neighbourTable(contour: Contour): Int32Array {
	let table = NEIGHBOURS.get(contour);
	if (table) return table;
	const { width, height, shape } = contour;
	table = new Int32Array(shape.length * 4).fill(-1);
	for (let cell = 0; cell < shape.length; cell++)
		for (let d = 0; d < 4; d++) {
			const dir = DIRECTIONS[d]!;
			const x = (cell % width) + (dir === 'right' ? 1 : dir === 'left' ? -1 : 0);
			const y = Math.floor(cell / width) + (dir === 'down' ? 1 : dir === 'up' ? -1 : 0);
			if (x < 0 || y < 0 || x >= width || y >= height) continue;
			const n = y * width + x;
			if (shape[n]) table[cell * 4 + d] = n;
		}
	NEIGHBOURS.set(contour, table);
	return table;
}

/** A hypothesis made in one shape (the hot paths make hundreds per move). */
function hyp(cell: number, outside: Direction | null, facts: FactSet): Hypothesis {
	return { cell, outside, facts };
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

	/** Each square's neighbour per direction (−1: none): read for every hypothesis moved on. */
	private readonly nb: Int32Array;

	constructor(
		readonly contour: Contour,
		readonly seat: Seat,
		private readonly options: AssistantOptions
	) {
		this.nb = neighbourTable(contour);
	}

	/** A copy that goes on by itself (hypotheses are never changed in place, so they are shared). */
	clone(): Assistant {
		const copy = new Assistant(this.contour, this.seat, this.options);
		copy.hyps = this.hyps;
		copy.path.push(...this.path);
		copy.moves = this.moves;
		copy.immune = this.immune;
		copy.alive = this.alive;
		// What was worked out from the shared hypotheses holds for the copy too.
		copy.cells = this.cells;
		copy.certain = this.certain;
		copy.listed = this.listed;
		copy.forgot = this.forgot;
		copy.sharpened = this.sharpened;
		return copy;
	}

	/** The player's start (6.1), from the choice the player made on this phone. */
	start(cell: number): void {
		this.hyps = [{ cell, outside: null, facts: FactSet.empty }];
		this.forgot++;
		this.path.length = 0;
		this.path.push(cell);
	}

	/** Cells the player may be on now (empty before the start or after death). */
	candidates(): number[] {
		if (!this.alive) return [];
		// Worked out once per set of hypotheses (the set is replaced, never changed in place).
		if (this.cells?.hyps !== this.hyps) {
			const size = this.contour.shape.length;
			const seen = (this.seen ??= new Uint8Array(size));
			let count = 0;
			for (const h of this.hyps)
				if (!seen[h.cell]) {
					seen[h.cell] = 1;
					count++;
				}
			// In order of the cells: read off the marks (no sort), left zeroed.
			const cells: number[] = [];
			for (let cell = 0; cell < size && cells.length < count; cell++)
				if (seen[cell]) {
					seen[cell] = 0;
					cells.push(cell);
				}
			this.cells = { hyps: this.hyps, cells };
		}
		return this.cells.cells.slice();
	}
	/** Per cell, while `candidates` lists them: met already (left zeroed). */
	private seen: Uint8Array | null = null;

	private cells: { hyps: Hypothesis[]; cells: number[] } | null = null;

	get positionCertain(): boolean {
		return this.alive && this.hyps.length > 0 && this.hyps.every((h) => h.cell === this.hyps[0]!.cell);
	}

	/** Facts that hold whatever hypothesis is true. */
	certainFacts(): Fact[] {
		return this.common().slice();
	}

	/** How many facts hold whatever hypothesis is true (without copying them). */
	get certainCount(): number {
		return this.certainSet().size;
	}

	private common(): readonly Fact[] {
		// Worked out once per set of hypotheses (the set is replaced, never changed in place).
		const certain = this.certainSet();
		if (this.listed?.set !== certain) this.listed = { set: certain, facts: certain.facts() };
		return this.listed.facts;
	}
	/** The certain facts as a list, for the set they were listed from. */
	private listed: { set: FactSet; facts: Fact[] } | null = null;

	/**
	 * The facts every hypothesis holds, worked out once per set of hypotheses (replaced, never
	 * changed in place) from the last ones: moving on, splitting and merging keep every fact all
	 * hypotheses held, so only the others are compared — unless a fact was sharpened (water to
	 * river, landlike to land) or the hypotheses started over since.
	 */
	private certainSet(): FactSet {
		const last = this.certain;
		if (last?.hyps === this.hyps) return last.set;
		const known = last && last.forgot === this.forgot && last.sharpened === this.sharpened ? last.set : null;
		const set = FactSet.common(this.hyps.map((h) => h.facts), known);
		this.certain = { hyps: this.hyps, set, forgot: this.forgot, sharpened: this.sharpened };
		return set;
	}
	private certain: { hyps: Hypothesis[]; set: FactSet; forgot: number; sharpened: number } | null = null;
	/** Counts the times the hypotheses started over knowing nothing (the facts all held are then forgotten). */
	private forgot = 0;

	/** How many hypotheses there are (a computer player samples them to plan). */
	get hypothesisCount(): number {
		return this.alive ? this.hyps.length : 0;
	}

	/** Hypothesis `i`'s cell (without its facts). */
	hypothesisCell(i: number): number {
		return this.hyps[i]!.cell;
	}

	/** The hypotheses as a token, replaced whenever they change (a computer player caches what it works out from them). */
	get version(): object {
		return this.hyps;
	}

	/** What hypothesis `i` knows of `cell`'s kind (undefined: nothing). */
	hypothesisKind(i: number, cell: number): KnownKind | undefined {
		const f = this.hyps[i]!.facts.get(kindKey(cell));
		return f?.kind === 'cell' ? f.value : undefined;
	}

	/**
	 * Hypothesis `i`'s facts, read one square or side at a time (a computer player's route search
	 * looks at a few squares around it, not at the whole map). Stays valid after the hypotheses change.
	 */
	hypothesisReader(i: number): FactReader {
		return new HypothesisReader(this.hyps[i]!.facts, this.nb);
	}

	/** Hypothesis `i`: a cell the player may be on (or just outside of) and the facts that then hold. */
	hypothesis(i: number): { cell: number; outside: Direction | null; facts: Fact[] } {
		const h = this.hyps[i]!;
		return { cell: h.cell, outside: h.outside, facts: h.facts.facts() };
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
		// One pass, nothing allocated: a computer player reads every event of the others through here.
		let died = false;
		let commonStart = false;
		let reopened = false;
		for (const e of events) {
			if ('seat' in e && e.seat === this.seat) {
				if (e.type === 'immune') this.immune = true;
				else if (e.type === 'you_died') died = true;
			}
			if (e.type === 'common_start_set') commonStart = reopened = true;
			else if (e.type === 'master_undo' || e.type === 'master_correct') reopened = true;
		}
		if (died) this.alive = false;
		// 7.6 a common start the player was not told, or the master undid a move or corrected the
		// state: where the player stands is open again.
		if (commonStart && this.hyps.length === 0) {
			this.hyps = [{ cell: 0, outside: null, facts: FactSet.empty }];
			this.forgot++;
			this.path.push(-1);
		}
		if (reopened) {
			this.alive = true;
			this.widen();
		}
	}

	// ------------------------------------------------------------------ reasoning

	private noteHealth(mine: readonly GameEvent[]): void {
		if (mine.some((e) => e.type === 'immune')) this.immune = true;
	}

	private place(cell: number): void {
		this.hyps = this.merge(this.hyps.map((h) => hyp(cell, null, h.facts)));
		this.record();
	}

	/** Anything could have happened: every square of the contour, the facts kept. */
	private widen(): void {
		if (this.hyps.length === 0) return;
		const facts = this.certainSet();
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

	private step(movement: Movement, mine: readonly GameEvent[]): void {
		const told = tellOf(mine, this.immune || !this.options.encephalitis);
		const before = this.certain?.hyps === this.hyps && this.certain.forgot === this.forgot ? this.certain : null;
		const next: Hypothesis[] = [];
		this.wide = [];
		for (const h of this.hyps) this.advance(h, movement, told, next);
		// The facts all hypotheses held before, if none was sharpened since: every one moved on holds them.
		const known = before?.sharpened === this.sharpened ? before.set : null;
		for (const h of this.expandWide(known)) next.push(h);
		if (next.length === 0) {
			// Every hypothesis contradicted: something the assistant does not model happened. Start over, knowing nothing.
			this.hyps = [{ cell: this.hyps[0]?.cell ?? 0, outside: null, facts: FactSet.empty }];
			this.forgot++;
			this.widen();
			return;
		}
		this.hyps = this.merge(next, known);
	}

	/** Branches that could land anywhere (a pit, a turbulent river): expanded once, from the facts they all share. */
	private wide: { h: Hypothesis; kind: KnownKind; from: number; exclude: number | null }[] = [];

	private expandWide(known: FactSet | null): Hypothesis[] {
		if (this.wide.length === 0) return [];
		const byKind = new Map<KnownKind, typeof this.wide>();
		for (const w of this.wide) {
			const list = byKind.get(w.kind);
			if (list) list.push(w);
			else byKind.set(w.kind, [w]);
		}
		const out: Hypothesis[] = [];
		for (const [kind, list] of byKind) {
			const from = list[0]!.from;
			const base = FactSet.common(list.map((w) => w.h.facts), known);
			const exclude = list.every((w) => w.exclude === list[0]!.exclude) ? list[0]!.exclude : null;
			// Falls all from one pit: each landing proves that pit's next. Falls from several pits
			// are not split per pit (it made the computer players' games a third slower): no link.
			const oneFrom = kind === 'pit' && exclude !== null;
			for (let cell = 0; cell < this.contour.shape.length; cell++) {
				if (!this.contour.shape[cell] || cell === exclude) continue;
				const linked = oneFrom ? this.link(base, from, cell, this.moves) : base;
				// A link just made is this landing's own: the cell's fact is written into it.
				const at = linked && this.addCell(linked, cell, null, cell, kind, kind === 'pit' ? 'pit' : 'carried', from, this.moves, undefined, linked !== base ? previousKey(cell) : -1);
				if (at) out.push(at);
			}
		}
		this.wide = [];
		return out;
	}

	/**
	 * Counts the facts this assistant sharpened (water to river, landlike to land): a fact all
	 * hypotheses held may then no longer be. Its own count: another player's assistant sharpening
	 * its facts changes nothing here (a shared count made every bot's next look start afresh).
	 */
	private sharpened = 0;

	/**
	 * A hypothesis on `at` (or just outside it, through `outside`) with these facts and `cell` found
	 * to be `value` (the reason: `code` at move `move`, from `from` towards `dir`, made only if the
	 * fact is new or changes); null: it contradicts them.
	 */
	private addCell(facts: FactSet, at: number, outside: Direction | null, cell: number, value: KnownKind, code: Reason['code'], from: number, move: number, dir?: Direction, made = -1): Hypothesis | null {
		const key = kindKey(cell);
		const known = facts.get(key);
		if (known?.kind === 'cell') {
			const merged = compatible(known.value, value);
			if (merged === null) return null;
			if (merged === known.value) return hyp(at, outside, facts);
			value = merged;
			this.sharpened++;
		}
		const reason: Reason = dir ? { code, from, move, dir } : { code, from, move };
		return hyp(at, outside, facts.with(key, { kind: 'cell', cell, value, reason }, made));
	}

	/**
	 * The facts with "pit `from`'s next is pit `to`" (the same facts if known; null: they
	 * contradict it — `from` leads elsewhere, or another pit already leads to `to`).
	 */
	private link(facts: FactSet, from: number, to: number, move: number): FactSet | null {
		const next = nextKey(from);
		const previous = previousKey(to);
		const known = facts.get(next);
		if (known !== undefined) return known.value === to ? facts : null;
		if (facts.get(previous) !== undefined) return null;
		const reason: Reason = { code: 'pit', from, move };
		return facts.with(next, { kind: 'link', cell: from, value: to, reason }).with(previous, { kind: 'link', cell: to, value: from, reason }, next);
	}

	/** What one hypothesis becomes after the movement and its announcement, pushed onto `out` (none: contradicted). */
	private advance(h: Hypothesis, mv: Movement, told: Told, out: Hypothesis[]): void {
		if (h.outside !== null) {
			if (mv.a === 'go' && mv.dir === OPPOSITE[h.outside] && !told.lostOutside) this.entered(h.facts, null, h.cell, told, 'entered', h.cell, out);
			return;
		}
		if (mv.a === 'skip') {
			if (told.skip) out.push(h);
			return;
		}
		if (mv.a === 'flow') {
			if (told.noFlow) {
				if (this.notKind(h, h.cell, 'river')) out.push(h);
				return;
			}
			const by = told.byFlow;
			if (!by) return;
			const here = this.addCell(h.facts, h.cell, h.outside, h.cell, 'river', 'flow', h.cell, this.moves);
			if (here) this.carriedFrom(here, h.cell, by.delta, this.moves, out);
			return;
		}
		if (mv.a === 'loop') {
			if (told.noLoop) {
				if (this.notKind(h, h.cell, 'pit')) out.push(h);
				return;
			}
			if (!told.pitLoop) return;
			const here = this.addCell(h.facts, h.cell, h.outside, h.cell, 'pit', 'loop', h.cell, this.moves);
			if (here) this.anyPit(here, h.cell, out);
			return;
		}
		// go
		const dir = mv.dir;
		const n = this.neighbour(h.cell, dir);
		switch (told.go) {
			case 'river_against': {
				// 7.4 from a delta, against a river flowing in: not a wall, a delta here and a river there.
				const delta = n !== null && this.addCell(h.facts, h.cell, h.outside, h.cell, 'delta', 'moved', h.cell, this.moves, dir);
				const river = delta && this.addCell(delta.facts, h.cell, h.outside, n, 'river', 'moved', h.cell, this.moves, dir);
				if (river) out.push(river);
				return;
			}
			case 'wall': {
				const side = this.addSide(h.facts, h.cell, dir, 'wall', 'hit_wall', this.moves);
				if (side) out.push(hyp(h.cell, h.outside, side));
				return;
			}
			case 'wall_carried': {
				const carried = told.wallCarried;
				const side = this.addSide(h.facts, h.cell, dir, 'wall', 'hit_wall', this.moves);
				const river = side && this.addCell(side, h.cell, h.outside, h.cell, 'river', 'carried', h.cell, this.moves);
				if (river && carried) this.carriedFrom(river, h.cell, carried.delta, this.moves, out, dir);
				return;
			}
			case 'exit_refused': {
				if (n !== null) return;
				const side = this.addSide(h.facts, h.cell, dir, 'exit', 'refused_exit', this.moves, true);
				if (side) out.push(hyp(h.cell, h.outside, side));
				return;
			}
			case 'exit_out': {
				// Walking out: a fake crumbles (3.4) or the true treasure wins (3.2); a win by elimination (3.5) is no exit.
				if (n !== null) return;
				const side = this.addSide(h.facts, h.cell, dir, 'exit', 'exit', this.moves, true);
				if (side) out.push(hyp(h.cell, dir, side));
				return;
			}
			case 'river_wade': {
				// 7.4 standing on the bottom: a step up- or downstream, into the river.
				const wade = n !== null && this.addSide(h.facts, h.cell, dir, 'open', 'moved', this.moves, true);
				const into = wade && this.addCell(wade, n, h.outside, n, 'river', 'entered', h.cell, this.moves, dir);
				if (into) out.push(into);
				return;
			}
			default: {
				if (n === null) return;
				// A grenade may have opened a wall found before: a known wall is no contradiction here.
				const through = this.addSide(h.facts, h.cell, dir, 'open', 'moved', this.moves, true);
				// A side just learnt: `through` is this step's own (the cell's fact is written into it).
				if (through) this.entered(through, h.outside, n, told, 'entered', h.cell, out, dir, through !== h.facts ? this.sideMade : -1);
			}
		}
	}

	/**
	 * The player stepped onto `cell` (for the reason `code`, from `from` towards `dir`) with these
	 * facts: what its announcement says (and where a pit or river took him), pushed onto `out`.
	 */
	private entered(facts: FactSet, outside: Direction | null, cell: number, told: Told, code: Reason['code'], from: number, out: Hypothesis[], dir?: Direction, made = -1): void {
		if (told.pit) {
			const pit = this.addCell(facts, cell, outside, cell, 'pit', code, from, this.moves, dir, made);
			if (pit) this.anyPit(pit, cell, out);
			return;
		}
		const river = told.river;
		if (river) {
			const r = this.addCell(facts, cell, outside, cell, 'river', code, from, this.moves, dir, made);
			if (!r) return;
			if (this.options.rivers === 'turbulent') this.wideFrom(r, river.delta ? 'delta' : 'water');
			else this.carriedFrom(r, cell, river.delta, this.moves, out);
			return;
		}
		const announced = told.announced;
		if (announced === null) return void out.push(hyp(cell, outside, facts));
		const known = this.addCell(facts, cell, outside, cell, announced, code, from, this.moves, dir, made);
		if (known) out.push(known);
	}

	/** Carried one cell by the flow from `from` (4.6): onto a neighbour that is a river or, with `delta`, the delta. */
	private carriedFrom(h: Hypothesis, from: number, delta: boolean, move: number, out: Hypothesis[], notDir?: Direction): void {
		const { facts, outside } = h;
		for (const dir of DIRECTIONS) {
			if (dir === notDir) continue;
			const n = this.neighbour(from, dir);
			if (n === null) continue;
			const open = this.addSide(facts, from, dir, 'open', 'carried', move, true);
			const moved = open && this.addCell(open, n, outside, n, delta ? 'delta' : 'water', 'carried', from, move, dir, open !== facts ? this.sideMade : -1);
			if (moved) out.push(moved);
		}
	}

	/**
	 * Sent along a loop (4.4): onto the next pit where this hypothesis knows it (its map is
	 * concrete: the same pit leads to the same pit), else onto some other pit, anywhere.
	 */
	private anyPit(h: Hypothesis, from: number, out: Hypothesis[]): void {
		const next = h.facts.get(nextKey(from));
		if (next?.kind !== 'link') return void this.wide.push({ h, kind: 'pit', from, exclude: from });
		const at = this.addCell(h.facts, next.value, null, next.value, 'pit', 'pit', from, this.moves);
		if (at) out.push(at);
	}

	/** Anywhere a cell of this kind could be. */
	private wideFrom(h: Hypothesis, kind: KnownKind): void {
		this.wide.push({ h, kind, from: h.cell, exclude: null });
	}

	/** "No flow here" / "no loop here" contradicts a hypothesis that knows the cell is a river / a pit. */
	private notKind(h: Hypothesis, cell: number, kind: 'river' | 'pit'): boolean {
		const known = h.facts.get(kindKey(cell));
		return !(known?.kind === 'cell' && known.value === kind);
	}

	neighbour(cell: number, dir: Direction): number | null {
		const n = this.nb[cell * 4 + dirIndex(dir)]!;
		return n < 0 ? null : n;
	}

	/** The key of the side `addSide` last wrote (into a set it made). */
	private sideMade = -1;

	/**
	 * The side of `cell` towards `dir` found to be `value` (the reason: `code` at move `move`):
	 * the facts with it (the same facts if it was known; null: it contradicts them). The side is
	 * named from both cells, so "the wall right of b3" and "left of c3" are one fact.
	 */
	private addSide(facts: FactSet, cell: number, dir: Direction, value: KnownSide, code: Reason['code'], move: number, wallsMayHaveFallen = false): FactSet | null {
		const di = dirIndex(dir);
		const other = this.nb[cell * 4 + di]!;
		const own = other < 0 || di === 1 || di === 2;
		const sideCell = own ? cell : other;
		const sideDir = own ? dir : DIRECTIONS[(di + 2) & 3]!;
		const key = sideKey(sideCell, own ? di : (di + 2) & 3);
		const known = facts.get(key);
		if (known?.kind === 'side') {
			if (known.value === value) return facts;
			// Walls fall to grenades (5.4) but are never built: open-then-wall is impossible; wall-then-open is possible.
			// A wall (or a closed exit) blown by a grenade: the plan's fact stays as it was found.
			if (known.value === 'wall' && (value === 'open' || value === 'exit') && wallsMayHaveFallen) return facts;
			return null;
		}
		if (value === 'exit' && other >= 0) return null;
		const reason: Reason = { code, from: cell, move, dir };
		this.sideMade = key;
		return facts.with(key, { kind: 'side', cell: sideCell, dir: sideDir, value, reason });
	}

	/**
	 * Identical cells merge; past the cap, the facts they share are kept (still sound, less sharp).
	 * `known`: facts every one of `hyps` holds, if known.
	 */
	private merge(hyps: Hypothesis[], known: FactSet | null = null): Hypothesis[] {
		// Grouped by cell (and side, outside) in the order each first appears: per key how many,
		// the first and last of them, and per hypothesis the next one on its key.
		const keys = this.contour.shape.length * 5;
		if (this.groupCount.length !== keys) {
			this.groupCount = new Int32Array(keys);
			this.groupFirst = new Int32Array(keys);
			this.groupLast = new Int32Array(keys);
		}
		const { groupCount: count, groupFirst: first, groupLast: last } = this;
		if (this.groupNext.length < hyps.length) this.groupNext = new Int32Array(Math.max(hyps.length, 2 * this.groupNext.length));
		const next = this.groupNext;
		const order: number[] = [];
		for (let i = 0; i < hyps.length; i++) {
			const h = hyps[i]!;
			const key = h.cell * 5 + (h.outside === null ? 4 : dirIndex(h.outside));
			if (count[key]!++ === 0) {
				first[key] = i;
				order.push(key);
			} else next[last[key]!] = i;
			last[key] = i;
			next[i] = -1;
		}
		const over = hyps.length > MAX_HYPOTHESES;
		const out: Hypothesis[] = [];
		for (const key of order) {
			const n = count[key]!;
			count[key] = 0;
			let i = first[key]!;
			if (n === 1) {
				out.push(hyps[i]!);
				continue;
			}
			// Keep a few distinct map-worlds on the same cell while there is room (they prune
			// differently); many of them become one, holding what they all agree on.
			if (over || n > PER_CELL) {
				const h = hyps[i]!;
				const sets: FactSet[] = [];
				for (; i >= 0; i = next[i]!) sets.push(hyps[i]!.facts);
				out.push(hyp(h.cell, h.outside, FactSet.common(sets, known)));
				continue;
			}
			const distinct = out.length;
			for (; i >= 0; i = next[i]!) {
				const h = hyps[i]!;
				let seen = false;
				for (let j = distinct; j < out.length && !seen; j++) seen = out[j]!.facts.equals(h.facts);
				if (!seen) out.push(h);
			}
		}
		return out;
	}

	/** Per key of `merge`'s grouping (kept between calls, left zeroed). */
	private groupCount = new Int32Array(0);
	private groupFirst = new Int32Array(0);
	private groupLast = new Int32Array(0);
	/** Per hypothesis, while `merge` groups: the next on its key (kept between calls). */
	private groupNext = new Int32Array(0);
}

type Movement = Extract<Action, { a: 'go' | 'flow' | 'loop' | 'skip' }>;

/** What an announcement says, read once for all the hypotheses it moves on. */
interface Told {
	/** What a step ("go") met, by the first of these told: `enter` when none. */
	go: 'river_against' | 'wall' | 'wall_carried' | 'exit_refused' | 'exit_out' | 'river_wade' | 'enter';
	/** The cell stepped onto was announced as this (null: nothing said of it, or a pit or river). */
	announced: KnownKind | null;
	pit: boolean;
	lostOutside: boolean;
	skip: boolean;
	noFlow: boolean;
	noLoop: boolean;
	pitLoop: boolean;
	byFlow: Extract<GameEvent, { type: 'by_flow' }> | undefined;
	wallCarried: Extract<GameEvent, { type: 'wall_carried' }> | undefined;
	river: Extract<GameEvent, { type: 'river' }> | undefined;
}

/** `landlike`: "land" is said as landlike (an immune player, or encephalitis off). */
function tellOf(mine: readonly GameEvent[], landlike: boolean): Told {
	const types = new Set(mine.map((e) => e.type));
	let byFlow: Told['byFlow'];
	let wallCarried: Told['wallCarried'];
	let river: Told['river'];
	let wonByTreasure = false;
	for (const e of mine) {
		if (e.type === 'by_flow') byFlow ??= e;
		else if (e.type === 'wall_carried') wallCarried ??= e;
		else if (e.type === 'river') river ??= e;
		else if (e.type === 'won' && e.how === 'treasure') wonByTreasure = true;
	}
	const go: Told['go'] = types.has('river_against')
		? 'river_against'
		: types.has('wall')
			? 'wall'
			: types.has('wall_carried')
				? 'wall_carried'
				: types.has('exit_refused')
					? 'exit_refused'
					: types.has('exit_out') || wonByTreasure
						? 'exit_out'
						: types.has('river_wade')
							? 'river_wade'
							: 'enter';
	const announced: KnownKind | null = types.has('delta')
		? 'delta'
		: types.has('hospital')
			? 'hospital'
			: types.has('weaponry')
				? 'weaponry'
				: types.has('mite_woken') || types.has('encephalitis')
					? 'encephalitis'
					: types.has('land')
						? landlike
							? 'landlike'
							: 'land'
						: null;
	return {
		go,
		announced,
		pit: types.has('pit'),
		lostOutside: types.has('lost_outside'),
		skip: types.has('skip'),
		noFlow: types.has('no_flow'),
		noLoop: types.has('no_loop'),
		pitLoop: types.has('pit_loop'),
		byFlow,
		wallCarried,
		river
	};
}
