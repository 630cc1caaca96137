import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILD_DIR, ROOT } from '../../../scripts/lib/build.js';
import { ensureCertificates, machineHosts } from '../../../scripts/lib/certs.js';
import { CA_SPKI_ENV, LAN_HOST } from './chromium';

declare module 'vitest' {
	export interface ProvidedContext {
		baseURL: string;
		/** The same server under a LAN-style name (not loopback: not a secure context), see origins.ts. */
		lanURL: string;
		/** The same server over HTTPS under the LAN-style name, with a certificate the test browser trusts. */
		lanHttpsURL: string;
	}
}

/** The test run's certificate authority and certificate, kept between runs (made in a few seconds). */
export const E2E_CERTS_DIR = join(ROOT, 'test-results', 'certs');

/**
 * Serves the production build for the whole e2e run as `npm start` does (the PeerServer at
 * /peerjs, HTTP and HTTPS), on free ports. Chromium trusts the run's certificate authority
 * by its key (CHROMIUM_ARGS, through CA_SPKI_ENV, read by the test processes started after).
 * The server runs in a process of its own (server-process.js), ended with the run.
 */
export default async function setup(project: TestProject) {
	if (!existsSync(join(BUILD_DIR, 'index.html'))) throw new Error(`No build in ${BUILD_DIR}: run \`npm run build\` first.`);
	// the run's machine is named LAN_HOST: the authority's name constraints permit it
	const certificate = await ensureCertificates({ dir: E2E_CERTS_DIR, hosts: [...machineHosts([], LAN_HOST)], name: LAN_HOST });
	process.env[CA_SPKI_ENV] = certificate.caSpki;
	const child = fork(join(import.meta.dirname, 'server-process.js'), [], { stdio: ['pipe', 'inherit', 'inherit', 'ipc'] });
	const ports = new Promise<{ port: number; httpsPort: number }>((resolve, reject) => {
		child.once('message', (message) => resolve(message as { port: number; httpsPort: number }));
		child.once('exit', (code) => reject(new Error(`the e2e server ended before listening (exit ${code})`)));
	});
	child.stdin?.end(JSON.stringify({ key: certificate.key, cert: certificate.cert, ca: certificate.caDer.toString('base64') }));
	const { port, httpsPort } = await ports;
	project.provide('baseURL', `http://127.0.0.1:${port}`);
	project.provide('lanURL', `http://${LAN_HOST}:${port}`);
	project.provide('lanHttpsURL', `https://${LAN_HOST}:${httpsPort}`);
	return async () => {
		const ended = new Promise((resolve) => child.once('exit', resolve));
		child.kill();
		await ended;
	};
}
