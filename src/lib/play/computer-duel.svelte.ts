/**
 * A duel against the computer as the duel's screen sees it (the same fields as `DuelLink`, net/duel.svelte.ts):
 * reactive, kept in the device's database with the other duels (table `duels`), played by the
 * local match (computer-duel.ts) with no connection at all.
 *
 *   const id = await ComputerDuelLink.create({ name, plan, computerPlan, level, settings })
 *   const duel = await ComputerDuelLink.open(id)      // null: no such duel against the computer
 */
import type { Action, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import type { DuelDevice } from '../engine/rules/duel/match';
import type { BotLevel } from '../bots/bot';
import { database } from '../store/db';
import { newSeed } from '../store/ids';
import type { DuelRecord, DuelSettings } from '../store/records';
import { DexieDuelStore } from '../net/dexie-store';
import { newRoomCode } from '../net/protocol';
import { ComputerDuel, newComputerDuelRecord, type ComputerDuelResult } from './computer-duel';

export class ComputerDuelLink {
	record: DuelRecord = $state.raw(null as unknown as DuelRecord);
	device: DuelDevice | null = $state.raw(null);
	feed: GameEvent[] = $state.raw([]);
	/** The computer is about to act. */
	thinking = $state(false);
	// As a duel on two phones that is connected: there is no link to lose.
	readonly status = 'here' as const;
	readonly refusal = null;
	readonly trouble = null;
	readonly byQr = false;
	private readonly match: ComputerDuel;

	private constructor(record: DuelRecord) {
		this.match = ComputerDuel.open({ store: new DexieDuelStore(database()), record, onChange: () => this.refresh() });
		this.refresh();
	}

	/** A new duel against the computer, kept on the device (open it with `open`). */
	static async create(opts: { name: string; computerName: string; plan: Plan; computerPlan: Plan; level: BotLevel; settings: DuelSettings }): Promise<string> {
		const record = newComputerDuelRecord({ id: newRoomCode(), seed: newSeed(), ...opts });
		await new DexieDuelStore(database()).save(record);
		return record.id;
	}

	/** The duel against the computer kept under `id`, where it was (null: none such). */
	static async open(id: string): Promise<ComputerDuelLink | null> {
		const record = await new DexieDuelStore(database()).load(id);
		if (!record?.computer) return null;
		return new ComputerDuelLink(record);
	}

	get room(): string {
		return this.record.id;
	}

	get level(): BotLevel {
		return this.record.computer!.level;
	}

	chooseStart(cell: number): Promise<ComputerDuelResult> {
		return this.match.chooseStart(cell);
	}

	move(actions: Action[]): Promise<ComputerDuelResult> {
		return this.match.move(actions);
	}

	close(): void {
		this.match.close();
	}

	private refresh(): void {
		this.record = this.match.record;
		this.device = this.match.person;
		this.feed = this.match.feed;
		this.thinking = this.match.thinking;
	}
}
