import { describe, expect, test } from 'vitest';
import { pickTransport, TRANSPORT_REASONS } from './connect';
import { reachesCloudServer } from './peer';

describe('how the devices find each other, and why', () => {
	test.each([
		// asked for by hand: whatever is there
		['qr', true, true, 'manual', 'chosen'],
		['local', false, false, 'peer-local', 'chosen'],
		['cloud', true, false, 'peer-cloud', 'chosen'],
		// automatic: this origin's server (npm start), else the internet, else QR codes (a hosted app at a table offline)
		[null, true, true, 'peer-local', 'server'],
		[null, true, false, 'peer-local', 'server'],
		[null, false, true, 'peer-cloud', 'internet'],
		[null, false, false, 'manual', 'nothing']
	] as const)('via %s, server %s, internet %s → %s (%s)', (via, server, internet, kind, reason) => {
		expect(pickTransport(via, { server, internet })).toEqual({ kind, reason });
		expect(TRANSPORT_REASONS).toContain(reason);
	});

	test('the public server counts as reachable only when it answers', async () => {
		const answers = (async () => new Response(null, { status: 200 })) as unknown as typeof fetch;
		const fails = (async () => {
			throw new TypeError('Failed to fetch');
		}) as unknown as typeof fetch;
		expect(await reachesCloudServer(answers)).toBe(true);
		expect(await reachesCloudServer(fails)).toBe(false);
	});
});
