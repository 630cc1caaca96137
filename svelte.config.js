import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { basePath, outputDirs } from './scripts/lib/base-path.js';

const OUTPUT = outputDirs();

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// An SPA with a prerendered shell: every route falls back to index.html (SPA_FALLBACK:
		// 404.html on GitHub Pages, which answers an unknown address with it).
		adapter: adapter({ pages: OUTPUT.build, assets: OUTPUT.build, fallback: process.env.SPA_FALLBACK ?? 'index.html' }),
		// '' at a host's root; a sub-path (BASE_PATH=/labyrinth-gm) on GitHub Pages, where the
		// pages name their files absolutely (a page may be served at `/x/` after a redirect).
		paths: { base: basePath(), relative: basePath() === '' },
		// A page's small stylesheets go into its HTML (a phone on a slow link waits for no request
		// before it can paint /join's form; issue 35, Lighthouse's render-blocking requests).
		inlineStyleThreshold: 4096,
		// the benchmarks are type-checked with the app (`npm run check`), so a moved module breaks the check, not `npm run bench`
		typescript: {
			config: (config) => {
				config.include.push('../bench/**/*.ts');
			}
		}
	}
};

export default config;
