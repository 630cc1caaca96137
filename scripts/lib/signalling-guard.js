// A thin guard in front of the PeerServer's WebSocket upgrade (scripts/server.js mounts it through
// the `peer` package's `createWebSocketServer`): the `peer` package limits nothing per client, so
// one device on the Wi-Fi could fill its places, queue megabytes for ids that are not there, or
// take the table's id while the tablet's socket blinks (issue 32). What it adds:
//   - registrations per client address (live sockets), and upgrades per address per second;
//   - messages: 16 KiB at most (ws `maxPayload`), a rate per socket, only PeerJS's own types;
//   - messages for an absent id (the PeerServer queues them ~6 s): a budget per id, per sending
//     address and in all, counted until the PeerServer hands them over or expires them (whatever
//     its timers' delay); none to a destination that reads nothing (slow reader);
//   - an id belongs to the token that first registered it for HOLD_MS after its socket closes:
//     only that token (the tablet's, kept for its id: src/lib/net/peer.ts) gets it back, and it
//     always does, past every cap but its rate (the table's own id is always reachable by its tablet);
//   - what was refused is logged in one line a minute, not per message.
// Everything is kept in maps bounded by the limits below; `now` is injectable for tests.
import { WebSocketServer } from 'ws';

/** The guard's limits (a test or a caller may change any: `createSignallingGuard({ limits })`). */
export const SIGNALLING_LIMITS = {
	/** Largest WebSocket message (an offer with a dozen candidates is ~3 KB). */
	maxPayload: 16 * 1024,
	/** Live sockets from one address (a tablet has one, a phone one at a time; a laptop testing a few pages more). */
	socketsPerAddress: 64,
	/** Live sockets in all (the `peer` package's own default). */
	socketsTotal: 5000,
	/** Upgrades per address: a burst, then a rate per second. */
	upgradeBurst: 120,
	upgradesPerSecond: 20,
	/** Messages per socket: a burst (a tablet answering 12 phones at once), then a rate per second. */
	messageBurst: 300,
	messagesPerSecond: 60,
	/** Messages the PeerServer holds for an absent id: counted until it hands them over or expires them
	 *  (its EXPIRE, ~6 s), or, if that went unseen, for a minute. */
	absentForgetMs: 60_000,
	absentMessagesPerId: 64,
	absentBytesPerAddress: 256 * 1024,
	absentBytesTotal: 4 * 1024 * 1024,
	/** A destination with this much unsent is not sent more. */
	slowReaderBytes: 1024 * 1024,
	/** How long an id stays its first token's after its socket closes. */
	holdMs: 10 * 60_000,
	/** Ids held per address (oldest released first) and in all. */
	heldPerAddress: 64,
	heldTotal: 20_000,
	/** How often what was refused is logged. */
	logEveryMs: 60_000
};

/** PeerJS's own message types (peer's MessageType): anything else is dropped unread. */
const MESSAGE_TYPES = new Set(['HEARTBEAT', 'OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE', 'EXPIRE']);

/** @param {string | undefined} address */
export function clientAddress(address = '') {
	return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * A token bucket: `take()` is true while tokens are left; they come back at `rate` a second.
 * @param {number} burst
 * @param {number} rate
 * @param {() => number} now
 */
function bucket(burst, rate, now) {
	let tokens = burst;
	let at = now();
	return {
		take() {
			const t = now();
			tokens = Math.min(burst, tokens + ((t - at) / 1000) * rate);
			at = t;
			if (tokens < 1) return false;
			tokens -= 1;
			return true;
		},
		full() {
			return Math.min(burst, tokens + ((now() - at) / 1000) * rate) >= burst;
		}
	};
}

/**
 * @typedef {{ address: string, sockets: number, upgrades: ReturnType<typeof bucket>, held: string[],
 *   absentBytes: number }} AddressState
 * @typedef {{ token: string, address: string, socket: import('ws').WebSocket | null, releasedAt: number }} Hold
 * @typedef {{ registrations: number, messages: number, oversized: number }} Refusals
 */

/**
 * The guard's bookkeeping and decisions, without any I/O (the server wires it to sockets).
 * @param {{ limits?: Partial<typeof SIGNALLING_LIMITS>, now?: () => number, log?: (line: string) => void }} [options]
 */
export function createSignallingGuard({ limits: overrides = {}, now = Date.now, log = (line) => console.warn(line) } = {}) {
	const limits = { ...SIGNALLING_LIMITS, ...overrides };
	/** @type {Map<string, AddressState>} */
	const addresses = new Map();
	/** @type {Map<string, Hold>} id → its first token (insertion order: oldest first) */
	const holds = new Map();
	/** @type {Map<string, { count: number, at: number, from: Map<string, number> }>} absent id → what the PeerServer queues for it (from whom, bytes) */
	const absent = new Map();
	let absentBytes = 0;
	let liveSockets = 0;
	/** @type {Map<string, Refusals>} */
	let refused = new Map();
	let loggedAt = now();

	/** @param {string} address */
	function stateOf(address) {
		let state = addresses.get(address);
		if (!state) {
			state = { address, sockets: 0, upgrades: bucket(limits.upgradeBurst, limits.upgradesPerSecond, now), held: [], absentBytes: 0 };
			addresses.set(address, state);
		}
		return state;
	}

	/** @param {string} address @param {keyof Refusals} kind */
	function count(address, kind) {
		let r = refused.get(address);
		if (!r) {
			// one entry per address that was refused this minute; a flood from many addresses still logs one line
			if (refused.size >= 1000) return;
			r = { registrations: 0, messages: 0, oversized: 0 };
			refused.set(address, r);
		}
		r[kind] += 1;
	}

	/** The PeerServer no longer queues for `id` (it came, or its queue expired). @param {string} id */
	function forget(id) {
		const queued = absent.get(id);
		if (!queued) return;
		absent.delete(id);
		for (const [address, bytes] of queued.from) {
			absentBytes -= bytes;
			const state = addresses.get(address);
			if (state) state.absentBytes -= bytes;
		}
	}

	/** @param {string} id */
	function release(id) {
		const hold = holds.get(id);
		if (!hold) return;
		holds.delete(id);
		const state = addresses.get(hold.address);
		if (state) state.held = state.held.filter((held) => held !== id);
	}

	/** Drops holds past their time, and addresses with nothing left to remember. */
	function sweep() {
		const t = now();
		for (const [id, hold] of holds) if (!hold.socket && t - hold.releasedAt >= limits.holdMs) release(id);
		for (const [id, queued] of absent) if (t - queued.at >= limits.absentForgetMs) forget(id);
		for (const [address, state] of addresses) if (state.sockets === 0 && state.held.length === 0 && state.absentBytes === 0 && state.upgrades.full()) addresses.delete(address);
	}

	/** Logs, at most once per `logEveryMs`, one line saying what was refused and from where. */
	function report() {
		const t = now();
		if (t - loggedAt < limits.logEveryMs) return;
		loggedAt = t;
		sweep();
		if (refused.size === 0) return;
		const worst = [...refused].sort(([, a], [, b]) => b.registrations + b.messages + b.oversized - (a.registrations + a.messages + a.oversized));
		const parts = worst.slice(0, 3).map(([address, r]) => `${address} (${r.registrations} registrations, ${r.messages} messages, ${r.oversized} oversized)`);
		const more = worst.length > 3 ? ` and ${worst.length - 3} more addresses` : '';
		log(`Signalling: refused in the last minute from ${parts.join(', ')}${more}. The table goes on.`);
		refused = new Map();
	}

	return {
		limits,
		/**
		 * Whether an upgrade to the PeerServer (`?key&id&token`) from `address` may go on:
		 * 'ok', 'taken' (the id is another token's: answered as the PeerServer does) or 'busy'.
		 * @param {string} address
		 * @param {{ id?: string | null, token?: string | null }} query
		 * @returns {'ok' | 'taken' | 'busy'}
		 */
		admit(address, { id, token }) {
			report();
			const state = stateOf(address);
			if (!state.upgrades.take()) {
				count(address, 'registrations');
				return 'busy';
			}
			const hold = id ? holds.get(id) : undefined;
			if (hold && now() - hold.releasedAt >= limits.holdMs && !hold.socket) release(/** @type {string} */ (id));
			const held = id ? holds.get(id) : undefined;
			if (held && held.token !== token) {
				count(address, 'registrations');
				return 'taken';
			}
			// Its own id, back: past the caps (it replaces its previous socket, so this adds none).
			if (held) return 'ok';
			if (state.sockets >= limits.socketsPerAddress || liveSockets >= limits.socketsTotal) {
				count(address, 'registrations');
				return 'busy';
			}
			return 'ok';
		},

		/**
		 * Records an admitted socket for `id` (the first token to register an id holds it).
		 * Returns the socket it replaces (same id and token), which the caller closes.
		 * @param {string} address
		 * @param {string} id
		 * @param {string} token
		 * @param {import('ws').WebSocket} socket
		 */
		opened(address, id, token, socket) {
			const state = stateOf(address);
			state.sockets += 1;
			liveSockets += 1;
			// the PeerServer hands it its queue
			forget(id);
			const hold = holds.get(id);
			const previous = hold?.socket ?? null;
			if (hold) {
				hold.socket = socket;
				return previous;
			}
			if (holds.size >= limits.heldTotal) sweep();
			if (holds.size >= limits.heldTotal) {
				const oldest = [...holds].find(([, h]) => !h.socket);
				if (oldest) release(oldest[0]);
			}
			if (state.held.length >= limits.heldPerAddress) {
				const oldest = state.held.find((held) => !holds.get(held)?.socket);
				if (oldest) release(oldest);
			}
			holds.set(id, { token, address, socket, releasedAt: 0 });
			state.held.push(id);
			return null;
		},

		/**
		 * A socket closed: its id stays its token's for `holdMs`.
		 * @param {string} address
		 * @param {string} id
		 * @param {import('ws').WebSocket} socket
		 */
		closed(address, id, socket) {
			const state = addresses.get(address);
			if (state) state.sockets -= 1;
			liveSockets -= 1;
			const hold = holds.get(id);
			if (hold?.socket === socket) {
				hold.socket = null;
				hold.releasedAt = now();
			}
		},

		/** @param {string} address */
		oversized(address) {
			count(address, 'oversized');
		},

		/**
		 * Whether a message from a socket goes on to the PeerServer: PeerJS's own types, within the
		 * socket's rate, and for an absent id within the queue budgets; never to a slow reader.
		 * @param {string} address
		 * @param {ReturnType<typeof bucket>} rate the socket's message bucket (`messageBucket()`)
		 * @param {string} data the message as received
		 */
		allows(address, rate, data) {
			report();
			if (!rate.take()) return count(address, 'messages'), false;
			/** @type {{ type?: unknown, dst?: unknown }} */
			let message;
			try {
				message = JSON.parse(data);
			} catch {
				return count(address, 'messages'), false;
			}
			if (typeof message !== 'object' || message === null || typeof message.type !== 'string' || !MESSAGE_TYPES.has(message.type)) {
				return count(address, 'messages'), false;
			}
			if (message.type === 'HEARTBEAT' || typeof message.dst !== 'string') return true;
			const destination = holds.get(message.dst)?.socket;
			if (destination) {
				if (destination.bufferedAmount > limits.slowReaderBytes) return count(address, 'messages'), false;
				return true;
			}
			// Queued by the PeerServer until the id comes (or ~6 s): LEAVE and EXPIRE never are.
			if (message.type === 'LEAVE' || message.type === 'EXPIRE') return true;
			const t = now();
			let queued = absent.get(message.dst);
			// the PeerServer let it go (its EXPIRE was not seen: its sender had gone)
			if (queued && t - queued.at >= limits.absentForgetMs) {
				forget(message.dst);
				queued = undefined;
			}
			const state = stateOf(address);
			const bytes = Buffer.byteLength(data);
			if (
				(queued?.count ?? 0) >= limits.absentMessagesPerId ||
				(queued?.from.get(address) ?? 0) + state.absentBytes + bytes > limits.absentBytesPerAddress ||
				absentBytes + bytes > limits.absentBytesTotal ||
				(!queued && absent.size >= limits.heldTotal)
			) {
				return count(address, 'messages'), false;
			}
			if (!queued) absent.set(message.dst, (queued = { count: 0, at: t, from: new Map() }));
			queued.count += 1;
			queued.from.set(address, (queued.from.get(address) ?? 0) + bytes);
			state.absentBytes += bytes;
			absentBytes += bytes;
			return true;
		},

		/**
		 * A message the PeerServer sends: its EXPIRE for an id says it dropped that id's queue.
		 * @param {string} data
		 */
		sent(data) {
			if (!data.startsWith('{"type":"EXPIRE"')) return;
			try {
				const { src } = JSON.parse(data);
				if (typeof src === 'string') forget(src);
			} catch {
				// not the PeerServer's
			}
		},

		/** A socket's message bucket. */
		messageBucket() {
			return bucket(limits.messageBurst, limits.messagesPerSecond, now);
		},

		/** Logs what was refused if a minute has passed (the server also calls it on a timer). */
		report,

		/** What the guard remembers (tests: it stays bounded). */
		size() {
			return { addresses: addresses.size, holds: holds.size, absent: absent.size, sockets: liveSockets };
		}
	};
}

/**
 * The WebSocket server the PeerServer gets (its `createWebSocketServer`): upgrades at `path` from
 * `upgrades` pass the guard first; sockets' messages are filtered before the PeerServer reads them.
 * @param {{ path: string, server: import('node:events').EventEmitter }} options what the PeerServer passes
 * @param {ReturnType<typeof createSignallingGuard>} guard
 * @param {(origin: string, req: import('node:http').IncomingMessage) => boolean} allowedOrigin
 */
export function guardedWebSocketServer({ path, server }, guard, allowedOrigin) {
	const wss = new WebSocketServer({ noServer: true, maxPayload: guard.limits.maxPayload, perMessageDeflate: false, clientTracking: false });
	server.on('upgrade', (/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:stream').Duplex} */ socket, /** @type {Buffer} */ head) => {
		const url = new URL(req.url ?? '/', 'http://peerjs');
		if (url.pathname !== path) return refuse(socket, 400, 'Bad Request');
		const origin = req.headers.origin;
		if (origin !== undefined && !allowedOrigin(origin, req)) return refuse(socket, 403, 'Forbidden');
		const address = clientAddress(req.socket.remoteAddress);
		const id = url.searchParams.get('id');
		const token = url.searchParams.get('token');
		const verdict = guard.admit(address, { id, token });
		if (verdict === 'busy') return refuse(socket, 429, 'Too Many Requests');
		wss.handleUpgrade(req, socket, head, (ws) => {
			if (verdict === 'taken') {
				// What the PeerServer answers a taken id (PeerJS reports `unavailable-id`).
				ws.send(JSON.stringify({ type: 'ID-TAKEN', payload: { msg: 'ID is taken' } }));
				ws.close();
				return;
			}
			/** @type {import('ws').WebSocket | null} */
			let previous = null;
			if (id && token) {
				previous = guard.opened(address, id, token, ws);
				ws.once('close', () => guard.closed(address, id, ws));
			}
			const rate = guard.messageBucket();
			const send = ws.send.bind(ws);
			ws.send = (/** @type {any} */ data, /** @type {any[]} */ ...rest) => {
				if (typeof data === 'string') guard.sent(data);
				return send(data, ...rest);
			};
			const emit = ws.emit.bind(ws);
			// Filters messages before the PeerServer's own listener reads them.
			ws.emit = (/** @type {string} */ event, /** @type {any[]} */ ...args) => {
				if (event === 'message' && !guard.allows(address, rate, String(args[0]))) return false;
				if (event === 'error' && args[0] instanceof RangeError) guard.oversized(address);
				return emit(event, ...args);
			};
			// The same id and token on a new socket (a reload before the old socket's end was seen):
			// the old one goes first, so the PeerServer registers the new one afresh and says OPEN
			// (taking over a live registration, it would say nothing and PeerJS would wait).
			if (previous && previous.readyState !== previous.CLOSED) {
				previous.once('close', () => wss.emit('connection', ws, req));
				previous.terminate();
			} else {
				wss.emit('connection', ws, req);
			}
		});
	});
	return wss;
}

/**
 * Ends an upgrade with an HTTP status, as `ws` does.
 * @param {import('node:stream').Duplex} socket
 * @param {number} status
 * @param {string} text
 */
function refuse(socket, status, text) {
	if (!socket.writable) return void socket.destroy();
	socket.once('finish', () => socket.destroy());
	socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
