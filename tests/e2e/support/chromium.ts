import { existsSync } from 'node:fs';

const CANDIDATES = [
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
	'/usr/bin/google-chrome',
	'/usr/bin/google-chrome-stable'
];

/** Finds a Chromium to drive: `CHROMIUM_PATH`, then the usual Debian paths. Never skips. */
export function findChromium(): string {
	const fromEnv = process.env.CHROMIUM_PATH;
	if (fromEnv) {
		if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
		return fromEnv;
	}
	const found = CANDIDATES.find((path) => existsSync(path));
	if (!found) {
		throw new Error(
			'No Chromium found for the end-to-end tests. Install Debian\'s: `apt-get install -y chromium`, ' +
				'or set CHROMIUM_PATH to a Chromium or Chrome binary.'
		);
	}
	return found;
}

/**
 * The name a phone at the table would use for the server: Chromium resolves it to loopback
 * (CHROMIUM_ARGS), so pages opened there are at a non-loopback origin, not a secure context.
 */
export const LAN_HOST = 'table.lan';

/**
 * The environment variable by which the e2e run's global setup passes the key hash (SPKI,
 * base64 SHA-256) of its certificate authority to the test processes: Chromium trusts
 * certificates it signed (`--ignore-certificate-errors-spki-list`), as a phone that installed
 * the authority does, so pages at the HTTPS origin are a secure context with a service worker.
 */
export const CA_SPKI_ENV = 'LABYRINTH_E2E_CA_SPKI';

/**
 * Flags for a closed network: without the background-networking ones Chromium keeps
 * trying to reach Google's hosts. Loopback peer connections let WebRTC tests connect.
 */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--allow-loopback-in-peer-connection',
	`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
	...(process.env[CA_SPKI_ENV] ? [`--ignore-certificate-errors-spki-list=${process.env[CA_SPKI_ENV]}`] : [])
];
