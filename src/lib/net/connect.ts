/**
 * How the screens reach each other, shared by the tablet's table (table.svelte.ts) and the
 * phone's seat (seat.svelte.ts), each loaded on its own so a phone does not download the host.
 *
 * Choice of transport ("auto"): the PeerServer of this origin when there is one (`npm start`
 * on a laptop at the table), else the public PeerJS server when the device is online, else
 * QR codes. `?via=local|cloud|qr` overrides it, and the invitation carries the host's choice.
 */
import { version } from '$app/environment';
import type { Transport, TransportKind } from './link';
import { PeerTransport, cloudServer, hasLocalServer, localServer } from './peer';

export const VIA = { local: 'peer-local', cloud: 'peer-cloud', qr: 'manual' } as const;
export type Via = keyof typeof VIA;

export function viaOf(kind: TransportKind): Via | null {
	for (const [via, k] of Object.entries(VIA)) if (k === kind) return via as Via;
	return null;
}

export function parseVia(text: string | null): Via | null {
	return text === 'local' || text === 'cloud' || text === 'qr' ? text : null;
}

/** This build's version, as the host checks it on join. */
export const APP_VERSION = version;

/** Picks the transport: the override, else the origin's PeerServer, else the cloud when online, else QR codes. */
export async function chooseTransport(via: Via | null): Promise<TransportKind> {
	if (via) return VIA[via];
	if (await hasLocalServer(location.origin)) return 'peer-local';
	return navigator.onLine ? 'peer-cloud' : 'manual';
}

export function signalling(kind: TransportKind): Transport {
	return new PeerTransport(kind === 'peer-cloud' ? cloudServer() : localServer(location));
}

/** The invitation a phone opens: `/join?room=…&via=…&pin=…` (`pin`: the fingerprint of the table's key, pin.ts). */
export function inviteUrl(origin: string, room: string, kind: TransportKind, pin?: string): string {
	const via = viaOf(kind);
	return `${origin}/join?room=${room}${via && via !== 'qr' ? `&via=${via}` : ''}${pin ? `&pin=${pin}` : ''}`;
}

/**
 * The pairing code in what a camera read or a person pasted: the `#offer=` / `#answer=` part of
 * an address (so a phone's own camera app can open it), or the bare code; null for an address
 * without it.
 */
export function pairingCode(text: string, key: 'offer' | 'answer'): string | null {
	return text.includes('#') ? new URLSearchParams(text.slice(text.indexOf('#') + 1)).get(key) : text;
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

