// The HTTPS certificate of `npm start`, made on this machine on first start (the `selfsigned`
// package: no openssl needed) and kept in .certs/ (git-ignored, never committed):
//   ca.pem, ca-key.pem     a certificate authority of this machine's own (10 years): a phone
//                          trusts it once (README: "Running at a table"), served for download
//                          at CA_PATH (scripts/server.js)
//   cert.pem, key.pem      the server's certificate, signed by it, for the machine's names and
//                          addresses (hostname, hostname.local, localhost, each LAN IPv4,
//                          127.0.0.1); made again, by the same authority, when the machine has
//                          a name or an address it does not cover or it nears its end
// A phone that trusts the authority keeps trusting every later server certificate.
import { X509Certificate, createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { ROOT } from './build.js';

export const CERTS_DIR = join(ROOT, '.certs');

const DAY = 24 * 60 * 60 * 1000;
/** Browsers refuse server certificates valid for longer than 398 days (Apple since 2020). */
const SERVER_DAYS = 397;
const RENEW_DAYS = 30;

/**
 * The names and addresses a phone may use for this machine.
 * @param {string[]} addresses the machine's LAN IPv4 addresses
 * @param {string} [name] the machine's host name
 */
export function machineHosts(addresses, name = hostname()) {
	const host = name.toLowerCase();
	const names = ['localhost', host, ...(host.includes('.') || host === 'localhost' ? [] : [`${host}.local`])];
	return [...new Set([...names, '127.0.0.1', ...addresses])].filter(Boolean);
}

/**
 * The base64 SHA-256 of a certificate's public key (SPKI), as Chromium's
 * `--ignore-certificate-errors-spki-list` takes it.
 * @param {string} pem
 */
export function spkiHash(pem) {
	const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
	return createHash('sha256').update(der).digest('base64');
}

/**
 * Whether the server certificate `pem` names every host of `hosts`, is signed by `ca` and
 * stays valid for RENEW_DAYS more.
 * @param {string} pem
 * @param {string} caPem
 * @param {string[]} hosts
 */
function covers(pem, caPem, hosts) {
	const cert = new X509Certificate(pem);
	if (!cert.checkIssued(new X509Certificate(caPem))) return false;
	if (new Date(cert.validTo).getTime() - Date.now() < RENEW_DAYS * DAY) return false;
	return hosts.every((h) => (isIP(h) ? cert.checkIP(h) : cert.checkHost(h)) !== undefined);
}

/**
 * The key and certificate chain to serve HTTPS with, made or renewed as needed.
 * @param {{ dir?: string, hosts: string[] }} options hosts: names and addresses to cover (machineHosts)
 * @returns {Promise<{ key: string, cert: string, ca: string, caDer: Buffer, caFile: string, caSpki: string, made: { ca: boolean, cert: boolean } }>}
 *   cert: the server's certificate followed by the authority's (the chain a browser checks)
 */
export async function ensureCertificates({ dir = CERTS_DIR, hosts }) {
	mkdirSync(dir, { recursive: true });
	const file = (/** @type {string} */ name) => join(dir, name);
	const made = { ca: false, cert: false };
	if (!existsSync(file('ca.pem')) || !existsSync(file('ca-key.pem'))) {
		const now = new Date();
		const pems = await selfsigned.generate(
			[
				{ name: 'commonName', value: `Labyrinth GM on ${hostname()}` },
				{ name: 'organizationName', value: 'Labyrinth GM (this computer only)' }
			],
			{
				keyType: 'rsa',
				keySize: 2048,
				algorithm: 'sha256',
				notBeforeDate: new Date(now.getTime() - DAY),
				notAfterDate: new Date(now.getTime() + 3650 * DAY),
				extensions: [
					{ name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
					{ name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true }
				]
			}
		);
		writeFileSync(file('ca-key.pem'), pems.private, { mode: 0o600 });
		writeFileSync(file('ca.pem'), pems.cert);
		made.ca = true;
	}
	const ca = readFileSync(file('ca.pem'), 'utf8');
	const caKey = readFileSync(file('ca-key.pem'), 'utf8');
	const fresh = !made.ca && existsSync(file('cert.pem')) && existsSync(file('key.pem')) && covers(readFileSync(file('cert.pem'), 'utf8'), ca, hosts);
	if (!fresh) {
		const now = new Date();
		const pems = await selfsigned.generate([{ name: 'commonName', value: hosts.find((h) => !isIP(h) && h !== 'localhost') ?? 'localhost' }], {
			keyType: 'rsa',
			keySize: 2048,
			algorithm: 'sha256',
			notBeforeDate: new Date(now.getTime() - DAY),
			notAfterDate: new Date(now.getTime() + SERVER_DAYS * DAY),
			ca: { key: caKey, cert: ca },
			extensions: [
				{ name: 'basicConstraints', cA: false, critical: true },
				{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
				{ name: 'extKeyUsage', serverAuth: true },
				{ name: 'subjectAltName', altNames: hosts.map((h) => (isIP(h) ? { type: 7, ip: h } : { type: 2, value: h })) }
			]
		});
		writeFileSync(file('key.pem'), pems.private, { mode: 0o600 });
		writeFileSync(file('cert.pem'), pems.cert);
		made.cert = true;
	}
	return {
		key: readFileSync(file('key.pem'), 'utf8'),
		cert: `${readFileSync(file('cert.pem'), 'utf8').trim()}\n${ca.trim()}\n`,
		ca,
		caDer: Buffer.from(new X509Certificate(ca).raw),
		caFile: file('ca.pem'),
		caSpki: spkiHash(ca),
		made
	};
}
