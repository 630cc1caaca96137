/**
 * The pure step: `apply(state, command) → { state, events }`. Never throws; an
 * illegal command returns the same state and one `rejected` event for its issuer.
 */
import { DIRECTIONS } from '../plan/types';
import { CELL_KINDS } from '../plan/types';
import { DIR_INDEX, KIND_NONE } from './board';
import { ALL, Draft } from './draft';
import { saidMove } from './announce';
import { heardOut, publicStatus, toldOwnStatus } from './known';
import { ruleSystem } from '../rules/index';
import type { RuleSystem } from '../rules/types';
import {
	NO_MOVES,
	SIDE_STATES,
	type Applied,
	type Audience,
	type Carry,
	type Command,
	type CorrectionChange,
	type GameEvent,
	type GameState,
	type Item,
	type RejectReason,
	type Seat
} from './types';

function audienceOf(state: GameState, by: unknown): Audience {
	if (typeof by === 'number' && Number.isInteger(by) && by >= 0 && by < state.players.length)
		return { to: 'seat', seat: by };
	return { to: 'master' };
}

export function reject(state: GameState, cmd: unknown, reason: RejectReason): Applied {
	const c = (typeof cmd === 'object' && cmd !== null ? cmd : {}) as Record<string, unknown>;
	const ev: GameEvent = {
		type: 'rejected',
		reason,
		command: typeof c.type === 'string' ? c.type.slice(0, 40) : '',
		audience: audienceOf(state, c.by)
	};
	return { state, events: [ev] };
}

const isSeat = (state: GameState, x: unknown): x is Seat =>
	typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < state.players.length;
const isCell = (state: GameState, x: unknown): x is number =>
	typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < state.board.size && state.board.kind[x] !== KIND_NONE;
const isReason = (x: unknown): x is string => typeof x === 'string' && x.length <= 2000;

/** The seat whose turn it is (play phase) or who chooses a start next (start phase). */
export function currentSeat(state: GameState): Seat | null {
	if (state.phase === 'play') return state.order[state.turn] ?? null;
	if (state.phase === 'start' && !state.settings.commonStart)
		for (const s of state.order) if (state.players[s]!.cell < 0) return s;
	return null;
}

function sysOf(state: GameState): RuleSystem | null {
	const r = ruleSystem(state.rules);
	return r.ok ? r.value : null;
}

/** The draft as the next state; `effective`: the command changes the game (the master may undo it), not only the log. */
function commit(d: Draft, c: Command, effective: boolean): Applied {
	if (d.result && d.phase !== 'over') d.phase = 'over';
	return { state: d.finish(c, effective), events: d.events };
}

/** After a move: counters, end checks, the next turn (3.6, 6.6, 7.9). */
function endOfMove(d: Draft, seat: Seat, skipped: boolean): void {
	d.moveNo++;
	d.skipsInARow = skipped ? d.skipsInARow + 1 : 0;
	if (d.nstop.active && d.changed) d.nstop = { ...d.nstop, changed: true };
	if (d.survivorLeft !== null && !d.result && d.p(seat).status === 'in') {
		const left = d.survivorLeft - 1;
		d.survivorLeft = left;
		if (left <= 0) {
			d.result = { kind: 'draw', reason: 'survivor_time' };
			d.all({ type: 'draw', reason: 'survivor_time' });
		}
	}
	d.sys.checkEnd(d);
	// With no skip in a row the draw needs nobody left, and a mover still in is somebody: not counted then.
	const left = d.skipsInARow === 0 && d.p(seat).status === 'in' ? 1 : d.inGameCount();
	if (!d.result && d.skipsInARow >= left) {
		d.result = { kind: 'draw', reason: 'all_skipped' };
		d.all({ type: 'draw', reason: 'all_skipped' });
	}
	if (d.result) return;
	// Only a player still in may move again (a wall hit, then timed out: the turn passes).
	if (d.p(seat).status === 'in' && d.sys.keepsTurn?.(d, seat)) return;
	const n = d.base.order.length;
	let idx = d.turn;
	// Lost turns (abandoned) may take more than one round to pass.
	const limit = d.sys.losesTurn ? n * 8 : n;
	for (let i = 0; i < limit; i++) {
		idx = (idx + 1) % n;
		if (idx === 0 && d.nstop.active) {
			const rounds = d.nstop.changed ? 0 : d.nstop.rounds + 1;
			d.nstop = { active: true, rounds, changed: false };
			d.events.push({ type: 'nstop_count', rounds, of: d.settings.nStop, audience: ALL });
			if (rounds >= d.settings.nStop) {
				d.result = { kind: 'draw', reason: 'nstop' };
				d.all({ type: 'draw', reason: 'nstop' });
				return;
			}
		}
		const s = d.base.order[idx]!;
		if (d.p(s).status === 'in') {
			if (!d.sys.losesTurn?.(d, s)) break;
		} else heardOut(d, s); // 6.7: his turn passes him by: the table knows he is out
	}
	d.turn = idx;
	const next = d.base.order[idx]!;
	// Made with its audience (`all` adds it to a literal made without: one more allocation, on every move).
	d.events.push({ type: 'turn', seat: next, audience: ALL });
	d.sys.onTurnStart(d, next);
}

/** What a command's handler is given: the state, the command, the rule system, whether the master gave it. */
interface Turn<T extends Command['type']> {
	state: GameState;
	c: Extract<Command, { type: T }>;
	sys: RuleSystem;
	isMaster: boolean;
	/** The game is over (a refusal says so rather than "wrong phase"). */
	over: boolean;
}
type Handler<T extends Command['type']> = (turn: Turn<T>) => Applied | RejectReason;

function applyUnsafe(state: GameState, command: Command, given: RuleSystem | null): Applied {
	if (typeof command !== 'object' || command === null) return reject(state, command, 'malformed');
	// Its type read once: commands come in many shapes, so each read of a field is a slow (megamorphic) one.
	const type: unknown = command.type;
	if (typeof type !== 'string') return reject(state, command, 'malformed');
	const sys = given ?? sysOf(state);
	if (!sys) return reject(state, command, 'malformed');
	const c = command as Command;
	const by = (c as { by?: unknown }).by;
	const isMaster = by === 'master';
	if (!isMaster && !isSeat(state, by)) return reject(state, c, 'malformed');
	// Moves, nearly every command, are called directly with their arguments (a call the compiler can inline, no argument object), the rest by lookup.
	const handler = type === 'move' ? null : HANDLER_OF.get(type);
	if (handler === undefined) return reject(state, c, 'malformed');
	const over = state.phase === 'over';
	const done = handler === null ? moveWith(state, c as Extract<Command, { type: 'move' }>, sys, isMaster, over) : handler({ state, c, sys, isMaster, over });
	return typeof done === 'string' ? reject(state, c, done) : done;
}

function chooseStart({ state, c, sys, isMaster, over }: Turn<'choose_start'>): Applied | RejectReason {
	if (isMaster) return 'malformed';
	if (state.phase !== 'start') return over ? 'game_over' : 'wrong_phase';
	if (state.settings.commonStart) return 'option_off';
	if (currentSeat(state) !== c.by) return 'not_your_turn';
	if (!isCell(state, c.cell)) return 'cell_invalid';
	if (state.players[c.by]!.rejectedStarts.includes(c.cell)) return 'same_start';
	// 003 3: the master refuses a start off land as he would at the table ("start on land"), not as no cell.
	if (sys.startAllowed && !sys.startAllowed(state, c.cell)) return 'start_not_land';
	const d = new Draft(state, sys);
	d.update(c.by, { cell: c.cell });
	d.all({ type: 'start_chosen', seat: c.by });
	d.master({ type: 'start_cell', seat: c.by, cell: c.cell });
	return commit(d, c, true);
}

function askCellKind({ state, c, sys, isMaster, over }: Turn<'ask_cell_kind'>): Applied | RejectReason {
	if (isMaster) return 'malformed';
	if (state.phase !== 'start') return over ? 'game_over' : 'wrong_phase';
	if (!isCell(state, c.cell)) return 'cell_invalid';
	const p = state.players[c.by]!;
	if (p.questions <= 0) return 'no_question_left';
	const d = new Draft(state, sys);
	d.update(c.by, { questions: p.questions - 1 });
	// As a start is told (a topographic spinner is "land", seed 003 1.2).
	const k = sys.announcedKind ? sys.announcedKind(state, c.cell) : CELL_KINDS[state.board.kind[c.cell]!]!;
	d.all({ type: 'cell_kind_asked', seat: c.by });
	d.tell(c.by, {
		type: 'cell_kind_answer',
		seat: c.by,
		asked: c.cell,
		kind: k === 'encephalitis' && !state.settings.encephalitis ? 'land' : k
	});
	return commit(d, c, true);
}

function invalidateStarts({ state, c, sys, isMaster, over }: Turn<'invalidate_starts'>): Applied | RejectReason {
	if (!isMaster) return 'malformed';
	if (state.phase !== 'start') return over ? 'game_over' : 'wrong_phase';
	if (state.settings.commonStart) return 'option_off';
	if (!Array.isArray(c.seats) || c.seats.length === 0 || !c.seats.every((s) => isSeat(state, s)))
		return 'malformed';
	if (currentSeat(state) !== null) return 'wrong_phase';
	const d = new Draft(state, sys);
	const seats = [...new Set(c.seats)].sort((a, b) => a - b);
	for (const s of seats) {
		const p = d.p(s);
		// 6.1 "must not be the same as the previous one": only the cell just invalidated is barred.
		d.update(s, { cell: -1, rejectedStarts: [p.cell] });
	}
	d.all({ type: 'starts_invalidated', seats });
	return commit(d, c, true);
}

function commonStart({ state, c, sys, isMaster, over }: Turn<'common_start'>): Applied | RejectReason {
	if (!isMaster) return 'malformed';
	if (state.phase !== 'start') return over ? 'game_over' : 'wrong_phase';
	if (!state.settings.commonStart) return 'option_off';
	if (!isCell(state, c.cell)) return 'cell_invalid';
	const d = new Draft(state, sys);
	for (const p of state.players) d.update(p.seat, { cell: c.cell });
	d.all({ type: 'common_start_set' });
	d.master({ type: 'start_cell', seat: -1, cell: c.cell });
	return commit(d, c, true);
}

function confirmStarts({ state, c, sys, isMaster, over }: Turn<'confirm_starts'>): Applied | RejectReason {
	if (!isMaster) return 'malformed';
	if (state.phase !== 'start') return over ? 'game_over' : 'wrong_phase';
	if (state.players.some((p) => p.cell < 0)) return 'wrong_phase';
	const d = new Draft(state, sys);
	d.phase = 'play';
	d.turn = 0;
	// 3.6 "Nstop is determined and announced before the game", as are the moves to heal (4.7).
	const s = state.settings;
	if (sys.settingIds.includes('nStop')) d.all(s.encephalitis ? { type: 'terms', nStop: s.nStop, movesToHeal: s.movesToHeal } : { type: 'terms', nStop: s.nStop });
	d.all({ type: 'starts_confirmed' });
	// A system that places the players itself (the topographic and abandoned games): the master is
	// told where each one starts, as he hears a chosen start (his own placements, as confirmed).
	if (sys.autoStarts) for (const s of state.order) d.master({ type: 'start_cell', seat: s, cell: d.p(s).cell });
	for (const s of state.order) {
		const k = sys.announcedKind ? sys.announcedKind(state, d.p(s).cell) : CELL_KINDS[state.board.kind[d.p(s).cell]!]!;
		d.all({ type: 'start_kind', seat: s, kind: k === 'encephalitis' && !state.settings.encephalitis ? 'land' : k });
	}
	const first = state.order[0]!;
	d.all({ type: 'turn', seat: first });
	sys.onTurnStart(d, first);
	return commit(d, c, true);
}

/** Holds the first event's place while a move runs (never seen: the move's announcement replaces it, or the move is refused). */
const ANNOUNCEMENT_PLACE: GameEvent = { type: 'move_announced', seat: -1, move: { actions: [], dark: false, semiDark: false }, audience: ALL };

function move({ state, c, sys, isMaster, over }: Turn<'move'>): Applied | RejectReason {
	return moveWith(state, c, sys, isMaster, over);
}

/** `move` with its arguments one by one (as `applyUnsafe` calls it). */
function moveWith(state: GameState, c: Extract<Command, { type: 'move' }>, sys: RuleSystem, isMaster: boolean, over: boolean): Applied | RejectReason {
	if (isMaster) return 'malformed';
	if (state.phase !== 'play') return over ? 'game_over' : 'wrong_phase';
	const seat = c.by;
	if (currentSeat(state) !== seat) return 'not_your_turn';
	const d = new Draft(state, sys);
	// 1.2, 6.2: the table hears the move as said before the answer (6.7, 6.8: a dark one too). Its
	// place is kept first (cheaper than an unshift); it is made once the move is accepted.
	d.events.push(ANNOUNCEMENT_PLACE);
	const r = sys.runMove(d, seat, c);
	if (r) return r;
	d.events[0] = { type: 'move_announced', seat, move: saidMove(c, d.p(seat).lastMove), audience: ALL };
	// 6.6: only a move that is nothing but a skip counts as skipped.
	const mv = c.actions.length === 1 && c.actions[0]!.a === 'skip';
	endOfMove(d, seat, mv);
	return commit(d, c, true);
}

function orderCell({ state, c, sys, isMaster, over }: Turn<'order_cell'>): Applied | RejectReason {
	if (isMaster) return 'malformed';
	if (state.phase !== 'play') return over ? 'game_over' : 'wrong_phase';
	if (currentSeat(state) !== c.by) return 'not_your_turn';
	if (c.cell !== null && !isCell(state, c.cell)) return 'cell_invalid';
	const p = state.players[c.by]!;
	if (p.outside !== null) return 'outside_only_move';
	const d = new Draft(state, sys);
	if (p.pendingOrder) {
		if (c.cell === null) d.update(c.by, { pendingOrder: false });
		else d.update(c.by, { pendingOrder: false, reorders: p.reorders - 1, cell: c.cell, footing: false });
	} else {
		// 7.2 handicap order: leave bullets, treasure, landmine and corpse behind.
		if (c.cell === null) return 'not_pending';
		if (p.extraOrders <= 0) return 'no_order_left';
		const drop: Item[] = [];
		for (let i = 0; i < p.bullets; i++) drop.push({ k: 'bullet' });
		if (p.carry) drop.push(p.carry.k === 'landmine' ? { k: 'landmine', armed: false } : p.carry);
		d.addItems(p.cell, drop);
		d.update(c.by, { extraOrders: p.extraOrders - 1, bullets: 0, carry: null, cell: c.cell, footing: false });
	}
	d.all({ type: 'cell_ordered', seat: c.by, declined: c.cell === null });
	if (c.cell !== null) d.master({ type: 'ordered_at', seat: c.by, cell: c.cell });
	d.update(c.by, { lastMove: { ordered: true }, noChangeMoves: NO_MOVES });
	return commit(d, c, true);
}

function status({ state, c, sys, isMaster }: Turn<'status'>): Applied | RejectReason {
	if (isMaster) return 'malformed';
	if (state.phase === 'start') return 'wrong_phase';
	const d = new Draft(state, sys);
	const status = publicStatus(state.players[c.by]!);
	d.all({ type: 'status', seat: c.by, status: sys.held ? { ...status, item: sys.held(state, c.by) } : status });
	// 6.4, 6.7: the answer tells him what his dark moves kept from him: then it changes what he
	// knows (the master's undo takes it back with the moves after it); otherwise only the log.
	return commit(d, c, toldOwnStatus(d, c.by));
}

function recall({ state, c, sys, isMaster }: Turn<'recall'>): Applied | RejectReason {
	if (isMaster || !isSeat(state, c.of)) return 'malformed';
	if (state.phase === 'start') return 'wrong_phase';
	const d = new Draft(state, sys);
	d.all({ type: 'recall', seat: c.by, of: c.of, move: state.players[c.of]!.lastMove });
	return commit(d, c, false);
}

function countNstop({ state, c, sys, over }: Turn<'count_nstop'>): Applied | RejectReason {
	if (state.phase !== 'play') return over ? 'game_over' : 'wrong_phase';
	if (c.stop === true) {
		if (!state.nstop.active) return 'not_counting';
		const d = new Draft(state, sys);
		d.nstop = { active: false, rounds: 0, changed: false };
		d.all({ type: 'nstop_stopped' });
		return commit(d, c, true);
	}
	if (state.nstop.active) return 'already_counting';
	const d = new Draft(state, sys);
	d.nstop = { active: true, rounds: 0, changed: false };
	d.all({ type: 'nstop_started' });
	return commit(d, c, true);
}

function takeBreak({ state, c, sys, isMaster, over }: Turn<'take_break'>): Applied | RejectReason {
	if (isMaster) return 'malformed';
	if (state.phase !== 'play') return over ? 'game_over' : 'wrong_phase';
	if (currentSeat(state) !== c.by) return 'not_your_turn';
	const p = state.players[c.by]!;
	const inGame = state.players.filter((q) => q.status === 'in');
	// 9: another break only when at least half of the players have taken as many.
	if (p.breaks > 0 && inGame.filter((q) => q.breaks >= p.breaks).length * 2 < inGame.length)
		return 'break_not_yet';
	const d = new Draft(state, sys);
	d.update(c.by, { breaks: p.breaks + 1 });
	d.all({ type: 'break_taken', seat: c.by, minutes: state.settings.breakMinutes });
	return commit(d, c, true);
}

function timeOut({ state, c, sys, isMaster, over }: Turn<'time_out'>): Applied | RejectReason {
	if (!isMaster || !isSeat(state, c.seat)) return 'malformed';
	if (state.phase !== 'play') return over ? 'game_over' : 'wrong_phase';
	if (currentSeat(state) !== c.seat) return 'not_your_turn';
	const d = new Draft(state, sys);
	d.all(sys.corpses === false ? { type: 'timed_out', seat: c.seat, corpse: false } : { type: 'timed_out', seat: c.seat });
	sys.kill(d, c.seat);
	endOfMove(d, c.seat, false);
	return commit(d, c, true);
}

/** Rulings 5: the game as it was before the last effective command; the game's events keep both (its `EventLog`), and the undo's reason. */
function undo({ state, c, sys, isMaster }: Turn<'undo'>): Applied | RejectReason {
	if (!isMaster || !isReason(c.reason)) return 'malformed';
	const before = stateBeforeLast(state, sys);
	if (!before) return 'nothing_to_undo';
	const ev: GameEvent = { type: 'master_undo', reason: c.reason, audience: ALL };
	return { state: before, events: [ev] };
}

/**
 * The state before `state`'s last effective command, rebuilt rather than kept (a state holds no
 * chain of the states before it): its checkpoint, then the effective commands after it but the
 * last, each accepted again (the same command on the same state). At most `CHECKPOINT_EVERY`
 * commands.
 */
function stateBeforeLast(state: GameState, sys: RuleSystem): GameState | null {
	if (!state.past || !state.checkpoint) return null;
	let s = state.checkpoint;
	const again: Command[] = [];
	for (let n = state.past.next; n && again.length < state.depth - 1 - s.depth; n = n.next) again.push(n.command);
	for (let i = again.length - 1; i >= 0; i--) s = applyUnsafe(s, again[i]!, sys).state;
	return s;
}

function ruling({ state, c, sys, isMaster }: Turn<'ruling'>): Applied | RejectReason {
	if (!isMaster || !isReason(c.reason)) return 'malformed';
	const d = new Draft(state, sys);
	d.all({ type: 'master_ruling', reason: c.reason });
	return commit(d, c, false);
}

function correct({ state, c, sys, isMaster }: Turn<'correct'>): Applied | RejectReason {
	if (!isMaster || !isReason(c.reason) || typeof c.change !== 'object' || c.change === null)
		return 'malformed';
	const d = new Draft(state, sys);
	const ch = c.change;
	switch (ch.kind) {
		case 'place':
			if (!isSeat(state, ch.seat) || !isCell(state, ch.cell)) return 'malformed';
			d.update(ch.seat, { cell: ch.cell, outside: null, pickedAt: -1 });
			break;
		case 'ammo': {
			const okN = (n: unknown, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;
			if (!isSeat(state, ch.seat) || !okN(ch.bullets, 99) || !okN(ch.grenades, 99))
				return 'malformed';
			d.update(ch.seat, { bullets: ch.bullets, grenades: ch.grenades });
			break;
		}
		case 'health':
			if (!isSeat(state, ch.seat) || !['healthy', 'wounded', 'infected'].includes(ch.health))
				return 'malformed';
			d.update(ch.seat, {
				health: ch.health,
				infectedLeft: ch.health === 'infected' ? state.settings.movesToHeal : null
			});
			break;
		case 'side': {
			const v = SIDE_STATES.indexOf(ch.side);
			if (!isCell(state, ch.cell) || !DIRECTIONS.includes(ch.dir) || v < 0) return 'malformed';
			const di = DIR_INDEX[ch.dir];
			const n = state.board.nb[ch.cell * 4 + di]!;
			const inner = n >= 0;
			if (inner !== (v === 0 || v === 1)) return 'malformed';
			d.setSide(ch.cell * 4 + di, v);
			if (inner) d.setSide(n * 4 + ((di + 2) & 3), v);
			break;
		}
		case 'carry': {
			const r = correctCarry(d, state, ch);
			if (r) return r;
			break;
		}
		default:
			return 'malformed';
	}
	// 7.7: after a correction heard by all, no move is known any more to change nothing.
	for (const q of d.players) if (q.noChangeMoves.length) d.update(q.seat, { noChangeMoves: NO_MOVES });
	d.all({ type: 'master_correct', reason: c.reason });
	d.master({ type: 'master_corrected', change: ch });
	if (state.phase === 'play') sys.checkEnd(d);
	return commit(d, c, true);
}

/** One named handler per command (boardgame.io's moves map); a refusal is returned as its reason. */
const HANDLERS: { readonly [T in Command['type']]: Handler<T> } = {
	choose_start: chooseStart,
	ask_cell_kind: askCellKind,
	invalidate_starts: invalidateStarts,
	common_start: commonStart,
	confirm_starts: confirmStarts,
	move,
	order_cell: orderCell,
	status,
	recall,
	count_nstop: countNstop,
	take_break: takeBreak,
	time_out: timeOut,
	undo,
	ruling,
	correct
};

/** `HANDLERS` by command type: one lookup per command (an inherited name is no command). */
const HANDLER_OF = new Map(Object.entries(HANDLERS) as [string, Handler<Command['type']>][]);

/**
 * Rulings 5: the master sets what a player carries. A treasure or a corpse is taken from wherever
 * it is (a cell, another player), so none is ever in two places; a treasure or corpse the player
 * carried before is put down on his cell, so none vanishes (a landmine is set like the ammo).
 */
function correctCarry(d: Draft, state: GameState, ch: Extract<CorrectionChange, { kind: 'carry' }>): RejectReason | null {
	if (!isSeat(state, ch.seat)) return 'malformed';
	const want = ch.carry;
	const same = (x: Item | Carry): boolean =>
		want !== null && ((want.k === 'treasure' && x.k === 'treasure' && x.id === want.id) || (want.k === 'corpse' && x.k === 'corpse' && x.seat === want.seat));
	let given: Carry | null = null;
	if (want === null) given = null;
	else if (typeof want !== 'object') return 'malformed';
	else if (want.k === 'landmine') given = { k: 'landmine' };
	else if (want.k === 'treasure' || want.k === 'corpse') {
		if (want.k === 'treasure' && !(Number.isInteger(want.id) && want.id >= 0)) return 'malformed';
		if (want.k === 'corpse' && (!isSeat(state, want.seat) || want.seat === ch.seat)) return 'malformed';
		for (const q of state.players)
			if (q.carry && same(q.carry)) {
				if (q.seat === ch.seat) return null; // he carries it already
				given = q.carry;
				d.update(q.seat, { carry: null });
			}
		if (!given)
			for (const cell of state.board.cellList) {
				const found = d.itemsAt(cell).find(same);
				if (!found) continue;
				given = found as Carry;
				d.setItems(cell, d.itemsAt(cell).filter((x) => x !== found));
				break;
			}
		if (!given) return 'no_item';
	} else return 'malformed';
	const p = d.p(ch.seat);
	// A treasure or a corpse is one of a kind: put down, never lost. A landmine is set like the ammo.
	if (p.carry && p.carry.k !== 'landmine' && p.cell >= 0) d.addItems(p.cell, [p.carry]);
	d.update(ch.seat, { carry: given });
	return null;
}

/** Adjudicate one command. Pure, deterministic, never throws. */
export function apply(state: GameState, command: Command): Applied {
	try {
		return applyUnsafe(state, command, null);
	} catch {
		return reject(state, command, 'malformed');
	}
}

/**
 * Adjudicate with an explicit rule system (a variant built as `{ ...classic, hook }`
 * before it has its id in the registry; tests of hooks).
 */
export function applyWith(sys: RuleSystem, state: GameState, command: Command): Applied {
	try {
		return applyUnsafe(state, command, sys);
	} catch {
		return reject(state, command, 'malformed');
	}
}
