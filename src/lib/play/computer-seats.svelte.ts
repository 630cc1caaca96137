/**
 * The seats this device plays itself (issue 22), as the table screens see them: when a
 * computer's turn comes, it waits a moment (so the people see whose move it is), decides from
 * its seat's view alone and sends its command through the same `submit` as a person's. A
 * refused command is decided again (as in a simulated game); after too many the seat waits
 * and says so, until someone tells it to try again or the game moves on (an undo, a
 * correction): then the computer whose turn it is decides again from the new state. The bots
 * are rebuilt from the record on load (`TableBots.resume`), so a reload continues the game
 * exactly as it would have gone on.
 */
import type { Command, GameEvent, GameState, Seat } from '$lib/engine/game/types';
import { MAX_TRIES, TableBots } from '$lib/bots/seats';
import type { BotLevel } from '$lib/bots/bot';
import type { SaveProblem } from '$lib/store/saver';
import type { TableGame } from './local-game.svelte';

/** How long a computer seems to think before its move is played (ms). */
export const COMPUTER_PAUSE_MS = 700;

export interface ComputerMove {
	seat: Seat;
	command: Command;
	events: GameEvent[];
}

export class ComputerSeats {
	/** The seat whose computer is about to move (shown as "thinking"), or null. */
	thinking: Seat | null = $state(null);
	/** The state at which a computer's commands were all refused, or its move could not be stored. */
	private stuckAt: { seat: Seat; problem: SaveProblem | null; state: GameState } | null = $state.raw(null);
	private readonly bots: TableBots;
	private timer: ReturnType<typeof setTimeout> | undefined;

	constructor(
		private readonly game: TableGame,
		private readonly onmove: (move: ComputerMove) => void = () => {},
		private readonly pause = COMPUTER_PAUSE_MS
	) {
		this.bots = TableBots.resume(game.record.game, game.record.bots ?? []);
	}

	/**
	 * The computer that could not move (and why) while the game stands where it could not: once
	 * the game moves on (the master undid or corrected something), it decides again by itself.
	 */
	get stuck(): { seat: Seat; problem: SaveProblem | null } | null {
		const at = this.stuckAt;
		return at && at.state === this.game.state ? { seat: at.seat, problem: at.problem } : null;
	}

	get any(): boolean {
		return this.bots.any;
	}

	isComputer(seat: Seat | null): boolean {
		return this.bots.isBot(seat);
	}

	level(seat: Seat): BotLevel | null {
		return this.bots.level(seat);
	}

	/**
	 * Looks whether a computer is to move and, if so, plays its move after the pause. Call it
	 * whenever the game's state changes (an `$effect`); `hold` keeps the computers waiting (a
	 * person still reading an answer). Returns the cleanup that cancels a pending move.
	 */
	watch(hold = false): () => void {
		clearTimeout(this.timer);
		const state = this.game.state;
		const seat = this.game.current;
		if (hold || state.phase === 'over' || !this.bots.isBot(seat) || this.stuck?.seat === seat) {
			this.thinking = null;
			return () => {};
		}
		this.thinking = seat;
		this.timer = setTimeout(() => void this.play(), this.pause);
		return () => clearTimeout(this.timer);
	}

	private async play(): Promise<void> {
		const game = this.game;
		const seat = game.current;
		// A command still being written (the app confirming the starts): look again when it is done.
		if (game.busy) {
			this.timer = setTimeout(() => void this.play(), this.pause / 4);
			return;
		}
		const state = game.state;
		if (seat === null || !this.bots.isBot(seat)) return;
		for (let i = 0; i < MAX_TRIES; i++) {
			const command = this.bots.decide(state, game.events);
			if (!command) break;
			const result = await game.submit(command);
			if (result.ok) {
				this.thinking = null;
				this.onmove({ seat, command, events: result.events });
				return;
			}
			// Refused because the game moved on meanwhile (an undo came first): not the computer's
			// failure; `watch` looks again at the new state.
			if (game.state !== state) return;
			if (result.reason === 'not_saved') return this.wait(seat, result.problem, state);
		}
		this.wait(seat, null, state);
	}

	private wait(seat: Seat, problem: SaveProblem | null, state: GameState): void {
		this.stuckAt = { seat, problem, state };
		this.thinking = null;
	}

	/** After a problem was told: the computer tries again. */
	retry(): void {
		this.stuckAt = null;
	}
}
