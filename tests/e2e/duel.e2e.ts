// Issue 9, the duel on two phones (seeds 001/004): two Chromium profiles at phone size, each
// generating its own duel labyrinth in the editor (⋮ → Start over → Labyrinth for two →
// generated), keeping it in the library, then meeting through the self-hosted PeerServer — one
// opens a room, the other joins with its code — and playing a whole game through the screens:
// each phone referees the other's moves in its own labyrinth. A hook in each page records every
// data-channel frame it receives: before the game ends no frame carries anything of the other's
// plan (walls, cell kinds, treasures), only the duel's own messages; at the end both plans are
// exchanged for the reveal.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Command, GameEvent } from '../../src/lib/engine/game/types';
import type { Direction, Plan } from '../../src/lib/engine/plan/types';
import { createDuel, duelCommand, type DuelMatch, type Player } from '../../src/lib/engine/rules/duel/match';
import { nextAction } from '../../src/lib/net/duel.testing';
import { screenshot } from './support/browser';
import { startServer } from '../../scripts/server.js';
import { launchForNet, startTableServer } from './support/net-table';
import { expectedFeed, feedLines, onScreen } from './support/player-screen';
import { journeyOrigins } from './support/origins';
import { generateInEditor, tapContour } from './support/duel';
import { watchErrors } from './support/page-errors';
import { ROOM_LENGTH, formatRoomCode } from '../../src/lib/net/protocol';

let browser: Browser;
let server: { origin: string; close: () => Promise<void> };
beforeAll(async () => {
	browser = await launchForNet();
	server = await startTableServer();
});
afterAll(async () => {
	await browser?.close();
	await server?.close();
});

/** A phone at 360x740 with the microphone granted (Chromium offers loopback candidates only then) and the frame recorder. */
async function phone(origin = server.origin): Promise<BrowserContext> {
	const context = await browser.newContext({
		viewport: { width: 360, height: 740 },
		deviceScaleFactor: 2,
		isMobile: true,
		hasTouch: true,
		baseURL: origin,
		locale: 'en-US',
		serviceWorkers: 'block'
	});
	await context.grantPermissions(['microphone'], { origin });
	await context.addInitScript(() => {
		localStorage.setItem('labyrinth-net-debug', '1');
		// Every string any data channel of this page receives, in order.
		const frames: string[] = [];
		(window as unknown as { duelFrames: string[] }).duelFrames = frames;
		const add = RTCDataChannel.prototype.addEventListener;
		RTCDataChannel.prototype.addEventListener = function (this: RTCDataChannel, type: string, listener: unknown, options?: unknown) {
			if (type === 'message' && typeof listener === 'function') {
				const wrapped = function (this: RTCDataChannel, e: MessageEvent) {
					frames.push(typeof e.data === 'string' ? e.data : `[binary ${String(e.data)}]`);
					return (listener as (e: MessageEvent) => unknown).call(this, e);
				};
				return add.call(this, type, wrapped as EventListener, options as AddEventListenerOptions);
			}
			return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
		} as typeof RTCDataChannel.prototype.addEventListener;
	});
	return context;
}

type DuelWindow = Window & {
	duelFrames: string[];
	labyrinthNet: {
		duel: {
			feed: unknown[];
			record: { seed: string; settings: object; exchanges: unknown[]; theirPlan: Plan | null };
			session: { refusal: string | null; channel: { send(message: object): void } | null };
		};
	};
};

/** Frames are `{ v, s?, a?, m?, p?, q? }`: the duel's message types seen, in order. */
function messagesOf(frames: string[]): { type: string; raw: string }[] {
	return frames.flatMap((raw) => {
		const m = (JSON.parse(raw) as { m?: { type: string } }).m;
		return m ? [{ type: m.type, raw }] : [];
	});
}

describe('the duel on two phones', () => {
	test('a newcomer on the LAN address, no duel labyrinth yet: the folded Agreements say they open, a tap shows what is to be agreed; a short room code is refused with its true length, a code no table answers to says what to check', async () => {
		const origin = journeyOrigins()[0]!.url;
		const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: origin, locale: 'en-US', serviceWorkers: 'block' });
		try {
			const page = await context.newPage();
			await page.goto('/duel');
			await page.locator('main[data-ready="true"]').waitFor();
			expect(await page.getByTestId('duel-plan').count(), 'a new phone has no duel labyrinth').toBe(0);
			// Every folded section draws a sign that it opens (a flex summary loses the browser's triangle: a bare title read as an empty heading).
			const unsigned = await page.evaluate(() =>
				[...document.querySelectorAll('main summary')]
					.filter((s) => {
						const style = getComputedStyle(s);
						const marker = style.display === 'list-item' && style.listStyleType !== 'none';
						const drawn = ['::before', '::after'].some((p) => {
							const after = getComputedStyle(s, p);
							return after.content !== 'none' && after.content !== 'normal' && parseFloat(after.width) > 0 && (parseFloat(after.borderRightWidth) > 0 || after.content.length > 2);
						});
						return !marker && !drawn;
					})
					.map((s) => s.textContent?.trim())
			);
			expect(unsigned, 'folded sections with nothing saying they open').toEqual([]);
			const agreements = page.locator('summary', { hasText: 'Agreements' });
			expect(await page.getByTestId('agreements').isVisible()).toBe(false);
			await agreements.tap();
			await expect.poll(() => page.locator('[data-testid="agreements"] [data-setting]').evaluateAll((rows) => rows.filter((r) => (r as HTMLElement).offsetHeight > 0).length)).toBe(4);
			await screenshot(page, 'duel-lobby-agreements-lan-phone');
			// A code typed short is refused with its true length (it said "six letters and digits" of a twelve-letter code).
			await page.getByTestId('duel-generate').tap();
			await page.getByTestId('duel-plan').first().waitFor();
			await page.getByTestId('duel-name').fill('Anna');
			await page.getByTestId('duel-code').fill('ABCD');
			await page.getByTestId('duel-join').tap();
			expect(await page.getByRole('alert').textContent()).toBe(`A room code has ${ROOM_LENGTH} letters and digits, as shown on the other phone.`);
			// And so at a table's join screen.
			await page.goto('/join');
			await page.locator('main[data-ready="true"]').waitFor();
			await page.getByTestId('room').fill('ABCD');
			await page.getByTestId('name').fill('Anna');
			await page.getByTestId('join').tap();
			await expect.poll(() => page.locator('main [role="alert"]').textContent()).toBe(`A room code is ${ROOM_LENGTH} letters and digits, as the master's tablet shows it.`);
			// A whole code no table answers to (mistyped, or the table closed): after a while the phone says what to check, and the code can be typed again.
			await page.getByTestId('room').fill('ABCDEFGHJKMN');
			await page.getByTestId('join').tap();
			await page.locator('main[data-status="connecting"]').waitFor();
			const noTable = page.getByTestId('no-table-yet');
			await noTable.waitFor({ timeout: 30_000 });
			expect(await noTable.textContent()).toContain(formatRoomCode('ABCDEFGHJKMN'));
			await screenshot(page, 'join-no-table-lan-phone');
			await page.getByTestId('change-code').tap();
			expect(await page.getByTestId('room').inputValue()).toBe('ABCDEFGHJKMN');
		} finally {
			await context.close();
		}
	});

	test.each([['en-US'], ['ru-RU'], ['uk-UA']])('%s: on a 360 px phone the duel lobby\'s folded titles, the duel\'s tabs and its sheet fit the screen (nothing cut, nothing sideways)', async (locale) => {
		const origin = journeyOrigins()[0]!.url;
		const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: origin, locale, serviceWorkers: 'block' });
		try {
			const page = await context.newPage();
			await page.goto('/duel');
			await page.locator('main[data-ready="true"]').waitFor();
			// The lobby's folded sections: each title whole beside its chevron.
			expect(await page.locator('main summary').evaluateAll((all) => all.filter((s) => s.scrollWidth > s.clientWidth).map((s) => s.textContent))).toEqual([]);
			await page.getByTestId('duel-generate').tap();
			await page.getByTestId('duel-plan').first().waitFor();
			await page.getByTestId('duel-name').fill('Anna');
			await page.getByTestId('duel-open').tap();
			await page.getByTestId('tab-mine').waitFor({ timeout: 30_000 });
			// A tab cut by its own box, or sticking out of the bar; the page wider than the phone (a mobile
			// browser widens its layout viewport to the content, so innerWidth would grow with it: 360 is the phone's).
			const cut = () =>
				page.locator('[role="tab"]').evaluateAll((tabs) =>
					tabs.filter((t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > t.parentElement!.getBoundingClientRect().right + 1).map((t) => t.textContent)
				);
			const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - 360);
			expect(await cut()).toEqual([]);
			expect(await sideways()).toBeLessThanOrEqual(0);
			await page.getByTestId('tab-sheet').tap();
			await page.locator('[data-sheet-tool]').first().waitFor();
			expect(await cut()).toEqual([]);
			expect(await sideways(), 'the sheet scrolls sideways').toBeLessThanOrEqual(0);
			await screenshot(page, `duel-tabs-${locale}-phone`);
		} finally {
			await context.close();
		}
	});

	test('two phones, each with its own generated plan, play a whole duel over the PeerServer; no frame carries a plan before the end', async () => {
		const contexts = [await phone(), await phone()];
		try {
			const pages = await Promise.all(contexts.map((c) => c.newPage()));
			const errors = pages.map((page, i) => watchErrors(page, ['Anna', 'Boris'][i]));
			const plans = [await generateInEditor(pages[0]!), await generateInEditor(pages[1]!)] as [Plan, Plan];
			expect(plans.map((p) => p.rules)).toEqual(['duel', 'duel']);

			// Anna opens a room with the agreements she proposes (grenades tell what they did).
			const [anna, boris] = pages as [Page, Page];
			await anna.goto('/duel?via=local');
			await anna.locator('main[data-ready="true"]').waitFor();
			await anna.getByTestId('duel-plan').first().waitFor();
			await anna.getByTestId('duel-name').fill('Anna');
			await anna.locator('details summary').first().click();
			await anna.locator('[data-setting="grenadeWording"] select').selectOption('tell');
			await screenshot(anna, 'duel-lobby-phone');
			await anna.getByTestId('duel-open').click();
			await anna.locator('[data-testid="duel"]').waitFor({ timeout: 30_000 });
			await anna.getByTestId('room-code').waitFor({ timeout: 30_000 });
			const room = (await anna.getByTestId('room-code').textContent())!.replace(/\s/g, '');
			// Boris has not joined: his name is not known yet, and "Opponent" is not said as if it were one.
			expect(await anna.getByTestId('duel-start-title').textContent()).toBe("Choose your start in your opponent's labyrinth");
			await screenshot(anna, 'duel-invite-phone');

			// Boris opens the invitation and joins with his own plan.
			await boris.goto(`/duel?join=${room}&via=local`);
			await boris.locator('main[data-ready="true"]').waitFor();
			await boris.getByTestId('duel-plan').first().waitFor();
			await boris.getByTestId('duel-name').fill('Boris');
			await boris.getByTestId('duel-join').click();
			for (const p of pages) await p.locator('[data-testid="duel"][data-phase="start"][data-status="here"]').waitFor({ timeout: 30_000 });
			// Both see the same agreements, as Anna proposed them.
			for (const p of pages) expect(await p.locator('[data-setting="grenadeWording"]').getAttribute('data-value')).toBe('tell');

			const seed = await anna.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.seed);
			const settings = await anna.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.settings);
			const made = createDuel({ plans, seed, settings });
			if (!made.ok) throw new Error('setup');
			let m: DuelMatch = made.value;

			// Starts (public): a cell with nothing on it, not a pit, in the other's labyrinth.
			const startIn = (plan: Plan) => [44, 45, 54, 55, 33, 66, 0].find((c) => plan.cells[c]?.kind === 'land' && !plan.items.some((it) => it.cell === c))!;
			const starts = [startIn(plans[1]), startIn(plans[0])];
			await screenshot(boris, 'duel-start-phone');
			// Choosing a start, the contour and its button are in the first screen: the agreements (open, to read) come after them, not over them.
			for (const page of pages) {
				expect(await onScreen(page.locator('[data-testid="contour"] svg')), 'the start contour in the first screen').toBe(true);
				expect(await onScreen(page.getByTestId('duel-start')), 'Start here in the first screen').toBe(true);
				expect(await page.getByTestId('duel-agreements').getAttribute('open')).not.toBeNull();
			}
			for (const [p, page] of pages.entries()) {
				await tapContour(page, starts[p]!);
				await page.getByTestId('duel-start').click();
				m = duelCommand(m, p as Player, { type: 'choose_start', by: 0, cell: starts[p]! }).match;
			}
			for (const p of pages) await p.locator('[data-testid="duel"][data-phase="play"]').waitFor({ timeout: 30_000 });

			// A phone that sends a move out of turn anyway (its own screen would not) is refused, with the reason, and nothing changes.
			const idle = pages[1 - m.turns.turn]!;
			await idle.evaluate(() =>
				(window as unknown as DuelWindow).labyrinthNet.duel.session.channel!.send({ type: 'move', n: 0, actions: [{ a: 'go', dir: 'up' }] })
			);
			await idle.waitForFunction(() => (window as unknown as DuelWindow).labyrinthNet.duel.session.refusal === 'not_your_turn', undefined, { timeout: 30_000 });
			for (const p of pages) expect(await p.locator('[data-testid="duel"]').getAttribute('data-exchanges')).toBe('0');

			// The race: whoever has the turn walks toward the true treasure in the other's labyrinth, takes it, and leaves.
			let moves = 0;
			let shot = false;
			/** Frames received by pages since replaced by a reload. */
			const earlier: [string[], string[]] = [[], []];
			const reload = async (p: 0 | 1) => {
				earlier[p].push(...(await pages[p]!.evaluate(() => (window as unknown as DuelWindow).duelFrames)));
				await pages[p]!.reload();
				for (const q of pages) await q.locator(`[data-testid="duel"][data-phase="play"][data-status="here"][data-exchanges="${moves}"]`).waitFor({ timeout: 30_000 });
			};
			while (m.turns.winner === null) {
				// A reload on either side mid-game: the duel comes back from the device and the phones find each other again.
				if (moves === 0) await reload(1);
				if (moves === 4) await reload(0);
				expect(moves++).toBeLessThan(400);
				const who = m.turns.turn;
				const page = pages[who]!;
				const action = nextAction(m.halves[1 - who]!);
				const step = duelCommand(m, who, { type: 'move', by: 0, actions: [action] } as Command);
				expect(step.events[0]?.type).not.toBe('rejected');
				m = step.match;
				await page.locator('[data-testid="duel"][data-my-turn="true"]').waitFor({ timeout: 30_000 });
				if (!shot && who === 0 && moves > 3) {
					await screenshot(page, 'duel-play-phone');
					await page.getByTestId('tab-sheet').click();
					await page.locator('[data-testid="duel"] svg.board').first().waitFor();
					// The sheet offers the duel's own squares to mark, as its face paints them (issue 33), not the classic game's hospital or river.
					const tools = await page.locator('[data-sheet-tool]').evaluateAll((els) => els.map((e) => e.getAttribute('data-sheet-tool')));
					expect(tools).toEqual(['wall', 'land', 'crossbow', 'crutch', 'trap', 'pit', 'pit_exit', 'treasure', 'question', 'note', 'eraser']);
					await screenshot(page, 'duel-sheet-phone');
					await page.getByTestId('tab-mine').click();
					await screenshot(page, 'duel-mine-phone');
					await page.getByTestId('tab-feed').click();
					await page.evaluate(() => window.scrollTo(0, 0));
					shot = true;
				}
				await page.locator(action.a === 'take' ? '[data-testid="duel-take"]' : `[data-testid="duel-composer"] [data-dir="${(action as { dir: Direction }).dir}"]`).click();
				const count = moves;
				// The referee's page reloads while the move is on its way: it is answered once, after the reconnection.
				if (count === 2) await reload((1 - who) as 0 | 1);
				for (const p of pages) await p.locator(`[data-testid="duel"][data-exchanges="${count}"]`).waitFor({ timeout: 30_000 });
				// The mover's answer under the pad reads as sentences ("Anna: go up. Went onto land.", not "go up went onto land").
				if (m.turns.winner === null) {
					const said = ((await page.getByTestId('duel-answer').textContent()) ?? '').replace(/[\u2068\u2069]/g, '').trim();
					for (const sentence of said.split(/(?<=[.!?]) /)) expect(sentence, said).toMatch(/^\p{Lu}.*[.!?]$/u);
				}
			}
			for (const p of pages) await p.locator('[data-testid="duel"][data-phase="over"]').waitFor({ timeout: 30_000 });
			const winner = m.turns.winner;
			expect(await pages[winner]!.getByTestId('outcome').textContent()).toContain('You won');
			expect(await pages[1 - winner]!.getByTestId('outcome').textContent()).toContain(['Anna', 'Boris'][winner]!);
			// The reveal: each phone receives the other's plan, and only now.
			for (const [p, page] of pages.entries()) {
				await page.waitForFunction(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.theirPlan !== null, undefined, { timeout: 30_000 });
				const theirs = await page.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.theirPlan);
				expect(theirs).toEqual(plans[1 - p]);
				await page.locator('[data-testid="reveal"]').nth(1).waitFor();
			}
			await screenshot(pages[winner]!, 'duel-over-phone');
			await pages[winner]!.locator('[data-testid="reveal"]').first().scrollIntoViewIfNeeded();
			await screenshot(pages[winner]!, 'duel-reveal-phone');
			await pages[1 - winner]!.setViewportSize({ width: 1024, height: 768 });
			await screenshot(pages[1 - winner]!, 'duel-over-tablet');

			// The message watch: every frame each page received.
			for (const [p, page] of pages.entries()) {
				const frames = [...earlier[p as 0 | 1], ...(await page.evaluate(() => (window as unknown as DuelWindow).duelFrames))];
				const messages = messagesOf(frames);
				const reveal = messages.findIndex((x) => x.type === 'reveal');
				expect(reveal).toBeGreaterThan(0);
				const before = messages.slice(0, reveal);
				// Only the duel's own messages (the idle phone also heard its out-of-turn move refused).
				const types = new Set(before.map((x) => x.type));
				// the handshake of each phone pinning the other (issue 18): the opener hears hello and prove, the joiner proof and welcome
				const handshake = p === 0 ? ['hello', 'prove'] : ['proof', 'welcome'];
				for (const t of ['start', 'started', 'move', 'answer', ...handshake]) expect(types).toContain(t);
				for (const t of types) expect([...handshake, 'start', 'started', 'move', 'answer', 'refused']).toContain(t);
				const other = plans[1 - p]!;
				for (const x of before) {
					expect(x.raw).not.toMatch(/"walls"|"cells"|"items"|"exits"|"pitLoops"|"number"|"true":|labyrinth-plan/);
					// A cell's kind only as the answer about the walker's own start cell (as at the table).
					expect(x.raw.replace(/"type":"start_kind","seat":\d,"kind":"[a-z_]+"/g, '')).not.toContain('"kind"');
					expect(x.raw).not.toContain(JSON.stringify(other.walls[0]));
				}
				// Heartbeats and acknowledgements carry no message at all.
				for (const raw of frames.slice(0, frames.indexOf(messages[reveal]!.raw))) expect(Object.keys(JSON.parse(raw) as object).every((k) => ['v', 's', 'a', 'm', 'p', 'q'].includes(k))).toBe(true);
				// The feeds are the same on both phones: every answer, in the game's order.
				expect(await page.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.exchanges.length)).toBe(moves);
			}
			const feeds = await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.feed)));
			expect(feeds[0]).toEqual(feeds[1]);
			// Each phone's answers call both players by their names, as the engine's events say them.
			for (const page of pages) {
				await page.getByTestId('tab-feed').click();
				const lines = await feedLines(page);
				expect(lines).toEqual(expectedFeed(feeds[0] as GameEvent[], ['Anna', 'Boris']));
				expect(lines.join('\n')).not.toMatch(/Player \d/);
			}
			// A page reloaded mid-game whose turn came before any tap did not try to buzz (the browser refuses it, with an error).
			expect(errors.flat().filter((e) => /vibrate/i.test(e))).toEqual([]);
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 240_000);

	test('no server at all: the phones pair by QR codes (carried as text), play, and pair again after a reload', async () => {
		// Only the app's files are served: no PeerServer anywhere.
		const bare = await startServer({ port: 0, host: '127.0.0.1' });
		const origin = `http://127.0.0.1:${bare.port}`;
		const contexts = [await phone(origin), await phone(origin)];
		try {
			const [anna, boris] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
			const plans = [await generateInEditor(anna), await generateInEditor(boris)] as [Plan, Plan];
			await anna.goto('/duel');
			await anna.getByTestId('duel-plan').first().waitFor();
			await anna.getByTestId('duel-name').fill('Anna');
			// No server and no internet: the lobby chooses QR codes by itself and says why (issue 16).
			await anna.locator('[data-testid="duel-via-why"][data-reason="nothing"]').waitFor({ timeout: 30_000 });
			expect(await anna.getByTestId('duel-by-qr').isChecked()).toBe(true);
			await anna.getByTestId('duel-open').click();

			/** The opener shows a code, the joiner answers it (pasted, or from the address it opened), the opener reads the answer. */
			const pair = async (joinerArrives?: (offer: string) => Promise<void>) => {
				await anna.getByTestId('duel-offer').click();
				const offer = await anna.getByTestId('offer-text').inputValue();
				// the offer carries Anna's fingerprint: Boris's phone believes only her phone (issue 18)
				expect(offer).toMatch(/\/duel\?join=[0-9A-Z]{12}&via=qr&pin=[A-Za-z0-9_-]{22}#offer=/);
				if (joinerArrives) await joinerArrives(offer);
				else {
					await boris.getByTestId('paste').fill(offer);
					await boris.getByTestId('paste-submit').click();
				}
				const answer = await boris.getByTestId('answer-text').inputValue({ timeout: 30_000 });
				await anna.getByTestId('paste').fill(answer);
				await anna.getByTestId('paste-submit').click();
				for (const p of [anna, boris]) await p.locator('[data-testid="duel"][data-status="here"]').waitFor({ timeout: 30_000 });
			};
			// Boris's camera opens the address in the code: the lobby, his plan and name, then the duel answers the offer.
			await pair(async (offer) => {
				await boris.goto(offer.replace(/^https?:\/\/[^/]+/, ''));
				await boris.getByTestId('duel-plan').first().waitFor();
				await boris.getByTestId('duel-name').fill('Boris');
				await boris.getByTestId('duel-join').click();
			});
			await screenshot(anna, 'duel-qr-paired-phone');

			const seed = await anna.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.seed);
			const settings = await anna.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.settings);
			const made = createDuel({ plans, seed, settings });
			if (!made.ok) throw new Error('setup');
			let m: DuelMatch = made.value;
			const startIn = (plan: Plan) => [44, 45, 54, 55, 33, 66, 0].find((c) => plan.cells[c]?.kind === 'land' && !plan.items.some((it) => it.cell === c))!;
			const starts = [startIn(plans[1]), startIn(plans[0])];
			for (const [p, page] of [anna, boris].entries()) {
				await tapContour(page, starts[p]!);
				await page.getByTestId('duel-start').click();
				m = duelCommand(m, p as Player, { type: 'choose_start', by: 0, cell: starts[p]! }).match;
			}
			let moves = 0;
			const play = async (count: number) => {
				for (let i = 0; i < count && m.turns.winner === null; i++) {
					const who = m.turns.turn;
					const page = [anna, boris][who]!;
					const action = nextAction(m.halves[1 - who]!);
					m = duelCommand(m, who, { type: 'move', by: 0, actions: [action] } as Command).match;
					await page.locator('[data-testid="duel"][data-my-turn="true"]').waitFor({ timeout: 30_000 });
					await page.locator(action.a === 'take' ? '[data-testid="duel-take"]' : `[data-testid="duel-composer"] [data-dir="${(action as { dir: Direction }).dir}"]`).click();
					moves++;
					for (const p of [anna, boris]) await p.locator(`[data-testid="duel"][data-exchanges="${moves}"]`).waitFor({ timeout: 30_000 });
				}
			};
			await play(4);
			// Boris's page reloads: the link is gone; both see the pairing again, pair, and the duel goes on where it was.
			await boris.reload();
			await boris.getByTestId('duel-pairing').waitFor({ timeout: 30_000 });
			await anna.getByTestId('duel-pairing').waitFor({ timeout: 30_000 });
			for (const p of [anna, boris]) expect(await p.getByTestId('duel-connection').textContent()).toBe('Pairing by QR codes');
			await screenshot(boris, 'duel-qr-pair-again-phone');
			await pair();
			for (const p of [anna, boris]) expect(await p.locator('[data-testid="duel"]').getAttribute('data-exchanges')).toBe(String(moves));
			await play(4);
			expect(moves, "the duel went on after pairing again").toBeGreaterThan(4);
			const feeds = await Promise.all([anna, boris].map((p) => p.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.feed)));
			expect(feeds[0]).toEqual(feeds[1]);
			expect(await anna.evaluate(() => (window as unknown as DuelWindow).labyrinthNet.duel.record.exchanges.length)).toBe(moves);
		} finally {
			for (const context of contexts) await context.close();
			await bare.close();
		}
	}, 180_000);
});
