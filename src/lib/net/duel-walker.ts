/**
 * The duel's walker (duel.ts carries it out on the link): my start and my moves in the
 * opponent's labyrinth, which only the opponent's device can referee. A command is kept (on
 * disk) until answered and sent again on every new link; its answer is what I learn of that
 * labyrinth (`ownStartAnswered`, `ownMoveAnswered`), kept in the record once it arrives.
 */
import type { Action, GameEvent } from '../engine/game/types';
import { mayISend, ownMoveAnswered, ownStartAnswered, type DuelDevice } from '../engine/rules/duel/match';
import type { DuelRecord } from '../store/records';
import type { DuelMessage, WireActions } from './duel-wire';

/** The record and the device after an answer, once the record is stored. */
export interface Walked {
	record: DuelRecord;
	device: DuelDevice;
}

/** Both starts chosen and known here: moves may begin. */
export function bothStarted(record: DuelRecord): boolean {
	return !!record.myStart?.reply && !!record.theirStart;
}

/** Why I may not send `actions` now (null: I may). */
export function mayMove(record: DuelRecord, device: DuelDevice | null, actions: readonly Action[]): string | null {
	if (!device) return 'not_started';
	if (record.pending) return 'busy';
	if (!bothStarted(record)) return 'not_started';
	return mayISend(device, actions);
}

/** The answer to my start (3.1: what my start cell does — crossbow, crutch, trap — counts in the turns); null: none was awaited. */
export function startAnswered(record: DuelRecord, device: DuelDevice | null, reply: GameEvent[]): { record: DuelRecord; device: DuelDevice | null } | null {
	const s = record.myStart;
	if (!s || s.reply !== null) return null;
	return { record: { ...record, myStart: { cell: s.cell, reply } }, device: device ? ownStartAnswered(device, reply) : null };
}

/** The answer to my move `n`; null: it is not the move awaited. */
export function moveAnswered(record: DuelRecord, device: DuelDevice, n: number, reply: GameEvent[]): Walked | null {
	const p = record.pending;
	if (!p || p.n !== n || n !== record.exchanges.length) return null;
	return {
		record: { ...record, pending: null, exchanges: [...record.exchanges, { by: record.me, actions: p.actions, reply }] },
		device: ownMoveAnswered(device, p.actions, reply)
	};
}

/**
 * My command refused by the other device (nothing changed there): the record without it, and
 * which command's caller to tell (`start`, `move:n`); null when it is not the one awaited.
 */
export function commandRefused(record: DuelRecord, of: 'start' | 'move', n: number | undefined): { record: DuelRecord; settle: string } | null {
	if (of === 'start' && record.myStart && record.myStart.reply === null) return { record: { ...record, myStart: null }, settle: 'start' };
	if (of === 'move' && record.pending && record.pending.n === n) return { record: { ...record, pending: null }, settle: `move:${n}` };
	return null;
}

/** What I sent and was not answered: sent again on a fresh link, in order. */
export function unanswered(record: DuelRecord): DuelMessage[] {
	const out: DuelMessage[] = [];
	const s = record.myStart;
	if (s && s.reply === null) out.push({ type: 'start', cell: s.cell });
	const p = record.pending;
	if (p) out.push({ type: 'move', n: p.n, actions: p.actions as WireActions });
	return out;
}
