/**
 * The phone's duel against the computer as it grows (issue 36). One computer action through
 * `ComputerDuel` — its timer fires, the computer decides from its walker's view, the person's
 * half referees it, the computer's own device hears the answer, the record is built, kept (a
 * store that keeps nothing: the disk is `store.bench.ts`'s), the next action scheduled and the
 * screen told — timed from the timer's firing to the screen told (`onChange`), the computer's
 * think delay aside (the bench holds the clock: `setTimeout` is its own here).
 *
 * - `duel.computer_action_ms_start` / `_1500`: the median of the computer's first actions and of
 *   as many after 1,500 steps (both players' exchanges), the wanderer against a person stepping at
 *   random (the explorer carries the treasure out long before 1,500 steps: one duel is searched
 *   for, over generated plans, that lasts). `duel.computer_action_ratio_1500_start`: their ratio —
 *   about 1 when an action costs the same however long the duel (the walker follows the half; it
 *   replayed the whole record before each action until issue 36's follow-up).
 * - `duel.computer_reopen_ms_1500`: `ComputerDuel.open` on that record of 1,500 steps (a reload:
 *   both devices rebuilt, the walker replaying the half once, its bot deciding again at each of
 *   its moves), the median of a few.
 */
import { ComputerDuel, newComputerDuelRecord } from '../src/lib/play/computer-duel';
import { generateDuel } from '../src/lib/engine/rules/duel/generate';
import { createRng, type Rng } from '../src/lib/engine/random';
import { DIRECTIONS } from '../src/lib/engine/plan/types';
import type { DuelStore } from '../src/lib/net/duel-record';
import type { DuelRecord } from '../src/lib/store/records';

const LONG = 1500;
/** Computer actions timed at the start and after `LONG` steps. */
const TIMED = 60;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;

/** The bench's clock: the one timer a duel sets (the computer's think delay) waits here until fired. */
let pending: (() => void) | null = null;
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

const keepsNothing: DuelStore = { save: async () => {}, load: async () => null };

/** A duel of the wanderer against a person stepping at random, with the time of each computer action and the steps before it. */
async function playDuel(i: number, until: number): Promise<{ duel: ComputerDuel; actions: { steps: number; ms: number }[] }> {
	const record: DuelRecord = newComputerDuelRecord({
		id: 'BENCH',
		name: 'Ann',
		computerName: 'Computer',
		plan: generateDuel(`bench:mine:${i}`),
		computerPlan: generateDuel(`bench:its:${i}`),
		level: 'wanderer',
		settings: {},
		seed: `bench:${i}`,
		now: 0
	});
	let told: (() => void) | null = null;
	const duel = await ComputerDuel.create({ store: keepsNothing, record, thinkMs: 0, onChange: () => told?.() });
	const actions: { steps: number; ms: number }[] = [];
	const computerActs = async () => {
		while (pending) {
			const fire = pending;
			pending = null;
			const steps = duel.record.exchanges.length;
			const done = new Promise<void>((resolve) => (told = resolve));
			const t = performance.now();
			fire();
			await done;
			actions.push({ steps, ms: performance.now() - t });
		}
	};
	const rng: Rng = createRng(`bench:person:${i}`);
	await computerActs();
	while (duel.winner === null && duel.record.exchanges.length < until) {
		if (!duel.record.myStart) await duel.chooseStart(rng.int(100));
		else await duel.move([{ a: 'go', dir: rng.pick(DIRECTIONS)! }]);
		await computerActs();
	}
	return { duel, actions };
}

export default async () => {
	globalThis.setTimeout = ((fn: () => void) => {
		pending = fn;
		return 0;
	}) as unknown as typeof setTimeout;
	globalThis.clearTimeout = (() => {
		pending = null;
	}) as typeof clearTimeout;
	try {
		// Warm-up: the code compiled before anything is timed.
		for (let i = 0; i < 3; i++) (await playDuel(1000 + i, 400)).duel.close();
		const last = LONG + 3 * TIMED;
		for (let i = 0; i < 100; i++) {
			const { duel, actions } = await playDuel(i, last);
			duel.close();
			const late = actions.filter((a) => a.steps >= LONG);
			if (late.length < TIMED) continue;
			const start = median(actions.slice(0, TIMED).map((a) => a.ms));
			const long = median(late.slice(0, TIMED).map((a) => a.ms));
			const reopen: number[] = [];
			const record = duel.record;
			for (let k = 0; k < 5; k++) {
				const t = performance.now();
				ComputerDuel.open({ store: keepsNothing, record, thinkMs: 0 }).close();
				reopen.push(performance.now() - t);
			}
			return [
				{ name: 'duel.computer_action_ms_start', value: round(start), unit: 'ms' },
				{ name: 'duel.computer_action_ms_1500', value: round(long), unit: 'ms' },
				{ name: 'duel.computer_action_ratio_1500_start', value: round(long / start, 2), unit: '×', max: 8 },
				{ name: 'duel.computer_reopen_ms_1500', value: round(median(reopen), 1), unit: 'ms' }
			];
		}
		throw new Error(`no duel of the wanderer lasted ${LONG} steps`);
	} finally {
		globalThis.setTimeout = realSetTimeout;
		globalThis.clearTimeout = realClearTimeout;
	}
};
