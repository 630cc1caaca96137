/**
 * Computer players in a duel (issue 36). A duel's player walks the half drawn by his opponent,
 * where he is seat 0: his bot is `createBot(level, 0, …)` and reads `viewFor(half, 0, feed)`,
 * the half's announcements to him and nothing else (never the plan, never the other half). A
 * turn may hold several actions (3a, 3b: crossbow, crutch), so one computer turn is several
 * commands: `duelComputerTurn` plays them all against a `DuelMatch`. A command the match refuses
 * (a grenade after a step, 3.3) leaves the feed as it was: the bot hears that and decides again.
 *
 * Two places play a computer's duel: `duelComputerTurn` here (a `DuelMatch`, the CLI's
 * simulation) and `ComputerDuel` (play/computer-duel.ts: the phone's record, one person against
 * the computer, one action on the clock at a time). What they share is here, once: the walker's
 * feed (`walkerFeed`), one action decided and refereed (`duelComputerAction`) and the bot brought
 * back along a half's record (`resumeWalker`); each only referees and records in its own way.
 */
import { initialState, rejected, replayEvents, type Game } from '../engine/game/game';
import { apply } from '../engine/game/apply';
import type { Command, GameEvent, GameState } from '../engine/game/types';
import { addToFeeds, viewFor, visibleTo, type SeatView } from '../engine/game/view';
import type { Plan } from '../engine/plan/types';
import { createDuel, duelCommand, type DuelMatch, type DuelStep, type Player } from '../engine/rules/duel/match';
import { duelCost } from '../engine/rules/duel/rules';
import { createBot, type Bot, type BotLevel } from './bot';
import { MAX_TRIES } from './seats';

/** The seat a duel's walker has in the half he walks (the half is a game of one seat). */
export const DUEL_WALKER = 0;

const other = (p: Player): Player => (p === 0 ? 1 : 0);

/** The computer playing duel player `player` (seeded apart from the other player's, from the match seed). */
export function duelBot(level: BotLevel, player: Player, seed: string | number): Bot {
	return createBot(level, DUEL_WALKER, `${seed}:duel:${player}`);
}

/** The events a walker hears in his half, as the half's record gives them (a duel's turn notices are the match's, not the half's). */
function heard(events: readonly GameEvent[]): GameEvent[] {
	return events.filter((e) => e.type !== 'turn' && visibleTo(e, DUEL_WALKER));
}

/** What the walker of a half has heard there (his bot's feed), rebuilt from the half's record. */
export function walkerFeed(half: Game): GameEvent[] {
	return heard(replayEvents(half).events.seatFeed(DUEL_WALKER));
}

/** What player `player` has heard in the half he walks (his bot's feed), rebuilt from the match's record. */
export function duelFeed(match: DuelMatch, player: Player): GameEvent[] {
	return walkerFeed(match.games[other(player)]);
}

/** A match step's announcements as the walker's half said them (the match names him as the player; the half as seat 0). */
function asHalf(events: readonly GameEvent[]): GameEvent[] {
	return heard(events.map((e) => ('seat' in e ? ({ ...e, seat: DUEL_WALKER } as GameEvent) : e)));
}

/** The feeds of both players (per player: the half he walks), kept in step with a match. */
export type DuelFeeds = [GameEvent[], GameEvent[]];

/**
 * The computer's next action (its start, or one action of its turn), decided from the walker's
 * `view`: `referee` answers a command with what it made of it, or null when the half refused it
 * (nothing heard: the bot decides again, `MAX_TRIES` decisions in all). Null: the bot had nothing
 * to say, or every try was refused.
 */
export function duelComputerAction<T>(bot: Bot, view: SeatView, referee: (cmd: Command) => T | null): T | null {
	for (let i = 0; i < MAX_TRIES; i++) {
		const cmd = bot.decide(view);
		if (!cmd) return null;
		const done = referee(cmd);
		if (done !== null) return done;
	}
	return null;
}

export interface DuelTurn {
	match: DuelMatch;
	/** The commands accepted, in order (one per action, a start, or a take). */
	steps: DuelStep[];
	/** The bot had nothing to say, or every try was refused: the turn is still the player's. */
	stuck: boolean;
}

/**
 * Player `player`'s computer plays: its start (while the match is at the starts and it has not
 * chosen), or one whole turn (every action the crossbow and crutch give it; with the opponent in
 * the trap the next turn is his again: call again). `feeds`, when kept by the caller, are extended with what each player heard (the
 * second start tells the other player his start cell's answers too); else rebuilt from the record.
 */
export function duelComputerTurn(match: DuelMatch, player: Player, bot: Bot, feeds?: DuelFeeds): DuelTurn {
	const fs: DuelFeeds = feeds ?? [duelFeed(match, 0), duelFeed(match, 1)];
	const half = other(player);
	const steps: DuelStep[] = [];
	let m = match;
	const starting = () => m.halves[half].phase === 'start' && m.halves[half].players[0]!.cell < 0;
	const mine = () => m.turns.winner === null && m.halves[half].phase === 'play' && m.turns.turn === player;
	while (starting() || mine()) {
		const done = duelComputerAction(bot, viewFor(m.halves[half], DUEL_WALKER, fs[player]), (cmd) => {
			const step = duelCommand(m, player, cmd);
			return rejected(step) ? null : { cmd, step };
		});
		if (!done) return { match: m, steps, stuck: true };
		const { cmd, step } = done;
		m = step.match;
		steps.push(step);
		fs[player].push(...asHalf(step.events));
		if (step.other) fs[half].push(...asHalf(step.other));
		if (cmd.type === 'choose_start') break;
		// The turn is over (the next may be his again: the opponent's in the trap, 3c).
		if (m.turns.turn !== player || (m.turns.used === 0 && duelCost(cmd.type === 'move' ? cmd.actions : []) !== 'free')) break;
	}
	return { match: m, steps, stuck: false };
}

/** A bot rebuilt for a match played so far (a reload): `resumeWalker` along the half it walks. */
export function resumeDuelBot(match: DuelMatch, player: Player, level: BotLevel, seed: string | number): Bot {
	return resumeWalker(duelBot(level, player, seed), match.games[other(player)]);
}

/**
 * `bot`, new, brought along the record of the half it walks (a reload): it decides again at each
 * of the walker's commands there, as it did then (refused tries included, until it says what the
 * record says), which brings its map and its random draws back to where they stood. Its next
 * decision is the one it would have made.
 */
export function resumeWalker(bot: Bot, game: Game): Bot {
	let state: GameState = initialState(game);
	const feeds: GameEvent[][] = [[]];
	const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
	for (const cmd of game.log) {
		if (cmd.by === DUEL_WALKER) {
			for (let i = 0; i < MAX_TRIES; i++) {
				const d = bot.decide(viewFor(state, DUEL_WALKER, heard(feeds[0]!)));
				if (!d || same({ ...d, by: DUEL_WALKER }, cmd)) break;
			}
		}
		const r = apply(state, cmd);
		addToFeeds(feeds, r.events);
		state = r.state;
	}
	return bot;
}

export interface BotDuelOptions {
	/** Player 0's plan (walked by player 1) and player 1's. */
	plans: readonly [Plan, Plan];
	/** Player 0's level and player 1's. */
	bots: readonly [BotLevel, BotLevel];
	seed: string | number;
	settings?: unknown;
	/** Stop after this many accepted commands of both players (the duel is then unfinished); default 2 500 (25 a square of both fields). */
	maxCommands?: number;
	/** After each computer turn (the simulation's counters). */
	onTurn?(before: DuelMatch, after: DuelMatch, player: Player): void;
}

export interface BotDuel {
	match: DuelMatch;
	/** Who moved first (drawn from the seed). */
	first: Player;
	/** Per player: fake treasures he carried out (each crumbled, 3.6). */
	fakes: [number, number];
	/** Turns played (a turn of several actions counts once; a player's skipped turns in the trap not at all). */
	turns: number;
	commands: number;
	/** No treasure carried out before the limit (or a bot stuck). */
	unfinished: boolean;
}

export class BotDuelError extends Error {}

/** A duel played by two computers from the starts to a true treasure carried out (or the limit). */
export function playBotDuel(opts: BotDuelOptions): BotDuel {
	const created = createDuel({ plans: opts.plans, seed: opts.seed, settings: opts.settings });
	if (!created.ok) throw new BotDuelError(created.error.map((e) => e.code).join(', '));
	let match = created.value;
	const bots = [duelBot(opts.bots[0], 0, opts.seed), duelBot(opts.bots[1], 1, opts.seed)] as const;
	const feeds: DuelFeeds = [[], []];
	const max = opts.maxCommands ?? 2500;
	const first = match.turns.turn;
	const fakes: [number, number] = [0, 0];
	let commands = 0;
	let turns = 0;
	const played = (p: Player, t: DuelTurn) => {
		match = t.match;
		commands += t.steps.length;
		for (const s of t.steps) for (const e of s.events) if (e.type === 'duel_out' && e.carried === 'fake') fakes[p]++;
	};
	// 3.1: the starts, the first player first.
	for (const p of [first, other(first)]) {
		const t = duelComputerTurn(match, p, bots[p], feeds);
		played(p, t);
		if (t.stuck) return { match, first, fakes, turns, commands, unfinished: true };
	}
	while (match.turns.winner === null && commands < max) {
		const p = match.turns.turn;
		const before = match;
		const t = duelComputerTurn(match, p, bots[p], feeds);
		played(p, t);
		opts.onTurn?.(before, match, p);
		turns++;
		if (t.stuck) break;
	}
	return { match, first, fakes, turns, commands, unfinished: match.turns.winner === null };
}
