/**
 * One link between the tablet and a phone, whatever carries it: PeerJS through a signalling
 * server, a WebRTC channel set up by QR codes with no server, or memory (tests and
 * pass-and-play). A link moves strings; the protocol (channel.ts) gives them order,
 * acknowledgements and a heartbeat.
 */

export const TRANSPORT_KINDS = ['peer-local', 'peer-cloud', 'manual', 'memory'] as const;
/** peer-local: the PeerServer of `npm start`; peer-cloud: the public PeerJS server; manual: QR codes. */
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

export type LinkState = 'connecting' | 'open' | 'closed';

/** What the diagnostics panel shows of a link's WebRTC side (empty for memory links). */
export interface LinkDiagnostics {
	/** RTCPeerConnection.iceConnectionState */
	ice: string | null;
	/** Kinds of the candidates in use: host, srflx, prflx, relay (and the protocol). */
	local: string | null;
	remote: string | null;
	/** Local addresses in use, as ip:port, mDNS names kept as they are. */
	localAddress: string | null;
	remoteAddress: string | null;
	/** The ICE round-trip time reported by the browser, in ms. */
	iceRtt: number | null;
}

export interface Link {
	readonly kind: TransportKind;
	/** The other side's id (a peer id, or a made-up one). */
	readonly peer: string;
	readonly state: LinkState;
	/** Sends one string; silently dropped when the link is not open. */
	send(data: string): void;
	/** Calls `listener` for each string received; returns the unsubscribe. */
	receive(listener: (data: string) => void): () => void;
	/** Calls `listener` on each state change; returns the unsubscribe. */
	watch(listener: (state: LinkState) => void): () => void;
	close(): void;
	diagnostics?(): Promise<LinkDiagnostics>;
}

/** A host's open door: links arrive here. */
export interface Listener {
	readonly kind: TransportKind;
	readonly id: string;
	/** Calls `listener` for each link that arrives (already open or still connecting). */
	accept(listener: (link: Link) => void): () => void;
	/** The signalling connection: lost does not close open links. */
	readonly online: boolean;
	close(): void;
}

/** A way to connect by id: the host listens, the phone opens. */
export interface Transport {
	readonly kind: TransportKind;
	listen(id: string): Promise<Listener>;
	open(id: string, timeoutMs?: number): Promise<Link>;
}

/** Small base for links: state, listeners, and the bookkeeping every transport needs. */
export abstract class BaseLink implements Link {
	abstract readonly kind: TransportKind;
	private current: LinkState = 'connecting';
	private readonly receivers = new Set<(data: string) => void>();
	private readonly watchers = new Set<(state: LinkState) => void>();

	constructor(readonly peer: string) {}

	get state(): LinkState {
		return this.current;
	}

	abstract send(data: string): void;
	abstract close(): void;

	receive(listener: (data: string) => void): () => void {
		this.receivers.add(listener);
		return () => this.receivers.delete(listener);
	}

	watch(listener: (state: LinkState) => void): () => void {
		this.watchers.add(listener);
		return () => this.watchers.delete(listener);
	}

	protected deliver(data: string): void {
		if (this.current !== 'open') return;
		for (const listener of [...this.receivers]) listener(data);
	}

	protected setState(state: LinkState): void {
		if (this.current === state || this.current === 'closed') return;
		this.current = state;
		for (const listener of [...this.watchers]) listener(state);
	}
}

/** Resolves once `link` is open; rejects when it closes first or after `timeoutMs`. */
export function whenOpen(link: Link, timeoutMs = 15_000): Promise<Link> {
	if (link.state === 'open') return Promise.resolve(link);
	if (link.state === 'closed') return Promise.reject(new Error('link closed'));
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			stop();
			link.close();
			reject(new Error('link timed out'));
		}, timeoutMs);
		const stop = link.watch((state) => {
			if (state === 'open') {
				clearTimeout(timer);
				stop();
				resolve(link);
			} else if (state === 'closed') {
				clearTimeout(timer);
				stop();
				reject(new Error('link closed'));
			}
		});
	});
}
