// Issue 16: served as a production site, by the real server `npm start` runs (global-setup.ts
// starts it, scripts/server.js), and its HTTPS address a secure context.
// - every route answers 200 with its own prerendered page (never a redirect), compressed as
//   the browser asks (brotli, else gzip) with Vary, byte for byte the file made at build time;
//   the route's scripts too;
// - at the HTTPS address with the certificate `npm start` makes (trusted as a phone that
//   installed its authority trusts it), the page is a secure context, the service worker
//   controls it, and every route opens with the network cut.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { BUILD_DIR } from '../../scripts/lib/build.js';
import { routeJs } from '../../scripts/lib/route-js.js';
import { launch, openPage, waitForServiceWorkerControl } from './support/browser';
import { APP_ROUTES, expectScreen } from './support/routes';

/** Every page the build has, by path, with its file (the home page is index.html). */
const PAGES = [...APP_ROUTES.map((r) => r.path), '/duel/play'].map((path) => ({ path, file: path === '/' ? 'index.html' : `${path.slice(1)}.html` }));

/** One GET as a phone's browser sends it, the body as it came over the wire (not decoded). */
function wireGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
	return new Promise((resolve, reject) => {
		const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
		});
		req.on('error', reject);
		req.end();
	});
}

test.each(PAGES)('$path: its prerendered page, no redirect, compressed as asked, with Vary', async ({ path, file }) => {
	const plain = readFileSync(join(BUILD_DIR, file));
	for (const [accept, encoding, suffix] of [
		['gzip, deflate, br, zstd', 'br', '.br'],
		['gzip, deflate', 'gzip', '.gz'],
		['identity', undefined, '']
	] as const) {
		const response = await wireGet(`${inject('baseURL')}${path}`, accept);
		expect(response.status, `${path} ${accept}`).toBe(200);
		expect(response.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
		expect(response.headers.vary, `${path} ${accept}`).toBe('Accept-Encoding');
		expect(response.headers['cache-control'], path).toBe('no-cache');
		expect(response.body.equals(suffix ? readFileSync(join(BUILD_DIR, file + suffix)) : plain), `${path} ${accept}: the bytes of ${file}${suffix}`).toBe(true);
	}
});

test.each(APP_ROUTES)("$path: the route's scripts go compressed (brotli), cached for good", async ({ path }) => {
	for (const file of routeJs(path).files) {
		const response = await wireGet(`${inject('baseURL')}/${file}`, 'gzip, deflate, br');
		expect(response.status, file).toBe(200);
		expect(response.headers['cache-control'], file).toContain('immutable');
		// a few tiny scripts go as they are, or gzipped where brotli saves nothing (precompress.js keeps only what is smaller)
		const compressed = response.headers['content-encoding'];
		expect([undefined, 'br', 'gzip'], file).toContain(compressed);
		if (compressed) expect(response.body.length, file).toBeLessThan(readFileSync(join(BUILD_DIR, file)).length);
	}
});

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(async () => {
	await browser?.close();
});

test('at the HTTPS address: a secure context, the service worker controls the page, every route opens offline', async () => {
	const origin = inject('lanHttpsURL');
	const { context, page } = await openPage(browser, '/', { baseURL: origin });
	try {
		expect(new URL(page.url()).protocol).toBe('https:');
		expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
		await waitForServiceWorkerControl(page);
		await context.setOffline(true);
		for (const route of APP_ROUTES) {
			await page.goto(route.path);
			await expectScreen(page, route);
		}
		await page.reload();
		await expectScreen(page, APP_ROUTES.at(-1)!);
	} finally {
		await context.close();
	}
});

test("under the server's Content-Security-Policy every route boots (its inline start script allowed by hash) and nothing is refused, at the plain and the HTTPS address (issue 32)", async () => {
	for (const origin of [inject('lanURL'), inject('lanHttpsURL')]) {
		const { context, page } = await openPage(browser, '/', { baseURL: origin });
		const refused: string[] = [];
		page.on('console', (m) => {
			if (/Content Security Policy/i.test(m.text())) refused.push(`${page.url()}: ${m.text()}`);
		});
		try {
			for (const route of APP_ROUTES) {
				const response = await page.goto(route.path);
				const policy = (await response?.headerValue('content-security-policy')) ?? '';
				expect(policy, route.path).toContain("frame-ancestors 'none'");
				expect(policy, route.path).toMatch(/script-src 'self' 'sha256-/);
				await expectScreen(page, route);
			}
			expect(refused).toEqual([]);
		} finally {
			await context.close();
		}
	}
});
