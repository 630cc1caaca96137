import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { LabyrinthDatabase } from '$lib/store/db';
import { GameStore } from '$lib/store/games';
import { newGame, scriptedCommands } from '$lib/net/testing';
import { LocalGame } from './local-game.svelte';

test('a command the device would not store is not played: the game says why, stays as it was, and takes the same command again (issue 16)', async () => {
	const store = new GameStore(new LabyrinthDatabase(`local-game-${Math.random()}`));
	const game = newGame(2);
	const id = await store.create('host', ['Ann', 'Bob'], game);
	const local = new LocalGame((await store.get(id))!, store);
	const [first] = scriptedCommands(game, 1);
	const append = store.append.bind(store);
	store.append = () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
	const before = local.state;
	expect(await local.submit(first!)).toEqual({ ok: false, reason: 'not_saved', problem: 'quota' });
	expect(local.state).toBe(before);
	expect(local.busy).toBe(false);
	expect((await store.get(id))!.game.log).toEqual([]);
	store.append = append;
	expect((await local.submit(first!)).ok).toBe(true);
	expect((await store.get(id))!.game.log).toEqual([first]);
});
