import fc from 'fast-check';
import { describe as group, expect, test } from 'vitest';
import { compact, decode, describe, encode, expand, rebuild, type CompactDescription } from './sdp';

/** An offer as Chromium writes it for a data channel, candidates gathered (shape seen on these machines). */
const CHROMIUM_OFFER = [
	'v=0',
	'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
	's=-',
	't=0 0',
	'a=group:BUNDLE 0',
	'a=extmap-allow-mixed',
	'a=msid-semantic: WMS',
	'm=application 52143 UDP/DTLS/SCTP webrtc-datachannel',
	'c=IN IP4 127.0.0.1',
	'a=candidate:3442447574 1 udp 2122260223 127.0.0.1 52143 typ host generation 0 network-id 1',
	'a=candidate:1529124389 1 udp 2122262783 0a1b2c3d-1111-4222-8333-944455556666.local 40111 typ host generation 0 network-id 2',
	'a=candidate:2157334355 1 tcp 1518280447 127.0.0.1 9 typ host tcptype active generation 0 network-id 1',
	'a=candidate:842163049 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 192.168.1.20 rport 52143 generation 0',
	'a=ice-ufrag:8hhY',
	'a=ice-pwd:asd88fgpdd777uzjYhagZg2+',
	'a=ice-options:trickle',
	'a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F',
	'a=setup:actpass',
	'a=mid:0',
	'a=sctp-port:5000',
	'a=max-message-size:262144',
	''
].join('\r\n');

group('compact session descriptions', () => {
	test('an offer keeps its ICE credentials, fingerprint, role and UDP candidates, in a short code', () => {
		const d = describe('offer', CHROMIUM_OFFER);
		expect(d.ok).toBe(true);
		if (!d.ok) return;
		expect(d.value.ufrag).toBe('8hhY');
		expect(d.value.pwd).toBe('asd88fgpdd777uzjYhagZg2+');
		expect(d.value.setup).toBe('actpass');
		expect(d.value.candidates).toEqual([
			{ kind: 'host', address: '127.0.0.1', port: 52143 },
			{ kind: 'host', address: '0a1b2c3d-1111-4222-8333-944455556666.local', port: 40111 },
			{ kind: 'srflx', address: '203.0.113.7', port: 61000 }
		]);
		const code = encode(d.value);
		expect(code.length).toBeLessThan(CHROMIUM_OFFER.length / 3);
		expect(decode(code)).toEqual(d);
	});

	test('the rebuilt SDP describes the same session', () => {
		const code = compact('offer', CHROMIUM_OFFER);
		if (!code.ok) throw new Error(code.error);
		const full = expand(code.value);
		if (!full.ok) throw new Error(full.error);
		expect(full.value.type).toBe('offer');
		expect(describe('offer', full.value.sdp!)).toEqual(describe('offer', CHROMIUM_OFFER));
		expect(full.value.sdp).toContain('a=fingerprint:sha-256 D2:FA:0E:C3');
		expect(full.value.sdp).toContain('m=application 9 UDP/DTLS/SCTP webrtc-datachannel');
	});

	test('refuses what is not a description', () => {
		expect(describe('offer', 'v=0\r\n')).toEqual({ ok: false, error: 'no_ice' });
		expect(describe('offer', CHROMIUM_OFFER.replace(/a=candidate:.*\r\n/g, ''))).toEqual({ ok: false, error: 'no_candidates' });
		for (const bad of ['', 'L1|o', 'L2|o|8hhY|pppp|AA|c|h1.2.3.4/5', 'L1|x|8hhY|pppppppp|AA|c|h1.2.3.4/5']) expect(decode(bad).ok).toBe(false);
		const good = compact('offer', CHROMIUM_OFFER);
		if (!good.ok) throw new Error('setup');
		expect(decode(good.value.replace(/\/\d+$/, '/0')).ok).toBe(false);
		expect(decode(good.value.replace('|c|', '|q|')).ok).toBe(false);
	});

	test('property: encode then decode gives the description back; rebuild then describe too', () => {
		const ice = fc.stringMatching(/^[A-Za-z0-9+/]{4,32}$/);
		const address = fc.oneof(
			fc.ipV4(),
			fc.uuid().map((u) => `${u}.local`),
			fc.ipV6().filter((a) => /^[0-9a-f:]+$/i.test(a))
		);
		const description = fc.record({
			type: fc.constantFrom('offer' as const, 'answer' as const),
			ufrag: ice,
			pwd: ice,
			fingerprint: fc.uint8Array({ minLength: 32, maxLength: 32 }),
			setup: fc.constantFrom('actpass' as const, 'active' as const, 'passive' as const),
			candidates: fc.uniqueArray(
				fc.record({ kind: fc.constantFrom('host' as const, 'srflx' as const, 'relay' as const, 'prflx' as const), address, port: fc.integer({ min: 1, max: 65535 }) }),
				{ minLength: 1, maxLength: 5, selector: (c) => `${c.address}/${c.port}` }
			)
		});
		fc.assert(
			fc.property(description, (d: CompactDescription) => {
				expect(decode(encode(d))).toEqual({ ok: true, value: d });
				expect(describe(d.type, rebuild(d))).toEqual({ ok: true, value: d });
			})
		);
	});
});
