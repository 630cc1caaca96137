/**
 * How an invitation names the connection (`?via=local|cloud|qr`) and where a pairing code sits in
 * a scanned address. Apart from connect.ts (which re-exports them) so the join form, the phone's
 * first chunk, reads an invitation without PeerJS.
 */
import type { TransportKind } from './link';

export const VIA = { local: 'peer-local', cloud: 'peer-cloud', qr: 'manual' } as const satisfies Record<string, TransportKind>;
export type Via = keyof typeof VIA;

export function parseVia(text: string | null): Via | null {
	return text === 'local' || text === 'cloud' || text === 'qr' ? text : null;
}

/**
 * The pairing code in what a camera read or a person pasted: the `#offer=` / `#answer=` part of
 * an address (so a phone's own camera app can open it), or the bare code; null for an address
 * without it.
 */
export function pairingCode(text: string, key: 'offer' | 'answer'): string | null {
	return text.includes('#') ? new URLSearchParams(text.slice(text.indexOf('#') + 1)).get(key) : text;
}
