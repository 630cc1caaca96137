/**
 * A duel against the computer on one phone (issue 36). The phone plays both devices of a duel
 * (seeds 001/004): the person's half (his plan, walked by the computer) and the computer's half
 * (its plan, walked by the person), each refereed as the other phone would referee it
 * (`refereeOpponent`), so the record is the one a duel on two phones keeps (`DuelRecord`, with
 * `computer` holding the computer's level and plan) and the duel's screen shows it unchanged.
 *
 * The person is player 0; the computer player 1. The computer decides from its seat's view of
 * the person's half alone (`viewFor`, seat 0 of that one-seat game, what a walker may know),
 * through the bots' seam (`createBot`), as the CLI's simulated duels do: a `DuelWalker`
 * (bots/duel.ts) follows the person's half action by action, so an action costs the same however
 * long the duel. After a reload `open` walks the record again once and the walker replays the
 * half, its bot deciding at each of its moves as it did then, so its map and random draws are
 * where they stood.
 *
 * Each record is saved before it is shown: a move the device could not store is not made.
 */
import { rejected } from '../engine/game/game';
import type { Action, Command, GameEvent } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { Plan } from '../engine/plan/types';
import { DIRECTIONS } from '../engine/plan/types';
import { createRng } from '../engine/random';
import { mayISend, ownMoveAnswered, ownStartAnswered, refereeOpponent, type DuelDevice, type Player } from '../engine/rules/duel/match';
import { deviceReveal } from '../engine/rules/duel/reveal';
import { createBot, type BotLevel } from '../bots/bot';
import { DUEL_WALKER, DuelWalker } from '../bots/duel';
import { deviceOf, duelFeed, newDuelRecord, type DuelStore } from '../net/duel-record';
import type { DuelRecord, DuelSettings, Exchange } from '../store/records';

export const PERSON: Player = 0;
export const COMPUTER: Player = 1;

/** How long the computer "thinks" before each of its actions: its moves come one by one, as said across a table. */
export const THINK_MS = 700;

export type ComputerDuelResult = { ok: true } | { ok: false; reason: string };

export function newComputerDuelRecord(opts: {
	id: string;
	name: string;
	computerName: string;
	plan: Plan;
	computerPlan: Plan;
	level: BotLevel;
	settings: DuelSettings;
	seed: string;
	now?: number;
}): DuelRecord {
	const base = newDuelRecord({ id: opts.id, role: 'opener', name: opts.name, plan: opts.plan, settings: opts.settings, seed: opts.seed, via: null, now: opts.now });
	return { ...base, names: [opts.name, opts.computerName], computer: { level: opts.level, plan: opts.computerPlan } };
}

/** The record as the computer's own device would keep it (its plan, its start, the same exchanges). */
export function computerSide(record: DuelRecord): DuelRecord {
	if (!record.computer) throw new Error('not a duel against the computer');
	return { ...record, role: 'joiner', me: COMPUTER, plan: record.computer.plan, myStart: record.theirStart, theirStart: record.myStart?.reply ? { cell: record.myStart.cell, reply: record.myStart.reply } : null, computer: null, theirPlan: null };
}

/** Both devices of the duel, rebuilt from the record: the person's (his plan) and the computer's (its plan). */
export function devicesOf(record: DuelRecord): { person: DuelDevice; computer: DuelDevice } {
	const person = deviceOf(record);
	const computer = deviceOf(computerSide(record));
	if (!person || !computer) throw new Error('the duel cannot be rebuilt from its record');
	return { person, computer };
}

const refused = (reply: readonly GameEvent[]) => rejected({ events: reply });
const reasonOf = (reply: readonly GameEvent[]) => (reply[0] as { reason?: string } | undefined)?.reason ?? 'malformed';

/** What the computer may send now, if anything: its start, or a move in its turn. */
export function computerToAct(record: DuelRecord, person: DuelDevice): 'start' | 'move' | null {
	if (!record.theirStart) return 'start';
	const t = person.turns;
	if (t.winner !== null || !record.myStart?.reply) return null;
	return t.turn === COMPUTER ? 'move' : null;
}

export interface ComputerDuelOptions {
	store: DuelStore;
	record: DuelRecord;
	/** Called after every change of the record (the screen reads it again). */
	onChange?: () => void;
	thinkMs?: number;
}

/**
 * The local match: the store ↔ both devices ↔ the bot's turns. The person's start and moves come
 * from the screen; the computer's follow by themselves on the clock (`thinkMs` each).
 */
export class ComputerDuel {
	record: DuelRecord;
	person: DuelDevice;
	computer: DuelDevice;
	/** The computer is about to act (its think delay is running). */
	thinking = false;
	/** The computer found nothing it may do after all its tries (it waits; a reload tries again). */
	stuck = false;
	/** The computer walking the person's half (its bot, what it heard there), kept in step with the record. */
	private readonly walker: DuelWalker;
	private readonly store: DuelStore;
	private readonly onChange: () => void;
	private readonly thinkMs: number;
	private timer: ReturnType<typeof setTimeout> | null = null;
	/** One write at a time: a move is refereed on the record the last write left. */
	private writing: Promise<unknown> = Promise.resolve();
	private closed = false;

	private constructor(opts: ComputerDuelOptions) {
		if (!opts.record.computer || opts.record.seed === null) throw new Error('not a duel against the computer');
		this.store = opts.store;
		this.onChange = opts.onChange ?? (() => {});
		this.thinkMs = opts.thinkMs ?? THINK_MS;
		this.record = opts.record;
		const { person, computer } = this.replay(opts.record);
		this.person = person;
		this.computer = computer;
		const { level } = opts.record.computer;
		const seed = opts.record.seed;
		this.walker = new DuelWalker(() => createBot(level, DUEL_WALKER, seed));
		// A reload: the walker replays the half once, here; then it follows one action at a time.
		this.walker.follow(person.game);
	}

	/** The duel of this record, its computer brought back to where it stood, its next action (if any) on the clock. */
	static open(opts: ComputerDuelOptions): ComputerDuel {
		const duel = new ComputerDuel(opts);
		duel.schedule();
		return duel;
	}

	/** A new duel, kept before it is opened. */
	static async create(opts: ComputerDuelOptions): Promise<ComputerDuel> {
		await opts.store.save(opts.record);
		return ComputerDuel.open(opts);
	}

	get feed(): GameEvent[] {
		return duelFeed(this.record);
	}

	/** The computer's view of the person's labyrinth: what its walker (seat 0 of that half) may know, and nothing else. */
	get computerView(): SeatView {
		return this.walker.view(this.person.game);
	}

	get winner(): Player | null {
		return this.person.turns.winner;
	}

	/** The person's start in the computer's labyrinth. */
	chooseStart(cell: number): Promise<ComputerDuelResult> {
		return this.write(async () => {
			if (this.record.myStart) return { ok: false, reason: 'already_chosen' };
			const r = refereeOpponent(this.computer, { type: 'choose_start', by: 0, cell });
			if (refused(r.reply)) return { ok: false, reason: reasonOf(r.reply) };
			const record = this.next({ myStart: { cell, reply: r.reply } });
			await this.store.save(record);
			this.commit(record, ownStartAnswered(this.person, r.reply), r.device);
			return { ok: true };
		});
	}

	/** The person's move in the computer's labyrinth. */
	move(actions: Action[]): Promise<ComputerDuelResult> {
		return this.write(async () => {
			if (!this.record.myStart?.reply || !this.record.theirStart) return { ok: false, reason: 'not_started' };
			const why = mayISend(this.person, actions);
			if (why) return { ok: false, reason: why };
			const r = refereeOpponent(this.computer, { type: 'move', by: 0, actions } as Command);
			if (refused(r.reply)) return { ok: false, reason: reasonOf(r.reply) };
			const person = ownMoveAnswered(this.person, actions, r.reply);
			const record = this.withExchange({ by: PERSON, actions, reply: r.reply }, r.device);
			await this.store.save(record);
			this.commit(record, person, r.device);
			return { ok: true };
		});
	}

	close(): void {
		this.closed = true;
		if (this.timer !== null) clearTimeout(this.timer);
		this.timer = null;
	}

	/** The computer's next action on the clock, when it has one. */
	private schedule(): void {
		if (this.closed || this.timer !== null || this.stuck || !computerToAct(this.record, this.person)) return;
		this.thinking = true;
		this.timer = setTimeout(() => {
			this.timer = null;
			void this.write(() => this.act()).then(
				() => this.afterAct(),
				() => this.afterAct()
			);
		}, this.thinkMs);
	}

	/** Its action made (or not kept: the device would not store it, and it waits for a reload): the next one, if any. */
	private afterAct(): void {
		this.thinking = this.timer !== null;
		this.onChange();
	}

	/** The computer's start or one action of its turn, from its view alone; refused tries are tried again. */
	private async act(): Promise<void> {
		const what = computerToAct(this.record, this.person);
		if (!what || this.closed) return;
		const done = this.walker.act(this.person.game, (cmd) => (what === 'start' ? this.tryStart(cmd) : this.tryMove(cmd)), (d) => d.person.game);
		if (done) {
			await this.store.save(done.record);
			this.commit(done.record, done.person, done.computer);
			return;
		}
		// A bot with nothing legal to say (not the wanderer nor the explorer): a step at random, drawn from the match seed.
		const fallback = what === 'move' ? this.tryMove({ type: 'move', by: 0, actions: [{ a: 'go', dir: createRng(`${this.record.seed}:fallback:${this.record.exchanges.length}`).pick(DIRECTIONS)! }] } as Command) : null;
		if (fallback) {
			this.walker.sent(fallback.person.game);
			await this.store.save(fallback.record);
			this.commit(fallback.record, fallback.person, fallback.computer);
		} else this.stuck = true;
	}

	private tryStart(cmd: Command) {
		if (cmd.type !== 'choose_start' || typeof cmd.cell !== 'number') return null;
		const r = refereeOpponent(this.person, { type: 'choose_start', by: 0, cell: cmd.cell });
		if (refused(r.reply)) return null;
		return { record: this.next({ theirStart: { cell: cmd.cell, reply: r.reply } }), person: r.device, computer: ownStartAnswered(this.computer, r.reply) };
	}

	private tryMove(cmd: Command) {
		if (cmd.type !== 'move') return null;
		const actions = cmd.actions as Action[];
		if (mayISend(this.computer, actions)) return null;
		const r = refereeOpponent(this.person, { type: 'move', by: 0, actions } as Command);
		if (refused(r.reply)) return null;
		const computer = ownMoveAnswered(this.computer, actions, r.reply);
		return { record: this.withExchange({ by: COMPUTER, actions, reply: r.reply }, computer), person: r.device, computer };
	}

	/** The record with one more exchange; at the end, the computer's plan for the reveal, as its device gives it (the engine's duel reveal). */
	private withExchange(x: Exchange, computer: DuelDevice): DuelRecord {
		const shown = deviceReveal(computer);
		return this.next({ exchanges: [...this.record.exchanges, x], ...(shown ? { theirPlan: shown.plan } : {}) });
	}

	private next(change: Partial<DuelRecord>): DuelRecord {
		return { ...this.record, ...change, updatedAt: Date.now() };
	}

	private commit(record: DuelRecord, person: DuelDevice, computer: DuelDevice): void {
		this.record = record;
		this.person = person;
		this.computer = computer;
		// The next computer action on the clock first: the screen then reads whether it is thinking.
		this.schedule();
		this.onChange();
	}

	private write<T>(job: () => Promise<T>): Promise<T> {
		const run = this.writing.then(job);
		this.writing = run.catch(() => {});
		return run;
	}

	/** Both devices rebuilt along the record (the bot is brought along the person's half after). */
	private replay(record: DuelRecord): { person: DuelDevice; computer: DuelDevice } {
		const empty: DuelRecord = { ...record, myStart: null, theirStart: null, exchanges: [] };
		let { person, computer } = devicesOf(empty);
		if (record.theirStart) {
			const r = refereeOpponent(person, { type: 'choose_start', by: 0, cell: record.theirStart.cell });
			person = r.device;
			computer = ownStartAnswered(computer, r.reply);
		}
		if (record.myStart?.reply) {
			computer = refereeOpponent(computer, { type: 'choose_start', by: 0, cell: record.myStart.cell }).device;
			person = ownStartAnswered(person, record.myStart.reply);
		}
		for (const x of record.exchanges) {
			if (x.by === COMPUTER) {
				person = refereeOpponent(person, { type: 'move', by: 0, actions: x.actions } as Command).device;
				computer = ownMoveAnswered(computer, x.actions, x.reply);
			} else {
				computer = refereeOpponent(computer, { type: 'move', by: 0, actions: x.actions } as Command).device;
				person = ownMoveAnswered(person, x.actions, x.reply);
			}
		}
		return { person, computer };
	}
}
