/**
 * The library of labyrinths. Every write is awaited by the caller, so a screen knows a plan
 * is on disk before it says so; writes of one plan go in the order they were made.
 */
import type { Plan } from '../engine/plan/types';
import { cleanName, MAX_PLAN_NAME_LENGTH } from '../engine/name';
import { newId } from './ids';
import { WriteQueue } from './write-queue';
import type { LabyrinthDatabase, StoredPlan } from './db';

/** How long a deleted plan can be brought back. */
export const UNDO_DELETE_MS = 30_000;

export class PlanLibrary {
	private readonly writes = new WriteQueue();

	constructor(private readonly db: LabyrinthDatabase) {}

	/** Plans not deleted, most recently changed first, whose name contains `query` (any case). */
	async list(query = ''): Promise<StoredPlan[]> {
		const needle = query.trim().toLowerCase();
		const all = await this.db.plans.orderBy('updatedAt').reverse().toArray();
		return all.filter((p) => p.deletedAt === null && (!needle || p.search.includes(needle)));
	}

	async get(id: string): Promise<StoredPlan | undefined> {
		const stored = await this.db.plans.get(id);
		return stored && stored.deletedAt === null ? stored : undefined;
	}

	/** Adds a plan to the library (under `id`, a new one if not given); returns its id. */
	async add(plan: Plan, now = Date.now(), id = newId()): Promise<string> {
		await this.writes.run(() => this.db.plans.add({ id, plan, search: plan.name.toLowerCase(), createdAt: now, updatedAt: now, deletedAt: null }));
		return id;
	}

	/** Writes a plan's new state (the editor calls this after every change). */
	async save(id: string, plan: Plan, now = Date.now()): Promise<void> {
		await this.writes.run(async () => {
			const changed = await this.db.plans.update(id, { plan, search: plan.name.toLowerCase(), updatedAt: now });
			if (changed === 0) await this.db.plans.put({ id, plan, search: plan.name.toLowerCase(), createdAt: now, updatedAt: now, deletedAt: null });
		});
	}

	async duplicate(id: string, copyName: (name: string) => string): Promise<string | undefined> {
		const stored = await this.get(id);
		if (!stored) return undefined;
		return this.add({ ...stored.plan, name: cleanName(copyName(stored.plan.name), MAX_PLAN_NAME_LENGTH) });
	}

	async rename(id: string, name: string): Promise<void> {
		const stored = await this.get(id);
		const clean = cleanName(name, MAX_PLAN_NAME_LENGTH);
		if (!stored || !clean) return;
		await this.save(id, { ...stored.plan, name: clean });
	}

	/** Deletes a plan so that `restore` can bring it back for a while. */
	async remove(id: string, now = Date.now()): Promise<void> {
		await this.writes.run(() => this.db.plans.update(id, { deletedAt: now }));
	}

	async restore(id: string): Promise<void> {
		await this.writes.run(() => this.db.plans.update(id, { deletedAt: null }));
	}

	/** Forgets plans deleted longer ago than the undo window. */
	async purge(now = Date.now()): Promise<number> {
		return this.writes.run(() => this.db.plans.where('deletedAt').below(now - UNDO_DELETE_MS).delete());
	}
}
