/**
 * The deduction assistant's cost: the time to take in one announcement on a 30x30 plan with
 * six players (seat 0's assistant, over random legal games). Reported as the 95th percentile
 * of updates, so the slow ones after a pit or a river count.
 */
import { apply } from '../src/lib/engine/game/apply';
import { createGame, initialState } from '../src/lib/engine/game/game';
import { randomLegalCommand } from '../src/lib/engine/game/random-command';
import { visibleTo, viewFor } from '../src/lib/engine/game/view';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { createRng } from '../src/lib/engine/random';
import { Assistant } from '../src/lib/sheet/assistant';

export default async () => {
	const times: number[] = [];
	for (let seed = 1; seed <= 6; seed++) {
		const rng = createRng(seed);
		const plan = generatePlan({ width: 30, height: 30, seed, rivers: 6, pits: 12, pitLoops: 3 });
		const created = createGame({ plan, seats: 6, seed, settings: { nStop: 100000 } });
		if (!created.ok) throw new Error('setup');
		let state = initialState(created.value);
		const view = viewFor(state, 0);
		const assistant = new Assistant({ width: view.width, height: view.height, shape: view.shape }, 0, { encephalitis: true, rivers: 'normal' });
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
		}
	}
	times.sort((a, b) => a - b);
	const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
	return [
		{ name: 'sheet.assistant_update_ms', value: Math.round(at(0.95) * 1000) / 1000, unit: 'ms' },
		{ name: 'sheet.assistant_update_max_ms', value: Math.round(at(1) * 1000) / 1000, unit: 'ms' }
	];
};
