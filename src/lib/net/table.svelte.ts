/**
 * The connection layer as the screens see it: reactive wrappers around the host and player
 * sessions, with the device's database and the transport chosen automatically (or by hand)
 * (connect.ts). The tablet's table is here; the phone's seat is in seat.svelte.ts, which a
 * phone imports directly so the host's session and the rule engine stay off its download.
 */
import { EventLog } from '../engine/game/event-log';
import type { Game } from '../engine/game/game';
import type { Command, GameState } from '../engine/game/types';
import { database } from '../store/db';
import { GameStore } from '../store/games';
import { APP_VERSION, appAddress, expose, inviteUrl, signalling, transportChoice, type TransportReason, type Via } from './connect';
import { diagnose, type Diagnostics } from './diagnostics';
import { DexieHostStore } from './dexie-store';
import { HostSession, type ComputerSeat, type Presence, type TableSubmitted, type Waiting } from './host';
import type { TransportKind } from './link';
import { createOffer } from './manual';
import { hostPeerId, newRoomCode } from './protocol';
import { markTableClosed, recentlyClosedTables } from './table-registry';
import { writeTableNote } from './way-back';

export { APP_VERSION, VIA, chooseTransport, inviteUrl, parseVia, viaOf, type Via } from './connect';

export class HostTable {
	presence: Presence[] = $state.raw([]);
	/** Phones waiting for the master to admit them. */
	waiting: Waiting[] = $state.raw([]);
	/** The last write to the device that failed (null once one succeeds). */
	problem: string | null = $state(null);
	state: GameState | null = $state.raw(null);
	/** The game's events so far (a new log with each command: the screens see it change). */
	events: EventLog = $state.raw(EventLog.empty());
	refused = $state(0);
	online = $state(false);
	readonly kind: TransportKind;
	/** Why `kind` (said on the tablet). */
	readonly reason: TransportReason;
	readonly session: HostSession;
	private readonly store: DexieHostStore;
	private listening = false;

	private constructor(session: HostSession, store: DexieHostStore, { kind, reason }: { kind: TransportKind; reason: TransportReason }) {
		this.session = session;
		this.store = store;
		this.kind = kind;
		this.reason = reason;
		this.refresh();
	}

	/**
	 * Opens the table `room` kept on this device (after a reload), the table of a game, or a
	 * new one; listens for phones unless the transport is QR codes (seats are added one by one).
	 */
	static async open(options: { room?: string | null; gameId?: string | null; capacity?: number; via?: Via | null }): Promise<HostTable> {
		const db = database();
		const store = new DexieHostStore(db);
		let table = options.room ? await store.loadTable(options.room) : null;
		if (!table && options.gameId) table = await store.tableOf(options.gameId);
		if (!table) {
			table = HostSession.newTable(options.room ?? newRoomCode(), options.capacity ?? 6);
			if (options.gameId) {
				const stored = await new GameStore(db).get(options.gameId);
				if (stored) table = { ...table, gameId: stored.id, capacity: stored.game.seats };
			}
			await store.saveTable(table);
		}
		const choice = await transportChoice(options.via ?? null);
		let self: HostTable | null = null;
		const session = await HostSession.open({ app: APP_VERSION, store, table, onChange: () => self?.refresh() });
		self = new HostTable(session, store, choice);
		expose('host', self);
		if (choice.kind !== 'manual') await self.listen();
		return self;
	}

	get room(): string {
		return this.session.room;
	}

	/** The fingerprint of the table's key (its mark is shown beside the invitation). */
	get pin(): string {
		return this.session.pin;
	}

	get names(): string[] {
		return this.session.names;
	}

	/** Listens on the signalling server under the room's stable id. */
	async listen(): Promise<void> {
		if (this.listening) return;
		this.listening = true;
		const listener = await signalling(this.kind).listen(hostPeerId(this.room));
		this.session.listen(listener);
		this.online = true;
		const timer = setInterval(() => {
			if (this.online !== listener.online) this.online = listener.online;
		}, 1000);
		this.stopTimers.push(() => clearInterval(timer));
		void this.answerClosedTables();
	}

	/**
	 * The tables this tablet closed for a new one lately are still answered under their rooms'
	 * ids, each with `closed` alone (HostSession at a `closedAt` table): a phone that was away
	 * when the master opened this table learns it when it comes back (issue 29). Best effort: a
	 * room that cannot be listened to leaves its phones saying the tablet is away, as before.
	 */
	private async answerClosedTables(): Promise<void> {
		const closed = await recentlyClosedTables(database()).catch(() => []);
		for (const table of closed) {
			if (table.room === this.room) continue;
			try {
				const session = await HostSession.open({ app: APP_VERSION, store: this.store, table });
				const listener = await signalling(this.kind).listen(hostPeerId(table.room));
				if (this.ended) {
					listener.close();
					return;
				}
				session.listen(listener);
				this.stopTimers.push(() => session.close());
			} catch (error) {
				console.warn('a closed table cannot be answered', table.room, error);
			}
		}
	}

	private readonly stopTimers: (() => void)[] = [];

	inviteUrl(origin = appAddress()): string {
		return inviteUrl(origin, this.room, this.kind, this.session.pin);
	}

	admit(id: number): Promise<void> {
		return this.session.admit(id);
	}

	turnAway(id: number): Promise<void> {
		return this.session.turnAway(id);
	}

	/** No server: an offer for one more phone. Show `url` as a QR code; give `accept` the phone's answer. */
	async offerSeat(origin = appAddress()): Promise<{ code: string; url: string; accept(answer: string): Promise<void> }> {
		const offer = await createOffer();
		return {
			code: offer.code,
			url: `${origin}/join?room=${this.room}&via=qr&pin=${this.session.pin}#offer=${encodeURIComponent(offer.code)}`,
			accept: async (answer: string) => {
				const link = await offer.accept(answer);
				// the master read this phone's answer himself: it is admitted
				this.session.attach(link, { paired: true });
			}
		};
	}

	/**
	 * The game begins with the seats taken: it is kept on the device and phones get their views.
	 * `computers` sit after the phones, played by this tablet (their levels kept with the game).
	 */
	async begin(game: Game, computers: readonly ComputerSeat[] = []): Promise<string> {
		const phones = this.names.slice(0, game.seats - computers.length);
		if (computers.length > 0 && phones.length !== this.names.length) throw new Error('seats_changed');
		const bots = [...phones.map(() => null), ...computers.map((c) => c.level)];
		const id = await new GameStore(database()).create('host', [...phones, ...computers.map((c) => c.name)], game, Date.now(), bots);
		await this.session.start(id, game, computers);
		return id;
	}

	master(command: Command): Promise<TableSubmitted> {
		return this.session.master(command);
	}

	/** Figures for every phone's link (the diagnostics panel). */
	async diagnostics(): Promise<{ seat: number | null; name: string; figures: Diagnostics }[]> {
		return Promise.all(
			this.session.channels().map(async ({ seat, channel }) => ({
				seat,
				name: seat === null ? '' : (this.names[seat] ?? ''),
				figures: await diagnose(channel.link.kind, channel.stats, channel.link)
			}))
		);
	}

	/** Set once the table is closed here: nothing more is listened to. */
	private ended = false;

	close(): void {
		this.ended = true;
		for (const f of this.stopTimers) f();
		this.session.close();
	}

	/** The master asked for a new table: this one's phones are told it is closed, and it is not reopened. */
	async closeForGood(): Promise<void> {
		this.ended = true;
		for (const f of this.stopTimers) f();
		await this.session.closeForGood();
		await markTableClosed(database(), this.room);
	}

	refresh(): void {
		this.presence = this.session.presence();
		this.waiting = this.session.waiting;
		this.problem = this.session.problem;
		this.state = this.session.state;
		this.events = this.session.events;
		this.refused = this.session.refusedCount;
		// the home screen's way back: the table while it is open, nothing once its game is over
		const over = this.state?.phase === 'over';
		writeTableNote(over ? null : { room: this.room, names: this.names, ...this.session.reached });
	}
}
