// The production server: serves the static build (adapter-static) with an SPA fallback.
// `npm start` runs it (scripts/start.js); the e2e tests start and stop it on a random port.
import express from 'express';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

export const BUILD_DIR = resolve(import.meta.dirname, '..', 'build');

/** The path under which the signalling server (PeerServer, issue 6) is mounted. */
export const SIGNALLING_PATH = '/peerjs';

const IMMUTABLE = `${sep}_app${sep}immutable${sep}`;

/**
 * The express app serving `root`, and the router at `/peerjs` that the PeerServer joins.
 * Caching: the service worker, the HTML shell and the manifest are revalidated on every
 * load (or updates never arrive); hashed assets under _app/immutable are cached for good.
 * @param {string} [root]
 */
export function createApp(root = BUILD_DIR) {
	const app = express();
	app.disable('x-powered-by');

	// The signalling server lives here, before the static files and the fallback:
	//   signalling.use(ExpressPeerServer(server, { path: '/' }))  (see startServer's `attach`)
	const signalling = express.Router();
	app.use(SIGNALLING_PATH, signalling);

	app.use(
		express.static(root, {
			index: 'index.html',
			extensions: ['html'],
			setHeaders(res, path) {
				if (path.includes(IMMUTABLE)) {
					res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
				} else {
					res.setHeader('Cache-Control', 'no-cache');
				}
			}
		})
	);

	// SPA fallback: a page the build has no file for gets the shell, and the client router
	// renders it. A missing file (a name with an extension, or anything under /_app/) is a
	// real 404, so a stale script never receives HTML.
	app.use((req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next();
		if (extname(req.path) !== '' || req.path.startsWith('/_app/')) return next();
		res.setHeader('Cache-Control', 'no-cache');
		res.sendFile(join(root, 'index.html'));
	});
	return { app, signalling };
}

/**
 * Starts serving on `host:port` (port 0 picks a free one).
 * `attach(server, signalling)` runs before listening: the place to mount the PeerServer,
 * which needs the HTTP server for its WebSocket.
 * @param {{ root?: string, port?: number, host?: string,
 *   attach?: (server: import('node:http').Server, signalling: import('express').Router) => void }} [options]
 * @returns {Promise<{ port: number, server: import('node:http').Server, close: () => Promise<void> }>}
 */
export function startServer({ root = BUILD_DIR, port = 4173, host = '0.0.0.0', attach } = {}) {
	if (!existsSync(join(root, 'index.html'))) {
		throw new Error(`No build in ${root}: run \`npm run build\` first.`);
	}
	const { app, signalling } = createApp(root);
	const server = createServer(app);
	attach?.(server, signalling);
	return new Promise((resolveStart, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			const address = server.address();
			const actualPort = typeof address === 'object' && address ? address.port : port;
			/** @type {Promise<void> | undefined} */
			let closing;
			resolveStart({
				port: actualPort,
				server,
				close: () =>
					(closing ??= new Promise((done) => {
						server.closeAllConnections();
						server.close(() => done(undefined));
					}))
			});
		});
	});
}
