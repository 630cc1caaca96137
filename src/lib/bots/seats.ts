/**
 * Computer seats at a table (pass-and-play, the master's console): which seats the device plays
 * itself, at which level, and their bots. A bot is seeded from the game's seed and its seat, so
 * a game with computers replays exactly; after a reload `resume` walks the record again and lets
 * each bot decide at each of its turns as it did then (refused tries included), which brings
 * its map and its random draws back to where they stood.
 */
import { apply, currentSeat } from '../engine/game/apply';
import { initialState, type Game } from '../engine/game/game';
import type { EventLog } from '../engine/game/event-log';
import type { Command, GameEvent, GameState, Seat } from '../engine/game/types';
import { addToFeeds, viewFor } from '../engine/game/view';
import type { RuleSystemId } from '../engine/plan/types';
import { BOT_LEVELS, createBot, type Bot, type BotLevel } from './bot';

/** Per seat: the computer's level, or null for a person. */
export type SeatPlayers = readonly (BotLevel | null)[];

/**
 * The levels a computer plays each rule system at: the classic game all three (the sheet's
 * assistant maps classic labyrinths); the abandoned labyrinth the wanderer and the explorer (it
 * maps the labyrinth from its own answers: abandoned-explorer.ts); topographic the wanderer and
 * the explorer (topographic-explorer.ts); the duel the wanderer and the explorer (duel-explorer.ts:
 * one person against the computer in the duel's own screen, play/computer-duel.ts, the bot walking
 * the person's half on its seat's view; no table plays a duel).
 */
export function botLevelsFor(rules: RuleSystemId): readonly BotLevel[] {
	switch (rules) {
		case 'classic':
			return BOT_LEVELS;
		case 'abandoned':
			return ['wanderer', 'explorer'];
		case 'topographic':
			return ['wanderer', 'explorer'];
		case 'duel':
			return ['wanderer', 'explorer'];
	}
}

/** Tries a bot has at one turn when its commands are refused (then the seat waits for a person). */
export const MAX_TRIES = 21;

const same = (a: Command, b: Command) => JSON.stringify(a) === JSON.stringify(b);

export class TableBots {
	private readonly bots: (Bot | null)[];

	constructor(
		readonly seed: string | number,
		readonly players: SeatPlayers
	) {
		this.bots = players.map((level, seat) => (level ? createBot(level, seat, seed) : null));
	}

	/** The bots of a game played so far: each has decided again at each of its turns in the record. */
	static resume(game: Game, players: SeatPlayers): TableBots {
		const bots = new TableBots(game.seed, players);
		if (!bots.any) return bots;
		let state = initialState(game);
		const feeds: GameEvent[][] = players.map(() => []);
		for (const cmd of game.log) {
			const bot = typeof cmd.by === 'number' ? bots.bots[cmd.by] : null;
			if (bot && currentSeat(state) === bot.seat) {
				for (let i = 0; i < MAX_TRIES; i++) {
					const d = bot.decide(viewFor(state, bot.seat, feeds[bot.seat]!));
					if (!d || same(d, cmd)) break;
				}
			}
			const r = apply(state, cmd);
			addToFeeds(feeds, r.events);
			state = r.state;
		}
		return bots;
	}

	get any(): boolean {
		return this.bots.some(Boolean);
	}

	isBot(seat: Seat | null): boolean {
		return seat !== null && this.bots[seat] != null;
	}

	level(seat: Seat): BotLevel | null {
		return this.players[seat] ?? null;
	}

	/** The command of the seat to move, when it is a computer's (null: a person's turn, or nothing to say); `events`: the game's so far. */
	decide(state: GameState, events: EventLog): Command | null {
		const seat = currentSeat(state);
		if (seat === null || state.phase === 'over') return null;
		const bot = this.bots[seat];
		return bot ? bot.decide(viewFor(state, seat, events.seatFeed(seat))) : null;
	}
}
