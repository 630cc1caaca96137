/**
 * What a duel player's screen shows of his own state (seeds 001/004): it is read from the
 * answers his moves got and the turns both devices keep, never from the opponent's plan.
 */
import type { Game } from '../engine/game/game';
import type { Command, GameEvent } from '../engine/game/types';
import { DUEL_GRENADES } from '../engine/rules/duel/rules';
import { actionsPerTurn, createDuelDevice, ownMoveAnswered, ownStartAnswered, refereeOpponent, type DuelDevice, type Player } from '../engine/rules/duel/match';
import { duelFeed, startPart } from '../net/duel-record';
import type { DuelRecord } from '../store/records';
import type { OwnCommand } from '../sheet/feed';

export interface DuelStatusView {
	phase: 'waiting' | 'start' | 'play' | 'over';
	me: Player;
	myTurn: boolean;
	/** Actions left in the current turn (whoever's it is). */
	left: number;
	/** Actions a turn, mine and the opponent's (3a, 3b). */
	perTurn: [number, number];
	grenades: number;
	/** A treasure in hand (3.7): kept until carried out. */
	carrying: boolean;
	/** Outside the opponent's labyrinth (3.5, 3.9). */
	outside: boolean;
	/** The last answer said a treasure lies where I stand (3e): I may take it. */
	treasureHere: boolean;
	/** My turns still to skip in the trap (3c), and the opponent's. */
	skip: [number, number];
	winner: Player | null;
}

/** Answers that mean the walker stands on another cell now (3a–3e, 3.9). */
const ARRIVED: ReadonlySet<string> = new Set(['land', 'crossbow', 'crutch', 'trap', 'duel_pit', 'pit_exit', 'reentered']);

const mine = (events: readonly GameEvent[], me: Player) => events.filter((e) => 'seat' in e && e.seat === me);

export function duelStatus(record: DuelRecord, device: DuelDevice | null): DuelStatusView {
	const me = record.me;
	const them = (1 - me) as Player;
	let grenades = DUEL_GRENADES;
	let carrying = false;
	let outside = false;
	// 3e: a treasure lying on my start cell is told with the starts.
	let treasureHere = mine(record.myStart?.reply ?? [], me).some((e) => e.type === 'duel_treasure');
	for (const x of record.exchanges) {
		if (x.by !== me) continue;
		if (x.actions.some((a) => a.a === 'grenade')) grenades--;
		for (const e of mine(x.reply, me)) {
			// Arriving anywhere says what is there; a treasure is said after the cell's own object.
			if (ARRIVED.has(e.type)) treasureHere = false;
			if (e.type === 'duel_treasure') treasureHere = true;
			else if (e.type === 'took_treasure') {
				// A swap leaves the one carried lying here.
				treasureHere = carrying;
				carrying = true;
			}
			else if (e.type === 'duel_out') {
				outside = true;
				carrying = carrying && e.carried === 'true';
				treasureHere = false;
			} else if (e.type === 'reentered') outside = false;
		}
	}
	const t = device?.turns;
	const winner = t?.winner ?? null;
	const phase = !device ? 'waiting' : winner !== null ? 'over' : record.myStart?.reply && record.theirStart ? 'play' : 'start';
	return {
		phase,
		me,
		myTurn: phase === 'play' && t!.turn === me && record.pending === null,
		left: t?.left ?? 0,
		perTurn: t ? [actionsPerTurn(t, me), actionsPerTurn(t, them)] : [1, 1],
		grenades,
		carrying,
		outside,
		treasureHere,
		skip: t ? [t.skip[me], t.skip[them]] : [0, 0],
		winner
	};
}

/** My own commands with the length the feed had when each was sent (the sheet's assistant). */
export function ownCommands(record: DuelRecord): OwnCommand[] {
	const out: OwnCommand[] = [];
	if (record.myStart) out.push({ command: { type: 'choose_start', by: record.me, cell: record.myStart.cell }, at: record.me === 0 ? 0 : startPart(record.theirStart?.reply ?? [], !record.myStart.reply).length });
	let at = duelFeed({ ...record, exchanges: [] }).length;
	for (const x of record.exchanges) {
		if (x.by === record.me) out.push({ command: { type: 'move', by: record.me, actions: x.actions } as Command, at });
		at += x.reply.length;
	}
	return out;
}

/**
 * The opponent's labyrinth walked by me, as a game of one seat, for the reveal: rebuilt from
 * his plan (received at the end) and my own commands. Null before his plan is here.
 */
export function theirHalf(record: DuelRecord): Game | null {
	if (!record.theirPlan || record.seed === null || !record.myStart) return null;
	const them = (1 - record.me) as Player;
	const made = createDuelDevice({ me: them, plan: record.theirPlan, seed: record.seed, settings: record.settings ?? {} });
	if (!made.ok) return null;
	let dev = refereeOpponent(made.value, { type: 'choose_start', by: 0, cell: record.myStart.cell }).device;
	// His own start, as his device heard it from mine (3.1: it may count in the turns).
	if (record.theirStart) dev = ownStartAnswered(dev, record.theirStart.reply);
	for (const x of record.exchanges) {
		// Seen from his device: my moves are refereed there, his own follow the answers I gave.
		dev = x.by === record.me ? refereeOpponent(dev, { type: 'move', by: 0, actions: x.actions } as Command).device : ownMoveAnswered(dev, x.actions, x.reply);
	}
	return dev.game;
}
