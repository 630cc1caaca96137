/**
 * What a seat may know (rulings 1, 3): the labyrinth's contour, turn and phase,
 * the public event log plus its own private events, its own status and the
 * others' public standing. Never its own position, never the plan.
 */
import type { GameSettings } from './settings';
import type { CarryKind, GameEvent, GameResult, GameState, Health, Seat } from './types';
import { currentSeat } from './apply';
import { KIND_NONE } from './board';
import { knownStatus, knowsOfOrder, statusAsHeard } from './known';
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
	/**
	 * The seat's own status as it was told (6.4, 6.7, 6.8: `knownStatus`): a field `undefined` is
	 * unknown to him since a dark or semi-dark move of his, until he asks. Never the truth he was not told.
	 */
	me: {
		status: 'in' | 'dead' | 'lost';
		health: Health | undefined;
		immune: boolean | undefined;
		infectedLeft: number | null | undefined;
		bullets: number | undefined;
		grenades: number | undefined;
		carry: CarryKind | null | undefined;
		reordersLeft: number;
		extraOrders: number;
		questionsLeft: number;
		mayOrderCell: boolean;
		outside: boolean | undefined;
		startChosen: boolean;
	};
	others: { seat: Seat; status: 'in' | 'dead' | 'lost' }[];
	events: readonly GameEvent[];
	result: GameResult | null;
	/** What the rule system adds about this seat (abandoned: the item held, turns to lose); absent in classic. */
	system?: SeatSystemView;
}

export function visibleTo(ev: GameEvent, seat: Seat): boolean {
	const a = ev.audience;
	return a.to === 'all' || (a.to === 'seat' && a.seat === seat);
}

/** Adds an accepted command's events to the feed of each seat that hears them (one feed per seat, kept in step with the game: a bot game). */
export function addToFeeds(feeds: GameEvent[][], events: readonly GameEvent[]): void {
	for (const e of events) for (let seat = 0; seat < feeds.length; seat++) if (visibleTo(e, seat)) feeds[seat]!.push(e);
}

/** A seat's view but its events, contour and settings: what changes as the game goes on (a host sends it with each update). */
export type SeatStanding = Omit<SeatView, 'events' | 'shape' | 'settings'>;

/**
 * What `seat` may know of the game (its events aside): made once per seat and move by a host
 * (the contour and the settings never change: `shapeOf`, `state.settings`).
 */
export function seatStanding(state: GameState, seat: Seat): SeatStanding {
	const p = state.players[seat]!;
	const b = state.board;
	const sys = ruleSystem(state.rules);
	const extra = sys.ok && sys.value.seatView ? sys.value.seatView(state, seat) : undefined;
	const known = knownStatus(p);
	const standing: SeatStanding = {
		seat,
		rules: state.rules,
		width: b.width,
		height: b.height,
		phase: state.phase,
		order: state.order.slice(),
		current: currentSeat(state),
		me: {
			status: p.status,
			health: known.health,
			immune: known.immune,
			infectedLeft: known.infectedLeft,
			bullets: known.bullets,
			grenades: known.grenades,
			carry: known.carry,
			reordersLeft: p.reorders,
			extraOrders: p.extraOrders,
			questionsLeft: p.questions,
			mayOrderCell: knowsOfOrder(p),
			outside: known.outside,
			startChosen: p.cell >= 0
		},
		others: state.players.filter((q) => q.seat !== seat).map((q) => ({ seat: q.seat, status: statusAsHeard(q) })),
		result: state.result
	};
	if (extra) standing.system = extra;
	return standing;
}

/** The labyrinth's contour (row-major: true where a cell of the shape is), the same for every seat all game. */
export function shapeOf(state: GameState): boolean[] {
	const b = state.board;
	const shape: boolean[] = new Array(b.size);
	for (let i = 0; i < b.size; i++) shape[i] = b.kind[i] !== KIND_NONE;
	return shape;
}

/**
 * The seat's view. `feed`: the seat's events (those `visibleTo` it, oldest first), kept by
 * whoever keeps the game (`EventLog.seatEvents`, or a feed kept in step with the state).
 */
export function viewFor(state: GameState, seat: Seat, feed: readonly GameEvent[]): SeatView {
	// Field by field, not spread: a bot game makes one view per move.
	const s = seatStanding(state, seat);
	const view: SeatView = {
		seat: s.seat,
		rules: s.rules,
		width: s.width,
		height: s.height,
		phase: s.phase,
		order: s.order,
		current: s.current,
		me: s.me,
		others: s.others,
		result: s.result,
		shape: shapeOf(state),
		settings: state.settings,
		events: feed
	};
	if (s.system) view.system = s.system;
	return view;
}
