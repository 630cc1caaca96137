/**
 * A game running on this device, as the screens see it: the stored record, the state and the
 * game's events rebuilt from its log, and `submit`, which writes an accepted command to the device
 * before the state (and so the screen) moves on. Pass-and-play has no person as master:
 * there the app confirms the starts itself.
 */
import { followLanguage } from '$lib/i18n/default-names';
import { apply, currentSeat } from '$lib/engine/game/apply';
import { kindOf } from '$lib/engine/game/board';
import { rejected } from '$lib/engine/game/game';
import type { EventLog } from '$lib/engine/game/event-log';
import type { Command, GameEvent, GameState, Seat } from '$lib/engine/game/types';
import type { SeatView } from '$lib/engine/game/view';
import { grown, keep, keptView, type KeptGame } from './kept-game';
import { createRng } from '$lib/engine/random';
import type { StoredGame } from '$lib/store/db';
import type { GameStore } from '$lib/store/games';
import { saveProblem } from '$lib/store/saver';
import type { Submitted } from '$lib/net/protocol';


/** What the console and pass-and-play need of a game, whether it runs here alone or with phones joined. */
export interface TableGame {
	readonly record: StoredGame;
	readonly state: GameState;
	/** Every event of the game so far, oldest first (the master hears them all). */
	readonly events: EventLog;
	readonly busy: boolean;
	readonly current: Seat | null;
	view(seat: Seat): SeatView;
	name(seat: Seat): string;
	submit(command: Command): Promise<Submitted>;
}

export class LocalGame implements TableGame {
	/** The record, state and events, one value: a new one with each command (the log inside grows in place: `grown`). */
	private kept: KeptGame = $state.raw() as KeptGame;
	record: StoredGame = $state.raw() as StoredGame;
	/** Set while a command is being written: the screens do not take another one meanwhile. */
	busy = $state(false);
	current: Seat | null = $derived(currentSeat(this.state));

	constructor(
		record: StoredGame,
		private readonly store: GameStore
	) {
		this.kept = keep(record.game);
		this.record = { ...record, game: this.kept.game };
	}

	get state(): GameState {
		return this.kept.state;
	}

	get events(): EventLog {
		return this.kept.events;
	}

	view(seat: Seat): SeatView {
		return keptView(this.kept, seat);
	}

	name(seat: Seat): string {
		return this.record.names[seat] !== undefined ? followLanguage(this.record.names[seat]!) : String(seat + 1);
	}

	async submit(command: Command): Promise<Submitted> {
		if (this.busy) return { ok: false, reason: 'wrong_phase' };
		const result = apply(this.state, command);
		if (rejected(result)) {
			const refusal = result.events.find((e) => e.type === 'rejected');
			return { ok: false, reason: refusal?.type === 'rejected' ? refusal.reason : 'malformed' };
		}
		this.busy = true;
		try {
			await this.store.append(this.record.id, command, result.state.phase === 'over');
		} catch (error) {
			// Not on disk, so not played: the screen says why and the same move can be sent again.
			return { ok: false, reason: 'not_saved', problem: saveProblem(error) };
		} finally {
			this.busy = false;
		}
		this.kept = grown(this.kept, command, result);
		this.record = { ...this.record, game: this.kept.game, finished: result.state.phase === 'over' ? 1 : 0 };
		const events = [...result.events];
		if (this.record.mode === 'pass') events.push(...(await this.actAsMaster()));
		return { ok: true, events };
	}

	/**
	 * Pass-and-play opening: where the program placed everyone itself (abandoned's random safe
	 * tiles, topographic's randomStart), the app confirms the starts at once, as the master would.
	 */
	async begin(): Promise<void> {
		if (this.record.mode === 'pass' && !this.busy) await this.actAsMaster();
	}

	/** Pass-and-play: once every start is chosen (or when a common start is needed) the app decides, as a master would. */
	private async actAsMaster(): Promise<GameEvent[]> {
		const state = this.state;
		if (state.phase !== 'start') return [];
		if (state.settings.commonStart && !state.players.some((p) => p.cell >= 0)) {
			// The app picks the common start from the game's own seed, so a replay picks the same.
			const land = [...state.board.kind.keys()].filter((cell) => kindOf(state.board, cell) === 'land');
			const cell = land[createRng(`${this.record.game.seed}:common-start`).int(land.length)]!;
			const set = await this.submit({ type: 'common_start', by: 'master', cell });
			return set.ok ? set.events : [];
		}
		if (currentSeat(state) !== null || state.players.some((p) => p.cell < 0)) return [];
		const confirmed = await this.submit({ type: 'confirm_starts', by: 'master' });
		return confirmed.ok ? confirmed.events : [];
	}
}
