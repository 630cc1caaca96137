/**
 * A game played by bots with the app as master, as in pass-and-play: each seat's bot is given
 * `viewFor(state, seat)` and nothing else; the master's only acts are the common start (7.6,
 * drawn from the game's seed as the app draws it) and confirming the starts. The record is an
 * ordinary game record: `replay` rebuilds it, and playing it again from the same seed gives
 * the same record.
 */
import { apply, currentSeat } from '../engine/game/apply';
import { kindOf } from '../engine/game/board';
import { createGame, initialState, type Game } from '../engine/game/game';
import type { Command, GameEvent, GameState } from '../engine/game/types';
import { addToFeeds, viewFor } from '../engine/game/view';
import type { Plan } from '../engine/plan/types';
import { createRng } from '../engine/random';
import { createBot, type Bot, type BotLevel } from './bot';

/** What the app does as master in a game without one: the common start, then confirming the starts (null: nothing). */
export function masterCommand(state: GameState, seed: string | number): Command | null {
	if (state.phase !== 'start') return null;
	if (state.settings.commonStart && !state.players.some((p) => p.cell >= 0)) {
		const land = [...state.board.kind.keys()].filter((cell) => kindOf(state.board, cell) === 'land');
		const cell = land[createRng(`${seed}:common-start`).int(land.length)];
		return cell === undefined ? null : { type: 'common_start', by: 'master', cell };
	}
	if (currentSeat(state) !== null || state.players.some((p) => p.cell < 0)) return null;
	return { type: 'confirm_starts', by: 'master' };
}

export interface BotGameOptions {
	plan: Plan;
	/** One level per seat. */
	bots: readonly BotLevel[];
	seed: string | number;
	settings?: unknown;
	/** Stop after this many moves (the game is then unfinished); default 25 per square of the plan. */
	maxMoves?: number;
	/** Called after every accepted command with the state before and after (the simulation's counters). */
	onStep?(before: GameState, after: GameState, command: Command, events: readonly GameEvent[]): void;
}

export interface BotGame {
	game: Game;
	state: GameState;
	/** The game hit `maxMoves` (or a bot had nothing to say) before it ended. */
	unfinished: boolean;
}

export class BotGameError extends Error {}

export function playBotGame(opts: BotGameOptions): BotGame {
	const created = createGame({ plan: opts.plan, seats: opts.bots.length, seed: opts.seed, settings: opts.settings });
	if (!created.ok) throw new BotGameError(created.error.map((e) => e.code).join(', '));
	const game = created.value;
	const bots: Bot[] = opts.bots.map((level, seat) => createBot(level, seat, opts.seed));
	let state = initialState(game);
	const cells = opts.plan.cells.filter(Boolean).length;
	const maxMoves = opts.maxMoves ?? 25 * Math.max(cells, 10);
	const log: Command[] = [];
	// Each seat's feed, kept in step with the state (the game's events a seat hears).
	const feeds: GameEvent[][] = opts.bots.map(() => []);
	let refusals = 0;
	while (state.phase !== 'over' && state.moveNo < maxMoves) {
		const master = masterCommand(state, opts.seed);
		const seat = currentSeat(state);
		const cmd = master ?? (seat === null ? null : bots[seat]!.decide(viewFor(state, seat, feeds[seat]!)));
		if (!cmd) break;
		const r = apply(state, cmd);
		if (r.events.length === 1 && r.events[0]!.type === 'rejected') {
			// A bot's command refused: its seat hears nothing and it decides again (it must not loop).
			if (++refusals > 20) break;
			continue;
		}
		refusals = 0;
		addToFeeds(feeds, r.events);
		opts.onStep?.(state, r.state, cmd, r.events);
		state = r.state;
		log.push(cmd);
	}
	return { game: { ...game, log }, state, unfinished: state.phase !== 'over' };
}
