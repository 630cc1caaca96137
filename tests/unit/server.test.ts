// The production server (scripts/server.js) on a throwaway build: caching, SPA fallback,
// real 404s for missing files, precompressed files, no redirects, the /peerjs mount point
// and the addresses it tells the app. (tests/e2e/serving.e2e.ts checks the real build.)
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompress } from '../../scripts/precompress.js';
import { ADDRESSES_PATH, SIGNALLING_PATH, encodingFor, reachableHosts, startServer } from '../../scripts/server.js';

/** The shell's inline script (SvelteKit's start script, in the real build). */
const INLINE_SCRIPT = 'globalThis.started = true;';

let root: string;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
	root = mkdtempSync(join(tmpdir(), 'labyrinth-build-'));
	mkdirSync(join(root, '_app/immutable/chunks'), { recursive: true });
	writeFileSync(join(root, 'index.html'), `<!doctype html><title>shell</title><script type="module" src="/_app/immutable/chunks/app.abc123.js"></script><script>\n\t${INLINE_SCRIPT}\n</script>`);
	writeFileSync(join(root, 'design.html'), '<!doctype html><title>design shell</title>');
	// a route with a page below it: `/duel` is a file and a folder (duel.html, duel/play.html)
	mkdirSync(join(root, 'duel'));
	writeFileSync(join(root, 'duel.html'), `<!doctype html><title>duel shell</title>${' <p>the duel</p>'.repeat(100)}`);
	writeFileSync(join(root, 'duel/play.html'), '<!doctype html><title>duel play shell</title>');
	writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
	writeFileSync(join(root, 'manifest.webmanifest'), '{}');
	writeFileSync(join(root, '_app/immutable/chunks/app.abc123.js'), 'export {};');
	writeFileSync(join(root, '_app/immutable/chunks/big.abc123.js'), `export const words = ${JSON.stringify('the labyrinth '.repeat(500))};`);
	precompress(root);
	const server = await startServer({
		root,
		port: 0,
		host: '127.0.0.1',
		attach: (_server, signalling) => {
			signalling.get('/id', (_req, res) => {
				res.type('text/plain').send('peer-id');
			});
		}
	});
	origin = `http://127.0.0.1:${server.port}`;
	close = server.close;
});

afterAll(async () => {
	await close?.();
	rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { redirect: 'manual', headers });

describe('the production server', () => {
	test('the service worker, the shell and the manifest are revalidated on every load', async () => {
		for (const path of ['/sw.js', '/', '/index.html', '/manifest.webmanifest']) {
			const response = await get(path);
			expect(response.status, path).toBe(200);
			expect(response.headers.get('cache-control'), path).toBe('no-cache');
		}
	});

	test('hashed assets are cached for good', async () => {
		const response = await get('/_app/immutable/chunks/app.abc123.js');
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toContain('immutable');
	});

	test('a route with a prerendered shell gets it; any other page gets index.html', async () => {
		expect(await (await get('/design')).text()).toContain('design shell');
		const deep = await get('/play/table/3');
		expect(deep.status).toBe(200);
		expect(deep.headers.get('content-type')).toContain('text/html');
		expect(await deep.text()).toContain('<title>shell</title>');
	});

	test('a missing file is a 404, never the HTML shell', async () => {
		for (const path of ['/_app/immutable/chunks/gone.js', '/icons/missing.png', '/_app/version.json']) {
			const response = await get(path);
			expect(response.status, path).toBe(404);
		}
	});

	test(`${SIGNALLING_PATH} is routed to the signalling mount, before the fallback`, async () => {
		const response = await get(`${SIGNALLING_PATH}/id`);
		expect(await response.text()).toBe('peer-id');
	});

	test('a route is its prerendered page, never a redirect, even where a folder has its name', async () => {
		for (const [path, title] of [['/duel', 'duel shell'], ['/duel/play', 'duel play shell'], ['/design', 'design shell']]) {
			const response = await get(path!);
			expect(response.status, path).toBe(200);
			expect(await response.text(), path).toContain(title);
		}
		// a trailing slash is no route: the shell, still no redirect
		const slash = await get('/duel/');
		expect(slash.status).toBe(200);
		expect(await slash.text()).toContain('<title>shell</title>');
	});

	test('text files go precompressed, the best encoding the browser takes, with Vary', async () => {
		const cases = [
			['br, gzip', 'br'],
			['gzip, deflate', 'gzip'],
			['gzip;q=0, br;q=0', null],
			['identity', null]
		] as const;
		for (const path of ['/_app/immutable/chunks/big.abc123.js', '/duel']) {
			const plain = await (await get(path, { 'accept-encoding': 'identity' })).text();
			for (const [accept, encoding] of cases) {
				const response = await get(path, { 'accept-encoding': accept });
				expect(response.status, `${path} ${accept}`).toBe(200);
				expect(response.headers.get('content-encoding'), `${path} ${accept}`).toBe(encoding);
				expect(response.headers.get('vary'), `${path} ${accept}`).toBe('Accept-Encoding');
				// fetch decodes what it is sent: the same text whatever the encoding
				expect(await response.text(), `${path} ${accept}`).toBe(plain);
			}
		}
		const immutable = await get('/_app/immutable/chunks/big.abc123.js', { 'accept-encoding': 'br' });
		expect(immutable.headers.get('cache-control')).toContain('immutable');
		expect(immutable.headers.get('content-type')).toContain('javascript');
	});

	test(`${ADDRESSES_PATH} says where phones reach the server (none when it listens on loopback only)`, async () => {
		const response = await get(ADDRESSES_PATH);
		expect(response.headers.get('cache-control')).toBe('no-store');
		expect(await response.json()).toEqual({ http: [], https: [] });
	});
});

describe('the headers of every response (issue 32)', () => {
	const paths = ['/', '/design', '/play/table/3', '/sw.js', '/_app/immutable/chunks/app.abc123.js', ADDRESSES_PATH, `${SIGNALLING_PATH}/id`, '/icons/missing.png'];

	test('no sniffing, no framing, no referrer, no X-Powered-By, a policy', async () => {
		for (const path of paths) {
			const response = await get(path);
			expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
			expect(response.headers.get('x-frame-options'), path).toBe('DENY');
			expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
			expect(response.headers.get('x-powered-by'), path).toBeNull();
			const policy = response.headers.get('content-security-policy') ?? '';
			for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) expect(policy, path).toContain(directive);
			// the PeerServer here and the public one (the app's signalling online)
			expect(policy, path).toMatch(/connect-src 'self' https:\/\/0\.peerjs\.com wss:\/\/0\.peerjs\.com/);
			expect(policy, path).not.toContain('unsafe-eval');
			expect(policy, path).not.toMatch(/script-src[^;]*unsafe-inline/);
		}
	});

	test("a page's policy allows its own inline script by hash, and no other", async () => {
		const hash = `'sha256-${createHash('sha256').update(`\n\t${INLINE_SCRIPT}\n`).digest('base64')}'`;
		for (const path of ['/', '/play/table/3']) {
			const policy = (await get(path)).headers.get('content-security-policy') ?? '';
			expect(policy.match(/script-src [^;]*/)?.[0], path).toBe(`script-src 'self' ${hash}`);
		}
		// a page without inline scripts allows none
		expect((await get('/design')).headers.get('content-security-policy')).toMatch(/script-src 'self';/);
	});
});

describe('choices of the server', () => {
	test.each([
		['br, gzip', 'br'],
		['gzip, br;q=0', 'gzip'],
		['*', 'br'],
		['br;q=0, *', 'gzip'],
		['', null],
		['deflate', null]
	] as const)('Accept-Encoding %j → %s', (accept, expected) => {
		const dir = mkdtempSync(join(tmpdir(), 'labyrinth-enc-'));
		try {
			writeFileSync(join(dir, 'a.js'), 'x');
			writeFileSync(join(dir, 'a.js.br'), 'x');
			writeFileSync(join(dir, 'a.js.gz'), 'x');
			expect(encodingFor(join(dir, 'a.js'), accept)?.name ?? null).toBe(expected);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test('a file changed after it was precompressed is sent as it is, never its stale copy (a new service worker)', () => {
		const dir = mkdtempSync(join(tmpdir(), 'labyrinth-enc-'));
		try {
			const file = join(dir, 'sw.js');
			writeFileSync(file, 'old');
			writeFileSync(`${file}.br`, 'old');
			writeFileSync(`${file}.gz`, 'old');
			const compressedAt = new Date(Date.now() - 60_000);
			utimesSync(`${file}.br`, compressedAt, compressedAt);
			utimesSync(`${file}.gz`, compressedAt, compressedAt);
			expect(encodingFor(file, 'br, gzip')).toBeNull();
			utimesSync(file, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
			expect(encodingFor(file, 'br, gzip')?.name).toBe('br');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test('phones reach a server on every interface at its LAN addresses and names, a loopback one nowhere', () => {
		expect(reachableHosts('127.0.0.1', ['laptop.local'])).toEqual([]);
		expect(reachableHosts('localhost')).toEqual([]);
		expect(reachableHosts('192.168.1.20', ['laptop.local'])).toEqual(['192.168.1.20']);
		const all = reachableHosts('0.0.0.0', ['laptop.local']);
		expect(all.at(-1)).toBe('laptop.local');
		expect(all.every((h) => !h.startsWith('127.'))).toBe(true);
	});
});
