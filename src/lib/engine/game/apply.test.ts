import { describe, expect, test } from 'vitest';
import { apply } from './apply';
import { createGame, initialState } from './game';
import { buildPlan } from './testing';
import type { Command } from './types';

const plan = buildPlan(['LLLL', 'LHWL'], { exits: [[0, 0, 'left', true]], items: [[3, 0, 'treasure', true]] });

function fresh() {
	const g = createGame({ plan, seats: 2, seed: 1 });
	if (!g.ok) throw new Error(g.error.join(', '));
	return initialState(g.value);
}

describe('commands go to one handler each; anything else is refused as data', () => {
	// The handlers are a table keyed by command type: a name every object inherits is no command.
	test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'nope', ''])('"%s" is refused as malformed and changes nothing', (type) => {
		const state = fresh();
		const out = apply(state, { type, by: 'master' } as unknown as Command);
		expect(out.state).toBe(state);
		expect(out.events).toEqual([{ type: 'rejected', reason: 'malformed', command: type, audience: { to: 'master' } }]);
	});

	test('a handler\'s refusal reaches its issuer as one rejected event, the state untouched (000 2.1: not your turn)', () => {
		const state = fresh();
		const other = state.order[1]!;
		const out = apply(state, { type: 'choose_start', by: other, cell: 0 });
		expect(out.state).toBe(state);
		expect(out.events).toEqual([{ type: 'rejected', reason: 'not_your_turn', command: 'choose_start', audience: { to: 'seat', seat: other } }]);
	});
});
