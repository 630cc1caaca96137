/**
 * Links through PeerJS: the signalling server introduces the tablet and the phone (by id),
 * then the data flows over WebRTC, device to device. The server is either the PeerServer that
 * `npm start` serves at `/peerjs` on the same origin (a table with a laptop), or the public
 * PeerJS cloud when the devices are online. Once a link is up the server may go: the link
 * stays. Only the table screens import this (PeerJS stays out of the home screen).
 */
import { Peer, type DataConnection, type PeerOptions } from 'peerjs';
import { rtcDiagnostics } from './diagnostics';
import { BaseLink, whenOpen, type Link, type LinkDiagnostics, type Listener, type Transport } from './link';

export interface SignallingServer {
	kind: 'peer-local' | 'peer-cloud';
	options: PeerOptions;
}

/** The PeerServer on this page's own origin (`npm start`; at `path`, under the app's base), with no STUN or TURN: the table's network only. */
export function localServer(location: { hostname: string; port: string; protocol: string }, path = '/peerjs'): SignallingServer {
	const secure = location.protocol === 'https:';
	const port = Number(location.port) || (secure ? 443 : 80);
	return { kind: 'peer-local', options: { host: location.hostname, port, path, secure, config: { iceServers: [] }, debug: 0 } };
}

/** The public PeerJS server, with PeerJS's own STUN/TURN defaults (only useful online). */
export function cloudServer(): SignallingServer {
	return { kind: 'peer-cloud', options: { debug: 0 } };
}

/** Whether the app's server (`app`: origin and base path) serves the PeerServer (an `npm start` server does; a static host does not). */
export async function hasLocalServer(app: string, fetcher: typeof fetch = fetch): Promise<boolean> {
	try {
		const response = await fetcher(`${app}/peerjs/`, { cache: 'no-store', signal: AbortSignal.timeout(2500) });
		if (!response.ok) return false;
		const body = (await response.json()) as { name?: string };
		return body.name === 'PeerJS Server';
	} catch {
		return false;
	}
}

/** The public PeerJS server's address, asked only whether it can be reached. */
const CLOUD_PROBE = 'https://0.peerjs.com/peerjs/id';

/**
 * Whether the public PeerJS server can be reached (the internet is there, not only a Wi-Fi
 * without an uplink, which a browser also calls "online").
 */
export async function reachesCloudServer(fetcher: typeof fetch = fetch): Promise<boolean> {
	try {
		await fetcher(`${CLOUD_PROBE}?ts=${Date.now()}`, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(3000) });
		return true;
	} catch {
		return false;
	}
}

/**
 * Whether a connection that arrived speaks the protocol's serialization (raw strings); any other
 * is closed before its channel opens, unread. The connecting side picks the serialization and
 * PeerJS follows it: with BinaryPack ('binary', 'default') the tablet would decode whatever a
 * stranger sends and hold every chunk of a message never finished, without bound.
 */
export function speaksRaw(conn: Pick<DataConnection, 'serialization' | 'close'>): boolean {
	if (conn.serialization === 'raw') return true;
	try {
		conn.close();
	} catch {
		// Not open yet: nothing to close.
	}
	return false;
}

class PeerLink extends BaseLink {
	readonly kind: SignallingServer['kind'];

	constructor(
		private readonly conn: DataConnection,
		kind: SignallingServer['kind'],
		private readonly onClose: () => void = () => {}
	) {
		super(conn.peer);
		this.kind = kind;
		conn.on('open', () => this.setState('open'));
		conn.on('data', (data) => {
			if (typeof data === 'string') this.deliver(data);
		});
		conn.on('close', () => this.ended());
		conn.on('error', () => this.ended());
		conn.on('iceStateChanged', (state) => {
			if (state === 'failed' || state === 'closed') this.ended();
		});
		if (conn.open) this.setState('open');
	}

	send(data: string): void {
		if (this.state !== 'open') return;
		try {
			void this.conn.send(data);
		} catch {
			this.ended();
		}
	}

	close(): void {
		if (this.state === 'closed') return;
		try {
			this.conn.close();
		} catch {
			// Already gone.
		}
		this.ended();
	}

	private ended(): void {
		if (this.state === 'closed') return;
		this.setState('closed');
		this.onClose();
	}

	diagnostics(): Promise<LinkDiagnostics> {
		return rtcDiagnostics(this.conn.peerConnection);
	}
}

/**
 * The PeerJS token this device registers `id` with, the same on every load (kept in
 * localStorage; a fresh one where storage is refused). Not a secret from this device: it only
 * tells the PeerServer that the page coming back is the one that had the id.
 */
export function listenerToken(id: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): string {
	const key = `labyrinth-gm-peer-token:${id}`;
	try {
		const kept = storage?.getItem(key);
		if (kept && /^[a-z0-9]{16,64}$/.test(kept)) return kept;
	} catch {
		// storage refused: a token for this load only
	}
	const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b % 36).toString(36)).join('') + Date.now().toString(36);
	try {
		storage?.setItem(key, token);
	} catch {
		// kept for this load only
	}
	return token;
}

function opened(peer: Peer, timeoutMs: number): Promise<void> {
	if (peer.open) return Promise.resolve();
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('signalling server timed out')), timeoutMs);
		peer.once('open', () => {
			clearTimeout(timer);
			resolve();
		});
		peer.once('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
	});
}

/** PeerJS behind the Transport interface, for one signalling server. */
export class PeerTransport implements Transport {
	readonly kind: SignallingServer['kind'];

	constructor(private readonly server: SignallingServer) {
		this.kind = server.kind;
	}

	/**
	 * Listens as `id` (the host's stable id), taking it again if a reloaded page still held it. The
	 * same token each time (`listenerToken`): `npm start`'s PeerServer keeps an id for the token that
	 * first had it, so after a blip or a reload this tablet gets it back and nobody else does.
	 */
	async listen(id: string, attempts = 8): Promise<Listener> {
		let peer: Peer;
		const token = listenerToken(id);
		for (let attempt = 0; ; attempt++) {
			peer = new Peer(id, { ...this.server.options, token });
			try {
				await opened(peer, 10_000);
				break;
			} catch (error) {
				peer.destroy();
				const type = (error as { type?: string }).type;
				// The server may not have noticed yet that the previous page (same id) is gone.
				if (type !== 'unavailable-id' || attempt >= attempts) throw error;
				await new Promise((r) => setTimeout(r, 1000));
			}
		}
		const live = peer;
		const accepted = new Set<(link: Link) => void>();
		let online = true;
		let closed = false;
		let retry: ReturnType<typeof setTimeout> | null = null;
		live.on('connection', (conn) => {
			if (!speaksRaw(conn)) return;
			const link = new PeerLink(conn, this.kind);
			accepted.forEach((f) => f(link));
		});
		live.on('disconnected', () => {
			// The signalling server went away: open links stay; keep asking to be found again.
			online = false;
			const again = () => {
				if (closed || live.destroyed) return;
				if (!live.disconnected) {
					online = true;
					return;
				}
				try {
					live.reconnect();
				} catch {
					// Tried again below.
				}
				retry = setTimeout(again, 3000);
			};
			retry = setTimeout(again, 1000);
		});
		live.on('open', () => {
			online = true;
		});
		live.on('error', () => undefined);
		return {
			kind: this.kind,
			id,
			get online() {
				return online;
			},
			accept(listener) {
				accepted.add(listener);
				return () => accepted.delete(listener);
			},
			close() {
				closed = true;
				if (retry) clearTimeout(retry);
				live.destroy();
			}
		};
	}

	/** Opens a link to `id` (a fresh PeerJS id each time, given up with the link). */
	async open(id: string, timeoutMs = 12_000): Promise<Link> {
		const peer = new Peer(this.server.options);
		try {
			await opened(peer, timeoutMs);
			const conn = peer.connect(id, { reliable: true, serialization: 'raw' });
			const link = new PeerLink(conn, this.kind, () => setTimeout(() => peer.destroy(), 100));
			const failed = new Promise<never>((_, reject) => peer.once('error', (error) => reject(error)));
			return await Promise.race([whenOpen(link, timeoutMs), failed]);
		} catch (error) {
			peer.destroy();
			throw error;
		}
	}
}
