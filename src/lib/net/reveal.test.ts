// The reveal over the link: the plan reaches a phone only once the game is over (the sheet is
// then overlaid on it), never before — a phone's session is watched through whole games.
import { describe, expect, test } from 'vitest';
import { replay } from '../engine/game/game';
import { MemoryTable, newGame, scriptedCommands, until } from './testing';

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
				for (const phone of t.phones) expect(phone.plan).toEqual(game.plan);
			}
			t.close();
		}
		expect(ended).toBeGreaterThan(0);
	}, 60_000);
});
