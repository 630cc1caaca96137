/**
 * The phone's side of the table. It joins with its name (and, once it has one, its seat key),
 * keeps the events of its seat in the host's order and on the device, and rejoins by itself
 * when the link is lost — saying how many events it has, so it receives exactly the ones it
 * missed. A command is numbered and kept until answered, and sent again after a rejoin; the
 * host answers a repeated number without applying it twice.
 */
import type { Replay } from '../engine/game/reveal';
import type { Command, GameEvent } from '../engine/game/types';
import type { Plan } from '../engine/plan/types';
import { Channel, type ChannelOptions } from './channel';
import { Pause } from './pause';
import type { Link } from './link';
import { PROTOCOL_VERSION, readHostFrame, type HostMessage, type PlayerMessage, type Refusal, type UpdateView } from './protocol';
import type { CommandResult, Membership, PhoneStore } from './store';

export type PlayerStatus = 'connecting' | 'joined' | 'away' | 'refused' | 'closed';

export interface PlayerOptions {
	room: string;
	/** This build's version, checked by the host. */
	app: string;
	name: string;
	store: PhoneStore;
	/** Opens a new link to the host (called again for every rejoin). */
	connect: () => Promise<Link>;
	/** Rejoin by itself after a loss (false for links set up by QR codes, which cannot be redone alone). */
	rejoin?: boolean;
	/** Waits between attempts to rejoin, the last one repeating. */
	retryMs?: number[];
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
	private membership: Membership;
	private closed = false;
	private readonly waiting = new Map<number, (result: CommandResult) => void>();
	private saving: Promise<unknown> = Promise.resolve();
	private readonly pause = new Pause();
	private readonly watchers = new Set<() => void>();

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
		return new PlayerSession(options, membership);
	}

	get seat(): number | null {
		return this.membership.seat;
	}

	get name(): string {
		return this.membership.name;
	}

	get events(): readonly GameEvent[] {
		return this.membership.events;
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

	/** Connects, and keeps reconnecting until closed or refused. */
	start(): void {
		void this.loop();
	}

	/** Sends a command of this seat; resolves with the host's answer (after a rejoin if need be). */
	async send(command: Command): Promise<CommandResult> {
		if (this.membership.pending) return { ok: false, reason: 'busy' };
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
		const waits = this.options.retryMs ?? [300, 1000, 2000, 3000];
		let attempt = 0;
		while (!this.closed && !this.isRefused()) {
			this.status = this.joins > 0 ? 'away' : 'connecting';
			this.changed();
			try {
				const link = await this.options.connect();
				if (this.closed) {
					link.close();
					break;
				}
				const joinsBefore = this.joins;
				await this.run(link);
				if (this.joins > joinsBefore) attempt = 0;
			} catch {
				// The host cannot be reached (yet): try again below.
			}
			if (this.closed || this.isRefused() || this.options.rejoin === false) break;
			this.lostAt ??= Date.now();
			this.status = 'away';
			this.changed();
			await this.pause.for(waits[Math.min(attempt, waits.length - 1)]!);
			attempt++;
		}
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
		return new Promise((resolve) => {
			channel.on((event) => {
				if (event.type === 'message') this.receive(channel, event.message);
				else if (event.type === 'lost' || event.type === 'closed') {
					if (this.channel === channel) this.channel = null;
					resolve();
				}
			});
			this.hello(channel);
		});
	}

	private hello(channel: Channel<HostMessage, PlayerMessage>): void {
		const m = this.membership;
		channel.send({
			type: 'hello',
			protocol: PROTOCOL_VERSION,
			app: this.options.app,
			name: m.name,
			...(m.key ? { key: m.key } : {}),
			have: m.events.length
		});
	}

	private receive(channel: Channel<HostMessage, PlayerMessage>, message: HostMessage): void {
		switch (message.type) {
			case 'welcome': {
				this.status = 'joined';
				this.joins++;
				this.lostAt = null;
				this.membership = { ...this.membership, key: message.key, seat: message.seat };
				void this.save();
				const pending = this.membership.pending;
				if (pending) channel.send({ type: 'command', id: pending.id, command: pending.command });
				break;
			}
			case 'refused': {
				if (message.reason === 'not_joined' || message.reason === 'malformed') break;
				this.status = 'refused';
				this.refusal = message.reason;
				this.hostApp = message.app ?? null;
				channel.close();
				break;
			}
			case 'table':
				this.here = message.here;
				this.membership = { ...this.membership, names: message.names, started: message.started };
				void this.save();
				break;
			case 'update': {
				const have = this.membership.events.length;
				if (message.from > have) {
					// A gap (it should not happen): ask again from what we have.
					this.hello(channel);
					break;
				}
				const fresh = message.events.slice(have - message.from);
				this.membership = { ...this.membership, view: message.view, started: true, events: fresh.length > 0 ? [...this.membership.events, ...fresh] : this.membership.events };
				void this.save();
				break;
			}
			case 'reveal':
				this.membership = { ...this.membership, reveal: { plan: message.plan, replay: message.replay ?? null } };
				void this.save();
				break;
			case 'result': {
				const pending = this.membership.pending;
				if (pending && pending.id === message.id) {
					this.membership = { ...this.membership, pending: null };
					void this.save();
				}
				const resolve = this.waiting.get(message.id);
				this.waiting.delete(message.id);
				resolve?.(message.reason === undefined ? { ok: message.ok } : { ok: message.ok, reason: message.reason });
				break;
			}
		}
		this.changed();
	}

	/** Keeps the seat as it is now (in order after earlier saves); rejects if the device refuses. */
	private write(): Promise<void> {
		const snapshot = { ...this.membership, updatedAt: Date.now() };
		const written = this.saving.then(() => this.options.store.save(snapshot));
		this.saving = written.catch(() => undefined);
		return written;
	}

	/** A save in the background (what was heard): one refused is made good by the host's resend after a rejoin. */
	private save(): Promise<unknown> {
		return this.write().catch(() => undefined);
	}

	/** Done when everything received so far is on the device. */
	saved(): Promise<unknown> {
		return this.saving;
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
