/**
 * The deduction assistant's cost: the time to take in one announcement on a 30x30 plan with
 * six players (seat 0's assistant, over random legal games). Reported as the 95th percentile
 * of updates, so the slow ones after a pit or a river count. `sheet.others_update_ms`: the
 * same for the other five players' candidates from the public feed.
 * `sheet.update_ms_2000` (median) and `sheet.update_p95_ms_2000`: the sheet as the screen runs
 * it (feed.ts's SheetFeed with the others on, then the facts, the candidates and the others'
 * candidates read) taking in one more update late in a 2,000-command game, the player's own
 * commands recorded after their answers as the phone does; `sheet.open_ms_2000`: the same sheet
 * opened on that game (the whole stored feed taken in once).
 */
import { apply } from '../src/lib/engine/game/apply';
import { createGame, initialState } from '../src/lib/engine/game/game';
import { randomLegalCommand } from '../src/lib/engine/game/random-command';
import { visibleTo, viewFor } from '../src/lib/engine/game/view';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { createRng } from '../src/lib/engine/random';
import { Assistant } from '../src/lib/sheet/assistant';
import { knownKinds, Others } from '../src/lib/sheet/others';
import { SheetFeed, type OwnCommand } from '../src/lib/sheet/feed';
import type { GameEvent } from '../src/lib/engine/game/types';

/** What the sheet screen reads after each update (Sheet.svelte). */
function screen(feed: SheetFeed): number {
	const a = feed.assistant;
	return a.certainFacts().length + a.candidates().length + feed.otherCandidates().size;
}

/** A sheet fed a 2,000-command game update by update: the time of each update late in the game, and the time to open it at the end. */
function longGame(seed: number): { late: number[]; open: number } {
	const rng = createRng(seed);
	const plan = generatePlan({ width: 30, height: 30, seed, rivers: 6, pits: 12, pitLoops: 3 });
	const created = createGame({ plan, seats: 6, seed, settings: { nStop: 100000 } });
	if (!created.ok) throw new Error('setup');
	let state = initialState(created.value);
	const view = viewFor(state, 0, []);
	const contour = { width: view.width, height: view.height, shape: view.shape };
	const options = { encephalitis: state.settings.encephalitis, rivers: state.settings.rivers };
	const feed = new SheetFeed(contour, 0, options, { others: true });
	let events: GameEvent[] = [];
	let own: OwnCommand[] = [];
	const late: number[] = [];
	const timed = (work: () => void) => {
		const t = performance.now();
		work();
		return performance.now() - t;
	};
	for (let i = 0; i < 2000 && state.phase !== 'over'; i++) {
		const command = randomLegalCommand(state, rng);
		if (!command) break;
		const at = events.length;
		const result = apply(state, command);
		state = result.state;
		const told = result.events.filter((e) => visibleTo(e, 0));
		// the seat's session keeps its feed as a new array each update
		if (told.length) events = [...events, ...told];
		const t = timed(() => screen(feed.update(events, own)));
		// the phone records its own command once the host has answered it: after the announcement
		const t2 = command.by === 0 ? timed(() => screen(feed.update(events, (own = [...own, { command, at }])))) : 0;
		if (i >= 1800) late.push(t + t2);
	}
	const open = timed(() => screen(new SheetFeed(contour, 0, options, { others: true }).update(events, own)));
	return { late, open };
}

export default async () => {
	const times: number[] = [];
	const otherTimes: number[] = [];
	for (let seed = 1; seed <= 6; seed++) {
		const rng = createRng(seed);
		const plan = generatePlan({ width: 30, height: 30, seed, rivers: 6, pits: 12, pitLoops: 3 });
		const created = createGame({ plan, seats: 6, seed, settings: { nStop: 100000 } });
		if (!created.ok) throw new Error('setup');
		let state = initialState(created.value);
		const view = viewFor(state, 0, []);
		const contour = { width: view.width, height: view.height, shape: view.shape };
		const assistant = new Assistant(contour, 0, { encephalitis: true, rivers: 'normal' });
		const others = new Others(contour, 0);
		for (let i = 0; i < 1500 && state.phase !== 'over'; i++) {
			const command = randomLegalCommand(state, rng);
			if (!command) break;
			const result = apply(state, command);
			state = result.state;
			const told = result.events.filter((e) => visibleTo(e, 0));
			const started = performance.now();
			if (command.by === 0) assistant.observeOwn(command, told);
			else assistant.observeOther(told);
			times.push(performance.now() - started);
			// The other five players' candidates, cut by what seat 0 is sure of (its facts, computed for the sheet anyway).
			{
				const known = knownKinds(assistant.certainFacts());
				const t = performance.now();
				others.observe(told, known);
				others.settle(known);
				otherTimes.push(performance.now() - t);
			}
		}
	}
	times.sort((a, b) => a - b);
	otherTimes.sort((a, b) => a - b);
	const late: number[] = [];
	const opens: number[] = [];
	for (let seed = 1; seed <= 3; seed++) {
		const run = longGame(seed);
		late.push(...run.late);
		opens.push(run.open);
	}
	late.sort((a, b) => a - b);
	opens.sort((a, b) => a - b);
	const at = (q: number, list = times) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
	return [
		{ name: 'sheet.others_update_ms', value: Math.round(at(0.95, otherTimes) * 1000) / 1000, unit: 'ms' },
		{ name: 'sheet.assistant_update_ms', value: Math.round(at(0.95) * 1000) / 1000, unit: 'ms' },
		{ name: 'sheet.assistant_update_max_ms', value: Math.round(at(1) * 1000) / 1000, unit: 'ms' },
		{ name: 'sheet.update_ms_2000', value: Math.round(at(0.5, late) * 1000) / 1000, unit: 'ms' },
		{ name: 'sheet.update_p95_ms_2000', value: Math.round(at(0.95, late) * 1000) / 1000, unit: 'ms' },
		{ name: 'sheet.open_ms_2000', value: Math.round(at(0.5, opens) * 10) / 10, unit: 'ms' }
	];
};
