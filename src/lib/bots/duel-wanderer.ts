/**
 * The duel's wanderer (seeds 001/004; issue 36): the weak computer of a duel. It keeps no map:
 * it steps at random as any wanderer does (though not straight back the way it came, nor into
 * the wall it just met: a walk that turns back half the time finds little). A duel is won only
 * by carrying the true treasure out (1), so a treasure it is told of where it stands it takes
 * (3e, 3.7: free, with its next step), and carrying one it makes for the labyrinth's wall:
 * straight on until a wall; at the labyrinth's own wall (3.2: told apart, by default) along it,
 * trying the way out after every step, for the exit that side has (2: one on each side); walled
 * in at both ends of a stretch, away from it again. A step at random now and then, and a fresh
 * way when it keeps bumping, keep it from circling for ever (and keep it weak).
 *
 * Like every bot it reads its seat's view alone (`viewFor(half, 0)`): the answers to its own
 * moves and what it carries, never the plan: it does not know where it stands.
 */
import type { Action, Command, GameEvent, Seat } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { Rng } from '../engine/random';
import { DIRECTIONS } from '../engine/plan/types';

/** Carrying, how often a step is drawn at random instead of the one heading out (one in …): fewer strand it at the wall longer. */
const ASTRAY = 6;
/** Walls bumped in a row while heading out, before it draws a fresh way. */
const BUMPS = 4;

/** The answers to its own moves it reads. */
const ANSWERS: ReadonlySet<GameEvent['type']> = new Set(['land', 'crossbow', 'crutch', 'trap', 'duel_pit', 'pit_exit', 'duel_treasure', 'wall', 'outer_wall', 'duel_out', 'reentered', 'not_reentered', 'took_treasure']);

export class DuelWanderer {
	private read = 0;
	/** The way (a direction index) its last step went, when it was a step. */
	private went: number | null = null;
	/** Outside, the way it went out (3.9: back in the same way). */
	private outside: number | null = null;
	/** It was told a treasure lies where it stands (3e). */
	private treasureHere = false;
	/** Carrying: the way it walks straight on. */
	private heading: number | null = null;
	/** Carrying: the side of the labyrinth's wall it stands along (a direction index), and the way it follows it. */
	private wall: number | null = null;
	private along = 0;
	/** Its last step at the wall tried the way out. */
	private triedOut = false;
	private bumps = 0;
	/** Times it turned back along the wall (a wall across its way): twice, that stretch has no exit. */
	private turnedBack = 0;

	constructor(
		readonly seat: Seat,
		private readonly rng: Rng
	) {}

	decide(view: SeatView): Command | null {
		if (view.phase === 'over' || view.me.status !== 'in') return null;
		if (view.phase === 'start') {
			if (view.me.startChosen) return null;
			const cells = view.shape.flatMap((inside, c) => (inside ? [c] : []));
			return { type: 'choose_start', by: this.seat, cell: this.rng.pick(cells)! };
		}
		const answers = this.hear(view.events);
		// Nothing heard since its last command: refused (not one the wanderer sends): a step at random.
		if (answers === null) return this.move(this.rng.int(4), false);
		if (this.outside !== null) return this.move((this.outside + 2) & 3, false);
		const carrying = view.me.carry === 'treasure';
		const take = !carrying && this.treasureHere;
		if (!carrying && !take) {
			this.heading = this.wall = null;
			return this.move(this.wander(answers), false);
		}
		return this.move(this.headOut(answers, view.settings.duelOuterWallsTold), take);
	}

	/** The answers to its last command (null: none, it was refused), and what they tell it. */
	private hear(events: readonly GameEvent[]): GameEvent[] | null {
		const fresh = this.read < events.length;
		const answers: GameEvent[] = [];
		for (; this.read < events.length; this.read++) {
			const e = events[this.read]!;
			if ('seat' in e && e.seat === this.seat && ANSWERS.has(e.type)) answers.push(e);
		}
		if (!fresh) return null;
		if (answers.some((e) => e.type === 'duel_out')) this.outside = this.went;
		else if (answers.some((e) => e.type === 'reentered')) this.outside = null;
		// Where it came to (a step, its start, the way back in): whether a treasure lies there.
		const came = answers.some((e) => e.type !== 'wall' && e.type !== 'outer_wall' && e.type !== 'duel_out' && e.type !== 'not_reentered' && e.type !== 'took_treasure');
		if (came) this.treasureHere = answers.some((e) => e.type === 'duel_treasure');
		else if (answers.some((e) => e.type === 'took_treasure')) this.treasureHere = false;
		return answers;
	}

	/** Carrying (or about to take): the step that heads for the labyrinth's wall and along it to an exit. */
	private headOut(answers: readonly GameEvent[], outerWallsTold: boolean): number {
		const bumped = answers.find((e) => e.type === 'wall' || e.type === 'outer_wall');
		// At the labyrinth's own wall (or, walls told alike, a wall it may take for it).
		const outer = bumped?.type === 'outer_wall' || (bumped !== undefined && !outerWallsTold && this.rng.int(2) === 0);
		if (bumped && this.went !== null) {
			this.bumps++;
			if (outer && this.wall === null) {
				this.wall = this.went;
				this.along = (this.went + (this.rng.int(2) ? 1 : 3)) & 3;
				this.turnedBack = 0;
			} else if (this.wall !== null && !this.triedOut) {
				this.along = (this.along + 2) & 3;
				// Walled in at both ends of this stretch: away from the wall, for another side.
				if (++this.turnedBack >= 2) {
					this.heading = (this.wall + 2) & 3;
					this.wall = null;
				}
			}
		} else if (!bumped) {
			this.bumps = 0;
			// A step the way out that led in: that was no wall of the labyrinth.
			if (this.triedOut) this.wall = null;
		}
		if (this.bumps >= BUMPS) {
			this.bumps = 0;
			this.wall = null;
			this.heading = this.rng.int(4);
		}
		if (this.rng.int(ASTRAY) === 0) return this.rng.int(4);
		if (this.wall !== null) {
			// Along the wall, trying the way out after every step along it.
			this.triedOut = !this.triedOut && !bumped;
			return this.triedOut ? this.wall : this.along;
		}
		this.triedOut = false;
		if (this.heading === null || (bumped && this.heading === this.went)) this.heading = this.otherWay(this.heading);
		return this.heading;
	}

	/** A step at random, but not straight back the way it came, nor into the wall it just met. */
	private wander(answers: readonly GameEvent[]): number {
		if (this.went === null) return this.rng.int(4);
		const bumped = answers.some((e) => e.type === 'wall' || e.type === 'outer_wall' || e.type === 'not_reentered');
		return this.otherWay(bumped ? this.went : (this.went + 2) & 3);
	}

	private otherWay(not: number | null): number {
		const ways = [0, 1, 2, 3].filter((d) => d !== not);
		return ways[this.rng.int(ways.length)]!;
	}

	private move(di: number, take: boolean): Command {
		this.went = di;
		const go: Action = { a: 'go', dir: DIRECTIONS[di]! };
		return { type: 'move', by: this.seat, actions: take ? [{ a: 'take', index: 0 }, go] : [go] };
	}
}
