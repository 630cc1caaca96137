// Issue 8's acceptance: nothing of a sheet is ever sent over the link. A tablet and two phones,
// each in its own browser profile, joined through the self-hosted PeerServer, play a game
// through the screens while every frame is watched: each page records what it writes to and
// reads from every RTCDataChannel (the game's link) and every WebSocket (the signalling). Each
// phone draws on its sheet — notes with words found nowhere else, pencils, pits, a river, a
// question mark, walls, the assistant on — between its moves. The game is played to its end
// and each phone's feed is the engine's; then no frame on any page carries the sheet: not the
// notes' words, not the marks' structure, not a pencil's colour.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replayEvents } from '../../src/lib/engine/game/game';
import { buildPlan } from '../../src/lib/engine/game/testing';
import { PENCIL_COLOURS, SHEET_MARGIN } from '../../src/lib/sheet/sheet';
import { screenshot } from './support/browser';
import { launchForNet, seatEvents, startTableServer, tableGame, type NetWindow } from './support/net-table';

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

const plan = {
	...buildPlan(['LWHL', 'LLLL'], { exits: [[0, 0, 'left', true], [3, 0, 'right', true]], items: [[0, 0, 'treasure', true]] }),
	name: 'Watched table'
};

type Frame = { dir: 'out' | 'in'; via: 'rtc' | 'ws'; data: string };
type Watched = Window & { __frames: Frame[] };

/** Records every frame the page sends or receives on a data channel or a web socket. */
function watchFrames() {
	const frames: Frame[] = [];
	(window as unknown as Watched).__frames = frames;
	const text = (data: unknown): string => {
		if (typeof data === 'string') return data;
		if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
		if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data as Uint8Array);
		if (data instanceof Blob) return `[blob ${data.size}]`;
		return String(data);
	};
	for (const [Kind, via] of [
		[RTCDataChannel, 'rtc'],
		[WebSocket, 'ws']
	] as const) {
		const proto = Kind.prototype as unknown as {
			send(d: unknown): void;
			addEventListener(type: string, fn: unknown, o?: unknown): void;
		};
		const send = proto.send;
		proto.send = function (this: unknown, data: unknown) {
			frames.push({ dir: 'out', via, data: text(data) });
			return send.call(this, data);
		};
		const listen = proto.addEventListener;
		const wrapped = new WeakMap<object, unknown>();
		proto.addEventListener = function (this: unknown, type: string, fn: unknown, o?: unknown) {
			if (type === 'message' && typeof fn === 'function') {
				const f = fn as (e: MessageEvent) => void;
				const w = wrapped.get(f) ?? ((e: MessageEvent) => (frames.push({ dir: 'in', via, data: text(e.data) }), f.call(this, e)));
				wrapped.set(f, w);
				return listen.call(this, type, w, o);
			}
			return listen.call(this, type, fn, o);
		};
		const descriptor = Object.getOwnPropertyDescriptor(Kind.prototype, 'onmessage')!;
		Object.defineProperty(Kind.prototype, 'onmessage', {
			configurable: true,
			get: descriptor.get,
			set(this: unknown, fn: ((e: MessageEvent) => void) | null) {
				descriptor.set!.call(this, fn ? (e: MessageEvent) => (frames.push({ dir: 'in', via, data: text(e.data) }), fn.call(this, e)) : null);
			}
		});
	}
}

async function framesOf(page: Page): Promise<Frame[]> {
	return page.evaluate(() => (window as unknown as Watched).__frames);
}

/** Taps the sheet at a point of the labyrinth's coordinates (the margin added). */
async function tapSheet(page: Page, x: number, y: number) {
	const board = page.locator('[data-testid="sheet"] svg.board');
	await board.scrollIntoViewIfNeeded();
	const at = await board.evaluate((svg, [bx, by]) => {
		const p = new DOMPoint(bx, by).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x + SHEET_MARGIN, y + SHEET_MARGIN] as const);
	await page.touchscreen.tap(at.x, at.y);
}

/** Everything stored on the page's device, as text. */
async function storedText(page: Page): Promise<string> {
	return page.evaluate(async () => {
		let text = '';
		for (const { name } of await indexedDB.databases()) {
			if (!name) continue;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const store of [...db.objectStoreNames]) {
				text += await new Promise<string>((resolve) => {
					const get = db.transaction(store).objectStore(store).getAll();
					get.onsuccess = () => resolve(JSON.stringify(get.result));
				});
			}
			db.close();
		}
		return text;
	});
}

const NOTES = ['Zebra-crossing-QX7', 'Wombat-burrow-K9L'];

/** Draws on the phone's sheet: a note, a hospital, a wall, a river, a pit, a question mark, a second pencil. */
async function drawOnSheet(page: Page, seat: number, round: number) {
	await page.getByTestId('tab-sheet').click();
	await page.locator('[data-testid="sheet"][data-loaded="true"]').waitFor();
	const tool = (id: string) => page.locator(`[data-sheet-tool="${id}"]`).click();
	if (round === 0) {
		await tool('note');
		page.once('dialog', (d) => void d.accept(NOTES[seat]!));
		await tapSheet(page, 1.5, 1.5);
		await page.locator('[data-testid="sheet"] [data-note]').first().waitFor();
		await tool('hospital');
		await tapSheet(page, 2.5, 0.5);
		await tool('wall');
		await tapSheet(page, 1.5, 0.02);
		await tool('pit');
		await tapSheet(page, 3.5, 1.5);
		await tapSheet(page, 3.5, 1.5);
		await page.getByTestId('assistant').check();
	} else {
		await page.getByTestId('add-pencil').click();
		await tool('river');
		await tapSheet(page, 0.5, 1.5);
		await tool('question');
		await tapSheet(page, 1.5, 0.5);
		await tool('note');
		page.once('dialog', (d) => void d.accept(`${NOTES[seat]} again`));
		await tapSheet(page, -0.5, -0.5);
	}
	await page.getByTestId('tab-move').click();
}

describe('the deduction sheet over the link', () => {
	test('nothing of a sheet is ever sent: every frame on the tablet and the phones is watched through a whole game', async () => {
		let contexts: BrowserContext[] = [];
		try {
			const table = await tableGame(browser, server.origin, plan, [{ name: 'Anna', start: [0, 0] }, { name: 'Boris', start: [3, 1] }], watchFrames);
			({ contexts } = table);
			const { host, phones, room } = table;

			// Anna: up (a wall), right (the weaponry), left (the treasure's square), left (out with it). Boris walks.
			const anna = ['up', 'right', 'left', 'left'];
			const boris = ['left', 'right', 'left', 'right'];
			const drawn = [0, 0];
			while (anna.length) {
				for (const [seat, phone] of phones.entries()) {
					if (!(await phone.locator('[data-testid="player"][data-phase="play"][data-my-turn="true"]').count())) continue;
					if (drawn[seat]! < 2) await drawOnSheet(phone, seat, drawn[seat]!++);
					await phone.locator(`[data-dir="${(seat === 0 ? anna : boris).shift()}"]`).click();
					await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached', timeout: 30_000 });
				}
			}
			for (const phone of phones) await phone.locator('[data-testid="player"][data-phase="over"]').waitFor({ timeout: 30_000 });

			// The game worked: each phone holds exactly the engine's events for its seat.
			const record = await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game);
			const { state, events } = replayEvents(record);
			expect(state.result).toEqual({ kind: 'win', seat: 0, how: 'treasure' });
			for (const [seat, phone] of phones.entries()) expect(await seatEvents(phone)).toEqual(events.seatEvents(seat));

			// The sheets are real: each phone keeps its notes and marks on the device.
			for (const [seat, phone] of phones.entries()) {
				const stored = await storedText(phone);
				expect(stored).toContain(NOTES[seat]);
				expect(stored).toContain(`${NOTES[seat]} again`);
				expect(stored).toContain(PENCIL_COLOURS[1]);
				expect(stored).not.toContain(NOTES[1 - seat]);
			}

			// The watch saw the game: commands left each phone and reached the tablet, announcements came back.
			const watched = { host: await framesOf(host), phones: await Promise.all(phones.map(framesOf)) };
			const rtc = (frames: Frame[], dir: Frame['dir']) => frames.filter((f) => f.via === 'rtc' && f.dir === dir);
			for (const frames of watched.phones) {
				expect(rtc(frames, 'out').filter((f) => f.data.includes('"command"')).length).toBeGreaterThanOrEqual(3);
				expect(rtc(frames, 'in').filter((f) => f.data.includes('"events"') || f.data.includes('"event"')).length).toBeGreaterThan(0);
			}
			expect(rtc(watched.host, 'in').filter((f) => f.data.includes('"command"')).length).toBeGreaterThanOrEqual(8);

			// The plan itself reached each phone once, after the game was over (the reveal), and never before.
			for (const frames of watched.phones) {
				const inbound = rtc(frames, 'in');
				const reveal = inbound.findIndex((f) => f.data.includes('"reveal"'));
				const won = inbound.findIndex((f) => f.data.includes('"won"'));
				expect(reveal).toBeGreaterThan(won);
				expect(won).toBeGreaterThanOrEqual(0);
				expect(inbound.slice(0, reveal).some((f) => f.data.includes('"pitLoops"') || f.data.includes('"cells"'))).toBe(false);
			}

			// …and not one frame, either way, on any device, carries anything of a sheet.
			const all = [...watched.host, ...watched.phones.flat()];
			expect(all.length).toBeGreaterThan(50);
			const forbidden = [...NOTES, 'Zebra', 'Wombat', '"marks"', '"pencil"', '"pencils"', '"assistant"', '"sheet"', '"own"', '"t":"note"', '"t":"question"', ...PENCIL_COLOURS, `${room}:0`, `${room}:1`];
			for (const frame of all) for (const word of forbidden) expect(frame.data, `${frame.via} ${frame.dir}: ${frame.data.slice(0, 200)}`).not.toContain(word);

			// At the reveal the phone lays its sheet over the true plan and judges each mark.
			const first = phones[0]!;
			await first.getByTestId('tab-sheet').click();
			await first.getByTestId('sheet-over-truth').waitFor();
			await first.locator('[data-testid="sheet"] [data-verdict]').first().waitFor({ state: 'attached' });
			expect(await first.locator('[data-testid="sheet"] [data-verdict]').count()).toBeGreaterThan(2);
			await screenshot(first, 'sheet-net-reveal-phone');
		} finally {
			for (const context of contexts) await context.close();
		}
	}, 180_000);
});
