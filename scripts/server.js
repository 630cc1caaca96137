// The production server: serves the static build with an SPA fallback.
// `npm start` runs it; the e2e tests start it on a random port.
import express from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BUILD_DIR = resolve(import.meta.dirname, '..', 'build');

/** Builds the express app serving `root` (the adapter-static output). */
export function createApp(root = BUILD_DIR) {
	const app = express();
	app.disable('x-powered-by');
	app.use(
		express.static(root, {
			setHeaders(res, path) {
				// The service worker and the shell must be revalidated, or updates never arrive;
				// hashed assets never change.
				if (path.endsWith('sw.js') || path.endsWith('.html') || path.endsWith('.webmanifest')) {
					res.setHeader('Cache-Control', 'no-cache');
				} else if (path.includes(`${join('_app', 'immutable')}`)) {
					res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
				}
			}
		})
	);
	// The signalling server (PeerServer) is mounted here by the connection layer.
	app.use((req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next();
		res.setHeader('Cache-Control', 'no-cache');
		res.sendFile(join(root, 'index.html'));
	});
	return app;
}

/**
 * Starts serving on `host:port` (port 0 picks a free one).
 * @returns {Promise<{ port: number, server: import('node:http').Server, close: () => Promise<void> }>}
 */
export function startServer({ root = BUILD_DIR, port = 4173, host = '0.0.0.0' } = {}) {
	if (!existsSync(join(root, 'index.html'))) {
		throw new Error(`No build in ${root}: run \`npm run build\` first.`);
	}
	const app = createApp(root);
	return new Promise((resolveStart, reject) => {
		const server = app.listen(port, host, () => {
			const address = server.address();
			const actualPort = typeof address === 'object' && address ? address.port : port;
			resolveStart({
				port: actualPort,
				server,
				close: () =>
					new Promise((done) => {
						server.closeAllConnections?.();
						server.close(() => done());
					})
			});
		});
		server.on('error', reject);
	});
}
