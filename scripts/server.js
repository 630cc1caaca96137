// The production server: serves the static build (adapter-static) with an SPA fallback.
// `npm start` runs it (scripts/start.js); the e2e tests start and stop it on a random port.
import express from 'express';
import { ExpressPeerServer } from 'peer';
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
 * The PeerServer (the `peer` package) at `/peerjs`, where phones and the tablet find each
 * other by id; clients use `{ host, port, path: '/peerjs' }`. Mounted by hand on the router
 * (express fires the `mount` it starts on only for `app.use`), so it sits before the fallback.
 * @param {import('node:http').Server} server
 * @param {import('express').Express} app
 * @param {import('express').Router} signalling
 */
export function mountPeerServer(server, app, signalling) {
	const peer = ExpressPeerServer(server, { path: '/', allow_discovery: false });
	peer.mountpath = SIGNALLING_PATH;
	// @ts-expect-error express sets `parent` on a mounted sub-app; PeerServer reads its path from it.
	peer.parent = app;
	peer.emit('mount', app);
	signalling.use((req, res, next) => peer(req, res, next));
}

/**
 * Starts serving on `host:port` (port 0 picks a free one).
 * `attach(server, signalling)` runs before listening: the place to mount more under `/peerjs`.
 * `signalling: true` mounts the PeerServer there (`npm start` does; tests that need it too).
 * @param {{ root?: string, port?: number, host?: string, signalling?: boolean,
 *   attach?: (server: import('node:http').Server, signalling: import('express').Router) => void }} [options]
 * @returns {Promise<{ port: number, server: import('node:http').Server, close: () => Promise<void> }>}
 */
export function startServer({ root = BUILD_DIR, port = 4173, host = '0.0.0.0', attach, signalling: withPeer = false } = {}) {
	if (!existsSync(join(root, 'index.html'))) {
		throw new Error(`No build in ${root}: run \`npm run build\` first.`);
	}
	const { app, signalling } = createApp(root);
	const server = createServer(app);
	// Every socket, WebSockets included (closeAllConnections forgets upgraded ones), so close() ends them.
	/** @type {Set<import('node:net').Socket>} */
	const sockets = new Set();
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
	});
	if (withPeer) mountPeerServer(server, app, signalling);
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
						for (const socket of sockets) socket.destroy();
						server.close(() => done(undefined));
					}))
			});
		});
	});
}
