import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { isolate } from '../engine/name';
import { createRng } from '../engine/random';
import { apply } from '../engine/game/apply';
import { createGame, initialState } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import { randomPlan } from '../engine/game/testing';
import { REJECT_REASONS, type EventBody, type EventType, type GameEvent, type Seat } from '../engine/game/types';
import { genderedWords } from './gendered.testing';
import { cellName, foundPhrase, itemPhrase, movePhrase, movesPhrase, LOCALES, namesItsSeat, renderAnswer, renderEvent, seatLabel, statusPhrase, type Locale } from './events';

describe('event texts', () => {
	test('all three catalogues hold the same event_, setting_ and status_ keys', () => {
		const keys = (l: string) =>
			Object.keys(JSON.parse(readFileSync(`messages/${l}.json`, 'utf8')))
				.filter((k) => /^(event|setting|status)_/.test(k))
				.sort();
		expect(keys('ru')).toEqual(keys('en'));
		expect(keys('uk')).toEqual(keys('en'));
	});

	test('every event of many random games renders in every language without a raw key or placeholder', () => {
		const seen = new Set<string>();
		// Bad renderings collected and asserted once (an expect per text made this slow on a busy machine).
		const bad: string[] = [];
		for (let seed = 1; seed <= 150; seed++) {
			const rng = createRng(seed);
			const g = createGame({ plan: randomPlan(rng, 5, 5), seats: 3, seed, settings: seed % 2 ? {} : { grenadeWording: 'tell', lastSurvivorMoves: 2 } });
			if (!g.ok) throw new Error('setup');
			let s = initialState(g.value);
			for (let i = 0; i < 150 && s.phase !== 'over'; i++) {
				const r = apply(s, randomLegalCommand(s, rng)!);
				s = r.state;
				for (const e of r.events) {
					seen.add(e.type);
					for (const l of LOCALES) {
						const text = renderEvent(e, l, 5);
						if (/event_|\{|undefined/.test(text)) bad.push(`${e.type} ${l}: ${text}`);
					}
				}
			}
		}
		expect(bad.slice(0, 10)).toEqual([]);
		expect(seen.size).toBeGreaterThan(40);
	});

	test('every reject reason has a text', () => {
		for (const reason of REJECT_REASONS)
			for (const l of LOCALES) {
				const e = { type: 'rejected', reason, command: 'move', audience: { to: 'master' } } as GameEvent;
				expect(renderEvent(e, l)).not.toMatch(/event_/);
			}
	});

	test('Russian and Ukrainian counts agree with the number (1, 2–4, 5+)', () => {
		expect(itemPhrase('bullet', 5, 'ru')).toBe('5 патронов');
		expect(itemPhrase('bullet', 22, 'ru')).toBe('22 патрона');
		expect(itemPhrase('grenade', 21, 'uk')).toBe('21 граната');
		expect(itemPhrase('bullet', 2, 'en')).toBe('two bullets');
		expect(movesPhrase(3, 'ru')).toBe('3 хода');
		const one = { treasures: 0, bullets: 0, grenades: 1, landmines: 1, corpses: 0 };
		expect(foundPhrase(one, 'ru')).toBe('одну гранату и мину');
		expect(foundPhrase(one, 'uk')).toBe('одну гранату і міну');
		expect(foundPhrase(one, 'ru', false)).toBe('одна граната и мина');
		expect(movesPhrase(5, 'uk')).toBe('5 ходів');
		expect(movesPhrase(1, 'en')).toBe('1 move');
	});

	test('the master names cells like paper players: columns a, b, c…, rows from the top', () => {
		expect(cellName(0, 5)).toBe('a1');
		expect(cellName(7, 5)).toBe('c2');
		expect(cellName(26, 27)).toBe('aa1');
	});

	test('4.x: a move\'s parts join into one answer; "!" starts a new sentence', () => {
		const ev = (b: object) => ({ ...b, audience: { to: 'all' } }) as GameEvent;
		expect(
			renderAnswer([ev({ type: 'scream', seat: 0 }), ev({ type: 'pit', seat: 0 }), ev({ type: 'found', seat: 0, treasures: 1, bullets: 2, grenades: 0, landmines: 0, corpses: 1 })])
		).toEqual(['A scream is heard! Fell into a pit, was transported to the next one in the loop, found a treasure, two bullets and a corpse.']);
	});
});

/** Every event type (the compiler holds the list complete), with its variants that word a player differently. */
type Samples = { [K in EventType]: Omit<Extract<EventBody, { type: K }>, 'type'>[] };
const none = { treasures: 0, bullets: 0, grenades: 0, landmines: 0, corpses: 0 };
const SAMPLES: Samples = {
	rejected: [{ reason: 'not_your_turn', command: 'move' }],
	start_chosen: [{ seat: 1 }],
	start_cell: [{ seat: 2, cell: 7 }, { seat: -1, cell: 7 }],
	starts_invalidated: [{ seats: [0, 2] }, { seats: [1] }],
	common_start_set: [{}],
	starts_confirmed: [{}],
	terms: [{ nStop: 20, movesToHeal: 5 }, { nStop: 20, movesToHeal: null }, { nStop: 20 }],
	start_kind: [{ seat: 1, kind: 'land' }],
	cell_kind_answer: [{ seat: 1, asked: 3, kind: 'pit' }],
	cell_kind_asked: [{ seat: 1 }],
	turn: [{ seat: 1 }],
	move_announced: [
		{ seat: 1, move: { actions: [{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'up' }], dark: false, semiDark: false } },
		{ seat: 1, move: { actions: [{ a: 'go', dir: 'right' }], dark: true, semiDark: false, noPickup: true, noRestock: true } },
		{ seat: 1, move: { actions: [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'up' }, { a: 'if', cond: 'found_treasure', then: [{ a: 'shoot', dir: 'left', target: 2 }] }], dark: false, semiDark: false } },
		{ seat: 1, move: { actions: [{ a: 'go', dir: 'left' }], dark: true, semiDark: false } },
		{ seat: 1, move: { actions: [{ a: 'flow' }], dark: false, semiDark: true } }
	],
	land: [{ seat: 1 }],
	hospital: [{ seat: 1, healed: true }],
	weaponry: [{ seat: 1, bullets: 3, grenades: 3, treasure: false }],
	pit: [{ seat: 1 }],
	pit_loop: [{ seat: 1 }],
	river: [{ seat: 1, delta: false }],
	by_flow: [{ seat: 1, delta: true }],
	delta: [{ seat: 1 }],
	wall: [{ seat: 1 }],
	wall_carried: [{ seat: 1, delta: false }],
	river_wade: [{ seat: 1 }],
	river_against: [{ seat: 1 }],
	no_flow: [{ seat: 1 }],
	no_loop: [{ seat: 1 }],
	skip: [{ seat: 1 }],
	mite_woken: [{ seat: 1 }],
	encephalitis: [{ seat: 1 }],
	exit_out: [{ seat: 1, crumbled: false }],
	exit_refused: [{ seat: 1 }],
	lost_outside: [{ seat: 1 }],
	found: [{ seat: 1, ...none, treasures: 1 }],
	cremated: [{ seat: 1 }],
	infected: [{ seat: 1, moves: 3 }, { seat: 1, moves: null }],
	infection_left: [{ seat: 1, left: 2 }],
	immune: [{ seat: 1 }],
	infection_death: [{ seat: 1 }],
	wounded_notice: [{ seat: 1, canOrder: true }, { seat: 1, canOrder: false }],
	you_died: [{ seat: 1 }],
	cell_ordered: [{ seat: 1, declined: false }, { seat: 1, declined: true }],
	ordered_at: [{ seat: 2, cell: 12 }],
	scream: [{ seat: 1 }],
	no_scream: [{ seat: 1 }],
	at_feet: [{ seat: 1, ...none, corpses: 1 }],
	grenade: [{ seat: 1, dir: 'up', outcome: 'blown' }, { seat: 1, dir: 'up', outcome: 'stood' }, { seat: 1, dir: 'up', outcome: 'no_wall' }, { seat: 1, dir: 'up', outcome: null }],
	left_item: [{ seat: 1, item: 'corpse' }],
	thrown: [{ seat: 1, item: 'landmine', dir: 'left' }],
	mine_set: [{ seat: 1 }],
	blast: [{ seat: 1 }],
	took_treasure: [{ seat: 1, index: 0 }],
	action_failed: [{ seat: 1, reason: 'no_bullets' }],
	dark_done: [{ seat: 1 }],
	semi_dark_done: [{ seat: 1, wall: true }, { seat: 1, wall: false }],
	status: [{ seat: 1, status: { health: 'wounded', immune: false, infectedLeft: null, bullets: 1, grenades: 0, carry: 'treasure', reordersLeft: 1, outside: false } }],
	recall: [
		{ seat: 0, of: 1, move: null },
		{ seat: 0, of: 2, move: { actions: [{ a: 'go', dir: 'up' }, { a: 'shoot', dir: 'left', target: 1 }, { a: 'if', cond: 'land', then: [{ a: 'attack', target: 0, bullet: true }] }], dark: false, semiDark: false } },
		{ seat: 0, of: 1, move: { ordered: true } }
	],
	break_taken: [{ seat: 1, minutes: 5 }],
	timed_out: [{ seat: 1 }],
	nstop_started: [{}],
	nstop_stopped: [{}],
	nstop_count: [{ rounds: 2, of: 5 }],
	survivor_left: [{ seat: 1, left: 3 }],
	won: [{ seat: 1, how: 'treasure' }, { seat: 1, how: 'elimination' }, { seat: 1, how: 'last_survivor' }],
	draw: [{ reason: 'nstop' }],
	master_undo: [{ reason: 'a slip' }],
	master_correct: [{ reason: 'a slip' }],
	master_ruling: [{ reason: 'a slip' }],
	master_corrected: [
		{ change: { kind: 'place', seat: 1, cell: 5 } },
		{ change: { kind: 'ammo', seat: 1, bullets: 0, grenades: 2 } },
		{ change: { kind: 'health', seat: 1, health: 'healthy' } },
		{ change: { kind: 'health', seat: 1, health: 'wounded' } },
		{ change: { kind: 'health', seat: 1, health: 'infected' } },
		{ change: { kind: 'side', cell: 5, dir: 'left', side: 'wall' } },
		{ change: { kind: 'side', cell: 5, dir: 'up', side: 'open_exit' } },
		{ change: { kind: 'carry', seat: 1, carry: null } },
		{ change: { kind: 'carry', seat: 1, carry: { k: 'treasure', id: 0 } } },
		{ change: { kind: 'carry', seat: 1, carry: { k: 'landmine' } } },
		{ change: { kind: 'carry', seat: 1, carry: { k: 'corpse', seat: 2 } } }
	],
	swamp: [{ seat: 1 }],
	swamp_death: [{ seat: 1 }],
	topo_river: [{ seat: 1, swamp: false }],
	crocodile_eats: [{ seat: 1 }],
	crocodile_asleep: [{ seat: 1 }],
	arsenal: [{ seat: 1 }],
	treasure_picked: [{ seat: 1 }],
	morgue: [{ seat: 1 }],
	morgue_cell: [{ seat: 1 }],
	shot_dead: [{ seat: 1 }],
	eaten: [{ seat: 1, by: 'bear' }, { seat: 1, by: 'ghost' }],
	near: [{ seat: 1, who: 'bear' }, { seat: 1, who: 'ghost' }],
	safe: [{ seat: 1 }],
	meet: [{ seat: 1, others: [0], fight: true }, { seat: 1, others: [0, 2], fight: false }],
	shop: [{ seat: 1, roll: 4, item: 'first_aid' }, { seat: 1, roll: null, item: null }],
	marsh: [{ seat: 1 }],
	flushed: [{ seat: 1, blocked: false }, { seat: 1, blocked: true }, { seat: 1, blocked: true, exit: true }],
	portal: [{ seat: 1 }],
	treasure_pile: [{ seat: 1, taken: true }],
	pile_taken: [{ seat: 1 }],
	turn_lost: [{ seat: 1 }],
	missed: [{ seat: 1 }],
	injured: [{ seat: 1, by: 2, dropped: false }, { seat: 1, by: 2, dropped: true }],
	first_aid: [{ seat: 1 }],
	junk_dropped: [{ seat: 1 }],
	battle: [
		{ seat: 0, defender: 2, attackerRoll: 3, defenderRoll: 5, winner: 2 },
		{ seat: 0, defender: 1, attackerRoll: null, defenderRoll: null, winner: 0 }
	],
	outer_wall: [{ seat: 1 }],
	crossbow: [{ seat: 1, first: true }],
	crutch: [{ seat: 1, first: false }],
	trap: [{ seat: 1 }],
	duel_pit: [{ seat: 1, n: 2 }],
	pit_exit: [{ seat: 1, n: 2 }],
	duel_treasure: [{ seat: 1 }],
	duel_out: [{ seat: 1, carried: 'true' }],
	reentered: [{ seat: 1 }],
	not_reentered: [{ seat: 1 }]
};
const samples = (Object.entries(SAMPLES) as [EventType, object[]][]).flatMap(([type, bodies]) =>
	bodies.map((b) => ({ ...b, type, audience: { to: 'all' } }) as GameEvent)
);

/** Names a table might give, in each language's letters. */
const NAMES: Record<Locale, string[]> = { en: ['Anna', 'Boris', 'Vera'], ru: ['Анна', 'Борис', 'Вера'], uk: ['Ганна', 'Богдан', 'Ярослава'] };
/** "Player 2", "игрока 2", "Гравець 2"…: a seat told by its number. */
const BY_NUMBER = /\b(player|players)\s+\d|(игрок|гравц|гравец)\S*\s+\d/iu;
/** The text without the isolation round each name (FSI…PDI). */
const bare = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe("the announcements name the players (the table's names; else \"Player N\")", () => {
	test('every event type, every language: a named seat is told by its name where the nameless text says "Player N", nothing else changes', () => {
		for (const e of samples)
			for (const l of LOCALES) {
				const names = NAMES[l];
				const plain = renderEvent(e, l, 5);
				const named = renderEvent(e, l, 5, names);
				const label = (s: Seat) => seatLabel(s, l);
				expect(named, `${e.type} ${l}`).not.toMatch(/event_|[{}]|undefined|NaN/);
				expect(plain, `${e.type} ${l}`).not.toMatch(/event_|[{}]|undefined|NaN/);
				expect(named, `${e.type} ${l}: a named seat is not a number`).not.toMatch(BY_NUMBER);
				for (const s of [0, 1, 2]) expect(named, `${e.type} ${l}`).not.toContain(label(s));
				// without names, the text is exactly the one with each seat's "Player N" in place of its (isolated) name
				expect(named.replaceAll(isolate(names[0]!), label(0)).replaceAll(isolate(names[1]!), label(1)).replaceAll(isolate(names[2]!), label(2)), `${e.type} ${l}`).toBe(plain);
				expect(renderEvent(e, l, 5, [])).toBe(plain);
				expect(bare(renderEvent(e, l, 5, [label(0), label(1), label(2)]))).toBe(plain);
			}
	});

	test('every seat an event names is said: the mover, the target, the attacker, the defender, the winner, the others', () => {
		const said = (e: GameEvent, l: Locale, seats: Seat[]) => {
			const named = renderEvent(e, l, 5, NAMES[l]);
			for (const s of seats) expect(named, `${e.type} ${l} seat ${s}`).toContain(NAMES[l][s]!);
		};
		const ev = (b: object) => ({ ...b, audience: { to: 'all' } }) as GameEvent;
		for (const l of LOCALES) {
			for (const type of ['turn', 'start_kind', 'start_chosen', 'wounded_notice', 'cell_ordered', 'survivor_left', 'won', 'timed_out', 'shot_dead', 'eaten', 'morgue', 'turn_lost', 'break_taken'] as const)
				for (const b of SAMPLES[type]) said(ev({ ...b, type }), l, [1]);
			said(ev({ type: 'starts_invalidated', seats: [0, 2] }), l, [0, 2]);
			for (const b of SAMPLES.recall) if (b.move && !('ordered' in b.move)) said(ev({ ...b, type: 'recall' }), l, [0, 1, 2]);
			for (const b of SAMPLES.injured) said(ev({ ...b, type: 'injured' }), l, [1, 2]);
			for (const b of SAMPLES.battle) said(ev({ ...b, type: 'battle' }), l, [b.seat, b.defender, b.winner]);
			for (const fight of [true, false]) said(ev({ type: 'meet', seat: 1, others: [0, 2], fight }), l, [0, 2]);
		}
	});

	test('the texts as the master says them, with names and without (the CLI, a nameless seat)', () => {
		const ev = (b: object) => ({ ...b, audience: { to: 'all' } }) as GameEvent;
		const turn = ev({ type: 'turn', seat: 1 });
		const kind = ev({ type: 'start_kind', seat: 0, kind: 'land' });
		const won = ev({ type: 'won', seat: 0, how: 'treasure' });
		const shot = ev({ type: 'recall', seat: 0, of: 2, move: { actions: [{ a: 'go', dir: 'up' }, { a: 'shoot', dir: 'left', target: 1 }], dark: false, semiDark: false } });
		const battle = ev({ type: 'battle', seat: 0, defender: 2, attackerRoll: 3, defenderRoll: 5, winner: 2 });
		const invalid = ev({ type: 'starts_invalidated', seats: [0, 2] });
		expect([turn, kind, won, shot, battle, invalid].map((e) => renderEvent(e, 'en'))).toEqual([
			"Player 2's move",
			"Player 1's cell: land",
			'Player 1 carried out the true treasure and wins!',
			"Player 3's last move: go up, shoot to the left at Player 2",
			'Player 1 attacks Player 3: 3 against 5, Player 3 wins the battle',
			'The master declares the starting choice of Player 1 and Player 3 invalid; choose another cell'
		]);
		expect([turn, kind, won, shot, battle, invalid].map((e) => bare(renderEvent(e, 'en', 0, NAMES.en)))).toEqual([
			"Boris's move",
			"Anna's cell: land",
			'Anna carried out the true treasure and wins!',
			"Vera's last move: go up, shoot to the left at Boris",
			'Anna attacks Vera: 3 against 5, Vera wins the battle',
			'The master declares the starting choice of Anna and Vera invalid; choose another cell'
		]);
		expect([turn, kind, won, shot, battle, invalid].map((e) => bare(renderEvent(e, 'ru', 0, NAMES.ru)))).toEqual([
			'Ходит Борис',
			'Анна — клетка: суша',
			'Анна выносит настоящий клад и побеждает!',
			'Вера: последний ход — иду вверх, стреляю влево (цель — Борис)',
			'Анна нападает, защищается Вера: 3 против 5, в схватке побеждает Вера',
			'Ведущий объявляет выбор стартовой клетки недействительным: Анна и Вера; выберите другую клетку'
		]);
		expect([turn, kind, won].map((e) => renderEvent(e, 'ru'))).toEqual(['Ходит Игрок 2', 'Игрок 1 — клетка: суша', 'Игрок 1 выносит настоящий клад и побеждает!']);
		expect([turn, kind, won].map((e) => bare(renderEvent(e, 'uk', 0, ['Ганна', 'Богдан'])))).toEqual(['Ходить Богдан', 'Ганна — клітинка: суходіл', 'Ганна виносить справжній скарб і перемагає!']);
		expect([turn, kind].map((e) => renderEvent(e, 'uk'))).toEqual(['Ходить Гравець 2', 'Гравець 1 — клітинка: суходіл']);
		// a seat with no name (blank, or beyond the list) is "Player N"; a name is said as it was written, trimmed
		expect(renderEvent(turn, 'en', 0, ['Anna', '  '])).toBe("Player 2's move");
		expect(renderEvent(turn, 'en', 0, ['Anna'])).toBe("Player 2's move");
		expect(renderEvent(turn, 'en', 0, ['Anna', ' Boris '])).toBe("\u2068Boris\u2069's move");
		// the answer a move gets: its parts joined, the player named inside
		expect(renderAnswer([ev({ type: 'land', seat: 1 }), ev({ type: 'shot_dead', seat: 2 })], 'en', 0, NAMES.en)).toEqual(['Went onto land, \u2068Vera\u2069 is shot dead.']);
		// issue 18: a right-to-left name keeps to itself; the sentence around it reads as written
		expect(renderEvent(won, 'en', 0, ['שרה'])).toBe('\u2068שרה\u2069 carried out the true treasure and wins!');
	});

	test('whether a line says its own player (the feed then shows no name beside it): exactly when the named text holds that name', () => {
		const ev = (b: object) => ({ ...b, audience: { to: 'all' } }) as GameEvent;
		for (const l of LOCALES) {
			expect(namesItsSeat(ev({ type: 'start_kind', seat: 1, kind: 'land' }), l)).toBe(true);
			expect(namesItsSeat(ev({ type: 'won', seat: 0, how: 'treasure' }), l)).toBe(true);
			expect(namesItsSeat(ev({ type: 'land', seat: 1 }), l)).toBe(false);
			// the recall names the player asked about, not the one who asked
			expect(namesItsSeat(ev({ type: 'recall', seat: 0, of: 1, move: null }), l)).toBe(false);
			expect(namesItsSeat(ev({ type: 'start_cell', seat: -1, cell: 3 }), l)).toBe(false);
			for (const e of samples) {
				if (!('seat' in e) || e.seat < 0) continue;
				const only = Array.from({ length: 3 }, (_, i) => (i === e.seat ? 'Zoe' : ''));
				expect(namesItsSeat(e, l, 5), `${e.type} ${l}`).toBe(renderEvent(e, l, 5, only).includes('Zoe'));
			}
		}
	});

	test('random games: every event renders with names in every language, no placeholder, no numbered seat', () => {
		for (let seed = 1; seed <= 40; seed++) {
			const rng = createRng(seed);
			const g = createGame({ plan: randomPlan(rng, 5, 5), seats: 3, seed, settings: seed % 2 ? {} : { grenadeWording: 'tell', lastSurvivorMoves: 2 } });
			if (!g.ok) throw new Error('setup');
			let s = initialState(g.value);
			for (let i = 0; i < 120 && s.phase !== 'over'; i++) {
				const r = apply(s, randomLegalCommand(s, rng)!);
				s = r.state;
				for (const e of r.events)
					for (const l of LOCALES) {
						const named = renderEvent(e, l, 5, NAMES[l]);
						expect(named, `${e.type} ${l}`).not.toMatch(/event_|[{}]|undefined/);
						expect(named, `${e.type} ${l}`).not.toMatch(BY_NUMBER);
					}
			}
		}
	});
});

describe('a player\'s line does not guess the player\'s gender (ru, uk)', () => {
	test('every event about a seat, with a woman\'s name and a man\'s, and the player\'s own answer: no past-tense or participle form that agrees with the player', () => {
		for (const l of ['ru', 'uk'] as const) {
			for (const e of samples.filter((e) => 'seat' in e && typeof e.seat === 'number' && e.seat >= 0)) {
				const texts = [renderEvent(e, l, 5, NAMES[l]), ...renderAnswer([e], l, 5, NAMES[l])];
				for (const text of texts) expect(genderedWords(text, l), `${e.type} ${l}: ${text}`).toEqual([]);
			}
		}
	});

	test("a player's standing (the status panel, the abandoned survivor's line, the master's list of seats) takes no gender either", () => {
		for (const l of ['ru', 'uk'] as const) {
			const catalogue = JSON.parse(readFileSync(`messages/${l}.json`, 'utf8')) as Record<string, string>;
			const standing = Object.entries(catalogue).filter(([k]) => /^(status_|systems_(healthy|injured|carrying|holding|no_item|lose)|console_health_|event_health_|event_status)/.test(k));
			expect(standing.length).toBeGreaterThan(20);
			for (const [key, text] of standing) expect(genderedWords(text, l), `${l} ${key}: ${text}`).toEqual([]);
		}
	});

	test('the lines of one move read the same for Anna and for Boris', () => {
		const ev = (b: object) => ({ ...b, audience: { to: 'all' } }) as GameEvent;
		const move = [ev({ type: 'pit', seat: 0 }), ev({ type: 'found', seat: 0, treasures: 1, bullets: 0, grenades: 1, landmines: 0, corpses: 0 })];
		expect(renderAnswer(move, 'ru', 5, ['Анна'])).toEqual(['Проваливается в яму и переходит в следующую по кругу, находит клад и одну гранату.']);
		expect(renderAnswer(move, 'uk', 5, ['Ганна'])).toEqual(['Провалюється в яму й переходить до наступної по колу, знаходить скарб і одну гранату.']);
	});
});

describe('no announcement is silent', () => {
	test('every event type (each variant) renders as a non-empty text in every language, with and without names', () => {
		const types = new Set(samples.map((e) => e.type));
		expect(types.size).toBe(Object.keys(SAMPLES).length);
		for (const e of samples)
			for (const l of LOCALES) {
				expect(renderEvent(e, l, 5).trim(), `${e.type} ${l}`).not.toBe('');
				expect(renderEvent(e, l, 5, NAMES[l]).trim(), `${e.type} ${l} named`).not.toBe('');
			}
	});

	test('7.8 silent grenade wording: the blast is heard, the wall\'s fate is not told', () => {
		const silent = { type: 'grenade', seat: 0, dir: 'up', outcome: null, audience: { to: 'all' } } as GameEvent;
		expect(LOCALES.map((l) => renderEvent(silent, l))).toEqual(['the grenade went off', 'граната взорвалась', 'граната вибухнула']);
	});
});

describe('the move as said (000 1.2, 2.1, 6.2, 6.7, 6.8)', () => {
	const said = (actions: object[], flags: { dark?: boolean; semiDark?: boolean } = {}) =>
		({ type: 'move_announced', seat: 0, move: { actions, dark: flags.dark ?? false, semiDark: flags.semiDark ?? false }, audience: { to: 'all' } }) as GameEvent;
	const goShoot = said([{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'up' }]);

	test('"Anna: go right, shoot up" in every language, the player named', () => {
		expect(renderEvent(goShoot, 'en', 0, NAMES.en)).toBe('\u2068Anna\u2069: go to the right, shoot up');
		expect(renderEvent(goShoot, 'ru', 0, NAMES.ru)).toBe('\u2068Анна\u2069: иду вправо, стреляю вверх');
		expect(renderEvent(goShoot, 'uk', 0, NAMES.uk)).toBe('\u2068Ганна\u2069: іду праворуч, стріляю вгору');
		expect(renderEvent(goShoot, 'en')).toBe('Player 1: go to the right, shoot up');
		for (const l of LOCALES) expect(namesItsSeat(goShoot, l)).toBe(true);
	});

	test('the seed\'s example: "Blow the up wall, then go up" and a conditional part', () => {
		const e = said([{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'up' }, { a: 'if', cond: 'found_treasure', then: [{ a: 'shoot', dir: 'up' }] }]);
		expect(renderEvent(e, 'en', 0, NAMES.en)).toBe('\u2068Anna\u2069: blow up the wall above, go up, if I find a treasure: shoot up');
	});

	test('6.7 / 6.8: a dark or semi-dark move is said aloud with what the player asked not to be told', () => {
		expect(renderEvent(said([{ a: 'go', dir: 'right' }], { dark: true }), 'en', 0, NAMES.en)).toBe("\u2068Anna\u2069: go to the right, don't tell the result");
		expect(renderEvent(said([{ a: 'go', dir: 'right' }], { semiDark: true }), 'en', 0, NAMES.en)).toBe('\u2068Anna\u2069: go to the right, tell only whether a wall was hit');
	});

	test('the move is its own sentence before the answer', () => {
		const ev = (b: object) => ({ ...b, audience: { to: 'all' } }) as GameEvent;
		expect(renderAnswer([goShoot, ev({ type: 'land', seat: 0 }), ev({ type: 'no_scream', seat: 0 })], 'en', 0, NAMES.en)).toEqual([
			'\u2068Anna\u2069: go to the right, shoot up.',
			'Went onto land, no scream is heard.'
		]);
	});
});

describe("a player's status (issue 33: \"…, мину\")", () => {
	test('what he carries is named as one of the things he has (nominative), not as the object of a verb', () => {
		const base = { health: 'healthy', immune: false, infectedLeft: null, bullets: 3, grenades: 3, reordersLeft: 0, outside: false } as const;
		expect(statusPhrase({ ...base, carry: 'landmine' }, 'ru')).toBe('три патрона, три гранаты, мина');
		expect(statusPhrase({ ...base, carry: 'landmine' }, 'uk')).toMatch(/, міна$/);
		expect(statusPhrase({ ...base, carry: 'treasure' }, 'ru')).toMatch(/, клад$/);
		expect(statusPhrase({ ...base, carry: 'landmine' }, 'en')).toMatch(/, a landmine$/);
	});
});

describe('move phrases in natural English (issue 33: "blow the up wall")', () => {
	test('a grenade and a return through a side name the wall as a person does, and the feed says the phrase the composer shows', () => {
		for (const dir of ['up', 'right', 'down', 'left'] as const) {
			const grenade = movePhrase({ actions: [{ a: 'grenade', dir }], dark: false, semiDark: false }, 'en');
			expect(grenade).toMatch(/^blow up the wall (above|below|on the (left|right))$/);
			const enter = movePhrase({ actions: [{ a: 'enter', cell: 0, dir }], dark: false, semiDark: false }, 'en');
			for (const phrase of [grenade, enter]) expect(phrase).not.toMatch(/the (up|down|left|right) wall/);
			// the feed's announcement holds the composer's sentence word for word
			const said = { actions: [{ a: 'grenade', dir } as const, { a: 'go', dir } as const], dark: false, semiDark: false };
			expect(renderEvent({ type: 'move_announced', seat: 0, move: said, audience: { to: 'all' } }, 'en')).toContain(movePhrase(said, 'en'));
		}
	});
});
