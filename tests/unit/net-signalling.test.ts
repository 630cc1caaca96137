// The PeerServer that `npm start` mounts at /peerjs (issue 6): ids are handed out, a client's
// WebSocket is accepted where PeerJS looks for it, and close() ends the WebSockets too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import WebSocket from 'ws';
import { SIGNALLING_PATH, startServer } from '../../scripts/server.js';

test('the PeerServer answers under /peerjs, takes a client, and stops with the server', async () => {
	const root = mkdtempSync(join(tmpdir(), 'labyrinth-build-'));
	writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
	const server = await startServer({ root, port: 0, host: '127.0.0.1', signalling: true });
	try {
		const origin = `127.0.0.1:${server.port}`;
		const id = await (await fetch(`http://${origin}${SIGNALLING_PATH}/peerjs/id`)).text();
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		const socket = new WebSocket(`ws://${origin}${SIGNALLING_PATH}/peerjs?key=peerjs&id=labyrinth-gm-test&token=t1`);
		const first = await new Promise<string>((resolve, reject) => {
			socket.once('message', (data) => resolve(String(data)));
			socket.once('error', reject);
		});
		expect(JSON.parse(first)).toEqual({ type: 'OPEN' });
		const closed = new Promise((resolve) => socket.once('close', resolve));
		await server.close();
		await closed;
	} finally {
		await server.close();
		rmSync(root, { recursive: true, force: true });
	}
});
