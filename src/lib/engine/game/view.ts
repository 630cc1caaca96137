/**
 * What a seat may know (rulings 1, 3): the labyrinth's contour, turn and phase,
 * the public event log plus its own private events, its own status and the
 * others' public standing. Never its own position, never the plan.
 */
import type { GameSettings } from './settings';
import type { CarryKind, GameEvent, GameResult, GameState, Health, Seat } from './types';
import { currentSeat } from './apply';
import { eventLog } from './game';
import { KIND_NONE } from './board';
import { ruleSystem } from '../rules/index';
import type { SeatSystemView } from '../rules/types';

export type { SeatSystemView, SeatSystemViews } from '../rules/types';

export interface SeatView {
	seat: Seat;
	rules: GameState['rules'];
	width: number;
	height: number;
	/** Row-major: true where a cell of the shape is (the agreed contour). */
	shape: boolean[];
	settings: GameSettings;
	phase: GameState['phase'];
	order: Seat[];
	/** Whose turn (or start choice) it is. */
	current: Seat | null;
	me: {
		status: 'in' | 'dead' | 'lost';
		health: Health;
		immune: boolean;
		infectedLeft: number | null;
		bullets: number;
		grenades: number;
		carry: CarryKind | null;
		reordersLeft: number;
		extraOrders: number;
		questionsLeft: number;
		mayOrderCell: boolean;
		outside: boolean;
		startChosen: boolean;
	};
	others: { seat: Seat; status: 'in' | 'dead' | 'lost' }[];
	events: GameEvent[];
	result: GameResult | null;
	/** What the rule system adds about this seat (abandoned: the item held, turns to lose); absent in classic. */
	system?: SeatSystemView;
}

export function visibleTo(ev: GameEvent, seat: Seat): boolean {
	const a = ev.audience;
	return a.to === 'all' || (a.to === 'seat' && a.seat === seat);
}

/** `feed`: this seat's events (`visibleTo`) when the caller already keeps them in step with the state (a bot game), else read from the log. */
export function viewFor(state: GameState, seat: Seat, feed?: GameEvent[]): SeatView {
	const p = state.players[seat]!;
	const b = state.board;
	const shape: boolean[] = new Array(b.size);
	for (let i = 0; i < b.size; i++) shape[i] = b.kind[i] !== KIND_NONE;
	const current = currentSeat(state);
	const sys = ruleSystem(state.rules);
	const extra = sys.ok && sys.value.seatView ? sys.value.seatView(state, seat) : undefined;
	const view: SeatView = {
		seat,
		rules: state.rules,
		width: b.width,
		height: b.height,
		shape,
		settings: state.settings,
		phase: state.phase,
		order: state.order.slice(),
		current,
		me: {
			status: p.status,
			health: p.health,
			immune: p.immune,
			infectedLeft: p.infectedLeft,
			bullets: p.bullets,
			grenades: p.grenades,
			carry: p.carry ? p.carry.k : null,
			reordersLeft: p.reorders,
			extraOrders: p.extraOrders,
			questionsLeft: p.questions,
			mayOrderCell: p.pendingOrder,
			outside: p.outside !== null,
			startChosen: p.cell >= 0
		},
		others: state.players.filter((q) => q.seat !== seat).map((q) => ({ seat: q.seat, status: q.status })),
		events: feed ?? eventLog(state).filter((e) => visibleTo(e, seat)),
		result: state.result
	};
	if (extra) view.system = extra;
	return view;
}

/** The master sees everything: the state itself plus the whole log. */
export function masterView(state: GameState): { state: GameState; events: GameEvent[] } {
	return { state, events: eventLog(state) };
}
