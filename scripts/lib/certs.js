// The HTTPS certificate of `npm start`, made on this machine on first start (`@peculiar/x509`
// and `selfsigned`, on Node's WebCrypto: no openssl needed) and kept in .certs/ (git-ignored,
// never committed):
//   ca.pem, ca-key.pem     a certificate authority of this machine's own (2 years): a phone
//                          trusts it once (README: "Running at a table"), served for download
//                          at CA_PATH (scripts/server.js). It can vouch for this computer only:
//                          critical name constraints permit the machine's name, `.local`,
//                          `localhost` and the private address ranges, and it signs server
//                          certificates only (extended key usage). An authority without them
//                          (made by an older version), or for another host name, or near its
//                          end, is replaced: the phones trust the new one once.
//   cert.pem, key.pem      the server's certificate, signed by it, for the machine's names and
//                          addresses (hostname, hostname.local, localhost, each LAN IPv4,
//                          127.0.0.1); made again, by the same authority, when the machine has
//                          a name or an address it does not cover or it nears its end
// A phone that trusts the authority keeps trusting every later server certificate.
import * as x509 from '@peculiar/x509';
import { X509Certificate, createHash, webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
/** The authority's life: long enough not to ask phones often, short enough that a lost key expires. */
const CA_DAYS = 730;

/** The private address ranges (and loopback, link-local) an authority may vouch for: [address, prefix length]. */
export const PRIVATE_RANGES = /** @type {const} */ ([
	['10.0.0.0', 8],
	['172.16.0.0', 12],
	['192.168.0.0', 16],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['fc00::', 7],
	['fe80::', 10],
	['::1', 128]
]);

/**
 * Whether an IPv4 address is in one of PRIVATE_RANGES (the authority can vouch for it).
 * @param {string} address
 */
export function isPrivateAddress(address) {
	if (isIP(address) !== 4) return false;
	const value = (/** @type {string} */ a) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
	return PRIVATE_RANGES.some(([range, prefix]) => isIP(range) === 4 && Math.floor(value(address) / 2 ** (32 - prefix)) === Math.floor(value(range) / 2 ** (32 - prefix)));
}

/**
 * The names an authority of this machine may vouch for: `localhost`, `.local` (any name under
 * it) and the machine's own name (and any under it, as name constraints go).
 * @param {string} [name] the machine's host name
 */
export function permittedNames(name = hostname()) {
	const host = name.toLowerCase();
	return [...new Set(['localhost', 'local', host])].filter((h) => h && !h.endsWith('.local') && h.length <= 253);
}

/** DER: a tag, its length, its content. @param {number} tag @param {Uint8Array} content */
function der(tag, content) {
	const n = content.length;
	const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
	return Uint8Array.from([tag, ...length, ...content]);
}

/** @param {Uint8Array[]} parts */
const concat = (parts) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** An address and its mask, as an iPAddress name constraint takes them. @param {string} address @param {number} prefix */
function addressAndMask(address, prefix) {
	const bytes = isIP(address) === 4 ? address.split('.').map(Number) : ipv6Bytes(address);
	const mask = bytes.map((_, i) => Math.max(0, Math.min(8, prefix - i * 8))).map((bits) => (0xff << (8 - bits)) & 0xff);
	return Uint8Array.from([...bytes, ...mask]);
}

/** @param {string} address an IPv6 address, possibly with `::` */
function ipv6Bytes(address) {
	const [head = '', tail = ''] = address.split('::');
	const groups = (/** @type {string} */ part) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
	const left = groups(head);
	const right = groups(tail);
	const all = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
	return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/**
 * The DER of a NameConstraints extension's value (RFC 5280 4.2.1.10) permitting `names` (dNSName)
 * and the private address ranges (iPAddress), nothing else.
 * @param {string[]} names
 */
export function nameConstraintsDer(names) {
	const subtree = (/** @type {Uint8Array} */ general) => der(0x30, general);
	const dns = names.map((name) => subtree(der(0x82, new TextEncoder().encode(name))));
	const ips = PRIVATE_RANGES.map(([address, prefix]) => subtree(der(0x87, addressAndMask(address, prefix))));
	return der(0x30, der(0xa0, concat([...dns, ...ips])));
}

const NAME_CONSTRAINTS = '2.5.29.30';
const EXTENDED_KEY_USAGE = '2.5.29.37';

/**
 * Why an authority must be replaced, or null when it is fit: constrained to this machine's names
 * (critically), for server certificates only, not near its end.
 * @param {string} pem
 * @param {string[]} names permittedNames()
 */
export function authorityProblem(pem, names) {
	const cert = new x509.X509Certificate(pem);
	const constraints = cert.getExtension(NAME_CONSTRAINTS);
	if (!constraints || !constraints.critical) return 'it could vouch for any website (no name constraints)';
	if (Buffer.compare(Buffer.from(constraints.value), Buffer.from(nameConstraintsDer(names))) !== 0) return 'this computer\'s name changed';
	if (!cert.getExtension(EXTENDED_KEY_USAGE)) return 'it could sign more than websites (no extended key usage)';
	if (cert.notAfter.getTime() - Date.now() < RENEW_DAYS * DAY) return 'it nears its end';
	return null;
}

/**
 * A new certificate authority of this machine: constrained to `names` and the private ranges,
 * server certificates only, CA_DAYS long.
 * @param {string[]} names
 * @returns {Promise<{ cert: string, key: string }>}
 */
async function makeAuthority(names) {
	x509.cryptoProvider.set(/** @type {Crypto} */ (/** @type {unknown} */ (webcrypto)));
	const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
	const keys = /** @type {CryptoKeyPair} */ (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']));
	const now = Date.now();
	const cert = await x509.X509CertificateGenerator.createSelfSigned({
		serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '7'),
		name: [{ CN: [`Labyrinth GM on ${hostname()}`] }, { O: ['Labyrinth GM (this computer only)'] }],
		notBefore: new Date(now - DAY),
		notAfter: new Date(now + CA_DAYS * DAY),
		keys,
		signingAlgorithm: algorithm,
		extensions: [
			new x509.BasicConstraintsExtension(true, 0, true),
			new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
			new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
			new x509.Extension(NAME_CONSTRAINTS, true, nameConstraintsDer(names)),
			await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)
		]
	});
	const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
	const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----\n`;
	return { cert: cert.toString('pem'), key };
}

/**
 * The SHA-256 fingerprint of a certificate, as phones show it (AB:CD:…).
 * @param {string} pem
 */
export function fingerprint(pem) {
	return /** @type {string} */ (new X509Certificate(pem).fingerprint256);
}

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
 * @param {{ dir?: string, hosts: string[], name?: string }} options hosts: names and addresses to
 *   cover (machineHosts); name: the machine's host name (the authority's permitted name)
 * @returns {Promise<{ key: string, cert: string, ca: string, caDer: Buffer, caFile: string, caSpki: string,
 *   caFingerprint: string, made: { ca: boolean, cert: boolean }, replaced: string | null }>}
 *   cert: the server's certificate followed by the authority's (the chain a browser checks);
 *   replaced: why an existing authority was replaced (phones must trust the new one), or null
 */
export async function ensureCertificates({ dir = CERTS_DIR, hosts, name = hostname() }) {
	mkdirSync(dir, { recursive: true });
	const file = (/** @type {string} */ name) => join(dir, name);
	const made = { ca: false, cert: false };
	const names = permittedNames(name);
	const present = existsSync(file('ca.pem')) && existsSync(file('ca-key.pem'));
	const replaced = present ? authorityProblem(readFileSync(file('ca.pem'), 'utf8'), names) : null;
	if (!present || replaced) {
		for (const old of ['ca.pem', 'ca-key.pem', 'cert.pem', 'key.pem']) rmSync(file(old), { force: true });
		const authority = await makeAuthority(names);
		writeFileSync(file('ca-key.pem'), authority.key, { mode: 0o600 });
		writeFileSync(file('ca.pem'), authority.cert);
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
		caFingerprint: fingerprint(ca),
		made,
		replaced
	};
}
