// The e2e run's server in a process of its own (global-setup.ts forks it): the server `npm
// start` runs (scripts/server.js) with the PeerServer, over HTTP and HTTPS. Its PeerServer keeps
// timers that never end, so the test runner's process stays free of them: the run ends by
// killing this one. Sends { port, httpsPort } once it listens.
import { readFileSync } from 'node:fs';
import { startServer } from '../../../scripts/server.js';

const { key, cert, ca } = JSON.parse(readFileSync(0, 'utf8'));
const server = await startServer({
	port: 0,
	host: '127.0.0.1',
	signalling: true,
	https: { port: 0, key, cert, ca: Buffer.from(ca, 'base64') }
});
process.send?.({ port: server.port, httpsPort: server.httpsPort });
process.on('disconnect', () => process.exit(0));
