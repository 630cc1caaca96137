import { describe, expect, test } from 'vitest';
import { apply } from '../engine/game/apply';
import { DIR_INDEX, KIND_NONE } from '../engine/game/board';
import { createGame, initialState } from '../engine/game/game';
import { EventLog } from '../engine/game/event-log';
import { randomLegalCommand } from '../engine/game/random-command';
import { buildPlan, Script } from '../engine/game/testing';
import { SIDE_OPEN, SIDE_OPEN_EXIT, type Command, type EventBody, type GameState } from '../engine/game/types';
import { viewFor, visibleTo } from '../engine/game/view';
import { generatePlan } from '../engine/plan/generate';
import { neighbour } from '../engine/plan/geometry';
import type { Plan } from '../engine/plan/types';
import { createRng } from '../engine/random';
import { Assistant, type Fact } from './assistant';
import { randomGame } from './testing';

const ME = 0;

function contourOf(state: GameState) {
	const view = viewFor(state, ME, []);
	return { width: view.width, height: view.height, shape: view.shape };
}

/** A one-player game on `plan` started at `start`, its assistant, and the player's own commands told to it as he hears them. */
function startedAt(plan: Plan, start: number) {
	const g = new Script(plan, 1, {}, 1);
	const assistant = new Assistant(contourOf(g.state), ME, { encephalitis: true, rivers: 'normal' });
	const own = (command: Command) => assistant.observeOwn(command, g.do(command).filter((e) => visibleTo(e, ME)));
	const go = (dir: 'up' | 'down' | 'left' | 'right') => own({ type: 'move', by: ME, actions: [{ a: 'go', dir }] });
	own({ type: 'choose_start', by: ME, cell: start });
	g.do({ type: 'confirm_starts', by: 'master' });
	return { assistant, own, go };
}

/** Is a fact the assistant is sure of true of the labyrinth? Kinds and walls against the plan; passages and exits against the state (walls only fall). */
function factHolds(fact: Fact, plan: Plan, state: GameState): boolean {
	if (fact.kind === 'cell') {
		const kind = plan.cells[fact.cell]?.kind;
		switch (fact.value) {
			case 'water':
				return kind === 'river' || kind === 'delta';
			case 'landlike':
				return kind === 'land' || kind === 'encephalitis';
			default:
				return kind === fact.value;
		}
	}
	const side = state.sides[fact.cell * 4 + DIR_INDEX[fact.dir]];
	if (fact.value === 'open') return side === SIDE_OPEN;
	if (fact.value === 'exit') return side === SIDE_OPEN_EXIT;
	// A wall: an inner wall of the plan, or an outer side that is not an open exit in the plan.
	const other = neighbour(plan, fact.cell, fact.dir);
	if (other !== null) {
		const key = fact.dir === 'right' || fact.dir === 'down' ? { cell: fact.cell, dir: fact.dir } : { cell: other, dir: fact.dir === 'left' ? 'right' : 'down' };
		return plan.walls.some((w) => w.cell === key.cell && w.dir === key.dir);
	}
	return !plan.exits.some((e) => e.cell === fact.cell && e.dir === fact.dir && e.open);
}

/** One random game followed by the assistant of seat 0, checking its promises after every command. */
function followGame(seed: number, settings: object, pits?: { pits: number; pitLoops: number }) {
	const game = randomGame(seed, settings, ME, 300, false, pits);
	const plan = game.plan;
	const assistant = new Assistant(game.contour, ME, game.options);
	let widened = 0;
	let narrowed = 0;
	let last = 0;
	// Falls into a pit (or loops) from a certain position that left it certain.
	let certainFalls = 0;
	for (const { i, state, command, told } of game.steps()) {
		const wasCertain = assistant.positionCertain;
		if (command.by === ME) assistant.observeOwn(command, told);
		else assistant.observeOther(told);
		if (wasCertain && assistant.positionCertain && told.some((e) => (e.type === 'pit' || e.type === 'pit_loop') && 'seat' in e && e.seat === ME)) certainFalls++;
		const me = state.players[ME]!;
		const candidates = assistant.candidates();
		if (me.status === 'in' && me.cell >= 0 && candidates.length) {
			expect(candidates, `seed ${seed}, command ${i}`).toContain(me.cell);
			if (candidates.length > last && last > 0) widened++;
			if (candidates.length < last) narrowed++;
			last = candidates.length;
		}
		for (const fact of assistant.certainFacts()) expect(factHolds(fact, plan, state), `seed ${seed}: ${JSON.stringify(fact)}`).toBe(true);
	}
	return { widened, narrowed, facts: assistant.certainFacts().length, certainFalls, assistant };
}

describe('the assistant (issue 8): only what the player was told', () => {
	test('property: over many random games the real position is always a candidate and every certain fact is true', () => {
		let widened = 0;
		let narrowed = 0;
		let facts = 0;
		const variants = [{}, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }, { landmines: false }];
		for (let seed = 1; seed <= 250; seed++) {
			const r = followGame(seed, variants[seed % variants.length]!);
			widened += r.widened;
			narrowed += r.narrowed;
			facts += r.facts;
		}
		// The games did exercise it: pits and rivers widened the candidates, later answers narrowed them.
		expect(widened).toBeGreaterThan(20);
		expect(narrowed).toBeGreaterThan(20);
		expect(facts).toBeGreaterThan(500);
	}, 120_000);

	test('property: with many pits in several loops (4.4) the real position stays a candidate, every certain fact is true, and known links keep falls certain', () => {
		let certainFalls = 0;
		const variants = [{}, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }];
		for (let seed = 1; seed <= 150; seed++) {
			const r = followGame(seed, variants[seed % variants.length]!, { pits: 4 + (seed % 5), pitLoops: 1 + (seed % 3) });
			certainFalls += r.certainFalls;
		}
		// Falls from a certain position that stayed certain: the same pit's landing remembered (without links, a fall leaves only cells proven not pits out).
		expect(certainFalls).toBeGreaterThan(0);
	}, 120_000);

	test('2.2: a wall hit is a wall beside the known position; moving on proves the way open and the cell\'s kind', () => {
		const plan = buildPlan(['LHL', 'LWL', 'LLL'], { walls: [[1, 1, 'up']], exits: [[0, 0, 'up', true], [2, 2, 'down', true]], items: [[2, 0, 'treasure', true]] });
		const { assistant, go } = startedAt(plan, 4);
		go('up');
		go('down');
		expect(assistant.candidates()).toEqual([7]);
		expect(assistant.path).toEqual([4, 7]);
		const facts = assistant.certainFacts();
		expect(facts).toContainEqual(expect.objectContaining({ kind: 'side', cell: 1, dir: 'down', value: 'wall' }));
		expect(facts).toContainEqual(expect.objectContaining({ kind: 'cell', cell: 7, value: 'land' }));
		expect(facts).toContainEqual(expect.objectContaining({ kind: 'side', cell: 4, dir: 'down', value: 'open' }));
	});

	test('4.4: a pit widens the candidates to every cell that may be a pit; later answers narrow them', () => {
		const plan = buildPlan(['PLL', 'LLL', 'LLP'], { loops: [[[0, 0], [2, 2]]], exits: [[0, 2, 'left', true], [2, 0, 'right', true]], items: [[1, 1, 'treasure', true]] });
		const { assistant, go } = startedAt(plan, 1);
		go('left');
		const wide = assistant.candidates();
		expect(wide.length).toBeGreaterThan(4);
		expect(wide).toContain(8);
		expect(wide).not.toContain(0);
		// From the real pit (bottom right) "up" walks onto land: no cell of the top row could have done that.
		go('up');
		const narrow = assistant.candidates();
		expect(narrow.length).toBeLessThan(wide.length);
		expect(narrow).toContain(5);
	});

	test('4.4: the same pit leads to the same pit — a second fall into a pit whose landing was deduced leaves the position certain', () => {
		const plan = buildPlan(['PLL', 'LLL', 'LLP'], { loops: [[[0, 0], [2, 2]]], exits: [[0, 2, 'left', true], [2, 0, 'right', true]], items: [[1, 1, 'treasure', true]] });
		const { assistant, go } = startedAt(plan, 1);
		go('left');
		expect(assistant.candidates().length).toBeGreaterThan(4);
		// Up, up onto land: the fall landed on the bottom row; left onto land rules out the top-left pit's neighbour.
		go('up');
		go('up');
		go('left');
		expect(assistant.candidates()).toEqual([1]);
		// Into the top-left pit again: it leads where it led before (bottom right), nowhere else.
		go('left');
		expect(assistant.candidates()).toEqual([8]);
	});

	test('4.4: a loop move proves the pit\'s next as a fall does — a later fall into that pit lands there', () => {
		const plan = buildPlan(['PLL', 'LLL', 'LLP'], { loops: [[[0, 0], [2, 2]]], exits: [[0, 2, 'left', true], [2, 0, 'right', true]], items: [[1, 1, 'treasure', true]] });
		const { assistant, own, go } = startedAt(plan, 0);
		own({ type: 'move', by: ME, actions: [{ a: 'loop' }] });
		expect(assistant.candidates().length).toBeGreaterThan(4);
		go('up');
		go('up');
		go('left');
		expect(assistant.candidates()).toEqual([1]);
		go('left');
		expect(assistant.candidates()).toEqual([8]);
	});
});

export { KIND_NONE };

describe('the assistant fed from a phone\'s feed and own commands', () => {
	test('rebuilt from the feed and the commands as sent, it reaches the same candidates as fed move by move', async () => {
		const { runAssistant } = await import('./feed');
		for (let seed = 1; seed <= 40; seed++) {
			const rng = createRng(seed);
			const plan = generatePlan({ width: 5, height: 5, seed });
			const created = createGame({ plan, seats: 2, seed });
			if (!created.ok) throw new Error('setup');
			let state = initialState(created.value);
			let events = EventLog.empty();
			const live = new Assistant(contourOf(state), ME, { encephalitis: true, rivers: 'normal' });
			const own: { command: Command; at: number }[] = [];
			for (let i = 0; i < 80 && state.phase !== 'over'; i++) {
				const command = randomLegalCommand(state, rng);
				if (!command) break;
				const at = events.seatEvents(ME).length;
				const result = apply(state, command);
				state = result.state;
				events = events.with(result.events);
				const told = result.events.filter((e) => visibleTo(e, ME));
				if (command.by === ME) {
					live.observeOwn(command, told);
					own.push({ command, at });
				} else live.observeOther(told);
			}
			const rebuilt = runAssistant(contourOf(state), ME, { encephalitis: true, rivers: 'normal' }, own, events.seatEvents(ME));
			expect(rebuilt.candidates(), `seed ${seed}`).toEqual(live.candidates());
		}
	});
});

describe('a hypothesis read square by square (the computer players\' route search, issue 22)', () => {
	test('property: the reader tells every square\'s kind and every side as the hypothesis\'s facts hold them, from either square', () => {
		let read = 0;
		const wrong: string[] = [];
		for (let seed = 1; seed <= 30; seed++) {
			const game = randomGame(seed, {}, ME, 100);
			const assistant = new Assistant(game.contour, ME, game.options);
			const size = game.contour.shape.length;
			for (const { command, told } of game.steps()) {
				if (command.by === ME) assistant.observeOwn(command, told);
				else assistant.observeOther(told);
				for (let i = 0; i < Math.min(assistant.hypothesisCount, 6); i++) {
					const reader = assistant.hypothesisReader(i);
					const kinds = new Map<number, string>();
					const sides = new Map<string, string>();
					for (const f of assistant.hypothesis(i).facts) {
						if (f.kind === 'cell') kinds.set(f.cell, f.value);
						else {
							sides.set(`${f.cell}:${DIR_INDEX[f.dir]}`, f.value);
							const other = neighbour(game.plan, f.cell, f.dir);
							if (other !== null) sides.set(`${other}:${(DIR_INDEX[f.dir] + 2) % 4}`, f.value);
						}
					}
					for (let c = 0; c < size; c++) {
						if (!game.contour.shape[c]) continue;
						if (reader.kind(c) !== kinds.get(c)) wrong.push(`seed ${seed}: cell ${c}`);
						for (let di = 0; di < 4; di++) if (reader.side(c, di) !== sides.get(`${c}:${di}`)) wrong.push(`seed ${seed}: side ${c}:${di}`);
					}
					read += kinds.size + sides.size;
				}
			}
		}
		expect(wrong).toEqual([]);
		// The games taught something to read.
		expect(read).toBeGreaterThan(1000);
	}, 120_000);
});

describe('the certain facts narrowed move by move (issue 22)', () => {
	/** The first hypothesis's facts that every hypothesis holds with the same value, checked one by one. */
	function naive(a: Assistant): Fact[] {
		const n = a.hypothesisCount;
		if (n === 0) return [];
		const key = (f: Fact) => (f.kind === 'cell' ? `c${f.cell}` : `s${f.cell}:${f.dir}`);
		const hyps = Array.from({ length: n }, (_, i) => new Map(a.hypothesis(i).facts.map((f) => [key(f), f.value])));
		return a.hypothesis(0).facts.filter((f) => hyps.every((h) => h.get(key(f)) === f.value));
	}

	test('property: after every announcement, and in a copy going on by itself, they are the facts every hypothesis holds — through pits, every river mode, sharpened kinds, the master\'s undos and corrections', () => {
		const variants = [{}, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }, { commonStart: true }];
		let checked = 0;
		let split = 0;
		for (let seed = 1; seed <= 300; seed++) {
			const game = randomGame(seed, variants[seed % variants.length]!, ME, 200, true);
			const a = new Assistant(game.contour, ME, game.options);
			let copy: Assistant | null = null;
			for (const { i, command, told } of game.steps()) {
				for (const x of copy ? [a, copy] : [a]) {
					if (command.by === ME) x.observeOwn(command, told);
					else x.observeOther(told);
				}
				if (i === 60) copy = a.clone();
				// the copy read now and then only, so several moves pass between two readings
				if (copy && copy.hypothesisCount > 0 && i % 3 === 0) expect(copy.certainFacts(), `seed ${seed}, command ${i} (copy)`).toEqual(naive(copy));
				// (no hypotheses to check against after the player's death)
				if (a.hypothesisCount === 0) continue;
				if (a.hypothesisCount === 1) {
					expect(a.certainCount).toBe(naive(a).length);
					continue;
				}
				const facts = a.certainFacts();
				expect(facts, `seed ${seed}, command ${i}`).toEqual(naive(a));
				expect(a.certainCount).toBe(facts.length);
				checked += facts.length;
				split++;
			}
		}
		// The games did teach facts while the hypotheses were split.
		expect(checked).toBeGreaterThan(10_000);
		expect(split).toBeGreaterThan(1000);
	}, 120_000);

	test('an answer that contradicts every hypothesis starts them over: what was certain before is not taken for granted again', () => {
		// Two squares side by side; the player starts on the left one.
		const a = new Assistant({ width: 2, height: 1, shape: [true, true] }, ME, { encephalitis: true, rivers: 'normal' });
		const to = { to: 'seat', seat: ME } as const;
		const go = (dir: 'left' | 'right', told: EventBody): void => a.observeOwn({ type: 'move', by: ME, actions: [{ a: 'go', dir }] }, [{ ...told, audience: to }]);
		a.observeOwn({ type: 'choose_start', by: ME, cell: 0 }, [{ type: 'start_chosen', seat: ME, audience: to }]);
		go('right', { type: 'land', seat: ME });
		go('left', { type: 'land', seat: ME });
		expect(a.certainFacts().map((f) => f.kind === 'cell' && `${f.cell}:${f.value}`)).toEqual(['0:land', '1:land', false]);
		// The right square, known as land, announced as a hospital: nothing the assistant models.
		go('right', { type: 'hospital', seat: ME, healed: false });
		expect(a.certainFacts()).toEqual([]);
		// Once more right onto land: from the left square (learning again what was known) or in from beyond the left edge.
		go('right', { type: 'land', seat: ME });
		expect(a.hypothesisCount).toBeGreaterThan(1);
		expect(a.certainFacts()).toEqual(naive(a));
	});
});
