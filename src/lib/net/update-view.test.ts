import { afterEach, describe, expect, test } from 'vitest';
import { viewFor } from '../engine/game/view';
import type { HostMessage } from './protocol';
import { MemoryTable, newGame, scriptedCommands, until, onFakeClock } from './testing';

onFakeClock();

let table: MemoryTable | null = null;
afterEach(() => {
	table?.close();
	table = null;
});

/** The updates the host sent to `seat`'s phone, read off its link. */
function updatesTo(t: MemoryTable, seat: number): Extract<HostMessage, { type: 'update' }>[] {
	const out: Extract<HostMessage, { type: 'update' }>[] = [];
	const channel = t.host.channels().find((c) => c.seat === seat)!.channel;
	const send = channel.link.send.bind(channel.link);
	channel.link.send = (data: string) => {
		const m = JSON.parse(data).m as HostMessage | undefined;
		if (m?.type === 'update') out.push(m);
		send(data);
	};
	return out;
}

describe('the contour and the settings go once per connection (issue 19)', () => {
	test('only the first update of a connection carries them; the phone keeps them, across a rejoin too', async () => {
		const t = new MemoryTable();
		table = t;
		await t.openHost(2);
		for (let i = 0; i < 2; i++) await t.openPhone(`P${i + 1}`);
		await until(() => t.phones.every((p) => p.status === 'joined'), 2000, 'two phones seated');
		const game = newGame(2);
		const sent = updatesTo(t, 1);
		await t.startGame(game);
		const log = scriptedCommands(game, 12);
		await t.play(log);
		const full = (seat: number) => {
			const { events: _events, ...view } = viewFor(t.host.state!, seat, t.host.events.seatEvents(seat));
			void _events;
			return view;
		};
		await until(() => t.phones.every((p, seat) => p.events.length === viewFor(t.host.state!, seat, t.host.events.seatEvents(seat)).events.length), 3000, 'feeds caught up');
		expect(sent.length).toBeGreaterThan(3);
		expect(sent[0]!.view.shape).toEqual(full(1).shape);
		expect(sent[0]!.view.settings).toEqual(full(1).settings);
		for (const update of sent.slice(1)) {
			expect(update.view).not.toHaveProperty('shape');
			expect(update.view).not.toHaveProperty('settings');
		}
		// Each phone's view is the whole of what its seat may know, nothing more.
		t.phones.forEach((p, seat) => expect(p.view).toEqual(full(seat)));

		// A new connection (the link lost and made again): the phone still has the whole view after more moves.
		t.phones[1]!.drop();
		await until(() => t.phones[1]!.status === 'joined' && t.phones[1]!.joins > 1, 3000, 'rejoined');
		const again = updatesTo(t, 1);
		await t.play(scriptedCommands(game, 14).slice(12));
		await until(() => again.length > 0, 3000, 'an update after the rejoin');
		expect(again.every((u) => !('shape' in u.view))).toBe(true);
		expect(t.phones[1]!.view).toEqual(full(1));
	});
});
