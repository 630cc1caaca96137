/**
 * A duel as each device keeps it: the plan, the agreed settings, the exchanges so far; the
 * device rebuilt from them (`deviceOf`) and the feed its owner sees. Stored by dexie-store.ts.
 */
import type { Plan } from '../engine/plan/types';
import type { Action, Command, GameEvent } from '../engine/game/types';
import { resolveSettings, type GameSettings } from '../engine/game/settings';
import { createDuelDevice, refereeOpponent, ownMoveAnswered, type DuelDevice, type Player } from '../engine/rules/duel-match';
import type { DuelSettings } from './duel-wire';
import { snapshot } from '../store/snapshot';

/** One exchange of the game: who moved, what, and the labyrinth owner's answer. */
export interface Exchange {
	by: Player;
	actions: Action[];
	reply: GameEvent[];
}

/** Everything a device keeps of its duel (the Dexie table `duels`). */
export interface DuelRecord {
	/** The room code. */
	id: string;
	role: 'opener' | 'joiner';
	me: Player;
	/** The players' names: [opener, joiner] (the opponent's is null until heard). */
	names: [string | null, string | null];
	/** My own plan: never sent before the end. */
	plan: Plan;
	/** The agreed settings and match seed (the joiner has them once welcomed). */
	settings: DuelSettings | null;
	seed: string | null;
	/** My key of this duel (a P-256 secret, pin.ts): it never leaves the device (made as the session first opens). */
	secret: string | null;
	/**
	 * The fingerprint of the other phone's key: the opener's from the invitation or its QR code (or its
	 * first proof, when the code was typed), the joiner's from its first proof. Never changed after.
	 */
	theirPin: string | null;
	/** How the devices find each other: the transport chosen (`local`, `cloud`). */
	via: string | null;
	/** My start in the opponent's labyrinth; `reply` null until answered. */
	myStart: { cell: number; reply: GameEvent[] | null } | null;
	/** The opponent's start in mine, with my answer. */
	theirStart: { cell: number; reply: GameEvent[] } | null;
	exchanges: Exchange[];
	/** My move sent and not yet answered (sent again on every reconnection). */
	pending: { n: number; actions: Action[] } | null;
	/** The opponent's plan, received at the end. */
	theirPlan: Plan | null;
	createdAt: number;
	updatedAt: number;
}

export interface DuelStore {
	load(id: string): Promise<DuelRecord | null>;
	save(record: DuelRecord): Promise<void>;
}

export class MemoryDuelStore implements DuelStore {
	readonly records = new Map<string, DuelRecord>();
	async load(id: string): Promise<DuelRecord | null> {
		const r = this.records.get(id);
		return r ? snapshot(r) : null;
	}
	async save(record: DuelRecord): Promise<void> {
		this.records.set(record.id, snapshot(record));
	}
}

export function newDuelRecord(opts: {
	id: string;
	role: 'opener' | 'joiner';
	name: string;
	plan: Plan;
	settings?: DuelSettings;
	seed?: string;
	via?: string | null;
	/** The joiner: the opener's fingerprint, from the invitation. */
	pin?: string | null;
	now?: number;
}): DuelRecord {
	const now = opts.now ?? Date.now();
	const opener = opts.role === 'opener';
	return {
		id: opts.id,
		role: opts.role,
		me: opener ? 0 : 1,
		names: opener ? [opts.name, null] : [null, opts.name],
		plan: opts.plan,
		settings: opener ? (opts.settings ?? {}) : null,
		seed: opener ? (opts.seed ?? null) : null,
		secret: null,
		theirPin: opener ? null : (opts.pin ?? null),
		via: opts.via ?? null,
		myStart: null,
		theirStart: null,
		exchanges: [],
		pending: null,
		theirPlan: null,
		createdAt: now,
		updatedAt: now
	};
}

/** The settings as the engine reads them (the seed's defaults filled in). */
export function duelSettings(record: Pick<DuelRecord, 'plan' | 'settings'>): GameSettings {
	const r = resolveSettings(record.plan, 1, record.settings ?? {});
	if (!r.ok) throw new Error('duel settings');
	return r.value;
}

/** The device's half of the game, rebuilt from the record (null before the settings are known). */
export function deviceOf(record: DuelRecord): DuelDevice | null {
	if (record.settings === null || record.seed === null) return null;
	const created = createDuelDevice({ me: record.me, plan: record.plan, seed: record.seed, settings: record.settings });
	if (!created.ok) return null;
	let dev = created.value;
	if (record.theirStart) dev = refereeOpponent(dev, { type: 'choose_start', by: 0, cell: record.theirStart.cell }).device;
	for (const x of record.exchanges) dev = follow(dev, x);
	return dev;
}

function follow(dev: DuelDevice, x: Exchange): DuelDevice {
	return x.by === dev.me ? ownMoveAnswered(dev, x.actions, x.reply) : refereeOpponent(dev, { type: 'move', by: 0, actions: x.actions } as Command).device;
}

/** The announcements in the order the game went: both starts, then every exchange's answer. */
export function duelFeed(record: DuelRecord): GameEvent[] {
	const out: GameEvent[] = [];
	const starts = [record.me === 0 ? record.myStart?.reply : record.theirStart?.reply, record.me === 0 ? record.theirStart?.reply : record.myStart?.reply];
	for (const s of starts) if (s) out.push(...s);
	for (const x of record.exchanges) out.push(...x.reply);
	return out;
}
