/**
 * Text for game events in en, ru and uk, from the paraglide `event_*` keys
 * (the seed's own phrases as templates). The engine only returns codes.
 */
// One language's event texts at a time (scripts/i18n-groups.js writes a module per locale):
// a phone downloads the texts of the language it shows, not all three. `loadEventTexts`
// (./event-texts.ts) brings a locale's texts in; from then on rendering is synchronous.
import { isolate } from '../engine/name';
import { cellName } from '../engine/plan/geometry';
import type { AbandonedItem, Action, Condition, CorrectionChange, Found, GameEvent, GameResult, PublicMove, PublicStatus } from '../engine/game/types';

export { cellName };

export const LOCALES = ['en', 'ru', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];
const BASE: Locale = 'en';

/** One locale's event texts: message key → text (src/lib/paraglide/groups/event.<locale>.js). */
export type EventTexts = Record<string, ((params?: Record<string, unknown>) => string) | undefined>;
const tables: Partial<Record<Locale, EventTexts>> = {};

/** `locale`'s event texts, loaded (by `loadEventTexts`, ./event-texts.ts): rendering in it uses them. */
export function addEventTexts(locale: Locale, texts: EventTexts): void {
	tables[locale] = texts;
}

/** Whether `locale`'s event texts are loaded (rendering in it gives its own words). */
export function hasEventTexts(locale: Locale): boolean {
	return tables[locale] !== undefined;
}

/**
 * `key` in `locale`. Each locale's module already has the base locale's text where it lacks its
 * own; a locale not loaded yet falls back to a loaded base locale, and a key with no text is
 * shown as itself (as before).
 */
function t(key: string, locale: Locale, params: Record<string, unknown> = {}): string {
	const f = (tables[locale] ?? tables[BASE])?.[key];
	return f ? f(params) : key;
}

/** The name of a condition of a conditional part (6.5), as the composer offers it. */
export function conditionPhrase(cond: Condition, locale: Locale): string {
	const key = `event_cond_${cond}`;
	const text = t(key, locale);
	return text === key ? cond : text;
}

/** An abandoned-labyrinth item as a player holds it ("a rusty bullet"), for the status lines. */
export function abandonedItemPhrase(item: AbandonedItem, locale: Locale): string {
	return t(`event_ab_item_${item}`, locale);
}

/** The players' names by seat, as the screens show them (a seat with none, or no list at all: "Player N"). */
export type Names = readonly (string | null | undefined)[];

/**
 * What the master calls a seat at the table: its player's name, else "Player N" (the CLI, a nameless
 * seat). A name is isolated (FSI…PDI, engine/name.ts): a right-to-left name cannot reorder the sentence.
 */
export function seatLabel(seat: number, locale: Locale, names?: Names): string {
	const name = names?.[seat]?.trim();
	return name ? isolate(name) : t('event_player', locale, { player: seat + 1 });
}

export function itemPhrase(kind: keyof typeof FOUND_KEYS, n: number, locale: Locale): string {
	if (n === 0 && (kind === 'bullet' || kind === 'grenade')) return t(`event_item_${kind}_0`, locale);
	if (n >= 1 && n <= 3) return t(`event_item_${kind}_${n}`, locale);
	const cat = new Intl.PluralRules(locale).select(n);
	const form = cat === 'one' || cat === 'few' || cat === 'many' ? cat : 'other';
	return t(`event_item_${kind}_${form}`, locale, { n });
}

const FOUND_KEYS = { treasure: 'treasures', bullet: 'bullets', grenade: 'grenades', landmine: 'landmines', corpse: 'corpses' } as const;

/** "3 moves" with the language's plural form. */
export function movesPhrase(n: number, locale: Locale): string {
	const cat = new Intl.PluralRules(locale).select(n);
	const form = cat === 'one' || cat === 'few' || cat === 'many' ? cat : 'other';
	return t(`event_moves_${form}`, locale, { n });
}

function joinList(parts: string[], locale: Locale): string {
	if (parts.length <= 1) return parts.join('');
	return parts.slice(0, -1).join(', ') + t('event_and', locale) + parts[parts.length - 1];
}

/** What was found: "a treasure, two bullets and a corpse" (the object of "found"; accusative in ru/uk). */
export function foundPhrase(f: Found, locale: Locale, asObject = true): string {
	const parts: string[] = [];
	for (const [kind, field] of Object.entries(FOUND_KEYS) as [keyof typeof FOUND_KEYS, keyof Found][]) {
		const n = f[field];
		if (n > 0) parts.push(n === 1 && asObject ? t(`event_item_${kind}_1_found`, locale) : itemPhrase(kind, n, locale));
	}
	return joinList(parts, locale);
}

export function statusPhrase(s: PublicStatus, locale: Locale): string {
	// The abandoned labyrinth (002 3.1): one item held, no bullets or grenades of the classic kind.
	const parts =
		s.item === undefined
			? [itemPhrase('bullet', s.bullets, locale), itemPhrase('grenade', s.grenades, locale)]
			: [s.item === null ? t('event_status_no_item', locale) : t('event_status_holds', locale, { item: abandonedItemPhrase(s.item, locale) })];
	// what he carries named as in a list of what he has (nominative: "мина", not the object "мину")
	if (s.carry) parts.push(t(`event_status_carry_${s.carry}`, locale));
	if (s.health === 'wounded') parts.push(t('event_health_wounded', locale));
	if (s.health === 'infected')
		parts.push(
			s.infectedLeft === null
				? t('event_health_infected_unlimited', locale)
				: t('event_health_infected', locale, { moves: movesPhrase(s.infectedLeft, locale) })
		);
	if (s.immune) parts.push(t('event_health_immune', locale));
	if (s.outside) parts.push(t('event_status_outside', locale));
	return parts.join(', ');
}

export function actionPhrase(a: Action, locale: Locale, names?: Names): string {
	switch (a.a) {
		case 'go':
			return t('event_act_go', locale, { dir: t(`event_dir_${a.dir}`, locale) });
		case 'flow':
		case 'loop':
		case 'skip':
			return t(`event_act_${a.a}`, locale);
		case 'shoot':
			return a.target === undefined
				? t('event_act_shoot', locale, { dir: t(`event_dir_${a.dir}`, locale) })
				: t('event_act_shoot_at', locale, { dir: t(`event_dir_${a.dir}`, locale), target: seatLabel(a.target, locale, names) });
		case 'grenade':
			return t('event_act_grenade', locale, { wall: t(`event_wall_${a.dir}`, locale) });
		case 'leave':
			return a.dir === undefined
				? t('event_act_leave', locale, { item: t(`event_thing_${a.item}`, locale) })
				: t('event_act_throw', locale, { item: t(`event_thing_${a.item}`, locale), dir: t(`event_dir_${a.dir}`, locale) });
		case 'mine':
			return a.dir === undefined
				? t('event_act_mine', locale)
				: t('event_act_mine_dir', locale, { dir: t(`event_dir_${a.dir}`, locale) });
		case 'take':
			return t('event_act_take', locale, { n: a.index + 1 });
		case 'use':
			return a.item === 'bullet'
				? t('event_act_use_bullet', locale, { dir: t(`event_dir_${a.dir ?? 'up'}`, locale) })
				: t(`event_act_use_${a.item}`, locale);
		case 'attack':
			return t(a.bullet ? 'event_act_attack_bullet' : 'event_act_attack', locale, { target: seatLabel(a.target, locale, names) });
		case 'enter':
			return t('event_act_enter', locale, { side: t(`event_wall_${a.dir}`, locale) });
		case 'if':
			return t('event_act_if', locale, {
				cond: t(`event_cond_${a.cond}`, locale),
				then: a.then.map((x) => actionPhrase(x, locale, names)).join(', ')
			});
	}
}

/** What the master's correction changed, for his log (rulings 5). */
function correctionPhrase(change: CorrectionChange, locale: Locale, width: number, names?: Names): string {
	switch (change.kind) {
		case 'place':
			return t('event_corrected_place', locale, { player: seatLabel(change.seat, locale, names), cell: cellName(change.cell, width) });
		case 'ammo':
			return t('event_corrected_ammo', locale, {
				player: seatLabel(change.seat, locale, names),
				bullets: itemPhrase('bullet', change.bullets, locale),
				grenades: itemPhrase('grenade', change.grenades, locale)
			});
		case 'health':
			return t(`event_corrected_${change.health}`, locale, { player: seatLabel(change.seat, locale, names) });
		case 'carry': {
			const player = seatLabel(change.seat, locale, names);
			const c = change.carry;
			if (c === null) return t('event_corrected_carry_none', locale, { player });
			const thing =
				c.k === 'treasure'
					? t('event_corrected_treasure', locale, { n: c.id + 1 })
					: c.k === 'corpse'
						? t('event_corrected_corpse', locale, { of: seatLabel(c.seat, locale, names) })
						: t('event_thing_landmine', locale);
			return t('event_corrected_carry', locale, { player, thing });
		}
		case 'side':
			return t('event_corrected_side', locale, { cell: cellName(change.cell, width), side: t(`event_side_${change.dir}`, locale), state: t(`event_side_${change.side}`, locale) });
	}
}

export function movePhrase(mv: PublicMove, locale: Locale, names?: Names): string {
	if ('ordered' in mv) return t('event_recall_ordered', locale);
	let text = mv.actions.map((a) => actionPhrase(a, locale, names)).join(', ');
	// 6.2: what he asked of the answer is part of the request said in full (5.1, 4.3).
	if (mv.noPickup) text = t('event_move_no_pickup', locale, { move: text });
	if (mv.noRestock) text = t('event_move_no_restock', locale, { move: text });
	if (mv.dark) return t('event_recall_dark', locale, { move: text });
	if (mv.semiDark) return t('event_recall_semi_dark', locale, { move: text });
	return text;
}

/** What every event's text is made with: the language, the plan's width (for cell names), the players' names. */
interface Told {
	locale: Locale;
	width: number;
	names?: Names;
	/** A seat as the text names it. */
	player: (seat: number) => string;
	/** `{ player }` for an event of one seat, else nothing. */
	P: { player?: string };
}
type Render<K extends GameEvent['type']> = (e: Extract<GameEvent, { type: K }>, c: Told) => string;

/** An event said by its own key (`event_<type>`), with its player when it has one. */
const said = (e: GameEvent, c: Told): string => t(`event_${e.type}`, c.locale, c.P);
const masterSaid = (e: Extract<GameEvent, { type: 'master_undo' | 'master_correct' | 'master_ruling' }>, c: Told): string => t(`event_${e.type}`, c.locale, { reason: e.reason });
const firstOrSpent = (e: Extract<GameEvent, { type: 'crossbow' | 'crutch' }>, c: Told): string => t(e.first ? `event_${e.type}` : `event_${e.type}_spent`, c.locale, c.P);
const numbered = (e: Extract<GameEvent, { type: 'duel_pit' | 'pit_exit' }>, c: Told): string => t(`event_${e.type}`, c.locale, { ...c.P, n: e.n });

/** Every event's text, by its type: the compiler finds an event without one. */
const EVENT_TEXTS: { [K in GameEvent['type']]: Render<K> } = {
	rejected: (e, c) => t('event_rejected', c.locale, { reason: t(`event_reason_${e.reason}`, c.locale) }),
	start_cell: (e, c) => e.seat < 0
		? t('event_common_start_cell', c.locale, { cell: cellName(e.cell, c.width) })
		: t('event_start_cell', c.locale, { ...c.P, cell: cellName(e.cell, c.width) }),
	ordered_at: (e, c) => t('event_ordered_at', c.locale, { ...c.P, cell: cellName(e.cell, c.width) }),
	starts_invalidated: (e, c) => t('event_starts_invalidated', c.locale, { players: joinList(e.seats.map(c.player), c.locale) }),
	start_kind: (e, c) => t('event_start_kind', c.locale, { ...c.P, kind: t(`event_kind_${e.kind}`, c.locale) }),
	cell_kind_answer: (e, c) => t('event_cell_kind_answer', c.locale, { cell: cellName(e.asked, c.width), kind: t(`event_kind_${e.kind}`, c.locale) }),
	break_taken: (e, c) => t('event_break_taken', c.locale, { ...c.P, minutes: e.minutes }),
	hospital: (e, c) => t(e.healed ? 'event_hospital_healed' : 'event_hospital', c.locale),
	weaponry: (e, c) => t(e.treasure ? 'event_weaponry_treasure' : 'event_weaponry', c.locale, {
		items: joinList([itemPhrase('bullet', e.bullets, c.locale), itemPhrase('grenade', e.grenades, c.locale)], c.locale)
	}),
	river: (e, c) => t(e.delta ? 'event_river_delta' : 'event_river', c.locale),
	by_flow: (e, c) => t(e.delta ? 'event_by_flow_delta' : 'event_by_flow', c.locale),
	wall_carried: (e, c) => t(e.delta ? 'event_wall_carried_delta' : 'event_wall_carried', c.locale),
	exit_out: (e, c) => t(e.crumbled ? 'event_exit_out_crumbled' : 'event_exit_out', c.locale),
	found: (e, c) => t('event_found', c.locale, { items: foundPhrase(e, c.locale) }),
	at_feet: (e, c) => t('event_at_feet', c.locale, { items: foundPhrase(e, c.locale, false) }),
	infected: (e, c) => e.moves === null
		? t('event_infected_unlimited', c.locale)
		: t('event_infected', c.locale, { moves: movesPhrase(e.moves, c.locale) }),
	infection_left: (e, c) => t('event_infection_left', c.locale, { moves: movesPhrase(e.left, c.locale) }),
	wounded_notice: (e, c) => t(e.canOrder ? 'event_wounded_notice' : 'event_wounded_notice_no_order', c.locale, c.P),
	cell_ordered: (e, c) => t(e.declined ? 'event_cell_declined' : 'event_cell_ordered', c.locale, c.P),
	// 7.8 silent wording: the blast is heard, not what became of the wall.
	grenade: (e, c) => t(`event_grenade_${e.outcome ?? 'silent'}`, c.locale),
	left_item: (e, c) => t('event_left_item', c.locale, { item: t(`event_thing_${e.item}`, c.locale) }),
	thrown: (e, c) => t('event_thrown', c.locale, {
		item: t(`event_thing_${e.item}`, c.locale),
		dir: t(`event_dir_${e.dir}`, c.locale)
	}),
	took_treasure: (e, c) => t('event_took_treasure', c.locale, { n: e.index + 1 }),
	action_failed: (e, c) => t('event_action_failed', c.locale, { reason: t(`event_reason_${e.reason}`, c.locale) }),
	semi_dark_done: (e, c) => t(e.wall ? 'event_semi_dark_wall' : 'event_semi_dark_no_wall', c.locale, c.P),
	status: (e, c) => statusPhrase(e.status, c.locale),
	move_announced: (e, c) => t('event_move_announced', c.locale, { ...c.P, move: movePhrase(e.move, c.locale, c.names) }),
	recall: (e, c) => e.move === null
		? t('event_recall_none', c.locale, { player: c.player(e.of) })
		: t('event_recall', c.locale, { player: c.player(e.of), move: movePhrase(e.move, c.locale, c.names) }),
	terms: (e, c) => e.movesToHeal === undefined
		? t('event_terms_nstop', c.locale, { rounds: e.nStop })
		: e.movesToHeal === null
			? t('event_terms_unlimited', c.locale, { rounds: e.nStop })
			: t('event_terms', c.locale, { rounds: e.nStop, moves: movesPhrase(e.movesToHeal, c.locale) }),
	nstop_count: (e, c) => t('event_nstop_count', c.locale, { rounds: e.rounds, of: e.of }),
	survivor_left: (e, c) => t('event_survivor_left', c.locale, { ...c.P, moves: movesPhrase(e.left, c.locale) }),
	won: (e, c) => t(`event_won_${e.how}`, c.locale, c.P),
	draw: (e, c) => t(`event_draw_${e.reason}`, c.locale),
	master_undo: masterSaid,
	master_correct: masterSaid,
	master_ruling: masterSaid,
	master_corrected: (e, c) => correctionPhrase(e.change, c.locale, c.width, c.names),
	// topographic (seed 003)
	topo_river: (e, c) => t(e.swamp ? 'event_topo_river_swamp' : 'event_topo_river', c.locale, c.P),
	eaten: (e, c) => t(`event_eaten_${e.by}`, c.locale, c.P),
	near: (e, c) => t(`event_near_${e.who}`, c.locale, c.P),
	// abandoned (seed 002)
	meet: (e, c) => t(e.fight ? 'event_meet' : 'event_meet_no_fight', c.locale, { ...c.P, others: joinList(e.others.map(c.player), c.locale) }),
	shop: (e, c) => e.item === null ? t('event_shop_full', c.locale, c.P) : t('event_shop', c.locale, { ...c.P, roll: e.roll ?? 0, item: t(`event_ab_item_${e.item}`, c.locale) }),
	flushed: (e, c) => t(e.exit ? 'event_flushed_exit' : e.blocked ? 'event_flushed_blocked' : 'event_flushed', c.locale, c.P),
	treasure_pile: (e, c) => t(e.taken ? 'event_treasure_pile_taken' : 'event_treasure_pile', c.locale, c.P),
	injured: (e, c) => t(e.dropped ? 'event_injured_dropped' : 'event_injured', c.locale, { ...c.P, by: c.player(e.by) }),
	battle: (e, c) => e.attackerRoll === null || e.defenderRoll === null
		? t('event_battle_bullet', c.locale, { ...c.P, defender: c.player(e.defender), winner: c.player(e.winner) })
		: t('event_battle', c.locale, { ...c.P, defender: c.player(e.defender), a: e.attackerRoll, b: e.defenderRoll, winner: c.player(e.winner) }),
	// duel (seeds 001/004)
	crossbow: firstOrSpent,
	crutch: firstOrSpent,
	duel_pit: numbered,
	pit_exit: numbered,
	duel_out: (e, c) => t(`event_duel_out_${e.carried}`, c.locale, c.P),
	// said by their own key
	start_chosen: said,
	common_start_set: said,
	starts_confirmed: said,
	cell_kind_asked: said,
	turn: said,
	land: said,
	pit: said,
	pit_loop: said,
	delta: said,
	wall: said,
	river_wade: said,
	river_against: said,
	no_flow: said,
	no_loop: said,
	skip: said,
	mite_woken: said,
	encephalitis: said,
	exit_refused: said,
	lost_outside: said,
	cremated: said,
	immune: said,
	infection_death: said,
	you_died: said,
	scream: said,
	no_scream: said,
	mine_set: said,
	blast: said,
	dark_done: said,
	timed_out: (e, c) => t(e.corpse === false ? 'event_timed_out_left' : 'event_timed_out', c.locale, c.P),
	nstop_started: said,
	nstop_stopped: said,
	swamp: said,
	swamp_death: said,
	crocodile_eats: said,
	crocodile_asleep: said,
	arsenal: said,
	treasure_picked: said,
	morgue: said,
	morgue_cell: said,
	shot_dead: said,
	safe: said,
	marsh: said,
	portal: said,
	turn_lost: said,
	pile_taken: said,
	missed: said,
	first_aid: said,
	junk_dropped: said,
	outer_wall: said,
	trap: said,
	duel_treasure: said,
	reentered: said,
	not_reentered: said,
};

/**
 * One event as text (never empty: every event says something). With
 * `names`, the players are called by their names; without (or for a seat with none), "Player N".
 */
export function renderEvent(e: GameEvent, locale: Locale = 'en', width = 0, names?: Names): string {
	const player = (seat: number) => seatLabel(seat, locale, names);
	const P = 'seat' in e && typeof e.seat === 'number' ? { player: player(e.seat) } : {};
	return (EVENT_TEXTS[e.type] as (e: GameEvent, c: Told) => string)(e, { locale, width, names, player, P });
}

/** How the game ended, as the table heard it ("Anna carried out the true treasure and wins!"). */
export function resultPhrase(result: GameResult, locale: Locale, names?: Names): string {
	const end: GameEvent = result.kind === 'win' ? { type: 'won', seat: result.seat, how: result.how, audience: { to: 'all' } } : { type: 'draw', reason: result.reason, audience: { to: 'all' } };
	return renderEvent(end, locale, 0, names);
}

/**
 * Whether the event's text says the name of its own player (e.g. "Anna's cell: land"), so a
 * screen that shows the player beside each line need not say it twice.
 */
export function namesItsSeat(e: GameEvent, locale: Locale = 'en', width = 0): boolean {
	if (!('seat' in e) || typeof e.seat !== 'number' || e.seat < 0) return false;
	const mark = '\u0000';
	const names = Array.from({ length: e.seat + 1 }, (_, i) => (i === e.seat ? mark : ''));
	return renderEvent(e, locale, width, names).includes(mark);
}

/** Events that are parts of one answer to a move (joined into sentences). */
const ANSWER_PARTS = new Set<GameEvent['type']>([
	'land', 'hospital', 'weaponry', 'pit', 'pit_loop', 'river', 'by_flow', 'delta', 'wall', 'wall_carried',
	'river_wade', 'river_against', 'no_flow', 'no_loop', 'skip', 'mite_woken', 'encephalitis', 'exit_out',
	'exit_refused', 'lost_outside', 'found', 'cremated', 'infected', 'infection_left', 'immune',
	'infection_death', 'scream', 'no_scream', 'at_feet', 'grenade', 'left_item', 'thrown', 'mine_set',
	'blast', 'took_treasure', 'action_failed', 'status', 'you_died',
	// topographic, abandoned and duel movement results
	'swamp', 'swamp_death', 'topo_river', 'crocodile_eats', 'crocodile_asleep', 'arsenal', 'treasure_picked', 'morgue',
	'morgue_cell', 'shot_dead', 'eaten', 'safe', 'meet', 'shop', 'marsh', 'flushed', 'portal', 'treasure_pile', 'pile_taken', 'missed',
	'injured', 'first_aid', 'junk_dropped', 'outer_wall', 'crossbow', 'crutch', 'trap', 'duel_pit', 'pit_exit',
	'duel_treasure', 'duel_out', 'reentered', 'not_reentered'
]);

const cap = (s: string) => (s ? s[0]!.toLocaleUpperCase() + s.slice(1) : s);

/**
 * The master's full answer: consecutive parts of a move joined with commas into
 * sentences ("A scream is heard! Fell into a pit, …."); other events are
 * sentences of their own. Empty texts are dropped.
 */
export function renderAnswer(events: readonly GameEvent[], locale: Locale = 'en', width = 0, names?: Names): string[] {
	const out: string[] = [];
	let cur = '';
	const flush = () => {
		if (cur) out.push(/[.!?]$/.test(cur) ? cur : cur + '.');
		cur = '';
	};
	for (const e of events) {
		const text = renderEvent(e, locale, width, names);
		if (!text) continue;
		if (!ANSWER_PARTS.has(e.type)) {
			flush();
			out.push(cap(/[.!?]$/.test(text) ? text : text + '.'));
			continue;
		}
		if (!cur) cur = cap(text);
		else if (/[.!?]$/.test(cur)) cur += ' ' + cap(text);
		else cur += ', ' + text;
	}
	flush();
	return out;
}

/**
 * An answer in two parts, never joined into one sentence: what the table heard (the sentences to
 * read out) and what was kept from it (told to the master alone, or to one player), for the eyes
 * of whoever holds the screen (seed 000 section A, 5.4, 6.7: the master says nothing of them).
 */
export function answerParts(events: readonly GameEvent[], locale: Locale = 'en', width = 0, names?: Names): { heard: string[]; kept: string[] } {
	return {
		heard: renderAnswer(events.filter((e) => e.audience.to === 'all'), locale, width, names),
		kept: renderAnswer(events.filter((e) => e.audience.to !== 'all'), locale, width, names)
	};
}
