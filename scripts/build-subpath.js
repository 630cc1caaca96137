// The build as GitHub Pages publishes it (.github/workflows/pages.yml): under a sub-path, with
// 404.html as the SPA fallback and a page for every folder — into build-subpath/, leaving
// build/ alone. It shares .svelte-kit/ (the PWA plugin makes its service worker there only), so
// `npm test` runs it before `npm run build`, and a build/ older than it counts as stale
// (scripts/lib/build.js). For tests/e2e/subpath.e2e.ts. Quiet unless it fails.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const SUBPATH = { base: '/labyrinth-gm', build: 'build-subpath' };

const env = { ...process.env, BASE_PATH: SUBPATH.base, SPA_FALLBACK: '404.html', BUILD_DIR: SUBPATH.build };
for (const [command, args] of [
	['npx', ['vite', 'build', '--logLevel', 'warn']],
	['node', ['scripts/precompress.js', SUBPATH.build]],
	['node', ['scripts/static-host.js', SUBPATH.build]]
]) {
	const run = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
	if (run.status !== 0) {
		process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
		console.error(`The sub-path build failed at: ${command} ${args.join(' ')}`);
		process.exit(1);
	}
}
console.log(`built under ${SUBPATH.base} into ${SUBPATH.build}/`);
