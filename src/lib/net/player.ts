/**
 * The phone's side of the table. Every join begins with the host proving the table's key
 * (pin.ts): a host whose key is not the pinned one is an impostor — the phone says so, tells it
 * nothing, and keeps trying for the real tablet with its seat intact. Then it proves its seat
 * (an HMAC keyed by the seat key, never the key), or asks for one and waits for the master.
 * It joins with its name (and, once it has one, its seat),
 * keeps the events of its seat in the host's order and on the device, and rejoins by itself
 * when the link is lost — saying how many events it has, so it receives exactly the ones it
 * missed. A command is numbered and kept until answered, and sent again after a rejoin; the
 * host answers a repeated number without applying it twice.
 */
import type { Replay } from '../engine/game/reveal';
import type { Command, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import { Channel, type ChannelOptions } from './channel';
import { Pause, reconnect } from './reconnect';
import type { Link } from './link';
import { PASSING_REFUSALS, PROTOCOL_VERSION, newNonce, readHostFrame, type HostMessage, type PlayerMessage, type Refusal } from './protocol';
import type { PhoneStore } from './session-records';
import type { CommandResult, Membership, UpdateView } from '../store/records';
import { Saver, type SaveStatus } from '../store/saver';

export type PlayerStatus = 'connecting' | 'waiting' | 'joined' | 'away' | 'refused' | 'closed';

/**
 * What is wrong without ending the seat: the host answering is not the pinned tablet
 * (`impostor`; `firstMet` when the pinned key is only the first one this phone met, the code
 * typed: then it may be the stranger's), the tablet could not save the phone's command (`not_saved`, sent again), or the
 * table's waiting list is full (`waiting_full`, tried again).
 */
export type PlayerTrouble = { kind: 'impostor'; firstMet: boolean } | { kind: 'not_saved'; detail: string } | { kind: 'waiting_full' };

export interface PlayerOptions {
	room: string;
	/** This build's version, checked by the host. */
	app: string;
	name: string;
	/** The fingerprint of the table's key, from the invitation (null: typed by hand; the first host met is pinned). */
	pin?: string | null;
	store: PhoneStore;
	/** Opens a new link to the host (called again for every rejoin). */
	connect: () => Promise<Link>;
	/** Rejoin by itself after a loss (false for links set up by QR codes, which cannot be redone alone). */
	rejoin?: boolean;
	/** Waits between attempts to rejoin, the last one repeating. */
	retryMs?: number[];
	/** Wait before a command the tablet could not save is sent again. */
	resendMs?: number;
	/** A link on which no proof of the table's key came this long after the hello is dropped (and tried again). */
	proofMs?: number;
	channel?: ChannelOptions;
	onChange?: () => void;
}

export class PlayerSession {
	status: PlayerStatus = 'connecting';
	refusal: Refusal | null = null;
	/** The host's version, when it refused ours. */
	hostApp: string | null = null;
	here: boolean[] = [];
	channel: Channel<HostMessage, PlayerMessage> | null = null;
	/** When the link was last lost (for the "away" notice). */
	lostAt: number | null = null;
	/** Joins made (the first one included). */
	joins = 0;
	/** What is wrong now without ending the seat (cleared when it is over). */
	trouble: PlayerTrouble | null = null;
	private membership: Membership;
	private closed = false;
	private readonly waiting = new Map<number, (result: CommandResult) => void>();
	private saving: Promise<unknown> = Promise.resolve();
	/**
	 * What the phone heard, kept in the background (its events, names, view, reveal): a refused
	 * write is told (`saveStatus`) and tried again (store/saver.ts), the seat kept in memory meanwhile.
	 */
	private readonly keeper = new Saver<null>(
		() => this.write(),
		(status) => {
			this.saveStatus = status;
			this.changed();
		}
	);
	/** Whether what was heard is on the device: `failed` with the problem while a write is refused. */
	saveStatus: SaveStatus = { state: 'saved' };
	private readonly pause = new Pause();
	private readonly watchers = new Set<() => void>();
	/**
	 * The handshake's crypto (pin.ts, ~16 KB gzip), fetched as the session opens, alongside the
	 * first connection, so the join screen itself shows without waiting for it.
	 */
	private readonly crypto = import('./pin');
	/** Messages are handled one after another, even while the crypto is still on its way. */
	private inbox: Promise<void> = Promise.resolve();

	private constructor(
		private readonly options: PlayerOptions,
		membership: Membership
	) {
		this.membership = membership;
	}

	/** A session for `room`, with what this phone kept of it; call `start` to connect. */
	static async open(options: PlayerOptions): Promise<PlayerSession> {
		const kept = await options.store.load(options.room);
		const membership: Membership = kept ?? {
			room: options.room,
			name: options.name,
			key: null,
			seat: null,
			events: [],
			nextCmd: 1,
			pending: null,
			updatedAt: Date.now()
		};
		// The pin kept with the seat wins over an address's: a link cannot re-pin a seat.
		if (!membership.pin && options.pin) membership.pin = options.pin;
		return new PlayerSession(options, membership);
	}

	get seat(): number | null {
		return this.membership.seat;
	}

	get name(): string {
		return this.membership.name;
	}

	/** The seat's events: one array, grown in place as updates come (`watch` tells when). */
	get events(): readonly GameEvent[] {
		return this.membership.events;
	}

	/** The fingerprint of the tablet this phone believes (null until the first proof when the invitation had none). */
	get pin(): string | null {
		return this.membership.pin ?? null;
	}

	get pending(): Command | null {
		return this.membership.pending?.command ?? null;
	}

	// What the phone last heard, kept with the seat (a reload shows it before the host answers).
	get names(): string[] {
		return this.membership.names ?? [];
	}

	get started(): boolean {
		return this.membership.started ?? false;
	}

	get view(): UpdateView | null {
		return this.membership.view ?? null;
	}

	/** The plan, sent once the game is over (the reveal). */
	get plan(): Plan | null {
		return this.membership.reveal?.plan ?? null;
	}

	/** The game step by step, sent with the plan (absent for a game too long to send). */
	get replay(): Replay | null {
		return this.membership.reveal?.replay ?? null;
	}

	/**
	 * Connects, and keeps reconnecting until closed or refused. A seat whose table the tablet said
	 * was closed is not looked for again: it says so at once, with what it heard.
	 */
	start(): void {
		if (this.membership.closed) {
			this.status = 'refused';
			this.refusal = 'closed';
			this.changed();
			return;
		}
		void this.loop();
	}

	/** The tablet said this seat's table is closed (the master opened a new one). */
	get tableClosed(): boolean {
		return this.membership.closed === true;
	}

	/** Sends a command of this seat; resolves with the host's answer (after a rejoin if need be). */
	async send(command: Command): Promise<CommandResult> {
		if (this.membership.pending) return { ok: false, reason: 'busy' };
		// a table closed for a new one answers nothing: no command is kept to wait for ever
		if (this.membership.closed) return { ok: false, reason: 'closed' };
		const id = this.membership.nextCmd;
		const before = this.membership;
		this.membership = { ...this.membership, nextCmd: id + 1, pending: { id, command } };
		try {
			await this.write();
		} catch (error) {
			// Not kept, so not sent: the seat is as it was and the caller says why.
			this.membership = before;
			throw error;
		}
		const answer = new Promise<CommandResult>((resolve) => this.waiting.set(id, resolve));
		if (this.status === 'joined') this.channel?.send({ type: 'command', id, command });
		this.changed();
		return answer;
	}

	/** Drops the link now (as a phone going out of range would); the session rejoins by itself. */
	drop(): void {
		this.channel?.close();
	}

	close(): void {
		this.closed = true;
		this.status = 'closed';
		this.channel?.close();
		this.pause.wake();
		this.changed();
	}

	private async loop(): Promise<void> {
		await reconnect({
			waits: this.options.retryMs,
			pause: this.pause,
			stopped: () => this.closed || this.isRefused(),
			before: () => {
				this.status = this.joins > 0 ? 'away' : 'connecting';
				this.changed();
			},
			attempt: async () => {
				const link = await this.options.connect();
				if (this.closed) {
					link.close();
					return false;
				}
				const joinsBefore = this.joins;
				await this.run(link);
				return this.joins > joinsBefore;
			},
			lost: () => {
				if (this.options.rejoin === false) return false;
				this.lostAt ??= Date.now();
				this.status = 'away';
				this.changed();
				return true;
			}
		});
		if (!this.closed && !this.isRefused()) {
			this.status = 'away';
			this.changed();
		}
	}

	/** Read through a method: the status changes while the loop awaits. */
	private isRefused(): boolean {
		return this.status === 'refused';
	}

	/** Runs one link until it ends. */
	private run(link: Link): Promise<void> {
		const channel = new Channel<HostMessage, PlayerMessage>(link, readHostFrame, this.options.channel);
		this.channel = channel;
		this.proved = false;
		return new Promise((resolve) => {
			/** Joined when the link went quiet: joined again when the tablet is heard on it. */
			let quietJoined = false;
			channel.on((event) => {
				if (event.type === 'message') {
					const message = event.message;
					this.inbox = this.inbox.then(() => this.receive(channel, message)).catch(() => undefined);
				} else if (event.type === 'quiet') {
					// A direct link gone quiet is kept: the tablet is away until it is heard again on it.
					if (this.status === 'joined') {
						quietJoined = true;
						this.status = 'away';
						this.lostAt ??= Date.now();
						this.changed();
					}
				} else if (event.type === 'heard') {
					if (quietJoined && this.status === 'away') {
						quietJoined = false;
						this.status = 'joined';
						this.lostAt = null;
						// a command made while the tablet was away goes now (answered once however often it is sent)
						const pending = this.membership.pending;
						if (pending) channel.send({ type: 'command', id: pending.id, command: pending.command });
						this.changed();
					}
				} else if (event.type === 'lost' || event.type === 'closed') {
					if (this.channel === channel) this.channel = null;
					resolve();
				}
			});
			this.hello(channel);
			// Something that answers under the room's id and never proves the table's key holds the
			// link for nothing: dropped, and the real tablet looked for again.
			const deadline = setTimeout(() => {
				if (!this.proved && this.channel === channel) channel.close();
			}, this.options.proofMs ?? 10_000);
			channel.on((event) => {
				if (event.type === 'lost' || event.type === 'closed') clearTimeout(deadline);
			});
		});
	}

	/** This link's challenge, and whether the host answered it with the pinned table's key. */
	private nonce = '';
	private proved = false;

	private hello(channel: Channel<HostMessage, PlayerMessage>): void {
		const m = this.membership;
		this.nonce = newNonce();
		this.proved = false;
		channel.send({
			type: 'hello',
			protocol: PROTOCOL_VERSION,
			app: this.options.app,
			name: m.name,
			...(m.key && m.seat !== null ? { seat: m.seat } : {}),
			nonce: this.nonce,
			have: m.events.length
		});
	}

	/**
	 * The host's proof: the pinned key (or, with no pin yet, the first key met, pinned now) and its
	 * signature over this handshake. Anything else is an impostor: the link is dropped unanswered.
	 */
	private async proof(channel: Channel<HostMessage, PlayerMessage>, message: Extract<HostMessage, { type: 'proof' }>): Promise<void> {
		const { checkHostProof, fingerprint, seatProof } = await this.crypto;
		if (this.closed) return;
		const pin = this.membership.pin ?? fingerprint(message.key);
		if (!checkHostProof(pin, message.key, message.sig, this.options.room, this.nonce, message.nonce)) {
			this.trouble = { kind: 'impostor', firstMet: this.membership.firstMet === true };
			channel.close();
			return;
		}
		this.proved = true;
		if (this.trouble?.kind === 'impostor') this.trouble = null;
		if (!this.membership.pin) {
			this.membership = { ...this.membership, pin, firstMet: true };
			this.save();
		}
		const m = this.membership;
		channel.send(m.key && m.seat !== null ? { type: 'prove', mac: seatProof(m.key, this.options.room, this.nonce, message.nonce) } : { type: 'prove' });
	}

	private async receive(channel: Channel<HostMessage, PlayerMessage>, message: HostMessage): Promise<void> {
		// A message that came in just before the person left is handled after it (the inbox is a
		// queue): a closed session hears nothing more, so that nothing brings it back (waiting,
		// joined) or keeps a seat its person left.
		if (this.closed) return;
		// Until the host has proved the table's key, only its proof (or a refusal) is heard.
		if (!this.proved && message.type !== 'proof' && message.type !== 'refused') return;
		switch (message.type) {
			case 'proof':
				await this.proof(channel, message);
				break;
			case 'waiting':
				this.status = 'waiting';
				if (this.trouble?.kind === 'waiting_full') this.trouble = null;
				break;
			case 'welcome': {
				// A seat held is welcomed as itself, without its key again; a new one comes with its key.
				// Anything else no tablet of this build says: the seat is kept as it is, the link dropped.
				const held = this.membership.key !== null && this.membership.seat !== null;
				if (held ? message.seat !== this.membership.seat || message.key !== undefined : message.key === undefined) {
					channel.close();
					return;
				}
				this.status = 'joined';
				if (this.trouble?.kind === 'waiting_full') this.trouble = null;
				this.joins++;
				this.lostAt = null;
				this.membership = { ...this.membership, key: message.key ?? this.membership.key, seat: message.seat };
				this.save();
				const pending = this.membership.pending;
				if (pending) channel.send({ type: 'command', id: pending.id, command: pending.command });
				break;
			}
			case 'refused': {
				if (message.reason === 'busy' || message.reason === 'rate_limited') {
					// the table's waiting list is full (strangers may be filling it): say so, not "no table"
					if (message.reason === 'busy') this.trouble = { kind: 'waiting_full' };
					channel.close(); // try again later
					break;
				}
				// Only the proved tablet can end the seat (an impostor's refusal is not heard).
				if (PASSING_REFUSALS.includes(message.reason) || !this.proved) break;
				this.status = 'refused';
				this.refusal = message.reason;
				this.hostApp = message.app ?? null;
				// kept with the seat: a reload says it again without looking for a table that is gone
				if (message.reason === 'closed') {
					this.membership = { ...this.membership, closed: true };
					this.save();
				}
				channel.close();
				break;
			}
			case 'table':
				this.here = message.here;
				this.membership = { ...this.membership, names: message.names, started: message.started };
				this.save();
				break;
			case 'update': {
				// Only the seat's own view is kept (a view of another seat is no tablet's).
				if (message.view.seat !== this.membership.seat) {
					channel.close();
					return;
				}
				const have = this.membership.events.length;
				if (message.from > have) {
					// A gap (it should not happen): ask again from what we have.
					this.hello(channel);
					break;
				}
				// The contour and the settings come with a connection's first update: kept from there.
				const kept = this.membership.view;
				const { shape, settings } = message.view;
				if (!(shape && settings) && !kept) {
					// Nothing to take them from (it should not happen): ask again, as a new connection.
					this.hello(channel);
					break;
				}
				const view: UpdateView = { ...message.view, shape: shape ?? kept!.shape, settings: settings ?? kept!.settings };
				// Appended in place, not copied: a move costs the same at the 4,000th event as at the 10th
				// (issue 19). The screens hear of it through `changed` and read `events` again.
				const events = this.membership.events;
				for (let i = have - message.from; i < message.events.length; i++) events.push(message.events[i]!);
				this.membership = { ...this.membership, view, started: true };
				this.save();
				break;
			}
			case 'reveal':
				// Only once its own view says the game is over (the tablet sends the reveal right after that
				// update): before then no tablet of this build sends it, and it is not kept.
				if (this.membership.view?.phase !== 'over') return;
				this.membership = { ...this.membership, reveal: { plan: message.plan, replay: message.replay ?? null } };
				this.save();
				break;
			case 'result': {
				if (message.reason === 'not_saved') {
					// Not applied: said, and sent again after a while (on this link, or after a rejoin).
					this.trouble = { kind: 'not_saved', detail: message.detail ?? '' };
					this.resendLater(channel, message.id);
					break;
				}
				if (this.trouble?.kind === 'not_saved') this.trouble = null;
				const pending = this.membership.pending;
				if (pending && pending.id === message.id) {
					this.membership = { ...this.membership, pending: null };
					this.save();
				}
				const resolve = this.waiting.get(message.id);
				this.waiting.delete(message.id);
				resolve?.(message.reason === undefined ? { ok: message.ok } : { ok: message.ok, reason: message.reason });
				break;
			}
		}
		this.changed();
	}

	private resendLater(channel: Channel<HostMessage, PlayerMessage>, id: number): void {
		setTimeout(() => {
			const pending = this.membership.pending;
			if (this.closed || this.channel !== channel || this.status !== 'joined' || pending?.id !== id) return;
			channel.send({ type: 'command', id: pending.id, command: pending.command });
		}, this.options.resendMs ?? 2000);
	}

	/** Keeps the seat as it is when its turn comes (in order after earlier saves, so never an older one last); rejects if the device refuses. */
	private write(): Promise<void> {
		const written = this.saving.then(() => this.options.store.save({ ...this.membership, updatedAt: Date.now() }));
		this.saving = written.catch(() => undefined);
		return written;
	}

	/** A save in the background (what was heard), through the Saver: a refusal is told and tried again. */
	private save(): void {
		this.keeper.save(null);
	}

	/** Tries a refused background save again now. */
	retrySave(): void {
		this.keeper.retryNow();
	}

	/** Done when everything received so far is on the device (or a write of it was refused). */
	async saved(): Promise<unknown> {
		await this.saving;
		return this.keeper.flush();
	}

	/** Calls `listener` after every change (status, table, events, answers); returns the unsubscribe. */
	watch(listener: () => void): () => void {
		this.watchers.add(listener);
		return () => this.watchers.delete(listener);
	}

	private changed(): void {
		this.options.onChange?.();
		for (const listener of [...this.watchers]) listener();
	}
}
