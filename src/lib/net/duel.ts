/**
 * The duel on two phones (seeds 001/004): two symmetric devices, no master. Each device
 * referees the labyrinth its owner drew (the engine's `refereeOpponent`) and follows its own
 * moves through the answers (`ownMoveAnswered`); the plan itself never leaves the device until
 * the game is over (`reveal`).
 *
 * One device opens a room (the opener, player 0: it listens under the room's stable id and
 * proposes the settings and the match seed), the other joins it (player 1: it connects, and
 * reconnects by itself). After `hello`/`welcome` the messages are only:
 *
 * Each phone pins the other (pin.ts): the joiner's `hello` carries its public key and a nonce;
 * the opener answers with `proof` (its public key, its nonce, its signature over the room and
 * both nonces), which the joiner checks against the pin its invitation carried (or pins, when
 * the room code was typed); only then the joiner signs the same handshake (`prove`), which the
 * opener checks against the joiner it pinned at the first proof. No secret crosses the link: a
 * phone that took the other's place learns nothing, is told so in words, and the seat is kept.
 *
 *   start { cell }          my start in your labyrinth (public, 3.1)  → started { reply }
 *   move { n, actions }     exchange n of the game: my move           → answer { n, reply }
 *   refused { of, n?, reason }  the command was not accepted; nothing changed on either side
 *   reveal { plan }         once the game is over: my plan, for the reveal
 *
 * The game is a list of exchanges (who moved, what, and the answer), the same on both devices:
 * the owner of the labyrinth stores an exchange (on disk) before answering it, the mover when
 * the answer arrives. A command is kept until answered and sent again on every reconnection;
 * the other side answers an exchange it already has from its record, never twice. Every
 * message is checked against a schema on arrival (valibot); a malformed one is refused.
 *
 * This file is the session (the links, the handshake, the order of things); each device's two
 * roles in the game are apart: the owner refereeing the opponent in its labyrinth
 * (duel-owner.ts) and the walker following its own moves in the opponent's (duel-walker.ts).
 * The frames' schemas are duel-wire.ts, the record each device keeps (and the device and feed
 * rebuilt from it) duel-record.ts.
 */
import type { Action, GameEvent } from '../engine/game/types';
import { parsePlanJson, serializePlan } from '../engine/plan/format-json';
import { resolveSettings } from '../engine/game/settings';
import type { DuelDevice, Player } from '../engine/rules/duel/match';
import { deviceReveal, duelRevealOpen } from '../engine/rules/duel/reveal';
import { Channel, type ChannelOptions } from './channel';
import { Allowance, HANDSHAKE_MS, MAX_HANDSHAKES, MAX_HELD, MAX_HELLOS, MAX_REFUSED_FRAMES, phoneRate, refusalAllowance } from './limits';
import { Pause, reconnect } from './reconnect';
import type { Link, Listener } from './link';
import { PROTOCOL_VERSION, newNonce } from './protocol';
import { snapshot } from '../store/snapshot';
import { readDuelFrame, type DuelMessage, type WireActions } from './duel-wire';
import { deviceOf, duelFeed, type DuelStore } from './duel-record';
import type { DuelRecord } from '../store/records';
import { theirMove, theirStart, type Ruling } from './duel-owner';
import { bothStarted, commandRefused, mayMove, moveAnswered, startAnswered, unanswered } from './duel-walker';

export type DuelStatus = 'waiting' | 'connecting' | 'here' | 'away' | 'refused' | 'closed';
/**
 * What is wrong without ending the duel: the joiner met a phone that is not the opener it pinned
 * (`impostor`: it told it nothing and keeps looking for the real one), or a phone that is not
 * the joiner the opener pinned tried to take its place (`stranger`: refused; its name as it gave it).
 */
export type DuelTrouble = { kind: 'impostor' } | { kind: 'stranger'; name: string };
export type DuelResult = { ok: true } | { ok: false; reason: string };

export interface DuelOptions {
	store: DuelStore;
	record: DuelRecord;
	/** This build's version (both must run the same). */
	app: string;
	/** The joiner's way to the opener (called again for every reconnection). */
	connect?: () => Promise<Link>;
	retryMs?: number[];
	channel?: ChannelOptions;
	onChange?: () => void;
	/** The opener: how long a link may take to prove it is the joiner (`HANDSHAKE_MS`). */
	handshakeMs?: number;
}

/** What the opener keeps of a link that is not (yet) its joiner's. */
interface Stranger {
	hellos: number;
	refusals: Allowance;
	refusedFrames: number;
}

export class DuelSession {
	status: DuelStatus;
	/** Why the last command of mine (or the hello) was refused, a reason code. */
	refusal: string | null = null;
	/** Messages of the other device refused here, by reason (diagnostics, tests). */
	readonly refusals = new Map<string, number>();
	channel: Channel<DuelMessage, DuelMessage> | null = null;
	/** What is wrong now without ending the duel (see DuelTrouble). */
	trouble: DuelTrouble | null = null;
	private rec: DuelRecord;
	private dev: DuelDevice | null;
	private queue: Promise<unknown> = Promise.resolve();
	private readonly waiting = new Map<string, (r: DuelResult) => void>();
	private closed = false;
	/** The joiner is welcomed on the current link (commands may flow). */
	private ready = false;
	private readonly pause = new Pause();
	private revealSent = false;
	/** The opponent's next move, come before the answer to mine that precedes it (both sent again after a reconnection). */
	private early: { channel: Channel<DuelMessage, DuelMessage>; n: number; actions: Action[] } | null = null;
	/** The opponent's plan, come before the answer that ends the game. */
	private heldReveal: string | null = null;
	private readonly watchers = new Set<() => void>();
	private readonly unlisten: (() => void)[] = [];
	/** My public key (from `record.secret`). */
	private readonly publicKey: string;
	/** The opener: the handshakes under way, by link (the joiner's hello and my nonce). */
	private readonly handshakes = new WeakMap<Channel<DuelMessage, DuelMessage>, { key: string; name: string; joinerNonce: string; nonce: string }>();
	/** The opener: the links still in their handshake, oldest first, with what each has used of its allowance (limits.ts). */
	private readonly strangers = new Map<Channel<DuelMessage, DuelMessage>, Stranger>();
	/** The joiner: this link's challenge, and the link on which the opener proved its key. */
	private nonce = '';
	private provedOn: Channel<DuelMessage, DuelMessage> | null = null;

	private constructor(
		private readonly options: DuelOptions,
		private readonly crypto: typeof import('./pin')
	) {
		this.rec = snapshot(options.record);
		this.dev = deviceOf(this.rec);
		this.status = this.rec.role === 'opener' ? 'waiting' : 'connecting';
		this.publicKey = crypto.publicKeyOf(this.rec.secret!);
	}

	/**
	 * Opens the duel kept on the device under `record.id`, or starts `record` afresh; a duel
	 * without a key of its own gets one, kept before any link is made (so the other phone pins it once).
	 */
	static async open(options: DuelOptions): Promise<DuelSession> {
		// The handshake's crypto comes with the duel, not with its lobby.
		const crypto = await import('./pin');
		const kept = await options.store.load(options.record.id);
		let record = kept ?? options.record;
		if (!record.secret) record = { ...record, secret: crypto.newTableSecret() };
		if (!kept || record !== kept) await options.store.save(record);
		return new DuelSession({ ...options, record }, crypto);
	}

	/** The fingerprint of my key: the opener's invitation and QR codes carry it. */
	get pin(): string {
		return this.crypto.fingerprint(this.publicKey);
	}

	get record(): DuelRecord {
		return this.rec;
	}
	get device(): DuelDevice | null {
		return this.dev;
	}
	get me(): Player {
		return this.rec.me;
	}
	get feed(): GameEvent[] {
		return duelFeed(this.rec);
	}
	/** Both starts chosen and known here: moves may begin. */
	get started(): boolean {
		return bothStarted(this.rec);
	}
	get winner(): Player | null {
		return this.dev?.turns.winner ?? null;
	}

	watch(listener: () => void): () => void {
		this.watchers.add(listener);
		return () => this.watchers.delete(listener);
	}

	// ------------------------------------------------------------------ links

	/** The opener takes links arriving at `listener`. */
	listen(listener: Listener): void {
		this.unlisten.push(listener.accept((link) => this.attach(link)));
		this.unlisten.push(() => listener.close());
	}

	/**
	 * The opener takes one link; the joiner proves itself with `hello` on it. A stranger's link is
	 * held to the limits of a listening device (limits.ts): few at once, few hellos, a bounded
	 * rate of frames and of refusals, let go when it has proved nothing after a while.
	 */
	attach(link: Link): void {
		if (this.closed) return link.close();
		if (this.strangers.size >= MAX_HANDSHAKES) this.strangers.keys().next().value!.close();
		const options = { maxHeld: MAX_HELD, rate: phoneRate(this.options.channel?.pingMs), ...this.options.channel };
		const channel = new Channel<DuelMessage, DuelMessage>(link, readDuelFrame, options);
		this.strangers.set(channel, { hellos: 0, refusals: refusalAllowance(), refusedFrames: 0 });
		const deadline = setTimeout(() => {
			if (this.strangers.has(channel)) channel.close();
		}, this.options.handshakeMs ?? HANDSHAKE_MS);
		this.wire(channel, () => {
			clearTimeout(deadline);
			this.strangers.delete(channel);
		});
	}

	/** The joiner: connects, and keeps reconnecting until closed or refused. */
	start(): void {
		void this.loop();
	}

	/** Drops the current link (as walking out of range would); the joiner reconnects by itself. */
	drop(): void {
		this.channel?.close();
	}

	close(): void {
		this.closed = true;
		this.status = 'closed';
		for (const f of this.unlisten) f();
		for (const stranger of [...this.strangers.keys()]) stranger.close();
		this.channel?.close();
		this.pause.wake();
		this.changed();
	}

	private async loop(): Promise<void> {
		await reconnect({
			waits: this.options.retryMs,
			pause: this.pause,
			stopped: () => this.closed || this.isRefused(),
			attempt: async () => {
				const link = await this.options.connect!();
				if (this.closed) {
					link.close();
					return false;
				}
				const channel = new Channel<DuelMessage, DuelMessage>(link, readDuelFrame, this.options.channel);
				return new Promise<boolean>((resolve) => {
					let was = false;
					this.wire(channel, () => resolve(was), () => (was = true));
					this.nonce = newNonce();
					this.provedOn = null;
					channel.send({ type: 'hello', protocol: PROTOCOL_VERSION, app: this.options.app, name: this.rec.names[1] ?? '?', key: this.publicKey, nonce: this.nonce });
				});
			},
			lost: () => {
				this.status = 'away';
				this.changed();
				return true;
			}
		});
	}

	/** Read through a method: the status changes while the loop awaits. */
	private isRefused(): boolean {
		return this.status === 'refused';
	}

	private wire(channel: Channel<DuelMessage, DuelMessage>, ended: () => void, welcomed?: () => void): void {
		channel.on((event) => {
			if (event.type === 'message') this.enqueue(() => this.receive(channel, event.message, welcomed));
			else if (event.type === 'refused') this.refuse(channel, 'message', event.reason); else if (event.type === 'quiet' || event.type === 'heard') {
				// A direct link gone quiet is kept (it may come back): the other phone is away meanwhile.
				if (this.channel === channel) {
					this.status = event.type === 'heard' ? 'here' : this.rec.role === 'opener' ? 'waiting' : 'away';
					this.changed();
				}
			} else {
				if (this.channel === channel) {
					this.channel = null;
					this.ready = false;
					if (!this.closed && this.status !== 'refused') this.status = this.rec.role === 'opener' ? 'waiting' : 'away';
					this.changed();
				}
				ended();
			}
		});
	}

	// ------------------------------------------------------------------ my commands

	/** My start in the opponent's labyrinth (public); resolves when it is confirmed. */
	chooseStart(cell: number): Promise<DuelResult> {
		return this.enqueue(async (): Promise<{ answer: Promise<DuelResult> }> => {
			if (!this.dev) return { answer: Promise.resolve({ ok: false, reason: 'not_started' }) };
			if (this.rec.myStart) return { answer: Promise.resolve({ ok: false, reason: 'busy' }) };
			await this.saveAs({ ...this.rec, myStart: { cell, reply: null } });
			const answer = this.wait('start');
			if (this.ready) this.channel?.send({ type: 'start', cell });
			this.changed();
			return { answer };
		}).then((r) => r.answer);
	}

	/** My move in the opponent's labyrinth; resolves with the answer (or the reason it was refused). */
	move(actions: Action[]): Promise<DuelResult> {
		return this.enqueue(async (): Promise<{ answer: Promise<DuelResult> }> => {
			const why = this.mayMove(actions);
			if (why) {
				this.refusal = why;
				this.changed();
				return { answer: Promise.resolve({ ok: false, reason: why }) };
			}
			const n = this.rec.exchanges.length;
			await this.saveAs({ ...this.rec, pending: { n, actions } });
			const answer = this.wait(`move:${n}`);
			if (this.ready) this.channel?.send({ type: 'move', n, actions: actions as WireActions });
			this.refusal = null;
			this.changed();
			return { answer };
		}).then((r) => r.answer);
	}

	/** Why I may not send `actions` now (null: I may). */
	mayMove(actions: readonly Action[]): string | null {
		return mayMove(this.rec, this.dev, actions);
	}

	private wait(key: string): Promise<DuelResult> {
		return new Promise((resolve) => this.waiting.set(key, resolve));
	}

	private settle(key: string, result: DuelResult): void {
		const f = this.waiting.get(key);
		this.waiting.delete(key);
		f?.(result);
	}

	// ------------------------------------------------------------------ arriving

	private send(channel: Channel<DuelMessage, DuelMessage>, message: DuelMessage): void {
		channel.send(message);
	}

	private refuse(channel: Channel<DuelMessage, DuelMessage>, of: 'hello' | 'start' | 'move' | 'message', reason: string, n?: number, app?: string): void {
		this.count(reason);
		// A frame refused on a stranger's link is answered at a bounded rate, and a link that keeps at it is let go
		// (a start or a move is always answered: its sender waits for it).
		const stranger = this.strangers.get(channel);
		if (stranger && of === 'message') {
			if (++stranger.refusedFrames >= MAX_REFUSED_FRAMES) return channel.close();
			if (!stranger.refusals.take()) return;
		}
		this.send(channel, { type: 'refused', of, reason, ...(n === undefined ? {} : { n }), ...(app ? { app } : {}) });
	}

	private async receive(channel: Channel<DuelMessage, DuelMessage>, message: DuelMessage, welcomed?: () => void): Promise<void> {
		if (this.closed) return;
		if (this.rec.role === 'joiner') {
			// Until the opener has proved the pinned key on this link, only its proof is heard (an impostor cannot end the duel).
			if (message.type === 'proof') return this.proof(channel, message);
			if (channel !== this.provedOn) return;
			if (message.type === 'welcome') return this.welcome(channel, message, welcomed);
		} else {
			if (message.type === 'hello') return this.hello(channel, message);
			if (message.type === 'prove') return this.prove(channel, message);
		}
		if (message.type === 'hello' || message.type === 'prove' || message.type === 'proof' || message.type === 'welcome') return this.refuse(channel, 'message', 'malformed');
		if (message.type === 'refused') return this.refused(channel, message);
		// Everything else only on the link of the welcomed joiner.
		if (channel !== this.channel || !this.ready || !this.dev) return this.refuse(channel, 'message', 'not_joined');
		switch (message.type) {
			case 'start':
				return this.theirStart(channel, message.cell);
			case 'started':
				return this.started_(message.reply as GameEvent[]);
			case 'move':
				return this.theirMove(channel, message.n, message.actions as Action[]);
			case 'answer':
				return this.answer(message.n, message.reply as GameEvent[]);
			case 'reveal':
				return this.reveal(channel, message.plan);
		}
	}

	/** The opener: a joiner says hello; I prove my key first (its proof of its own comes next). */
	private hello(channel: Channel<DuelMessage, DuelMessage>, m: Extract<DuelMessage, { type: 'hello' }>): void {
		const stranger = this.strangers.get(channel);
		if (stranger && ++stranger.hellos > MAX_HELLOS) return channel.close();
		// A hello without key or nonce comes from an older build.
		if (!m.key || !m.nonce) return this.refuse(channel, 'hello', 'version', undefined, this.options.app);
		const nonce = newNonce();
		this.send(channel, { type: 'proof', key: this.publicKey, sig: this.crypto.duelProof(this.rec.secret!, 'opener', this.rec.id, m.nonce, nonce), nonce });
		if (m.protocol !== PROTOCOL_VERSION || m.app !== this.options.app) return this.refuse(channel, 'hello', 'version', undefined, this.options.app);
		this.handshakes.set(channel, { key: m.key, name: m.name, joinerNonce: m.nonce, nonce });
	}

	/** The opener: the joiner signed the handshake with the key I pinned (or, the first time, a key I pin now). */
	private async prove(channel: Channel<DuelMessage, DuelMessage>, m: Extract<DuelMessage, { type: 'prove' }>): Promise<void> {
		const h = this.handshakes.get(channel);
		this.handshakes.delete(channel);
		if (!h) return this.refuse(channel, 'message', 'not_joined');
		const pin = this.rec.theirPin ?? this.crypto.fingerprint(h.key);
		if (!this.crypto.checkDuelProof(pin, h.key, m.sig, 'joiner', this.rec.id, h.joinerNonce, h.nonce)) {
			// Not my opponent's phone: refused, and the duel (and its link, if any) goes on.
			this.trouble = { kind: 'stranger', name: h.name };
			return this.refuse(channel, 'hello', 'unknown_key');
		}
		if (this.rec.theirPin === null) {
			this.rec = { ...this.rec, theirPin: pin, names: [this.rec.names[0], h.name] };
			await this.save();
		}
		this.strangers.delete(channel);
		// The newest link of the joiner replaces an older one.
		const old = this.channel;
		this.channel = channel;
		if (old && old !== channel) old.close();
		this.ready = true;
		this.status = 'here';
		this.send(channel, { type: 'welcome', name: this.rec.names[0] ?? '?', settings: this.rec.settings ?? {}, seed: this.rec.seed ?? '' });
		this.resume(channel);
		this.changed();
	}

	/**
	 * The joiner: the opener's proof — the pinned key (or, with no pin yet, the first key met,
	 * pinned now) signing this handshake. Anything else is an impostor: the link is dropped unanswered.
	 */
	private async proof(channel: Channel<DuelMessage, DuelMessage>, m: Extract<DuelMessage, { type: 'proof' }>): Promise<void> {
		const pin = this.rec.theirPin ?? this.crypto.fingerprint(m.key);
		if (!this.crypto.checkDuelProof(pin, m.key, m.sig, 'opener', this.rec.id, this.nonce, m.nonce)) {
			this.trouble = { kind: 'impostor' };
			channel.close();
			this.changed();
			return;
		}
		this.provedOn = channel;
		if (this.trouble?.kind === 'impostor') this.trouble = null;
		if (this.rec.theirPin === null) {
			this.rec = { ...this.rec, theirPin: pin };
			await this.save();
		}
		this.send(channel, { type: 'prove', sig: this.crypto.duelProof(this.rec.secret!, 'joiner', this.rec.id, this.nonce, m.nonce) });
		this.changed();
	}

	/** The joiner: welcomed, with the opener's settings and the match seed. */
	private async welcome(channel: Channel<DuelMessage, DuelMessage>, m: Extract<DuelMessage, { type: 'welcome' }>, welcomed?: () => void): Promise<void> {
		if (this.rec.settings === null) {
			const next = { ...this.rec, settings: m.settings, seed: m.seed, names: [m.name, this.rec.names[1]] as [string, string | null] };
			if (!resolveSettings(next.plan, 1, m.settings).ok || !deviceOf(next)) return this.refuse(channel, 'message', 'malformed');
			this.rec = next;
			await this.save();
			this.dev = deviceOf(this.rec);
		}
		this.channel = channel;
		this.ready = true;
		this.status = 'here';
		welcomed?.();
		this.resume(channel);
		this.changed();
	}

	/** A fresh link: what I sent and was not answered goes again; after the end, my plan. */
	private resume(channel: Channel<DuelMessage, DuelMessage>): void {
		for (const message of unanswered(this.rec)) this.send(channel, message);
		this.revealSent = false;
		this.maybeReveal();
	}

	private async refused(channel: Channel<DuelMessage, DuelMessage>, m: Extract<DuelMessage, { type: 'refused' }>): Promise<void> {
		if (m.of === 'hello' && this.rec.role === 'joiner') {
			this.status = 'refused';
			this.refusal = m.reason;
			channel.close();
			this.changed();
			return;
		}
		const withdrawn = m.of === 'start' || m.of === 'move' ? commandRefused(this.rec, m.of, m.n) : null;
		if (withdrawn) {
			this.rec = withdrawn.record;
			await this.save();
			this.refusal = m.reason;
			this.settle(withdrawn.settle, { ok: false, reason: m.reason });
		} else this.refusal = m.reason;
		this.changed();
	}

	/** The opponent's start in my labyrinth: refereed here, stored, then answered. */
	private async theirStart(channel: Channel<DuelMessage, DuelMessage>, cell: number): Promise<void> {
		await this.rule(channel, theirStart(this.rec, this.dev!, cell), (reply) => ({ type: 'started', reply }), 'start');
	}

	private async started_(reply: GameEvent[]): Promise<void> {
		const answered = startAnswered(this.rec, this.dev, reply);
		if (!answered) return;
		this.rec = answered.record;
		await this.save();
		this.dev = answered.device;
		this.settle('start', { ok: true });
		this.changed();
	}

	/** The opponent's move n in my labyrinth. */
	private async theirMove(channel: Channel<DuelMessage, DuelMessage>, n: number, actions: Action[]): Promise<void> {
		const ruling = theirMove(this.rec, this.dev!, n, actions);
		if (ruling.do === 'early') {
			this.early = { channel, n, actions };
			return;
		}
		await this.rule(channel, ruling, (reply) => ({ type: 'answer', n, reply }), 'move', n);
		if (ruling.do === 'accept') {
			this.maybeReveal();
			this.changed();
		}
	}

	/** Carries a ruling of mine out: the answer again, the refusal, or the record stored then answered. */
	private async rule(channel: Channel<DuelMessage, DuelMessage>, ruling: Ruling, answer: (reply: GameEvent[]) => DuelMessage, of: 'start' | 'move', n?: number): Promise<void> {
		if (ruling.do === 'again') return this.send(channel, answer(ruling.reply));
		if (ruling.do === 'refuse') return this.refuse(channel, of, ruling.reason, n);
		this.rec = ruling.record;
		await this.save();
		this.dev = ruling.device;
		this.send(channel, answer(ruling.reply));
		if (of === 'start') this.changed();
	}

	/** The answer to my move n. */
	private async answer(n: number, reply: GameEvent[]): Promise<void> {
		const answered = moveAnswered(this.rec, this.dev!, n, reply);
		if (!answered) return;
		this.rec = answered.record;
		await this.save();
		this.dev = answered.device;
		this.settle(`move:${n}`, { ok: true });
		this.maybeReveal();
		this.changed();
		const early = this.early;
		this.early = null;
		if (early && early.n === this.rec.exchanges.length && early.channel === this.channel) await this.theirMove(early.channel, early.n, early.actions);
		const held = this.heldReveal;
		this.heldReveal = null;
		if (held !== null && this.revealOpen && this.channel) await this.reveal(this.channel, held);
	}

	/** Whether the match is over here, so plans may cross (the engine's duel reveal says when). */
	private get revealOpen(): boolean {
		return this.dev !== null && duelRevealOpen(this.dev);
	}

	/** The game is over: my plan goes to the other device, as the engine's duel reveal gives it (never before). */
	private maybeReveal(): void {
		if (this.revealSent || !this.ready || !this.channel || !this.dev) return;
		const shown = deviceReveal(this.dev);
		if (!shown) return;
		this.revealSent = true;
		this.send(this.channel, { type: 'reveal', plan: serializePlan(shown.plan) });
	}

	private async reveal(channel: Channel<DuelMessage, DuelMessage>, text: string): Promise<void> {
		if (!this.revealOpen && this.rec.pending) {
			// After a reconnection his plan may come before the answer that ends the game: keep it until then.
			this.heldReveal = text;
			return;
		}
		if (!this.revealOpen) return this.refuse(channel, 'message', 'not_over');
		if (this.rec.theirPlan) return;
		const parsed = parsePlanJson(text);
		if (!parsed.ok || parsed.value.rules !== 'duel') return this.refuse(channel, 'message', 'malformed');
		this.rec = { ...this.rec, theirPlan: parsed.value };
		await this.save();
		this.changed();
	}

	// ------------------------------------------------------------------ bookkeeping

	private enqueue<T>(work: () => Promise<T> | T): Promise<T> {
		const next = this.queue.then(work, work);
		this.queue = next.catch(() => undefined);
		return next;
	}

	/** Done when everything received so far has been handled. */
	settled(): Promise<void> {
		return this.queue.then(() => undefined);
	}

	/** Takes `next` as the record once it is on disk; if the device refuses it, nothing changed (the caller says why). */
	private async saveAs(next: DuelRecord): Promise<void> {
		const before = this.rec;
		this.rec = next;
		try {
			await this.save();
		} catch (error) {
			this.rec = before;
			throw error;
		}
	}

	private save(): Promise<void> {
		this.rec = { ...this.rec, updatedAt: Date.now() };
		return this.options.store.save(this.rec);
	}

	private count(reason: string): void {
		this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
		this.changed();
	}

	private changed(): void {
		this.options.onChange?.();
		for (const f of [...this.watchers]) f();
	}
}
