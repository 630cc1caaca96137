import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../engine/game/testing';
import { answerParts, LOCALES, renderEvent } from './events';
import type { GameEvent } from '../engine/game/types';

/** The texts of `events` told to the table and kept from it, one by one, in `locale`. */
function texts(events: readonly GameEvent[], locale: (typeof LOCALES)[number], heard: boolean): string[] {
	return events.filter((e) => (e.audience.to === 'all') === heard).map((e) => renderEvent(e, locale, 2)).filter(Boolean);
}

describe('the master\'s answer in two parts (the console\'s box, pass-and-play): what the table heard, and what only he knows, never in one sentence', () => {
	// y0: L L     player 0 at (0,1) under a wall; the section A example: "blow the up wall, go up"
	// y1: L L
	const plan = buildPlan(['LL', 'LL'], { walls: [[0, 1, 'up']], items: [[1, 0, 'treasure', true]] });

	test.each(LOCALES)('section A, 5.4, 7.8 silent (%s): "the wall was blown up" is the master\'s alone, "went onto land" is read out', (locale) => {
		const g = new Script(plan, 2).start([0, 1], [1, 1]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'up' }]);
		const parts = answerParts(g.last, locale, 2);
		const kept = texts(g.last, locale, false);
		const heard = texts(g.last, locale, true);
		expect(kept.length).toBeGreaterThan(0);
		// Every kept text is in the kept part and in no sentence the table hears.
		for (const k of kept) {
			expect(parts.kept.join(' ').toLowerCase()).toContain(k.toLowerCase());
			for (const line of parts.heard) expect(line.toLowerCase()).not.toContain(k.toLowerCase());
		}
		for (const h of heard) expect(parts.heard.join(' ').toLowerCase()).toContain(h.toLowerCase());
	});

	test.each(LOCALES)('6.7 (%s): a dark move\'s answer is "done" for the table; its result is kept apart', (locale) => {
		const g = new Script(plan, 2).start([0, 1], [1, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }], { dark: true });
		const parts = answerParts(g.last, locale, 2);
		expect(parts.heard.join(' ').toLowerCase()).toContain(renderEvent(g.last.find((e) => e.type === 'dark_done')!, locale, 2).toLowerCase());
		const land = renderEvent(g.last.find((e) => e.type === 'land')!, locale, 2).toLowerCase();
		expect(parts.kept.join(' ').toLowerCase()).toContain(land);
		expect(parts.heard.join(' ').toLowerCase()).not.toContain(land);
	});
});
