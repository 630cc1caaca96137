/**
 * Test helpers: a table in memory (a host and phones over the memory network) and a
 * scripted game driven through it. Used by the unit tests and the bench.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { apply } from '../engine/game/apply';
import { createGame, replay, replayEvents, type Game } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import { buildPlan } from '../engine/game/testing';
import type { Command, GameEvent, Seat } from '../engine/game/types';
import { createRng } from '../engine/random';
import type { ChannelOptions } from './channel';
import { HostSession } from './host';
import type { Link } from './link';
import { MemoryNetwork, memoryPair } from './memory';
import { newNonce, seatProof } from './pin';
import { PlayerSession } from './player';
import { PROTOCOL_VERSION, hostPeerId } from './protocol';
import { MemoryHostStore, MemoryPhoneStore } from './session-records';

export const TEST_APP = 'test-1';
/** Quick heartbeats so that losses show within a test's patience. */
export const FAST: ChannelOptions = { pingMs: 20, lostMs: 250, resendMs: 60 };

export const TEST_PLAN = buildPlan(['LWLLH', 'L>DLL', 'PLLLP', 'HLLWL'], {
	exits: [
		[0, 0, 'up', true],
		[4, 3, 'down', false]
	],
	loops: [
		[
			[0, 2],
			[4, 2]
		]
	],
	items: [
		[2, 2, 'treasure', true],
		[3, 1, 'treasure', false],
		[1, 3, 'bullet', 1]
	]
});

export function newGame(seats: number, seed: string | number = 7): Game {
	const created = createGame({ plan: TEST_PLAN, seats, seed });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	return created.value;
}

/** Commands of a whole (or long) game, legal one after another, from `seed`. */
export function scriptedCommands(game: Game, count: number, seed = 11): Command[] {
	const rng = createRng(seed);
	let state = replay(game).state;
	const out: Command[] = [];
	for (let i = 0; i < count; i++) {
		const command = randomLegalCommand(state, rng);
		if (!command) break;
		state = apply(state, command).state;
		out.push(command);
	}
	return out;
}

/** The engine's events for `seat` when `log` is played from the start: what its phone must show. */
export function engineEventsFor(game: Game, log: Command[], seat: Seat): GameEvent[] {
	return replayEvents({ ...game, log }).events.seatEvents(seat);
}

/**
 * The tests of this file run on vitest's fake clock: timers and `Date` move only when the test
 * lets time pass (`settle`, `until`), so "nothing happened before the deadline" is checked by
 * passing the deadline itself, never after a guess at real time. `setImmediate` stays real: it
 * is no clock (fake-indexeddb and Node's I/O use it to take turns).
 */
export function onFakeClock(): void {
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
	});
	afterEach(() => {
		vi.useRealTimers();
	});
}

/** Lets `ms` pass on the fake clock: every timer due runs, with the promises between them. */
export async function settle(ms = 0): Promise<void> {
	await vi.advanceTimersByTimeAsync(ms);
}

/** Lets the fake clock run until `check` holds; fails once `timeoutMs` of it passed without. */
export async function until(check: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await settle(5);
	}
}

/**
 * Lets the fake clock run until `work` settles (a resend, a retry or a heartbeat may be what it
 * waits for), and gives its value; fails once `timeoutMs` of the clock passed without.
 */
export async function settled<T>(work: Promise<T>, timeoutMs = 3000, what = 'the answer'): Promise<T> {
	let done = false;
	const watched = work.finally(() => (done = true));
	await until(() => done, timeoutMs, what);
	return watched;
}

export class MemoryTable {
	readonly network = new MemoryNetwork();
	readonly hostStore = new MemoryHostStore();
	readonly phoneStores: MemoryPhoneStore[] = [];
	host!: HostSession;
	readonly phones: PlayerSession[] = [];
	readonly room = 'ABCDEF';

	/** Whether the master admits every phone that asks (as a person tapping Admit would); false: the test decides. */
	autoAdmit = true;
	/** How long a phone waits for the table's proof on a link before trying again. */
	proofMs = 2000;
	/** The version the host runs (a phone of the app's own, `SeatLink`, runs `APP_VERSION`). */
	hostApp = TEST_APP;
	/** Failures the host caught (a test of robustness expects none). */
	readonly hostErrors: unknown[] = [];

	constructor(readonly channel: ChannelOptions = FAST) {}

	async openHost(capacity = 6): Promise<HostSession> {
		let table = await this.hostStore.loadTable(this.room);
		if (!table) {
			// as the tablet does: a new table (and its key) is on the device before any phone may pin it
			table = HostSession.newTable(this.room, capacity);
			await this.hostStore.saveTable(table);
		}
		this.host = await HostSession.open({
			app: this.hostApp,
			store: this.hostStore,
			table,
			channel: this.channel,
			onChange: () => this.admitWaiting(),
			onError: (error) => this.hostErrors.push(error)
		});
		this.host.listen(await this.network.listen(hostPeerId(this.room)));
		return this.host;
	}

	private admitWaiting(): void {
		if (!this.autoAdmit || !this.host) return;
		for (const waiting of this.host.waiting) void this.host.admit(waiting.id);
	}

	/**
	 * A phone joins through the invitation (which carries the table's pin), or with `index` of an
	 * earlier phone, the same phone opens the app again.
	 */
	async openPhone(name: string, index = this.phones.length, app = TEST_APP, pin: string | null = this.host.pin): Promise<PlayerSession> {
		const store = (this.phoneStores[index] ??= new MemoryPhoneStore());
		const phone = await PlayerSession.open({
			room: this.room,
			app,
			name,
			pin,
			store,
			connect: () => this.network.open(hostPeerId(this.room)),
			retryMs: [20, 50],
			resendMs: 30,
			proofMs: this.proofMs,
			channel: this.channel
		});
		this.phones[index] = phone;
		phone.start();
		return phone;
	}

	/** `count` phones join through the invitation (named P1, P2, …) and are let in: each holds its seat. */
	async joinPhones(count: number): Promise<void> {
		for (let i = 0; i < count; i++) await this.openPhone(`P${i + 1}`);
		await until(() => this.phones.every((p) => p.status === 'joined'), 3000, 'phones joined');
	}

	/** `count` phones join one after another (named P1, P2, …), each seated before the next opens: phone i holds seat i. */
	async seatInTurn(count: number): Promise<void> {
		for (let i = 0; i < count; i++) {
			const phone = await this.openPhone(`P${i + 1}`);
			await until(() => phone.status === 'joined', 2000, `phone ${i} joined`);
		}
	}

	async startGame(game: Game, id = 'g1'): Promise<void> {
		this.hostStore.games.set(id, game);
		await this.host.start(id, game);
	}

	/** Plays `commands` through the table: each seat's from its phone, the master's on the host. */
	async play(commands: Command[]): Promise<void> {
		for (const command of commands) {
			const by = (command as { by: Seat | 'master' }).by;
			const answer: Promise<{ ok: boolean }> = by === 'master' ? this.host.master(command) : this.phones[by]!.send(command);
			const result = await settled(answer, 3000, `the answer to ${command.type}`);
			if (!result.ok) throw new Error(`refused ${JSON.stringify(command)}: ${'reason' in result ? result.reason : ''}`);
		}
	}

	/**
	 * The master opened a new table instead of this one: the table is marked closed on the device
	 * and, as the tablet does while it runs the new one (`HostTable.answerClosedTables`), its room
	 * is answered by a session of the closed table, which tells whoever comes back `closed`.
	 * `spy` sees every link that session takes.
	 */
	async answerAsClosed(spy: (link: Link) => Link = (link) => link): Promise<HostSession> {
		this.host.close();
		const table = { ...(await this.hostStore.loadTable(this.room))!, closedAt: Date.now() };
		await this.hostStore.saveTable(table);
		this.host = await HostSession.open({ app: TEST_APP, store: this.hostStore, table, channel: this.channel, onError: (error) => this.hostErrors.push(error) });
		const listener = await this.network.listen(hostPeerId(this.room));
		this.host.listen({ ...listener, accept: (take) => listener.accept((link) => take(spy(link))) });
		return this.host;
	}

	close(): void {
		for (const phone of this.phones) phone.close();
		this.host.close();
	}
}

/**
 * Tables of a test file, each closed after its test: the function opens a host seating
 * `capacity` and seats `players` phones in turn (phone i at seat i).
 */
export function seatedTables(): (players: number, capacity?: number) => Promise<MemoryTable> {
	let open: MemoryTable | null = null;
	afterEach(() => {
		open?.close();
		open = null;
	});
	return async (players, capacity = players) => {
		const t = new MemoryTable();
		open = t;
		await t.openHost(capacity);
		await t.seatInTurn(players);
		return t;
	};
}

/** A message a rogue device heard from the host (its fields loosely). */
export type RogueAnswer = { type: string; ok?: boolean; reason?: string; nonce?: string; key?: string; seat?: number };

/**
 * A rogue device on `t`'s host: raw strings straight into it, every message heard collected once.
 * It answers heartbeats (so that the host does not give it up as lost) and, unless `acks`,
 * acknowledges nothing, so the host keeps sending its messages again.
 */
export function rogue(t: MemoryTable, options: { acks?: boolean } = {}) {
	const [hostEnd, own] = memoryPair('host', 'rogue');
	t.host.attach(hostEnd);
	const answers: RogueAnswer[] = [];
	const seen = new Set<number>();
	let next = 0;
	own.receive((raw) => {
		const frame = JSON.parse(raw) as { s?: number; p?: number; m?: RogueAnswer };
		if (frame.p !== undefined) own.send(JSON.stringify({ v: PROTOCOL_VERSION, q: frame.p, ...(options.acks ? { a: next } : {}) }));
		if (frame.m && frame.s !== undefined && !seen.has(frame.s)) {
			seen.add(frame.s);
			answers.push(frame.m);
			while (seen.has(next)) next++;
		}
	});
	let s = 0;
	const message = (m: unknown) => own.send(JSON.stringify({ v: PROTOCOL_VERSION, s: s++, m }));
	return {
		answers,
		link: own,
		raw: (data: string) => own.send(data),
		message,
		/** The handshake as a phone makes it: hello, the host's proof, then the seat's MAC (or a request for a seat). */
		async join(name: string, seat?: { seat: number; key: string }): Promise<void> {
			const nonce = newNonce();
			const proofs = answers.filter((a) => a.type === 'proof').length;
			message({ type: 'hello', protocol: PROTOCOL_VERSION, app: TEST_APP, name, nonce, have: 0, ...(seat ? { seat: seat.seat } : {}) });
			await until(() => answers.filter((a) => a.type === 'proof').length > proofs, 3000, 'the proof');
			const proof = answers.filter((a) => a.type === 'proof').at(-1)!;
			message(seat ? { type: 'prove', mac: seatProof(seat.key, t.room, nonce, proof.nonce!) } : { type: 'prove' });
		}
	};
}
