/**
 * Computer players (issue 22). A bot is given its seat's view — `viewFor(state, seat)`, what a
 * phone is fed — and answers with the command its seat sends, or null when it has nothing to
 * say. It never sees the state or the plan: its map is the sheet's assistant, fed from the view's
 * events and its own commands (`SeatKnowledge`). Its choices are drawn from its own seeded PRNG,
 * so the same seed and the same feed give the same game.
 *
 * Levels:
 * - `wanderer`  a legal move at random (the way back in when outside; any system); in a duel, where
 *               only a treasure carried out wins, it also takes a treasure it finds and, carrying
 *               one, makes for the labyrinth's wall and an exit along it (duel-wanderer.ts);
 * - `explorer`  maps the labyrinth: tries the nearest side it does not know, walks to treasures it
 *               saw, carries a treasure out through an exit it knows (else looks for one), goes to
 *               a known hospital when hurt, orders the hospital when wounded; its routes end at a
 *               pit (which sends the player elsewhere) and follow where a river or pit was seen to
 *               take it; in the abandoned labyrinth, its own frame map instead (abandoned-explorer.ts),
 *               and in the topographic one too (topographic-explorer.ts);
 * - `hunter`    an explorer that also shoots when the others' possible squares make a hit likely
 *               (more readily at a player heard finding a treasure) and blows a known wall when
 *               the way through it is much shorter.
 */
import type { Action, Command, Seat } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import { createRng, type Rng } from '../engine/random';
import { OPPOSITE } from '../engine/plan/geometry';
import { DIRECTIONS, type Direction, type RuleSystemId } from '../engine/plan/types';
import { SeatKnowledge, SIDE_EXIT, SIDE_OPEN, SIDE_UNKNOWN, SIDE_WALL, type Map2D } from './knowledge';
import { OUTLINE, Reach, type Route, type RouteCosts } from './plan-route';
import type { BotLevel } from '../store/records';
import { AbandonedExplorer } from './abandoned-explorer';
import { TopographicExplorer } from './topographic-explorer';
import { DuelExplorer } from './duel-explorer';
import { DuelWanderer } from './duel-wanderer';

// Module-local copies of the side codes (read in the planner's loops).
const EXIT = SIDE_EXIT;
const OPEN = SIDE_OPEN;
const UNKNOWN = SIDE_UNKNOWN;
const WALL = SIDE_WALL;

// The levels' names are stored with games and tables, so they sit below the store (store/records.ts).
export { BOT_LEVELS, isBotLevel, type BotLevel } from '../store/records';

/** The farthest (in route cost) a treasure seen lying is fetched. */
const TREASURE_DETOUR = 12;

/**
 * Cells the explorer plans for when it is not sure where it stands (the likeliest). One: the
 * hypotheses mostly hold the same map around the player (what he learnt since he was lost, placed
 * at each cell), so their routes agree; planning the eight likeliest and voting (issue 22) won no
 * more games and made a third of the games' CPU time (docs/bots.md, issue 36).
 */
const WORLDS_PLANNED = 1;

/**
 * Whether the leading vote stays ahead whatever way `left` more weight votes: given to any other
 * vote (its score at most (n + left) / penalty), or to a new one (at most `left`).
 */
function settled(votes: ReadonlyMap<string, { n: number; penalty: number }>, left: number): boolean {
	let lead = 0;
	let leader: { n: number; penalty: number } | null = null;
	for (const v of votes.values())
		if (v.n / v.penalty > lead) {
			lead = v.n / v.penalty;
			leader = v;
		}
	if (!leader || lead <= left) return false;
	for (const v of votes.values()) if (v !== leader && (v.n + left) / v.penalty >= lead) return false;
	return true;
}

/** An explorer that maps a rule system's labyrinth in its own way (the assistant reads classic labyrinths only). */
interface SystemExplorer {
	decide(view: SeatView): Command | null;
}

/** A system's own explorer: `whole`, it decides from the start on (the duel's, which must know the start it chose). */
interface OwnExplorer {
	create(seat: Seat, rng: Rng): SystemExplorer;
	whole: boolean;
}

/**
 * How each system's seats play above the wanderer's level, one entry a system: on the map the
 * sheet's assistant reads (classic labyrinths), or with the system's own explorer — after the
 * seat's common moves (the start, the way back in, the hospital's order) unless `whole`.
 */
const PLAY_BY_SYSTEM: Record<RuleSystemId, 'mapped' | OwnExplorer> = {
	classic: 'mapped',
	abandoned: { create: (seat, rng) => new AbandonedExplorer(seat, rng), whole: false },
	topographic: { create: (seat, rng) => new TopographicExplorer(seat, rng), whole: false },
	duel: { create: (seat, rng) => new DuelExplorer(seat, rng), whole: true }
};

/** A system's own wanderer, where the common one cannot win its game (a duel is won by a treasure carried out only). */
const WANDER_BY_SYSTEM: Partial<Record<RuleSystemId, OwnExplorer>> = {
	duel: { create: (seat, rng) => new DuelWanderer(seat, rng), whole: true }
};

export interface Bot {
	readonly seat: Seat;
	readonly level: BotLevel;
	/** The command this seat sends now, from its view alone; null: nothing to do (not its turn). */
	decide(view: SeatView): Command | null;
}

export function createBot(level: BotLevel, seat: Seat, seed: string | number): Bot {
	return new SeatBot(level, seat, createRng(`${seed}:bot:${seat}`));
}

class SeatBot implements Bot {
	private know: SeatKnowledge | null = null;
	/** Moves since the map last grew: a long idle spell starts counting rounds for a draw (3.6). */
	private idle = 0;
	private lastFacts = 0;
	private lastFactsTried = 0;
	/** Steps taken (per set of candidate cells, per step) since the map last grew, and how often. */
	private readonly tried = new Map<string, Map<string, number>>();
	/** The route search, refilled for every world planned. */
	private readonly reach = new Reach();
	/**
	 * Per cell: where stepping onto it took this player (a river's next cell downstream, a pit's
	 * next pit), seen from a cell he was sure of; −1 not seen. The route search goes on from there.
	 */
	private landing: Int32Array | null = null;
	/** The step just sent from a cell the player was sure of (its answer starts at `feed` in the feed). */
	private lastStep: { cell: number; di: number; feed: number } | null = null;
	/** The rule system's own explorer, once made (`PLAY_BY_SYSTEM`). */
	private own: SystemExplorer | null = null;

	constructor(
		readonly level: BotLevel,
		readonly seat: Seat,
		private readonly rng: Rng
	) {}

	decide(view: SeatView): Command | null {
		if (view.seat !== this.seat) throw new Error('a bot reads only its own seat');
		const play = this.level === 'wanderer' ? (WANDER_BY_SYSTEM[view.rules] ?? 'wander') : PLAY_BY_SYSTEM[view.rules];
		if (typeof play === 'object' && play.whole) return (this.own ??= play.create(this.seat, this.rng)).decide(view);
		this.know ??= new SeatKnowledge(this.seat, view, this.level === 'hunter');
		const know = this.know;
		know.sync(view);
		this.learnLanding(view, know);
		const cmd = this.choose(view, know);
		if (cmd) {
			know.sent(cmd, view);
			const go = cmd.type === 'move' ? cmd.actions.find((a) => a.a === 'go') : undefined;
			const cands = know.assistant.candidates();
			this.lastStep = go?.a === 'go' && cands.length === 1 ? { cell: cands[0]!, di: DIRECTIONS.indexOf(go.dir), feed: view.events.length } : null;
		}
		return cmd;
	}

	/**
	 * After a step from a cell the player was sure of, answered "river" (carried on, 4.6) or "pit"
	 * (sent on, 4.4): where the cell stepped onto leads. Sure of where he landed, that cell; not sure,
	 * but maybe back where he stood, that (a river flowing into the cell he stepped from: the route
	 * search would otherwise send him upstream again and again). A later sure landing corrects it.
	 */
	private learnLanding(view: SeatView, know: SeatKnowledge): void {
		const step = this.lastStep;
		this.lastStep = null;
		// Shallow and turbulent rivers do not carry one cell the same way every time (7.4).
		if (!step || view.settings.rivers !== 'normal') return;
		let river = false;
		let pit = false;
		const events = view.events;
		for (let i = step.feed; i < events.length; i++) {
			const e = events[i]!;
			if (!('seat' in e) || e.seat !== this.seat) continue;
			if (e.type === 'river') river = true;
			else if (e.type === 'pit') pit = true;
		}
		if (!river && !pit) return;
		const map = know.map();
		const entered = map.nb[step.cell * 4 + step.di]!;
		if (entered < 0) return;
		this.landing ??= new Int32Array(map.shape.length).fill(-1);
		const cands = know.assistant.candidates();
		const to = cands.length === 1 ? cands[0]! : river && !pit && this.landing[entered]! < 0 && cands.includes(step.cell) ? step.cell : -1;
		if (to >= 0 && to !== entered) this.landing[entered] = to;
	}

	private choose(view: SeatView, know: SeatKnowledge): Command | null {
		if (view.phase === 'over' || view.current !== this.seat || view.me.status !== 'in') return null;
		const seat = this.seat;
		if (view.phase === 'start') {
			if (view.me.startChosen || view.settings.commonStart) return null;
			const cells = view.shape.flatMap((inside, c) => (inside && !know.refusedStarts.includes(c) ? [c] : []));
			const cell = this.rng.pick(cells);
			return cell === undefined ? { type: 'status', by: seat } : { type: 'choose_start', by: seat, cell };
		}
		if (view.me.outside) {
			const dir = know.outsideDir ?? DIRECTIONS[this.rng.int(4)]!;
			return { type: 'move', by: seat, actions: [{ a: 'go', dir: OPPOSITE[dir] }] };
		}
		const play = this.level === 'wanderer' ? 'wander' : PLAY_BY_SYSTEM[view.rules];
		const mapped = play === 'mapped';
		if (view.me.mayOrderCell) {
			// 5.5: a wounded player may have himself put on a cell: the hospital, if he knows one.
			const hospital = mapped ? this.knownCells(know.map(), 'hospital')[0] : undefined;
			return { type: 'order_cell', by: seat, cell: hospital ?? null };
		}
		if (typeof play === 'object') return (this.own ??= play.create(this.seat, this.rng)).decide(view);
		if (!mapped) return this.wander();
		return this.explore(view, know);
	}

	private wander(): Command {
		const actions: Action[] = [{ a: 'go', dir: DIRECTIONS[this.rng.int(4)]! }];
		return { type: 'move', by: this.seat, actions };
	}

	private knownCells(map: Map2D, kind: string): number[] {
		const out: number[] = [];
		for (let c = 0; c < map.shape.length; c++) if (map.kind(c) === kind) out.push(c);
		return out;
	}

	private explore(view: SeatView, know: SeatKnowledge): Command {
		const seat = this.seat;
		const cands = know.assistant.candidates();
		if (cands.length === 0) return this.wander();
		const tie = this.rng.shuffle([0, 1, 2, 3]);
		// Where am I? Each likely cell (with the map that then holds) votes for its first step, by how many hypotheses hold it.
		// Cells held equally often (after a pit, most are) are taken in an order drawn afresh: taking the
		// lowest cells first planned, lost, as if in the top rows, and held more games to the move limit.
		const worlds = know.worlds(WORLDS_PLANNED, 1 + this.rng.int(1 << 20));
		const first = worlds[0]!.map;
		// What is learnt is measured on the certain facts: the first hypothesis changes from one move
		// to the next (a merge reorders them), and its count with it, which would reset the counters below.
		const facts = know.certainCount();
		this.idle = facts > this.lastFacts ? 0 : this.idle + 1;
		this.lastFacts = facts;
		// A long spell learning nothing (everything reachable known, no way out found): start counting rounds to a draw (3.6).
		if (this.idle > 6 * first.shape.length && !know.nstopStarted && this.rng.int(4) === 0) {
			this.idle = 0;
			return { type: 'count_nstop', by: seat };
		}
		// A step already taken from here that taught nothing weighs less each time (a river that
		// carries the player back where he stood would otherwise hold him for ever).
		// Only facts never held before count: a river or pit splits the hypotheses (fewer facts are
		// certain) and a later step merges them again, which is no lesson (and the step would be retried for ever).
		if (facts > this.lastFactsTried) {
			this.tried.clear();
			this.lastFactsTried = facts;
		}
		// The candidate cells as a key, one character per cell (a plan's side is at most
		// MAX_PLAN_SIDE = 100, so cells are below 2^16): a fifth of the cost of joining the numbers.
		const here = String.fromCharCode(...cands);
		// One look-up of the (long) key of the candidate cells per decision, then per step.
		let triedHere = this.tried.get(here);
		if (!triedHere) this.tried.set(here, (triedHere = new Map()));
		// A step that any hypothesis says enters a known encephalitis cell (its mite awake) is the last
		// resort: the worlds planned for (one per cell) may not be the ones that know it.
		const wary = !view.me.immune && view.me.health !== 'infected';
		const riskyDir: (boolean | undefined)[] = [];
		const risky = (dir: Direction) => {
			const di = DIRECTIONS.indexOf(dir);
			return (riskyDir[di] ??= wary && know.mayEnterEncephalitis(di));
		};
		/** What a vote's weight is divided by. */
		const penalty = (key: string, dir: Direction) => (1 + 2 * (triedHere.get(key) ?? 0)) / (risky(dir) ? 0.02 : 1);
		const votes = new Map<string, { n: number; r: Route; penalty: number }>();
		let left = worlds.reduce((sum, w) => sum + w.weight, 0);
		const costs = this.costs(view);
		for (const w of worlds) {
			const r = this.plan(view, know, w.map, w.cell, tie, costs);
			const key = `${r.dir}:${r.blow}`;
			const v = votes.get(key);
			if (v) v.n += w.weight;
			else votes.set(key, { n: w.weight, r, penalty: penalty(key, r.dir) });
			left -= w.weight;
			// The worlds not planned yet cannot change the choice: the leader stays ahead whichever way they vote.
			if (left > 0 && settled(votes, left)) break;
		}
		let chosen: Route | null = null;
		let most = 0;
		for (const v of votes.values()) {
			const score = v.n / v.penalty;
			if (score > most) {
				most = score;
				chosen = v.r;
			}
		}
		if (!chosen) return this.wander();
		const stale = `${chosen.dir}:${chosen.blow}`;
		triedHere.set(stale, (triedHere.get(stale) ?? 0) + 1);
		if ((triedHere.get(stale) ?? 0) > 3 && votes.size === 1) {
			// Every world says the same and it keeps failing: a step at random (not into a known mite).
			const safe = DIRECTIONS.filter((d) => !risky(d));
			chosen = { ...chosen, dir: this.rng.pick(safe.length ? safe : DIRECTIONS)!, blow: false };
		}
		const actions: Action[] = [];
		const certain = cands.length === 1;
		if (this.level === 'hunter' && certain) {
			const shot = this.shot(view, know, first, cands[0]!);
			if (shot) actions.push({ a: 'shoot', dir: shot });
		}
		if (chosen.blow && (view.me.grenades ?? 0) > 0) actions.push({ a: 'grenade', dir: chosen.dir });
		actions.push({ a: 'go', dir: chosen.dir });
		return { type: 'move', by: seat, actions };
	}

	/** What the route search charges this player now (the same for every cell he may stand on). */
	private costs(view: SeatView): RouteCosts {
		const me = view.me;
		return {
			unknown: 2,
			wall: this.level === 'hunter' && (me.grenades ?? 0) > 0 ? 8 : Infinity,
			// A known encephalitis cell is avoided unless immune (4.7); pits and rivers lose the way.
			hazard: { pit: 6, river: 6, water: 6, encephalitis: me.immune ? 0 : 30 },
			// A pit takes the player to its next pit (4.4), not to its neighbours: no route leads on from one, unless seen where it goes.
			ends: { pit: true },
			landing: this.landing ?? undefined
		};
	}

	/** The route this player takes if he stands on `at`. */
	private plan(view: SeatView, know: SeatKnowledge, map: Map2D, at: number, tie: readonly number[], costs: RouteCosts): Route {
		const me = view.me;
		const reach = this.reach.run(map, at, costs, tie);
		const nb = map.nb;
		// On an encephalitis cell whose mite is awake: out at once, the way known open (4.7).
		if (map.kind(at) === 'encephalitis' && !me.immune) {
			const out = tie.find((di) => map.side(at, di) === OPEN && nb[at * 4 + di]! >= 0 && map.kind(nb[at * 4 + di]!) !== 'encephalitis');
			if (out !== undefined) return { dir: DIRECTIONS[out]!, blow: false, to: nb[at * 4 + out]!, cost: 1 };
		}
		const hurt = me.health !== 'healthy';
		if (hurt && know.everTold('hospital')) {
			const r = reach.toCell((c) => map.kind(c) === 'hospital');
			if (r && map.kind(at) !== 'hospital') return r;
		}
		if (me.carry === 'treasure') {
			// Out through an exit it knows, else try the outline's sides it does not know.
			const exitKnown = know.everTold('exit_out') || know.everTold('exit_refused');
			const r = (exitKnown ? reach.toSide(EXIT) : null) ?? reach.toSide(UNKNOWN, OUTLINE) ?? reach.toSide(UNKNOWN);
			if (r) return r;
		} else if (me.health === 'healthy' && know.treasures.size) {
			const r = reach.toCell((c) => know.treasures.has(c), TREASURE_DETOUR);
			if (r) return r;
		}
		// Explore: the nearest side not known, on the outline too — an exit found then spares the
		// treasure's carrier a search along the outline, and the outline tells a lost player where he is.
		const r = reach.toSide(UNKNOWN);
		if (r) return r;
		// Everything within reach on foot is known: a pit leads on to the rest (4.4).
		const pit = reach.toCell((c) => map.kind(c) === 'pit');
		if (pit) return pit;
		// Nothing left: walk on to somewhere at random.
		const open = DIRECTIONS.filter((_, di) => map.side(at, di) !== WALL && nb[at * 4 + di]! >= 0);
		const dir = this.rng.pick(open.length ? open : DIRECTIONS)!;
		return { dir, blow: false, to: at, cost: 1 };
	}

	/** Whether a shot pays, and which way: the others' possible squares on the line it would fly. */
	private shot(view: SeatView, know: SeatKnowledge, map: Map2D, at: number): Direction | null {
		if (view.me.health !== 'healthy' || (view.me.bullets ?? 0) <= 0) return null;
		const nb = map.nb;
		const here = map.kind(at);
		if ((here === 'hospital' || here === 'weaponry') && !view.settings.shootThroughBuildings) return null;
		if ((here === 'river' || here === 'water') && view.settings.dampPowder) return null;
		if (view.settings.namedTarget) return null;
		if (!know.others) return null;
		const cands = know.others.candidates();
		let best: Direction | null = null;
		let bestValue = 0;
		for (const dir of DIRECTIONS) {
			// The line the bullet flies along, as far as the sides are known open (and the range allows).
			const line = new Set<number>([at]);
			let cur = at;
			const di = DIRECTIONS.indexOf(dir);
			for (let step = 0; map.side(cur, di) === OPEN; step++) {
				if (view.settings.shootingRange !== null && step >= view.settings.shootingRange) break;
				const n = nb[cur * 4 + di]!;
				if (n < 0) break;
				const k = map.kind(n);
				if (k === 'hospital') break;
				line.add(n);
				cur = n;
				if (k === 'weaponry' && !view.settings.shootThroughBuildings) break;
			}
			let value = 0;
			for (const [seat, cells] of cands) {
				if (cells.length === 0) continue;
				const hit = cells.filter((c) => line.has(c)).length / cells.length;
				value += hit * (know.treasureCarriers.has(seat) ? 3 : 1);
			}
			if (value > bestValue) {
				bestValue = value;
				best = dir;
			}
		}
		// Bullets are few (5.1): only a likely hit, or a fair chance at a treasure carrier.
		return bestValue >= 0.45 ? best : null;
	}
}
