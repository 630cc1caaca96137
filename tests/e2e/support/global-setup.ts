import type { TestProject } from 'vitest/node';
import { startServer } from '../../../scripts/server.js';

declare module 'vitest' {
	export interface ProvidedContext {
		baseURL: string;
	}
}

/** Serves the production build on a free port for the whole e2e run. */
export default async function setup(project: TestProject) {
	const server = await startServer({ port: 0, host: '127.0.0.1' });
	project.provide('baseURL', `http://127.0.0.1:${server.port}`);
	return async () => {
		await server.close();
	};
}
