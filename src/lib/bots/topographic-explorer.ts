/**
 * The explorer of the topographic labyrinth (seed 003; issue 36). The program places each player
 * on a cell nobody names (3), so, as the abandoned labyrinth's explorer does, it maps in its own
 * frame: the cell it stood on when it first decided is the frame's centre, and every answer to its
 * own steps is written there. It holds hypotheses (a position and the map that goes with it),
 * drops those a later answer contradicts, and lets the likeliest vote for the step.
 *
 * The topographic facts it knows (docs/rules.md, seed 003):
 * - 1.2 a spinner is told "land" and turns the player's steps by a fixed quarter: a cell's turn is
 *   taken as none until a step from it contradicts the map; the step is then read again under
 *   each other turn, and the turns that fit are kept (learnt from where the step took it); a cell
 *   whose turn is known is left by the command that goes the way meant (and its shots turned too);
 * - 1.3 a river carries the player up to three cells downstream (the cells not told): he may be
 *   on any cell that far of the right kind; where it took him is then known, for the next time,
 *   and a landing two or three cells away in a line makes the cells between river (into a swamp,
 *   each carrying him there again);
 * - 1.4 a swamp kills on a second move in a row: told he is in one, no step that any likely
 *   hypothesis knows leads into a swamp or a river into one (or not seen yet);
 * - 1.5 a pit sends him to another pit: one he knows, or one he does not (a fresh frame, less
 *   likely); not to a pit another is seen to lead to (exactly one pit leads into each);
 * - 1.6 an awake crocodile eats: one any hypothesis knows ahead is shot (it sleeps) before it is
 *   entered; without cartridges no likely hypothesis's crocodile is stepped onto;
 * - 1.7 the arsenal gives three cartridges;
 * - 1.9 an exit is a wall to a player without the treasure: carrying it, he tries the labyrinth's
 *   outline again, walls he met without it included;
 * - 1.10 the dead revive in the morgue, without the treasure (it goes back to its place): once
 *   the morgue is known, a death puts him there; else the last sure map that knew the morgue is
 *   taken up again (a pit to an unmet pit or answers nothing fits lost it since); else a fresh
 *   frame around it; walking into the morgue places it (there is one);
 * - 2.2, 2.3 the ghost: where it ate him is on its path: routes pay to enter such a cell, and none
 *   is stepped onto while "the ghost is near" was heard since his last step.
 * A step the likely hypotheses know deadly is not taken while a safe one leads somewhere else (a
 * death is still his way out of a pocket). The bear (2.1) is not tracked.
 * Nothing is read but its seat's view: the feed's answers and its own standing.
 */
import type { Action, Command, GameEvent, Seat } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { Rng } from '../engine/random';
import { DIRECTIONS } from '../engine/plan/types';
import { Course, FrameMap, K_UNKNOWN, keepLikeliest, S_OPEN, S_UNKNOWN, S_WALL, type Hypothesis as FrameHypothesis } from './frame-map';

export const K_LAND = 1;
export const K_RIVER = 2;
export const K_SWAMP = 3;
/** A pit's kind on the explorer's map. */
export const K_PIT = 4;
export const K_CROCODILE = 5;
const K_ARSENAL = 6;
const K_MORGUE = 7;

/** Answers to a step that put the player on the cell stepped onto (a kind), as the master tells them. */
const ARRIVED: Partial<Record<GameEvent['type'], number>> = {
	land: K_LAND,
	arsenal: K_ARSENAL,
	morgue_cell: K_MORGUE,
	crocodile_asleep: K_CROCODILE,
	swamp: K_SWAMP
};

/** Hypotheses kept (the likeliest). */
const MAX_HYPOTHESES = 32;
/** The weight of a reading in which the cell left was a spinner (of each turn). */
const SPINNER_ODDS = 0.05;
/**
 * The weight of a reading in which a pit led to a pit not met yet (a fresh frame, the map lost),
 * beside the pits met that may be where it leads. Measured: with a share as large as one met
 * pit's, the fresh frame's votes (to explore round it) drowned the map's, and a death there lost
 * the morgue; at 0.2 the map is kept unless the answers contradict it.
 */
const UNMET_PIT_ODDS = 0.2;
/** How sure the likeliest hypothesis must be for its map to be kept as the one a death goes back to. */
const ANCHOR_WEIGHT = 0.5;
/** How much more weight of hypotheses may think a step deadly than the safest step (it is then not taken). */
const DEADLY_TOLERANCE = 0.05;
/** Route cost of entering a cell of the ghost's path. */
const GHOST_STEP = 3;
/** Route cost of a step across a side not known. */
const UNKNOWN_STEP = 2;

/** A frame's map (frame-map.ts) with what this labyrinth adds: spinners' turns, the morgue, the treasure's place. */
export class TopoMap extends FrameMap {
	/** Per side: met as a wall while carrying the treasure (then not an exit). */
	readonly triedCarrying: Uint8Array;
	/** Per cell: the spinner's quarter turns (−1: taken as none, not known). */
	readonly spin: Int8Array;
	morgue = -1;
	/** Where the treasure lies when nobody carries it (−1 not known). */
	home = -1;
	/** Per cell: the ghost ate him there (2.2: the cell is on its path). */
	readonly ghost: Uint8Array;

	constructor(gw: number, gh: number, origin: number, from?: TopoMap) {
		super(gw, gh, origin, from);
		this.triedCarrying = from ? from.triedCarrying.slice() : new Uint8Array(gw * gh * 4);
		this.spin = from ? from.spin.slice() : new Int8Array(gw * gh).fill(-1);
		this.ghost = from ? from.ghost.slice() : new Uint8Array(gw * gh);
		if (from) {
			this.morgue = from.morgue;
			this.home = from.home;
		}
	}

	clone(): TopoMap {
		return new TopoMap(this.gw, this.gh, 0, this);
	}
}

export type Hypothesis = FrameHypothesis<TopoMap>;

/** What he knows of his standing that makes a step deadly, as told (not from any one hypothesis). */
export interface Danger {
	/** He has cartridges: a crocodile ahead is shot first (1.6). */
	armed: boolean;
	/** His last step ended in a swamp (1.4). */
	inSwamp: boolean;
	/** "The ghost is near" was heard since his last step (2.3). */
	ghostNear: boolean;
}

/** The cell the command `d` steps onto under `h` (its cell's turn as known, 1.2; −1: a known wall or off the frame). */
export function stepTarget(h: Hypothesis, d: number): number {
	const a = (d + Math.max(0, h.map.spin[h.pos]!)) & 3;
	if (h.map.sides[h.pos * 4 + a] === S_WALL) return -1;
	return h.map.nb(h.pos, a);
}

/**
 * Per command, the weight of the hypotheses under which the step kills him as the map knows it:
 * an awake crocodile he cannot shoot first (1.6: no cartridges); from a swamp, a swamp or a river
 * seen to end in one or not seen yet (1.4: a second swamp in a row); while the ghost is near, a
 * cell where it ate him before (2.2: on its path, so it may walk onto him).
 */
export function deadlyWeights(hyps: readonly Hypothesis[], danger: Danger): number[] {
	const out = [0, 0, 0, 0];
	for (const h of hyps)
		for (let d = 0; d < 4; d++) {
			const to = stepTarget(h, d);
			if (to < 0) continue;
			const k = h.map.kind[to];
			const link = h.map.link[to]!;
			const swampy = k === K_SWAMP || (k === K_RIVER && (link < 0 || h.map.kind[link] === K_SWAMP));
			const ghostly = danger.ghostNear && h.map.ghost[to] === 1;
			if ((k === K_CROCODILE && !danger.armed) || (danger.inSwamp && swampy) || ghostly) out[d]! += h.weight;
		}
	return out;
}

/**
 * 1.5: the pits met (kinds `kind`, `link` where each was seen to lead) that the pit `from` may lead
 * to: every other one but those another pit is seen to lead to (exactly one pit leads into each).
 */
export function pitsItMayLeadTo(kind: Uint8Array, link: Int16Array, from: number): number[] {
	const entered = new Set<number>();
	for (let c = 0; c < kind.length; c++) if (kind[c] === K_PIT && link[c]! >= 0) entered.add(link[c]!);
	const out: number[] = [];
	for (let c = 0; c < kind.length; c++) if (c !== from && kind[c] === K_PIT && !entered.has(c)) out.push(c);
	return out;
}

/**
 * 1.3: the cells a river surely flowed through between the river cell entered (`from`) and where
 * it left him (`to`), on a frame `gw` wide: it carries at most three cells, one step each, so a
 * landing in a line two or three cells away was reached straight; elsewhere (a bend) none is sure.
 */
export function riverCellsBetween(gw: number, from: number, to: number): number[] {
	const dx = (to % gw) - (from % gw);
	const dy = Math.floor(to / gw) - Math.floor(from / gw);
	if (dx !== 0 && dy !== 0) return [];
	const n = Math.abs(dx) + Math.abs(dy);
	const step = Math.sign(dx) + Math.sign(dy) * gw;
	const out: number[] = [];
	for (let i = 1; i < n; i++) out.push(from + i * step);
	return out;
}

/**
 * Whether the leading direction stays ahead (strictly: a tie is broken by the shuffled order)
 * whichever way `left` more weight votes.
 */
function settled(votes: readonly number[], penalty: readonly number[], left: number): boolean {
	let lead = -1;
	for (let d = 0; d < 4; d++) if (lead < 0 || votes[d]! / penalty[d]! > votes[lead]! / penalty[lead]!) lead = d;
	const score = votes[lead]! / penalty[lead]!;
	if (score <= 0) return false;
	for (let d = 0; d < 4; d++) if (d !== lead && (votes[d]! + left) / penalty[d]! >= score) return false;
	return true;
}

export class TopographicExplorer {
	private hyps: Hypothesis[] = [];
	private gw = 0;
	private gh = 0;
	private w = 0;
	private h = 0;
	private read = 0;
	/** The commanded direction of the step just sent (its answer still to be read). */
	private pending: number | null = null;
	/** The seat carrying the treasure, as heard (null: it lies at its place). */
	private carrier: Seat | null = null;
	/** The last steps and their answers, and how often each step was chosen after them (a pit or river loop). */
	private readonly course = new Course();
	private answer = '';
	private lastDir: number | null = null;
	/** Carrying the treasure when the step was sent (a wall met then is no exit). */
	private carrying = false;
	/**
	 * 1.4: his last step ended in a swamp, as told ("swamp", or a river that brought him into one;
	 * a wall hit there leaves him in it): a step into a swamp, or a river into one, kills now.
	 */
	private inSwamp = false;
	/**
	 * The last map, as the likeliest hypothesis held it, that knew where the morgue is (1.10): a
	 * death puts him there again whatever else he lost since (a pit to a pit not met, answers no
	 * hypothesis fits), so that map is taken up again.
	 */
	private anchor: TopoMap | null = null;
	/** 2.3: told "the ghost is near" since his last step was sent (it walks onto a cell beside him, or his own). */
	private ghostNear = false;

	constructor(
		readonly seat: Seat,
		private readonly rng: Rng
	) {}

	private fresh(kind: number): Hypothesis {
		const origin = this.h * this.gw + this.w;
		const map = new TopoMap(this.gw, this.gh, origin);
		map.kind[origin] = kind;
		if (kind === K_MORGUE) map.morgue = origin;
		return { pos: origin, map, weight: 1 };
	}

	decide(view: SeatView): Command {
		if (this.hyps.length === 0) {
			this.w = view.width;
			this.h = view.height;
			this.gw = 2 * view.width + 1;
			this.gh = 2 * view.height + 1;
			this.hyps = [this.fresh(K_UNKNOWN)];
		}
		this.learn(view.events);
		this.carrying = view.me.carry === 'treasure';
		return this.choose(view);
	}

	private learn(events: readonly GameEvent[]): void {
		for (; this.read < events.length; this.read++) {
			const e = events[this.read]!;
			if (!('seat' in e)) continue;
			if (e.type === 'treasure_picked') this.carrier = e.seat;
			else if ((e.type === 'morgue' || e.type === 'won') && e.seat === this.carrier) this.carrier = null;
			if (e.seat === this.seat) this.hear(e);
		}
		if (this.hyps.length === 0) this.hyps = [this.fresh(K_UNKNOWN)];
		keepLikeliest(this.hyps, MAX_HYPOTHESES);
		const lead = this.hyps[0]!;
		if (lead.map.morgue >= 0 && lead.weight >= ANCHOR_WEIGHT) this.anchor = lead.map.clone();
	}

	private keep(f: (h: Hypothesis) => Hypothesis[]): void {
		const next: Hypothesis[] = [];
		for (const h of this.hyps) next.push(...f(h));
		this.hyps = next;
	}

	private hear(e: GameEvent & { seat: Seat }): void {
		if (this.pending !== null) this.answer += `${e.type},`;
		if (e.type === 'eaten' && e.by === 'ghost') {
			// 2.2: the ghost came onto his cell: that cell is on its path.
			for (const h of this.hyps) h.map.ghost[h.pos] = 1;
			return;
		}
		if (e.type === 'near' && e.who === 'ghost') {
			this.ghostNear = true;
			return;
		}
		if (e.type === 'morgue') {
			// 1.10: revived in the morgue, without the treasure (it goes back where it lay).
			this.pending = null;
			this.inSwamp = false;
			const known = this.hyps.filter((h) => h.map.morgue >= 0);
			for (const h of known) h.pos = h.map.morgue;
			const anchor = this.anchor;
			this.hyps = known.length ? known : anchor ? [{ pos: anchor.morgue, map: anchor.clone(), weight: 1 }] : [this.fresh(K_MORGUE)];
			return;
		}
		if (e.type === 'treasure_picked') {
			for (const h of this.hyps) h.map.home = h.pos;
			return;
		}
		const di = this.pending;
		if (di === null) return;
		const stepAnswer = e.type === 'wall' || e.type === 'pit' || e.type === 'topo_river' || e.type === 'crocodile_eats' || e.type === 'swamp_death' || ARRIVED[e.type] !== undefined;
		if (!stepAnswer) return;
		this.pending = null;
		if (e.type !== 'wall') this.inSwamp = e.type === 'swamp' || (e.type === 'topo_river' && e.swamp);
		this.keep((h) => {
			// The cell's turn taken as none, or as known; if the answer contradicts it, every other turn (1.2).
			const spin = h.map.spin[h.pos]!;
			const unsure = spin < 0 && this.maySpin(h.map.kind[h.pos]!);
			// The map as it stood (a reading that fails may have written part of its answer).
			const before = unsure ? h.map.clone() : null;
			const first = this.step(h, spin < 0 ? 0 : spin, di, e, h.weight, h.map);
			if (first.length || !before) return first;
			const out: Hypothesis[] = [];
			for (const s of [1, 2, 3]) {
				const map = before.clone();
				map.spin[h.pos] = s;
				out.push(...this.step({ ...h, map }, s, di, e, h.weight * SPINNER_ODDS, map));
			}
			return out;
		});
	}

	private maySpin(kind: number): boolean {
		return kind === K_LAND || kind === K_UNKNOWN;
	}

	/** The hypotheses after the step `di` commanded from `h` under the turn `spin`, answered `e` (none: a contradiction). */
	private step(h: Hypothesis, spin: number, di: number, e: GameEvent, weight: number, map: TopoMap): Hypothesis[] {
		const a = (di + spin) & 3;
		const from = h.pos;
		if (e.type === 'wall') {
			if (!map.setSide(from, a, S_WALL)) return [];
			if (this.carrying) map.triedCarrying[from * 4 + a] = 1;
			return [{ pos: from, map, weight }];
		}
		const to = map.nb(from, a);
		if (to < 0 || !map.setSide(from, a, S_OPEN) || !map.visit(to, this.w, this.h)) return [];
		const arrived = ARRIVED[e.type];
		if (arrived === K_MORGUE) {
			// There is one morgue (docs/rules.md, the plan): a second place for it is a contradiction.
			if ((map.morgue >= 0 && map.morgue !== to) || !map.setKind(to, K_MORGUE)) return [];
			map.morgue = to;
			return [{ pos: to, map, weight }];
		}
		if (arrived !== undefined) return map.setKind(to, arrived) ? [{ pos: to, map, weight }] : [];
		if (e.type === 'crocodile_eats') return map.setKind(to, K_CROCODILE) ? [{ pos: to, map, weight }] : [];
		if (e.type === 'swamp_death') return map.kind[to] === K_SWAMP || map.kind[to] === K_UNKNOWN ? (map.setKind(to, K_SWAMP), [{ pos: to, map, weight }]) : [];
		if (e.type === 'pit') {
			if (!map.setKind(to, K_PIT)) return [];
			if (map.link[to]! >= 0) return [{ pos: map.link[to]!, map, weight }];
			// 1.5: to another pit: one it knows, or one it does not (a fresh frame). Each pit is
			// entered from exactly one pit: a pit another leads to (as seen) is not where this one leads.
			const out: Hypothesis[] = [];
			const known = pitsItMayLeadTo(map.kind, map.link, to);
			const away = this.fresh(K_PIT);
			away.weight = known.length ? weight * UNMET_PIT_ODDS : weight;
			for (const q of known) {
				const m = map.clone();
				m.link[to] = q;
				out.push({ pos: q, map: m, weight: (weight * (1 - UNMET_PIT_ODDS)) / known.length });
			}
			out.push(away);
			return out;
		}
		if (e.type === 'topo_river') {
			if (!map.setKind(to, K_RIVER)) return [];
			const landed = e.swamp ? K_SWAMP : K_RIVER;
			const seen = map.link[to]!;
			if (seen >= 0) return map.kind[seen] === landed ? [{ pos: seen, map, weight }] : [];
			// 1.3: carried up to three cells downstream: a cell that far (a swamp, or the river still).
			const x0 = to % this.gw;
			const y0 = Math.floor(to / this.gw);
			const ends: number[] = [];
			for (let c = 0; c < map.kind.length; c++) {
				const d = Math.abs((c % this.gw) - x0) + Math.abs(Math.floor(c / this.gw) - y0);
				if (d === 0 || d > 3 || (!e.swamp && d === 2)) continue;
				if ((map.kind[c] === K_UNKNOWN || map.kind[c] === landed) && map.fits(c, this.w, this.h)) ends.push(c);
			}
			const out: Hypothesis[] = [];
			for (const c of ends) {
				const m = ends.length > 1 ? map.clone() : map;
				m.setKind(c, landed);
				m.visit(c, this.w, this.h);
				m.link[to] = c;
				// Carried straight on (two or three cells in a line: at most three steps), the cells
				// between are the river's; into a swamp, entering one carries him there again.
				if (!this.riverBetween(m, to, c, e.swamp)) continue;
				out.push({ pos: c, map: m, weight: weight / ends.length });
			}
			return out;
		}
		return [];
	}

	/**
	 * Writes the river cells strictly between `from` and `to` when they lie in a line (false: one is
	 * known not to be river); when he landed in a swamp, entering one carries him there too.
	 */
	private riverBetween(map: TopoMap, from: number, to: number, swamp: boolean): boolean {
		for (const c of riverCellsBetween(this.gw, from, to)) {
			if (!map.setKind(c, K_RIVER)) return false;
			if (swamp && map.link[c]! < 0) map.link[c] = to;
		}
		return true;
	}

	private choose(view: SeatView): Command {
		const me = view.me;
		this.course.record(this.lastDir, this.answer);
		const penalty = [0, 1, 2, 3].map((d) => this.course.penalty(d));
		const votes = [0, 0, 0, 0];
		let left = this.hyps.reduce((sum, h) => sum + h.weight, 0);
		for (const h of this.hyps) {
			const a = this.plan(h, view);
			// The command that goes the way meant from a spinner whose turn is known.
			if (a !== null) votes[(a - Math.max(0, h.map.spin[h.pos]!) + 4) & 3]! += h.weight;
			left -= h.weight;
			// The hypotheses not planned yet cannot change the choice: the leader stays ahead whichever way they vote.
			if (left > 0 && settled(votes, penalty, left)) break;
		}
		const armed = (me.bullets ?? 0) > 0;
		const deadly = deadlyWeights(this.hyps, { armed, inSwamp: this.inSwamp, ghostNear: this.ghostNear });
		const safest = Math.min(...deadly);
		// A step some hypotheses (more than a few in a hundred) know kills him is not taken while a
		// safer one leads somewhere too: the vote may come from hypotheses that place him elsewhere.
		// With no such step he takes it (a death is his way out of a pocket: revived in the morgue).
		const safe = (d: number) => deadly[d]! <= safest + DEADLY_TOLERANCE;
		const shuffled = this.rng.shuffle([0, 1, 2, 3]);
		const leading = (dirs: number[]) => {
			let best = -1;
			let most = 0;
			for (const d of dirs) {
				const score = votes[d]! / penalty[d]!;
				if (score > most) {
					most = score;
					best = d;
				}
			}
			return best;
		};
		const safer = shuffled.filter(safe);
		const open = safer.filter((d) => this.wallWeight(d) < 0.5);
		const order = leading(safer) >= 0 ? safer : open.length ? open : shuffled;
		let best = leading(order);
		if (best < 0) best = order[0]!;
		if (this.course.take(best) > 3) best = order[0]!;
		const actions: Action[] = [];
		// 1.6: a crocodile any hypothesis knows ahead is shot first (it sleeps); the shot turns as the step does (1.2).
		if (armed && this.crocodileAhead(best) > 0) actions.push({ a: 'shoot', dir: DIRECTIONS[best]! });
		actions.push({ a: 'go', dir: DIRECTIONS[best]! });
		this.lastDir = best;
		this.ghostNear = false;
		this.answer = '';
		this.pending = best;
		return { type: 'move', by: this.seat, actions };
	}

	/** The weight of the hypotheses under which the command `d` meets a known wall. */
	private wallWeight(d: number): number {
		let w = 0;
		for (const h of this.hyps) if (stepTarget(h, d) < 0) w += h.weight;
		return w;
	}

	/** The weight of the hypotheses under which the command `d` steps onto a crocodile. */
	private crocodileAhead(d: number): number {
		let w = 0;
		for (const h of this.hyps) {
			const to = stepTarget(h, d);
			if (to >= 0 && h.map.kind[to] === K_CROCODILE) w += h.weight;
		}
		return w;
	}

	/** The first step (a real direction) of this hypothesis's route to what it wants most. */
	private plan(hyp: Hypothesis, view: SeatView): number | null {
		const map = hyp.map;
		const carrying = view.me.carry === 'treasure';
		const inSwamp = map.kind[hyp.pos] === K_SWAMP;
		const { dist, first } = this.search(map, hyp.pos, (view.me.bullets ?? 0) > 0, inSwamp);
		let best: { di: number; cost: number } | null = null;
		const toSide = (want: (c: number, d: number) => boolean) => {
			best = null;
			for (let c = 0; c < dist.length; c++) {
				if (dist[c]! === Infinity || (c !== hyp.pos && !this.standsOn(map, c))) continue;
				for (let d = 0; d < 4; d++) {
					if (!want(c, d)) continue;
					const cost = dist[c]! + 1;
					if (!best || cost < best.cost) best = { di: c === hyp.pos ? d : first[c]!, cost };
				}
			}
			return best as { di: number; cost: number } | null;
		};
		const unknown = (c: number, d: number) => map.sides[c * 4 + d] === S_UNKNOWN;
		const edge = (c: number, d: number) => map.outline(c, d, this.w, this.h);
		if (carrying) {
			// 1.9: the outline's sides (a wall met without the treasure may be an exit), the nearest first.
			const r =
				toSide((c, d) => edge(c, d) && !map.triedCarrying[c * 4 + d]) ??
				toSide((c, d) => unknown(c, d) && map.nb(c, d) >= 0 && !map.triedCarrying[c * 4 + d] && map.mayBeOutline(c, d)) ??
				toSide(unknown);
			return r?.di ?? null;
		}
		if (this.carrier === null && map.home >= 0 && map.home !== hyp.pos && dist[map.home]! < Infinity) return first[map.home]!;
		const r = toSide((c, d) => unknown(c, d) && !edge(c, d)) ?? toSide(unknown);
		return r?.di ?? null;
	}

	/** A cell the player stays on when he enters it (not a river or pit: they send him on). */
	private standsOn(map: TopoMap, c: number): boolean {
		const k = map.kind[c];
		return k !== K_RIVER && k !== K_PIT;
	}

	/** Route costs from `at` (a bucket queue: small integer costs). */
	private dist = new Float64Array(0);
	private first = new Int8Array(0);

	private search(map: TopoMap, at: number, armed: boolean, inSwamp: boolean): { dist: Float64Array; first: Int8Array } {
		const n = map.kind.length;
		// One pair of arrays per explorer, refilled for every search (a decision plans up to 32 maps).
		if (this.dist.length !== n) {
			this.dist = new Float64Array(n);
			this.first = new Int8Array(n);
		}
		const dist = this.dist.fill(Infinity);
		const first = this.first.fill(-1);
		dist[at] = 0;
		const buckets: number[][] = [[at]];
		for (let cost = 0; cost < buckets.length; cost++) {
			const bucket = buckets[cost];
			if (!bucket) continue;
			for (const c of bucket) {
				if (dist[c] !== cost) continue;
				if (c !== at && !this.standsOn(map, c)) {
					// A river or pit seen to lead somewhere goes on from there (the same move).
					const to = map.link[c]!;
					if (to >= 0 && cost < dist[to]!) {
						dist[to] = cost;
						first[to] = first[c]!;
						buckets[cost]!.push(to);
					}
					continue;
				}
				for (let d = 0; d < 4; d++) {
					const s = map.sides[c * 4 + d]!;
					if (s === S_WALL) continue;
					const to = map.nb(c, d);
					if (to < 0 || (s === S_UNKNOWN && !map.fits(to, this.w, this.h))) continue;
					const k = map.kind[to]!;
					// 1.4: from a swamp, no second swamp (a river may end in one).
					if (c === at && inSwamp && (k === K_SWAMP || k === K_RIVER)) continue;
					const enter = k === K_SWAMP ? 4 : k === K_RIVER ? (map.link[to]! >= 0 ? 2 : 6) : k === K_PIT ? (map.link[to]! >= 0 ? 2 : 12) : k === K_CROCODILE ? (armed && c === at ? 2 : 80) : 0;
					// 2.2: a cell of the ghost's path (it ate him there) is passed, not lingered on.
					const nc = cost + (s === S_OPEN ? 1 : UNKNOWN_STEP) + enter + (map.ghost[to] ? GHOST_STEP : 0);
					if (nc < dist[to]!) {
						dist[to] = nc;
						first[to] = c === at ? d : first[c]!;
						(buckets[nc] ??= []).push(to);
					}
				}
			}
		}
		return { dist, first };
	}
}
