/**
 * The reveal of a game: what a player's device may be given of it and when (`revealFor`, as the
 * game's rule system decides, beside `viewFor`), and its replay (reveal.ts), made with the rule
 * engine by replaying the log: the tablet and pass-and-play make it; phones receive it with the
 * plan once the game is over.
 */
import { descriptorOf } from '../rules/index';
import type { Plan } from '../plan/types';
import { apply } from './apply';
import { saidMove } from './announce';
import { wallsDown } from './board';
import { initialState, type Game } from './game';
import type { Carry, GameEvent, GameState, Item, Seat } from './types';
import { MASTER, THING, type Replay, type ReplayAct } from './reveal';

/** A thing as the replay stores it: the true treasure told from the fakes. */
function thing(item: Item | Carry | null, trueTreasure: number): number {
	if (!item) return THING.none;
	if (item.k === 'treasure') return item.id === trueTreasure ? THING.treasure : THING.fake;
	return item.k === 'landmine' ? THING.landmine : item.k === 'corpse' ? THING.corpse : item.k === 'bullet' ? THING.bullet : THING.grenade;
}

/**
 * What the reveal carries to a player's device once the game is over: the plan, and the game step
 * by step where the device did not follow it itself (a duel's walker rebuilds his own walk).
 */
export interface Reveal {
	plan: Plan;
	replay?: Replay;
}

/**
 * The reveal, beside `viewFor`: what `seat`'s device (any seat's when not given) may be given of
 * `game`, now in `state` — nothing (null) before its rule system says the game is over
 * (`rules/<id>`'s `reveal`), then the plan, with the replay where the system says so. The one
 * door to the plan on a player's device. What it carries is the same for every seat and made once
 * per game (the same object to every seat that asks, so a sender makes its message once too).
 */
export function revealFor(game: Game, state: GameState, seat?: Seat): Reveal | null {
	return descriptorOf(state.rules).reveal.open(state, seat) ? carriedOf(game) : null;
}

/** What the reveal of each game carries, made once: a game's log only grows, so its length says whether the one made is still its. */
const carried = new WeakMap<Game, { commands: number; reveal: Reveal }>();

function carriedOf(game: Game): Reveal {
	const made = carried.get(game);
	if (made?.commands === game.log.length) return made.reveal;
	const reveal: Reveal = descriptorOf(game.plan.rules).reveal.replay ? { plan: game.plan, replay: recordReplay(game) } : { plan: game.plan };
	carried.set(game, { commands: game.log.length, reveal });
	return reveal;
}

export function recordReplay(game: Game): Replay {
	return revealOf(game).replay;
}

/** What the reveal shows of a game: its replay and what the table heard (the public announcements, oldest first). */
export function revealOf(game: Game): { replay: Replay; feed: GameEvent[] } {
	let state = initialState(game);
	const cells = (s: GameState) => s.players.map((p) => p.cell);
	const ins = (s: GameState) => s.players.map((p) => (p.status === 'in' ? 1 : 0));
	const open = (s: GameState) => wallsDown(game.plan, s.sides).map((down) => (down ? 1 : 0));

	const kits = (s: GameState) => s.players.map((p) => [p.bullets, p.grenades, thing(p.carry, s.trueTreasure)] as const);

	const replay: Replay = { commands: game.log.length, start: cells(state), moves: [], status: [], walls: [], acts: [], heard: [], items: [], kit: [] };
	const items = replay.items!;
	const kit = replay.kit!;
	kits(state).forEach(([bullets, grenades, carry], seat) => (bullets || grenades || carry) && kit.push([0, seat, bullets, grenades, carry]));
	let before = { cells: replay.start, ins: ins(state), open: open(state), kits: kits(state), items: state.items };
	const feed: GameEvent[] = [];
	for (const [i, command] of game.log.entries()) {
		const step = i + 1;
		const applied = apply(state, command);
		state = applied.state;
		const after = { cells: cells(state), ins: ins(state), open: open(state), kits: kits(state), items: state.items };
		after.cells.forEach((cell, seat) => cell !== before.cells[seat] && replay.moves.push([step, seat, cell]));
		// a cell's list is shared between states until it changes: a new list is the only sign to look closer
		after.items.forEach((list, cell) => {
			const was = before.items[cell];
			if (list === was) return;
			const now = list.map((i) => thing(i, state.trueTreasure));
			if (was && now.join() === was.map((i) => thing(i, state.trueTreasure)).join()) return;
			items.push([step, cell, now]);
		});
		after.kits.forEach((k, seat) => k.join() !== before.kits[seat]?.join() && kit.push([step, seat, ...k]));
		after.ins.forEach((isIn, seat) => isIn !== before.ins[seat] && replay.status.push([step, seat, isIn]));
		after.open.forEach((isOpen, wall) => isOpen !== before.open[wall] && replay.walls.push([step, wall, isOpen]));
		before = after;
		for (const e of applied.events) if (e.audience.to === 'all') feed.push(e);
		replay.heard.push(feed.length);
		const act: ReplayAct = { by: typeof command.by === 'number' ? command.by : MASTER };
		if (command.type === 'move') act.move = saidMove(command);
		replay.acts.push(act);
	}
	return { replay, feed };
}

/** The replay without the moves as announced, for a long game whose full replay is too big to send. */
export function withoutMoves(replay: Replay): Replay {
	return { ...replay, acts: replay.acts.map(({ by }) => ({ by })) };
}
