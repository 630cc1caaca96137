// The app under a sub-path (GitHub Pages): BASE_PATH read once (scripts/lib/base-path.js) and
// followed by SvelteKit's base and every address of the PWA (vite.config.ts).
import { describe, expect, test } from 'vitest';
import { basePath, pwaPaths } from '../../scripts/lib/base-path.js';

describe('the base path', () => {
	test.each([
		[undefined, ''],
		['', ''],
		['/', ''],
		['/labyrinth-gm', '/labyrinth-gm'],
		['labyrinth-gm/', '/labyrinth-gm'],
		[' /games/labyrinth-gm/ ', '/games/labyrinth-gm']
	])('BASE_PATH=%j → %j', (value, expected) => {
		expect(basePath(value)).toBe(expected);
	});

	test.each(['/a b', '/../etc', '/a/./b', '/a?b', 'https://host/x'])('BASE_PATH=%j is refused with a clear error', (value) => {
		expect(() => basePath(value)).toThrow(/BASE_PATH must be a path/);
	});

	test('at the root the PWA is where it always was', () => {
		const paths = pwaPaths('');
		expect(paths).toMatchObject({ base: '/', scope: '/', id: '/', startUrl: '/', navigateFallback: '/' });
		expect(paths.asset('/icons/icon-192.png')).toBe('/icons/icon-192.png');
		expect(paths.navigateFallbackDenylist.some((re) => re.test('/peerjs/id'))).toBe(true);
	});

	test('under /labyrinth-gm the service worker, its scope, the start URL, the icons and the offline fallback follow', () => {
		const paths = pwaPaths('/labyrinth-gm');
		expect(paths).toMatchObject({ base: '/labyrinth-gm/', scope: '/labyrinth-gm/', id: '/labyrinth-gm/', startUrl: '/labyrinth-gm/', navigateFallback: '/labyrinth-gm/' });
		expect(paths.asset('/icons/icon-192.png')).toBe('/labyrinth-gm/icons/icon-192.png');
		expect(paths.navigateFallbackDenylist.some((re) => re.test('/labyrinth-gm/peerjs/id'))).toBe(true);
		expect(paths.navigateFallbackDenylist.some((re) => re.test('/labyrinth-gm/join'))).toBe(false);
	});
});
