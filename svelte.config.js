import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// An SPA with a prerendered shell: every route falls back to index.html.
		adapter: adapter({ fallback: 'index.html' })
	}
};

export default config;
