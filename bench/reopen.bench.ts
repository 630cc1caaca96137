/**
 * net.table_reopen_ms (issue 29): the tablet's page closed mid-game and the app opened again
 * from the home screen (*Back to the table*), until every phone of a 5-phone table is seated
 * again (the tablet sees all five here), over the self-hosted PeerServer in real browsers.
 * Measured from the home screen's load to the fifth phone back; the median of a few rounds,
 * each after the phones have said the tablet is away.
 */
import { ensureBuild } from '../scripts/lib/build.js';
import type { Page } from 'playwright-core';
import { newGame, scriptedCommands } from '../src/lib/net/testing';
import { beginGame, joinPlayer, launchForNet, openHost, playCommands, startTableServer, tableContext, waitAllHere } from '../tests/e2e/support/net-table';

const ROUNDS = 3;

export default async () => {
	ensureBuild();
	const server = await startTableServer();
	const browser = await launchForNet();
	try {
		const tabletContext = await tableContext(browser, server.origin, 'tablet');
		let { page: host } = await openHost(tabletContext, 'local');
		const phones: Page[] = [];
		for (let i = 0; i < 5; i++) phones.push(await joinPlayer(await tableContext(browser, server.origin), host, `P${i + 1}`));
		await waitAllHere(host, 5);
		const game = newGame(5, 41);
		await beginGame(host, game);
		await playCommands(host, phones, scriptedCommands(game, 12, 13));
		const times: number[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			await host.close();
			for (const phone of phones) await phone.locator('[data-testid="seat-status"][data-away="true"]').waitFor({ timeout: 30_000 });
			const start = Date.now();
			host = await tabletContext.newPage();
			await host.goto('/');
			await host.getByTestId('back-to-table').click();
			await host.locator('main[data-screen="join-host"][data-room]:not([data-room=""])').waitFor({ timeout: 30_000 });
			const opened = Date.now() - start;
			await waitAllHere(host, 5);
			times.push(Date.now() - start);
			console.error(`reopen bench: round ${round + 1}: ${times.at(-1)} ms (the table open after ${opened} ms)`);
		}
		times.sort((a, b) => a - b);
		return [{ name: 'net.table_reopen_ms', value: times[Math.floor(times.length / 2)]!, unit: 'ms' }];
	} finally {
		await browser.close();
		await server.close();
		// The PeerServer (peer 1.0) keeps timers it never clears (as in net.bench.ts): leave once the rows are printed.
		setTimeout(() => process.exit(0), 1000);
	}
};
