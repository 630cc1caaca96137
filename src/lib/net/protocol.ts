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
import type { GameEvent } from '../engine/game/types';
import type { SeatView } from '../engine/game/view';
import type { Plan } from '../engine/plan/types';
import { cleanName, MAX_NAME_LENGTH } from '../engine/name';

export const PROTOCOL_VERSION = 1;
/** A phone's frames are small (a move with conditions is well under 2 KB). */
export const MAX_PLAYER_FRAME = 16 * 1024;
/** The host pages long event lists so that every frame stays under this. */
export const MAX_HOST_FRAME = 60 * 1024;

const Seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31));
const Key = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));
// Bidirectional controls and line breaks taken out (engine/name.ts), then refused when empty or too long.
const Name = v.pipe(v.string(), v.transform((name) => cleanName(name, Infinity)), v.minLength(1), v.maxLength(MAX_NAME_LENGTH));
const Clock = v.pipe(v.number(), v.finite());

export const PlayerMessageSchema = v.variant('type', [
	v.strictObject({
		type: v.literal('hello'),
		protocol: v.number(),
		app: v.pipe(v.string(), v.maxLength(64)),
		name: Name,
		/** The seat key kept on the phone, when it has one for this table. */
		key: v.optional(Key),
		/** How many events of its feed the phone already has. */
		have: Seq
	}),
	v.strictObject({
		type: v.literal('command'),
		/** Numbered by the phone, 1, 2, 3…, kept across reloads. */
		id: Seq,
		/** Checked in full by the engine, which refuses anything malformed. */
		command: v.looseObject({ type: v.pipe(v.string(), v.maxLength(40)) })
	})
]);
export type PlayerMessage = v.InferOutput<typeof PlayerMessageSchema>;

export const REFUSALS = ['version', 'table_full', 'unknown_key', 'not_joined', 'malformed', 'too_big', 'replaced'] as const;
export type Refusal = (typeof REFUSALS)[number];

/** Why the host refused a command (beyond the engine's own reasons). */
export const COMMAND_REFUSALS = ['not_your_seat', 'not_started', 'master_only'] as const;
export type CommandRefusal = (typeof COMMAND_REFUSALS)[number];

/** What a phone is told of its seat: `viewFor` without the events (the plan comes apart, in `reveal`, once the game is over). */
export type UpdateView = Omit<SeatView, 'events'>;

export type HostMessage =
	| { type: 'welcome'; seat: number; key: string; room: string }
	| { type: 'refused'; reason: Refusal; app?: string }
	| { type: 'table'; names: string[]; here: boolean[]; started: boolean }
	| {
			type: 'update';
			/** The seat's view without its event list… */
			view: UpdateView;
			/** …whose events from index `from` on are these (one page of them). */
			from: number;
			events: GameEvent[];
	  }
	| { type: 'result'; id: number; ok: boolean; reason?: string }
	/**
	 * The game is over: the plan and the game step by step, for the reveal (every player may see
	 * them now; never sent before). A long game's replay may come without the moves as said, or not at all.
	 */
	| { type: 'reveal'; plan: Plan; replay?: Replay };

/** A step's change in a replay: `[step, seat or wall, value]` (a cell may be −1: nowhere). */
const Change = v.tuple([Seq, Seq, v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(2 ** 31))]);
const ReplaySchema = v.object({
	commands: Seq,
	start: v.array(v.pipe(v.number(), v.integer(), v.minValue(-1))),
	moves: v.array(Change),
	status: v.array(Change),
	walls: v.array(Change),
	acts: v.array(
		v.object({
			by: v.pipe(v.number(), v.integer(), v.minValue(-1)),
			move: v.optional(v.object({ actions: v.array(v.looseObject({ a: v.string() })), dark: v.boolean(), semiDark: v.boolean() }))
		})
	),
	heard: v.array(Seq)
});

const HostMessageSchema = v.variant('type', [
	v.object({ type: v.literal('welcome'), seat: Seq, key: Key, room: v.string() }),
	v.object({ type: v.literal('refused'), reason: v.picklist(REFUSALS), app: v.optional(v.string()) }),
	v.object({ type: v.literal('table'), names: v.array(v.string()), here: v.array(v.boolean()), started: v.boolean() }),
	v.object({
		type: v.literal('update'),
		view: v.looseObject({ seat: Seq, phase: v.string(), width: Seq, height: Seq }),
		from: Seq,
		events: v.array(v.looseObject({ type: v.string(), audience: v.looseObject({ to: v.string() }) }))
	}),
	v.object({ type: v.literal('result'), id: Seq, ok: v.boolean(), reason: v.optional(v.string()) }),
	v.object({ type: v.literal('reveal'), plan: v.looseObject({ width: Seq, height: Seq, cells: v.array(v.unknown()) }), replay: v.optional(ReplaySchema) })
]);

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
const PlayerFrame = frameSchema(PlayerMessageSchema);
const HostFrame = frameSchema(HostMessageSchema);

export type ReadResult<M> = { ok: true; frame: Frame<M> } | { ok: false; reason: 'too_big' | 'malformed' };

/** Parses a phone's frame off the wire, refusing anything too big, not JSON, or not of the protocol. */
export function readPlayerFrame(raw: unknown): ReadResult<PlayerMessage> {
	return readFrame(raw, PlayerFrame, MAX_PLAYER_FRAME) as ReadResult<PlayerMessage>;
}

/** Parses a host's frame (the phone checks it the same way). */
export function readHostFrame(raw: unknown): ReadResult<HostMessage> {
	return readFrame(raw, HostFrame, MAX_HOST_FRAME) as ReadResult<HostMessage>;
}

/** Parses a frame off the wire against `schema` (a `frameSchema`), refusing anything over `limit` characters. */
export function readFrame(raw: unknown, schema: v.GenericSchema, limit: number): ReadResult<unknown> {
	if (typeof raw !== 'string') return { ok: false, reason: 'malformed' };
	if (raw.length > limit) return { ok: false, reason: 'too_big' };
	let data: unknown;
	try {
		data = JSON.parse(raw);
	} catch {
		return { ok: false, reason: 'malformed' };
	}
	const parsed = v.safeParse(schema, data);
	return parsed.success ? { ok: true, frame: parsed.output as Frame<unknown> } : { ok: false, reason: 'malformed' };
}

/**
 * Splits `events` (from index `from`) into pages whose update messages stay under `limit`
 * bytes with the view; always at least one page, so an empty list still carries the view.
 */
export function pageEvents(view: UpdateView, from: number, events: GameEvent[], limit = MAX_HOST_FRAME - 512): HostMessage[] {
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

const base64url = (bytes: Uint8Array) =>
	btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A seat key: 24 random characters, kept on the phone, proved on every join. */
export function newSeatKey(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
	return base64url(random(new Uint8Array(18)));
}

/** The room code alphabet: no 0/O, 1/I/L, so it can be read out and typed. */
export const ROOM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ROOM_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** A short room code people can read out. */
export function newRoomCode(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
	return [...random(new Uint8Array(6))].map((b) => ROOM_ALPHABET[b % ROOM_ALPHABET.length]).join('');
}

/** Normalises what a person typed as a room code; null when it cannot be one. */
export function parseRoomCode(text: string): string | null {
	const code = text.toUpperCase().replace(/[\s-]/g, '');
	return ROOM_PATTERN.test(code) ? code : null;
}

/** The signalling id of a room's host: stable, so phones find a host that reloaded. */
export function hostPeerId(room: string): string {
	return `labyrinth-gm-${room.toLowerCase()}`;
}
