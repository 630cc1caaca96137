/**
 * How the screens reach each other, shared by the tablet's table (table.svelte.ts) and the
 * phone's seat (seat.svelte.ts), each loaded on its own so a phone does not download the host.
 *
 * Choice of transport ("auto"): the PeerServer of this origin when there is one (`npm start`
 * on a laptop at the table), else the public PeerJS server when it can be reached, else QR
 * codes (a hosted app at a table with no internet). `?via=local|cloud|qr` overrides it, and
 * the invitation carries the host's choice. The tablet says which it uses and why.
 */
import { version } from '$app/environment';
import { resolve } from '$app/paths';
import type { Transport, TransportKind } from './link';
import { PeerTransport, cloudServer, hasLocalServer, localServer, reachesCloudServer } from './peer';
import { VIA, type Via } from './via';
// How an invitation names the connection: its own module, so the join form reads it without PeerJS.
export { VIA, pairingCode, parseVia, type Via } from './via';

export function viaOf(kind: TransportKind): Via | null {
	for (const [via, k] of Object.entries(VIA)) if (k === kind) return via as Via;
	return null;
}

/** This build's version, as the host checks it on join. */
export const APP_VERSION = version;

/** Why the connection is the one it is: asked for by hand, this origin's server, the internet, neither. */
export const TRANSPORT_REASONS = ['chosen', 'server', 'internet', 'nothing'] as const;
export type TransportReason = (typeof TRANSPORT_REASONS)[number];

/** The transport and why, given the override and what is there. */
export function pickTransport(via: Via | null, found: { server: boolean; internet: boolean }): { kind: TransportKind; reason: TransportReason } {
	if (via) return { kind: VIA[via], reason: 'chosen' };
	if (found.server) return { kind: 'peer-local', reason: 'server' };
	return found.internet ? { kind: 'peer-cloud', reason: 'internet' } : { kind: 'manual', reason: 'nothing' };
}

/** Looks for this origin's PeerServer, then the public one, and picks (pickTransport). */
export async function transportChoice(via: Via | null): Promise<{ kind: TransportKind; reason: TransportReason }> {
	if (via) return pickTransport(via, { server: false, internet: false });
	const server = await hasLocalServer(appAddress());
	const internet = !server && navigator.onLine && (await reachesCloudServer());
	return pickTransport(null, { server, internet });
}

/** Picks the transport: the override, else the origin's PeerServer, else the cloud when it answers, else QR codes. */
export async function chooseTransport(via: Via | null): Promise<TransportKind> {
	return (await transportChoice(via)).kind;
}

export function signalling(kind: TransportKind): Transport {
	return new PeerTransport(kind === 'peer-cloud' ? cloudServer() : localServer(location, `${appBase()}/peerjs`));
}

/**
 * Where the app lives at `origin`: the origin with the base path (the app is at a sub-path
 * on a static host such as GitHub Pages). Invitations are made from it.
 */
export function appAddress(origin: string = location.origin): string {
	return `${origin}${appBase()}`;
}

/** The base path the app is built for ('' at a host's root, e.g. `/labyrinth-gm` on Pages): the server's own paths (PeerServer, addresses) are under it too. */
export function appBase(): string {
	return resolve('/').replace(/\/$/, '');
}

/** The invitation a phone opens: `<app>/join?room=…&via=…&pin=…` (`app`: appAddress; `pin`: the fingerprint of the table's key, pin.ts). */
export function inviteUrl(origin: string, room: string, kind: TransportKind, pin?: string): string {
	const via = viaOf(kind);
	return `${origin}/join?room=${room}${via && via !== 'qr' ? `&via=${via}` : ''}${pin ? `&pin=${pin}` : ''}`;
}

/** Exposes the sessions to a test or a curious developer when `localStorage['labyrinth-net-debug']` is set. */
export function expose(name: 'host' | 'seat' | 'duel', value: unknown): void {
	try {
		if (localStorage.getItem('labyrinth-net-debug') !== '1') return;
		const g = globalThis as unknown as { labyrinthNet?: Record<string, unknown> };
		g.labyrinthNet ??= {};
		g.labyrinthNet[name] = value;
		// the database only for the curious: a phone's route does not load Dexie for it
		void import('../store/db').then(({ database }) => {
			if (g.labyrinthNet) g.labyrinthNet.db = database();
		});
	} catch {
		// No storage: nothing to expose.
	}
}

