// "Is the production build up to date?" — shared by `npm start`, the benchmarks and the
// screenshot script. A build is stale when any source is newer than build/index.html.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BUILD_DIR = join(ROOT, 'build');
/** What Vite and SvelteKit leave beside build/: the chunk graph the bundle benchmark reads. */
export const KIT_OUTPUT = join(ROOT, '.svelte-kit');

const SOURCES = ['src', 'static', 'messages', 'project.inlang', 'svelte.config.js', 'vite.config.ts', 'package.json'];
const GENERATED = new Set(['paraglide', 'node_modules']);

/** @param {string} path */
function newestMtime(path) {
	if (!existsSync(path)) return 0;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of readdirSync(path)) {
		if (GENERATED.has(entry) || entry.endsWith('.test.ts')) continue;
		newest = Math.max(newest, newestMtime(join(path, entry)));
	}
	return newest;
}

export function needsBuild() {
	const index = join(BUILD_DIR, 'index.html');
	const manifest = join(KIT_OUTPUT, 'output', 'client', '.vite', 'manifest.json');
	if (!existsSync(index) || !existsSync(manifest)) return true;
	const built = statSync(index).mtimeMs;
	// a later build elsewhere (the sub-path one) left .svelte-kit/ describing another build
	if (statSync(manifest).mtimeMs > built) return true;
	return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

/**
 * Builds (`npm run build`) when the build is missing or older than the sources. Says one line
 * (unless quiet); the build's own output is shown only when it fails, and then it throws.
 */
export function ensureBuild({ quiet = false } = {}) {
	if (!needsBuild()) return false;
	if (!quiet) console.log('Building the app (the first time takes a minute)…');
	const run = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, shell: process.platform === 'win32' });
	if (run.status !== 0) {
		process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
		throw new Error(`The build failed (npm run build, exit ${run.status ?? run.signal ?? run.error?.message}): its output is above.`);
	}
	return true;
}
