/**
 * The phone's seat at a table as the player's screen sees it: a reactive wrapper around the
 * player's session, with the device's seat store (seat-store.ts) and the transport chosen automatically (or by
 * hand, connect.ts). Kept apart from the tablet's table (table.svelte.ts) so a phone downloads
 * neither the host's session nor the rule engine; the QR-code path (no server) loads its
 * offer/answer code only when it is used.
 */
import { createSubscriber } from 'svelte/reactivity';
import type { Command, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import type { Replay } from '../engine/game/reveal';
import { APP_VERSION, chooseTransport, expose, signalling, type Via } from './connect';
import type { Diagnostics } from './diagnostics';
import type { Link, TransportKind } from './link';
import { PlayerSession, type PlayerStatus, type PlayerTrouble } from './player';
import { hostPeerId, type Refusal } from './protocol';
import { SeatStore } from './seat-store';
import type { PhoneStore } from './session-records';
import type { CommandResult, UpdateView } from '../store/records';
import { saveProblemText } from '../i18n/save';
import { namesInLanguage } from '../i18n/default-names';
import { getLocale } from '../paraglide/runtime.js';
import { saveProblem, type SaveProblem } from '../store/saver';

let seatStore: SeatStore | null = null;
/** The device's seats, opened on first use. */
const seats = () => (seatStore ??= new SeatStore());

/**
 * The session's state is read through getters: each read inside an effect subscribes to the
 * session once (`createSubscriber`), and the session's every change redraws what read it.
 */
export class SeatLink {
	readonly kind: TransportKind;
	session!: PlayerSession;
	#changed: (() => void) | null = null;
	readonly #subscribe = createSubscriber((update) => {
		this.#changed = update;
		return () => (this.#changed = null);
	});

	private constructor(kind: TransportKind) {
		this.kind = kind;
	}

	/** The session, read by an effect (which then follows its changes). */
	get #s(): PlayerSession {
		this.#subscribe();
		return this.session;
	}
	get status(): PlayerStatus {
		return this.#s.status;
	}
	get refusal(): Refusal | null {
		return this.#s.refusal;
	}
	get hostApp(): string | null {
		return this.#s.hostApp;
	}
	get seat(): number | null {
		return this.#s.seat;
	}
	/**
	 * The players' names as this phone's reader reads them: a seat nobody named ("Computer 2",
	 * "Player 3", sent in the tablet's language) in the phone's language; a name a person typed
	 * as typed.
	 */
	get names(): string[] {
		const from = this.#s.names;
		const locale = getLocale();
		// the same array while neither the names nor the language changed (the screens redraw on a new one)
		if (this.#shown?.from !== from || this.#shown.locale !== locale) this.#shown = { from, locale, names: namesInLanguage(from) };
		return this.#shown.names;
	}
	#shown: { from: string[]; locale: string; names: string[] } | null = null;
	get here(): boolean[] {
		return this.#s.here;
	}
	get started(): boolean {
		return this.#s.started;
	}
	get view(): UpdateView | null {
		return this.#s.view;
	}
	/** The plan, once the game is over (the reveal). */
	get plan(): Plan | null {
		return this.#s.plan;
	}
	/** The game step by step, with the plan (the reveal's scrubber). */
	get replay(): Replay | null {
		return this.#s.replay;
	}
	get events(): readonly GameEvent[] {
		return this.#s.events;
	}
	get pending(): Command | null {
		return this.#s.pending;
	}
	/** The fingerprint of the table's key this phone believes (its mark is shown to compare). */
	get pin(): string | null {
		return this.#s.pin;
	}
	/** What is wrong without ending the seat: an impostor answering, the tablet unable to save. */
	get trouble(): PlayerTrouble | null {
		return this.#s.trouble;
	}

	/** Joins `room` through a signalling server (and rejoins by itself). */
	static async join(options: { room: string; name: string; via?: Via | null; pin?: string | null }): Promise<SeatLink> {
		const kind = await chooseTransport(options.via ?? null);
		if (kind === 'manual') throw new Error('manual');
		const transport = signalling(kind);
		return SeatLink.over(kind, options.room, options.name, options.pin ?? null, () => transport.open(hostPeerId(options.room)), true);
	}

	/** No server: answers the tablet's offer; show `answer` to the tablet; the seat opens once it is read. */
	static async joinByOffer(options: { room: string; name: string; offer: string; pin?: string | null }): Promise<{ answer: string; seat: SeatLink }> {
		const { answerOffer } = await import('./manual');
		const { code, link } = await answerOffer(options.offer);
		let used = false;
		const connect = async (): Promise<Link> => {
			if (used) throw new Error('a QR link cannot be made again alone');
			used = true;
			return link;
		};
		const seat = await SeatLink.over('manual', options.room, options.name, options.pin ?? null, connect, false);
		return { answer: code, seat };
	}

	/** The seat this phone already holds in `room`, if any (a reload goes straight back to it). */
	static async kept(room: string): Promise<{ name: string; seat: number | null } | null> {
		// the head alone: the session loads the seat whole (its events) once, as it opens
		const m = await seats().head(room);
		return m && m.key ? { name: m.name, seat: m.seat } : null;
	}

	/** The seat this phone holds whose game is not over nor its table closed, newest first (/join opened bare goes back to it). */
	static async latest(): Promise<{ room: string; name: string } | null> {
		const held = (await seats().list()).find((m) => m.key && m.view?.phase !== 'over' && !m.closed);
		return held ? { room: held.room, name: held.name } : null;
	}

	/** Forgets this phone's seat in `room` (the host no longer knows its key): it may join afresh. */
	static async forget(room: string): Promise<void> {
		await seats().forget(room);
	}

	/**
	 * A seat over links `connect` makes (a signalling server's, a QR code's, the memory network's
	 * in tests), kept in the device's seats (or `store`).
	 */
	static async over(kind: TransportKind, room: string, name: string, pin: string | null, connect: () => Promise<Link>, rejoin: boolean, store: PhoneStore = seats()): Promise<SeatLink> {
		const self = new SeatLink(kind);
		self.session = await PlayerSession.open({
			room,
			app: APP_VERSION,
			name,
			pin,
			store,
			connect,
			rejoin,
			onChange: () => self.#changed?.()
		});
		self.session.start();
		expose('seat', self);
		return self;
	}

	/** A command this phone would not store is not sent: the answer says why, in words. */
	send(command: Command): Promise<CommandResult> {
		return this.session.send(command).catch((error: unknown) => ({ ok: false, reason: saveProblemText(saveProblem(error)) }));
	}

	async diagnostics(): Promise<Diagnostics | null> {
		const channel = this.session.channel;
		if (!channel) return null;
		// loaded when the panel is first opened
		const { diagnose } = await import('./diagnostics');
		return diagnose(this.kind, channel.stats, channel.link);
	}

	close(): void {
		this.session.close();
	}

	/** What this phone heard and could not keep on the device (told, tried again): null while all is kept. */
	get keepProblem(): SaveProblem | null {
		const status = this.#s.saveStatus;
		return status.state === 'failed' ? status.problem : null;
	}

	/** Tries again now to keep what was heard. */
	retrySave(): void {
		this.session.retrySave();
	}
}
