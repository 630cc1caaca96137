/**
 * The host's side of the table (the master's tablet, the authority).
 *
 * Phones join with `hello`: a new one gets a seat and a secret key, a returning one proves
 * its key and gets its seat back. A command from a phone is checked (joined, its own seat,
 * the game begun, not already handled: commands are numbered per seat), adjudicated by the
 * engine, written to the device (the transaction complete) and only then announced. Every
 * phone is sent what `viewFor` lets its seat know — the events it has not had, in order —
 * and nothing else. Messages are handled one at a time, in the order they came.
 */
import { play, replay, type Game } from '../engine/game/game';
import type { Command, GameEvent, GameState, Seat } from '../engine/game/types';
import { viewFor, visibleTo } from '../engine/game/view';
import { recordReplay, withoutMoves } from '../engine/game/reveal-of';
import { eventLog } from '../engine/game/game';
import { Channel, type ChannelOptions } from './channel';
import type { Link, Listener } from './link';
import {
	MAX_HOST_FRAME,
	PROTOCOL_VERSION,
	newSeatKey,
	pageEvents,
	readPlayerFrame,
	type HostMessage,
	type PlayerMessage,
	type Refusal
} from './protocol';
import type { CommandResult, HostStore, TableRecord } from './store';
import { snapshot } from '../store/snapshot';

export interface Presence {
	seat: Seat;
	name: string;
	here: boolean;
	/** Round trip of the last heartbeat (ms), when here. */
	rtt: number | null;
	kind: string | null;
}

export interface HostOptions {
	/** This build's version: phones of another version are told to update. */
	app: string;
	store: HostStore;
	table: TableRecord;
	channel?: ChannelOptions;
	/** Called after every change anyone may want to show (presence, state, refusals). */
	onChange?: () => void;
}

export type Submitted = { ok: true; events: GameEvent[] } | { ok: false; reason: string };

interface Conn {
	channel: Channel<PlayerMessage, HostMessage>;
	seat: Seat | null;
	/** How many of its seat's events this phone has. */
	sent: number;
	/** Whether it has had the plan for the reveal (only once the game is over). */
	revealed?: boolean;
}

export class HostSession {
	private table: TableRecord;
	private gameId: string | null = null;
	private game: Game | null = null;
	private current: GameState | null = null;
	/** The reveal message of the finished game, made once for every phone. */
	private revealed: { game: Game; message: HostMessage | null } | null = null;
	private readonly conns = new Set<Conn>();
	private queue: Promise<unknown> = Promise.resolve();
	private readonly listeners: Listener[] = [];
	private readonly unlisten: (() => void)[] = [];
	private closed = false;
	/** Refusals counted by reason (diagnostics and the fuzz tests). */
	readonly refusals = new Map<string, number>();

	private constructor(private readonly options: HostOptions) {
		this.table = snapshot(options.table);
	}

	/** A session for `table`, its game (if one is under way) rebuilt from the device. */
	static async open(options: HostOptions): Promise<HostSession> {
		const session = new HostSession(options);
		if (options.table.gameId) {
			const game = await options.store.loadGame(options.table.gameId);
			if (game) session.setGame(options.table.gameId, game);
		}
		return session;
	}

	/** A new table with an empty lobby. */
	static newTable(room: string, capacity: number, now = Date.now()): TableRecord {
		return { room, gameId: null, seats: [], capacity, createdAt: now, updatedAt: now };
	}

	get room(): string {
		return this.table.room;
	}

	get names(): string[] {
		return this.table.seats.map((s) => s.name);
	}

	get state(): GameState | null {
		return this.current;
	}

	get record(): { id: string; game: Game } | null {
		return this.gameId && this.game ? { id: this.gameId, game: this.game } : null;
	}

	get refusedCount(): number {
		let n = 0;
		for (const count of this.refusals.values()) n += count;
		return n;
	}

	/** Takes links arriving at `listener`. */
	listen(listener: Listener): void {
		this.listeners.push(listener);
		this.unlisten.push(listener.accept((link) => this.attach(link)));
	}

	/** Takes one link (from a listener, or set up by QR codes). */
	attach(link: Link): void {
		if (this.closed) return link.close();
		const channel = new Channel<PlayerMessage, HostMessage>(link, readPlayerFrame, this.options.channel);
		const conn: Conn = { channel, seat: null, sent: 0 };
		this.conns.add(conn);
		channel.on((event) => {
			if (event.type === 'message') this.enqueue(() => this.receive(conn, event.message));
			else if (event.type === 'refused') this.count(event.reason);
			else {
				this.conns.delete(conn);
				if (conn.seat !== null) this.tableChanged();
			}
		});
	}

	/** The game begins (or goes on) with these seats; from now on phones get its views. */
	start(gameId: string, game: Game): Promise<void> {
		return this.enqueue(async () => {
			this.table = { ...this.table, gameId, updatedAt: Date.now() };
			await this.options.store.saveTable(this.table);
			this.setGame(gameId, game);
			this.tableChanged();
			this.broadcast();
		});
	}

	/** The master's command, through the same path as the phones': on disk, then announced. */
	master(command: Command): Promise<Submitted> {
		return this.enqueue(() => this.run(command));
	}

	/** Done when everything received so far has been handled. */
	settled(): Promise<void> {
		return this.queue.then(() => undefined);
	}

	presence(): Presence[] {
		return this.table.seats.map((s, seat) => {
			const conn = [...this.conns].find((c) => c.seat === seat && c.channel.open);
			const rtts = conn?.channel.stats.rtts;
			return {
				seat,
				name: s.name,
				here: conn !== undefined,
				rtt: rtts && rtts.length > 0 ? rtts[rtts.length - 1]! : null,
				kind: conn?.channel.link.kind ?? null
			};
		});
	}

	/** The channels of the seated phones, for the diagnostics panel. */
	channels(): { seat: Seat | null; channel: Channel<PlayerMessage, HostMessage> }[] {
		return [...this.conns].map((c) => ({ seat: c.seat, channel: c.channel }));
	}

	close(): void {
		this.closed = true;
		for (const f of this.unlisten) f();
		for (const l of this.listeners) l.close();
		for (const c of this.conns) c.channel.close();
		this.conns.clear();
	}

	private setGame(gameId: string, game: Game): void {
		this.gameId = gameId;
		this.game = game;
		this.current = replay(game).state;
	}

	private enqueue<T>(work: () => Promise<T> | T): Promise<T> {
		const next = this.queue.then(work, work);
		this.queue = next.catch(() => undefined);
		return next;
	}

	private count(reason: string): void {
		this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
		this.options.onChange?.();
	}

	private refuse(conn: Conn, reason: Refusal, app?: string): void {
		this.count(reason);
		conn.channel.send(app ? { type: 'refused', reason, app } : { type: 'refused', reason });
	}

	private async receive(conn: Conn, message: PlayerMessage): Promise<void> {
		if (this.closed || !this.conns.has(conn)) return;
		if (message.type === 'hello') return this.hello(conn, message);
		return this.command(conn, message);
	}

	private async hello(conn: Conn, hello: Extract<PlayerMessage, { type: 'hello' }>): Promise<void> {
		if (hello.protocol !== PROTOCOL_VERSION || hello.app !== this.options.app)
			return this.refuse(conn, 'version', this.options.app);
		let seat: number;
		if (hello.key !== undefined) {
			seat = this.table.seats.findIndex((s) => s.key === hello.key);
			if (seat < 0) return this.refuse(conn, 'unknown_key');
			if (conn.seat !== null && conn.seat !== seat) return this.refuse(conn, 'malformed');
		} else {
			if (conn.seat !== null) return this.refuse(conn, 'malformed');
			const limit = this.game ? this.game.seats : this.table.capacity;
			if (this.table.seats.length >= limit) return this.refuse(conn, 'table_full');
			seat = this.table.seats.length;
			const seats = [...this.table.seats, { name: hello.name, key: newSeatKey(), lastCmd: 0, lastResult: null }];
			this.table = { ...this.table, seats, updatedAt: Date.now() };
			await this.options.store.saveTable(this.table);
		}
		// Another connection of the same seat (an old tab, a dropped link) is let go.
		for (const other of this.conns)
			if (other !== conn && other.seat === seat) {
				other.channel.send({ type: 'refused', reason: 'replaced' });
				other.seat = null;
				const stale = other.channel;
				setTimeout(() => stale.close(), 200);
			}
		conn.seat = seat;
		conn.sent = Math.min(hello.have, this.visible(seat).length);
		conn.channel.send({ type: 'welcome', seat, key: this.table.seats[seat]!.key, room: this.table.room });
		this.tableChanged();
		if (this.current) this.update(conn, this.visible(seat));
	}

	private async command(conn: Conn, message: Extract<PlayerMessage, { type: 'command' }>): Promise<void> {
		const seat = conn.seat;
		const answer = (result: CommandResult) =>
			conn.channel.send(result.reason === undefined ? { type: 'result', id: message.id, ok: result.ok } : { type: 'result', id: message.id, ok: result.ok, reason: result.reason });
		if (seat === null) return this.refuse(conn, 'not_joined');
		const record = this.table.seats[seat]!;
		if (message.id <= record.lastCmd) {
			// Sent again after a lost answer: the same answer, never a second application.
			if (message.id === record.lastCmd && record.lastResult) answer(record.lastResult);
			return;
		}
		const command = message.command as unknown as Command;
		const refusal = !this.current ? 'not_started' : !('by' in command) || command.by !== seat ? 'not_your_seat' : null;
		const result: Submitted = refusal ? { ok: false, reason: refusal } : await this.run(command, seat, message.id);
		if (!result.ok) {
			this.count(result.reason);
			this.remember(seat, message.id, result);
		}
		answer(result.ok ? { ok: true } : { ok: false, reason: result.reason });
		if (!result.ok) this.options.onChange?.();
	}

	/** Adjudicates, writes, then announces. `seat`/`id`: the phone's command number to record with it. */
	private async run(command: Command, seat?: Seat, id?: number): Promise<Submitted> {
		if (!this.game || !this.current || !this.gameId) return { ok: false, reason: 'not_started' };
		const result = play(this.game, this.current, command);
		if (result.game === this.game) {
			const refusal = result.events.find((e) => e.type === 'rejected');
			return { ok: false, reason: refusal?.type === 'rejected' ? refusal.reason : 'malformed' };
		}
		// The seat's command number goes to disk with the command; both take effect only once written.
		const table = seat !== undefined && id !== undefined ? this.withSeat(seat, { lastCmd: id, lastResult: { ok: true } }) : this.table;
		await this.options.store.append(table, this.gameId, command, result.state.phase === 'over');
		this.table = table;
		this.game = result.game;
		this.current = result.state;
		this.broadcast();
		this.options.onChange?.();
		return { ok: true, events: result.events };
	}

	private remember(seat: Seat, id: number, result: Submitted): void {
		this.setSeat(seat, { lastCmd: id, lastResult: result.ok ? { ok: true } : { ok: false, reason: result.reason } });
		void this.options.store.saveTable(this.table).catch(() => undefined);
	}

	private setSeat(seat: Seat, change: Partial<TableRecord['seats'][number]>): void {
		this.table = this.withSeat(seat, change);
	}

	private withSeat(seat: Seat, change: Partial<TableRecord['seats'][number]>): TableRecord {
		const seats = this.table.seats.slice();
		seats[seat] = { ...seats[seat]!, ...change };
		return { ...this.table, seats, updatedAt: Date.now() };
	}

	private visible(seat: Seat, log?: GameEvent[]): GameEvent[] {
		if (!this.current) return [];
		return (log ?? eventLog(this.current)).filter((e) => visibleTo(e, seat));
	}

	/** Sends every seated phone what it has not had yet. */
	private broadcast(): void {
		if (!this.current) return;
		const log = eventLog(this.current);
		for (const conn of this.conns) if (conn.seat !== null) this.update(conn, this.visible(conn.seat, log));
	}

	private update(conn: Conn, events: GameEvent[]): void {
		if (!this.current || conn.seat === null) return;
		const { events: _all, ...view } = viewFor(this.current, conn.seat);
		void _all;
		for (const page of pageEvents(view, conn.sent, events.slice(conn.sent))) conn.channel.send(page);
		conn.sent = events.length;
		// The reveal: once the game is over the plan and the replay are everybody's (the phone
		// overlays its sheet on the plan and scrubs through the game).
		if (this.current.phase === 'over' && this.game && !conn.revealed) {
			const reveal = this.reveal(this.game);
			if (reveal) conn.channel.send(reveal);
			conn.revealed = true;
		}
	}

	/**
	 * The reveal message, as much of it as one frame holds: the plan and the whole replay, else
	 * the replay without the moves as said, else the plan alone; a plan too big for a frame stays
	 * on the tablet (its screen shows the reveal). Made once per finished game.
	 */
	private reveal(game: Game): HostMessage | null {
		if (this.revealed?.game !== game) {
			const replay = recordReplay(game);
			const candidates: HostMessage[] = [
				{ type: 'reveal', plan: game.plan, replay },
				{ type: 'reveal', plan: game.plan, replay: withoutMoves(replay) },
				{ type: 'reveal', plan: game.plan }
			];
			this.revealed = { game, message: candidates.find((c) => JSON.stringify(c).length < MAX_HOST_FRAME - 512) ?? null };
		}
		return this.revealed.message;
	}

	private tableChanged(): void {
		const here = this.presence().map((p) => p.here);
		const message: HostMessage = { type: 'table', names: this.names, here, started: this.current !== null };
		for (const conn of this.conns) if (conn.seat !== null) conn.channel.send(message);
		this.options.onChange?.();
	}
}
