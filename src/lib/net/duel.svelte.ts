/**
 * The duel's session as the screens see it: reactive, kept in the device's database, over the
 * PeerJS transport chosen as for the table (this origin's PeerServer, else the public one).
 *
 *   const duel = await DuelLink.openRoom({ name, plan, settings, via })   // the opener: a new room
 *   const duel = await DuelLink.joinRoom({ room, name, plan, via })       // the joiner
 *   const duel = await DuelLink.resume(room)                              // after a reload
 *   duel.record / duel.status / duel.device / duel.feed                   // reactive
 *   await duel.chooseStart(cell); await duel.move(actions)                // { ok } | { ok: false, reason }
 *
 * With no signalling server at all (`via: 'qr'`) the phones pair by QR codes, as a phone joins
 * the tablet: the opener shows an offer (`offer()`), the joiner answers it (`answer(offer)`) and
 * the opener reads that answer. Each pairing is one link: after a reload or a lost link the two
 * pair again the same way, and the duel goes on where it was (its record is on each phone).
 */
import type { Action, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import type { DuelDevice } from '../engine/rules/duel/match';
import { database } from '../store/db';
import { DexieDuelStore } from './dexie-store';
import { duelPeerId } from './duel-wire';
import { newDuelRecord } from './duel-record';
import type { DuelRecord, DuelSettings } from '../store/records';
import { newSeed } from '../store/ids';
import { DuelSession, type DuelResult, type DuelStatus, type DuelTrouble } from './duel';
import type { Link, TransportKind } from './link';
import { newRoomCode } from './protocol';
import { APP_VERSION, appAddress, chooseTransport, expose, parseVia, signalling, viaOf, type Via } from './connect';

/** The invitation the other phone opens: `/duel?join=ROOM&via=…&pin=…` (`pin`: the fingerprint of the opener's key, pin.ts). */
export function duelInviteUrl(origin: string, room: string, kind: TransportKind, pin?: string): string {
	const via = viaOf(kind);
	return `${origin}/duel?join=${room}${via ? `&via=${via}` : ''}${pin ? `&pin=${pin}` : ''}`;
}

export class DuelLink {
	record: DuelRecord = $state.raw(null as unknown as DuelRecord);
	status: DuelStatus = $state('connecting');
	refusal: string | null = $state(null);
	trouble: DuelTrouble | null = $state.raw(null);
	device: DuelDevice | null = $state.raw(null);
	feed: GameEvent[] = $state.raw([]);
	readonly kind: TransportKind;
	session!: DuelSession;

	private constructor(kind: TransportKind) {
		this.kind = kind;
	}

	/** A new room with my plan and the settings I propose, kept on the device; returns its code (open it with `resume`). */
	static async createRoom(options: { name: string; plan: Plan; settings: DuelSettings; via?: Via | null }): Promise<string> {
		const room = newRoomCode();
		const seed = newSeed();
		await new DexieDuelStore(database()).save(newDuelRecord({ id: room, role: 'opener', name: options.name, plan: options.plan, settings: options.settings, seed, via: options.via ?? null }));
		return room;
	}

	/** The other's room, to join with my plan (kept on the device; open it with `resume`). A room already kept here is left as it is. */
	static async createJoin(options: { room: string; name: string; plan: Plan; via?: Via | null; pin?: string | null }): Promise<string> {
		const store = new DexieDuelStore(database());
		if (!(await store.load(options.room))) await store.save(newDuelRecord({ id: options.room, role: 'joiner', name: options.name, plan: options.plan, via: options.via ?? null, pin: options.pin ?? null }));
		return options.room;
	}

	/** The duel kept on this device under `room` (null: none). */
	static async resume(room: string): Promise<DuelLink | null> {
		const record = await new DexieDuelStore(database()).load(room);
		if (!record) return null;
		return DuelLink.run(await DuelLink.transport(parseVia(record.via)), record);
	}

	static list(): Promise<DuelRecord[]> {
		return new DexieDuelStore(database()).list();
	}

	static remove(room: string): Promise<void> {
		return new DexieDuelStore(database()).remove(room);
	}

	private static async transport(via: Via | null): Promise<TransportKind> {
		if (via === 'qr') return 'manual';
		const kind = await chooseTransport(via);
		// No signalling server found: try this origin's anyway (an `npm start` that comes back).
		return kind === 'manual' ? 'peer-local' : kind;
	}

	private static async run(kind: TransportKind, record: DuelRecord): Promise<DuelLink> {
		const self = new DuelLink(kind);
		const transport = kind === 'manual' ? null : signalling(kind);
		const peer = duelPeerId(record.id);
		self.session = await DuelSession.open({
			store: new DexieDuelStore(database()),
			app: APP_VERSION,
			record,
			// by QR codes: the joiner's next link is the next pairing made on its screen
			connect: () => (transport ? transport.open(peer) : self.paired.next()),
			onChange: () => self.refresh()
		});
		self.refresh();
		expose('duel', self);
		if (record.role === 'joiner') self.session.start();
		else if (transport) self.session.listen(await transport.listen(peer));
		return self;
	}

	/** Links paired by QR codes on the joiner's screen, taken one by one by its session. */
	private readonly paired = new LinkQueue();

	/** The opener, with no server: an offer for the other phone (show `url` as a QR code); `accept` takes its answer. */
	async offer(origin = appAddress()): Promise<{ code: string; url: string; accept(answer: string): Promise<void> }> {
		const { createOffer } = await import('./manual');
		const offer = await createOffer();
		return {
			code: offer.code,
			url: `${duelInviteUrl(origin, this.room, 'manual', this.session.pin)}#offer=${encodeURIComponent(offer.code)}`,
			accept: async (answer: string) => this.session.attach(await offer.accept(answer))
		};
	}

	/** The joiner, with no server: answers the opener's offer; show the returned code to the opener. */
	async answer(offer: string): Promise<string> {
		const { answerOffer } = await import('./manual');
		const { code, link } = await answerOffer(offer);
		this.paired.put(link);
		return code;
	}

	get room(): string {
		return this.record.id;
	}

	/** How the phones find each other: 'manual' when they pair by QR codes. */
	get byQr(): boolean {
		return this.kind === 'manual';
	}

	inviteUrl(origin = appAddress()): string {
		return duelInviteUrl(origin, this.room, this.kind, this.session.pin);
	}

	chooseStart(cell: number): Promise<DuelResult> {
		return this.session.chooseStart(cell);
	}

	move(actions: Action[]): Promise<DuelResult> {
		return this.session.move(actions);
	}

	close(): void {
		this.session.close();
	}

	refresh(): void {
		const s = this.session;
		this.record = s.record;
		this.status = s.status;
		this.refusal = s.refusal;
		this.trouble = s.trouble;
		this.device = s.device;
		this.feed = s.feed;
	}
}

/** Links handed over one at a time: `next` waits for the next one put (or takes one already there). */
class LinkQueue {
	private readonly links: Link[] = [];
	private waiting: ((link: Link) => void) | null = null;

	put(link: Link): void {
		const waiting = this.waiting;
		this.waiting = null;
		if (waiting) waiting(link);
		else this.links.push(link);
	}

	next(): Promise<Link> {
		const ready = this.links.shift();
		if (ready) return Promise.resolve(ready);
		return new Promise((resolve) => (this.waiting = resolve));
	}
}
