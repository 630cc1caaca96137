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
 * A duel over QR codes (no server) is not offered: the two phones could not find each other
 * again after a reload.
 */
import type { Action, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import type { DuelDevice } from '../engine/rules/duel-match';
import { database } from '../store/db';
import { DexieDuelStore } from './dexie-store';
import { DuelSession, duelPeerId, newDuelRecord, type DuelRecord, type DuelResult, type DuelSettings, type DuelStatus } from './duel';
import type { TransportKind } from './link';
import { newRoomCode } from './protocol';
import { APP_VERSION, chooseTransport, expose, signalling, viaOf, type Via } from './connect';

/** The invitation the other phone opens: `/duel?join=ROOM&via=…`. */
export function duelInviteUrl(origin: string, room: string, kind: TransportKind): string {
	const via = viaOf(kind);
	return `${origin}/duel?join=${room}${via ? `&via=${via}` : ''}`;
}

export class DuelLink {
	record: DuelRecord = $state.raw(null as unknown as DuelRecord);
	status: DuelStatus = $state('connecting');
	refusal: string | null = $state(null);
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
		const seed = crypto.getRandomValues(new Uint32Array(2)).join('-');
		await new DexieDuelStore(database()).save(newDuelRecord({ id: room, role: 'opener', name: options.name, plan: options.plan, settings: options.settings, seed, via: options.via ?? null }));
		return room;
	}

	/** The other's room, to join with my plan (kept on the device; open it with `resume`). A room already kept here is left as it is. */
	static async createJoin(options: { room: string; name: string; plan: Plan; via?: Via | null }): Promise<string> {
		const store = new DexieDuelStore(database());
		if (!(await store.load(options.room))) await store.save(newDuelRecord({ id: options.room, role: 'joiner', name: options.name, plan: options.plan, via: options.via ?? null }));
		return options.room;
	}

	/** The duel kept on this device under `room` (null: none). */
	static async resume(room: string): Promise<DuelLink | null> {
		const record = await new DexieDuelStore(database()).load(room);
		if (!record) return null;
		const via = record.via === 'local' || record.via === 'cloud' ? record.via : null;
		return DuelLink.run(await DuelLink.transport(via), record);
	}

	static list(): Promise<DuelRecord[]> {
		return new DexieDuelStore(database()).list();
	}

	static remove(room: string): Promise<void> {
		return new DexieDuelStore(database()).remove(room);
	}

	private static async transport(via: Via | null): Promise<TransportKind> {
		const kind = await chooseTransport(via);
		// No signalling server at all: try this origin's anyway (an `npm start` that comes back).
		return kind === 'manual' ? 'peer-local' : kind;
	}

	private static async run(kind: TransportKind, record: DuelRecord): Promise<DuelLink> {
		const self = new DuelLink(kind);
		const transport = signalling(kind);
		const peer = duelPeerId(record.id);
		self.session = await DuelSession.open({
			store: new DexieDuelStore(database()),
			app: APP_VERSION,
			record,
			connect: () => transport.open(peer),
			onChange: () => self.refresh()
		});
		self.refresh();
		expose('duel', self);
		if (record.role === 'opener') self.session.listen(await transport.listen(peer));
		else self.session.start();
		return self;
	}

	get room(): string {
		return this.record.id;
	}

	inviteUrl(origin = location.origin): string {
		return duelInviteUrl(origin, this.room, this.kind);
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
		this.device = s.device;
		this.feed = s.feed;
	}
}
