// The production server: serves the static build (adapter-static) as a production site does
// (precompressed, each route its prerendered page, no redirects) with an SPA fallback, over
// HTTP and, given a certificate (scripts/lib/certs.js), HTTPS.
// `npm start` runs it (scripts/start.js); the e2e tests start and stop it on a random port.
import express from 'express';
import { ExpressPeerServer } from 'peer';
import { EventEmitter } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { networkInterfaces } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { COMPRESSIBLE, ENCODINGS } from './precompress.js';

export const BUILD_DIR = resolve(import.meta.dirname, '..', 'build');

/** The path under which the signalling server (PeerServer, issue 6) is mounted. */
export const SIGNALLING_PATH = '/peerjs';

/** Where the server tells the app its addresses on the local network (see `Addresses`). */
export const ADDRESSES_PATH = '/api/addresses';

/**
 * The origins at which phones on the local network reach this server, plain and secure:
 *   { http: ['http://192.168.1.20:4173'], https: ['https://192.168.1.20:4443', 'https://laptop.local:4443'] }
 * @typedef {{ http: string[], https: string[] }} Addresses
 */

/** Where the server offers its certificate authority for download (DER, as phones take it). */
export const CA_PATH = '/labyrinth-ca.crt';

const IMMUTABLE = `${sep}_app${sep}immutable${sep}`;

/**
 * The file of the build a request names, or null: `/design` is design.html (its prerendered
 * page: never a redirect to `/design/`), `/` is index.html, a name with an extension is itself.
 * Nothing outside `root` (`..`, encoded or not) and no dot-files.
 * @param {string} root
 * @param {string} path the request's path, still URL-encoded
 */
export function fileFor(root, path) {
	let decoded;
	try {
		decoded = decodeURIComponent(path);
	} catch {
		return null;
	}
	if (decoded.includes('\0') || decoded.split('/').some((part) => part === '..' || part.startsWith('.'))) return null;
	const candidates = decoded.endsWith('/')
		? decoded === '/'
			? ['/index.html']
			: []
		: extname(decoded)
			? [decoded]
			: [`${decoded}.html`];
	for (const candidate of candidates) {
		const file = join(root, candidate);
		if (!file.startsWith(root + sep)) continue;
		try {
			if (statSync(file).isFile()) return file;
		} catch {
			// not there
		}
	}
	return null;
}

/**
 * Whether `compressed` exists and was made from `file` as it is now: a build file changed after
 * precompression (a hand edit, a new service worker copied in) is sent as it is, never stale.
 * @param {string} compressed
 * @param {string} file
 */
function isFreshCopy(compressed, file) {
	try {
		return statSync(compressed).mtimeMs >= statSync(file).mtimeMs;
	} catch {
		return false;
	}
}

/**
 * The encoding to send `file` in: the best precompressed one (scripts/precompress.js) the
 * request accepts, or null for the file as it is.
 * @param {string} file
 * @param {string | undefined} accept the request's Accept-Encoding
 * @returns {{ name: string, file: string } | null}
 */
export function encodingFor(file, accept = '') {
	const accepted = new Map(
		accept
			.split(',')
			.map((part) => part.trim().split(';'))
			.map(([name = '', ...params]) => {
				const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
				return [name.trim().toLowerCase(), q ? Number(q.slice(2)) : 1];
			})
	);
	for (const { name, suffix } of ENCODINGS) {
		const q = accepted.get(name) ?? accepted.get('*') ?? 0;
		if (!(q > 0) || !isFreshCopy(file + suffix, file)) continue;
		return { name, file: file + suffix };
	}
	return null;
}

/**
 * Sends a file of the build: precompressed when the browser takes it (with `Vary`), cached
 * for good when its name is hashed, revalidated on every load otherwise (the service worker,
 * the pages and the manifest, or updates never arrive).
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {import('express').NextFunction} next
 * @param {string} file
 */
function sendBuildFile(req, res, next, file) {
	const compressible = COMPRESSIBLE.has(extname(file));
	const encoded = compressible ? encodingFor(file, req.get('accept-encoding')) : null;
	res.type(extname(file));
	if (compressible) res.vary('Accept-Encoding');
	if (encoded) res.setHeader('Content-Encoding', encoded.name);
	res.setHeader('Cache-Control', file.includes(IMMUTABLE) ? 'public, max-age=31536000, immutable' : 'no-cache');
	res.sendFile(encoded?.file ?? file, { cacheControl: false, dotfiles: 'deny', acceptRanges: !encoded }, (error) => {
		if (error && !res.headersSent) next(error);
	});
}

/**
 * The express app serving `root`, and the router at `/peerjs` that the PeerServer joins.
 * @param {string} [root]
 * @param {{ addresses?: () => Addresses, ca?: Buffer }} [options] addresses: what `/api/addresses`
 *   answers; ca: the certificate authority (DER) to offer at CA_PATH
 */
export function createApp(root = BUILD_DIR, { addresses = () => ({ http: [], https: [] }), ca } = {}) {
	const app = express();
	app.disable('x-powered-by');

	// The signalling server lives here, before the static files and the fallback:
	//   signalling.use(ExpressPeerServer(server, { path: '/' }))  (see startServer's `attach`)
	const signalling = express.Router();
	app.use(SIGNALLING_PATH, signalling);

	// Where phones can reach this server: the tablet opened at localhost invites with these.
	app.get(ADDRESSES_PATH, (_req, res) => {
		res.setHeader('Cache-Control', 'no-store');
		res.json(addresses());
	});

	// The authority a phone trusts once to open the HTTPS address without a warning.
	if (ca) {
		app.get(CA_PATH, (_req, res) => {
			res.setHeader('Cache-Control', 'no-cache');
			res.type('application/x-x509-ca-cert').send(ca);
		});
	}

	app.use((req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next();
		const file = fileFor(root, req.path);
		if (!file) return next();
		sendBuildFile(req, res, next, file);
	});

	// SPA fallback: a page the build has no file for gets the shell, and the client router
	// renders it. A missing file (a name with an extension, or anything under /_app/) is a
	// real 404, so a stale script never receives HTML.
	app.use((req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next();
		if (extname(req.path) !== '' || req.path.startsWith('/_app/')) return next();
		sendBuildFile(req, res, next, join(root, 'index.html'));
	});
	return { app, signalling };
}

/**
 * The PeerServer (the `peer` package) at `/peerjs`, where phones and the tablet find each
 * other by id; clients use `{ host, port, path: '/peerjs', secure }`. One PeerServer for
 * every listening server (`upgrades` carries their WebSocket upgrades), so a tablet on the
 * HTTPS address and a phone on the plain one meet. Mounted by hand on the router (express
 * fires the `mount` it starts on only for `app.use`), so it sits before the fallback.
 * @param {import('node:events').EventEmitter} upgrades
 * @param {import('express').Express} app
 * @param {import('express').Router} signalling
 */
export function mountPeerServer(upgrades, app, signalling) {
	// @ts-expect-error the PeerServer only listens to the server's `upgrade` (through ws)
	const peer = ExpressPeerServer(upgrades, { path: '/', allow_discovery: false });
	peer.mountpath = SIGNALLING_PATH;
	// @ts-expect-error express sets `parent` on a mounted sub-app; PeerServer reads its path from it.
	peer.parent = app;
	peer.emit('mount', app);
	signalling.use((req, res, next) => peer(req, res, next));
}

/**
 * The machine's IPv4 addresses on its networks (not loopback).
 * @returns {string[]}
 */
export function lanAddresses() {
	return Object.values(networkInterfaces())
		.flat()
		.filter((net) => net && net.family === 'IPv4' && !net.internal)
		.map((net) => /** @type {import('node:os').NetworkInterfaceInfo} */ (net).address);
}

/**
 * The hosts phones can reach a server listening on `host` at: every LAN address for all
 * interfaces, the address itself for one interface, none for loopback.
 * @param {string} host
 * @param {string[]} [names] names of the machine besides its addresses (laptop.local)
 */
export function reachableHosts(host, names = []) {
	if (host === '0.0.0.0' || host === '::' || host === '') return [...lanAddresses(), ...names];
	if (host === 'localhost' || host.startsWith('127.') || host === '::1') return [];
	return [host];
}

/**
 * Starts serving on `host:port` (port 0 picks a free one), and over HTTPS on `https.port`
 * with its key and certificate when `https` is given (the same app, the same PeerServer), with
 * the certificate authority (`https.ca`, DER) to download at CA_PATH over both.
 * `attach(server, signalling)` runs before listening: the place to mount more under `/peerjs`.
 * `signalling: true` mounts the PeerServer there (`npm start` does; tests that need it too).
 * `names`: names of the machine phones may use besides its addresses (for /api/addresses).
 * @param {{ root?: string, port?: number, host?: string, signalling?: boolean, names?: string[],
 *   https?: { port?: number, key: string, cert: string, ca?: Buffer },
 *   attach?: (server: import('node:http').Server, signalling: import('express').Router) => void }} [options]
 * @returns {Promise<{ port: number, httpsPort: number | null, server: import('node:http').Server, close: () => Promise<void> }>}
 */
export async function startServer({ root = BUILD_DIR, port = 4173, host = '0.0.0.0', attach, signalling: withPeer = false, names = [], https } = {}) {
	root = resolve(root);
	if (!existsSync(join(root, 'index.html'))) {
		throw new Error(`No build in ${root}: run \`npm run build\` first.`);
	}
	/** @type {{ http: number, https: number | null }} */
	const ports = { http: port, https: null };
	const { app, signalling } = createApp(root, {
		addresses: () => {
			const hosts = reachableHosts(host, names);
			return {
				http: hosts.map((h) => `http://${h}:${ports.http}`),
				https: ports.https === null ? [] : hosts.map((h) => `https://${h}:${ports.https}`)
			};
		},
		ca: https?.ca
	});
	const upgrades = new EventEmitter();
	const server = createServer(app);
	const servers = [server];
	if (https) servers.push(createHttpsServer({ key: https.key, cert: https.cert }, app));
	// Every socket, WebSockets included (closeAllConnections forgets upgraded ones), so close() ends them.
	/** @type {Set<import('node:net').Socket>} */
	const sockets = new Set();
	for (const s of servers) {
		s.on('connection', (socket) => {
			sockets.add(socket);
			socket.once('close', () => sockets.delete(socket));
		});
		s.on('upgrade', (...args) => upgrades.emit('upgrade', ...args));
	}
	if (withPeer) mountPeerServer(upgrades, app, signalling);
	attach?.(server, signalling);
	/** @type {(s: import('node:http').Server, p: number) => Promise<number>} */
	const listen = (s, p) =>
		new Promise((done, reject) => {
			s.once('error', reject);
			s.listen(p, host, () => {
				const address = s.address();
				done(typeof address === 'object' && address ? address.port : p);
			});
		});
	ports.http = await listen(server, port);
	if (https) ports.https = await listen(/** @type {import('node:http').Server} */ (servers[1]), https.port ?? 4443);
	/** @type {Promise<void> | undefined} */
	let closing;
	return {
		port: ports.http,
		httpsPort: ports.https,
		server,
		close: () =>
			(closing ??= (async () => {
				for (const socket of sockets) socket.destroy();
				await Promise.all(
					servers.map(
						(s) =>
							new Promise((done) => {
								s.closeAllConnections();
								s.close(() => done(undefined));
							})
					)
				);
			})())
	};
}
