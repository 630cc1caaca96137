// Issue 18's acceptance through the real PeerServer, at every origin of journeyOrigins() (the
// LAN name over plain HTTP — no crypto.subtle, no media permission: WebRTC by its mDNS candidate —
// and over HTTPS): a stranger's phone waits for the master and, refused,
// learns nothing of the game; a second browser that opens the table's host route while the
// tablet's page is closed is refused by the phone, is told nothing of its seat key, and the
// phone returns to the real tablet when it reopens. Every frame a page receives is recorded.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newGame } from '../../src/lib/net/testing';
import { beginGame, invitePath, joinPlayer, launchForNet, openHost, tableContext, type NetWindow } from './support/net-table';
import { journeyOrigins, type JourneyOrigin } from './support/origins';

let browser: Browser;
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
});

/** Records every string that arrives on any WebRTC data channel of the page (`window.__frames`). */
function recordFrames() {
	const frames: string[] = [];
	(window as unknown as { __frames: string[] }).__frames = frames;
	const watch = (channel: RTCDataChannel) => channel.addEventListener('message', (e) => frames.push(typeof e.data === 'string' ? e.data : '[binary]'));
	const Original = window.RTCPeerConnection;
	const create = Original.prototype.createDataChannel;
	Original.prototype.createDataChannel = function (this: RTCPeerConnection, ...args: Parameters<RTCPeerConnection['createDataChannel']>) {
		const channel = create.apply(this, args);
		watch(channel);
		return channel;
	};
	window.RTCPeerConnection = class extends Original {
		constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
			super(...args);
			this.addEventListener('datachannel', (e) => watch(e.channel));
		}
	};
}

async function context({ url, secure }: JourneyOrigin, device: 'phone' | 'tablet' = 'phone'): Promise<BrowserContext> {
	const c = await tableContext(browser, url, device, secure);
	await c.addInitScript(recordFrames);
	contexts.push(c);
	return c;
}

const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames.slice());
/** The messages in recorded frames (heartbeats and bare acknowledgements carry none). */
const messagesOf = (frames: string[]) => frames.flatMap((f) => {
	try {
		const m = (JSON.parse(f) as { m?: { type: string } }).m;
		return m ? [m] : [];
	} catch {
		return [];
	}
});

describe.each(journeyOrigins())('who sits at the table, at $name ($url)', { timeout: 240_000 }, (origin) => {
	test('a stranger’s phone waits for the master; refused, it learns nothing of the game', async () => {
		const { page: host } = await openHost(await context(origin, 'tablet'), 'local');
		const players = [await joinPlayer(await context(origin), host, 'Alice'), await joinPlayer(await context(origin), host, 'Boris')];
		// a game of three with two seats taken: a third phone could still be admitted
		await beginGame(host, newGame(3, 31));
		await players[0]!.locator('[data-testid="event-count"]:not([hidden])').waitFor({ timeout: 30_000 });

		const stranger = await (await context(origin)).newPage();
		await stranger.goto(await invitePath(host));
		await stranger.locator('main[data-ready="true"]').waitFor();
		// a name made to pass for Alice's (issue 32): a Cyrillic А, a zero-width space
		await stranger.getByTestId('name').fill('\u0410\u200Blice');
		await stranger.getByTestId('join').click();
		await stranger.locator('main[data-status="waiting"]').waitFor({ timeout: 30_000 });
		await expect.poll(() => stranger.getByTestId('seat-status').textContent()).toContain('Waiting for the master');
		// The tablet shows the name, isolated (the invisible character gone), with a mark the master
		// sees before admitting: it looks like a seated name; and Admit and Refuse.
		const row = host.getByTestId('waiting-phone').filter({ hasText: '\u0410lice' });
		expect(await row.locator('bdi').textContent()).toBe('\u0410lice');
		expect(await row.getByTestId('name-mark').getAttribute('data-kind')).toBe('lookalike');
		expect(await row.getByTestId('name-mark').textContent()).toContain('looks like Alice');
		await row.screenshot({ path: `/tmp/net-security-waiting-${origin.name}.png` });
		await row.getByTestId('turn-away').click();
		await stranger.locator('main[data-status="refused"]').waitFor({ timeout: 30_000 });
		expect(await stranger.getByTestId('refusal').textContent()).toContain('did not admit');

		const received = messagesOf(await framesOf(stranger));
		expect(received.length).toBeGreaterThan(0);
		expect([...new Set(received.map((m) => m.type))].sort()).toEqual(['proof', 'refused', 'waiting']);
		const text = JSON.stringify(received);
		for (const secret of ['Alice', 'Boris', 'update', 'welcome', 'table']) expect(text).not.toContain(secret);
		expect(await host.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.names)).toEqual(['Alice', 'Boris']);
	});

	test('an impostor under the room code: the phone refuses it, never sends it the seat key, and returns to the real tablet', async () => {
		const tablet = await context(origin, 'tablet');
		const { page: host, room } = await openHost(tablet, 'local');
		const phone = await joinPlayer(await context(origin), host, 'Alice');
		const seat = () => phone.evaluate(() => (window as unknown as { labyrinthNet: { seat: { session: { membership: { key: string; seat: number } } } } }).labyrinthNet.seat.session.membership);
		const before = await seat();
		expect(before.key).toMatch(/^[A-Za-z0-9_-]{24}$/);

		// The tablet's page is closed; another browser opens the table's host route. `npm start`'s
		// server keeps the room's id for the tablet's PeerJS token (issue 32): this impostor read the
		// token off the plain-HTTP Wi-Fi, as one could (on the public PeerJS cloud it needs none).
		const tokenKey = `labyrinth-gm-peer-token:labyrinth-gm-${room.toLowerCase()}`;
		const token = await host.evaluate((key) => localStorage.getItem(key), tokenKey);
		expect(token).toMatch(/^[a-z0-9]{16,64}$/);
		await host.close();
		const impostorContext = await context(origin, 'tablet');
		await impostorContext.addInitScript(([key, value]) => localStorage.setItem(key, value), [tokenKey, token!] as const);
		const impostor = await impostorContext.newPage();
		await impostor.goto(`/join/host?room=${room}&via=local`);
		await impostor.locator(`main[data-screen="join-host"][data-room="${room}"]`).waitFor({ timeout: 30_000 });
		const trouble = phone.getByTestId('trouble');
		await trouble.and(phone.locator('[data-kind="impostor"]')).waitFor({ timeout: 60_000 });
		expect(await trouble.textContent()).toContain('not your table');
		await phone.screenshot({ path: `/tmp/net-security-impostor-${origin.name}.png` });
		// The phone did speak to it (a hello) and told it nothing of the seat.
		await expect.poll(async () => (await framesOf(impostor)).length, { timeout: 30_000 }).toBeGreaterThan(0);
		const heard = await framesOf(impostor);
		expect(heard.some((f) => f.includes(before.key))).toBe(false);
		expect(messagesOf(heard).every((m) => m.type === 'hello')).toBe(true);
		expect(await impostor.evaluate(() => (window as unknown as NetWindow).labyrinthNet.host.session.names)).toEqual([]);
		expect(await phone.locator('main').getAttribute('data-status')).not.toBe('refused');

		// The impostor goes; the real tablet reopens its table: the phone is back in its seat.
		await impostor.close();
		const again = await tablet.newPage();
		await again.goto(`/join/host?room=${room}&via=local`);
		await again.locator(`main[data-screen="join-host"][data-room="${room}"]`).waitFor({ timeout: 30_000 });
		await phone.locator('main[data-status="joined"]').waitFor({ timeout: 60_000 });
		await again.getByTestId('presence').locator('li[data-here="yes"]').waitFor({ timeout: 30_000 });
		await trouble.waitFor({ state: 'detached', timeout: 30_000 });
		const after = await seat();
		expect(after).toMatchObject({ key: before.key, seat: before.seat });
	});
});
