import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { LabyrinthDatabase } from './db';
import { PlanLibrary, UNDO_DELETE_MS } from './plans';

let n = 0;
const library = () => new PlanLibrary(new LabyrinthDatabase(`test-${++n}`));
const plan = (name: string, seed = 1) => ({ ...generatePlan({ width: 5, height: 5, seed }), name });

describe('plan library', () => {
	test('saves, lists newest first, searches by name in any case', async () => {
		const lib = library();
		const a = await lib.add(plan('Kitchen table'), 1000);
		const b = await lib.add(plan('Dacha', 2), 2000);
		expect((await lib.list()).map((p) => p.id)).toEqual([b, a]);
		await lib.save(a, plan('Kitchen table', 3), 3000);
		expect((await lib.list()).map((p) => p.id)).toEqual([a, b]);
		expect((await lib.list('KITCHEN')).map((p) => p.id)).toEqual([a]);
		expect((await lib.get(a))?.plan).toEqual(plan('Kitchen table', 3));
	});

	test('writes of one plan land in the order they were made, even when not awaited one by one', async () => {
		const lib = library();
		const id = await lib.add(plan('v0'));
		await Promise.all(Array.from({ length: 20 }, (_, i) => lib.save(id, plan(`v${i + 1}`), 10 + i)));
		expect((await lib.get(id))?.plan.name).toBe('v20');
	});

	test('duplicate and rename', async () => {
		const lib = library();
		const id = await lib.add(plan('Castle'));
		const copy = await lib.duplicate(id, (name) => `${name} (copy)`);
		await lib.rename(id, '  Keep\n ');
		const names = (await lib.list()).map((p) => p.plan.name).sort();
		expect(names).toEqual(['Castle (copy)', 'Keep']);
		expect(copy).toBeDefined();
	});

	test('a deleted plan leaves the list, comes back with restore, and is forgotten after the undo window', async () => {
		const lib = library();
		const id = await lib.add(plan('Gone'));
		const keep = await lib.add(plan('Kept', 2));
		await lib.remove(id, 5000);
		expect((await lib.list()).map((p) => p.id)).toEqual([keep]);
		await lib.restore(id);
		expect((await lib.list()).length).toBe(2);
		await lib.remove(id, 5000);
		expect(await lib.purge(5000 + UNDO_DELETE_MS - 1)).toBe(0);
		expect(await lib.purge(5000 + UNDO_DELETE_MS + 1)).toBe(1);
		await lib.restore(id);
		expect(await lib.get(id)).toBeUndefined();
		expect((await lib.list()).map((p) => p.id)).toEqual([keep]);
	});
});
