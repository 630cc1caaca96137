import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { LabyrinthDatabase } from '$lib/store/db';
import { GameStore } from '$lib/store/games';
import { newGame, scriptedCommands } from '$lib/net/testing';
import { visibleTo } from '$lib/engine/game/view';
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

test('each stored command gives the screens a new record and new events, the log as stored, and each seat the events it heard (issue 19)', async () => {
	const store = new GameStore(new LabyrinthDatabase(`local-game-${Math.random()}`));
	const game = newGame(3);
	const id = await store.create('host', ['Ann', 'Bob', 'Cy'], game);
	const local = new LocalGame((await store.get(id))!, store);
	for (const command of scriptedCommands(game, 12)) {
		const before = { record: local.record, game: local.record.game, events: local.events, state: local.state };
		expect((await local.submit(command)).ok).toBe(true);
		expect(local.record).not.toBe(before.record);
		expect(local.record.game).not.toBe(before.game);
		expect(local.events).not.toBe(before.events);
		expect(local.events.length).toBeGreaterThan(before.events.length);
		expect(local.state).not.toBe(before.state);
		expect(local.record.game.log).toEqual((await store.get(id))!.game.log);
		const all = local.events.slice();
		for (let seat = 0; seat < 3; seat++) expect([...local.view(seat).events]).toEqual(all.filter((e) => visibleTo(e, seat)));
	}
	expect(local.record.game.log).toHaveLength(12);
});
