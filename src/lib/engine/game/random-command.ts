/**
 * A random legal command for whoever is to act: drives property tests, the
 * benchmark and (later) bots. Only actions whose legality is known before the
 * move go before the movement; later ones go into conditional parts, whose
 * failures are answered, not rejected (6.5).
 */
import { DIRECTIONS, type Direction } from '../plan/types';
import type { Rng } from '../random';
import { currentSeat } from './apply';
import { K_PIT, K_RIVER } from './board';
import { CONDITIONS, type Action, type Command, type GameState } from './types';

const dirOf = (rng: Rng): Direction => DIRECTIONS[rng.int(4)]!;

export interface RandomCommandOptions {
	/** Also issue the master's acts now and then (undo, corrections, rulings). */
	master?: boolean;
}

export function randomLegalCommand(state: GameState, rng: Rng, opts: RandomCommandOptions = {}): Command | null {
	const b = state.board;
	if (opts.master && state.past && rng.int(40) === 0) return { type: 'undo', by: 'master', reason: 'random' };
	if (opts.master && state.phase === 'play' && rng.int(200) === 0) {
		const seat = rng.int(state.players.length);
		if (state.players[seat]!.status === 'in')
			return { type: 'correct', by: 'master', reason: 'random', change: { kind: 'ammo', seat, bullets: rng.int(4), grenades: rng.int(4) } };
	}
	if (opts.master && rng.int(200) === 0) return { type: 'ruling', by: 'master', reason: 'random' };
	const cells = b.cellList;
	if (state.phase === 'over' || cells.length === 0) return null;
	if (state.phase === 'start') {
		if (state.settings.commonStart) {
			if (state.players.some((p) => p.cell < 0)) return { type: 'common_start', by: 'master', cell: rng.pick(cells)! };
			return { type: 'confirm_starts', by: 'master' };
		}
		const seat = currentSeat(state);
		if (seat !== null) {
			if (state.players[seat]!.questions > 0 && rng.int(2) === 0)
				return { type: 'ask_cell_kind', by: seat, cell: rng.pick(cells)! };
			const bad = state.players[seat]!.rejectedStarts;
			const choices = bad.length ? cells.filter((c) => !bad.includes(c)) : cells;
			if (choices.length === 0) return { type: 'status', by: seat };
			return { type: 'choose_start', by: seat, cell: rng.pick(choices)! };
		}
		if (rng.int(10) === 0 && cells.length > 4)
			return { type: 'invalidate_starts', by: 'master', seats: [rng.int(state.players.length)] };
		return { type: 'confirm_starts', by: 'master' };
	}
	const seat = state.order[state.turn]!;
	const p = state.players[seat]!;
	const s = state.settings;
	const r = rng.int(100);
	if (r < 2) return { type: 'status', by: seat };
	if (r < 3) return { type: 'recall', by: seat, of: rng.int(state.players.length) };
	if (r < 4 && !state.nstop.active) return { type: 'count_nstop', by: seat };
	if (p.pendingOrder && rng.int(2) === 0)
		return { type: 'order_cell', by: seat, cell: rng.int(3) === 0 ? null : rng.pick(cells)! };
	if (p.outside !== null) {
		const back: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };
		return { type: 'move', by: seat, actions: [{ a: 'go', dir: rng.int(5) ? back[p.outside] : dirOf(rng) }] };
	}
	const k = b.kind[p.cell];
	let mv: Action;
	const m = rng.int(20);
	if (m === 0 && !s.banSkip) mv = { a: 'skip' };
	else if (m === 1 && k === K_RIVER) mv = { a: 'flow' };
	else if (m === 2 && k === K_PIT) mv = { a: 'loop' };
	else mv = { a: 'go', dir: dirOf(rng) };
	const actions: Action[] = [];
	const healthy = p.health === 'healthy';
	const pre = rng.int(12);
	if (pre === 0 && healthy) {
		// A shot the cell forbids (a hospital, a weaponry, damp powder) or with no bullet at hand is
		// answered "no luck" with the move, never refused (the player may not know his cell).
		const target = s.namedTarget ? rng.int(state.players.length) : undefined;
		actions.push(target === undefined ? { a: 'shoot', dir: dirOf(rng) } : { a: 'shoot', dir: dirOf(rng), target });
	} else if (pre === 1 && p.grenades > 0) actions.push({ a: 'grenade', dir: dirOf(rng) });
	else if (pre === 2 && healthy && p.carry) {
		if (p.carry.k === 'landmine' && s.landmines && rng.int(2) === 0)
			actions.push(s.mineOnNeighbour && rng.int(2) ? { a: 'mine', dir: dirOf(rng) } : { a: 'mine' });
		else actions.push(s.throwing && rng.int(2) ? { a: 'leave', item: p.carry.k, dir: dirOf(rng) } : { a: 'leave', item: p.carry.k });
	} else if (pre === 3 && healthy && state.items[p.cell]!.some((it) => it.k === 'treasure')) {
		actions.push({ a: 'take', index: 0 });
	}
	actions.push(mv);
	if (s.conditionalMoves && rng.int(8) === 0) {
		const then: Action[] = [rng.int(2) ? { a: 'shoot', dir: dirOf(rng) } : { a: 'grenade', dir: dirOf(rng) }];
		actions.push({ a: 'if', cond: CONDITIONS[rng.int(CONDITIONS.length)]!, then });
	}
	const flags = rng.int(30);
	const cmd: Command = { type: 'move', by: seat, actions };
	if (flags === 0 && s.darkMoves) cmd.dark = true;
	else if (flags === 1 && s.semiDarkMoves) cmd.semiDark = true;
	const said = JSON.stringify({ actions, dark: !!cmd.dark, semiDark: !!cmd.semiDark });
	if (s.banRepeat && p.noChangeMoves.some((known) => JSON.stringify(known) === said))
		return { type: 'move', by: seat, actions: [{ a: 'go', dir: dirOf(rng) }, { a: 'if', cond: 'land', then: [] }] };
	return cmd;
}
