/**
 * The duel's owner (duel.ts carries it out on the link): each device referees the labyrinth its
 * owner drew. The opponent's start and moves in it are refereed here by the engine
 * (`refereeOpponent`), kept in the record (stored before the answer goes), and answered; an
 * exchange already kept is answered again from the record, never refereed twice.
 */
import type { Action, Command, GameEvent } from '../engine/game/types';
import { refereeOpponent, type DuelDevice, type Player } from '../engine/rules/duel/match';
import type { DuelRecord } from '../store/records';

const isRejection = (events: readonly GameEvent[]) => events.length === 1 && events[0]!.type === 'rejected';
const reasonOf = (events: readonly GameEvent[]) => (events[0] as { reason?: string }).reason ?? 'malformed';

/** What becomes of the opponent's start or move in my labyrinth. */
export type Ruling =
	/** Kept already: the same answer again (it was lost), nothing refereed. */
	| { do: 'again'; reply: GameEvent[] }
	| { do: 'refuse'; reason: string }
	/** Refereed: the record and the device that follow, once `record` is stored, and the answer. */
	| { do: 'accept'; record: DuelRecord; device: DuelDevice; reply: GameEvent[] };

/** The opponent's start `cell` in my labyrinth (public, 3.1): chosen once. */
export function theirStart(record: DuelRecord, device: DuelDevice, cell: number): Ruling {
	const had = record.theirStart;
	if (had) return had.cell === cell ? { do: 'again', reply: had.reply } : { do: 'refuse', reason: 'already_chosen' };
	const r = refereeOpponent(device, { type: 'choose_start', by: 0, cell });
	if (isRejection(r.reply)) return { do: 'refuse', reason: reasonOf(r.reply) };
	return { do: 'accept', record: { ...record, theirStart: { cell, reply: r.reply } }, device: r.device, reply: r.reply };
}

/**
 * The opponent's move `n` (exchange n of the game) in my labyrinth. `early`: it comes before the
 * answer to my own move that precedes it (a reconnection sends both again): take it after that one.
 */
export function theirMove(record: DuelRecord, device: DuelDevice, n: number, actions: Action[]): Ruling | { do: 'early' } {
	const have = record.exchanges.length;
	if (n < have) {
		// Sent again (my answer was lost): the same answer, applied once.
		const x = record.exchanges[n]!;
		return x.by !== record.me && JSON.stringify(x.actions) === JSON.stringify(actions) ? { do: 'again', reply: x.reply } : { do: 'refuse', reason: 'out_of_order' };
	}
	const p = record.pending;
	// My move `have` is still unanswered here, its answer on the way behind this.
	if (n === have + 1 && p && p.n === have) return { do: 'early' };
	if (n > have || p) return { do: 'refuse', reason: n > have ? 'out_of_order' : 'not_your_turn' };
	if (!record.theirStart) return { do: 'refuse', reason: 'not_started' };
	const r = refereeOpponent(device, { type: 'move', by: 0, actions } as Command);
	if (isRejection(r.reply)) return { do: 'refuse', reason: reasonOf(r.reply) };
	const exchanges = [...record.exchanges, { by: (1 - record.me) as Player, actions, reply: r.reply }];
	return { do: 'accept', record: { ...record, exchanges }, device: r.device, reply: r.reply };
}
