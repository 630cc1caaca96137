/**
 * The duel's wire: its frames' schemas (valibot, checked on arrival) and their bound. The
 * session (duel.ts) speaks them; docs/net.md lists what each carries.
 */
import * as v from 'valibot';
import { DIRECTIONS } from '../engine/plan/types';
import { cleanName, MAX_NAME_LENGTH } from '../engine/name';
import { DUEL_SETTING_IDS } from '../engine/game/settings';
import { Nonce, Proof, PublicKey, readFrame, type ReadResult } from './protocol';
import type { DuelSettings } from '../store/records';

/** A duel's frames stay small: the largest is the reveal's plan (a 10x10 plan is about 6 KB). */
export const MAX_DUEL_FRAME = 32 * 1024;

/** The opener's signalling id: stable, so a joiner finds an opener that reloaded. */
export function duelPeerId(room: string): string {
	return `labyrinth-gm-duel-${room.toLowerCase()}`;
}

const Seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));
const Dir = v.picklist(DIRECTIONS);
// Bidirectional controls and line breaks taken out (engine/name.ts), then refused when empty or too long.
const Name = v.pipe(v.string(), v.transform((name) => cleanName(name, Infinity)), v.minLength(1), v.maxLength(MAX_NAME_LENGTH));
const Reason = v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/));

/** What a duel player may do in one command (duel.ts's `runMove` checks the combinations). */
export const DuelActionSchema = v.variant('a', [
	v.strictObject({ a: v.literal('go'), dir: Dir }),
	v.strictObject({ a: v.literal('grenade'), dir: Dir }),
	v.strictObject({ a: v.literal('take'), index: v.optional(v.literal(0)) }),
	v.strictObject({ a: v.literal('enter'), cell: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)), dir: Dir })
]);
const Actions = v.pipe(v.array(DuelActionSchema), v.minLength(1), v.maxLength(2));
const Events = v.pipe(v.array(v.looseObject({ type: v.pipe(v.string(), v.maxLength(40)), audience: v.looseObject({ to: v.string() }) })), v.maxLength(64));
/** The agreements of the seed (duel settings only): exactly the record's `DuelSettings`, field for field. */
const Settings: v.GenericSchema<DuelSettings> = v.strictObject({
	duelOuterWallsTold: v.optional(v.boolean()),
	duelGrenadesBreakOuter: v.optional(v.boolean()),
	duelReentryAnyExit: v.optional(v.boolean()),
	grenadeWording: v.optional(v.picklist(['silent', 'tell']))
});

export const DuelMessageSchema = v.variant('type', [
	// `key` and `nonce` are optional only so that a phone of an older build is told `version`, not `malformed`.
	v.strictObject({ type: v.literal('hello'), protocol: v.number(), app: v.pipe(v.string(), v.maxLength(64)), name: Name, key: v.optional(PublicKey), nonce: v.optional(Nonce) }),
	v.strictObject({ type: v.literal('proof'), key: PublicKey, sig: Proof, nonce: Nonce }),
	v.strictObject({ type: v.literal('prove'), sig: Proof }),
	v.strictObject({ type: v.literal('welcome'), name: Name, settings: Settings, seed: v.pipe(v.string(), v.maxLength(64)) }),
	v.strictObject({ type: v.literal('refused'), of: v.picklist(['hello', 'start', 'move', 'message']), n: v.optional(Seq), reason: Reason, app: v.optional(v.pipe(v.string(), v.maxLength(64))) }),
	v.strictObject({ type: v.literal('start'), cell: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)) }),
	v.strictObject({ type: v.literal('started'), reply: Events }),
	v.strictObject({ type: v.literal('move'), n: Seq, actions: Actions }),
	v.strictObject({ type: v.literal('answer'), n: Seq, reply: Events }),
	v.strictObject({ type: v.literal('reveal'), plan: v.pipe(v.string(), v.maxLength(MAX_DUEL_FRAME - 256)) })
]);
export type DuelMessage = v.InferOutput<typeof DuelMessageSchema>;
export type WireActions = Extract<DuelMessage, { type: 'move' }>['actions'];

/** Parses a duel frame off the wire: too big, not JSON or not of the schema is refused. */
export function readDuelFrame(raw: unknown): ReadResult<DuelMessage> {
	return readFrame(raw, DuelMessageSchema, MAX_DUEL_FRAME) as ReadResult<DuelMessage>;
}

/** Only the duel's own settings (anything else in an object is dropped). */
export function pickDuelSettings(s: Partial<Record<string, unknown>>): DuelSettings {
	const out: Record<string, unknown> = {};
	for (const id of DUEL_SETTING_IDS) if (s[id] !== undefined) out[id] = s[id];
	return v.parse(Settings, out);
}
