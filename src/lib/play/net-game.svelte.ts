/**
 * The master's console over a table with phones (issue 6's `HostTable`): the same surface as a
 * game on this device alone, so the console does not care whether players are on phones.
 * Commands the master enters (a move announced aloud, a ruling) go through the table, which
 * writes them to the device and tells every phone what its seat may know.
 */
import { followLanguage } from '$lib/i18n/default-names';
import { currentSeat } from '$lib/engine/game/apply';
import type { Command, GameState, RejectReason, Seat } from '$lib/engine/game/types';
import { viewFor, type SeatView } from '$lib/engine/game/view';
import type { EventLog } from '$lib/engine/game/event-log';
import type { HostSession, TableSubmitted } from '$lib/net/host';
import type { StoredGame } from '$lib/store/db';
import type { TableGame } from './local-game.svelte';
import type { Submitted } from '$lib/net/protocol';
import { saveProblem } from '$lib/store/saver';

/** What the console needs of a table with phones (`HostTable`; a bare session in the tests). */
export interface ConsoleTable {
	readonly state: GameState | null;
	readonly events: EventLog;
	readonly names: string[];
	readonly session: Pick<HostSession, 'record' | 'bots'>;
	master(command: Command): Promise<TableSubmitted>;
}

export class NetTableGame implements TableGame {
	/** Commands sent to the table and not yet answered (two may wait there: a computer's and the master's undo). */
	private sending = $state(0);

	constructor(private readonly table: ConsoleTable) {}

	/** Busy until every command sent has its answer, not only the first to come back. */
	get busy(): boolean {
		return this.sending > 0;
	}

	get state(): GameState {
		return this.table.state!;
	}

	get events(): EventLog {
		return this.table.events;
	}

	get current(): Seat | null {
		return currentSeat(this.state);
	}

	get record(): StoredGame {
		const record = this.table.session.record!;
		const finished = this.state.phase === 'over' ? 1 : 0;
		const bots = this.table.session.bots.slice(0, record.game.seats);
		// The seats this tablet plays itself (issue 22): the console's computers play them.
		return { id: record.id, mode: 'host', names: this.table.names, game: record.game, createdAt: 0, updatedAt: 0, finished, ...(bots.some(Boolean) ? { bots } : {}) };
	}

	view(seat: Seat): SeatView {
		return viewFor(this.state, seat, this.events.seatFeed(seat));
	}

	name(seat: Seat): string {
		return this.table.names[seat] !== undefined ? followLanguage(this.table.names[seat]!) : String(seat + 1);
	}

	async submit(command: Command): Promise<Submitted> {
		this.sending++;
		try {
			const result = await this.table.master(command);
			// The table's own refusals of the master's command (`not_started`) cannot reach a console that has its game.
			return result.ok || result.reason === 'not_saved' ? result : { ok: false, reason: result.reason as RejectReason };
		} catch (error) {
			return { ok: false, reason: 'not_saved', problem: saveProblem(error) };
		} finally {
			this.sending--;
		}
	}
}
