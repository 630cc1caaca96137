import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../engine/game/testing';
import { Assistant, type KnownKind } from './assistant';
import { knownKinds, Others, otherCandidates } from './others';
import { randomGame } from './testing';

const ME = 0;

const knownOf = (assistant: Assistant) => knownKinds(assistant.certainFacts());

describe('the other players\' candidates, from the public feed (issue 8)', () => {
	test('property: over many random games each other player still in the labyrinth is on one of his candidates, and the candidates do narrow', () => {
		let narrow = 0;
		let checks = 0;
		const variants = [{}, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }, { landmines: false }];
		for (let seed = 1; seed <= 150; seed++) {
			const game = randomGame(seed, variants[seed % variants.length]!, ME);
			const cells = game.contour.shape.filter(Boolean).length;
			const assistant = new Assistant(game.contour, ME, game.options);
			const others = new Others(game.contour, ME);
			for (const { i, state, command, told } of game.steps()) {
				if (command.by === ME) assistant.observeOwn(command, told);
				else assistant.observeOther(told);
				const known = knownOf(assistant);
				others.observe(told, known);
				others.settle(known);
				for (const [seat, list] of others.candidates()) {
					const p = state.players[seat]!;
					if (p.status !== 'in' || p.cell < 0 || p.outside) continue;
					checks++;
					expect(list, `seed ${seed}, command ${i}, seat ${seat}: ${JSON.stringify(command)}`).toContain(p.cell);
					if (list.length < cells / 2) narrow++;
				}
			}
		}
		expect(checks).toBeGreaterThan(4000);
		expect(narrow).toBeGreaterThan(500);
	}, 120_000);

	test('from the whole feed at once: the same as taken in move by move', () => {
		const plan = buildPlan(['LHL', 'LWL', 'LLL'], { walls: [[1, 1, 'up']], exits: [[0, 0, 'up', true], [2, 2, 'down', true]], items: [[2, 0, 'treasure', true]] });
		const g = new Script(plan, 2, {}, 1);
		g.do({ type: 'choose_start', by: g.state.order[0]!, cell: g.state.order[0] === 0 ? 4 : 2 });
		g.do({ type: 'choose_start', by: g.state.order[1]!, cell: g.state.order[1] === 0 ? 4 : 2 });
		g.do({ type: 'confirm_starts', by: 'master' });
		// Seat 1 starts on c1 ("land"), goes left into the hospital (b1), then down: a wall.
		const moves: Record<number, ('left' | 'down' | 'up')[]> = { 0: ['up', 'up'], 1: ['left', 'down'] };
		for (let i = 0; i < 4; i++) {
			const seat = g.state.order[i % 2]!;
			g.do({ type: 'move', by: seat, actions: [{ a: 'go', dir: moves[seat]!.shift()! }] });
		}
		const events = g.view(ME).events;
		const list = otherCandidates({ width: 3, height: 3, shape: Array(9).fill(true) }, ME, events, () => undefined).get(1)!;
		// Knowing nothing of the plan, "hospital" one step from a land start rules little out…
		expect(list).toContain(1);
		// …and what seat 0 knows cuts it: b1 is known to be the hospital, b2 a land square.
		const known = (c: number): KnownKind | undefined => (c === 1 ? 'hospital' : c === 4 ? 'land' : c === 0 || c === 2 || c === 3 || c === 5 || c === 6 || c === 7 || c === 8 ? 'land' : undefined);
		expect(otherCandidates({ width: 3, height: 3, shape: Array(9).fill(true) }, ME, events, known).get(1)).toEqual([1]);
	});
});

describe('the moves as said narrow the others (000 1.2, 6.2)', () => {
	test('property: with the directions heard the candidates are a subset of those without, still hold the truth, and are smaller on the whole', () => {
		let steeredTotal = 0;
		let blindTotal = 0;
		for (let seed = 1; seed <= 60; seed++) {
			const game = randomGame(seed, seed % 2 ? {} : { rivers: 'shallow' }, ME);
			const assistant = new Assistant(game.contour, ME, game.options);
			const steered = new Others(game.contour, ME);
			const blind = new Others(game.contour, ME, false);
			for (const { i, state, command, told } of game.steps()) {
				if (command.by === ME) assistant.observeOwn(command, told);
				else assistant.observeOther(told);
				const known = knownOf(assistant);
				for (const o of [steered, blind]) {
					o.observe(told, known);
					o.settle(known);
				}
				const wide = blind.candidates();
				for (const [seat, list] of steered.candidates()) {
					const p = state.players[seat]!;
					expect(wide.get(seat)!, `seed ${seed}, command ${i}, seat ${seat}`).toEqual(expect.arrayContaining(list));
					steeredTotal += list.length;
					blindTotal += wide.get(seat)!.length;
					if (p.status === 'in' && p.cell >= 0 && !p.outside) expect(list, `seed ${seed}, command ${i}, seat ${seat}`).toContain(p.cell);
				}
			}
		}
		expect(steeredTotal).toBeLessThan(blindTotal * 0.9);
	}, 120_000);

	test('"go right" then "went onto land": the square to the right of where he may have been, not any neighbour', () => {
		// 3x3, land round a weaponry (b2, known to player 0); seat 1 starts on b1 ("land": any land square), goes right onto land.
		const plan = buildPlan(['LLL', 'LWL', 'LLL'], { exits: [[0, 0, 'up', true], [2, 2, 'down', true]], items: [[0, 2, 'treasure', true]] });
		const g = new Script(plan, 2, {}, 1).start([0, 0], [1, 0]);
		g.until(1).move(1, [{ a: 'go', dir: 'right' }]);
		const events = g.view(ME).events;
		const contour = { width: 3, height: 3, shape: Array(9).fill(true) };
		const land = (c: number): KnownKind | undefined => (c === 4 ? 'weaponry' : undefined);
		// the left column has no square to its left to come from, and b2 (the weaponry) was no start:
		// he is on b1, c1, b3 or c3 — not a1, a2, a3 or c2
		expect(otherCandidates(contour, ME, events, land).get(1)).toEqual([1, 2, 7, 8]);
		expect(otherCandidates(contour, ME, events, land, false).get(1)).toEqual([0, 1, 2, 3, 5, 6, 7, 8]);
	});
});
