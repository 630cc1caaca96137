/**
 * The connection layer in real browsers over loopback, through the self-hosted PeerServer:
 * - net.rtt_median_ms / net.rtt_p95_ms: heartbeat round trips between a phone and the tablet
 *   (two browser contexts), measured with the page's high-resolution clock; the pings are paced
 *   within what the tablet takes from a phone (limits.ts `phoneRate`: faster, it would drop them
 *   and, rightly, close the link);
 * - net.announce_5_ms: a move sent by a phone → its events shown on all 5 phones (the feed's
 *   count in the page, after Svelte's update), the median over the moves; `_2000` the same at a
 *   table whose game is 2,000 commands in;
 * - net.move_*_ms: where a move's time goes (medians, fresh game): the phone's frame reaching
 *   the tablet, the tablet's write (IndexedDB, complete) before it announces, the announcement
 *   (per-phone views and frames), the frames reaching the phones' sessions, and Svelte showing it;
 *   net.move_phone_task_ms: the slowest phone's whole task, from its session holding the events
 *   to the task's end (Svelte's update and everything it set off in that task: a layout forced
 *   by reading the page shows here); the `_2000` ones the same 2,000 commands in;
 * - net.qr_offer_chars: the length of a compact offer (what one QR code holds).
 * Every wait has its limit (`within`, playwright's timeouts): a reply that never comes fails
 * the bench at once, saying which; scripts/bench.js bounds the whole file too.
 */
import { ensureBuild } from '../scripts/lib/build.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { percentiles } from '../src/lib/net/channel';
import { replayEvents, type Game } from '../src/lib/engine/game/game';
import { apply } from '../src/lib/engine/game/apply';
import type { Command, Seat } from '../src/lib/engine/game/types';
import { newGame, scriptedCommands } from '../src/lib/net/testing';
import { phoneRate } from '../src/lib/net/limits';
import { longGame } from './host.bench';
import { beginGame, joinPlayer, launchForNet, openHost, startTableServer, tableContext, waitAllHere, type NetWindow } from '../tests/e2e/support/net-table';

const PINGS = 100;
/** A heartbeat not answered in this long: the bench fails. */
const PONG_LIMIT_MS = 2000;
/** A move not shown on every phone in this long: the bench fails. */
const MOVE_LIMIT_MS = 10_000;
const PHONES = 5;
/** Moves measured at each table. */
const MOVES = 40;
/** The long game's length when the measured moves begin. */
const LONG = 2000;

/** Rejects with `what` when `promise` takes longer than `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	try {
		return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`net bench: ${what} took more than ${ms} ms`)), ms)))]);
	} finally {
		clearTimeout(timer);
	}
}

/** `count` heartbeat round trips of one phone, one at a time, paced within the tablet's allowance. */
async function roundTrips(phone: Page, count: number): Promise<number[]> {
	// a ping every 1/20 s at most: under phoneRate's steady rate, with room for the heartbeat's own
	const gapMs = 1000 / (phoneRate().perSecond - 8);
	return phone.evaluate(
		async ({ count, gapMs, limitMs }) => {
			const channel = (window as unknown as NetWindow).labyrinthNet.seat.session.channel;
			if (!channel) throw new Error('net bench: the phone has no channel');
			const out: number[] = [];
			for (let i = 0; i < count; i++) {
				const before = channel.stats.pongs;
				const start = performance.now();
				channel.ping();
				while (channel.stats.pongs === before) {
					if (performance.now() - start > limitMs) throw new Error(`net bench: no answer to heartbeat ${i + 1} of ${count} within ${limitMs} ms`);
					await new Promise((r) => setTimeout(r, 0));
				}
				out.push(channel.stats.rtts[channel.stats.rtts.length - 1]!);
				const wait = gapMs - (performance.now() - start);
				if (wait > 0) await new Promise((r) => setTimeout(r, wait));
			}
			return out;
		},
		{ count, gapMs, limitMs: PONG_LIMIT_MS }
	);
}

/** Per command of `log` from `from` on: how many events each seat has heard once it is played. */
function heardAfter(game: Game, log: Command[], from: number, seats: number): number[][] {
	let { state, events } = replayEvents({ ...game, log: log.slice(0, from) });
	const out: number[][] = [];
	for (const command of log.slice(from)) {
		const result = apply(state, command);
		state = result.state;
		events = events.with(result.events);
		out.push(Array.from({ length: seats }, (_, seat) => events.seatEvents(seat as Seat).length));
	}
	return out;
}

type Trace = { received: number; written: number; announced: number };
type Arrival = { session: number; shown: number; settled: number };
type BenchWindow = NetWindow & { benchTrace?: Trace; benchArrival?: Promise<Arrival> };

/**
 * The tablet notes when a phone's command arrives, when its write is complete and when its
 * announcement has been sent (wrapping the session's store and its broadcast, in the page).
 */
async function traceHost(host: Page): Promise<void> {
	await host.evaluate(() => {
		const w = window as unknown as BenchWindow;
		const now = () => performance.timeOrigin + performance.now();
		const trace: Trace = { received: 0, written: 0, announced: 0 };
		w.benchTrace = trace;
		// private to the session in TypeScript, plain properties in the page
		const session = w.labyrinthNet.host.session as unknown as {
			options: { store: { append: (...args: unknown[]) => Promise<void> } };
			broadcast: () => void;
			channels(): { channel: { on(f: (e: { type: string; message?: { type: string } }) => void): void } }[];
		};
		for (const { channel } of session.channels()) channel.on((e) => e.type === 'message' && e.message?.type === 'command' && (trace.received = now()));
		const store = session.options.store;
		const append = store.append.bind(store);
		store.append = async (...args) => {
			await append(...args);
			trace.written = now();
		};
		const broadcast = session.broadcast.bind(session);
		session.broadcast = () => {
			broadcast();
			trace.announced = now();
		};
	});
}

/** The phone starts watching for `target` events: in its session, and shown (the feed's count in the page). */
async function expectEvents(phone: Page, target: number): Promise<void> {
	await phone.evaluate(
		({ target, limitMs }) => {
			const w = window as unknown as BenchWindow;
			const now = () => performance.timeOrigin + performance.now();
			const session = w.labyrinthNet.seat.session;
			const count = document.querySelector('[data-testid="event-count"]');
			if (!count) throw new Error('net bench: the phone shows no event count');
			w.benchArrival = new Promise<Arrival>((resolve, reject) => {
				let inSession = 0;
				const shown = () => Number(count.getAttribute('data-count')) >= target;
				const observer = new MutationObserver(() => {
					if (!shown()) return;
					done();
					const at = { session: inSession || now(), shown: now() };
					// the end of the phone's task: a message posted now is handled after it, with
					// whatever Svelte's update set off in it (effects, a layout forced by reading the page)
					const after = new MessageChannel();
					after.port1.onmessage = () => resolve({ ...at, settled: now() });
					after.port2.postMessage(null);
				});
				const stop = session.watch(() => {
					if (session.events.length >= target && !inSession) inSession = now();
				});
				const timer = setTimeout(() => {
					done();
					reject(new Error(`net bench: ${target} events not shown within ${limitMs} ms (${session.events.length} in the session)`));
				}, limitMs);
				function done() {
					observer.disconnect();
					stop();
					clearTimeout(timer);
				}
				observer.observe(count, { attributes: true, attributeFilter: ['data-count'] });
			});
			// unhandled until read: a failure is read by `arrival`
			w.benchArrival.catch(() => undefined);
		},
		{ target, limitMs: MOVE_LIMIT_MS }
	);
}

const arrival = (phone: Page) => phone.evaluate(() => (window as unknown as BenchWindow).benchArrival!);

/** A table of five phones at `origin`: the host and the phones, seated. */
async function openTable(browser: Browser, origin: string): Promise<{ host: Page; phones: Page[]; contexts: BrowserContext[] }> {
	const hostContext = await tableContext(browser, origin, 'tablet');
	const { page: host } = await openHost(hostContext, 'local');
	const contexts = [hostContext];
	const phones: Page[] = [];
	for (let i = 0; i < PHONES; i++) {
		const context = await tableContext(browser, origin);
		contexts.push(context);
		phones.push(await joinPlayer(context, host, `P${i + 1}`));
	}
	await waitAllHere(host, PHONES);
	// tsx names the functions of the code it passes to the pages (esbuild's keepNames): the pages need its helper
	for (const page of [host, ...phones]) await page.evaluate('globalThis.__name = (f) => f');
	return { host, phones, contexts };
}

interface MoveTimes {
	total: number;
	toTablet: number;
	write: number;
	announce: number;
	toPhones: number;
	svelte: number;
	phoneTask: number;
}

/**
 * Plays `log` from `from` at the table (its game begun with the commands before `from`) and
 * times each phone's move until all five show its events.
 */
async function timeMoves(host: Page, phones: Page[], game: Game, log: Command[], from: number): Promise<MoveTimes[]> {
	await within(60_000, 'beginning the game', beginGame(host, { ...game, log: log.slice(0, from) }));
	const heard = heardAfter(game, log, from, phones.length);
	// the phones have the game so far (a long one comes in pages)
	const before = from === 0 ? phones.map(() => 0) : heardAfter(game, log, from - 1, phones.length)[0]!;
	await Promise.all(
		phones.map((p, seat) => p.locator(`[data-testid="event-count"][data-count="${before[seat]}"]`).waitFor({ timeout: 60_000 }))
	);
	await traceHost(host);
	const times: MoveTimes[] = [];
	for (let i = from; i < log.length; i++) {
		const command = log[i]!;
		const by = (command as { by: number | 'master' }).by;
		const after = heard[i - from]!;
		const prior = i === from ? before : heard[i - from - 1]!;
		const everyoneHears = by !== 'master' && after.every((n, seat) => n > prior[seat]!);
		if (everyoneHears) await Promise.all(phones.map((p, seat) => expectEvents(p, after[seat]!)));
		let sentAt = 0;
		if (by === 'master') {
			const result = await within(MOVE_LIMIT_MS, `the master's command ${i}`, host.evaluate((c) => (window as unknown as NetWindow).labyrinthNet.host.master(c), command));
			if (!result.ok) throw new Error(`net bench: command ${i} refused: ${result.reason}`);
		} else {
			// sent, and its answer awaited (the next command must not overtake it)
			const sent = phones[by]!.evaluate(async (c: Command) => {
				const at = performance.timeOrigin + performance.now();
				const result = await (window as unknown as NetWindow).labyrinthNet.seat.send(c);
				if (!result.ok) throw new Error(`net bench: refused: ${result.reason}`);
				return at;
			}, command);
			sentAt = await within(MOVE_LIMIT_MS, `the answer to command ${i}`, sent);
		}
		if (!everyoneHears) {
			await within(MOVE_LIMIT_MS, `command ${i} shown`, Promise.all(phones.map((p, seat) => p.locator(`[data-testid="event-count"][data-count="${after[seat]}"]`).waitFor({ timeout: MOVE_LIMIT_MS }))));
			continue;
		}
		const arrivals = await Promise.all(phones.map(arrival));
		const trace = await host.evaluate(() => (window as unknown as BenchWindow).benchTrace!);
		const shown = Math.max(...arrivals.map((a) => a.shown));
		const inSessions = Math.max(...arrivals.map((a) => a.session));
		times.push({
			total: shown - sentAt,
			toTablet: trace.received - sentAt,
			write: trace.written - trace.received,
			announce: trace.announced - trace.written,
			toPhones: inSessions - trace.announced,
			svelte: shown - inSessions,
			// the slowest phone's task: from its session holding the events to the end of the task
			phoneTask: Math.max(...arrivals.map((a) => a.settled - a.session))
		});
	}
	return times;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const medianOf = (times: MoveTimes[], part: keyof MoveTimes) => round(percentiles(times.map((t) => t[part]))!.median);

export default async () => {
	ensureBuild();
	const server = await startTableServer();
	const browser = await launchForNet();
	try {
		const fresh = await within(120_000, 'seating five phones', openTable(browser, server.origin));
		console.error(`net bench: ${PHONES} phones at the table`);
		await roundTrips(fresh.phones[0]!, 20); // warm up
		const rtt = percentiles(await roundTrips(fresh.phones[0]!, PINGS))!;
		console.error(`net bench: round trips measured (median ${rtt.median} ms)`);

		const game = newGame(PHONES, 41);
		const times = await timeMoves(fresh.host, fresh.phones, game, scriptedCommands(game, MOVES * 2, 13), 0);
		const announce = percentiles(times.map((t) => t.total))!;
		console.error(`net bench: ${times.length} moves of a fresh game (median ${round(announce.median)} ms)`);
		for (const context of fresh.contexts) await context.close();

		// a table 2,000 commands into its game (a generated 40x40 plan that lasts)
		const long = longGame(LONG + MOVES, PHONES);
		const table = await within(120_000, 'seating five phones (the long game)', openTable(browser, server.origin));
		const lateTimes = await timeMoves(table.host, table.phones, long.game, long.log.slice(0, LONG + MOVES), LONG);
		const late = percentiles(lateTimes.map((t) => t.total))!;
		console.error(`net bench: ${lateTimes.length} moves ${LONG} commands in (median ${round(late.median)} ms)`);

		// One compact offer, as a QR code would hold it (no server needed for this part).
		const qr = await (await tableContext(browser, server.origin)).newPage();
		await qr.goto('/join');
		const sdp = await qr.evaluate(async () => {
			const pc = new RTCPeerConnection({ iceServers: [] });
			pc.createDataChannel('x');
			await pc.setLocalDescription(await pc.createOffer());
			await new Promise((r) => setTimeout(r, 1500));
			return pc.localDescription!.sdp;
		});
		const { compact } = await import('../src/lib/net/sdp');
		const code = compact('offer', sdp);

		return [
			{ name: 'net.rtt_median_ms', value: rtt.median, unit: 'ms', max: 3 },
			{ name: 'net.rtt_p95_ms', value: rtt.p95, unit: 'ms' },
			{ name: 'net.announce_5_ms', value: round(announce.median), unit: 'ms', max: 50 },
			{ name: 'net.announce_5_p95_ms', value: round(announce.p95), unit: 'ms' },
			{ name: `net.announce_5_${LONG}_ms`, value: round(late.median), unit: 'ms', max: 50 },
			{ name: `net.announce_5_${LONG}_p95_ms`, value: round(late.p95), unit: 'ms' },
			{ name: 'net.move_to_tablet_ms', value: medianOf(times, 'toTablet'), unit: 'ms' },
			{ name: 'net.move_write_ms', value: medianOf(times, 'write'), unit: 'ms' },
			{ name: 'net.move_announce_ms', value: medianOf(times, 'announce'), unit: 'ms' },
			{ name: 'net.move_to_phones_ms', value: medianOf(times, 'toPhones'), unit: 'ms' },
			{ name: 'net.move_svelte_ms', value: medianOf(times, 'svelte'), unit: 'ms' },
			{ name: 'net.move_phone_task_ms', value: medianOf(times, 'phoneTask'), unit: 'ms' },
			{ name: `net.move_write_${LONG}_ms`, value: medianOf(lateTimes, 'write'), unit: 'ms' },
			{ name: `net.move_svelte_${LONG}_ms`, value: medianOf(lateTimes, 'svelte'), unit: 'ms' },
			{ name: `net.move_phone_task_${LONG}_ms`, value: medianOf(lateTimes, 'phoneTask'), unit: 'ms' },
			{ name: 'net.qr_offer_chars', value: code.ok ? code.value.length : -1, unit: 'chars' },
			{ name: 'net.qr_offer_sdp_chars', value: sdp.length, unit: 'chars' }
		];
	} finally {
		await browser.close();
		await server.close();
		// The PeerServer (peer 1.0) keeps timers it never clears, so this process would not end
		// by itself: leave once the harness has printed the rows (stdout to a pipe is synchronous).
		setTimeout(() => process.exit(0), 1000);
	}
};
