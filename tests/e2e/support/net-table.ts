/**
 * A table in real browsers for the connection tests and the bench: a server of our own with
 * the PeerServer (so a test can stop it), a host context and phone contexts, each a separate
 * profile with the microphone granted (Chromium offers loopback candidates only then) and
 * the debug hook on (`window.labyrinthNet`, see src/lib/net/connect.ts).
 * No vitest imports: the bench uses it under tsx.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '../../../scripts/server.js';
import type { Game } from '../../../src/lib/engine/game/game';
import { importPlan } from './library';
import type { Plan } from '../../../src/lib/engine/plan/types';
import type { Command, GameEvent } from '../../../src/lib/engine/game/types';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export type Via = 'local' | 'qr';

export async function launchForNet(): Promise<Browser> {
	return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
}

export async function startTableServer(): Promise<{ origin: string; close: () => Promise<void> }> {
	const server = await startServer({ port: 0, host: '127.0.0.1', signalling: true });
	return { origin: `http://127.0.0.1:${server.port}`, close: server.close };
}

/** The screens a table is tried on: phones of two sizes, tablets of two. */
const DEVICES = {
	phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
	phone360: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
	tablet: { viewport: { width: 1180, height: 820 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
	tablet1024: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
	/** The same tablet held upright. */
	tablet768: { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true }
} as const;
export type TableDevice = keyof typeof DEVICES;

/** How a device is set: its language and its light or dark scheme. */
export interface DeviceLook {
	locale?: string;
	colorScheme?: 'light' | 'dark';
}

/**
 * A device's browser at `origin`, each its own profile. `grant`: the microphone granted (Chromium
 * then offers loopback WebRTC candidates); a page that is not a secure context cannot have it,
 * as on a phone, and connects with its mDNS candidate instead.
 */
export async function tableContext(browser: Browser, origin: string, device: TableDevice = 'phone', grant = true, look: DeviceLook = {}): Promise<BrowserContext> {
	const context = await browser.newContext({ ...DEVICES[device], baseURL: origin, locale: look.locale ?? 'en-US', colorScheme: look.colorScheme ?? 'light', serviceWorkers: 'block' });
	if (grant) await context.grantPermissions(['microphone'], { origin });
	await context.addInitScript(() => localStorage.setItem('labyrinth-net-debug', '1'));
	return context;
}

/** From the home screen to the table's lobby, as the master goes: Host a game → At a table with phones. */
export async function openTableFromHome(tablet: Page): Promise<void> {
	await tablet.goto('/');
	await tablet.locator('main a.action[href$="host"]').click();
	await tablet.getByTestId('to-table').click();
	await tablet.locator('main[data-screen="join-host"]').waitFor();
}

/** Opens the tablet's table screen; resolves with the page and its room code once it listens. */
export async function openHost(context: BrowserContext, via: Via, query = ''): Promise<{ page: Page; room: string }> {
	const page = await context.newPage();
	await page.goto(`/join/host?via=${via}${query}`);
	await page.locator('main[data-screen="join-host"][data-room]:not([data-room=""])').waitFor({ timeout: 30_000 });
	const room = (await page.locator('main[data-screen="join-host"]').getAttribute('data-room'))!;
	return { page, room };
}

/** The invitation the tablet shows (its link: room, connection and the table key's fingerprint), as a path. */
export async function invitePath(host: Page): Promise<string> {
	const href = (await host.getByTestId('invite-url').getAttribute('href'))!;
	return href.replace(/^https?:\/\/[^/]+/, '');
}

/** The master taps Admit for the phone named `name` waiting at the tablet. */
export async function admit(host: Page, name: string): Promise<void> {
	await host.getByTestId('waiting-phone').filter({ has: host.getByTestId('waiting-name').getByText(name, { exact: true }) }).getByTestId('admit').click();
}

/**
 * A phone joins through the signalling server: the tablet's invitation (or `link`, the very
 * address it shows), the join form; it waits until the master taps Admit on the tablet, then
 * takes its seat.
 */
export async function joinPlayer(context: BrowserContext, host: Page, name: string, link?: string): Promise<Page> {
	const page = await context.newPage();
	await page.goto(link ?? (await invitePath(host)));
	await page.locator('main[data-ready="true"]').waitFor();
	await page.getByTestId('name').fill(name);
	await page.getByTestId('join').click();
	await page.locator('main[data-status="waiting"]').waitFor({ timeout: 30_000 });
	await admit(host, name);
	await page.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
	return page;
}

/** A phone joins with no server: offer from the host, answer back, pasted as text both ways. */
export async function joinByQr(host: Page, context: BrowserContext, name: string): Promise<Page> {
	await host.getByTestId('add-phone').click();
	const offerUrl = await host.getByTestId('offer-text').inputValue();
	const page = await context.newPage();
	await page.goto(offerUrl.replace(/^https?:\/\/[^/]+/, ''));
	await page.locator('main[data-ready="true"]').waitFor();
	await page.getByTestId('name').fill(name);
	await page.getByTestId('join').click();
	const answer = await page.getByTestId('answer-text').inputValue({ timeout: 30_000 });
	await host.getByTestId('paste').fill(answer);
	await host.getByTestId('paste-submit').click();
	await page.locator('main[data-status="joined"]').waitFor({ timeout: 30_000 });
	return page;
}

type Hook = {
	labyrinthNet: {
		host: {
			begin(game: Game): Promise<string>;
			master(c: Command): Promise<{ ok: boolean; reason?: string }>;
			presence: { here: boolean }[];
			session: { refusedCount: number; names: string[]; record: { game: Game } | null; channels(): { channel: { link: { send(d: string): void } } }[] };
		};
		seat: {
			send(c: Command): Promise<{ ok: boolean; reason?: string }>;
			events: GameEvent[];
			session: { channel: { link: { send(d: string): void }; ping(): void; stats: { pongs: number; rtts: number[] } } | null; watch(f: () => void): () => void; events: GameEvent[] };
		};
	};
};
export type NetWindow = Window & Hook;

export async function beginGame(host: Page, game: Game): Promise<void> {
	await host.evaluate((g) => (window as unknown as NetWindow).labyrinthNet.host.begin(g), game);
}

/** Sends each command from whoever makes it: a seat's from its phone, the master's from the tablet. */
export async function playCommands(host: Page, phones: Page[], commands: Command[]): Promise<void> {
	for (const command of commands) {
		const by = (command as { by: number | 'master' }).by;
		const result =
			by === 'master'
				? await host.evaluate((c) => (window as unknown as NetWindow).labyrinthNet.host.master(c), command)
				: await phones[by]!.evaluate((c) => (window as unknown as NetWindow).labyrinthNet.seat.send(c), command);
		if (!result.ok) throw new Error(`refused ${JSON.stringify(command)}: ${result.reason}`);
	}
}

export async function seatEvents(page: Page): Promise<GameEvent[]> {
	return page.evaluate(() => (window as unknown as NetWindow).labyrinthNet.seat.events);
}

/** How many events the phone shows (the feed's own counter in the DOM). */
export async function shownEventCount(page: Page): Promise<number> {
	return Number(await page.getByTestId('event-count').getAttribute('data-count'));
}

/** Waits until the phone shows `count` events (the feed's own counter in the DOM). */
export async function waitForEvents(page: Page, count: number, timeout = 30_000): Promise<void> {
	await page.locator(`[data-testid="event-count"][data-count="${count}"]`).waitFor({ timeout });
}

export async function waitAllHere(host: Page, seats: number, timeout = 30_000): Promise<void> {
	await host.waitForFunction(
		(n) => {
			const h = (window as unknown as NetWindow).labyrinthNet?.host;
			return !!h && h.presence.length === n && h.presence.every((p) => p.here);
		},
		seats,
		{ timeout }
	);
}

/** Taps a square of the blank contour a phone shows to choose a cell (a start, a cell after a wound). */
export async function tapContour(page: Page, x: number, y: number): Promise<void> {
	const at = await page.locator('[data-testid="contour"] svg').evaluate((svg, [bx, by]) => {
		const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x, y] as const);
	await page.touchscreen.tap(at.x, at.y);
}

/**
 * A game at the table through the screens: the plan imported on the tablet, its table opened,
 * each named phone joined in its own profile, the game started, each phone's start chosen in
 * the drawn order and the starts confirmed. `init` runs in every page before the app (a watch).
 */
export async function tableGame(
	browser: Browser,
	origin: string,
	plan: Plan,
	players: { name: string; start: [number, number] }[],
	init?: () => void
): Promise<{ host: Page; phones: Page[]; room: string; contexts: BrowserContext[] }> {
	const contexts: BrowserContext[] = [];
	const hostContext = await tableContext(browser, origin, 'tablet');
	contexts.push(hostContext);
	if (init) await hostContext.addInitScript(init);
	const library = await hostContext.newPage();
	await importPlan(library, plan, 'table.json');
	await library.close();
	const { page: host, room } = await openHost(hostContext, 'local');
	const phones: Page[] = [];
	for (const { name } of players) {
		const context = await tableContext(browser, origin, 'phone');
		contexts.push(context);
		if (init) await context.addInitScript(init);
		phones.push(await joinPlayer(context, host, name));
	}
	await host.locator('[data-testid="presence"] li', { hasText: players[players.length - 1]!.name }).waitFor();
	await host.getByTestId('start-game').click();
	await host.getByTestId('console').waitFor({ timeout: 30_000 });
	for (let chosen = 0; chosen < players.length; ) {
		for (const [seat, phone] of phones.entries()) {
			if (!(await phone.locator('[data-testid="player"][data-phase="start"][data-my-turn="true"]').count())) continue;
			await tapContour(phone, ...players[seat]!.start);
			await phone.getByTestId('confirm-cell').click();
			await phone.locator('[data-testid="player"][data-my-turn="true"]').waitFor({ state: 'detached' });
			chosen++;
		}
	}
	await host.getByTestId('confirm-starts').click();
	return { host, phones, room, contexts };
}
