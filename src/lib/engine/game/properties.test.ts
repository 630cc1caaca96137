import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../random';
import { apply } from './apply';
import { createGame, initialState, rejected, replayEvents, type Game } from './game';
import { EventLog } from './event-log';
import { randomLegalCommand } from './random-command';
import { randomPlan, stateKey } from './testing';
import { generatePlan, SHAPES } from '../plan/generate';
import type { Rng } from '../random';
import type { Plan } from '../plan/types';
import type { Action, Command, GameEvent, GameState } from './types';
import { KIND_NONE } from './board';
import { viewFor, visibleTo } from './view';

const SETTING_VARIANTS = [
	{},
	{ landmines: false, encephalitis: false },
	{ rivers: 'shallow', banRepeat: true, grenadeWording: 'tell' },
	{ rivers: 'turbulent', shootingRange: 1, dampPowder: true, movesToHeal: 2 },
	{ shootThroughBuildings: true, namedTarget: true, lastSurvivorMoves: 3, noReorderAfterMine: true },
	{ commonStart: true, exitRefusesWithoutTreasure: true, banSkip: true, handicapOrders: 1, nStop: 3 },
	{ handicapQuestions: 2, handicapOrders: 1 }
];

function truthCount(s: GameState): number {
	let n = 0;
	for (const p of s.players) if (p.carry?.k === 'treasure' && p.carry.id === s.trueTreasure) n++;
	for (const list of s.items) for (const it of list) if (it.k === 'treasure' && it.id === s.trueTreasure) n++;
	return n;
}
function landmines(s: GameState): number {
	let n = 0;
	for (const p of s.players) if (p.status === 'in' && p.carry?.k === 'landmine') n++;
	for (const list of s.items) for (const it of list) if (it.k === 'landmine') n++;
	return n;
}
function count(s: GameState, k: 'treasure' | 'corpse'): number {
	let n = 0;
	for (const p of s.players) if (p.carry?.k === k) n++;
	for (const list of s.items) for (const it of list) if (it.k === k) n++;
	return n;
}

/**
 * Half the games run on plans as a master designs them (the generator: valid, with rivers, loops
 * and items, any shape), half on rough random plans the validator may reject: the engine must
 * referee both without breaking an invariant.
 */
function planFor(seed: number, rng: Rng, width: number, height: number): Plan {
	if (seed % 2) return randomPlan(rng, width, height);
	const shape = SHAPES[(seed >> 1) % SHAPES.length]!;
	return generatePlan({ width: Math.max(3, width), height: Math.max(3, height), seed, shape, bullets: 1, grenades: 1, landmines: 1 });
}

/** Run a random legal game, checking the invariants after every step. */
function runGame(seed: number, steps: number): { game: Game; state: GameState; events: EventLog } {
	const rng = createRng(seed);
	const w = 2 + rng.int(6);
	const h = 2 + rng.int(6);
	const plan = planFor(seed, rng, w, h);
	const settings = SETTING_VARIANTS[seed % SETTING_VARIANTS.length];
	const g = createGame({ plan, seats: 2 + rng.int(5), seed, settings });
	if (!g.ok) throw new Error(JSON.stringify(g.error));
	const game = g.value;
	let state = initialState(game);
	// The game's events, kept beside the state as a keeper of the game keeps them.
	let events = EventLog.empty();
	for (let i = 0; i < steps && state.phase !== 'over'; i++) {
		const cmd = randomLegalCommand(state, rng, { master: seed % 3 === 0 });
		if (!cmd) break;
		const before = state;
		const r = apply(state, cmd);
		// Legal commands are never rejected.
		if (r.events.length === 1 && r.events[0]!.type === 'rejected')
			expect.fail(`rejected ${JSON.stringify(r.events[0])} for ${JSON.stringify(cmd)} (seed ${seed})`);
		state = r.state;
		events = events.with(r.events);
		game.log.push(cmd);
		const types = r.events.map((e) => e.type);
		if (cmd.type === 'undo' || cmd.type === 'correct') continue;
		// Exactly one true treasure until the game ends (or a draw by its loss).
		if (state.phase !== 'over') expect(truthCount(state)).toBe(1);
		else if (truthCount(state) !== 1)
			expect(state.result?.kind === 'draw' || types.includes('won')).toBe(true);
		// Treasures only disappear by crumbling outside or being thrown out (5.2, 3.4).
		const t0 = count(before, 'treasure');
		const t1 = count(state, 'treasure');
		expect(t1).toBeLessThanOrEqual(t0);
		if (t1 < t0) expect(types.some((t) => t === 'exit_out' || t === 'thrown' || t === 'lost_outside' || t === 'won')).toBe(true);
		// A corpse appears exactly for each death; corpses only vanish by cremation or being thrown out.
		const deaths = state.players.filter((p) => p.status === 'dead').length - before.players.filter((p) => p.status === 'dead').length;
		const c0 = count(before, 'corpse');
		const c1 = count(state, 'corpse');
		expect(c1).toBeLessThanOrEqual(c0 + deaths);
		if (c1 < c0 + deaths) expect(types.some((t) => t === 'cremated' || t === 'thrown' || t === 'lost_outside')).toBe(true);
		// Landmines are never created; they vanish only by a blast, set or thrown out, or lost outside (5.7).
		const m0 = landmines(before);
		const m1 = landmines(state);
		expect(m1).toBeLessThanOrEqual(m0);
		if (m1 < m0) expect(types.some((t) => t === 'blast' || t === 'mine_set' || t === 'thrown' || t === 'lost_outside')).toBe(true);
		// Nobody in a wall or off the grid.
		for (const p of state.players)
			if (p.cell >= 0) expect(state.board.kind[p.cell] !== KIND_NONE && p.cell < state.board.size).toBe(true);
		expect(state.players.every((p) => p.bullets >= 0 && p.grenades >= 0)).toBe(true);
		// The one to move is still in the game.
		if (state.phase === 'play') expect(state.players[state.order[state.turn]!]!.status).toBe('in');
	}
	return { game, state, events };
}

describe('property: random legal games', () => {
	test('invariants hold after every step; replay(log) equals the live state, and its events the ones kept beside it', () => {
		// 1,200 random plans and games (sizes 2x2 … 7x7, 2–6 players, six setting variants).
		for (let seed = 1; seed <= 1200; seed++) {
			const { game, state, events } = runGame(seed, seed % 10 === 0 ? 400 : 60);
			const re = replayEvents(game);
			expect(stateKey(re.state)).toBe(stateKey(state));
			expect(JSON.stringify(re.events.slice())).toBe(JSON.stringify(events.slice()));
		}
	}, 120_000);

	test('Rulings 5: undo then redo is the identity', () => {
		for (let seed = 1; seed <= 60; seed++) {
			const rng = createRng(seed * 7);
			const { state } = runGame(seed, 40);
			let s = state;
			for (let i = 0; i < 20 && s.phase !== 'over'; i++) {
				const cmd = randomLegalCommand(s, rng);
				if (!cmd) break;
				const keyBefore = stateKey(s);
				const a = apply(s, cmd);
				// Persistence: applying a command never changes the state it started from.
				expect(stateKey(s)).toBe(keyBefore);
				if (a.state.depth !== s.depth + 1) {
					s = a.state;
					continue; // queries are not undoable moves
				}
				const u = apply(a.state, { type: 'undo', by: 'master', reason: 'test' });
				expect(stateKey(u.state)).toBe(stateKey(s));
				const redo = apply(u.state, cmd);
				expect(stateKey(redo.state)).toBe(stateKey(a.state));
				s = a.state;
			}
		}
	});

	test('garbage commands never throw and change nothing', () => {
		const { state } = runGame(5, 30);
		const key = stateKey(state);
		fc.assert(
			fc.property(
				fc.oneof(
					fc.anything(),
					fc.record({ type: fc.constantFrom('move', 'choose_start', 'order_cell', 'correct', 'undo', 'recall'), by: fc.anything(), actions: fc.anything(), cell: fc.anything(), change: fc.anything(), of: fc.anything() }),
					fc.record({ type: fc.constant('move'), by: fc.nat(7), actions: fc.array(fc.record({ a: fc.constantFrom('go', 'shoot', 'if', 'leave', 'mine', 'take', 'skip', 'x'), dir: fc.anything(), item: fc.anything(), then: fc.anything(), cond: fc.anything(), index: fc.anything() }), { maxLength: 4 }) })
				),
				(cmd) => {
					const r = apply(state, cmd as Command);
					if (r.events.length === 1 && r.events[0]!.type === 'rejected') {
						expect(r.state).toBe(state);
						expect(r.events[0]!.audience.to).not.toBe('all');
					}
				}
			),
			{ numRuns: 3000 }
		);
		expect(stateKey(state)).toBe(key);
	});
});

export type { GameEvent };

/** The refusal a seat hears for a command (null when the command was accepted or refused to another). */
const refusal = (events: GameEvent[], seat: number) =>
	events.length === 1 && events[0]!.type === 'rejected' && visibleTo(events[0]!, seat) ? JSON.stringify(events[0]) : null;


describe('property: non-interference', () => {
	test('moving the truth to another treasure leaves every seat\'s view byte-identical until a treasure is carried out', async () => {
		const { viewFor } = await import('./view');
		let compared = 0;
		for (let seed = 1; seed <= 120; seed++) {
			const rng = createRng(seed);
			const plan = planFor(seed, rng, 3 + rng.int(5), 3 + rng.int(5));
			const fakes = plan.items.filter((i) => i.kind === 'treasure' && !i.true);
			if (fakes.length === 0) continue;
			const other = {
				...plan,
				items: plan.items.map((i) => (i.kind === 'treasure' ? { ...i, true: i === fakes[0] } : i))
			};
			const seats = 2 + rng.int(4);
			const a = createGame({ plan, seats, seed });
			const b = createGame({ plan: other, seats, seed });
			if (!a.ok || !b.ok) throw new Error('setup');
			let sa = initialState(a.value);
			let sb = initialState(b.value);
			let ea = EventLog.empty();
			let eb = EventLog.empty();
			for (let i = 0; i < 200 && sa.phase !== 'over'; i++) {
				const cmd = randomLegalCommand(sa, rng);
				if (!cmd) break;
				const ra = apply(sa, cmd);
				const rb = apply(sb, cmd);
				// Stop where the truth is revealed: a treasure carried out (or lost).
				if (ra.events.concat(rb.events).some((e) => e.type === 'exit_out' || e.type === 'won' || e.type === 'draw')) break;
				// Refused alike, with the same answer (refusals are not in the log the views show).
				for (let s = 0; s < seats; s++) expect(refusal(rb.events, s)).toBe(refusal(ra.events, s));
				sa = ra.state;
				sb = rb.state;
				if (!rejected(ra)) ea = ea.with(ra.events);
				if (!rejected(rb)) eb = eb.with(rb.events);
				for (let s = 0; s < seats; s++) {
					const va = JSON.stringify(viewFor(sa, s, ea.seatEvents(s)));
					expect(JSON.stringify(viewFor(sb, s, eb.seatEvents(s)))).toBe(va);
					// Rulings 1 and 3: nothing a player sees names a cell (no position, no coordinates).
					expect(va).not.toMatch(/"cell"/);
					compared++;
				}
			}
		}
		expect(compared).toBeGreaterThan(1000);
	}, 120_000);
});

/** A move that says aloud what the player might think he can do: any shot, grenade, take or leave, then a step. */
function probeMove(state: GameState, rng: Rng): Command | null {
	const seat = state.order[state.turn]!;
	const p = state.players[seat]!;
	if (state.phase !== 'play' || p.outside !== null) return null;
	const dir = () => (['up', 'right', 'down', 'left'] as const)[rng.int(4)]!;
	const pool: Action[] = [
		{ a: 'shoot', dir: dir() },
		{ a: 'grenade', dir: dir() },
		{ a: 'take', index: rng.int(3) },
		{ a: 'leave', item: 'bullet' },
		{ a: 'leave', item: 'grenade' }
	];
	const actions: Action[] = [];
	for (let n = 1 + rng.int(4); n > 0; n--) actions.push(rng.pick(pool)!);
	actions.push({ a: 'go', dir: dir() });
	const cmd: Command = { type: 'move', by: seat, actions };
	if (rng.int(2) === 0 && state.settings.darkMoves) cmd.dark = true;
	return cmd;
}

describe('property: non-interference of refusals', () => {
	test('for two states a player cannot tell apart, the same commands are accepted or refused alike, with the same answers', () => {
		// Twin labyrinths: one cell of another kind (land, hospital, weaponry), or more lying on a cell.
		// A seat compares while its view of both is byte-identical (dark moves keep it so).
		let compared = 0;
		let refusedBoth = 0;
		for (let seed = 1; seed <= 200; seed++) {
			const rng = createRng(seed * 31);
			const plan = planFor(seed, rng, 2 + rng.int(3), 2 + rng.int(3));
			const cells = plan.cells.flatMap((c, i) => (c && ['land', 'hospital', 'weaponry'].includes(c.kind) ? [i] : []));
			if (cells.length === 0) continue;
			const at = rng.pick(cells)!;
			const other: Plan = { ...plan, cells: plan.cells.slice(), items: plan.items.slice() };
			if (seed % 2) {
				const kinds = (['land', 'hospital', 'weaponry'] as const).filter((k) => k !== plan.cells[at]!.kind);
				other.cells[at] = { kind: rng.pick(kinds)! };
			} else if (seed % 4 === 0) other.items.push({ cell: at, kind: rng.pick(['bullet', 'grenade'] as const)!, count: 1 + rng.int(2) });
			else other.items.push({ cell: at, kind: 'treasure', true: false });
			const seats = 2 + rng.int(2);
			const settings = seed % 3 === 0 ? { dampPowder: true } : {};
			const a = createGame({ plan, seats, seed, settings });
			const b = createGame({ plan: other, seats, seed, settings });
			if (!a.ok || !b.ok) continue;
			let sa = initialState(a.value);
			let sb = initialState(b.value);
			let ea = EventLog.empty();
			let eb = EventLog.empty();
			for (let i = 0; i < 120 && sa.phase !== 'over' && sb.phase !== 'over'; i++) {
				const cmd = (rng.int(2) === 0 ? probeMove(sa, rng) : null) ?? randomLegalCommand(sa, rng);
				if (!cmd) break;
				const alike: number[] = [];
				for (let s = 0; s < seats; s++) if (JSON.stringify(viewFor(sa, s, ea.seatEvents(s))) === JSON.stringify(viewFor(sb, s, eb.seatEvents(s)))) alike.push(s);
				const ra = apply(sa, cmd);
				const rb = apply(sb, cmd);
				for (const s of alike) {
					const fa = refusal(ra.events, s);
					const fb = refusal(rb.events, s);
					if (fa !== fb) expect.fail(`seat ${s} can tell the twins apart by a refusal (seed ${seed}): ${fa} / ${fb} for ${JSON.stringify(cmd)}`);
					if (fa) refusedBoth++;
					compared++;
				}
				// Accepted in one and refused in the other (for a seat who could tell): the twins part here.
				if ((ra.state === sa) !== (rb.state === sb)) break;
				sa = ra.state;
				sb = rb.state;
				if (!rejected(ra)) ea = ea.with(ra.events);
				if (!rejected(rb)) eb = eb.with(rb.events);
			}
		}
		expect(compared).toBeGreaterThan(3000);
		expect(refusedBoth).toBeGreaterThan(50);
	}, 120_000);
});