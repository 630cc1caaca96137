/**
 * What the tablet and the phones say to each other.
 *
 * On the wire every message travels in a frame: `{ v, s?, a?, m?, p?, q? }` — the protocol
 * version, the sender's sequence number of a reliable message, the cumulative
 * acknowledgement (the next sequence number it expects), the message itself, and a heartbeat
 * ping/pong carrying the sender's clock. Frames are JSON strings; each is checked against a
 * size limit and a schema on receipt, and anything else is refused and changes nothing.
 *
 * Phone → host: `hello` (join or rejoin, proving the seat key), `command` (numbered by the
 * phone, so a resent one is answered and never applied twice).
 * Host → phone: `welcome`, `refused`, `table` (names and who is here), `update` (the seat's
 * view and the events it has not had yet, from index `from`), `result` (of a command, with
 * the reason when refused). Everything a host sends a seat is cut from the engine's `viewFor`
 * for that seat.
 */
import * as v from 'valibot';
import type { Replay } from '../engine/game/reveal';
import { ABANDONED_ITEMS, CONDITIONS, LEAVABLE, type Action, type Command, type GameEvent, type RejectReason } from '../engine/game/types';
import { DIRECTIONS } from '../engine/plan/types';
import type { UpdateView } from '../store/records';
import type { SaveProblem } from '../store/saver';
import type { Plan } from '../engine/plan/types';
import { cleanName, MAX_NAME_LENGTH } from '../engine/name';
import { ROOM_ALPHABET, ROOM_LENGTH } from './room-code';
// The room code and the pin as an invitation carries them: their own module, so the join form reads them without valibot.
export { ROOM_ALPHABET, ROOM_LENGTH, ROOM_PATTERN, formatRoomCode, parsePin, parseRoomCode } from './room-code';

/** 2: the host proves the table's key, the phone its seat without sending the key; admission; strict commands. */
export const PROTOCOL_VERSION = 2;
/** A phone's frames are small (a move with conditions is well under 2 KB). */
export const MAX_PLAYER_FRAME = 16 * 1024;
/** The host pages long event lists so that every frame stays under this. */
export const MAX_HOST_FRAME = 60 * 1024;

const Seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31));
const Key = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));
// Bidirectional controls and line breaks taken out (engine/name.ts), then refused when empty or too long.
const Name = v.pipe(v.string(), v.transform((name) => cleanName(name, Infinity)), v.minLength(1), v.maxLength(MAX_NAME_LENGTH));
const Clock = v.pipe(v.number(), v.finite());

const Small = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));
const Dir = v.picklist(DIRECTIONS);
/** How deep conditions may nest in a move (6.5): far beyond any real move, bounded for the parser. */
const MAX_NESTING = 4;

/** One action of a move, every field known (an unknown one refuses the whole frame). */
const ActionSchema: v.GenericSchema<Action> = v.variant('a', [
	v.strictObject({ a: v.literal('go'), dir: Dir }),
	v.strictObject({ a: v.literal('flow') }),
	v.strictObject({ a: v.literal('loop') }),
	v.strictObject({ a: v.literal('skip') }),
	v.strictObject({ a: v.literal('shoot'), dir: Dir, target: v.optional(Small) }),
	v.strictObject({ a: v.literal('grenade'), dir: Dir }),
	v.strictObject({ a: v.literal('leave'), item: v.picklist(LEAVABLE), dir: v.optional(Dir) }),
	v.strictObject({ a: v.literal('mine'), dir: v.optional(Dir) }),
	v.strictObject({ a: v.literal('take'), index: Small }),
	v.strictObject({ a: v.literal('if'), cond: v.picklist(CONDITIONS), then: v.lazy(() => v.pipe(v.array(ActionSchema), v.maxLength(16))) }),
	v.strictObject({ a: v.literal('use'), item: v.picklist(ABANDONED_ITEMS), dir: v.optional(Dir) }),
	v.strictObject({ a: v.literal('attack'), target: Small, bullet: v.optional(v.boolean()) }),
	v.strictObject({ a: v.literal('enter'), cell: Small, dir: Dir })
]) as v.GenericSchema<Action>;

const nestingOf = (actions: readonly Action[]): number =>
	actions.reduce((deepest, a) => Math.max(deepest, a.a === 'if' ? 1 + nestingOf(a.then) : 0), 0);

/**
 * The commands a phone may send (its seat's; the master's acts never come over the link), each
 * with exactly the engine's fields: whatever else a frame carries is refused here, so nothing
 * unknown reaches the log or another phone.
 */
export const PhoneCommandSchema = v.variant('type', [
	v.strictObject({ type: v.literal('choose_start'), by: Small, cell: Small }),
	v.strictObject({ type: v.literal('ask_cell_kind'), by: Small, cell: Small }),
	v.strictObject({
		type: v.literal('move'),
		by: Small,
		actions: v.pipe(
			v.array(ActionSchema),
			v.maxLength(32),
			v.check((actions) => nestingOf(actions) <= MAX_NESTING)
		),
		dark: v.optional(v.boolean()),
		semiDark: v.optional(v.boolean()),
		noPickup: v.optional(v.boolean()),
		noRestock: v.optional(v.boolean())
	}),
	v.strictObject({ type: v.literal('order_cell'), by: Small, cell: v.nullable(Small) }),
	v.strictObject({ type: v.literal('status'), by: Small }),
	v.strictObject({ type: v.literal('recall'), by: Small, of: Small }),
	v.strictObject({ type: v.literal('count_nstop'), by: Small, stop: v.optional(v.boolean()) }),
	v.strictObject({ type: v.literal('take_break'), by: Small })
]);
export type PhoneCommand = v.InferOutput<typeof PhoneCommandSchema>;

/** A random nonce as sent on the wire (16 bytes, base64url). */
export const Nonce = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/));
/** A signature or a MAC (base64url). */
export const Proof = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{40,100}$/));
/** A public key of the handshake (a compressed P-256 point, base64url; pin.ts). */
export const PublicKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{44}$/));

export const PlayerMessageSchema = v.variant('type', [
	v.strictObject({
		type: v.literal('hello'),
		protocol: v.number(),
		app: v.pipe(v.string(), v.maxLength(64)),
		name: Name,
		/** The seat this phone holds at the table, when it has one (proved after the host proved itself). */
		seat: v.optional(Seq),
		/** The phone's challenge: the host signs it with the table's key. */
		nonce: Nonce,
		/** How many events of its feed the phone already has. */
		have: Seq
	}),
	v.strictObject({
		type: v.literal('prove'),
		/** HMAC of the host's nonce keyed by the seat key (absent: a new phone asking for a seat). */
		mac: v.optional(Proof)
	}),
	v.strictObject({
		type: v.literal('command'),
		/** Numbered by the phone, 1, 2, 3…, kept across reloads. */
		id: Seq,
		command: PhoneCommandSchema
	})
]);
type SchemaMessage = v.InferOutput<typeof PlayerMessageSchema>;
/** A phone's message; its command typed as the engine's (the schema admits a subset of them, field for field). */
export type PlayerMessage = Exclude<SchemaMessage, { type: 'command' }> | { type: 'command'; id: number; command: Command };

export const REFUSALS = [
	'version',
	'table_full',
	'unknown_key',
	'not_joined',
	'malformed',
	'too_big',
	'replaced',
	/** The master refused this phone a seat. */
	'not_admitted',
	/** Too many phones are waiting to be admitted: try again later. */
	'busy',
	/** Too many frames from this link: slow down. */
	'rate_limited',
	/** The master closed this table for a new one (issue 29): the seat has nowhere to go back to. */
	'closed'
] as const;
/** Refusals after which a phone simply goes on (or tries again later); the others end its attempt. */
export const PASSING_REFUSALS: readonly Refusal[] = ['not_joined', 'malformed', 'too_big', 'busy', 'rate_limited'];
export type Refusal = (typeof REFUSALS)[number];

/** Why the host refused a command (beyond the engine's own reasons). */
export const COMMAND_REFUSALS = [
	'not_your_seat',
	'not_started',
	'master_only',
	/** The same question asked too often with nothing changed in between (status, recall). */
	'asked_too_often',
	/** The tablet could not write the command (`detail` says why): nothing was applied; the phone sends it again. */
	'not_saved'
] as const;
export type CommandRefusal = (typeof COMMAND_REFUSALS)[number];

/**
 * What became of a command given to a game (pass-and-play's, the master's or a phone's): taken,
 * with its events; refused (`R`: the rules' reasons, and the table's when a table answers); or not
 * kept because the device would not store it (then nothing changed; `detail` in the device's own
 * words, as a phone is told in its `result`).
 */
export type Submitted<R extends string = RejectReason> =
	| { ok: true; events: GameEvent[] }
	| { ok: false; reason: R }
	| { ok: false; reason: 'not_saved'; problem: SaveProblem; detail?: string };

/**
 * The view as an update carries it: the contour and the settings (8 KB of a 40x40 plan) only in
 * the first update of a connection; the phone keeps them from there (they never change).
 */
export type SentView = Omit<UpdateView, 'shape' | 'settings'> & Partial<Pick<UpdateView, 'shape' | 'settings'>>;

/** A step's change in a replay: `[step, seat or wall, value]` (a cell may be −1: nowhere). */
const Change = v.tuple([Seq, Seq, v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(2 ** 31))]);
/** A thing on a cell or with a player (`THING` in reveal.ts). */
const Thing = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6));
const ReplaySchema = v.object({
	commands: Seq,
	start: v.array(v.pipe(v.number(), v.integer(), v.minValue(-1))),
	moves: v.array(Change),
	status: v.array(Change),
	walls: v.array(Change),
	acts: v.array(
		v.object({
			by: v.pipe(v.number(), v.integer(), v.minValue(-1)),
			move: v.optional(v.object({ actions: v.array(v.looseObject({ a: v.string() })), dark: v.boolean(), semiDark: v.boolean(), noPickup: v.optional(v.literal(true)), noRestock: v.optional(v.literal(true)) }))
		})
	),
	heard: v.array(Seq),
	items: v.optional(v.array(v.tuple([Seq, Seq, v.array(Thing)]))),
	kit: v.optional(v.array(v.tuple([Seq, Seq, Seq, Seq, Thing])))
});

const HostMessageSchema = v.variant('type', [
	/** The table's public key and its signature over the handshake (pin.ts), answering a hello. */
	v.object({ type: v.literal('proof'), key: PublicKey, sig: Proof, nonce: Nonce }),
	/** The master has not admitted this phone yet. */
	v.object({ type: v.literal('waiting') }),
	/** The seat; `key` only when it is issued (a new seat), never again. */
	v.object({ type: v.literal('welcome'), seat: Seq, key: v.optional(Key), room: v.string() }),
	v.object({ type: v.literal('refused'), reason: v.picklist(REFUSALS), app: v.optional(v.string()) }),
	v.object({ type: v.literal('table'), names: v.array(v.string()), here: v.array(v.boolean()), started: v.boolean() }),
	/** The seat's view without its event list (and, after a connection's first update, without its contour and settings), and its events from index `from` on (one page of them). */
	v.object({
		type: v.literal('update'),
		view: v.pipe(
			v.looseObject({
				seat: Seq,
				phase: v.string(),
				width: Seq,
				height: Seq,
				shape: v.optional(v.array(v.boolean())),
				settings: v.optional(v.looseObject({})),
				me: v.looseObject({}),
				order: v.array(Seq),
				others: v.array(v.looseObject({ seat: Seq, status: v.string() }))
			}),
			// The contour covers the board, cell for cell.
			v.check((view) => view.shape === undefined || view.shape.length === view.width * view.height)
		),
		from: Seq,
		events: v.array(v.looseObject({ type: v.string(), audience: v.looseObject({ to: v.string() }) }))
	}),
	v.object({ type: v.literal('result'), id: Seq, ok: v.boolean(), reason: v.optional(v.pipe(v.string(), v.maxLength(64))), detail: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
	/**
	 * The game is over: the plan and the game step by step, for the reveal (every player may see
	 * them now; never sent before). A long game's replay may come without the moves as said, or not at all.
	 */
	v.object({ type: v.literal('reveal'), plan: v.looseObject({ width: Seq, height: Seq, cells: v.array(v.unknown()) }), replay: v.optional(ReplaySchema) })
]);
type SchemaHostMessage = v.InferOutput<typeof HostMessageSchema>;
/**
 * A host's message. The schema checks the view, events, plan and replay loosely (their shape is the
 * engine's, which only a host sends); typed here as the engine's, the rest as the schema says.
 */
export type HostMessage =
	| Exclude<SchemaHostMessage, { type: 'update' | 'reveal' }>
	| (Omit<Extract<SchemaHostMessage, { type: 'update' }>, 'view' | 'events'> & { view: SentView; events: GameEvent[] })
	| { type: 'reveal'; plan: Plan; replay?: Replay };

/** A frame as it travels: see the module comment. */
export interface Frame<M> {
	v: number;
	s?: number;
	a?: number;
	m?: M;
	p?: number;
	q?: number;
}

/** The frame around a message schema (the duel's session reuses it for its own messages). */
export function frameSchema(message: v.GenericSchema) {
	return v.strictObject({
		v: v.literal(PROTOCOL_VERSION),
		s: v.optional(Seq),
		a: v.optional(Seq),
		m: v.optional(message),
		p: v.optional(Clock),
		q: v.optional(Clock)
	});
}
const Envelope = frameSchema(v.unknown());

/**
 * A frame read off the wire. `bad`: a well-formed, numbered frame whose message is off the
 * schema — its sequence number is used up (the channel goes on) and the message refused with a
 * reason (`id`: the command's number, when it had one, so its sender gets an answer).
 */
export type ReadResult<M> = { ok: true; frame: Frame<M>; bad?: { id?: number } } | { ok: false; reason: 'too_big' | 'malformed' };

/** Parses a phone's frame off the wire, refusing anything too big, not JSON, or not of the protocol. */
export function readPlayerFrame(raw: unknown): ReadResult<PlayerMessage> {
	return readFrame(raw, PlayerMessageSchema, MAX_PLAYER_FRAME) as ReadResult<PlayerMessage>;
}

/** Parses a host's frame (the phone checks it the same way). */
export function readHostFrame(raw: unknown): ReadResult<HostMessage> {
	return readFrame(raw, HostMessageSchema, MAX_HOST_FRAME) as ReadResult<HostMessage>;
}

/** Parses a frame off the wire (the envelope, then its message against `message`), refusing anything over `limit` characters. */
export function readFrame(raw: unknown, message: v.GenericSchema, limit: number): ReadResult<unknown> {
	if (typeof raw !== 'string') return { ok: false, reason: 'malformed' };
	if (raw.length > limit) return { ok: false, reason: 'too_big' };
	let data: unknown;
	try {
		data = JSON.parse(raw);
	} catch {
		return { ok: false, reason: 'malformed' };
	}
	const envelope = v.safeParse(Envelope, data);
	if (!envelope.success) return { ok: false, reason: 'malformed' };
	const frame = envelope.output as Frame<unknown>;
	if (frame.m === undefined) return { ok: true, frame };
	const parsed = v.safeParse(message, frame.m);
	if (parsed.success) return { ok: true, frame: { ...frame, m: parsed.output } };
	if (frame.s === undefined) return { ok: false, reason: 'malformed' };
	const m = frame.m as { type?: unknown; id?: unknown };
	const id = m !== null && typeof m === 'object' && m.type === 'command' && typeof m.id === 'number' && Number.isInteger(m.id) && m.id >= 0 ? m.id : undefined;
	const { m: _dropped, ...rest } = frame;
	void _dropped;
	return { ok: true, frame: rest, bad: id === undefined ? {} : { id } };
}

/**
 * Splits `events` (from index `from`) into pages whose update messages stay under `limit`
 * bytes with the view; always at least one page, so an empty list still carries the view.
 */
export function pageEvents(view: SentView, from: number, events: GameEvent[], limit = MAX_HOST_FRAME - 512): HostMessage[] {
	const base = JSON.stringify({ type: 'update', view, from, events: [] }).length;
	const pages: HostMessage[] = [];
	let start = 0;
	let size = base;
	for (let i = 0; i < events.length; i++) {
		const one = JSON.stringify(events[i]).length + 1;
		if (i > start && size + one > limit) {
			pages.push({ type: 'update', view, from: from + start, events: events.slice(start, i) });
			start = i;
			size = base;
		}
		size += one;
	}
	pages.push({ type: 'update', view, from: from + start, events: events.slice(start) });
	return pages;
}

export const base64url = (bytes: Uint8Array) =>
	btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

type Random = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;
const systemRandom: Random = (b) => crypto.getRandomValues(b);

/** A fresh challenge of the handshake (16 random bytes; pin.ts): needs no crypto library. */
export function newNonce(random: Random = systemRandom): string {
	return base64url(random(new Uint8Array(16)));
}

/** A seat key: 24 random characters, kept on the phone, proved on every join. */
export function newSeatKey(random: Random = systemRandom): string {
	return base64url(random(new Uint8Array(18)));
}

/**
 * `count` symbols of `alphabet`, each equally likely: a random byte is used only when it falls
 * below the largest multiple of the alphabet's size (rejection sampling), so `byte % size` is
 * never biased towards the first symbols.
 */
export function unbiasedPick(alphabet: string, count: number, random: Random = systemRandom): string {
	const n = alphabet.length;
	const limit = 256 - (256 % n);
	let out = '';
	while (out.length < count) {
		for (const byte of random(new Uint8Array(count * 2))) {
			if (byte >= limit) continue;
			out += alphabet[byte % n];
			if (out.length === count) break;
		}
	}
	return out;
}

/** A room code nobody can guess while the table is open: 60 bits from the device's random source. */
export function newRoomCode(random: Random = systemRandom): string {
	return unbiasedPick(ROOM_ALPHABET, ROOM_LENGTH, random);
}

/** The signalling id of a room's host: stable, so phones find a host that reloaded. */
export function hostPeerId(room: string): string {
	return `labyrinth-gm-${room.toLowerCase()}`;
}
