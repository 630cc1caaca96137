// The production server (scripts/server.js) on a throwaway build: caching, SPA fallback,
// real 404s for missing files, and the /peerjs mount point.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNALLING_PATH, startServer } from '../../scripts/server.js';

let root: string;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
	root = mkdtempSync(join(tmpdir(), 'labyrinth-build-'));
	mkdirSync(join(root, '_app/immutable/chunks'), { recursive: true });
	writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
	writeFileSync(join(root, 'design.html'), '<!doctype html><title>design shell</title>');
	writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
	writeFileSync(join(root, 'manifest.webmanifest'), '{}');
	writeFileSync(join(root, '_app/immutable/chunks/app.abc123.js'), 'export {};');
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

const get = (path: string) => fetch(`${origin}${path}`);

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
});
