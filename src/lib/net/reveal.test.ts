// The reveal over the link: the plan and the game's replay reach a phone only once the game is
// over (the sheet is then overlaid on the plan; the scrubber replays the paths), never before —
// a phone's session is watched through whole games.
import { describe, expect, test } from 'vitest';
import { apply } from '../engine/game/apply';
import { replay } from '../engine/game/game';
import type { Action, Command } from '../engine/game/types';
import { DIRECTIONS } from '../engine/plan/types';
import { recordReplay, withoutMoves } from '../engine/game/reveal-of';
import { PlayerSession } from './player';
import { MAX_HOST_FRAME } from './protocol';
import { MemoryTable, newGame, scriptedCommands, until, onFakeClock } from './testing';

onFakeClock();

describe('the plan at the reveal', () => {
	test('no phone has the plan while the game goes on; each has it, as the host\'s, once the game is over', async () => {
		let ended = 0;
		for (const seed of [3, 5, 8, 13]) {
			const game = newGame(2, seed);
			const commands = scriptedCommands(game, 3000, seed);
			const over = replay({ ...game, log: commands }).state.phase === 'over';
			const t = new MemoryTable();
			await t.openHost();
			await t.openPhone('Anna');
			await t.openPhone('Boris');
			await until(() => t.phones.every((p) => p.status === 'joined'));
			await t.startGame(game);
			for (const [i, command] of commands.entries()) {
				await t.play([command]);
				if (i < commands.length - 1) for (const phone of t.phones) expect(phone.plan, `seed ${seed}, command ${i}`).toBeNull();
			}
			if (over) {
				ended++;
				await until(() => t.phones.every((p) => p.plan !== null), 3000, 'the reveal');
				// the largest replay that fits a frame: whole, else without the moves as said, else none
				const whole = recordReplay({ ...game, log: commands });
				const fits = (r: object | null) => JSON.stringify({ type: 'reveal', plan: game.plan, ...(r ? { replay: r } : {}) }).length < MAX_HOST_FRAME - 512;
				const expected = [whole, withoutMoves(whole), null].find(fits) ?? null;
				if (commands.length < 200) expect(expected).toBe(whole);
				for (const phone of t.phones) {
					expect(phone.plan).toEqual(game.plan);
					expect(phone.replay).toEqual(expected);
				}
				// A phone reopened with the tablet gone still has the table, its view and the reveal.
				await Promise.all(t.phones.map((p) => p.saved()));
				t.host.close();
				const anna = t.phones[0]!;
				const before = { names: anna.names, started: anna.started, view: anna.view, plan: anna.plan, replay: anna.replay, events: anna.events };
				anna.close();
				const reopened = await PlayerSession.open({ room: t.room, app: 'x', name: 'Anna', store: t.phoneStores[0]!, connect: () => Promise.reject(new Error('no host')) });
				expect({ names: reopened.names, started: reopened.started, view: reopened.view, plan: reopened.plan, replay: reopened.replay, events: reopened.events }).toEqual(before);
				expect(reopened.names).toEqual(['Anna', 'Boris']);
				expect(reopened.view?.phase).toBe('over');
			}
			t.close();
		}
		expect(ended).toBeGreaterThan(0);
	}, 60_000);
});

describe('the reveal of a long game', () => {
	/** A game of `hits` wall hits after the starts, ended by a round of skips (a draw, 6.6). */
	function longGame(hits: number) {
		const game = newGame(2, 4);
		let state = replay(game).state;
		const log: Command[] = [];
		const push = (command: Command) => {
			const applied = apply(state, command);
			if (applied.events.some((e) => e.type === 'rejected')) throw new Error(JSON.stringify(applied.events));
			state = applied.state;
			log.push(command);
		};
		for (const command of scriptedCommands(game, 40, 4)) {
			if (state.phase !== 'start') break;
			push(command);
		}
		for (let i = 0; i < hits; i++) {
			const seat = state.order[state.turn]!;
			const wall = DIRECTIONS.find((dir) => apply(state, { type: 'move', by: seat, actions: [{ a: 'go', dir }] }).events.some((e) => e.type === 'wall'));
			push({ type: 'move', by: seat, actions: [wall ? { a: 'go', dir: wall } : ({ a: 'skip' } as Action)] });
		}
		const played = log.length;
		while (state.phase !== 'over') push({ type: 'move', by: state.order[state.turn]!, actions: [{ a: 'skip' }] });
		return { game, log, played };
	}

	test('too long to send whole: the phones get the paths without the moves as said, still only at the end', async () => {
		const { game, log, played } = longGame(1500);
		const whole = recordReplay({ ...game, log });
		expect(JSON.stringify(whole).length).toBeGreaterThan(MAX_HOST_FRAME);
		const t = new MemoryTable();
		await t.openHost();
		await t.openPhone('Anna');
		await t.openPhone('Boris');
		await until(() => t.phones.every((p) => p.status === 'joined'));
		await t.startGame({ ...game, log: log.slice(0, played) });
		for (const phone of t.phones) expect(phone.replay).toBeNull();
		await t.play(log.slice(played));
		await until(() => t.phones.every((p) => p.replay !== null), 3000, 'the reveal');
		for (const phone of t.phones) {
			expect(phone.plan).toEqual(game.plan);
			expect(phone.replay).toEqual(withoutMoves(whole));
		}
		t.close();
	}, 60_000);
});
