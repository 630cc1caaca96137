import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../engine/game/types';
import { SheetFeed, type OwnCommand } from './feed';
import { randomGame } from './testing';

const ME = 0;

/** What a sheet shows from a feed: the candidates, the certain facts, the path and the others' candidates. */
function shown(feed: SheetFeed) {
	const a = feed.assistant;
	return { candidates: a.candidates(), facts: a.certainFacts(), path: [...a.path], others: [...feed.otherCandidates()] };
}

describe('the sheet fed live (issue 19)', () => {
	test('property: fed in any pieces, with own commands recorded late, it shows what a sheet rebuilt from the stored feed shows', () => {
		const variants = [{}, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }];
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 10_000 }),
				// how many commands each update carries, and how many updates late the phone records its own command
				fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 20 }),
				fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 20 }),
				fc.boolean(),
				(seed, pieces, delays, steered) => {
					const game = randomGame(seed, variants[seed % variants.length]!, ME, 120);
					const live = new SheetFeed(game.contour, ME, game.options, { others: true, steered });
					const rebuild = (events: GameEvent[], own: OwnCommand[]) => shown(new SheetFeed(game.contour, ME, game.options, { others: true, steered }).update(events, own));
					let events: GameEvent[] = [];
					let own: OwnCommand[] = [];
					const arriving: { own: OwnCommand; after: number }[] = [];
					let update = 0;
					let inPiece = 0;
					for (const { command, told } of game.steps()) {
						if (command.by === ME) arriving.push({ own: { command, at: events.length }, after: update + delays[arriving.length % delays.length]! });
						// the phone's feed grows by copies, as the seat's session keeps it
						events = [...events, ...told];
						if (++inPiece < pieces[update % pieces.length]!) continue;
						inPiece = 0;
						update++;
						// recorded in the order sent (the phone sends one command at a time)
						let due = 0;
						while (due < arriving.length && arriving[due]!.after < update) due++;
						if (due) own = [...own, ...arriving.splice(0, due).map((a) => a.own)];
						live.update(events, own);
						if (update % 7 === 0) expect(shown(live), `seed ${seed}, update ${update}`).toEqual(rebuild(events, own));
					}
					own = [...own, ...arriving.map((a) => a.own)];
					live.update(events, own);
					expect(shown(live), `seed ${seed}, at the end`).toEqual(rebuild(events, own));
				}
			),
			{ numRuns: 40 }
		);
	}, 120_000);

	test('a feed that is not the continuation of the last one (another game, a reload) is taken in afresh', () => {
		const game = randomGame(7, {}, ME, 80);
		const events: GameEvent[] = [];
		for (const { told } of game.steps()) events.push(...told);
		const feed = new SheetFeed(game.contour, ME, game.options);
		feed.update(events.slice(0, 40), []);
		expect(feed.rebuilds).toBe(1);
		feed.update(events.slice(0, 60), []);
		expect(feed.rebuilds).toBe(1);
		feed.update(structuredClone(events), []);
		expect(feed.rebuilds).toBe(2);
		expect(feed.assistant.candidates()).toEqual(new SheetFeed(game.contour, ME, game.options).update(events, []).assistant.candidates());
	});
});

describe('the certain facts, worked out by shared bases (issue 19)', () => {
	test('property: the same facts as every hypothesis checked one by one', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
				const game = randomGame(seed, seed % 2 ? {} : { rivers: 'turbulent' }, ME, 150);
				const feed = new SheetFeed(game.contour, ME, game.options);
				const events: GameEvent[] = [];
				const own: OwnCommand[] = [];
				for (const { command, told } of game.steps()) {
					if (command.by === ME) own.push({ command, at: events.length });
					events.push(...told);
					const a = feed.update([...events], [...own]).assistant;
					const n = a.hypothesisCount;
					if (n === 0) continue;
					const hyps = Array.from({ length: n }, (_, i) => new Map(a.hypothesis(i).facts.map((f) => [f.kind === 'cell' ? `c${f.cell}` : `s${f.cell}:${f.dir}`, f.value])));
					const naive = a.hypothesis(0).facts.filter((f) => hyps.every((h) => h.get(f.kind === 'cell' ? `c${f.cell}` : `s${f.cell}:${f.dir}`) === f.value));
					expect(a.certainFacts()).toEqual(naive);
				}
			}),
			{ numRuns: 25 }
		);
	}, 120_000);
});
