/**
 * Test helpers of the duel: a walker who knows the plan (the tests are omniscient, the phones
 * never are), heading for the true treasure, taking it, and leaving by the nearest exit.
 */
import { DIR_INDEX } from '../engine/game/board';
import { SIDE_OPEN, SIDE_OPEN_EXIT, type Action, type GameState } from '../engine/game/types';
import { CELL_KINDS, DIRECTIONS, type Direction } from '../engine/plan/types';

const PIT = CELL_KINDS.indexOf('pit');

/** The test knows both plans: the walker's next action toward the true treasure, then out. */
export function nextAction(h: GameState): Action {
	const me = h.players[0]!;
	const carrying = me.carry?.k === 'treasure' && me.carry.id === h.trueTreasure;
	const trueHere = (c: number) => h.items[c]!.some((it) => it.k === 'treasure' && (it as { id: number }).id === h.trueTreasure);
	if (!carrying && trueHere(me.cell)) return { a: 'take', index: 0 };
	const goal = (c: number): Direction | null | true => {
		if (!carrying) return trueHere(c) ? true : null;
		return DIRECTIONS.find((d) => h.sides[c * 4 + DIR_INDEX[d]] === SIDE_OPEN_EXIT) ?? null;
	};
	for (const avoidPits of [true, false]) {
		const first = new Map<number, Direction | null>([[me.cell, null]]);
		const queue = [me.cell];
		while (queue.length) {
			const c = queue.shift()!;
			const g = goal(c);
			if (g !== null) {
				const dir = c === me.cell ? (g as Direction) : first.get(c)!;
				return { a: 'go', dir };
			}
			for (const d of DIRECTIONS) {
				if (h.sides[c * 4 + DIR_INDEX[d]] !== SIDE_OPEN) continue;
				const n = h.board.nb[c * 4 + DIR_INDEX[d]]!;
				if (n < 0 || first.has(n) || (avoidPits && h.board.kind[n] === PIT)) continue;
				first.set(n, first.get(c) ?? d);
				queue.push(n);
			}
		}
	}
	return { a: 'go', dir: 'up' };
}

