// Where the app lives on its host: `''` at a host's root (`npm start`), or a sub-path such as
// `/labyrinth-gm` on GitHub Pages (`https://<user>.github.io/labyrinth-gm/`), taken from the
// BASE_PATH environment variable at build time. SvelteKit's `paths.base` (svelte.config.js)
// and the PWA's scope, start URL, icons and service worker (vite.config.ts) all follow it.

/**
 * The base path from `BASE_PATH`: no slash at the end, one at the start, '' for the root.
 * @param {string | undefined} value
 * @returns {'' | `/${string}`}
 */
export function basePath(value = process.env.BASE_PATH) {
	const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
	if (trimmed === '') return '';
	if (!/^[\w.~-]+(\/[\w.~-]+)*$/.test(trimmed) || trimmed.split('/').some((part) => part === '.' || part === '..')) {
		throw new Error(`BASE_PATH must be a path such as /labyrinth-gm, not ${JSON.stringify(value)}`);
	}
	return `/${trimmed}`;
}

/**
 * The PWA's addresses under `base` (vite.config.ts): where the service worker is, what it
 * controls, where the installed app starts, its icons, the page any unknown address gets
 * offline, and what that must never answer (the PeerServer of `npm start`).
 * @param {'' | `/${string}`} base
 */
export function pwaPaths(base) {
	const root = `${base}/`;
	return {
		/** vite-plugin-pwa's `base`: the service worker is at `${root}sw.js`. */
		base: root,
		scope: root,
		id: root,
		startUrl: root,
		/** An asset of static/ (`/icons/x.png`) under the base. */
		asset: (/** @type {string} */ path) => `${base}${path}`,
		navigateFallback: root,
		navigateFallbackDenylist: [new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/peerjs`)]
	};
}

/**
 * Where the build goes: build/ unless BUILD_DIR says otherwise (the sub-path build `npm test`
 * checks goes to build-subpath/: scripts/build-subpath.js).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function outputDirs(env = process.env) {
	return { build: env.BUILD_DIR || 'build' };
}
