import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { basePath, pwaPaths } from './scripts/lib/base-path.js';

/** The colour of the icon's ground (static/icon.svg): browser chrome and splash screen. */
const THEME_COLOUR = '#1d4a3e';

/** Where the app lives on its host ('' or BASE_PATH, scripts/lib/base-path.js). */
const PWA = pwaPaths(basePath());

export default defineConfig({
	plugins: [
		sveltekit(),
		SvelteKitPWA({
			strategies: 'generateSW',
			// A new version is offered by a toast (src/lib/ui/UpdateToast.svelte), never forced.
			registerType: 'prompt',
			injectRegister: false,
			// Absolute, so a deep link (/play/…) registers /sw.js and not /play/sw.js (under the base).
			base: PWA.base,
			scope: PWA.scope,
			// The home page's precache entry under the base too (the offline fallback is bound to it).
			kit: { base: PWA.base },
			manifest: {
				id: PWA.id,
				name: 'Labyrinth GM',
				short_name: 'Labyrinth',
				description:
					'The game master for Labyrinth, the pen-and-paper game: a tablet adjudicates, players join from their phones. Works offline.',
				lang: 'en',
				start_url: PWA.startUrl,
				scope: PWA.scope,
				display: 'standalone',
				orientation: 'any',
				theme_color: THEME_COLOUR,
				background_color: THEME_COLOUR,
				categories: ['games', 'entertainment'],
				icons: [
					{ src: PWA.asset('/icons/icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
					{ src: PWA.asset('/icons/icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
					{ src: PWA.asset('/icons/maskable-192.png'), sizes: '192x192', type: 'image/png', purpose: 'maskable' },
					{ src: PWA.asset('/icons/maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' }
				],
				// Taken of the real app by scripts/screenshots.js.
				screenshots: [
					{
						src: PWA.asset('/screenshots/home-narrow.png'),
						sizes: '780x1688',
						type: 'image/png',
						form_factor: 'narrow',
						label: 'Labyrinth GM on a phone'
					},
					{
						src: PWA.asset('/screenshots/home-wide.png'),
						sizes: '2360x1640',
						type: 'image/png',
						form_factor: 'wide',
						label: 'Labyrinth GM on a tablet'
					}
				]
			},
			workbox: {
				// Everything the app needs; the screenshots serve only the install prompt.
				globPatterns: [
					'client/**/*.{js,css,ico,png,svg,webp,woff,woff2,webmanifest,json}',
					'prerendered/**/*.{html,json}'
				],
				globIgnores: ['client/screenshots/**'],
				// Any navigation (a deep link, a reload with no network) gets the app shell.
				navigateFallback: PWA.navigateFallback,
				navigateFallbackDenylist: PWA.navigateFallbackDenylist,
				// The first install takes the open page at once; later versions wait for the prompt.
				clientsClaim: true,
				skipWaiting: false,
				cleanupOutdatedCaches: true
			},
			devOptions: { enabled: false }
		})
	],
	test: {
		// Two workers whatever the machine: the e2e files each drive a Chromium, and more than two at
		// once make a small machine's timings unfair; the unit files are short either way.
		maxWorkers: 2,
		projects: [
			{
				extends: true,
				test: {
					name: 'node',
					environment: 'node',
					include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
					globalSetup: ['tests/setup/build-cli.ts'],
					setupFiles: ['tests/setup/event-texts.ts'],
					// The CLI tests start Node processes; on a busy 2-core machine one can take several seconds.
					testTimeout: 30_000
				}
			},
			{
				test: {
					name: 'e2e',
					environment: 'node',
					include: ['tests/e2e/**/*.e2e.ts'],
					globalSetup: ['tests/e2e/support/global-setup.ts'],
					setupFiles: ['tests/setup/event-texts.ts'],
					// Two files at a time (maxWorkers above): a browser test mostly waits on real time
					// (links, timers, animations), so two share two cores well; the timeouts leave room
					// for a busy machine.
					testTimeout: 90_000,
					hookTimeout: 60_000,
					// An expect.poll waits for what a person would see: vitest's own 1 s is a quiet
					// machine's, not the busy 2-core CI's (a screen drawn a second late is no failure).
					expect: { poll: { timeout: 30_000 } }
				}
			}
		]
	}
});
