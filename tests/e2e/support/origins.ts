import { inject } from 'vitest';

/**
 * The origins a journey is walked at, as a person at a table would open the app:
 * `lan-http` is the LAN address `npm start` prints (plain HTTP, not a secure context: no
 * service worker, no camera, no crypto.randomUUID); `lan-https` is its HTTPS address, with
 * the certificate `npm start` makes (scripts/lib/certs.js) trusted by the test browser as a
 * phone that installed its authority trusts it (a secure context). Both are the same server,
 * with the PeerServer (global-setup.ts). Every journey that iterates this list runs at each.
 */
export interface JourneyOrigin {
	name: string;
	url: string;
	/** Whether pages there are a secure context (service worker, camera). */
	secure: boolean;
}

export function journeyOrigins(): JourneyOrigin[] {
	return [
		{ name: 'lan-http', url: inject('lanURL'), secure: false },
		{ name: 'lan-https', url: inject('lanHttpsURL'), secure: true }
	];
}
