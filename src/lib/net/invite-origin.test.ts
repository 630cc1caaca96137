import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inviteOrigins, isLoopback, loadInviteOrigins, parseAddresses, phoneOrigin, type ServedAddresses } from './invite-origin';

const SERVED: ServedAddresses = {
	http: ['http://192.168.1.20:4173', 'http://10.0.0.5:4173'],
	https: ['https://192.168.1.20:4443', 'https://10.0.0.5:4443', 'https://laptop.local:4443']
};

describe('the origin an invitation names', () => {
	test.each([
		['http://localhost:4173', true],
		['http://127.0.0.1:4173', true],
		['http://127.1.2.3', true],
		['http://[::1]:4173', true],
		['http://app.localhost:4173', true],
		['http://192.168.1.20:4173', false],
		['https://laptop.local:4443', false],
		['http://table.lan:4173', false],
		['https://someone.github.io', false],
		['http://127.0.0.1.example.com', false]
	])('%s is loopback: %s', (origin, loopback) => {
		expect(isLoopback(new URL(origin).hostname)).toBe(loopback);
	});

	test('a LAN or hosted page invites with itself, whatever the server says', () => {
		for (const page of ['http://192.168.1.20:4173', 'https://laptop.local:4443', 'https://someone.github.io']) {
			expect(inviteOrigins(page, SERVED)).toEqual({ origins: [page], unreachable: false });
			expect(inviteOrigins(page, null)).toEqual({ origins: [page], unreachable: false });
		}
	});

	test('a page at localhost invites with the LAN addresses, secure first, a choice of all', () => {
		expect(inviteOrigins('http://localhost:4173', SERVED)).toEqual({
			origins: [...SERVED.https, ...SERVED.http],
			unreachable: false
		});
	});

	test('a page at localhost with no LAN address says phones cannot open it', () => {
		expect(inviteOrigins('http://127.0.0.1:4173', { http: [], https: [] })).toEqual({ origins: ['http://127.0.0.1:4173'], unreachable: true });
		expect(inviteOrigins('http://localhost:5173', null)).toEqual({ origins: ['http://localhost:5173'], unreachable: true });
	});

	test('property: an invitation from a loopback page never names loopback unless nothing else exists', () => {
		const host = fc.oneof(
			fc.constantFrom('localhost', '127.0.0.1', '[::1]', 'laptop.local', 'table.lan'),
			fc.ipV4().map((ip) => ip)
		);
		const origin = fc.tuple(fc.constantFrom('http', 'https'), host, fc.integer({ min: 1, max: 65535 })).map(([p, h, port]) => new URL(`${p}://${h}:${port}`).origin);
		fc.assert(
			fc.property(origin, fc.array(origin, { maxLength: 4 }), fc.array(origin, { maxLength: 4 }), (page, http, https) => {
				const result = inviteOrigins(page, { http, https });
				expect(result.origins.length).toBeGreaterThan(0);
				if (!isLoopback(new URL(page).hostname)) {
					expect(result.origins).toEqual([page]);
					return;
				}
				const reachable = [...https, ...http].filter((o) => !isLoopback(new URL(o).hostname));
				expect(result.unreachable).toBe(reachable.length === 0);
				if (reachable.length > 0) {
					expect(result.origins.every((o) => !isLoopback(new URL(o).hostname))).toBe(true);
					expect(new Set(result.origins)).toEqual(new Set(reachable));
					// the secure addresses first
					const ranks = result.origins.map((o) => (https.includes(o) ? 0 : 1));
					expect(ranks).toEqual([...ranks].sort());
				}
			})
		);
	});

	test("the server's answer is checked: anything but http(s) origins is dropped, anything else is no answer", () => {
		expect(parseAddresses({ http: ['http://10.0.0.5:4173/', 'javascript:alert(1)', 7], https: ['https://10.0.0.5:4443'] })).toEqual({
			http: ['http://10.0.0.5:4173'],
			https: ['https://10.0.0.5:4443']
		});
		expect(parseAddresses('<!doctype html>')).toBeNull();
		expect(parseAddresses({ http: 'x' })).toBeNull();
		expect(parseAddresses(null)).toBeNull();
	});

	test('a loopback page asks its server; a static host answering a page instead is no answer', async () => {
		const asked: string[] = [];
		const json = (body: unknown): typeof fetch =>
			(async (url: string) => {
				asked.push(url);
				return new Response(JSON.stringify(body), { status: 200 });
			}) as typeof fetch;
		expect(await loadInviteOrigins('http://localhost:4173', json(SERVED))).toEqual({ origins: [...SERVED.https, ...SERVED.http], unreachable: false });
		expect(asked).toEqual(['http://localhost:4173/api/addresses']);
		const page = (async () => new Response('<!doctype html>', { status: 200 })) as unknown as typeof fetch;
		expect(await loadInviteOrigins('http://localhost:4173', page)).toEqual({ origins: ['http://localhost:4173'], unreachable: true });
		const none = (async () => {
			throw new TypeError('network');
		}) as unknown as typeof fetch;
		expect(await loadInviteOrigins('http://127.0.0.1:4173', none)).toEqual({ origins: ['http://127.0.0.1:4173'], unreachable: true });
		// a LAN page asks nobody
		expect(await loadInviteOrigins('http://192.168.1.20:4173', none)).toEqual({ origins: ['http://192.168.1.20:4173'], unreachable: false });
	});

	test('issue 16: the QR offer of a tablet at localhost names the LAN address the invitation does, asked once per page', async () => {
		let calls = 0;
		const json = (async () => {
			calls++;
			return new Response(JSON.stringify(SERVED), { status: 200 });
		}) as unknown as typeof fetch;
		expect(await phoneOrigin('', 'http://localhost:5999', json)).toBe(SERVED.https[0] ?? SERVED.http[0]);
		expect(await phoneOrigin('', 'http://localhost:5999', json)).toBe((await loadInviteOrigins('http://localhost:5999', json)).origins[0]);
		expect(calls).toBe(2);
		// a LAN page names itself, asking nobody
		expect(await phoneOrigin('', 'http://192.168.1.20:4173', json)).toBe('http://192.168.1.20:4173');
		expect(calls).toBe(2);
	});

	test('issue 16: under a sub-path the server is asked under the app\'s base, not at the host\'s root', async () => {
		const asked: string[] = [];
		const json = (async (url: string) => {
			asked.push(url);
			return new Response(JSON.stringify(SERVED), { status: 200 });
		}) as unknown as typeof fetch;
		await loadInviteOrigins('http://localhost:5998', json, '/labyrinth-gm');
		await phoneOrigin('/labyrinth-gm', 'http://localhost:5997', json);
		expect(asked).toEqual(['http://localhost:5998/labyrinth-gm/api/addresses', 'http://localhost:5997/labyrinth-gm/api/addresses']);
	});
});
