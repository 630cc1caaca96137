// The HTTPS certificate of `npm start` (scripts/lib/certs.js) and the server over HTTPS with it:
// an authority of the machine's own signs a certificate for its names and addresses; a new
// address gets a new certificate from the same authority (a phone that trusted it keeps
// trusting); the server's chain verifies against the authority; the PeerServer and the
// authority's download are there over HTTPS and HTTP alike.
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureCertificates, machineHosts, spkiHash } from '../../scripts/lib/certs.js';
import { CA_PATH, SIGNALLING_PATH, startServer } from '../../scripts/server.js';

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
		const first = await ensureCertificates({ dir, hosts: machineHosts(['192.168.1.20'], 'laptop') });
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

		const again = await ensureCertificates({ dir, hosts: machineHosts(['192.168.1.20'], 'laptop') });
		expect(again.made).toEqual({ ca: false, cert: false });
		expect(again.cert).toBe(first.cert);

		const moved = await ensureCertificates({ dir, hosts: machineHosts(['10.0.0.5'], 'laptop') });
		expect(moved.made).toEqual({ ca: false, cert: true });
		expect(moved.ca).toBe(first.ca);
		expect(new X509Certificate(moved.cert).checkIP('10.0.0.5')).toBe('10.0.0.5');
	});

	test('the server over HTTPS: its chain verifies against the authority; the PeerServer and the authority are there', async () => {
		const root = mkdtempSync(join(tmpdir(), 'labyrinth-build-'));
		mkdirSync(join(root, '_app'));
		writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
		const certificate = await ensureCertificates({ dir, hosts: machineHosts(['10.0.0.5'], 'laptop') });
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
			// a name the certificate does not carry is refused
			await expect(httpsGet(server.httpsPort!, '/', certificate.ca, 'elsewhere.example')).rejects.toThrow();
		} finally {
			await server.close();
			rmSync(root, { recursive: true, force: true });
		}
	});
});
