/**
 * A duel as each device keeps it (its record, store/records.ts): a new record, the device rebuilt from it (`deviceOf`) and the feed its owner sees. Stored by dexie-store.ts.
 */
import type { Plan } from '../engine/plan/types';
import type { Command, GameEvent } from '../engine/game/types';
import { resolveSettings, type GameSettings } from '../engine/game/settings';
import { createDuelDevice, refereeOpponent, ownMoveAnswered, ownStartAnswered, type DuelDevice } from '../engine/rules/duel/match';
import type { DuelRecord, DuelSettings, Exchange } from '../store/records';
import { snapshot } from '../store/snapshot';

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
	if (record.myStart?.reply) dev = ownStartAnswered(dev, record.myStart.reply);
	for (const x of record.exchanges) dev = follow(dev, x);
	return dev;
}

function follow(dev: DuelDevice, x: Exchange): DuelDevice {
	return x.by === dev.me ? ownMoveAnswered(dev, x.actions, x.reply) : refereeOpponent(dev, { type: 'move', by: 0, actions: x.actions } as Command).device;
}

/** What a start's answer adds to the feed: all of it but "starting cells confirmed" unless it is the last start's (both answers say it; the feed once). */
export function startPart(reply: readonly GameEvent[], last: boolean): GameEvent[] {
	return last ? [...reply] : reply.filter((e) => e.type !== 'starts_confirmed');
}

/** The announcements in the order the game went: both starts, then every exchange's answer. */
export function duelFeed(record: DuelRecord): GameEvent[] {
	const out: GameEvent[] = [];
	const starts = [record.me === 0 ? record.myStart?.reply : record.theirStart?.reply, record.me === 0 ? record.theirStart?.reply : record.myStart?.reply].filter((s): s is GameEvent[] => !!s);
	starts.forEach((s, i) => out.push(...startPart(s, i === starts.length - 1)));
	for (const x of record.exchanges) out.push(...x.reply);
	return out;
}
