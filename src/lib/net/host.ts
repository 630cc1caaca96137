/**
 * The host's side of the table (the master's tablet, the authority): it holds the links, the
 * table's record and the game, and hands each concern to its own module —
 * - admission (host-admission.ts): who sits at the table, by the handshake and the master's word;
 * - refereeing (host-referee.ts): what becomes of a command, adjudicated by the engine;
 * - delivery (host-delivery.ts): what each seated phone is sent (its seat's view, and nothing else).
 *
 * A command is written to the device (the transaction complete) and only then announced.
 * Messages are handled one at a time, in the order they came.
 *
 * Nothing a phone sends, and no state of the table, makes the host throw: every failure is
 * caught, reported (`onError`) and answered; refusals are answered with their reason, at a
 * bounded rate per link.
 */
import { replayEvents, type Game } from '../engine/game/game';
import { EventLog } from '../engine/game/event-log';
import type { Command, GameState, Seat } from '../engine/game/types';
import { seatStanding, type SeatStanding } from '../engine/game/view';
import { Channel, type ChannelOptions } from './channel';
import { Allowance, HANDSHAKE_MS, MAX_HANDSHAKES, MAX_HELD, MAX_HELLOS, MAX_REFUSED_FRAMES, phoneRate, refusalAllowance } from './limits';
import { newTableSecret, publicKeyOf, fingerprint } from './pin';
import type { Link, Listener } from './link';
import { newSeatKey, readPlayerFrame, type HostMessage, type PlayerMessage, type Refusal } from './protocol';
import { admission, answerHello, newHandshake, tableFull, talksTooMuch, withNewSeat, type Door, type Handshake, type Hello, type Prove, type Waiting } from './host-admission';
import { adjudicate, answerOf, kept, numbered, refereeRefusal, withSeat, type TableSubmitted } from './host-referee';
import { RevealMessage, Standings, catchUp, placeFrom, tableMessage, type Place } from './host-delivery';
import type { HostStore } from './session-records';
import type { TableRecord } from '../store/records';
import { snapshot } from '../store/snapshot';
import { saveProblem } from '../store/saver';
import type { BotLevel } from '../bots/bot';

export { MAX_WAITING, type Waiting } from './host-admission';
export { MAX_ASKS, type TableSubmitted } from './host-referee';

/** A seat the tablet plays itself (issue 22): its name and its computer's level. */
export interface ComputerSeat {
	name: string;
	level: BotLevel;
}

export interface Presence {
	seat: Seat;
	name: string;
	here: boolean;
	/** Round trip of the last heartbeat (ms), when here. */
	rtt: number | null;
	kind: string | null;
	/** The computer's level when the tablet plays this seat itself (it is always here), else null. */
	computer: BotLevel | null;
}

export interface HostOptions {
	/** This build's version: phones of another version are told to update. */
	app: string;
	store: HostStore;
	table: TableRecord;
	channel?: ChannelOptions;
	/** Called after every change anyone may want to show (presence, state, refusals). */
	onChange?: () => void;
	/** An unexpected failure, caught (the host goes on): logged unless given. */
	onError?: (error: unknown) => void;
	/** How long a link may take to prove a seat or ask for one (`HANDSHAKE_MS`). */
	handshakeMs?: number;
}

/** One link: its place in the handshake (admission) and in its seat's events (delivery). */
interface Conn extends Handshake, Place {
	channel: Channel<PlayerMessage, HostMessage>;
	seat: Seat | null;
	/** Refusals it may still be answered now. */
	refusals: Allowance;
	refusedFrames: number;
}

export class HostSession {
	private table: TableRecord;
	private gameId: string | null = null;
	private game: Game | null = null;
	private current: GameState | null = null;
	/** The game's events so far (the table's only copy): each connection reads on from its own place. */
	private log = EventLog.empty();
	/** The reveal message of the finished game, made once for every phone. */
	private readonly reveal = new RevealMessage();
	private readonly conns = new Set<Conn>();
	private queue: Promise<unknown> = Promise.resolve();
	private readonly listeners: Listener[] = [];
	private readonly unlisten: (() => void)[] = [];
	private closed = false;
	private waitingIds = 0;
	private publicKey: string;
	/** Refusals counted by reason (diagnostics and the fuzz tests). */
	readonly refusals = new Map<string, number>();
	/** The last write that failed (the tablet shows it), null once a write succeeds again. */
	problem: string | null = null;

	private constructor(private readonly options: HostOptions) {
		this.table = snapshot(options.table);
		this.table.secret ??= newTableSecret();
		this.publicKey = publicKeyOf(this.table.secret);
	}

	/** A session for `table`, its game (if one is under way) rebuilt from the device. */
	static async open(options: HostOptions): Promise<HostSession> {
		const session = new HostSession(options);
		// A table of protocol 1 gets its key now, kept before any phone can pin it.
		if (!options.table.secret) await options.store.saveTable(session.table);
		// A closed table only tells its returning phones so: its game is never read.
		if (options.table.gameId && !options.table.closedAt) {
			const game = await options.store.loadGame(options.table.gameId);
			if (game) session.setGame(options.table.gameId, game);
		}
		return session;
	}

	/** A new table with an empty lobby. */
	static newTable(room: string, capacity: number, now = Date.now()): TableRecord {
		return { room, gameId: null, seats: [], capacity, secret: newTableSecret(), createdAt: now, updatedAt: now };
	}

	/** The fingerprint of the table's key, carried by the invitation. */
	get pin(): string {
		return fingerprint(this.publicKey);
	}

	/** The phones waiting for the master, oldest first. */
	get waiting(): Waiting[] {
		return [...this.conns].flatMap((c) => (c.waiting && c.channel.open ? [c.waiting] : []));
	}

	/** The master admits a waiting phone: it gets the next seat and its key. */
	admit(id: number): Promise<void> {
		return this.enqueue(async () => {
			const conn = this.waitingConn(id);
			if (conn) await this.seatNew(conn);
		});
	}

	/** The master refuses a waiting phone a seat: it is told so and learns nothing of the game. */
	turnAway(id: number): Promise<void> {
		return this.enqueue(() => {
			const conn = this.waitingConn(id);
			if (!conn) return;
			conn.waiting = null;
			conn.hello = null;
			conn.channel.send({ type: 'refused', reason: 'not_admitted' });
			this.count('not_admitted');
			const channel = conn.channel;
			setTimeout(() => channel.close(), 200);
		});
	}

	private waitingConn(id: number): Conn | undefined {
		return [...this.conns].find((c) => c.waiting?.id === id);
	}

	get room(): string {
		return this.table.room;
	}

	/** The game's plan name and how many commands it has had (the home screen's "Back to the table"). */
	get reached(): { plan: string | null; moves: number } {
		return { plan: this.game?.plan.name ?? null, moves: this.game?.log.length ?? 0 };
	}

	get names(): string[] {
		return this.table.seats.map((s) => s.name);
	}

	/** Per seat: the level of the computer the tablet plays there, or null for a phone's seat. */
	get bots(): (BotLevel | null)[] {
		return this.table.seats.map((s) => s.bot ?? null);
	}

	get state(): GameState | null {
		return this.current;
	}

	/** Every event of the game so far, oldest first (the master's, who hears them all); empty before a game. */
	get events(): EventLog {
		return this.log;
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

	/**
	 * Takes one link (from a listener, or set up by QR codes: `paired`, the master scanned the
	 * phone's answer himself, so a new phone on it needs no admission).
	 */
	attach(link: Link, options: { paired?: boolean } = {}): void {
		if (this.closed) return link.close();
		// Links still proving nothing are few at once: the oldest makes room (its phone tries again).
		const handshaking = [...this.conns].filter((c) => c.seat === null && c.waiting === null);
		if (handshaking.length >= MAX_HANDSHAKES) handshaking[0]!.channel.close();
		const channelOptions = { maxHeld: MAX_HELD, rate: phoneRate(this.options.channel?.pingMs), ...this.options.channel };
		const channel = new Channel<PlayerMessage, HostMessage>(link, readPlayerFrame, channelOptions);
		const conn: Conn = {
			...newHandshake(options.paired ?? false),
			channel,
			seat: null,
			sent: 0,
			at: 0,
			shaped: false,
			refusals: refusalAllowance(),
			refusedFrames: 0
		};
		this.conns.add(conn);
		// A link that proves nothing (no seat, not waiting for the master) is not kept.
		const deadline = setTimeout(() => {
			if (conn.seat === null && conn.waiting === null) channel.close();
		}, this.options.handshakeMs ?? HANDSHAKE_MS);
		channel.on((event) => {
			if (event.type === 'message') void this.enqueue(() => this.receive(conn, event.message));
			else if (event.type === 'refused') {
				// A command off the schema is answered as a command (its sender waits for it), in order.
				const id = event.id;
				if (id !== undefined) void this.enqueue(() => this.badCommand(conn, id));
				else this.refuseFrame(conn, event.reason === 'overflow' ? 'rate_limited' : event.reason);
			} else if (event.type === 'quiet' || event.type === 'heard') {
				// A direct link gone quiet is kept (it may come back): the seat is away meanwhile.
				if (conn.seat !== null) this.tableChanged();
			} else {
				clearTimeout(deadline);
				const had = conn.seat !== null || conn.waiting !== null;
				this.conns.delete(conn);
				if (had) this.tableChanged();
			}
		});
	}

	/**
	 * The game begins (or goes on) with these seats; from now on phones get its views.
	 * `computers` take the seats after the phones' (the game's last seats), played by the tablet:
	 * their seats have a key that is never issued, so no phone can ever prove one.
	 */
	start(gameId: string, game: Game, computers: readonly ComputerSeat[] = []): Promise<void> {
		return this.enqueue(async () => {
			let seats = this.table.seats;
			if (computers.length > 0) {
				// A phone admitted after the seats were counted would sit where a computer goes.
				if (seats.length !== game.seats - computers.length) throw new Error('seats_changed');
				seats = [...seats, ...computers.map((c) => ({ name: c.name, key: newSeatKey(), lastCmd: 0, lastResult: null, bot: c.level }))];
			}
			const table = { ...this.table, seats, gameId, updatedAt: Date.now() };
			await this.write(() => this.options.store.saveTable(table));
			this.table = table;
			this.setGame(gameId, game);
			this.tableChanged();
			this.broadcast();
		});
	}

	/** The master's command, through the same path as the phones': on disk, then announced. */
	master(command: Command): Promise<TableSubmitted> {
		return this.enqueue(() => this.run(command));
	}

	/** Done when everything received so far has been handled. */
	settled(): Promise<void> {
		return this.queue.then(() => undefined);
	}

	presence(): Presence[] {
		return this.table.seats.map((s, seat) => {
			if (s.bot) return { seat, name: s.name, here: true, rtt: null, kind: null, computer: s.bot };
			const conn = [...this.conns].find((c) => c.seat === seat && c.channel.open && !c.channel.quiet);
			const rtts = conn?.channel.stats.rtts;
			return {
				seat,
				name: s.name,
				here: conn !== undefined,
				rtt: rtts && rtts.length > 0 ? rtts[rtts.length - 1]! : null,
				kind: conn?.channel.link.kind ?? null,
				computer: null
			};
		});
	}

	/** The channels of the seated phones, for the diagnostics panel. */
	channels(): { seat: Seat | null; channel: Channel<PlayerMessage, HostMessage> }[] {
		return [...this.conns].map((c) => ({ seat: c.seat, channel: c.channel }));
	}

	/**
	 * The master opens a new table instead of this one (issue 29): every phone here is told this
	 * table is closed (`refused: closed`), then the session ends. Resolves once the words had
	 * their moment to go.
	 */
	async closeForGood(graceMs = 500): Promise<void> {
		await this.enqueue(() => {
			for (const c of this.conns) if (c.channel.open) c.channel.send({ type: 'refused', reason: 'closed' });
		});
		await new Promise((resolve) => setTimeout(resolve, graceMs));
		this.close();
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
		// The log is this session's own from here: accepted commands are added to it in place.
		this.game = { ...game, log: game.log.slice() };
		const replayed = replayEvents(game);
		this.current = replayed.state;
		this.log = replayed.events;
		// A phone seated before this game began has none of its events.
		for (const conn of this.conns) {
			conn.sent = 0;
			conn.at = 0;
		}
	}

	private enqueue<T>(work: () => Promise<T> | T): Promise<T> {
		const next = this.queue.then(work, work);
		this.queue = next.catch(() => undefined);
		return next;
	}

	/** A write to the device; a failure is kept for the tablet to show (and thrown on to the caller). */
	private async write(work: () => Promise<void>): Promise<void> {
		try {
			await work();
		} catch (error) {
			this.problem = error instanceof Error ? error.message || error.name : String(error);
			this.options.onChange?.();
			throw error;
		}
		if (this.problem !== null) {
			this.problem = null;
			this.options.onChange?.();
		}
	}

	private failed(error: unknown): void {
		if (this.options.onError) this.options.onError(error);
		else console.error('host:', error);
	}

	private count(reason: string): void {
		this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
		this.options.onChange?.();
	}

	/** Answers a refusal when the link's allowance has room (so refusals cannot be used to flood). */
	private refuse(conn: Conn, reason: Refusal, app?: string): void {
		this.count(reason);
		if (!conn.refusals.take()) return;
		conn.channel.send(app ? { type: 'refused', reason, app } : { type: 'refused', reason });
	}

	/** A frame the channel refused (too big, off the schema, too far ahead): answered, and a link that keeps at it is closed. */
	private refuseFrame(conn: Conn, reason: Refusal): void {
		this.refuse(conn, reason);
		if (++conn.refusedFrames >= MAX_REFUSED_FRAMES) conn.channel.close();
	}

	private badCommand(conn: Conn, id: number): void {
		if (conn.seat === null) return this.refuseFrame(conn, 'not_joined');
		// One answer for one command (as for any refused command): nothing to amplify.
		this.count('malformed');
		conn.channel.send({ type: 'result', id, ok: false, reason: 'malformed' });
	}

	private async receive(conn: Conn, message: PlayerMessage): Promise<void> {
		if (this.closed || !this.conns.has(conn)) return;
		try {
			if (talksTooMuch(conn, conn.seat !== null)) {
				this.refuse(conn, 'rate_limited');
				conn.waiting = null;
				conn.channel.close();
				return;
			}
			if (message.type === 'hello') return this.hello(conn, message);
			if (message.type === 'prove') return await this.prove(conn, message);
			return await this.command(conn, message);
		} catch (error) {
			this.failed(error);
			if (message.type === 'command') conn.channel.send({ type: 'result', id: message.id, ok: false, reason: 'malformed' });
		}
	}

	/** A phone's challenge: the table's key and its signature; the phone proves its seat next. */
	private hello(conn: Conn, hello: Hello): void {
		if (conn.waiting) return; // one request per link: it is already waiting
		if (++conn.hellos > MAX_HELLOS) {
			this.refuse(conn, 'rate_limited');
			conn.channel.close();
			return;
		}
		const { proof, refusal } = answerHello(this.door, conn, hello);
		conn.channel.send(proof);
		if (refusal) this.refuse(conn, refusal, this.options.app);
	}

	/**
	 * The phone's answer: its seat proved (it comes back), or a request for a seat (admission).
	 * At a table closed for a new one (`closedAt`, answered by the tablet for a while: issue 29)
	 * a phone that would have been seated, waited or found the table full is told `closed`, and
	 * nothing else (no names, no events: nothing of the old game, nor of the new one).
	 */
	private async prove(conn: Conn, prove: Prove): Promise<void> {
		const decided = admission(this.door, conn, prove, conn.seat, this.game?.seats ?? null, this.waiting.length);
		const seatable = decided.do !== 'refuse' || decided.reason === 'table_full' || decided.reason === 'busy';
		if (this.table.closedAt && seatable) return this.refuse(conn, 'closed');
		if (decided.do === 'refuse') return this.refuse(conn, decided.reason);
		if (decided.do === 'seat') return this.seat(conn, decided.seat, decided.have, false);
		conn.waiting = { id: ++this.waitingIds, name: decided.name, since: Date.now() };
		if (decided.do === 'seat_new') return this.seatNew(conn);
		conn.channel.send({ type: 'waiting' });
		this.options.onChange?.();
	}

	private get door(): Door {
		return { table: this.table, publicKey: this.publicKey, app: this.options.app };
	}

	/** A waiting phone gets the next seat and its key (once the table is on the device). */
	private async seatNew(conn: Conn): Promise<void> {
		const waiting = conn.waiting;
		if (!waiting || !this.conns.has(conn)) return;
		if (tableFull(this.table, this.game?.seats ?? null)) {
			conn.waiting = null;
			this.refuse(conn, 'table_full');
			this.options.onChange?.();
			return;
		}
		const { table, seat } = withNewSeat(this.table, waiting.name);
		try {
			await this.write(() => this.options.store.saveTable(table));
		} catch {
			return; // still waiting: the master may admit it again once the device can write
		}
		this.table = table;
		conn.waiting = null;
		this.seat(conn, seat, 0, true);
	}

	private seat(conn: Conn, seat: Seat, have: number, issue: boolean): void {
		// Another connection of the same seat (an old tab, a dropped link) is let go.
		for (const other of this.conns)
			if (other !== conn && other.seat === seat) {
				other.channel.send({ type: 'refused', reason: 'replaced' });
				other.seat = null;
				const stale = other.channel;
				setTimeout(() => stale.close(), 200);
			}
		conn.seat = seat;
		conn.waiting = null;
		// The phone says how many of its seat's events it has; it is sent the rest.
		placeFrom(conn, this.current && this.plays(seat) ? this.log : null, seat, have);
		const room = this.table.room;
		conn.channel.send(issue ? { type: 'welcome', seat, key: this.table.seats[seat]!.key, room } : { type: 'welcome', seat, room });
		this.tableChanged();
		// A seat the game does not play (more phones joined than it seats) hears the table only.
		if (this.current && this.plays(seat)) this.update(conn, seatStanding(this.current, seat));
	}

	private async command(conn: Conn, message: Extract<PlayerMessage, { type: 'command' }>): Promise<void> {
		const seat = conn.seat;
		if (seat === null) return this.refuse(conn, 'not_joined');
		const record = this.table.seats[seat]!;
		const handled = numbered(record, message.id);
		// Sent again after a lost answer: the same answer, never a second application.
		if (handled === 'again') conn.channel.send(answerOf(message.id, record.lastResult!));
		if (handled !== 'new') return;
		const command = message.command as Command;
		const refusal = this.current ? refereeRefusal(this.game, seat, command) : 'not_started';
		const result: TableSubmitted = refusal ? { ok: false, reason: refusal } : await this.run(command, seat, message.id);
		if (!result.ok && result.reason !== 'not_saved') {
			this.count(result.reason);
			this.remember(seat, message.id, result);
		}
		conn.channel.send(answerOf(message.id, result));
		if (!result.ok) this.options.onChange?.();
	}

	/** Adjudicates, writes, then announces. `seat`/`id`: the phone's command number to record with it. */
	private async run(command: Command, seat?: Seat, id?: number): Promise<TableSubmitted> {
		if (!this.game || !this.current || !this.gameId) return { ok: false, reason: 'not_started' };
		const ruling = adjudicate(this.current, command);
		if (!ruling.ok) return ruling;
		const result = ruling.applied;
		// The seat's command number goes to disk with the command; both take effect only once written.
		const table = seat !== undefined && id !== undefined ? withSeat(this.table, seat, { lastCmd: id, lastResult: { ok: true } }) : this.table;
		try {
			await this.write(() => this.options.store.append(table, this.gameId!, command, result.state.phase === 'over'));
		} catch (error) {
			// Nothing applied: the phone sends it again (the master taps again) until the device can write.
			return { ok: false, reason: 'not_saved', problem: saveProblem(error), detail: this.problem ?? '' };
		}
		this.table = table;
		this.game.log.push(command);
		this.current = result.state;
		this.log = this.log.with(result.events);
		this.broadcast();
		this.options.onChange?.();
		return { ok: true, events: result.events };
	}

	private remember(seat: Seat, id: number, result: TableSubmitted): void {
		this.table = withSeat(this.table, seat, { lastCmd: id, lastResult: kept(result) });
		void this.options.store.saveTable(this.table).catch(() => undefined);
	}

	/** Sends every seated phone what it has not had yet (each on its own: one link's trouble stops no other). */
	private broadcast(): void {
		if (!this.current) return;
		const standings = new Standings(this.current);
		for (const conn of this.conns)
			if (conn.seat !== null && this.plays(conn.seat))
				try {
					this.update(conn, standings.of(conn.seat));
				} catch (error) {
					this.failed(error);
				}
	}

	/** Whether `seat` plays in the game (a lobby of six may start a game of two: the others only watch the table). */
	private plays(seat: Seat): boolean {
		return this.game !== null && seat < this.game.seats;
	}

	/** Sends the phone its seat's `standing` and what it has not had (`catchUp`). */
	private update(conn: Conn, standing: SeatStanding): void {
		const game = this.game;
		if (!this.current || !game || conn.seat === null || !this.plays(conn.seat)) return;
		const delivered = { game, state: this.current, log: this.log, reveal: this.reveal };
		for (const frame of catchUp(conn, delivered, conn.seat, standing)) conn.channel.send(frame);
	}

	private tableChanged(): void {
		const here = this.presence().map((p) => p.here);
		const message = tableMessage(this.names, here, this.current !== null);
		for (const conn of this.conns) if (conn.seat !== null) conn.channel.send(message);
		this.options.onChange?.();
	}
}
