/**
 * The connection layer as the screens see it: reactive wrappers around the host and player
 * sessions, with the device's database and the transport chosen automatically (or by hand).
 *
 * Choice of transport ("auto"): the PeerServer of this origin when there is one (`npm start`
 * on a laptop at the table), else the public PeerJS server when the device is online, else
 * QR codes. `?via=local|cloud|qr` overrides it, and the invitation carries the host's choice.
 */
import { version } from '$app/environment';
import type { Game } from '../engine/game/game';
import type { Command, GameEvent, GameState } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import { database } from '../store/db';
import { diagnose, type Diagnostics } from './diagnostics';
import { DexieHostStore, DexiePhoneStore } from './dexie-store';
import { HostSession, type Presence, type Submitted } from './host';
import type { Link, Transport, TransportKind } from './link';
import { answerOffer, createOffer } from './manual';
import { PeerTransport, cloudServer, hasLocalServer, localServer } from './peer';
import { PlayerSession, type PlayerStatus } from './player';
import { hostPeerId, newRoomCode, type Refusal } from './protocol';
import type { CommandResult } from './store';

export const VIA = { local: 'peer-local', cloud: 'peer-cloud', qr: 'manual' } as const;
export type Via = keyof typeof VIA;

export function viaOf(kind: TransportKind): Via | null {
	for (const [via, k] of Object.entries(VIA)) if (k === kind) return via as Via;
	return null;
}

export function parseVia(text: string | null): Via | null {
	return text === 'local' || text === 'cloud' || text === 'qr' ? text : null;
}

/** This build's version, as the host checks it on join. */
export const APP_VERSION = version;

/** Picks the transport: the override, else the origin's PeerServer, else the cloud when online, else QR codes. */
export async function chooseTransport(via: Via | null): Promise<TransportKind> {
	if (via) return VIA[via];
	if (await hasLocalServer(location.origin)) return 'peer-local';
	return navigator.onLine ? 'peer-cloud' : 'manual';
}

export function signalling(kind: TransportKind): Transport {
	return new PeerTransport(kind === 'peer-cloud' ? cloudServer() : localServer(location));
}

/** The invitation a phone opens: `/join?room=…&via=…`. */
export function inviteUrl(origin: string, room: string, kind: TransportKind): string {
	const via = viaOf(kind);
	return `${origin}/join?room=${room}${via && via !== 'qr' ? `&via=${via}` : ''}`;
}

/** Exposes the sessions to a test or a curious developer when `localStorage['labyrinth-net-debug']` is set. */
export function expose(name: 'host' | 'seat' | 'duel', value: unknown): void {
	try {
		if (localStorage.getItem('labyrinth-net-debug') !== '1') return;
		const g = globalThis as unknown as { labyrinthNet?: Record<string, unknown> };
		g.labyrinthNet ??= {};
		g.labyrinthNet[name] = value;
		g.labyrinthNet.db = database();
	} catch {
		// No storage: nothing to expose.
	}
}

export class HostTable {
	presence: Presence[] = $state.raw([]);
	state: GameState | null = $state.raw(null);
	refused = $state(0);
	online = $state(false);
	readonly kind: TransportKind;
	readonly session: HostSession;
	private readonly store: DexieHostStore;
	private listening = false;

	private constructor(session: HostSession, store: DexieHostStore, kind: TransportKind) {
		this.session = session;
		this.store = store;
		this.kind = kind;
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
				const stored = await db.games.get(options.gameId);
				if (stored) table = { ...table, gameId: stored.id, capacity: stored.game.seats };
			}
			await store.saveTable(table);
		}
		const kind = await chooseTransport(options.via ?? null);
		let self: HostTable | null = null;
		const session = await HostSession.open({ app: APP_VERSION, store, table, onChange: () => self?.refresh() });
		self = new HostTable(session, store, kind);
		expose('host', self);
		if (kind !== 'manual') await self.listen();
		return self;
	}

	get room(): string {
		return this.session.room;
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
	}

	private readonly stopTimers: (() => void)[] = [];

	inviteUrl(origin = location.origin): string {
		return inviteUrl(origin, this.room, this.kind);
	}

	/** No server: an offer for one more phone. Show `url` as a QR code; give `accept` the phone's answer. */
	async offerSeat(origin = location.origin): Promise<{ code: string; url: string; accept(answer: string): Promise<void> }> {
		const offer = await createOffer();
		return {
			code: offer.code,
			url: `${origin}/join?room=${this.room}&via=qr#offer=${encodeURIComponent(offer.code)}`,
			accept: async (answer: string) => {
				const link = await offer.accept(answer);
				this.session.attach(link);
			}
		};
	}

	/** The game begins with the seats taken: it is kept on the device and phones get their views. */
	async begin(game: Game): Promise<string> {
		const id = crypto.randomUUID();
		const now = Date.now();
		await database().games.add({ id, mode: 'host', names: this.names.slice(0, game.seats), game, createdAt: now, updatedAt: now, finished: 0 });
		await this.session.start(id, game);
		return id;
	}

	master(command: Command): Promise<Submitted> {
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

	close(): void {
		for (const f of this.stopTimers) f();
		this.session.close();
	}

	refresh(): void {
		this.presence = this.session.presence();
		this.state = this.session.state;
		this.refused = this.session.refusedCount;
	}
}

export class SeatLink {
	status: PlayerStatus = $state('connecting');
	refusal: Refusal | null = $state(null);
	hostApp: string | null = $state(null);
	seat: number | null = $state(null);
	names: string[] = $state.raw([]);
	here: boolean[] = $state.raw([]);
	started = $state(false);
	view: Omit<SeatView, 'events'> | null = $state.raw(null);
	events: readonly GameEvent[] = $state.raw([]);
	pending: Command | null = $state.raw(null);
	readonly kind: TransportKind;
	session!: PlayerSession;

	private constructor(kind: TransportKind) {
		this.kind = kind;
	}

	/** Joins `room` through a signalling server (and rejoins by itself). */
	static async join(options: { room: string; name: string; via?: Via | null }): Promise<SeatLink> {
		const kind = await chooseTransport(options.via ?? null);
		if (kind === 'manual') throw new Error('manual');
		const transport = signalling(kind);
		return SeatLink.start(kind, options.room, options.name, () => transport.open(hostPeerId(options.room)), true);
	}

	/** No server: answers the tablet's offer; show `answer` to the tablet; the seat opens once it is read. */
	static async joinByOffer(options: { room: string; name: string; offer: string }): Promise<{ answer: string; seat: SeatLink }> {
		const { code, link } = await answerOffer(options.offer);
		let used = false;
		const connect = async (): Promise<Link> => {
			if (used) throw new Error('a QR link cannot be made again alone');
			used = true;
			return link;
		};
		const seat = await SeatLink.start('manual', options.room, options.name, connect, false);
		return { answer: code, seat };
	}

	/** The seat this phone already holds in `room`, if any (a reload goes straight back to it). */
	static async kept(room: string): Promise<{ name: string; seat: number | null } | null> {
		const m = await new DexiePhoneStore(database()).load(room);
		return m && m.key ? { name: m.name, seat: m.seat } : null;
	}

	/** Forgets this phone's seat in `room` (the host no longer knows its key): it may join afresh. */
	static async forget(room: string): Promise<void> {
		await database().memberships.delete(room);
	}

	private static async start(kind: TransportKind, room: string, name: string, connect: () => Promise<Link>, rejoin: boolean): Promise<SeatLink> {
		const self = new SeatLink(kind);
		self.session = await PlayerSession.open({
			room,
			app: APP_VERSION,
			name,
			store: new DexiePhoneStore(database()),
			connect,
			rejoin,
			onChange: () => self.refresh()
		});
		self.refresh();
		self.session.start();
		expose('seat', self);
		return self;
	}

	send(command: Command): Promise<CommandResult> {
		return this.session.send(command);
	}

	async diagnostics(): Promise<Diagnostics | null> {
		const channel = this.session.channel;
		return channel ? diagnose(this.kind, channel.stats, channel.link) : null;
	}

	close(): void {
		this.session.close();
	}

	refresh(): void {
		const s = this.session;
		this.status = s.status;
		this.refusal = s.refusal;
		this.hostApp = s.hostApp;
		this.seat = s.seat;
		this.names = s.names;
		this.here = s.here;
		this.started = s.started;
		this.view = s.view;
		this.events = s.events;
		this.pending = s.pending;
	}
}
