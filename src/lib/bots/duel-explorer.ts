/**
 * The duel's explorer (seeds 001/004; issue 36): it walks the opponent's labyrinth, one half of a
 * duel, seeing only that half's view (`viewFor(half, 0)`: the walker is seat 0 there). The starts
 * are public, so, unlike the classic and topographic explorers, it knows the field's frame: the
 * cell it chose is where it stands, and every answer to its own moves is written on a 10x10 map
 * in the field's own coordinates. Only a pit whose exit it has not stood on loses it (3d: "the
 * exit's coordinates are not told"): it then holds hypotheses, one per cell the exit may be on,
 * each with the map that goes with it, drops those a later answer contradicts, and lets them vote
 * for the step (as the topographic explorer does).
 *
 * The duel's facts it uses (docs/rules.md, the duel part):
 * - 3.2 walls, the labyrinth's own told apart (`duelOuterWallsTold`): an answer a hypothesis
 *   standing off the outline cannot have given drops it;
 * - 2 one exit on each side: once an exit is known, the rest of that side is wall;
 * - 3a–3c the crossbow, crutch and trap are one each (a second place for one drops the
 *   hypothesis); the trap, which skips three turns each time, is walked round once known;
 * - 3d pits 1–4 lead to the exits with their numbers: a pit whose exit is known is a passage its
 *   routes take, one whose exit is not is avoided (it loses the way);
 * - 3e, 3.7 a treasure found is taken (free, with the next step) unless one is carried; carried,
 *   it goes out through the nearest exit it knows, or tries the outline's sides whose exit it does
 *   not know yet; a fake crumbles outside (3.6) and it steps back in (3.9) for the next one;
 * - 3.3 a grenade: carrying a treasure on the outline far from any known exit, it blows the
 *   labyrinth's wall (`duelGrenadesBreakOuter`) rather than walk round; a grenade "takes the
 *   turn", so one refused after a step (no answer in the feed) is not tried again that turn.
 * Nothing is read but its seat's view: the feed's answers and its own standing.
 */
import type { Action, Command, GameEvent, Seat } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { Rng } from '../engine/random';
import { DIRECTIONS, type CellKind } from '../engine/plan/types';

const S_UNKNOWN = 0;
const S_OPEN = 1;
const S_WALL = 2;
const S_EXIT = 3;

const K_UNKNOWN = 0;
const K_LAND = 1;
const K_CROSSBOW = 2;
const K_CRUTCH = 3;
const K_TRAP = 4;
const K_PIT = 5;
const K_PIT_EXIT = 6;

const KIND_OF: Partial<Record<CellKind, number>> = { land: K_LAND, crossbow: K_CROSSBOW, crutch: K_CRUTCH, trap: K_TRAP, pit: K_PIT, pit_exit: K_PIT_EXIT };
/** Kinds a labyrinth holds one of (numbered ones: one per number). */
const ONE_OF = [K_CROSSBOW, K_CRUTCH, K_TRAP];

/** What a cell is known to hold (0: not known). */
const T_NONE = 1;
const T_LIES = 2;

/** Hypotheses kept (a pit's exit not known: one per cell it may be on). */
const MAX_HYPOTHESES = 100;
/** Route costs: a side not known (it may be a wall), the trap (three turns lost), a pit whose exit is not known. */
const UNKNOWN_STEP = 2;
const TRAP_COST = 40;
const BLIND_PIT_COST = 12;
/** Carrying a treasure on the outline, a known exit this much farther than a grenade's hole is walked to no more. */
const GRENADE_SAVES = 6;

/** Steps remembered in a course (`tried`). */
const COURSE = 4;
/** Hypotheses that vote for a step at most (drawn at random among them). */
const PLANNED = 24;

/** Whether the leading vote stays strictly ahead whichever way `left` more votes go. */
function settled(votes: readonly number[], left: number): boolean {
	let lead = 0;
	for (let d = 1; d < 4; d++) if (votes[d]! > votes[lead]!) lead = d;
	for (let d = 0; d < 4; d++) if (d !== lead && votes[d]! + left >= votes[lead]!) return false;
	return true;
}

const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];

/** The answers to a step that put the walker on a cell (its object told, or "a treasure", or land). */
const ARRIVALS: ReadonlySet<GameEvent['type']> = new Set(['land', 'crossbow', 'crutch', 'trap', 'duel_pit', 'pit_exit', 'duel_treasure']);
/** Every answer to the walker's own start and moves it reads (the rest of the feed says nothing of the labyrinth). */
const ANSWERS: ReadonlySet<GameEvent['type']> = new Set([
	...ARRIVALS,
	'start_kind',
	'wall',
	'outer_wall',
	'duel_out',
	'reentered',
	'not_reentered',
	'took_treasure',
	'action_failed'
]);

class DuelMap {
	readonly kind: Uint8Array;
	readonly num: Uint8Array;
	readonly sides: Uint8Array;
	readonly treasure: Uint8Array;
	/** Per number 1–4: the pit's cell and its exit's (−1 not known). */
	readonly pit: Int16Array;
	readonly exit: Int16Array;

	constructor(
		readonly w: number,
		readonly h: number,
		from?: DuelMap
	) {
		const n = w * h;
		this.kind = from ? from.kind.slice() : new Uint8Array(n);
		this.num = from ? from.num.slice() : new Uint8Array(n);
		this.sides = from ? from.sides.slice() : new Uint8Array(n * 4);
		this.treasure = from ? from.treasure.slice() : new Uint8Array(n);
		this.pit = from ? from.pit.slice() : new Int16Array(5).fill(-1);
		this.exit = from ? from.exit.slice() : new Int16Array(5).fill(-1);
	}

	clone(): DuelMap {
		return new DuelMap(this.w, this.h, this);
	}

	nb(c: number, di: number): number {
		const x = (c % this.w) + DX[di]!;
		const y = Math.floor(c / this.w) + DY[di]!;
		return x < 0 || y < 0 || x >= this.w || y >= this.h ? -1 : y * this.w + x;
	}

	/** A side's state (both faces); false: it contradicts what is known. */
	setSide(c: number, di: number, s: number): boolean {
		const old = this.sides[c * 4 + di]!;
		if (old !== S_UNKNOWN && old !== s) return false;
		this.sides[c * 4 + di] = s;
		const n = this.nb(c, di);
		if (n >= 0) this.sides[n * 4 + ((di + 2) & 3)] = s;
		return true;
	}

	/** An outline side is an exit: the rest of that side of the labyrinth is wall (2: one exit on each side). */
	setExit(c: number, di: number): boolean {
		if (this.nb(c, di) >= 0 || !this.setSide(c, di, S_EXIT)) return false;
		for (let o = 0; o < this.w * this.h; o++) if (o !== c && this.nb(o, di) < 0 && this.sides[o * 4 + di] === S_UNKNOWN) this.sides[o * 4 + di] = S_WALL;
		return true;
	}

	/** A cell's object (and number); false: it contradicts what is known (one crossbow, one pit 2…). */
	setKind(c: number, k: number, n = 0): boolean {
		const old = this.kind[c]!;
		if (old !== K_UNKNOWN) {
			if (old !== k) return false;
			if (n && this.num[c] && this.num[c] !== n) return false;
		} else if (ONE_OF.includes(k)) {
			for (let o = 0; o < this.kind.length; o++) if (this.kind[o] === k) return false;
		}
		this.kind[c] = k;
		if (k !== K_LAND) this.treasure[c] = T_NONE;
		if (n) {
			const at = k === K_PIT ? this.pit : this.exit;
			if (at[n]! >= 0 && at[n] !== c) return false;
			at[n] = c;
			this.num[c] = n;
		}
		return true;
	}
}

interface Hypothesis {
	pos: number;
	map: DuelMap;
}

/** What the walker sent and is waiting to hear about (`at`: the feed's length when sent). */
interface Pending {
	actions: readonly Action[];
	at: number;
	/** Where the walker stood outside through (a step back in the opposite way), when outside. */
	outside: number | null;
}

export class DuelExplorer {
	private hyps: Hypothesis[] = [];
	private w = 0;
	private h = 0;
	private read = 0;
	private pending: Pending | null = null;
	/** The start it chose (its answers follow the starts' confirmation). */
	private start = -1;
	/** The direction index the walker went out by, while outside. */
	private outside: number | null = null;
	/** The map when the position was last certain (the hypotheses all contradicted: start again from a copy of it). */
	private anchor: DuelMap | null = null;
	/** A grenade was just refused (3.3: not after a step this turn): a step instead. */
	private grenadeRefused = false;
	/** 3.2: the labyrinth's own wall is told apart (the agreement). */
	private outerWallsTold = true;
	/** The order in which equal routes are taken: drawn once, so that the walker does not swing between them. */
	private tie: number[] = [];
	/**
	 * Per recent course (the last steps and their answers, then the step chosen): how often taken
	 * since the map last grew past what it ever held. A course that keeps coming back teaches
	 * nothing (a loop through two pits whose exits the hypotheses place alike): after three times
	 * a step at random breaks it.
	 */
	private readonly tried = new Map<string, number>();
	private readonly course: string[] = [];
	/** The answer to the last step (its events' types), for the course. */
	private answer = '';
	private mostFacts = 0;

	constructor(
		readonly seat: Seat,
		private readonly rng: Rng
	) {}

	decide(view: SeatView): Command | null {
		if (view.phase === 'over' || view.me.status !== 'in') return null;
		if (this.w === 0) {
			this.w = view.width;
			this.h = view.height;
			this.tie = this.rng.shuffle([0, 1, 2, 3]);
		}
		if (view.phase === 'start') {
			if (view.me.startChosen) return null;
			// 3.1: any cell; where the treasures lie nobody knows.
			const cells = view.shape.flatMap((inside, c) => (inside ? [c] : []));
			this.start = this.rng.pick(cells)!;
			const map = new DuelMap(this.w, this.h);
			this.hyps = [{ pos: this.start, map }];
			this.anchor = map;
			return { type: 'choose_start', by: this.seat, cell: this.start };
		}
		this.outerWallsTold = view.settings.duelOuterWallsTold;
		this.learn(view);
		const cmd = this.choose(view);
		this.pending = { actions: cmd.actions, at: view.events.length, outside: this.outside };
		return cmd;
	}

	// ------------------------------------------------------------------ hearing

	private learn(view: SeatView): void {
		const events = view.events;
		// A command sent and not answered (nothing new in the feed) was refused.
		this.grenadeRefused = this.pending !== null && events.length === this.pending.at && this.pending.actions.some((a) => a.a === 'grenade');
		if (this.pending && events.length === this.pending.at) this.pending = null;
		const answers: GameEvent[] = [];
		for (; this.read < events.length; this.read++) {
			const e = events[this.read]!;
			if (!('seat' in e) || e.seat !== this.seat || !ANSWERS.has(e.type)) continue;
			answers.push(e);
		}
		if (answers.length === 0) return;
		const pending = this.pending;
		this.answer = answers.map((e) => e.type).join(',');
		// Outside or in: what the answer says, whatever the hypotheses (3.5, 3.9).
		if (answers.some((e) => e.type === 'duel_out')) {
			const go = pending?.actions.find((a) => a.a === 'go');
			this.outside = go?.a === 'go' ? DIRECTIONS.indexOf(go.dir) : null;
		} else if (answers.some((e) => e.type === 'reentered')) this.outside = null;
		const hear = () => (pending ? this.heardMove(pending, answers, view) : this.heardStart(answers));
		const before = this.hyps;
		hear();
		if (this.hyps.length === 0) {
			// Every hypothesis contradicted (too many were dropped, or one was cut short): the last
			// certain map, the walker anywhere, and the answer heard again.
			this.hyps = this.anywhere(this.anchor ?? new DuelMap(this.w, this.h), before);
			hear();
		}
		if (this.hyps.length === 0) {
			this.hyps = this.anywhere(new DuelMap(this.w, this.h), before);
			hear();
		}
		if (this.hyps.length === 0) this.hyps = [{ pos: before[0]?.pos ?? 0, map: new DuelMap(this.w, this.h) }];
		const pit = answers.findLast((e) => e.type === 'duel_pit');
		if (this.hyps.length > MAX_HYPOTHESES && pit?.type === 'duel_pit') this.hyps = this.atPitExit(this.anchor ?? new DuelMap(this.w, this.h), pit.n);
		if (this.hyps.length > MAX_HYPOTHESES) this.hyps.length = MAX_HYPOTHESES;
		// The certain map itself (a pit's hypotheses each take a copy of it, so it stays as it was).
		if (this.hyps.length === 1) this.anchor = this.hyps[0]!.map;
	}

	/** The start's answers (3.1): its kind, then what it does, as after a step onto it. */
	private heardStart(answers: readonly GameEvent[]): void {
		let rest = answers;
		const told = answers[0];
		if (told?.type === 'start_kind') {
			rest = answers.slice(1);
			const k = KIND_OF[told.kind];
			this.keep((h) => (k === undefined || h.map.setKind(h.pos, k) ? [h] : []));
		}
		if (rest.length) this.keep((h) => this.arrive(h, h.pos, rest));
	}

	private heardMove(p: Pending, answers: readonly GameEvent[], view: SeatView): void {
		const main = p.actions.find((a) => a.a !== 'take');
		const takeFirst = p.actions[0]?.a === 'take';
		const took = answers.some((e) => e.type === 'took_treasure');
		const failed = answers.some((e) => e.type === 'action_failed');
		const said = answers.filter((e) => e.type !== 'took_treasure' && e.type !== 'action_failed' && e.type !== 'won' && e.type !== 'grenade');
		// The take before the step: off the cell stood on.
		if (takeFirst && took) this.keep((h) => ((h.map.treasure[h.pos] = T_NONE), [h]));
		if (main?.a === 'go') {
			const di = DIRECTIONS.indexOf(main.dir);
			if (p.outside !== null) this.keep((h) => this.reenter(h, said));
			else this.keep((h) => this.step(h, di, said));
		} else if (main?.a === 'grenade') {
			const di = DIRECTIONS.indexOf(main.dir);
			this.keep((h) => this.blown(h, di, view.settings.duelGrenadesBreakOuter));
		}
		// The take after the step: off the cell it came to (none there: it holds none).
		if (!takeFirst && (took || failed)) this.keep((h) => ((h.map.treasure[h.pos] = T_NONE), [h]));
	}

	private keep(f: (h: Hypothesis) => Hypothesis[]): void {
		const next: Hypothesis[] = [];
		for (const h of this.hyps) next.push(...f(h));
		this.hyps = next;
	}

	/**
	 * A pit fallen into while not sure where it stood (3d): one hypothesis per cell its exit may be
	 * on, on the last certain map (what was learnt since, under each hypothesis, is let go: kept,
	 * they would be too many to follow).
	 */
	private atPitExit(map: DuelMap, n: number): Hypothesis[] {
		const known = map.exit[n]!;
		if (known >= 0) return [{ pos: known, map: map.clone() }];
		const out: Hypothesis[] = [];
		for (let c = 0; c < map.kind.length; c++) {
			if (map.kind[c] !== K_UNKNOWN) continue;
			const m = map.clone();
			m.setKind(c, K_PIT_EXIT, n);
			out.push({ pos: c, map: m });
		}
		return out;
	}

	/** The walker on any cell of `map` (a copy each), those the hypotheses held first (the likeliest). */
	private anywhere(map: DuelMap, held: readonly Hypothesis[]): Hypothesis[] {
		const cells = [...new Set([...held.map((h) => h.pos), ...Array.from({ length: this.w * this.h }, (_, c) => c)])];
		return cells.slice(0, MAX_HYPOTHESES).map((pos) => ({ pos, map: map.clone() }));
	}

	/** A step the way `di` from `h`, answered `said` (3.2 a wall, 3.5 out, else the cell's answers). */
	private step(h: Hypothesis, di: number, said: readonly GameEvent[]): Hypothesis[] {
		const first = said[0];
		const map = h.map;
		const to = map.nb(h.pos, di);
		if (!first) return [h];
		if (first.type === 'wall') {
			// Off the outline, or the labyrinth's wall when walls are told alike.
			return map.setSide(h.pos, di, S_WALL) && (to >= 0 || !this.outerWallsTold) ? [h] : [];
		}
		if (first.type === 'outer_wall') return to < 0 && map.setSide(h.pos, di, S_WALL) ? [h] : [];
		if (first.type === 'duel_out') return to < 0 && map.setExit(h.pos, di) ? [h] : [];
		if (!ARRIVALS.has(first.type) || to < 0 || !map.setSide(h.pos, di, S_OPEN)) return [];
		return this.arrive(h, to, said);
	}

	/** Back in (3.9) through the exit it left by, or not. */
	private reenter(h: Hypothesis, said: readonly GameEvent[]): Hypothesis[] {
		const first = said[0];
		if (first?.type !== 'reentered') return [h];
		return this.arrive(h, h.pos, said.slice(1));
	}

	/** A grenade the way `di`: no wall there any more; the labyrinth's own one an exit (3.3, 3.5), unless agreed otherwise. */
	private blown(h: Hypothesis, di: number, breakOuter: boolean): Hypothesis[] {
		const map = h.map;
		const n = map.nb(h.pos, di);
		if (n >= 0) {
			map.sides[h.pos * 4 + di] = S_OPEN;
			map.sides[n * 4 + ((di + 2) & 3)] = S_OPEN;
		} else if (breakOuter) map.sides[h.pos * 4 + di] = S_EXIT;
		return [h];
	}

	/** The walker came onto `cell` (a step, the start, a way back in): what was said there. */
	private arrive(h: Hypothesis, cell: number, said: readonly GameEvent[]): Hypothesis[] {
		const map = h.map;
		const e = said[0];
		const treasure = said.some((x) => x.type === 'duel_treasure');
		h.pos = cell;
		if (!e) return [h];
		if (e.type === 'land' || e.type === 'duel_treasure') {
			if (!map.setKind(cell, K_LAND)) return [];
			map.treasure[cell] = treasure ? T_LIES : T_NONE;
			return [h];
		}
		if (e.type === 'crossbow' || e.type === 'crutch' || e.type === 'trap') return map.setKind(cell, e.type === 'crossbow' ? K_CROSSBOW : e.type === 'crutch' ? K_CRUTCH : K_TRAP) ? [h] : [];
		if (e.type === 'pit_exit') return map.setKind(cell, K_PIT_EXIT, e.n) ? [h] : [];
		if (e.type !== 'duel_pit' || !map.setKind(cell, K_PIT, e.n)) return [];
		// 3d: at once to the exit with its number; where that is is not told.
		const known = map.exit[e.n]!;
		if (known >= 0) {
			h.pos = known;
			return [h];
		}
		return this.atPitExit(map, e.n);
	}

	// ------------------------------------------------------------------ choosing

	private choose(view: SeatView): Command & { type: 'move' } {
		if (this.outside !== null) return this.move([{ a: 'go', dir: DIRECTIONS[(this.outside + 2) & 3]! }]);
		const carrying = view.me.carry === 'treasure';
		const first = this.hyps[0]!;
		// 3e, 3.7: a treasure here is taken (free, with the step), unless one is carried.
		const take = !carrying && this.hyps.every((h) => h.map.treasure[h.pos] === T_LIES);
		const facts = this.countFacts(first.map);
		if (facts > this.mostFacts) {
			this.mostFacts = facts;
			this.tried.clear();
		}
		const last = this.pending?.actions.find((a) => a.a === 'go');
		this.course.push(`${last?.a === 'go' ? last.dir : '-'}:${this.answer}`);
		if (this.course.length > COURSE) this.course.shift();
		const here = this.course.join(' ');
		// 3.3: carrying, on the outline far from a known exit: a hole in the labyrinth's wall.
		const grenades = view.me.grenades ?? 0;
		if (carrying || take) {
			const blow = this.hyps.length === 1 && grenades > 0 && !this.grenadeRefused && view.settings.duelGrenadesBreakOuter ? this.holeWorthBlowing(first) : null;
			if (blow !== null) return this.move(take ? [{ a: 'take', index: 0 }, { a: 'grenade', dir: DIRECTIONS[blow]! }] : [{ a: 'grenade', dir: DIRECTIONS[blow]! }]);
		}
		const votes = [0, 0, 0, 0];
		// Not sure where it stands: the hypotheses vote in an order drawn afresh (the list runs in
		// the field's rows), until the rest cannot change the lead, or enough have voted.
		const order = this.hyps.length === 1 ? [0] : this.rng.shuffle(this.hyps.map((_, i) => i));
		let left = Math.min(order.length, PLANNED);
		for (let i = 0; i < order.length && left > 0; i++, left--) {
			const d = this.plan(this.hyps[order[i]!]!, carrying || take);
			if (d !== null) votes[d]! += 1;
			if (settled(votes, left - 1)) break;
		}
		let best = -1;
		let most = 0;
		for (const d of this.tie) {
			const score = votes[d]! / (1 + 2 * (this.tried.get(`${here}|${d}`) ?? 0));
			if (score > most) {
				most = score;
				best = d;
			}
		}
		if (best < 0) best = this.tie[this.rng.int(4)]!;
		const key = `${here}|${best}`;
		const tries = (this.tried.get(key) ?? 0) + 1;
		this.tried.set(key, tries);
		if (this.tried.size > 4096) this.tried.clear();
		if (tries > 3) {
			// The same course again and again: a step at random, not into a wall it knows.
			const open = DIRECTIONS.map((_, d) => d).filter((d) => first.map.sides[first.pos * 4 + d] !== S_WALL);
			best = open.length ? open[this.rng.int(open.length)]! : best;
		}
		const go: Action = { a: 'go', dir: DIRECTIONS[best]! };
		return this.move(take ? [{ a: 'take', index: 0 }, go] : [go]);
	}

	private move(actions: Action[]): Command & { type: 'move' } {
		return { type: 'move', by: this.seat, actions };
	}

	private countFacts(map: DuelMap): number {
		let n = 0;
		for (const s of map.sides) if (s !== S_UNKNOWN) n++;
		for (const k of map.kind) if (k !== K_UNKNOWN) n++;
		return n;
	}

	/** The outline side of the cell stood on worth a grenade (carrying): no known exit near. */
	private holeWorthBlowing(h: Hypothesis): number | null {
		const map = h.map;
		let side = -1;
		for (const d of this.tie) if (map.nb(h.pos, d) < 0 && map.sides[h.pos * 4 + d] !== S_EXIT) side = d;
		if (side < 0) return null;
		const { dist } = this.search(map, h.pos);
		let exit = Infinity;
		for (let c = 0; c < dist.length; c++) for (let d = 0; d < 4; d++) if (map.sides[c * 4 + d] === S_EXIT) exit = Math.min(exit, dist[c]! + 1);
		// The grenade takes the turn and the way out one more action.
		return exit > 2 + GRENADE_SAVES ? side : null;
	}

	/** The first step (a direction index) of this hypothesis's route to what it wants most. */
	private plan(h: Hypothesis, carrying: boolean): number | null {
		const map = h.map;
		const { dist, first } = this.search(map, h.pos);
		let best = -1;
		let bestCost = Infinity;
		const consider = (c: number, d: number, extra: number) => {
			const cost = dist[c]! + 1 + extra;
			if (cost < bestCost) {
				bestCost = cost;
				best = c === h.pos ? d : first[c]!;
			}
		};
		const sides = (want: (c: number, d: number) => number | null) => {
			best = -1;
			bestCost = Infinity;
			for (let c = 0; c < dist.length; c++) {
				if (dist[c] === Infinity || (c !== h.pos && !this.standsOn(map, c))) continue;
				for (const d of this.tie) {
					const extra = want(c, d);
					if (extra !== null) consider(c, d, extra);
				}
			}
			return best >= 0 ? best : null;
		};
		const unknown = (c: number, d: number) => map.sides[c * 4 + d] === S_UNKNOWN;
		if (carrying) {
			// Out through a known exit, else the outline's sides not known (each side has one exit), else explore.
			return sides((c, d) => (map.sides[c * 4 + d] === S_EXIT ? 0 : unknown(c, d) && map.nb(c, d) < 0 ? UNKNOWN_STEP : null)) ?? sides((c, d) => (unknown(c, d) ? this.newCell(map, c, d) : null));
		}
		// A treasure seen lying.
		let treasure = -1;
		for (let c = 0; c < dist.length; c++) if (map.treasure[c] === T_LIES && c !== h.pos && dist[c]! < Infinity && (treasure < 0 || dist[c]! < dist[treasure]!)) treasure = c;
		if (treasure >= 0) return first[treasure]!;
		// Explore: the nearest side not known, a step onto a cell not known first.
		const r = sides((c, d) => (unknown(c, d) ? this.newCell(map, c, d) : null));
		if (r !== null) return r;
		// Everything within reach known: a pit whose exit is not known leads on to the rest (3d).
		let pit = -1;
		for (let c = 0; c < dist.length; c++) if (map.kind[c] === K_PIT && map.exit[map.num[c]!]! < 0 && c !== h.pos && dist[c]! < Infinity && (pit < 0 || dist[c]! < dist[pit]!)) pit = c;
		if (pit >= 0) return first[pit]!;
		return this.tie.find((d) => map.nb(h.pos, d) >= 0 && map.sides[h.pos * 4 + d] !== S_WALL) ?? null;
	}

	/** Extra cost of a side not known: less when a cell not known is behind it (the outline last: it is mostly wall). */
	private newCell(map: DuelMap, c: number, d: number): number {
		const n = map.nb(c, d);
		if (n < 0) return 6;
		return map.kind[n] === K_UNKNOWN ? 0 : 3;
	}

	/** A cell the walker stays on when he enters it (not a pit: it sends him to its exit). */
	private standsOn(map: DuelMap, c: number): boolean {
		return map.kind[c] !== K_PIT;
	}

	private dist = new Float64Array(0);
	private first = new Int8Array(0);
	/** The search's queue: per cost, the cells reached at it (refilled for every search). */
	private readonly buckets: number[][] = [];

	/** Route costs from `at` (a bucket queue: small integer costs); a pit whose exit is known leads on from it. */
	private search(map: DuelMap, at: number): { dist: Float64Array; first: Int8Array } {
		const n = map.kind.length;
		if (this.dist.length !== n) {
			this.dist = new Float64Array(n);
			this.first = new Int8Array(n);
		}
		const dist = this.dist.fill(Infinity);
		const first = this.first.fill(-1);
		dist[at] = 0;
		const buckets = this.buckets;
		for (const b of buckets) b.length = 0;
		(buckets[0] ??= []).push(at);
		for (let cost = 0; cost < buckets.length; cost++) {
			const bucket = buckets[cost]!;
			for (let i = 0; i < bucket.length; i++) {
				const c = bucket[i]!;
				if (dist[c] !== cost) continue;
				if (c !== at && map.kind[c] === K_PIT) {
					const to = map.exit[map.num[c]!] ?? -1;
					if (to >= 0 && cost < dist[to]!) {
						dist[to] = cost;
						first[to] = first[c]!;
						bucket.push(to);
					}
					continue;
				}
				for (const d of this.tie) {
					const s = map.sides[c * 4 + d]!;
					if (s === S_WALL || s === S_EXIT) continue;
					const to = map.nb(c, d);
					if (to < 0) continue;
					const k = map.kind[to]!;
					const enter = k === K_TRAP ? TRAP_COST : k === K_PIT && map.exit[map.num[to]!]! < 0 ? BLIND_PIT_COST : 0;
					const nc = cost + (s === S_OPEN ? 1 : UNKNOWN_STEP) + enter;
					if (nc < dist[to]!) {
						dist[to] = nc;
						first[to] = c === at ? d : first[c]!;
						while (buckets.length <= nc) buckets.push([]);
						buckets[nc]!.push(to);
					}
				}
			}
		}
		return { dist, first };
	}
}
