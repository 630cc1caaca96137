import type { TestProject } from 'vitest/node';
import { startServer } from '../../../scripts/server.js';
import { LAN_HOST } from './chromium';

declare module 'vitest' {
	export interface ProvidedContext {
		baseURL: string;
		/** The same server under a LAN-style name (not loopback: not a secure context), see origins.ts. */
		lanURL: string;
	}
}

/** Serves the production build on a free port for the whole e2e run. */
export default async function setup(project: TestProject) {
	const server = await startServer({ port: 0, host: '127.0.0.1' });
	project.provide('baseURL', `http://127.0.0.1:${server.port}`);
	project.provide('lanURL', `http://${LAN_HOST}:${server.port}`);
	return async () => {
		await server.close();
	};
}
