/**
 * The duel as a whole (seeds 001/004): two half-games and the turns between
 * them. In the app each device holds only its own half (the plan its owner
 * drew, walked by the opponent) and both run `DuelTurns` over the public
 * announcements; `DuelMatch` holds both halves in one place for the referee CLI
 * and the tests. Player p walks half 1 − p (the plan player 1 − p drew), where
 * he is seat 0.
 */
import type { Plan } from '../../plan/types';
import { type Result, ok, err } from '../../result';
import { apply } from '../../game/apply';
import { createGame, initialState, type Game, type GameSetupError } from '../../game/game';
import { createRng } from '../../random';
import type { Action, Command, GameEvent, GameState, RejectReason } from '../../game/types';
import { duelCost, type DuelCost } from './rules';

export type Player = 0 | 1;

/** The turns (3): whose turn, actions left, and what changes the count. */
export interface DuelTurns {
	readonly turn: Player;
	/** Actions left in this turn. */
	readonly left: number;
	/** Actions already made this turn. */
	readonly used: number;
	/** 3.3: this turn the walker has moved to another cell (no grenade may follow). */
	readonly stepped: boolean;
	/** 3b: the player found the crutch (one more action a turn for himself). */
	readonly crutch: readonly [boolean, boolean];
	/** 3a: the player found the crossbow (one more action a turn for his opponent). */
	readonly crossbow: readonly [boolean, boolean];
	/** 3c: the player's turns still to skip in the trap. */
	readonly skip: readonly [number, number];
	/** 3c: the player fell into the trap and has not moved since: his own finds (crossbow, crutch) count for nothing. */
	readonly caught: readonly [boolean, boolean];
	readonly winner: Player | null;
}

const other = (p: Player): Player => (p === 0 ? 1 : 0);
const set2 = <T>(pair: readonly [T, T], p: Player, v: T): [T, T] => (p === 0 ? [v, pair[1]] : [pair[0], v]);

/**
 * 3a–3c: actions a turn. The crutch is +1 to its finder, the crossbow +1 to its finder's opponent,
 * and they "add up": "visiting both is the same as visiting neither", and a crutch against the
 * opponent's crossbow makes three (not four). So each player's standing is crutch − crossbow and
 * the one ahead gets the difference as extra actions; a trapped player's own finds count for
 * nothing until he moves again ("the permanent skip does not work while you are not moving").
 */
export function actionsPerTurn(t: Pick<DuelTurns, 'crutch' | 'crossbow' | 'caught'>, p: Player): number {
	const standing = (x: Player) => (t.caught[x] ? 0 : (t.crutch[x] ? 1 : 0) - (t.crossbow[x] ? 1 : 0));
	return 1 + Math.max(0, standing(p) - standing(other(p)));
}

export function startTurns(first: Player): DuelTurns {
	return { turn: first, left: 1, used: 0, stepped: false, crutch: [false, false], crossbow: [false, false], skip: [0, 0], caught: [false, false], winner: null };
}

/** Whether `p` may now make a move costing `cost` (the reason when not). */
export function mayAct(t: DuelTurns, p: Player, cost: DuelCost): RejectReason | null {
	if (t.winner !== null) return 'game_over';
	// Even taking a treasure (free) is done in one's own turn.
	if (t.turn !== p) return 'not_your_turn';
	// 3.3 "throwing a grenade and moving in the same turn is not allowed" (the grenade ends the turn).
	if (cost === 'grenade' && t.stepped) return 'grenade_takes_turn';
	return null;
}

/** The turns after `p`'s accepted move of `cost`, given the announcements it produced. */
export function afterMove(t: DuelTurns, p: Player, cost: DuelCost, events: readonly GameEvent[]): DuelTurns {
	let s: DuelTurns = t;
	let endTurn = false;
	for (const e of events) {
		if (e.type === 'crossbow' && e.first) s = { ...s, crossbow: set2(s.crossbow, p, true) };
		else if (e.type === 'crutch' && e.first) s = { ...s, crutch: set2(s.crutch, p, true) };
		else if (e.type === 'trap') {
			s = { ...s, skip: set2(s.skip, p, 3), caught: set2(s.caught, p, true) };
			endTurn = true; // climbing out starts at once
		} else if (e.type === 'won') s = { ...s, winner: p };
	}
	if (s.winner !== null || cost === 'free') return s;
	const left = s.left - 1;
	// 3.3 a grenade "counts as the turn": it ends it, whatever actions were left.
	if (cost === 'grenade' || left <= 0 || endTurn) return nextTurn(s, p);
	// 3a: the extra action may be a grenade, but not after a move to another cell (a wall bumped is none).
	const stepped = s.stepped || !events.some((e) => STAYED.has(e.type));
	return { ...s, left, used: s.used + 1, stepped };
}

/**
 * 3.1 with 3a–3c: player `p`'s start was answered with `events` (his start cell acts as a cell he
 * came into). The crossbow and crutch count from the turn that has come (the crutch's "next turn"
 * is his first); the trap skips his next three turns — his first three, as it would after a move.
 * Applied to each start as it is known, in either order, before any move.
 */
export function afterStart(t: DuelTurns, p: Player, events: readonly GameEvent[]): DuelTurns {
	let s: DuelTurns = t;
	for (const e of events) {
		if (!('seat' in e) || e.seat !== p) continue;
		if (e.type === 'crossbow' && e.first) s = { ...s, crossbow: set2(s.crossbow, p, true) };
		else if (e.type === 'crutch' && e.first) s = { ...s, crutch: set2(s.crutch, p, true) };
		else if (e.type === 'trap') s = { ...s, skip: set2(s.skip, p, 3), caught: set2(s.caught, p, true) };
	}
	if (s === t) return t;
	// The turn that has come: a trapped player's passes to the opponent (3c).
	let turn = s.turn;
	let skip = s.skip;
	while (skip[turn] > 0) {
		skip = set2(skip, turn, skip[turn] - 1);
		turn = other(turn);
	}
	const u = { ...s, skip, turn, caught: set2(s.caught, turn, false) };
	return { ...u, left: actionsPerTurn(u, turn), used: 0, stepped: false };
}

/** Answers to a step that leave the walker where he was (3.2 a wall, 3.9 not the exit he left by). */
const STAYED: ReadonlySet<GameEvent['type']> = new Set(['wall', 'outer_wall', 'not_reentered']);

function nextTurn(s: DuelTurns, p: Player): DuelTurns {
	let next = other(p);
	let skip = s.skip;
	// 3c: a trapped player's turns pass to the opponent.
	while (skip[next] > 0) {
		skip = set2(skip, next, skip[next] - 1);
		next = other(next);
	}
	const caught = set2(s.caught, next, false);
	const t = { ...s, skip, caught, turn: next };
	return { ...t, left: actionsPerTurn(t, next), used: 0, stepped: false };
}

export interface DuelMatch {
	/** halves[i]: the plan player i drew, walked by player 1 − i. */
	readonly games: readonly [Game, Game];
	readonly halves: readonly [GameState, GameState];
	readonly turns: DuelTurns;
}

/** Two plans (player 0's and player 1's) and a seed (who starts). */
export function createDuel(opts: { plans: readonly [Plan, Plan]; seed: string | number; settings?: unknown }): Result<DuelMatch, GameSetupError[]> {
	const gs: Game[] = [];
	for (const plan of opts.plans) {
		if (plan.rules !== 'duel') return err([{ code: 'plan_invalid' }]);
		const g = createGame({ plan, seats: 1, seed: opts.seed, settings: opts.settings });
		if (!g.ok) return err(g.error);
		gs.push(g.value);
	}
	const first = firstPlayer(opts.seed);
	const games = [gs[0]!, gs[1]!] as const;
	return ok({ games, halves: [initialState(games[0]), initialState(games[1])], turns: startTurns(first) });
}

export interface DuelStep {
	match: DuelMatch;
	/** The half the command went to (the plan of player `half`). */
	half: Player;
	/** Its announcements, with `seat` naming the walking player (0 or 1); the halves' own turn notices left out. */
	events: GameEvent[];
	/** When both starts are chosen, the other half's opening announcements. */
	other?: GameEvent[];
}

/** A half-game's event as the match tells it: seat 0 of half h is player 1 − h. */
export function asPlayer(e: GameEvent, half: Player): GameEvent {
	return 'seat' in e && e.seat === 0 ? ({ ...e, seat: other(half) } as GameEvent) : e;
}

const told = (events: readonly GameEvent[], half: Player) => events.filter((e) => e.type !== 'turn').map((e) => asPlayer(e, half));

/**
 * Player `p` says something: `choose_start` (public), `move` or a query. The
 * command goes to the half he walks; both starts chosen, the halves begin.
 */
export function duelCommand(m: DuelMatch, p: Player, command: Command): DuelStep {
	const half = other(p);
	const cmd = { ...command, by: 0 } as Command;
	const rejected = (reason: RejectReason): DuelStep => ({
		match: m,
		half,
		events: [{ type: 'rejected', reason, command: command.type, audience: { to: 'seat', seat: p } }]
	});
	if (cmd.type === 'move') {
		const cost = Array.isArray(cmd.actions) ? duelCost(cmd.actions as Action[]) : 'action';
		const why = mayAct(m.turns, p, cost);
		if (why) return rejected(why);
		const r = apply(m.halves[half], cmd);
		if (r.events.length === 1 && r.events[0]!.type === 'rejected') return { match: m, half, events: r.events };
		return { match: withHalf(m, half, r.state, cmd, afterMove(m.turns, p, cost, r.events)), half, events: told(r.events, half) };
	}
	const r = apply(m.halves[half], cmd);
	if (r.events.length === 1 && r.events[0]!.type === 'rejected') return { match: m, half, events: r.events };
	let next = withHalf(m, half, r.state, cmd, m.turns);
	const events = told(r.events, half);
	let rest: GameEvent[] | undefined;
	// Both starts chosen: each owner's device confirms its half (there is no master).
	if (cmd.type === 'choose_start' && next.halves.every((h) => h.phase === 'start' && h.players[0]!.cell >= 0)) {
		for (const h of [0, 1] as const) {
			const c = apply(next.halves[h], { type: 'confirm_starts', by: 'master' });
			next = withHalf(next, h, c.state, { type: 'confirm_starts', by: 'master' }, next.turns);
			const said = told(c.events, h);
			next = { ...next, turns: afterStart(next.turns, other(h), said) };
			if (h === half) events.push(...said);
			else rest = said;
		}
	}
	return rest ? { match: next, half, events, other: rest } : { match: next, half, events };
}

function withHalf(m: DuelMatch, half: Player, state: GameState, cmd: Command, turns: DuelTurns): DuelMatch {
	const games = [...m.games] as [Game, Game];
	games[half] = { ...games[half], log: [...games[half].log, cmd] };
	const halves = [...m.halves] as [GameState, GameState];
	halves[half] = state;
	return { games, halves, turns };
}

/** What player `p`'s device may send to the other device: the announcements of its half (never the plan). */
export function announcements(events: readonly GameEvent[]): GameEvent[] {
	return events.filter((e) => e.audience.to !== 'master');
}

// ---------------------------------------------------------------- one device

/**
 * What one player's device holds in a duel: its owner's plan as a half-game
 * (walked by the opponent) and the turns. It never holds the opponent's plan:
 * the owner's own moves go to the other device and come back as announcements.
 */
export interface DuelDevice {
	readonly me: Player;
	readonly game: Game;
	readonly half: GameState;
	readonly turns: DuelTurns;
}

/** Who starts: drawn from the match seed both devices agreed on. */
export function firstPlayer(seed: string | number): Player {
	return createRng(seed).int(2) as Player;
}

export function createDuelDevice(opts: { me: Player; plan: Plan; seed: string | number; settings?: unknown }): Result<DuelDevice, GameSetupError[]> {
	if (opts.plan.rules !== 'duel') return err([{ code: 'plan_invalid' }]);
	const g = createGame({ plan: opts.plan, seats: 1, seed: opts.seed, settings: opts.settings });
	if (!g.ok) return err(g.error);
	return ok({ me: opts.me, game: g.value, half: initialState(g.value), turns: startTurns(firstPlayer(opts.seed)) });
}

/**
 * The opponent's command arrives (his start or a move in my labyrinth): referee it on my
 * half. `reply` is what goes back to him (and is shown on my screen): announcements only,
 * with `seat` naming him. A start is confirmed at once (there is no master).
 */
export function refereeOpponent(dev: DuelDevice, command: Command): { device: DuelDevice; reply: GameEvent[] } {
	const walker = other(dev.me);
	const cmd = { ...command, by: 0 } as Command;
	const refuse = (reason: RejectReason) => ({
		device: dev,
		reply: [{ type: 'rejected', reason, command: String(command.type).slice(0, 40), audience: { to: 'seat', seat: walker } } as GameEvent]
	});
	let cost: DuelCost = 'free';
	if (cmd.type === 'move') {
		cost = Array.isArray(cmd.actions) ? duelCost(cmd.actions as Action[]) : 'action';
		const why = mayAct(dev.turns, walker, cost);
		if (why) return refuse(why);
	} else if (cmd.type !== 'choose_start' && cmd.type !== 'status' && cmd.type !== 'recall') return refuse('malformed');
	const r = apply(dev.half, cmd);
	if (r.events.length === 1 && r.events[0]!.type === 'rejected') return { device: dev, reply: r.events.map((e) => asPlayer(e, dev.me)) };
	let half = r.state;
	let game: Game = { ...dev.game, log: [...dev.game.log, cmd] };
	const events = r.events.slice();
	if (cmd.type === 'choose_start') {
		const c = apply(half, { type: 'confirm_starts', by: 'master' });
		half = c.state;
		game = { ...game, log: [...game.log, { type: 'confirm_starts', by: 'master' }] };
		events.push(...c.events);
	}
	const reply = announcements(told(events, dev.me));
	const turns = cmd.type === 'move' ? afterMove(dev.turns, walker, cost, events) : cmd.type === 'choose_start' ? afterStart(dev.turns, walker, reply) : dev.turns;
	return { device: { ...dev, game, half, turns }, reply };
}

/** My own start was answered by the other device (3.1: what my start cell does counts in the turns). */
export function ownStartAnswered(dev: DuelDevice, reply: readonly GameEvent[]): DuelDevice {
	if (reply.length === 1 && reply[0]!.type === 'rejected') return dev;
	return { ...dev, turns: afterStart(dev.turns, dev.me, reply) };
}

/** My own move was answered by the other device: the turns follow its announcements. */
export function ownMoveAnswered(dev: DuelDevice, actions: readonly Action[], reply: readonly GameEvent[]): DuelDevice {
	if (reply.length === 1 && reply[0]!.type === 'rejected') return dev;
	return { ...dev, turns: afterMove(dev.turns, dev.me, duelCost(actions), reply) };
}

/** Whether I may send this move now (checked before sending; the other device checks again). */
export function mayISend(dev: DuelDevice, actions: readonly Action[]): RejectReason | null {
	return mayAct(dev.turns, dev.me, duelCost(actions));
}
