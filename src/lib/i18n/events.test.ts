import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRng } from '../engine/random';
import { apply } from '../engine/game/apply';
import { createGame, initialState } from '../engine/game/game';
import { randomLegalCommand } from '../engine/game/random-command';
import { randomPlan } from '../engine/game/testing';
import { REJECT_REASONS, type GameEvent } from '../engine/game/types';
import { cellName, foundPhrase, itemPhrase, movesPhrase, LOCALES, renderAnswer, renderEvent } from './events';

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
						expect(text, `${e.type} ${l}`).not.toMatch(/event_|\{|undefined/);
					}
				}
			}
		}
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
