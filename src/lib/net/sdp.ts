/**
 * Compact session descriptions for connecting with no server: a QR code carries only what
 * varies between two data-channel-only descriptions — the ICE username fragment and password,
 * the DTLS fingerprint, the DTLS role and the gathered candidates — and the other side
 * rebuilds a full SDP from them. About 100–150 characters instead of 600–900.
 *
 * Form: `L1|o|ufrag|pwd|fingerprint|setup|candidates` where `o`/`a` is offer/answer, the
 * fingerprint is the SHA-256 in base64url, setup is `c` actpass, `a` active or `p` passive,
 * and candidates are `,`-separated `<h|s|r|p><address>/<port>` (host, srflx, relay, prflx;
 * UDP only).
 */
import { type Result, ok, err } from '../engine/result';

export const COMPACT_VERSION = 'L1';

export interface CompactDescription {
	type: 'offer' | 'answer';
	ufrag: string;
	pwd: string;
	/** The SHA-256 fingerprint, 32 bytes. */
	fingerprint: Uint8Array;
	setup: 'actpass' | 'active' | 'passive';
	candidates: { kind: 'host' | 'srflx' | 'relay' | 'prflx'; address: string; port: number }[];
}

export type SdpError = 'no_ice' | 'no_fingerprint' | 'no_setup' | 'no_candidates' | 'bad_code';

const SETUP_CODE = { actpass: 'c', active: 'a', passive: 'p' } as const;
const CODE_SETUP = { c: 'actpass', a: 'active', p: 'passive' } as const;
const KIND_CODE = { host: 'h', srflx: 's', relay: 'r', prflx: 'p' } as const;
const CODE_KIND = { h: 'host', s: 'srflx', r: 'relay', p: 'prflx' } as const;
const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/;
const ADDRESS = /^[A-Za-z0-9.:-]{1,80}$/;

function hexToBytes(hex: string): Uint8Array | null {
	const parts = hex.split(':');
	if (parts.length !== 32 || parts.some((p) => !/^[0-9A-Fa-f]{2}$/.test(p))) return null;
	return Uint8Array.from(parts.map((p) => parseInt(p, 16)));
}

const bytesToHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');

function toBase64url(bytes: Uint8Array): string {
	return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | null {
	if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
	try {
		const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
		return Uint8Array.from(bin, (c) => c.charCodeAt(0));
	} catch {
		return null;
	}
}

/** Reads the parts that vary out of a full SDP (all candidates gathered). */
export function describe(type: 'offer' | 'answer', sdp: string): Result<CompactDescription, SdpError> {
	const lines = sdp.split(/\r?\n/);
	const value = (prefix: string) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length).trim();
	const ufrag = value('a=ice-ufrag:');
	const pwd = value('a=ice-pwd:');
	if (!ufrag || !pwd || !ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd)) return err('no_ice');
	const fp = value('a=fingerprint:sha-256 ');
	const fingerprint = fp ? hexToBytes(fp) : null;
	if (!fingerprint) return err('no_fingerprint');
	const setup = value('a=setup:');
	if (setup !== 'actpass' && setup !== 'active' && setup !== 'passive') return err('no_setup');
	const candidates: CompactDescription['candidates'] = [];
	for (const line of lines) {
		if (!line.startsWith('a=candidate:')) continue;
		const f = line.slice('a=candidate:'.length).trim().split(/\s+/);
		// foundation component protocol priority address port typ kind …
		const [, component, protocol, , address, port, typ, kind] = f;
		if (component !== '1' || protocol?.toLowerCase() !== 'udp' || typ !== 'typ') continue;
		if (kind !== 'host' && kind !== 'srflx' && kind !== 'relay' && kind !== 'prflx') continue;
		if (!address || !ADDRESS.test(address) || !/^\d{1,5}$/.test(port ?? '')) continue;
		if (!candidates.some((c) => c.address === address && c.port === Number(port))) candidates.push({ kind, address, port: Number(port) });
	}
	if (candidates.length === 0) return err('no_candidates');
	return ok({ type, ufrag, pwd, fingerprint, setup, candidates });
}

export function encode(d: CompactDescription): string {
	const candidates = d.candidates.map((c) => `${KIND_CODE[c.kind]}${c.address}/${c.port}`).join(',');
	return [COMPACT_VERSION, d.type === 'offer' ? 'o' : 'a', d.ufrag, d.pwd, toBase64url(d.fingerprint), SETUP_CODE[d.setup], candidates].join('|');
}

export function decode(code: string): Result<CompactDescription, SdpError> {
	const parts = code.trim().split('|');
	if (parts.length !== 7 || parts[0] !== COMPACT_VERSION) return err('bad_code');
	const [, t, ufrag, pwd, fp, s, list] = parts as [string, string, string, string, string, string, string];
	if (t !== 'o' && t !== 'a') return err('bad_code');
	if (!ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd)) return err('no_ice');
	const fingerprint = fromBase64url(fp);
	if (!fingerprint || fingerprint.length !== 32) return err('no_fingerprint');
	if (s !== 'c' && s !== 'a' && s !== 'p') return err('no_setup');
	const candidates: CompactDescription['candidates'] = [];
	for (const item of list.split(',')) {
		const kind = CODE_KIND[item[0] as keyof typeof CODE_KIND];
		const slash = item.lastIndexOf('/');
		const address = item.slice(1, slash);
		const port = Number(item.slice(slash + 1));
		if (!kind || slash < 2 || !ADDRESS.test(address) || !Number.isInteger(port) || port < 1 || port > 65535) return err('bad_code');
		candidates.push({ kind, address, port });
	}
	if (candidates.length === 0) return err('no_candidates');
	return ok({ type: t === 'o' ? 'offer' : 'answer', ufrag, pwd, fingerprint, setup: CODE_SETUP[s], candidates });
}

const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 } as const;

/** A full SDP for a data channel only, as a browser accepts it as the remote description. */
export function rebuild(d: CompactDescription): string {
	const ip6 = (a: string) => a.includes(':');
	const lines = [
		'v=0',
		'o=- 1 2 IN IP4 127.0.0.1',
		's=-',
		't=0 0',
		'a=group:BUNDLE 0',
		'a=msid-semantic: WMS',
		'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
		'c=IN IP4 0.0.0.0',
		...d.candidates.map((c, i) => {
			const priority = (TYPE_PREFERENCE[c.kind] << 24) + ((65535 - i) << 8) + 255;
			const related = c.kind === 'host' ? '' : ` raddr ${ip6(c.address) ? '::' : '0.0.0.0'} rport 0`;
			return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.kind}${related} generation 0`;
		}),
		'a=end-of-candidates',
		`a=ice-ufrag:${d.ufrag}`,
		`a=ice-pwd:${d.pwd}`,
		`a=fingerprint:sha-256 ${bytesToHex(d.fingerprint)}`,
		`a=setup:${d.setup}`,
		'a=mid:0',
		'a=sctp-port:5000',
		'a=max-message-size:262144'
	];
	return lines.join('\r\n') + '\r\n';
}

/** Full SDP → compact code, in one step. */
export function compact(type: 'offer' | 'answer', sdp: string): Result<string, SdpError> {
	const d = describe(type, sdp);
	return d.ok ? ok(encode(d.value)) : d;
}

/** Compact code → the description a peer connection takes. */
export function expand(code: string): Result<RTCSessionDescriptionInit, SdpError> {
	const d = decode(code);
	return d.ok ? ok({ type: d.value.type, sdp: rebuild(d.value) }) : d;
}
