/**
 * Refereeing: what becomes of a command given to the table (host.ts writes it to the device and
 * only then announces it). A phone's command is checked — its own seat, the game begun, not
 * already handled (commands are numbered per seat), not a question asked too often — then
 * adjudicated by the engine; the game over is final.
 */
import { rejected } from '../engine/game/game';
import { apply } from '../engine/game/apply';
import type { Applied, Command, GameState, RejectReason, Seat } from '../engine/game/types';
import type { CommandRefusal, HostMessage, Submitted } from './protocol';
import type { CommandResult, TableRecord } from '../store/records';

/**
 * What a seat may say again and again without the game moving on — questions (status, recall),
 * the N_stop count started or stopped (any time, 3.6), a break (9: with two players the taker
 * is half of them) — at most this many per seat between two other commands, so that a phone
 * repeating one cannot grow the log (each is kept, written and announced) without bound.
 */
export const MAX_ASKS = 3;
const REPEATABLE = new Set(['status', 'recall', 'count_nstop', 'take_break']);

/** What became of a command the table was given: the rules' refusals and the table's own. */
export type TableSubmitted = Submitted<RejectReason | Exclude<CommandRefusal, 'not_saved'>>;

/**
 * A phone's command numbered `id` against the last its seat had (`record`): `new`, or already
 * handled — `again` when it is the last one (its answer was lost: the same answer, never a
 * second application), `stale` when older (nothing to say).
 */
export function numbered(record: TableRecord['seats'][number], id: number): 'new' | 'again' | 'stale' {
	if (id > record.lastCmd) return 'new';
	return id === record.lastCmd && record.lastResult ? 'again' : 'stale';
}

/**
 * Why a phone of `seat` may not make `command` before the rules are asked, or null:
 * `game`: the game's seats and commands so far, null before it begins.
 */
export function refereeRefusal(game: { seats: number; log: readonly Command[] } | null, seat: Seat, command: Command): 'not_started' | 'not_your_seat' | 'asked_too_often' | null {
	if (!game) return 'not_started';
	if (seat >= game.seats || command.by !== seat) return 'not_your_seat';
	return asking(game.log, command);
}

/**
 * Whether a command that does not move the game on (`REPEATABLE`: kept in the log, as replay
 * needs to rebuild the seat's feed) may be made: a seat makes at most `MAX_ASKS` of them
 * between two other commands, so a phone repeating one cannot grow the log.
 */
export function asking(log: readonly Command[], command: Command): 'asked_too_often' | null {
	if (!REPEATABLE.has(command.type)) return null;
	let asked = 0;
	for (let i = log.length - 1; i >= 0 && REPEATABLE.has(log[i]!.type); i--) if (log[i]!.by === command.by) asked++;
	return asked >= MAX_ASKS ? 'asked_too_often' : null;
}

/** The rules' ruling on `command`: refused with the reason, or applied (not yet written anywhere). */
export function adjudicate(state: GameState, command: Command): { ok: false; reason: RejectReason | 'game_over' | 'malformed' } | { ok: true; applied: Applied } {
	// Over is final at a table: the plan has gone to the phones and is on the tablet's screen, so
	// nothing may reopen or change the game (an undo queued behind the winning move included); a ruling is words.
	if (state.phase === 'over' && command.type !== 'ruling') return { ok: false, reason: 'game_over' };
	const result = apply(state, command);
	if (rejected(result)) {
		const refusal = result.events.find((e) => e.type === 'rejected');
		return { ok: false, reason: refusal?.type === 'rejected' ? refusal.reason : 'malformed' };
	}
	return { ok: true, applied: result };
}

/** The table with `seat`'s record changed. */
export function withSeat(table: TableRecord, seat: Seat, change: Partial<TableRecord['seats'][number]>, now = Date.now()): TableRecord {
	const seats = table.seats.slice();
	seats[seat] = { ...seats[seat]!, ...change };
	return { ...table, seats, updatedAt: now };
}

/** What a seat's record keeps of a command's answer (sent again if the answer is lost). */
export function kept(result: TableSubmitted): CommandResult {
	return result.ok ? { ok: true } : { ok: false, reason: result.reason };
}

/** The answer to the phone's command `id`. */
export function answerOf(id: number, result: TableSubmitted | CommandResult): HostMessage {
	return result.ok
		? { type: 'result', id, ok: true }
		: { type: 'result', id, ok: false, reason: result.reason!, ...('detail' in result && result.detail ? { detail: result.detail } : {}) };
}
