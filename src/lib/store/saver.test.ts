import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { LabyrinthDatabase } from './db';
import { PlanLibrary } from './plans';
import { RETRY_DELAYS_MS, saveProblem, Saver, type SaveStatus, type Timers } from './saver';

/** Timers run by hand: `due()` lists the waits set, `fire()` runs the oldest. */
function manualTimers() {
	const pending: { run: () => void; ms: number; id: number }[] = [];
	let id = 0;
	const timers: Timers = {
		set: (run, ms) => (pending.push({ run, ms, id: ++id }), id),
		clear: (handle) => {
			const i = pending.findIndex((t) => t.id === handle);
			if (i >= 0) pending.splice(i, 1);
		}
	};
	return { timers, due: () => pending.map((t) => t.ms), fire: () => pending.shift()!.run() };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const domError = (name: string) => Object.assign(new Error(name), { name });

describe('what went wrong, in terms a person can act on', () => {
	test.each([
		[domError('QuotaExceededError'), 'quota'],
		[{ name: 'AbortError', inner: domError('QuotaExceededError') }, 'quota'],
		[domError('DataCloneError'), 'clone'],
		[{ name: 'DataCloneError', message: '#<Object> could not be cloned.' }, 'clone'],
		[{ name: 'OpenFailedError', inner: domError('InvalidStateError') }, 'blocked'],
		[domError('MissingAPIError'), 'blocked'],
		[domError('DatabaseClosedError'), 'blocked'],
		[{ name: 'OpenFailedError', inner: domError('VersionError') }, 'newer'],
		[new Error('something else'), 'unknown'],
		['not even an error', 'unknown']
	])('%o is %s', (error, problem) => {
		expect(saveProblem(error)).toBe(problem);
	});
});

describe('a Saver (issue 16: saving never fails silently)', () => {
	test('a failed write keeps the work, says why, retries with a bounded backoff, and is saved when storage comes back', async () => {
		const written: string[] = [];
		let failing = true;
		const statuses: SaveStatus[] = [];
		const clock = manualTimers();
		const saver = new Saver<string>(
			async (v) => {
				if (failing) throw domError('QuotaExceededError');
				written.push(v);
			},
			(s) => statuses.push(s),
			clock.timers
		);
		saver.save('v1');
		await tick();
		expect(saver.dirty).toBe(true);
		expect(saver.status).toEqual({ state: 'failed', problem: 'quota', attempts: 1, retryInMs: RETRY_DELAYS_MS[0] });
		// Each retry waits longer, up to the last delay, and never longer.
		const waits: number[] = [];
		for (let i = 0; i < RETRY_DELAYS_MS.length + 3; i++) {
			waits.push(...clock.due());
			clock.fire();
			await tick();
		}
		expect(waits).toEqual([...RETRY_DELAYS_MS, ...Array(3).fill(RETRY_DELAYS_MS.at(-1))]);
		expect(statuses.some((s) => s.state === 'saved')).toBe(false);
		// Storage frees up: the next retry writes the work that was kept.
		failing = false;
		clock.fire();
		await tick();
		expect(written).toEqual(['v1']);
		expect(saver.status).toEqual({ state: 'saved' });
		expect(saver.dirty).toBe(false);
		expect(clock.due()).toEqual([]);
	});

	test('a newer value during a failure is tried at once and replaces the kept one', async () => {
		const written: string[] = [];
		let failing = true;
		const clock = manualTimers();
		const saver = new Saver<string>(async (v) => {
			if (failing) throw domError('DataCloneError');
			written.push(v);
		}, undefined, clock.timers);
		saver.save('v1');
		await tick();
		expect(saver.status.state === 'failed' && saver.status.problem).toBe('clone');
		failing = false;
		saver.save('v2');
		await tick();
		expect(written).toEqual(['v2']);
		expect(clock.due()).toEqual([]);
	});

	test('values given while one is written are coalesced: the last one is written, in order', async () => {
		const written: number[] = [];
		const saver = new Saver<number>(async (v) => {
			await tick();
			written.push(v);
		});
		for (let i = 1; i <= 5; i++) saver.save(i);
		expect(await saver.flush()).toBe(true);
		expect(written).toEqual([1, 5]);
		expect(saver.dirty).toBe(false);
	});

	test('flush answers false while storage refuses, true once it takes the work', async () => {
		let failing = true;
		const clock = manualTimers();
		const saver = new Saver<number>(async () => {
			if (failing) throw domError('InvalidStateError');
		}, undefined, clock.timers);
		saver.save(1);
		expect(await saver.flush()).toBe(false);
		failing = false;
		expect(await saver.flush()).toBe(true);
	});

	test("with the library: a plan the database refused is written by a later retry", async () => {
		const library = new PlanLibrary(new LabyrinthDatabase(`saver-${Math.random()}`));
		const plan = generatePlan({ width: 5, height: 5, seed: 9 });
		const id = await library.add(plan);
		let refuse = true;
		const clock = manualTimers();
		const saver = new Saver<typeof plan>((p) => (refuse ? Promise.reject(domError('QuotaExceededError')) : library.save(id, p)), undefined, clock.timers);
		saver.save({ ...plan, name: 'Edited' });
		await tick();
		expect((await library.get(id))?.plan.name).toBe(plan.name);
		refuse = false;
		clock.fire();
		expect(await saver.flush()).toBe(true);
		expect((await library.get(id))?.plan.name).toBe('Edited');
	});
});
