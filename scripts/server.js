// The production server: serves the static build (adapter-static) as a production site does
// (precompressed, each route its prerendered page, no redirects) with an SPA fallback, over
// HTTP and, given a certificate (scripts/lib/certs.js), HTTPS.
// `npm start` runs it (scripts/start.js); the e2e tests start and stop it on a random port.
import express from 'express';
import { ExpressPeerServer } from 'peer';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { networkInterfaces } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { caPage } from './lib/ca-page.js';
import { clientAddress, createSignallingGuard, guardedWebSocketServer } from './lib/signalling-guard.js';
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

/** The page that offers it, with its fingerprint to compare before trusting it (what the terminal points phones to). */
export const CA_PAGE_PATH = '/labyrinth-ca';

/** The public PeerJS server (the app's signalling when it is online and no PeerServer is at hand). */
const PEERJS_CLOUD = ['https://0.peerjs.com', 'wss://0.peerjs.com'];

/**
 * The Content-Security-Policy of every response: the app's own scripts (and the inline ones of a
 * page, by hash), its own styles (Svelte sets style attributes and transitions: 'unsafe-inline'),
 * images drawn as data:/blob: (QR codes, exports), connections to its own origin (the PeerServer's
 * WebSocket included) and to the public PeerJS server; no plugins, no framing, no other base.
 * WebRTC itself is not subject to CSP (its STUN/TURN servers are the app's own choice).
 * @param {string[]} [scriptHashes] 'sha256-…' of the page's inline scripts
 */
export function contentSecurityPolicy(scriptHashes = []) {
	return [
		"default-src 'self'",
		`script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		`connect-src 'self' ${PEERJS_CLOUD.join(' ')}`,
		"worker-src 'self'",
		"manifest-src 'self'",
		"media-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'"
	].join('; ');
}

/**
 * The hashes of an HTML page's inline scripts (SvelteKit's start script: one per page), as CSP takes them.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
	return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
		.filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
		.map(([, , body]) => `sha256-${createHash('sha256').update(body ?? '').digest('base64')}`);
}

/** @type {Map<string, { mtimeMs: number, policy: string }>} an HTML file's policy, made once per version of the file */
const pagePolicies = new Map();

/** @param {string} file */
function policyFor(file) {
	if (extname(file) !== '.html') return contentSecurityPolicy();
	const { mtimeMs } = statSync(file);
	const known = pagePolicies.get(file);
	if (known?.mtimeMs === mtimeMs) return known.policy;
	const policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(file, 'utf8')));
	pagePolicies.set(file, { mtimeMs, policy });
	return policy;
}

/**
 * Whether a host name is one a table's network gives its machines: an address, `localhost`, a
 * name of one label (`laptop`), or one under a suffix kept for local networks (`.local`, `.lan`,
 * `.home`, `.internal`, `.home.arpa`, `.localhost`, `.test`). A public name pointed at this
 * machine by its DNS (rebinding: a website's page made to reach the table's server) is none.
 * @param {string} hostname as URL.hostname gives it (IPv6 in brackets)
 */
export function isLocalHostname(hostname) {
	const name = hostname.toLowerCase().replace(/\.$/, '');
	if (name.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return true;
	if (!name.includes('.')) return name !== '';
	return /\.(local|lan|home|internal|home\.arpa|localhost|test)$/.test(name);
}

/**
 * Whether a request's `Origin` is one of the app's own: a page of this server at a local name
 * (its host is the request's own), or an address this server is reached at (`own`, names given
 * to `npm start` included). A page at a public name is refused even when its host is the
 * request's: that is DNS rebinding, another website's page reaching the table's server.
 * @param {string} origin
 * @param {import('node:http').IncomingMessage} req
 * @param {() => string[]} own
 */
export function isOwnOrigin(origin, req, own) {
	let url;
	try {
		url = new URL(origin);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
	if (own().includes(url.origin)) return true;
	return url.host === req.headers.host && isLocalHostname(url.hostname);
}

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
	res.setHeader('Content-Security-Policy', policyFor(file));
	res.sendFile(encoded?.file ?? file, { cacheControl: false, dotfiles: 'deny', acceptRanges: !encoded }, (error) => {
		if (error && !res.headersSent) next(error);
	});
}

/**
 * The express app serving `root`, and the router at `/peerjs` that the PeerServer joins.
 * @param {string} [root]
 * @param {{ addresses?: () => Addresses, ca?: Buffer, own?: () => string[] }} [options] addresses: what
 *   `/api/addresses` answers; ca: the certificate authority (DER) to offer at CA_PATH; own: the
 *   origins this server is reached at besides a request's own host (who may use `/peerjs`)
 */
export function createApp(root = BUILD_DIR, { addresses = () => ({ http: [], https: [] }), ca, own = () => [] } = {}) {
	const app = express();
	app.disable('x-powered-by');

	// Every response: the policy (pages replace it with one naming their inline scripts), no
	// sniffing, no framing, no referrer (an invitation's address carries the room).
	app.use((_req, res, next) => {
		res.setHeader('Content-Security-Policy', contentSecurityPolicy());
		res.setHeader('X-Content-Type-Options', 'nosniff');
		res.setHeader('X-Frame-Options', 'DENY');
		res.setHeader('Referrer-Policy', 'no-referrer');
		next();
	});

	// The signalling server lives here, before the static files and the fallback:
	//   signalling.use(ExpressPeerServer(server, { path: '/' }))  (see startServer's `attach`)
	// It answers the app's own origins only (the PeerServer's CORS would echo any).
	// Both it and the addresses answer only at a local name: a same-origin request carries no
	// Origin, so a rebinding page is known by its Host.
	/** @type {import('express').RequestHandler} */
	const localOnly = (req, res, next) => {
		const origin = req.get('origin');
		if (origin !== undefined && !isOwnOrigin(origin, req, own)) return void res.sendStatus(403);
		if (!isOwnOrigin(`${req.protocol}://${req.headers.host ?? ''}`, req, own)) return void res.sendStatus(403);
		next();
	};
	const signalling = express.Router();
	app.use(SIGNALLING_PATH, localOnly, signalling);

	// Where phones can reach this server: the tablet opened at localhost invites with these.
	app.get(ADDRESSES_PATH, localOnly, (_req, res) => {
		res.setHeader('Cache-Control', 'no-store');
		res.json(addresses());
	});

	// The authority a phone trusts once to open the HTTPS address without a warning, and the page
	// that offers it with its fingerprint (the terminal prints the same: a swapped download differs).
	if (ca) {
		app.get(CA_PATH, (_req, res) => {
			res.setHeader('Cache-Control', 'no-cache');
			res.type('application/x-x509-ca-cert').send(ca);
		});
		app.get(CA_PAGE_PATH, (req, res) => {
			res.setHeader('Cache-Control', 'no-cache');
			res.type('html').send(caPage(ca, req.get('accept-language'), CA_PATH));
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
	// A real 404, with the headers above (express's own would replace the policy).
	app.use((_req, res) => {
		res.status(404).type('text/plain').send('Not found');
	});
	return { app, signalling };
}

/**
 * The PeerServer (the `peer` package) at `/peerjs`, where phones and the tablet find each
 * other by id; clients use `{ host, port, path: '/peerjs', secure }`. One PeerServer for
 * every listening server (`upgrades` carries their WebSocket upgrades), so a tablet on the
 * HTTPS address and a phone on the plain one meet. Mounted by hand on the router (express
 * fires the `mount` it starts on only for `app.use`), so it sits before the fallback.
 * Its WebSocket upgrades pass the guard (scripts/lib/signalling-guard.js): limits per client
 * address, per message and per absent id, and ids held for their first token.
 * @param {import('node:events').EventEmitter} upgrades
 * @param {import('express').Express} app
 * @param {import('express').Router} signalling
 * @param {{ guard?: ReturnType<typeof createSignallingGuard>, own?: () => string[] }} [options]
 * @returns {{ guard: ReturnType<typeof createSignallingGuard>, stop: () => void }}
 */
export function mountPeerServer(upgrades, app, signalling, { guard = createSignallingGuard(), own = () => [] } = {}) {
	// @ts-expect-error the PeerServer only listens to the server's `upgrade` (through ws)
	const peer = ExpressPeerServer(upgrades, {
		path: '/',
		allow_discovery: false,
		// the guard counts sockets (and lets a held id's own token back past the count)
		concurrent_limit: Number.MAX_SAFE_INTEGER,
		// PeerJS beats every 5 s; a page in the background beats about once a minute
		alive_timeout: 75_000,
		createWebSocketServer: (/** @type {{ path: string, server: EventEmitter }} */ options) =>
			guardedWebSocketServer(options, guard, (origin, req) => isOwnOrigin(origin, req, own))
	});
	// A socket's error (a message past the limit) is the socket's end, never the server's.
	peer.on('error', () => undefined);
	peer.disable('x-powered-by');
	peer.mountpath = SIGNALLING_PATH;
	// @ts-expect-error express sets `parent` on a mounted sub-app; PeerServer reads its path from it.
	peer.parent = app;
	peer.emit('mount', app);
	signalling.use((req, res, next) => peer(req, res, next));
	const timer = setInterval(() => guard.report(), guard.limits.logEveryMs);
	timer.unref();
	return { guard, stop: () => clearInterval(timer) };
}

/**
 * Limits on the TCP connections themselves, before any request or upgrade (issue 32): one device
 * on the Wi-Fi opening sockets and never sending a request would otherwise hold the server's
 * descriptors for Node's default minute (and its five minutes for a slow request).
 */
export const CONNECTION_LIMITS = {
	/** Open connections from one address, WebSockets included (a tablet with a few tabs uses a dozen). */
	perAddress: 256,
	/** A connection whose first request (or upgrade) has not arrived whole in this time is closed.
	 *  Node's own headersTimeout does not close a connection that sends nothing, or a byte at a time. */
	firstRequestMs: 10_000
};

/**
 * Counts each listening server's connections per client address, closes those past the limit,
 * and closes a connection whose first request has not come in time. A connection is known by its
 * client's address and port, the same on the TCP socket and on the TLS socket over it.
 * @param {import('node:http').Server} server
 * @param {Map<string, number>} open connections per address, shared by every listening server
 * @param {typeof CONNECTION_LIMITS} limits
 */
function limitConnections(server, open, limits) {
	/** @type {Map<string, ReturnType<typeof setTimeout>>} */
	const waiting = new Map();
	/** @param {import('node:net').Socket} socket */
	const key = (socket) => `${socket.remoteAddress}|${socket.remotePort}`;
	/** @param {import('node:net').Socket} socket */
	const arrived = (socket) => {
		const k = key(socket);
		clearTimeout(waiting.get(k));
		waiting.delete(k);
	};
	server.on('connection', (socket) => {
		const address = clientAddress(socket.remoteAddress);
		const count = (open.get(address) ?? 0) + 1;
		if (count > limits.perAddress) {
			socket.destroy();
			return;
		}
		open.set(address, count);
		const k = key(socket);
		const timer = setTimeout(() => socket.destroy(), limits.firstRequestMs);
		timer.unref();
		waiting.set(k, timer);
		socket.once('close', () => {
			clearTimeout(timer);
			if (waiting.get(k) === timer) waiting.delete(k);
			const left = (open.get(address) ?? 1) - 1;
			if (left > 0) open.set(address, left);
			else open.delete(address);
		});
	});
	server.on('request', (req) => arrived(req.socket));
	server.on('upgrade', (req) => arrived(req.socket));
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
 * `guard`: the signalling guard (its limits, its log), made with its defaults when not given.
 * `connections`: limits on the TCP connections (CONNECTION_LIMITS, any of them changed).
 * @param {{ root?: string, port?: number, host?: string, signalling?: boolean, names?: string[],
 *   https?: { port?: number, key: string, cert: string, ca?: Buffer },
 *   guard?: ReturnType<typeof createSignallingGuard>,
 *   connections?: Partial<typeof CONNECTION_LIMITS>,
 *   attach?: (server: import('node:http').Server, signalling: import('express').Router) => void }} [options]
 * @returns {Promise<{ port: number, httpsPort: number | null, server: import('node:http').Server, close: () => Promise<void> }>}
 */
export async function startServer({ root = BUILD_DIR, port = 4173, host = '0.0.0.0', attach, signalling: withPeer = false, names = [], https, guard, connections = {} } = {}) {
	root = resolve(root);
	if (!existsSync(join(root, 'index.html'))) {
		throw new Error(`No build in ${root}: run \`npm run build\` first.`);
	}
	/** @type {{ http: number, https: number | null }} */
	const ports = { http: port, https: null };
	const addresses = () => {
		const hosts = reachableHosts(host, names);
		return {
			http: hosts.map((h) => `http://${h}:${ports.http}`),
			https: ports.https === null ? [] : hosts.map((h) => `https://${h}:${ports.https}`)
		};
	};
	// The origins the app is opened at: the addresses phones use and this computer's own names.
	const own = () => {
		const { http, https: secure } = addresses();
		const local = ['localhost', '127.0.0.1', '[::1]'];
		return [
			...http,
			...secure,
			...local.map((h) => `http://${h}:${ports.http}`),
			...(ports.https === null ? [] : local.map((h) => `https://${h}:${ports.https}`))
		];
	};
	const { app, signalling } = createApp(root, { addresses, ca: https?.ca, own });
	const upgrades = new EventEmitter();
	const limits = { ...CONNECTION_LIMITS, ...connections };
	const server = createServer(app);
	const servers = [server];
	if (https) servers.push(createHttpsServer({ key: https.key, cert: https.cert }, app));
	/** @type {Map<string, number>} */
	const openPerAddress = new Map();
	for (const s of servers) limitConnections(s, openPerAddress, limits);
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
	const peer = withPeer ? mountPeerServer(upgrades, app, signalling, { guard, own }) : null;
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
				peer?.stop();
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
