import { describe, expect, test } from 'vitest';
import { createRng, type Rng } from '../random';
import { apply } from './apply';
import { createGame, initialState, rejected } from './game';
import { EventLog } from './event-log';
import { randomLegalCommand } from './random-command';
import { buildPlan, randomPlan, Script } from './testing';
import { publicStatus } from './known';
import { seatStanding } from './view';
import { generateDuel } from '../rules/duel/generate';
import { generateTopographic } from '../rules/topographic/generate';
import { generateAbandoned } from '../rules/abandoned/generate';
import type { Plan } from '../plan/types';
import type { Command, GameState } from './types';

/**
 * A twin of `plan` differing in one thing a step may meet: a cell's kind, what lies on a cell, a
 * wall, an exit. Everybody at the table knows only the contour: nothing tells the twins apart until
 * somebody hears a difference.
 */
function twinOf(plan: Plan, rng: Rng): Plan {
	const twin: Plan = { ...plan, cells: plan.cells.slice(), items: plan.items.slice(), walls: plan.walls.slice(), exits: plan.exits.slice() };
	const plain = plan.cells.flatMap((c, i) => (c && ['land', 'hospital', 'weaponry', 'encephalitis'].includes(c.kind) ? [i] : []));
	const at = rng.pick(plain) ?? 0;
	switch (rng.int(5)) {
		case 0: {
			const kinds = (['land', 'hospital', 'weaponry', 'encephalitis'] as const).filter((k) => k !== plan.cells[at]?.kind);
			twin.cells[at] = { kind: rng.pick(kinds)! };
			break;
		}
		case 1:
			twin.items.push({ cell: at, kind: rng.pick(['bullet', 'grenade', 'landmine'] as const)!, count: 1 + rng.int(2) });
			break;
		case 2:
			twin.items.push({ cell: at, kind: 'treasure', true: false });
			break;
		case 3:
			if (twin.walls.length && rng.int(2)) twin.walls.splice(rng.int(twin.walls.length), 1);
			else twin.walls.push({ cell: at, dir: rng.int(2) ? 'right' : 'down' });
			break;
		default:
			if (twin.exits.length) {
				const i = rng.int(twin.exits.length);
				twin.exits[i] = { ...twin.exits[i]!, open: !twin.exits[i]!.open };
			} else twin.cells[at] = { kind: 'weaponry' };
	}
	return twin;
}

/** A random legal command, its move made dark or semi-dark two times in three (6.7, 6.8). */
function darkishCommand(state: GameState, rng: Rng): Command | null {
	const cmd = randomLegalCommand(state, rng);
	if (cmd?.type !== 'move' || cmd.dark || cmd.semiDark) return cmd;
	const r = rng.int(3);
	if (r === 0 && state.settings.darkMoves) return { ...cmd, dark: true };
	if (r === 1 && state.settings.semiDarkMoves) return { ...cmd, semiDark: true };
	return cmd;
}

const SETTINGS = [{}, { noReorderAfterMine: true }, { throwing: true, mineOnNeighbour: true }, { reorders: 0 }];

describe('seed 000 6.4, 6.7, 6.8: a seat\'s standing is what that seat was told', () => {
	test('property: twin games differing only in what a move met give every seat the same standing while its feed is the same', () => {
		let compared = 0;
		// Seats whose true status differed between the twins while their views agreed: the secrets kept.
		let kept = 0;
		for (let seed = 1; seed <= 400; seed++) {
			const rng = createRng(seed * 7919);
			const plan = randomPlan(rng, 2 + rng.int(3), 2 + rng.int(3));
			const twin = twinOf(plan, rng);
			const seats = 2 + rng.int(3);
			const settings = SETTINGS[seed % SETTINGS.length];
			const a = createGame({ plan, seats, seed, settings });
			const b = createGame({ plan: twin, seats, seed, settings });
			if (!a.ok || !b.ok) continue;
			let sa = initialState(a.value);
			let sb = initialState(b.value);
			let ea = EventLog.empty();
			let eb = EventLog.empty();
			for (let i = 0; i < 150 && sa.phase !== 'over' && sb.phase !== 'over'; i++) {
				const cmd = darkishCommand(sa, rng);
				if (!cmd) break;
				const ra = apply(sa, cmd);
				const rb = apply(sb, cmd);
				if (rejected(ra) !== rejected(rb)) break;
				if (rejected(ra)) continue;
				sa = ra.state;
				sb = rb.state;
				ea = ea.with(ra.events);
				eb = eb.with(rb.events);
				let anyAlike = false;
				for (let s = 0; s < seats; s++) {
					// Until the seat hears a difference (in public, or told in private), it may not see one.
					if (JSON.stringify(ea.seatEvents(s)) !== JSON.stringify(eb.seatEvents(s))) continue;
					anyAlike = true;
					const standing = JSON.stringify(seatStanding(sa, s));
					const twinStanding = JSON.stringify(seatStanding(sb, s));
					if (standing !== twinStanding)
						expect.fail(`seat ${s} sees what it was not told (seed ${seed}, after ${JSON.stringify(cmd)}):\n${standing}\n${twinStanding}`);
					compared++;
					if (JSON.stringify(publicStatus(sa.players[s]!)) !== JSON.stringify(publicStatus(sb.players[s]!))) kept++;
				}
				if (!anyAlike) break;
			}
		}
		expect(compared).toBeGreaterThan(5000);
		expect(kept).toBeGreaterThan(100);
	}, 240_000);

	test('6.4: the status question tells the whole table, and the asker knows his status again', () => {
		for (let seed = 1; seed <= 60; seed++) {
			const rng = createRng(seed);
			const g = createGame({ plan: randomPlan(rng, 3, 3), seats: 2, seed });
			if (!g.ok) continue;
			let s = initialState(g.value);
			for (let i = 0; i < 80 && s.phase !== 'over'; i++) {
				const cmd = darkishCommand(s, rng);
				if (!cmd) break;
				const r = apply(s, cmd);
				s = r.state;
				if (cmd.type !== 'move' || !(cmd.dark || cmd.semiDark) || rejected(r) || s.players[cmd.by]!.status !== 'in') continue;
				// 6.7: nothing of what the move could change is shown to him.
				expect(seatStanding(s, cmd.by).me.bullets).toBeUndefined();
				expect(seatStanding(s, cmd.by).me.outside).toBeUndefined();
				const asked = apply(s, { type: 'status', by: cmd.by });
				const told = asked.events.find((e) => e.type === 'status')!;
				expect(told.audience).toEqual({ to: 'all' });
				const me = seatStanding(asked.state, cmd.by).me;
				expect(told.type === 'status' && told.status).toEqual({ ...publicStatus(s.players[cmd.by]!) });
				expect({ health: me.health, bullets: me.bullets, grenades: me.grenades, carry: me.carry, outside: me.outside }).toEqual({
					health: s.players[cmd.by]!.health,
					bullets: s.players[cmd.by]!.bullets,
					grenades: s.players[cmd.by]!.grenades,
					carry: s.players[cmd.by]!.carry?.k ?? null,
					outside: s.players[cmd.by]!.outside !== null
				});
				s = asked.state;
			}
		}
	});

	test('the duel, the topographic and the abandoned labyrinths have no dark or semi-dark moves: refused, nothing changed', () => {
		const plans: Plan[] = [generateDuel(3), generateTopographic(3), generateAbandoned(3)];
		for (const plan of plans) {
			const seats = plan.rules === 'duel' ? 1 : 3;
			const g = createGame({ plan, seats, seed: 5 });
			if (!g.ok) throw new Error(JSON.stringify(g.error));
			let s = initialState(g.value);
			const rng = createRng(11);
			let tried = 0;
			for (let i = 0; i < 200 && s.phase !== 'over'; i++) {
				const cmd = randomLegalCommand(s, rng);
				if (!cmd) break;
				if (cmd.type === 'move') {
					for (const flag of [{ dark: true }, { semiDark: true }]) {
						const r = apply(s, { ...cmd, ...flag });
						// Refused (an option off, or a move the system cannot read), the state unchanged.
						expect(rejected(r)).toBe(true);
						expect(r.state).toBe(s);
						tried++;
					}
				}
				s = apply(s, cmd).state;
			}
			expect(tried).toBeGreaterThan(10);
		}
	});

	describe('6.7: what he does not know is answered "no luck", never refused (a private refusal would tell him)', () => {
		// x: 0 1 2    two players on a row; an open exit to the right of (2,0)
		const plan = buildPlan(['LLL'], { exits: [[2, 0, 'right', true]], items: [[1, 0, 'treasure', true]] });
		/** Player 0 at (0,0) shot by player 1 from (2,0), told at his turn that he is wounded. */
		const wounded = () => {
			const g = new Script(plan, 2, { reorders: 0 }).start([0, 0], [2, 0]);
			g.until(1).move(1, [{ a: 'shoot', dir: 'left' }, { a: 'skip' }]);
			g.until(0);
			expect(g.view(0).me.health).toBe('wounded');
			return g;
		};

		test('wounded and told so, a shot before the step is refused to him alone', () => {
			const g = wounded();
			expect(g.move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }])).toMatchObject([{ type: 'rejected', reason: 'not_healthy', audience: { to: 'seat', seat: 0 } }]);
		});

		test('wounded, then a dark move: the shot is answered "no luck" to the table, nothing spent, the move stands', () => {
			const g = wounded();
			g.move(0, [{ a: 'go', dir: 'up' }], { dark: true });
			expect(g.view(0).me.health).toBeUndefined();
			g.until(0);
			const answer = g.move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
			expect(answer[0]).toMatchObject({ type: 'action_failed', reason: 'not_healthy', audience: { to: 'all' } });
			expect(answer.map((e) => e.type)).toContain('wall');
		});

		test('3.4: outside after a dark step through the exit, a shot is "no luck" and the step back in is made', () => {
			const g = new Script(plan, 2).start([2, 0], [0, 0]);
			g.until(0).move(0, [{ a: 'go', dir: 'right' }], { dark: true });
			expect(g.p(0).outside).toBe('right');
			expect(g.view(0).me.outside).toBeUndefined();
			g.until(0);
			const bullets = g.p(0).bullets;
			const answer = g.move(0, [{ a: 'shoot', dir: 'left' }, { a: 'go', dir: 'left' }]);
			expect(answer[0]).toMatchObject({ type: 'action_failed', reason: 'outside_only_move', audience: { to: 'all' } });
			// Nothing spent; back in through the same exit.
			expect(g.p(0)).toMatchObject({ outside: null, status: 'in', bullets });
			// Walked out in a move told in full, he knows: the same move is refused to him alone.
			const told = new Script(plan, 2).start([2, 0], [0, 0]);
			told.until(0).move(0, [{ a: 'go', dir: 'right' }]);
			told.until(0);
			expect(told.move(0, [{ a: 'shoot', dir: 'left' }, { a: 'go', dir: 'left' }])).toMatchObject([{ type: 'rejected', reason: 'outside_only_move' }]);
		});
	});
});
