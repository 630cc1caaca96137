/**
 * The explorer of the Treasures of the Abandoned Labyrinth (seed 002; issue 22). The program
 * spawns each adventurer on a tile nobody names (2), so the bot maps the labyrinth in its own
 * frame: the tile it was spawned on is the frame's centre, and every answer to its own moves
 * ("blocked by wall", "found an exit", "a SAFE clearing", "sinks into a MARSH"…) is written
 * there. A river's flush (direction not told, 3.3) and a portal (type not told) make it unsure
 * where it stands: it then holds several hypotheses, each a position and the map that goes with
 * it, drops those a later answer contradicts (an open way walked into a wall, a marsh answered
 * "safe", a frame wider than the labyrinth), and lets the likeliest vote for the step. A portal
 * that did send it elsewhere starts a fresh frame (what was mapped is lost with it). Nothing is
 * read but its seat's view: the feed's answers and its own standing.
 *
 * Purpose, in order: heal (a first aid kit held, else a known hospital) when injured; carry a
 * treasure out through a known exit, else try the sides that may be the labyrinth's wall; walk to
 * a treasure pile it saw; else the nearest side it does not know. Marshes (a lost turn), rivers
 * and portals (the way lost) cost the route search extra. A treasure carrier heard on its tile
 * (and not heard moving since) is attacked (3.2, 5), with the rusty bullet when it holds one.
 */
import type { Action, Command, GameEvent, Seat } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { Rng } from '../engine/random';
import { DIRECTIONS, type Direction } from '../engine/plan/types';
import { Course, FrameMap, K_UNKNOWN, keepLikeliest, S_EXIT, S_OPEN, S_UNKNOWN, S_WALL, type Hypothesis as FrameHypothesis } from './frame-map';

const K_LAND = 1;
const K_MARSH = 2;
const K_SHOP = 3;
const K_HOSPITAL = 4;
const K_RIVER = 5;
const K_PORTAL = 6;

/** Route cost of entering a tile of each kind (a lost turn, the way lost). */
const ENTER_COST = [0, 0, 3, 0, 0, 4, 5];
/** Route cost of a step across a side not known (it may be a wall: a free retry, 3.3, but a move). */
const UNKNOWN_STEP = 2;
/** Hypotheses kept (the likeliest). */
const MAX_HYPOTHESES = 24;
/** Of the six portal tiles (1), one is fake: entering it leaves the adventurer where he was. */
const FAKE_PORTAL_ODDS = 1 / 6;
/** The other portal tiles one may lead to (of six). */
const OTHER_PORTALS = 5;

const FLOW_BLOCKED = 4;
const FLOW_UNKNOWN = 5;

/** A frame's map (frame-map.ts) with what this labyrinth adds: treasure piles, rivers' flow, exits' bounds. */
class AbandonedMap extends FrameMap {
	readonly pile: Uint8Array;
	/** Per river tile: the way it was seen to flush (0–3), FLOW_BLOCKED, or FLOW_UNKNOWN. */
	readonly flow: Uint8Array;

	constructor(gw: number, gh: number, origin: number, from?: AbandonedMap) {
		super(gw, gh, origin, from);
		this.pile = from ? from.pile.slice() : new Uint8Array(gw * gh);
		this.flow = from ? from.flow.slice() : new Uint8Array(gw * gh).fill(FLOW_UNKNOWN);
	}

	clone(): AbandonedMap {
		return new AbandonedMap(this.gw, this.gh, 0, this);
	}

	/** An exit found across side `di` of `c`: that side is the labyrinth's wall (a full rectangle). */
	exitAt(c: number, di: number, w: number, h: number): boolean {
		const x = c % this.gw;
		const y = Math.floor(c / this.gw);
		if (di === 0) [this.loY, this.hiY] = [Math.max(this.loY, y), Math.min(this.hiY, y + h - 1)];
		else if (di === 2) [this.loY, this.hiY] = [Math.max(this.loY, y - h + 1), Math.min(this.hiY, y)];
		else if (di === 1) [this.loX, this.hiX] = [Math.max(this.loX, x - w + 1), Math.min(this.hiX, x)];
		else [this.loX, this.hiX] = [Math.max(this.loX, x), Math.min(this.hiX, x + w - 1)];
		return this.minX >= this.loX && this.maxX <= this.hiX && this.minY >= this.loY && this.maxY <= this.hiY;
	}
}

/** Whether a player entering `c` stays there (not a portal, not a river that flushes him on). */
function standsOn(map: AbandonedMap, c: number): boolean {
	const k = map.kind[c];
	return (k !== K_PORTAL || map.link[c] === c) && (k !== K_RIVER || map.flow[c] === FLOW_BLOCKED);
}

type Hypothesis = FrameHypothesis<AbandonedMap>;

interface Step {
	di: number;
	cost: number;
}

const KIND_OF: Partial<Record<GameEvent['type'], number>> = {
	safe: K_LAND,
	treasure_pile: K_LAND,
	marsh: K_MARSH,
	shop: K_SHOP,
	hospital: K_HOSPITAL,
	portal: K_PORTAL
};

export class AbandonedExplorer {
	private hyps: Hypothesis[] = [];
	private gw = 0;
	private gh = 0;
	private w = 0;
	private h = 0;
	/** Feed events read so far. */
	private read = 0;
	/** The direction of the step just sent (its answers are still to be read), and whether one was answered. */
	private pending: number | null = null;
	private arrived = false;
	/** The last steps and their answers, and how often each step was chosen after them (loops: a portal or river sends him round). */
	private readonly course = new Course();
	/** The answers to the step just sent. */
	private answer = '';
	private lastDir: number | null = null;
	/** Others heard injured and not heard healed since (4). */
	private readonly hurt = new Set<Seat>();
	/** Others heard taking a treasure and not heard dropping it. */
	private readonly carriers = new Set<Seat>();
	/** Others heard on his tile ("Fight …", 3.3) and not heard moving since. */
	private readonly beside = new Set<Seat>();
	/** The feed's length when an attack was sent (the same length again: it was refused). */
	private attackedAt = -1;

	constructor(
		readonly seat: Seat,
		private readonly rng: Rng
	) {}

	/** A frame of its own around where he stands now, on a tile of kind `kind`. */
	private fresh(kind: number): Hypothesis {
		const origin = this.h * this.gw + this.w;
		const map = new AbandonedMap(this.gw, this.gh, origin);
		map.kind[origin] = kind;
		return { pos: origin, map, weight: 1 };
	}

	/** The command for this view (its phase, turn and standing checked by the caller). */
	decide(view: SeatView): Command {
		if (this.hyps.length === 0) {
			this.w = view.width;
			this.h = view.height;
			this.gw = 2 * view.width + 1;
			this.gh = 2 * view.height + 1;
			this.hyps = [this.fresh(K_LAND)]; // 2: spawned on a safe tile
		}
		this.learn(view.events);
		return this.choose(view);
	}

	/** Reads the feed since the last decision: the answers to its own step, injuries. */
	private learn(events: readonly GameEvent[]): void {
		for (; this.read < events.length; this.read++) {
			const e = events[this.read]!;
			if (!('seat' in e)) continue;
			this.watch(e);
			if (e.seat === this.seat) this.hear(e);
		}
		if (this.hyps.length === 0) this.hyps = [this.fresh(K_UNKNOWN)]; // lost: start mapping afresh
		keepLikeliest(this.hyps, MAX_HYPOTHESES);
	}

	/** What everybody hears of the others: injuries, healing, treasures taken, who stands with him. */
	private watch(e: GameEvent & { seat: Seat }): void {
		const moved = e.type === 'flushed' || e.type === 'portal' || KIND_OF[e.type] !== undefined;
		if (e.type === 'injured') {
			this.hurt.add(e.seat);
			if (e.dropped) this.carriers.delete(e.seat);
			// Beaten on his tile: the treasure the other dropped lies here (4).
			if (e.dropped && e.seat !== this.seat && this.beside.has(e.seat)) for (const h of this.hyps) h.map.pile[h.pos] = 1;
		} else if ((e.type === 'hospital' && e.healed) || e.type === 'first_aid') this.hurt.delete(e.seat);
		else if (e.type === 'treasure_pile' && e.taken) this.carriers.add(e.seat);
		if (e.seat === this.seat) {
			if (moved) this.beside.clear();
			if (e.type === 'meet') for (const o of e.others) this.beside.add(o);
		} else {
			if (moved) this.beside.delete(e.seat);
			if (e.type === 'meet' && e.others.includes(this.seat)) this.beside.add(e.seat);
		}
	}

	/** 3.2, 5: an attack on a treasure carrier on his tile (he drops it here); with the rusty bullet, won outright. */
	private attack(view: SeatView, item: string | null): Action | null {
		if (view.me.health !== 'healthy' || view.me.carry === 'treasure' || this.attackedAt === view.events.length) return null;
		// Only on a safe tile: the engine finds a pile only on arrival at a safe tile, so a treasure dropped elsewhere (a marsh, the shop) would be lost to all.
		const first = this.hyps[0]!;
		if (first.map.kind[first.pos] !== K_LAND) return null;
		const active = new Set(view.others.filter((o) => o.status === 'in').map((o) => o.seat));
		const target = [...this.beside].find((s) => active.has(s) && this.carriers.has(s) && !this.hurt.has(s));
		if (target === undefined) return null;
		this.attackedAt = view.events.length;
		return item === 'bullet' ? { a: 'attack', target, bullet: true } : { a: 'attack', target };
	}

	private hear(e: GameEvent): void {
		const keep = (f: (h: Hypothesis) => boolean | Hypothesis[]) => {
			const next: Hypothesis[] = [];
			for (const h of this.hyps) {
				const r = f(h);
				if (r === true) next.push(h);
				else if (Array.isArray(r)) next.push(...r);
			}
			this.hyps = next;
		};
		const di = this.pending;
		if (di !== null) this.answer += `${e.type},`;
		if (e.type === 'injured') {
			// 4: the treasure dropped lies on his own tile.
			if (e.dropped) for (const h of this.hyps) h.map.pile[h.pos] = 1;
			return;
		}
		if (di === null) return;
		if (e.type === 'wall' || e.type === 'exit_refused') {
			this.pending = null;
			const exit = e.type === 'exit_refused';
			keep((h) => h.map.setSide(h.pos, di, exit ? S_EXIT : S_WALL) && (!exit || h.map.exitAt(h.pos, di, this.w, this.h)));
			return;
		}
		const kind = KIND_OF[e.type];
		if (e.type !== 'flushed' && kind === undefined) return;
		if (!this.arrived) {
			// The step itself: onto the neighbouring tile.
			this.arrived = true;
			keep((h) => {
				const to = h.map.nb(h.pos, di);
				if (to < 0 || !h.map.setSide(h.pos, di, S_OPEN) || !h.map.visit(to, this.w, this.h)) return false;
				h.pos = to;
				return true;
			});
		}
		if (e.type === 'flushed') {
			keep((h) => {
				if (!h.map.setKind(h.pos, K_RIVER)) return false;
				const known = h.map.flow[h.pos]!;
				if (e.blocked) {
					if (known !== FLOW_UNKNOWN && known !== FLOW_BLOCKED) return false;
					h.map.flow[h.pos] = FLOW_BLOCKED;
					return true;
				}
				if (known === FLOW_BLOCKED) return false;
				if (known !== FLOW_UNKNOWN) {
					// A river flows the same way every time (1): he is where it took him before.
					const to = h.map.nb(h.pos, known);
					if (to < 0 || !h.map.visit(to, this.w, this.h)) return false;
					h.pos = to;
					return true;
				}
				// Flushed one tile downstream, the way not told: one hypothesis per open way.
				const out: Hypothesis[] = [];
				// Downstream is a river tile (1): not back where he came from, unless that was one.
				const back = (di + 2) % 4;
				const cameFrom = h.map.nb(h.pos, back);
				const ways = [0, 1, 2, 3].filter((d) => {
					const s = h.map.sides[h.pos * 4 + d];
					return s !== S_WALL && s !== S_EXIT && (d !== back || cameFrom < 0 || h.map.kind[cameFrom] === K_RIVER || h.map.kind[cameFrom] === K_UNKNOWN);
				});
				for (const d of ways) {
					const map = h.map.clone();
					const to = map.nb(h.pos, d);
					if (to < 0 || !map.setSide(h.pos, d, S_OPEN) || !map.visit(to, this.w, this.h) || !map.setKind(to, K_RIVER)) continue;
					map.flow[h.pos] = d;
					out.push({ pos: to, map, weight: h.weight / ways.length });
				}
				return out;
			});
			return;
		}
		if (e.type === 'portal') {
			// Fake: here; else elsewhere, on another portal (a fresh frame).
			keep((h) => {
				const from = h.pos;
				if (!h.map.setKind(from, K_PORTAL)) return false;
				// A portal sends him the same way every time (1): where it was seen to.
				if (h.map.link[from]! >= 0) {
					h.pos = h.map.link[from]!;
					return true;
				}
				// Else: here (fake), onto a portal tile he knows, or one he does not (a fresh frame).
				const known: number[] = [];
				for (let c = 0; c < h.map.kind.length; c++) if (c !== from && h.map.kind[c] === K_PORTAL) known.push(c);
				const each = (1 - FAKE_PORTAL_ODDS) / OTHER_PORTALS;
				const out: Hypothesis[] = [];
				for (const q of known.slice(0, OTHER_PORTALS)) {
					const map = h.map.clone();
					map.link[from] = q;
					out.push({ pos: q, map, weight: h.weight * each });
				}
				const away = this.fresh(K_PORTAL);
				away.weight = h.weight * each * Math.max(OTHER_PORTALS - known.length, 0.5);
				out.push(away);
				h.map.link[from] = from;
				h.weight *= FAKE_PORTAL_ODDS;
				out.push(h);
				return out;
			});
			this.pending = null;
			return;
		}
		keep((h) => {
			if (!h.map.setKind(h.pos, kind!)) return false;
			if (e.type === 'treasure_pile') h.map.pile[h.pos] = e.taken ? 0 : 1;
			else if (e.type === 'safe') h.map.pile[h.pos] = 0;
			return true;
		});
		this.pending = null;
	}

	private choose(view: SeatView): Command {
		const me = view.me;
		const item = view.system && 'item' in view.system ? view.system.item : null;
		const hurt = me.health !== 'healthy';
		const actions: Action[] = [];
		// 3.1 a first aid kit heals at once.
		if (hurt && item === 'first_aid') actions.push({ a: 'use', item: 'first_aid' });
		const attack = this.attack(view, item);
		if (attack) actions.push(attack);
		const healing = hurt && item !== 'first_aid';
		const votes = [0, 0, 0, 0];
		for (const h of this.hyps) {
			const step = this.plan(h, view, healing);
			if (step) votes[step.di]! += h.weight;
		}
		this.course.record(this.lastDir, this.answer);
		const order = this.rng.shuffle([0, 1, 2, 3]);
		let best = -1;
		let most = 0;
		for (const d of order) {
			const score = votes[d]! / this.course.penalty(d);
			if (score > most) {
				most = score;
				best = d;
			}
		}
		if (best < 0) best = order[0]!;
		if (this.course.take(best) > 3) {
			// The same step from the same standing, again and again (a portal or river loop): one at random, not into a known wall.
			const first = this.hyps[0]!;
			const open = order.filter((d) => first.map.sides[first.pos * 4 + d] !== S_WALL);
			best = open[0] ?? best;
		}
		const dir: Direction = DIRECTIONS[best]!;
		actions.push({ a: 'go', dir });
		this.lastDir = best;
		this.answer = '';
		this.pending = best;
		this.arrived = false;
		return { type: 'move', by: this.seat, actions };
	}

	/** The first step of this hypothesis's route to what it wants most. */
	private plan(hyp: Hypothesis, view: SeatView, healing: boolean): Step | null {
		const map = hyp.map;
		const { dist, first } = this.search(map, hyp.pos);
		const w = this.w;
		const h = this.h;
		let best: Step | null = null;
		const consider = (cost: number, di: number) => {
			if (di >= 0 && (!best || cost < best.cost)) best = { di, cost };
		};
		/** The best step to a tile matching `want`. */
		const toTile = (want: (c: number) => boolean) => {
			best = null;
			for (let c = 0; c < dist.length; c++) if (dist[c]! < Infinity && c !== hyp.pos && want(c)) consider(dist[c]!, first[c]!);
			return best as Step | null;
		};
		/** The best step across a side (from a tile reached) matching `want`. */
		const toSide = (want: (c: number, di: number) => boolean) => {
			best = null;
			for (let c = 0; c < dist.length; c++) {
				// A river tile (but a blocked one) or a portal is not stood on: its sides are not tried from it.
				if (dist[c]! === Infinity || (c !== hyp.pos && !standsOn(map, c))) continue;
				for (let d = 0; d < 4; d++) if (want(c, d)) consider(dist[c]! + 1, c === hyp.pos ? d : first[c]!);
			}
			return best as Step | null;
		};
		const unknown = (c: number, d: number) => map.sides[c * 4 + d] === S_UNKNOWN;
		/** A side the frame could not grow across: the labyrinth's wall (an exit, or a wall). */
		const edge = (c: number, d: number) => map.outline(c, d, w, h);
		if (view.me.carry === 'treasure') {
			// 6: out through a known exit; else the sides that are (then may be) the labyrinth's wall.
			return (
				toSide((c, d) => map.sides[c * 4 + d] === S_EXIT) ??
				toSide((c, d) => unknown(c, d) && edge(c, d)) ??
				toSide((c, d) => unknown(c, d) && map.mayBeOutline(c, d)) ??
				toSide(unknown)
			);
		}
		if (healing) {
			const r = toTile((c) => map.kind[c] === K_HOSPITAL);
			if (r) return r;
		} else {
			const r = toTile((c) => map.pile[c] === 1);
			if (r) return r;
		}
		// Explore: the nearest side not known inside the labyrinth (the outline is mostly wall), else any.
		return toSide((c, d) => unknown(c, d) && !edge(c, d)) ?? toSide(unknown);
	}

	/** Route costs from `at` over known-open and unknown sides (a bucket queue: small integer costs). */
	private search(map: AbandonedMap, at: number): { dist: number[]; first: number[] } {
		const n = map.kind.length;
		const dist = new Array<number>(n).fill(Infinity);
		const first = new Array<number>(n).fill(-1);
		dist[at] = 0;
		const buckets: number[][] = [[at]];
		for (let cost = 0; cost < buckets.length; cost++) {
			const bucket = buckets[cost];
			if (!bucket) continue;
			for (const c of bucket) {
				if (dist[c] !== cost) continue;
				if (c !== at && !standsOn(map, c)) {
					// A river seen to flush one way goes on downstream (at no cost: the same move); else where it leads is not known.
					const f = map.flow[c]!;
					const to = map.kind[c] === K_RIVER ? (f < 4 ? map.nb(c, f) : -1) : map.link[c]!;
					if (to >= 0 && cost < dist[to]!) {
						dist[to] = cost;
						first[to] = first[c]!;
						buckets[cost]!.push(to);
					}
					continue;
				}
				for (let d = 0; d < 4; d++) {
					const s = map.sides[c * 4 + d]!;
					if (s === S_WALL || s === S_EXIT) continue;
					const to = map.nb(c, d);
					if (to < 0 || (s === S_UNKNOWN && !map.fits(to, this.w, this.h))) continue;
					const nc = cost + (s === S_OPEN ? 1 : UNKNOWN_STEP) + ENTER_COST[map.kind[to]!]!;
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
