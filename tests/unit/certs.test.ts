// The HTTPS certificate of `npm start` (scripts/lib/certs.js) and the server over HTTPS with it:
// an authority of the machine's own signs a certificate for its names and addresses; a new
// address gets a new certificate from the same authority (a phone that trusted it keeps
// trusting); the server's chain verifies against the authority; the PeerServer and the
// authority's download are there over HTTPS and HTTP alike.
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import selfsigned from 'selfsigned';
import { ensureCertificates, isPrivateAddress, machineHosts, spkiHash } from '../../scripts/lib/certs.js';
import { CA_PAGE_PATH, CA_PATH, SIGNALLING_PATH, startServer } from '../../scripts/server.js';

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'labyrinth-certs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** GET over HTTPS trusting only `ca`, with the name `servername` for the address 127.0.0.1. */
function httpsGet(port: number, path: string, ca: string, servername: string): Promise<{ status: number; body: Buffer }> {
	return new Promise((resolve, reject) => {
		const request = get({ host: '127.0.0.1', port, path, ca, servername, headers: { host: `${servername}:${port}` } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (c: Buffer) => chunks.push(c));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
		});
		request.on('error', reject);
	});
}

describe('the certificate of npm start', () => {
	test("the machine's names: its name, name.local, localhost and every address", () => {
		expect(machineHosts(['192.168.1.20', '10.0.0.5'], 'Laptop')).toEqual(['localhost', 'laptop', 'laptop.local', '127.0.0.1', '192.168.1.20', '10.0.0.5']);
		expect(machineHosts([], 'laptop.home.arpa')).toEqual(['localhost', 'laptop.home.arpa', '127.0.0.1']);
	});

	test('an authority of its own signs a certificate for every name; kept, and renewed by the same authority for a new address', async () => {
		const first = await ensureCertificates({ dir, hosts: machineHosts(['192.168.1.20'], 'laptop'), name: 'laptop' });
		expect(first.made).toEqual({ ca: true, cert: true });
		const ca = new X509Certificate(first.ca);
		expect(ca.ca).toBe(true);
		const [leafPem] = first.cert.split(/(?<=-----END CERTIFICATE-----)\n/);
		const leaf = new X509Certificate(leafPem!);
		expect(leaf.ca).toBe(false);
		expect(leaf.checkIssued(ca)).toBe(true);
		expect(leaf.verify(ca.publicKey)).toBe(true);
		for (const name of ['laptop', 'laptop.local', 'localhost']) expect(leaf.checkHost(name), name).toBe(name);
		for (const ip of ['127.0.0.1', '192.168.1.20']) expect(leaf.checkIP(ip), ip).toBe(ip);
		// at most 398 days, or Safari and Chrome refuse it
		expect(new Date(leaf.validTo).getTime() - Date.now()).toBeLessThanOrEqual(398 * 24 * 3600 * 1000);
		expect(first.caSpki).toBe(spkiHash(first.ca));
		expect(first.caDer.equals(Buffer.from(ca.raw))).toBe(true);
		// never committed: the key stays readable by its owner only
		expect(readFileSync(join(dir, 'ca-key.pem'), 'utf8')).toContain('PRIVATE KEY');

		const again = await ensureCertificates({ dir, hosts: machineHosts(['192.168.1.20'], 'laptop'), name: 'laptop' });
		expect(again.made).toEqual({ ca: false, cert: false });
		expect(again.cert).toBe(first.cert);

		const moved = await ensureCertificates({ dir, hosts: machineHosts(['10.0.0.5'], 'laptop'), name: 'laptop' });
		expect(moved.made).toEqual({ ca: false, cert: true });
		expect(moved.ca).toBe(first.ca);
		expect(new X509Certificate(moved.cert).checkIP('10.0.0.5')).toBe('10.0.0.5');
	});

	test('the server over HTTPS: its chain verifies against the authority; the PeerServer and the authority are there', async () => {
		const root = mkdtempSync(join(tmpdir(), 'labyrinth-build-'));
		mkdirSync(join(root, '_app'));
		writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
		const certificate = await ensureCertificates({ dir, hosts: machineHosts(['10.0.0.5'], 'laptop'), name: 'laptop' });
		const server = await startServer({ root, port: 0, host: '127.0.0.1', signalling: true, https: { port: 0, key: certificate.key, cert: certificate.cert, ca: certificate.caDer } });
		try {
			expect(server.httpsPort).toBeGreaterThan(0);
			for (const name of ['laptop.local', 'localhost']) {
				const page = await httpsGet(server.httpsPort!, '/', certificate.ca, name);
				expect(page.status).toBe(200);
				expect(page.body.toString()).toContain('shell');
			}
			const peer = await httpsGet(server.httpsPort!, `${SIGNALLING_PATH}/`, certificate.ca, 'localhost');
			expect(JSON.parse(peer.body.toString()).name).toBe('PeerJS Server');
			// the authority, to download over plain HTTP before the phone trusts it
			const download = await fetch(`http://127.0.0.1:${server.port}${CA_PATH}`);
			expect(download.headers.get('content-type')).toContain('application/x-x509-ca-cert');
			expect(Buffer.from(await download.arrayBuffer()).equals(certificate.caDer)).toBe(true);
			// the page that offers it shows its SHA-256 fingerprint, as openssl computes it
			const page = await (await fetch(`http://127.0.0.1:${server.port}${CA_PAGE_PATH}`, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).text();
			const fingerprint = opensslFingerprint(join(dir, 'ca.pem'));
			expect(page.replaceAll('<br>', ':')).toContain(fingerprint);
			expect(certificate.caFingerprint).toBe(fingerprint);
			expect(page).toContain('lang="ru"');
			expect(page).toContain(`href="${CA_PATH}"`);
			// a name the certificate does not carry is refused
			await expect(httpsGet(server.httpsPort!, '/', certificate.ca, 'elsewhere.example')).rejects.toThrow();
		} finally {
			await server.close();
			rmSync(root, { recursive: true, force: true });
		}
	});
});

/** `openssl x509 -fingerprint -sha256` of a PEM file: AB:CD:… */
function opensslFingerprint(file: string): string {
	return execFileSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256', '-in', file], { encoding: 'utf8' }).trim().split('=')[1]!;
}

/** Signs a server certificate for `names` with the authority in `dir`, as someone who read ca-key.pem would. */
async function signWithAuthority(dir: string, names: { type: 2 | 7; value?: string; ip?: string }[]): Promise<string> {
	const file = join(dir, `leaf-${names.map((n) => n.value ?? n.ip).join('-')}.pem`);
	// a common name that is no host name: only the names it carries are judged
	const pems = await selfsigned.generate([{ name: 'commonName', value: 'a server' }], {
		keyType: 'rsa',
		keySize: 2048,
		algorithm: 'sha256',
		ca: { key: readFileSync(join(dir, 'ca-key.pem'), 'utf8'), cert: readFileSync(join(dir, 'ca.pem'), 'utf8') },
		extensions: [
			{ name: 'basicConstraints', cA: false, critical: true },
			{ name: 'extKeyUsage', serverAuth: true },
			{ name: 'subjectAltName', altNames: names }
		]
	});
	writeFileSync(file, pems.cert);
	return file;
}

/** `openssl verify` of `leaf` against the authority in `dir`, as a TLS server certificate. */
function opensslVerify(dir: string, leaf: string) {
	const result = spawnSync('openssl', ['verify', '-purpose', 'sslserver', '-CAfile', join(dir, 'ca.pem'), leaf], { encoding: 'utf8' });
	return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe('the authority vouches for this computer only (issue 32)', () => {
	let own: string;
	beforeAll(async () => {
		own = mkdtempSync(join(tmpdir(), 'labyrinth-ca-'));
		await ensureCertificates({ dir: own, hosts: machineHosts(['192.168.1.20'], 'laptop'), name: 'laptop' });
	});
	afterAll(() => rmSync(own, { recursive: true, force: true }));

	test('its own server certificate verifies; one it signs for another domain or a public address does not', async () => {
		expect(opensslVerify(own, join(own, 'cert.pem'))).toMatchObject({ ok: true });
		for (const names of [[{ type: 2 as const, value: 'accounts.google.com' }], [{ type: 2 as const, value: 'example.com' }], [{ type: 2 as const, value: 'laptop.local' }, { type: 2 as const, value: 'bank.example' }], [{ type: 7 as const, ip: '8.8.8.8' }]]) {
			const verdict = opensslVerify(own, await signWithAuthority(own, names));
			expect(verdict.ok, JSON.stringify(names)).toBe(false);
			expect(verdict.output, JSON.stringify(names)).toMatch(/subtree violation/);
		}
		// what it is for still verifies when signed by hand: the constraints, not the signing, refuse the rest
		for (const names of [[{ type: 2 as const, value: 'other.local' }], [{ type: 7 as const, ip: '10.1.2.3' }], [{ type: 7 as const, ip: '172.20.0.9' }]]) {
			expect(opensslVerify(own, await signWithAuthority(own, names)).ok, JSON.stringify(names)).toBe(true);
		}
	});

	test('the private addresses it may vouch for', () => {
		for (const address of ['10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.1.20', '127.0.0.1', '169.254.3.4']) expect(isPrivateAddress(address), address).toBe(true);
		for (const address of ['8.8.8.8', '172.32.0.1', '192.0.2.2', '11.0.0.1', 'laptop.local']) expect(isPrivateAddress(address), address).toBe(false);
	});

	test('critical name constraints, server authentication only, two years', () => {
		const text = execFileSync('openssl', ['x509', '-noout', '-text', '-in', join(own, 'ca.pem')], { encoding: 'utf8' });
		expect(text).toMatch(/X509v3 Name Constraints: critical\s+Permitted:/);
		for (const permitted of ['DNS:localhost', 'DNS:local', 'DNS:laptop', 'IP:10.0.0.0/255.0.0.0', 'IP:172.16.0.0/255.240.0.0', 'IP:192.168.0.0/255.255.0.0']) expect(text).toContain(permitted);
		expect(text).toMatch(/Extended Key Usage:\s+TLS Web Server Authentication\n/);
		const ca = new X509Certificate(readFileSync(join(own, 'ca.pem')));
		const days = (new Date(ca.validTo).getTime() - Date.now()) / 86_400_000;
		expect(days).toBeGreaterThan(700);
		expect(days).toBeLessThanOrEqual(731);
	});

	test('an authority without constraints (an older version made it) is replaced, and says why', async () => {
		const old = mkdtempSync(join(tmpdir(), 'labyrinth-ca-old-'));
		try {
			const pems = await selfsigned.generate([{ name: 'commonName', value: 'Labyrinth GM on laptop' }], {
				keyType: 'rsa',
				keySize: 2048,
				algorithm: 'sha256',
				extensions: [{ name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]
			});
			writeFileSync(join(old, 'ca.pem'), pems.cert);
			writeFileSync(join(old, 'ca-key.pem'), pems.private);
			const renewed = await ensureCertificates({ dir: old, hosts: machineHosts([], 'laptop'), name: 'laptop' });
			expect(renewed.made.ca).toBe(true);
			expect(renewed.replaced).toMatch(/any website/);
			expect(renewed.ca).not.toBe(pems.cert);
			expect(opensslVerify(old, await signWithAuthority(old, [{ type: 2, value: 'accounts.google.com' }])).ok).toBe(false);
			// kept from then on; a new machine name needs a new one
			expect((await ensureCertificates({ dir: old, hosts: machineHosts([], 'laptop'), name: 'laptop' })).made.ca).toBe(false);
			expect((await ensureCertificates({ dir: old, hosts: machineHosts([], 'desk'), name: 'desk' })).replaced).toMatch(/name changed/);
		} finally {
			rmSync(old, { recursive: true, force: true });
		}
	});
});
