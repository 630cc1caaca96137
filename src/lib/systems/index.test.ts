import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../engine/game/testing';
import type { Action, Command, GameEvent } from '../engine/game/types';
import { grid } from '../engine/rules/topographic/testing';
import { RULE_SYSTEMS, type Plan } from '../engine/plan/types';
import { ruleSystem } from '../engine/rules/index';
import { seatRange } from '../play/seats';
import { cellKindsOf, composerControls, isTableSystem, kindSign, systemFace, PLAY_SYSTEMS, shotAllowed, TABLE_SYSTEMS, type ComposerControls, type TableSystem } from './index';

/** A small board of each table system, two players placed on its first row. */
const PLANS: Record<TableSystem, Plan> = {
	classic: buildPlan(['LLLL', 'LLLL'], { exits: [[3, 0, 'right', true]], items: [[0, 1, 'treasure', true]] }),
	topographic: { ...grid('topographic', ['L L A L', 'L L L M']), exits: [{ cell: 3, dir: 'right', open: true }], items: [{ cell: 4, kind: 'treasure', true: true }] },
	abandoned: { ...grid('abandoned', ['L L L L', 'L L L L']), exits: [{ cell: 3, dir: 'right', open: true }], items: [{ cell: 4, kind: 'treasure', true: true }] }
};

function started(rules: TableSystem): Script {
	const g = new Script(PLANS[rules], 2, rules === 'topographic' ? { randomStart: false } : {});
	if (rules === 'abandoned') {
		// The program spawned both; the master confirms.
		g.do({ type: 'confirm_starts', by: 'master' });
	} else g.start([1, 0], [1, 0]);
	return g;
}

/** Refusals that mean "this system has no such move" (rather than "not now": no bullets, no item, no one there). */
const NOT_IN_SYSTEM = new Set(['malformed', 'option_off']);

function refusal(events: GameEvent[]): string | null {
	const r = events.length === 1 && events[0]!.type === 'rejected' ? events[0] : null;
	return r?.type === 'rejected' ? r.reason : null;
}

const go: Action = { a: 'go', dir: 'down' };
/** Each composer control and a move that uses it. */
const PROBES: [string, (c: ComposerControls) => boolean, (by: number) => Command][] = [
	['skip', (c) => c.skip, (by) => ({ type: 'move', by, actions: [{ a: 'skip' }] })],
	['flow', (c) => c.flowLoop, (by) => ({ type: 'move', by, actions: [{ a: 'flow' }] })],
	['loop', (c) => c.flowLoop, (by) => ({ type: 'move', by, actions: [{ a: 'loop' }] })],
	['shoot', (c) => c.shoot, (by) => ({ type: 'move', by, actions: [{ a: 'shoot', dir: 'left' }, go] })],
	['grenade', (c) => c.grenade, (by) => ({ type: 'move', by, actions: [{ a: 'grenade', dir: 'left' }, go] })],
	['leave', (c) => c.items, (by) => ({ type: 'move', by, actions: [{ a: 'leave', item: 'bullet' }, go] })],
	['mine', (c) => c.items, (by) => ({ type: 'move', by, actions: [{ a: 'mine' }, go] })],
	['take', (c) => c.take, (by) => ({ type: 'move', by, actions: [{ a: 'take', index: 0 }, go] })],
	['if', (c) => c.conditions, (by) => ({ type: 'move', by, actions: [go, { a: 'if', cond: 'land', then: [{ a: 'shoot', dir: 'up' }] }] })],
	['dark', (c) => c.options, (by) => ({ type: 'move', by, actions: [go], dark: true })],
	['semi-dark', (c) => c.options, (by) => ({ type: 'move', by, actions: [go], semiDark: true })],
	['use', (c) => c.held, (by) => ({ type: 'move', by, actions: [{ a: 'use', item: 'junk' }, go] })],
	['attack', (c) => c.attack, (by) => ({ type: 'move', by, actions: [{ a: 'attack', target: 1 - by }, go] })]
];

describe('the composer offers what each rule system accepts', () => {
	test.each(TABLE_SYSTEMS.flatMap((rules) => PROBES.map(([name, offered, move]) => [rules, name, offered, move] as const)))(
		'%s: %s is offered exactly when the engine knows it (seed 000 2.1, 003 3, 002 3)',
		(rules, _name, offered, move) => {
			const g = started(rules);
			const controls = composerControls(rules, g.state.settings);
			const reason = refusal(g.do(move(g.now)));
			if (offered(controls)) expect(reason === null || !NOT_IN_SYSTEM.has(reason), `refused: ${reason}`).toBe(true);
			else expect(NOT_IN_SYSTEM.has(reason ?? ''), `accepted or refused for another reason: ${reason}`).toBe(true);
		}
	);

	test('seed 003, 3: a shot before and one after the step; a second shot on either side is refused, and the composer stops offering it', () => {
		const controls = composerControls('topographic', started('topographic').state.settings);
		const shot: Action = { a: 'shoot', dir: 'up' };
		expect(shotAllowed(controls, [])).toBe(true);
		expect(shotAllowed(controls, [shot])).toBe(false);
		expect(shotAllowed(controls, [shot, go])).toBe(true);
		expect(shotAllowed(controls, [shot, go, shot])).toBe(false);
		for (const actions of [[shot, shot, go], [go, shot, shot]]) {
			const g = started('topographic');
			// Cartridges first (the arsenal is c1), so only the count of shots can be wrong.
			g.state = { ...g.state, players: g.state.players.map((p) => ({ ...p, bullets: 3 })) };
			expect(refusal(g.do({ type: 'move', by: g.now, actions }))).toBe('malformed');
		}
	});

	test('classic: any number of shots on either side (2.1), so the composer never stops offering them while bullets last', () => {
		const controls = composerControls('classic', started('classic').state.settings);
		fc.assert(
			fc.property(fc.array(fc.constantFrom<Action>({ a: 'shoot', dir: 'up' }, go), { maxLength: 8 }), (actions) => {
				expect(shotAllowed(controls, actions)).toBe(true);
			})
		);
	});

	test('7.7: with skipping banned the classic composer offers no skip', () => {
		const g = new Script(PLANS.classic, 2, { banSkip: true });
		expect(composerControls('classic', g.state.settings).skip).toBe(false);
	});
});

describe('the systems the screens list', () => {
	test('all four, classic first; the table plays three, the duel has its own screen; seats within the shared range', () => {
		expect([...PLAY_SYSTEMS].sort()).toEqual(['abandoned', 'classic', 'duel', 'topographic']);
		expect(PLAY_SYSTEMS[0]).toBe('classic');
		expect(TABLE_SYSTEMS.every(isTableSystem)).toBe(true);
		expect(isTableSystem('duel')).toBe(false);
		expect(isTableSystem('anything')).toBe(false);
		expect(seatRange('duel')).toEqual([1, 1]);
		for (const rules of TABLE_SYSTEMS) {
			const [min, max] = seatRange(rules);
			expect(() => new Script(PLANS[rules], min)).not.toThrow();
			expect(() => new Script(PLANS[rules], max)).not.toThrow();
			expect(() => new Script(PLANS[rules], max + 1)).toThrow(/seats_invalid/);
		}
	});
});

describe('each face agrees with its engine (one place per system outside the engine)', () => {
	test.each(RULE_SYSTEMS)('%s: the face is the system asked for, and paints the engine\'s cell kinds but the river', (rules) => {
		const face = systemFace(rules);
		const engine = ruleSystem(rules);
		expect(face.id).toBe(rules);
		expect(engine.ok).toBe(true);
		if (engine.ok) expect(face.paints).toEqual(engine.value.cellKinds.filter((k) => k !== 'river'));
		// what the phone's sheet offers to mark, read off the face: exactly the engine's kinds
		if (engine.ok) expect([...cellKindsOf(rules)].sort()).toEqual([...engine.value.cellKinds].sort());
		// A river tool only where the engine knows rivers; the creature tool only with the creatures (seed 003, 2).
		expect(face.tools.includes('river')).toBe(engine.ok && engine.value.cellKinds.includes('river'));
		expect(face.tools.includes('creature')).toBe(face.creatures);
		expect(face.screen === 'table').toBe(isTableSystem(rules));
		// Its own kinds (beyond the classic ones, which the board draws as glyphs) each have a sign on the board.
		for (const kind of face.paints) if (!systemFace('classic').paints.includes(kind)) expect(kindSign(kind), kind).toBeTruthy();
	});
});
