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
 * the computer, one action on the clock at a time). What they share is here, once: the computer
 * as a `DuelWalker` (its bot and the half as it has followed it: one action decided and refereed,
 * the record followed as it grows, replayed when it is another), and `duelComputerAction` under
 * it; each only referees and records in its own way.
 */
import { initialState, rejected, replayEvents, type Game } from '../engine/game/game';
import { apply } from '../engine/game/apply';
import type { Command, GameEvent, GameState } from '../engine/game/types';
import { viewFor, visibleTo, type SeatView } from '../engine/game/view';
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

/** Whether the walker of a half hears `e` there (a duel's turn notices are the match's, not the half's). */
const heardByWalker = (e: GameEvent) => e.type !== 'turn' && visibleTo(e, DUEL_WALKER);

/** What the walker of a half has heard there (his bot's feed), rebuilt from the half's record. */
export function walkerFeed(half: Game): GameEvent[] {
	return replayEvents(half).events.seatFeed(DUEL_WALKER).filter(heardByWalker);
}

/** What player `player` has heard in the half he walks (his bot's feed), rebuilt from the match's record. */
export function duelFeed(match: DuelMatch, player: Player): GameEvent[] {
	return walkerFeed(match.games[other(player)]);
}

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

/**
 * A computer walking a duel's half: its bot, and the half as the walker has followed it (the
 * state, and what he heard there: the bot's feed). It is given the half's record (`Game`) at
 * each action and follows what was added since the last (its own command, a start's
 * confirmation), applying only that: an action costs the same early in a duel and 1,500 steps
 * in. A record that is not the one it followed grown — another duel, an undo, a reload, a
 * command not kept — is replayed from the start with a new bot, which decides again at each of
 * the walker's commands there as it did then (refused tries included, until it says what the
 * record says), so its map and its random draws come back to where they stood: its next decision
 * is the one it would have made.
 */
export class DuelWalker {
	private bot: Bot | null = null;
	private game: Game | null = null;
	private state: GameState | null = null;
	private feed: GameEvent[] = [];
	/** Commands of the record followed; the last of them (still in its place: the record only grew). */
	private followed = 0;
	private last: Command | undefined;
	private replayed = 0;

	constructor(private readonly newBot: () => Bot) {}

	/** Records replayed from the start (the first one included): what a reload or an undo costs. */
	get replays(): number {
		return this.replayed;
	}

	/** Brought up to the half's record `game`: what was added since followed, or all of it replayed. */
	follow(game: Game): void {
		this.catchUp(game, false);
	}

	/** What the walker may know of the half of record `game` (his seat's view), followed up to it. */
	view(game: Game): SeatView {
		this.catchUp(game, false);
		return viewFor(this.state!, DUEL_WALKER, this.feed);
	}

	/**
	 * The walker's next action on the half of record `game`, decided from his view; `referee`
	 * answers a command with what it made of it (null: refused, the bot decides again) and
	 * `recorded` gives the half's record after it.
	 */
	act<T>(game: Game, referee: (cmd: Command) => T | null, recorded: (done: T) => Game): T | null {
		const view = this.view(game);
		const done = duelComputerAction(this.bot!, view, referee);
		if (done !== null) this.catchUp(recorded(done), true);
		return done;
	}

	/** The half's record after a command the walker made when his bot had nothing to say (its choice, not a record to catch up with). */
	sent(game: Game): void {
		this.catchUp(game, true);
	}

	/** Follows the record `game` from where it was left; `decided`: the walker's commands in what was added were his bot's own, just said. */
	private catchUp(game: Game, decided: boolean): void {
		const log = game.log;
		const grown = this.game !== null && game.plan === this.game.plan && game.seed === this.game.seed && game.settings === this.game.settings && log.length >= this.followed && (this.followed === 0 || log[this.followed - 1] === this.last);
		if (!grown) {
			this.bot = this.newBot();
			this.game = game;
			this.state = initialState(game);
			this.feed = [];
			this.followed = 0;
			this.replayed++;
			decided = false;
		}
		for (let i = this.followed; i < log.length; i++) {
			const cmd = log[i]!;
			if (!decided && cmd.by === DUEL_WALKER) this.decideAgain(cmd);
			const r = apply(this.state!, cmd);
			if (!rejected(r)) {
				this.state = r.state;
				for (const e of r.events) if (heardByWalker(e)) this.feed.push(e);
			}
		}
		this.followed = log.length;
		this.last = log[log.length - 1];
	}

	/** The bot decides as it did when it sent `cmd` (a replay): until it says the same, `MAX_TRIES` decisions at most. */
	private decideAgain(cmd: Command): void {
		const said = JSON.stringify(cmd);
		for (let i = 0; i < MAX_TRIES; i++) {
			const d = this.bot!.decide(viewFor(this.state!, DUEL_WALKER, this.feed));
			if (!d || JSON.stringify({ ...d, by: DUEL_WALKER }) === said) break;
		}
	}
}

/** The computer walking for duel player `player` (its bot seeded apart from the other player's, from the match seed). */
export function duelWalker(level: BotLevel, player: Player, seed: string | number): DuelWalker {
	return new DuelWalker(() => duelBot(level, player, seed));
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
 * the trap the next turn is his again: call again). `walker` follows the half the player walks
 * (a new one, or one that walked another match, replays it first: a reload).
 */
export function duelComputerTurn(match: DuelMatch, player: Player, walker: DuelWalker): DuelTurn {
	const half = other(player);
	const steps: DuelStep[] = [];
	let m = match;
	const starting = () => m.halves[half].phase === 'start' && m.halves[half].players[0]!.cell < 0;
	const mine = () => m.turns.winner === null && m.halves[half].phase === 'play' && m.turns.turn === player;
	while (starting() || mine()) {
		const done = walker.act(
			m.games[half],
			(cmd) => {
				const step = duelCommand(m, player, cmd);
				return rejected(step) ? null : { cmd, step };
			},
			({ step }) => step.match.games[half]
		);
		if (!done) return { match: m, steps, stuck: true };
		const { cmd, step } = done;
		m = step.match;
		steps.push(step);
		if (cmd.type === 'choose_start') break;
		// The turn is over (the next may be his again: the opponent's in the trap, 3c).
		if (m.turns.turn !== player || (m.turns.used === 0 && duelCost(cmd.type === 'move' ? cmd.actions : []) !== 'free')) break;
	}
	return { match: m, steps, stuck: false };
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
	const walkers = [duelWalker(opts.bots[0], 0, opts.seed), duelWalker(opts.bots[1], 1, opts.seed)] as const;
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
		const t = duelComputerTurn(match, p, walkers[p]);
		played(p, t);
		if (t.stuck) return { match, first, fakes, turns, commands, unfinished: true };
	}
	while (match.turns.winner === null && commands < max) {
		const p = match.turns.turn;
		const before = match;
		const t = duelComputerTurn(match, p, walkers[p]);
		played(p, t);
		opts.onTurn?.(before, match, p);
		turns++;
		if (t.stuck) break;
	}
	return { match, first, fakes, turns, commands, unfinished: match.turns.winner === null };
}
