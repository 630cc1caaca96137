// Issue 6 acceptance with no signalling server at all: the tablet's offer and each phone's
// answer are carried between contexts as the text the QR codes hold; the links open and a
// scripted game proceeds. The QR codes the app draws decode back to the same strings.
import { mkdirSync } from 'node:fs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startServer } from '../../scripts/server.js';
import { engineEventsFor, newGame, scriptedCommands } from '../../src/lib/net/testing';
import { admit, beginGame, launchForNet, openHost, playCommands, seatEvents, tableContext, waitAllHere, waitForEvents, type NetWindow } from './support/net-table';

const SHOTS = 'test-results/screenshots';
let browser: Browser;
let server: { port: number; close: () => Promise<void> } | null = null;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
	browser = await launchForNet();
});
afterAll(async () => {
	await browser?.close();
});
afterEach(async () => {
	for (const c of contexts) await c.close().catch(() => undefined);
	contexts = [];
	await server?.close();
	server = null;
});

/** Reads the QR code in `element`'s screenshot, independently of the app (sharp + jsQR in Node). */
async function decodeQr(element: Locator): Promise<string | null> {
	const png = await element.screenshot();
	const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
	return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

async function context(device: 'phone' | 'tablet' = 'phone'): Promise<BrowserContext> {
	const c = await tableContext(browser, `http://127.0.0.1:${server!.port}`, device);
	contexts.push(c);
	return c;
}

/** One phone joins by the offer/answer pair, carried as text; returns its page and both codes' QR readings. */
async function pairPhone(host: Page, name: string): Promise<{ page: Page; offer: string; answer: string; offerQr: string | null; answerQr: string | null }> {
	await host.getByTestId('add-phone').click();
	const offer = await host.getByTestId('offer-text').inputValue();
	const offerQr = await decodeQr(host.locator('.manual [data-testid="qr"]'));
	const page = await (await context()).newPage();
	await page.goto(offer.replace(/^https?:\/\/[^/]+/, ''));
	await page.locator('main[data-ready="true"]').waitFor();
	await page.getByTestId('name').fill(name);
	await page.getByTestId('join').click();
	const answer = await page.getByTestId('answer-text').inputValue({ timeout: 30_000 });
	const answerQr = await decodeQr(page.locator('.answer [data-testid="qr"]'));
	await host.getByTestId('paste').fill(answer);
	await host.getByTestId('paste-submit').click();
	await page.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
	return { page, offer, answer, offerQr, answerQr };
}

test('no server: offers and answers carried as text open the links, and a scripted game proceeds', async () => {
	// Only the app's files are served: no PeerServer anywhere.
	server = await startServer({ port: 0, host: '127.0.0.1' });
	const { page: host } = await openHost(await context('tablet'), 'qr');
	expect(await host.locator('main').getAttribute('data-kind')).toBe('manual');
	const phones: Page[] = [];
	for (let i = 0; i < 3; i++) {
		const paired = await pairPhone(host, `Player ${i + 1}`);
		phones.push(paired.page);
		// What the QR codes hold is exactly the text: small enough for one easy code.
		expect(paired.offerQr).toBe(paired.offer);
		expect(paired.answerQr).toBe(paired.answer);
		expect(paired.answer.length).toBeLessThan(220);
	}
	await waitAllHere(host, 3);
	const game = newGame(3, 31);
	await beginGame(host, game);
	const log = scriptedCommands(game, 60, 12);
	await playCommands(host, phones, log);
	for (let seat = 0; seat < 3; seat++) {
		const expected = engineEventsFor(game, log, seat);
		await waitForEvents(phones[seat]!, expected.length);
		expect(await seatEvents(phones[seat]!)).toEqual(expected);
	}
	expect(await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.record!.game.log.length)).toBe(log.length);
	// The direct link is what the diagnostics panel reports.
	await phones[0]!.getByTestId('diagnostics').locator('summary').click();
	await expect.poll(() => phones[0]!.getByTestId('diagnostics-link').locator('[data-field="transport"]').textContent()).toContain('QR');
}, 180_000);

test('the invitation QR code decodes to the join address shown beside it', async () => {
	server = await startServer({ port: 0, host: '127.0.0.1', signalling: true });
	const { page: host, room } = await openHost(await context('tablet'), 'local');
	const url = await host.getByTestId('invite-url').textContent();
	// the address carries the fingerprint of the table's key (the phone believes only that tablet)
	expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/join\\?room=${room}&via=local&pin=[A-Za-z0-9_-]{22}$`));
	expect(await decodeQr(host.locator('.invite [data-testid="qr"]'))).toBe(url);
	expect((await host.getByTestId('room-code').textContent())?.replace(/[\s-]/g, '')).toBe(room);
	// Screenshots to look at: the tablet's invitation, the phone's join form and its seat.
	mkdirSync(SHOTS, { recursive: true });
	await host.screenshot({ path: `${SHOTS}/net-host-tablet.png` });
	const phone = await (await context()).newPage();
	await phone.goto(url!.replace(/^https?:\/\/[^/]+/, ''));
	await phone.locator('main[data-ready="true"]').waitFor();
	await phone.getByTestId('name').fill('Ann');
	await phone.screenshot({ path: `${SHOTS}/net-join-phone.png` });
	await phone.getByTestId('join').click();
	await phone.locator('main[data-status="waiting"]').waitFor({ timeout: 30_000 });
	await phone.screenshot({ path: `${SHOTS}/net-waiting-phone.png` });
	await admit(host, 'Ann');
	await phone.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
	await phone.getByTestId('diagnostics').locator('summary').click();
	await phone.getByTestId('diagnostics-link').locator('[data-field="rtt"]').filter({ hasText: 'ms' }).waitFor();
	await phone.screenshot({ path: `${SHOTS}/net-seat-phone.png`, fullPage: true });
	await host.getByTestId('presence').locator('li[data-here="yes"]').waitFor();
	await host.screenshot({ path: `${SHOTS}/net-host-joined-tablet.png` });
});
