/**
 * The tablet's cost of a move as the game grows (issue 19): six phones seated over the memory
 * network on a generated 40x40 plan, the game opened at 500, 8,000 and 32,000 commands, then
 * each next command adjudicated and announced to every phone (`host.master`: the engine, the
 * write, the updates; a store that keeps nothing, the disk is the store bench's; the phones
 * take the frames in after the move's time, as phones of their own would).
 * - host.move_us_<n>: the median of those moves, in microseconds; host.move_ratio_32000_500.
 * - net.update_bytes_40x40: the frame one phone gets for an ordinary move (median, characters
 *   of JSON), once its connection had the contour and the settings.
 */
import { apply } from '../src/lib/engine/game/apply';
import { createGame, initialState, replayEvents, type Game } from '../src/lib/engine/game/game';
import { randomLegalCommand } from '../src/lib/engine/game/random-command';
import type { Command } from '../src/lib/engine/game/types';
import { generatePlan } from '../src/lib/engine/plan/generate';
import { createRng } from '../src/lib/engine/random';
import { MemoryPhoneStore } from '../src/lib/net/session-records';
import { MemoryTable } from '../src/lib/net/testing';
import { pause, until } from './wall-clock';

const SIZES = process.env.HOST_BENCH_SIZES ? process.env.HOST_BENCH_SIZES.split(',').map(Number) : [500, 8000, 32000];
const TIMED = 150;

/** A game of at least `length` commands on a 40x40 plan with `seats` seats (the first seed that lasts; no command that ends it). */
export function longGame(length: number, seats = 6): { game: Game; log: Command[] } {
	for (let seed = 1; ; seed++) {
		const plan = generatePlan({ width: 40, height: 40, seed, bullets: 2, grenades: 2, landmines: 2 });
		const created = createGame({ plan, seats, seed, settings: { nStop: 100_000 } });
		if (!created.ok) throw new Error('setup');
		const rng = createRng(seed);
		let state = initialState(created.value);
		const log: Command[] = [];
		while (log.length < length && state.phase !== 'over') {
			// random legal commands, but not one that ends the game (everybody skipping is a draw, 6.6)
			let next: { command: Command; state: typeof state } | null = null;
			for (let tries = 0; tries < 50 && !next; tries++) {
				const command = randomLegalCommand(state, rng);
				if (!command) break;
				const after = apply(state, command).state;
				if (after.phase !== 'over') next = { command, state: after };
			}
			if (!next) break;
			state = next.state;
			log.push(next.command);
		}
		if (log.length >= length) return { game: created.value, log };
		if (seed > 50) throw new Error('no game lasts');
	}
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async () => {
	const { game, log } = longGame(Math.max(...SIZES) + TIMED);
	const rows: { name: string; value: number; unit: string }[] = [];
	const perMove = new Map<number, number>();
	const bytes: number[] = [];
	for (const size of SIZES) {
		// long heartbeats: the bench times the moves, not the links' chatter
		const t = new MemoryTable({ pingMs: 60_000, lostMs: 600_000, resendMs: 60_000 });
		t.hostStore.append = async () => {};
		// phones that keep nothing either: a phone's own store is not the tablet's cost
		for (let seat = 0; seat < 6; seat++) t.phoneStores[seat] = Object.assign(new MemoryPhoneStore(), { save: async () => {} });
		await t.openHost(6);
		for (let seat = 0; seat < 6; seat++) await t.openPhone(`P${seat + 1}`);
		await until(() => t.phones.every((p) => p.status === 'joined'), 20_000, 'six phones seated');
		await t.startGame({ ...game, log: log.slice(0, size) }, `g${size}`);
		// every phone has caught up (its feed arrives in pages) before a move is timed
		const heard = replayEvents({ ...game, log: log.slice(0, size) }).events;
		const lengths = t.phones.map((_, seat) => heard.seatEvents(seat).length);
		await until(() => t.phones.every((p) => p.seat !== null && p.events.length === lengths[p.seat]), 120_000, "the game on every phone");
		// The phones (in this same process) take in what they are sent after the move, not inside its time.
		for (const { channel } of t.host.channels()) {
			const deliver = channel.link.send.bind(channel.link);
			channel.link.send = (data: string) => void setTimeout(() => deliver(data), 0);
		}
		// What one phone is sent, frame by frame.
		const sent: number[] = [];
		const watched = t.host.channels().find((c) => c.seat === 0)!.channel;
		const send = watched.link.send.bind(watched.link);
		watched.link.send = (data: string) => {
			if (data.includes('"type":"update"')) sent.push(data.length);
			send(data);
		};
		const times: number[] = [];
		for (let i = size; i < size + TIMED; i++) {
			const command = log[i]!;
			const before = sent.length;
			const start = performance.now();
			const result = await t.host.master(command);
			times.push((performance.now() - start) * 1000);
			if (!result.ok) throw new Error(`refused at ${i}: ${result.reason}`);
			if (command.type === 'move' && sent.length === before + 1) bytes.push(sent[sent.length - 1]!);
			// the phones take it in before the next move is timed
			await pause(0);
		}
		perMove.set(size, median(times));
		console.error(`host bench: ${size} commands, ${Math.round(median(times))} µs a move`);
		rows.push({ name: `host.move_us_${size}`, value: Math.round(median(times)), unit: 'µs' });
		t.close();
		await pause(10);
	}
	rows.push({ name: 'host.move_ratio_32000_500', value: Math.round((perMove.get(32000)! / perMove.get(500)!) * 100) / 100, unit: '×' });
	rows.push({ name: 'net.update_bytes_40x40', value: median(bytes), unit: 'chars' });
	return rows;
};
