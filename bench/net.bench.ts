/**
 * The connection layer in real browsers over loopback, through the self-hosted PeerServer:
 * - net.rtt_median_ms / net.rtt_p95_ms: heartbeat round trips between a phone and the tablet
 *   (two browser contexts), measured with the page's high-resolution clock;
 * - net.announce_5_ms: a move sent by a phone → its announcement present on all 5 phones
 *   (median over the script's moves; the host writes each to IndexedDB first);
 * - net.qr_answer_chars: the length of a compact answer (what one QR code holds).
 */
import { ensureBuild } from '../scripts/lib/build.js';
import type { Page } from 'playwright-core';
import { percentiles } from '../src/lib/net/channel';
import { engineEventsFor, newGame, scriptedCommands } from '../src/lib/net/testing';
import type { Command } from '../src/lib/engine/game/types';
import {
	beginGame,
	joinPlayer,
	launchForNet,
	openHost,
	startTableServer,
	tableContext,
	waitAllHere,
	type NetWindow
} from '../tests/e2e/support/net-table';

const PINGS = 300;

async function roundTrips(phone: Page): Promise<number[]> {
	return phone.evaluate(async (count) => {
		const channel = (window as unknown as NetWindow).labyrinthNet.seat.session.channel!;
		const out: number[] = [];
		for (let i = 0; i < count; i++) {
			const before = channel.stats.pongs;
			channel.ping();
			const start = performance.now();
			while (channel.stats.pongs === before && performance.now() - start < 2000) await new Promise((r) => setTimeout(r, 0));
			if (channel.stats.pongs > before) out.push(channel.stats.rtts[channel.stats.rtts.length - 1]!);
		}
		return out;
	}, PINGS);
}


export default async () => {
	ensureBuild();
	const server = await startTableServer();
	const browser = await launchForNet();
	try {
		const { page: host } = await openHost(await tableContext(browser, server.origin, 'tablet'), 'local');
		const phones: Page[] = [];
		for (let i = 0; i < 5; i++) phones.push(await joinPlayer(await tableContext(browser, server.origin), host, `P${i + 1}`));
		await waitAllHere(host, 5);
		console.error('net bench: 5 phones at the table');
		// Warm up, then measure the round trips of one phone.
		await roundTrips(phones[0]!);
		const rtt = percentiles(await roundTrips(phones[0]!))!;
		console.error(`net bench: round trips measured (median ${rtt.median} ms)`);

		const game = newGame(5, 41);
		await beginGame(host, game);
		const log = scriptedCommands(game, 80, 13);
		const delays: number[] = [];
		for (let i = 0; i < log.length; i++) {
			const command = log[i]!;
			const by = (command as { by: number | 'master' }).by;
			const targets = phones.map((_, seat) => engineEventsFor(game, log.slice(0, i + 1), seat).length);
			const before = phones.map((_, seat) => engineEventsFor(game, log.slice(0, i), seat).length);
			const everyoneHears = by !== 'master' && targets.every((n, seat) => n > before[seat]!);
			if (everyoneHears)
				await Promise.all(
					phones.map((p, seat) =>
						p.evaluate((target) => {
							const w = window as unknown as NetWindow & { arrivedAt?: number | null };
							w.arrivedAt = null;
							const session = w.labyrinthNet.seat.session;
							const stop = session.watch(() => {
								if (session.events.length >= target && w.arrivedAt === null) {
									w.arrivedAt = performance.timeOrigin + performance.now();
									stop();
								}
							});
						}, targets[seat]!)
					)
				);
			let sentAt = 0;
			if (by === 'master') await host.evaluate((c) => (window as unknown as NetWindow).labyrinthNet.host.master(c), command);
			else
				sentAt = await phones[by]!.evaluate(async (c: Command) => {
					const at = performance.timeOrigin + performance.now();
					const result = await (window as unknown as NetWindow).labyrinthNet.seat.send(c);
					if (!result.ok) throw new Error(result.reason);
					return at;
				}, command);
			if (!everyoneHears) continue;
			const arrivals = await Promise.all(
				phones.map((p) =>
					p.waitForFunction(() => (window as unknown as { arrivedAt?: number | null }).arrivedAt ?? null, undefined, { polling: 5 }).then((h) => h.jsonValue() as Promise<number>)
				)
			);
			delays.push(Math.max(...arrivals) - sentAt);
		}
		const announce = percentiles(delays)!;

		// One compact answer, as a QR code would hold it (no server needed for this part).
		const qr = await (await tableContext(browser, server.origin)).newPage();
		await qr.goto('/join');
		const answerChars = await qr.evaluate(async () => {
			const pc = new RTCPeerConnection({ iceServers: [] });
			pc.createDataChannel('x');
			await pc.setLocalDescription(await pc.createOffer());
			await new Promise((r) => setTimeout(r, 1500));
			return pc.localDescription!.sdp;
		});
		const { compact } = await import('../src/lib/net/sdp');
		const code = compact('offer', answerChars);

		return [
			{ name: 'net.rtt_median_ms', value: rtt.median, unit: 'ms' },
			{ name: 'net.rtt_p95_ms', value: rtt.p95, unit: 'ms' },
			{ name: 'net.announce_5_ms', value: Math.round(announce.median * 100) / 100, unit: 'ms' },
			{ name: 'net.announce_5_p95_ms', value: Math.round(announce.p95 * 100) / 100, unit: 'ms' },
			{ name: 'net.qr_offer_chars', value: code.ok ? code.value.length : -1, unit: 'chars' },
			{ name: 'net.qr_offer_sdp_chars', value: answerChars.length, unit: 'chars' }
		];
	} finally {
		await browser.close();
		await server.close();
		// The PeerServer (peer 1.0) keeps timers it never clears, so this process would not end
		// by itself: leave once the harness has printed the rows (stdout to a pipe is synchronous).
		setTimeout(() => process.exit(0), 1000);
	}
};
