/**
 * Driving the player's screen (src/lib/components/play/PlayerScreen.svelte) as a person does —
 * taps on the contour picker and the move composer — and checking what it shows: the feed
 * against the engine's events for the seat, and that nothing of the plan (nor the player's own
 * position) is on the screen or in the device's storage. Shared by the phones over the table
 * and by pass-and-play. No vitest imports in the helpers that the bench could use.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apply } from '../../../src/lib/engine/game/apply';
import { DIR_INDEX } from '../../../src/lib/engine/game/board';
import { replay, type Game } from '../../../src/lib/engine/game/game';
import { saidMove } from '../../../src/lib/engine/game/announce';
import { SIDE_OPEN, type Action, type GameEvent, type Seat } from '../../../src/lib/engine/game/types';
import { movePhrase, renderAnswer, renderEvent, type Locale } from '../../../src/lib/i18n/events';

/** Taps the square (x, y) of the blank contour (6.1 start, 5.5 new cell). */
export async function tapContour(page: Page, at: [number, number]): Promise<void> {
	await tapSquare(page, page.locator('[data-testid="contour"] svg'), at);
}

/** Taps the square (x, y) of a board drawn in `svg` (a contour, the master's map). */
export async function tapSquare(page: Page, svg: Locator, [x, y]: [number, number]): Promise<void> {
	const at = await svg.evaluate((el, [bx, by]) => {
		const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((el as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x, y] as const);
	await page.touchscreen.tap(at.x, at.y);
}

/**
 * Composes `actions` on the composer and sends them. A single step is the common move: the
 * first tap on a direction sends it (the caller checks that it went). Other moves are built
 * with the action chips and the pad, read back as the sentence, and sent with Send.
 */
export async function composeMove(page: Page, actions: Action[], names?: readonly string[]): Promise<'one-tap' | 'composed'> {
	const composer = page.getByTestId('composer');
	await composer.waitFor();
	const [only] = actions;
	if (actions.length === 1 && only!.a === 'go') {
		const arrow = composer.locator(`[data-dir="${only!.dir}"]`);
		// As the screen opens, the pad is on screen and uncovered: the tap needs no scrolling first.
		await expect.poll(() => onScreen(arrow), { timeout: 30_000, message: 'the direction pad is on screen when the turn comes' }).toBe(true);
		await arrow.tap();
		return 'one-tap';
	}
	if (actions.length === 1 && only!.a === 'skip') {
		await composer.getByTestId('skip').tap();
		return 'one-tap';
	}
	for (const a of actions) {
		switch (a.a) {
			case 'shoot':
			case 'grenade':
				await composer.getByTestId(a.a).tap();
				await composer.locator(`[data-dir="${a.dir}"]`).tap();
				break;
			case 'go':
				await composer.locator(`[data-dir="${a.dir}"]`).tap();
				break;
			case 'flow':
				await composer.getByTestId('by-flow').tap();
				break;
			case 'loop':
				await composer.getByTestId('by-loop').tap();
				break;
			case 'skip':
				await composer.getByTestId('skip').tap();
				break;
			case 'mine':
				if (a.dir) throw new Error('the acceptance driver sets mines on the own square only');
				await composer.getByTestId('mine-here').tap();
				break;
			default:
				throw new Error(`the acceptance driver does not compose ${a.a}`);
		}
	}
	// The whole move as a sentence before sending (issue 7).
	expect((await composer.getByTestId('sentence').textContent())?.trim()).toBe(movePhrase({ actions, dark: false, semiDark: false }, 'en', names));
	await composer.getByTestId('send').tap();
	return 'composed';
}

/** Whether the element's centre is in the viewport and the element (not something over it) is what a finger there touches. */
export async function onScreen(locator: Locator): Promise<boolean> {
	return locator.evaluate((element) => {
		const r = element.getBoundingClientRect();
		const x = r.left + r.width / 2;
		const y = r.top + r.height / 2;
		if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
		const hit = document.elementFromPoint(x, y);
		return !!hit && (hit === element || element.contains(hit));
	});
}

/** The computed font size of an element, in CSS pixels. */
export async function fontSize(locator: Locator): Promise<number> {
	return locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
}

/** The feed's lines as shown, oldest first (the newest at the bottom). */
export async function feedLines(page: Page): Promise<string[]> {
	return (await page.locator('[data-testid="feed"] li .text').allTextContents()).map((t) => t.trim());
}

/**
 * The lines the player's feed draws after its newest line now, as she reads them when her
 * answer comes: `drawn()` says whether any came (a line below it, or it scrolled out), `answer()`
 * the words of those up to the next turn's line (her move and what she was told). Not a count:
 * the feed draws at most its newest 200 lines, so in a long game its count stops growing.
 */
export async function linesAfterNewest(page: Page): Promise<{ drawn: () => Promise<boolean>; answer: () => Promise<string> }> {
	const newest = await page.locator('[data-testid="player"] [data-testid="feed"] li').last().elementHandle();
	return {
		drawn: () => newest.evaluate((li) => !li.isConnected || li.nextElementSibling !== null),
		answer: () =>
			newest.evaluate((li) => {
				const said: string[] = [];
				for (let next = li.isConnected ? li.nextElementSibling : null; next && !next.classList.contains('turn'); next = next.nextElementSibling) said.push(next.textContent ?? '');
				return said.join(' ');
			})
	};
}

/**
 * The lines the feed must show for `events` (a seat's view), oldest first (the last `limit`), as
 * Feed.svelte words them: with the players' names the screen has (the table's, or pass-and-play's).
 */
export function expectedFeed(events: GameEvent[], names: readonly string[], limit = 200, locale: Locale = 'en'): string[] {
	return events
		.map((e) => renderEvent(e, locale, 0, names))
		.filter(Boolean)
		.slice(-limit);
}

/** Everything the page keeps: IndexedDB (every database and store), localStorage and sessionStorage, as JSON. */
export async function storedData(page: Page): Promise<{ idb: Record<string, unknown[]>; local: Record<string, string>; session: Record<string, string> }> {
	return page.evaluate(async () => {
		const idb: Record<string, unknown[]> = {};
		for (const { name } of await indexedDB.databases()) {
			if (!name) continue;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const store of [...db.objectStoreNames]) {
				idb[`${name}/${store}`] = await new Promise<unknown[]>((resolve) => {
					const get = db.transaction(store).objectStore(store).getAll();
					get.onsuccess = () => resolve(get.result);
				});
			}
			db.close();
		}
		return { idb, local: { ...localStorage }, session: { ...sessionStorage } };
	});
}

/** Every object under `value` that has a `cell` field, with its path. */
export function withCell(value: unknown, path = '$', out: { path: string; at: Record<string, unknown> }[] = []) {
	if (Array.isArray(value)) value.forEach((v, i) => withCell(v, `${path}[${i}]`, out));
	else if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		if ('cell' in record) out.push({ path, at: record });
		for (const [k, v] of Object.entries(record)) withCell(v, `${path}.${k}`, out);
	} else if (typeof value === 'string' && /^[[{]/.test(value)) {
		try {
			withCell(JSON.parse(value), path, out);
		} catch {
			// not JSON
		}
	}
	return out;
}

/**
 * Nothing of the plan on a player's screen or device, and not his own position: no cell kinds,
 * walls, items or marked squares drawn (outside the moment he picks a cell on the contour), no
 * plan or game-state structure stored, no event told to the master alone, and the only cells
 * anywhere on the device are the ones the player himself chose (his start, an ordered cell).
 */
export async function expectNothingOfThePlan(page: Page, seat: Seat): Promise<void> {
	const drawn = await page.locator('main .square:not(.land):not(.unknown), main .walls line, main .treasure, main .item, main .glyph').count();
	expect(drawn, 'plan drawn on a player\'s screen').toBe(0);
	const picking = await page.locator('[data-testid="confirm-cell"]').count();
	if (!picking) expect(await page.locator('main rect.selected').count(), 'a square marked on a player\'s screen').toBe(0);
	const stored = await storedData(page);
	const text = JSON.stringify(stored);
	for (const key of ['"pitLoops"', '"walls"', '"cells"', '"trueTreasure"', '"sides"', '"start_cell"', '"ordered_at"', '"outside":"', '"flow":"']) expect(text, `${key} stored on a player's device`).not.toContain(key);
	// The events the page holds (its feed) carry no cell at all.
	const shown = await page.evaluate(() => document.querySelector('main')?.innerText ?? '');
	expect(shown).not.toMatch(/\b[a-d][1-3]\b/);
	for (const { path, at } of withCell(stored)) {
		expect(['choose_start', 'order_cell'], `a cell stored at ${path}: ${JSON.stringify(at)}`).toContain(at.type);
		expect(at.by, `another seat's cell stored at ${path}`).toBe(seat);
	}
}

/** Pass-and-play: takes the device from the curtain; resolves with whose turn it is ("I am Player 1" → 0). */
export async function takeDevice(page: Page): Promise<number> {
	const button = page.getByTestId('take-device');
	await button.waitFor();
	const seat = Number(/(\d+)[\s\u2069]*$/.exec((await button.textContent()) ?? '')?.[1]) - 1;
	await button.click();
	return seat;
}

/**
 * The reveal's scrubber against the engine: stepped back from the end, one command at a time,
 * each step shows every player on the square the engine's state has him on then, the walls
 * blown by then, and who acted with what the table heard then (the public events of that
 * command, as the console words them). Starts and ends at the last step.
 */
export async function expectReplayAsTheEngine(page: Page, game: Game, names: readonly string[], steps = game.log.length): Promise<void> {
	const reveal = page.getByTestId('reveal');
	const last = game.log.length;
	let state = replay({ ...game, log: [] }).state;
	const states = [state];
	const heard: GameEvent[][] = [];
	for (const command of game.log) {
		const applied = apply(state, command);
		state = applied.state;
		states.push(state);
		// the caption says the move as announced beside who acted, then the answer
		heard.push(applied.events.filter((e) => e.audience.to === 'all' && e.type !== 'turn' && e.type !== 'move_announced'));
	}
	await reveal.getByTestId('scrubber').fill(String(last));
	for (let step = last; step >= Math.max(0, last - steps); step--) {
		if (step < last) await reveal.getByTestId('step-back').tap();
		await expect.poll(() => reveal.getByTestId('step-count').textContent()).toContain(`${step} `);
		const at = states[step]!;
		for (const p of at.players) {
			const token = reveal.locator(`circle[data-seat="${p.seat}"]`);
			if (p.cell < 0) expect(await token.count()).toBe(0);
			else expect(await token.getAttribute('data-cell')).toBe(String(p.cell));
		}
		const blown = game.plan.walls.filter((w) => at.sides[w.cell * 4 + DIR_INDEX[w.dir]] === SIDE_OPEN).length;
		expect(await reveal.locator('line.blown').count()).toBe(blown);
		// the treasures where they are at that step (issue 33: not where they started), the carried one with its carrier
		const lying = at.items.flatMap((list, cell) => list.filter((i) => i.k === 'treasure').map((i) => `${cell}:${i.k === 'treasure' && i.id === at.trueTreasure ? 'true' : 'fake'}`));
		const drawn = await reveal.locator('g[data-cell]').evaluateAll((cells) => cells.flatMap((c) => [...c.querySelectorAll('[data-treasure]')].map((t) => `${c.getAttribute('data-cell')}:${t.getAttribute('data-treasure')}`)));
		expect(drawn.sort(), `the treasures lying at step ${step}`).toEqual(lying.sort());
		const carried = at.players.flatMap((p) => (p.carry?.k === 'treasure' && p.cell >= 0 ? [`${p.seat}:${p.carry.id === at.trueTreasure ? 'treasure' : 'fake'}`] : []));
		const carriedDrawn = await reveal.locator('[data-carried]').evaluateAll((marks) => marks.map((t) => `${t.getAttribute('data-seat')}:${t.getAttribute('data-carried')}`));
		expect(carriedDrawn.sort(), `the treasures carried at step ${step}`).toEqual(carried.sort());
		const caption = ((await reveal.getByTestId('reveal-step').textContent()) ?? '').replace(/\s+/g, ' ').trim();
		if (step === 0) continue;
		const command = game.log[step - 1]!;
		if (typeof command.by === 'number') expect(caption.startsWith(names[command.by]!)).toBe(true);
		if (command.type === 'move') expect(caption.startsWith(`${names[command.by]}: ${movePhrase(saidMove(command), 'en', [...names])}`), caption).toBe(true);
		for (const line of renderAnswer(heard[step - 1]!, 'en', game.plan.width, [...names])) expect(caption).toContain(line);
	}
	await reveal.getByTestId('scrubber').fill(String(last));
}
