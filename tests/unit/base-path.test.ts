// The app under a sub-path (GitHub Pages): BASE_PATH read once (scripts/lib/base-path.js) and
// followed by SvelteKit's base and every address of the PWA (vite.config.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { basePath, pwaPaths } from '../../scripts/lib/base-path.js';
import { indexPages } from '../../scripts/static-host.js';

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

describe('a static host that redirects /x to /x/ (GitHub Pages)', () => {
	test('a page with a folder of its name gets a copy as the folder index; others are left alone', () => {
		const dir = mkdtempSync(join(tmpdir(), 'labyrinth-pages-'));
		try {
			mkdirSync(join(dir, 'join'));
			mkdirSync(join(dir, '_app'));
			writeFileSync(join(dir, 'join.html'), 'join page');
			writeFileSync(join(dir, 'join/host.html'), 'table page');
			writeFileSync(join(dir, 'pass.html'), 'pass page');
			expect(indexPages(dir)).toEqual([join('join', 'index.html')]);
			expect(readFileSync(join(dir, 'join/index.html'), 'utf8')).toBe('join page');
			expect(existsSync(join(dir, '_app/index.html'))).toBe(false);
			// again: nothing more to write
			expect(indexPages(dir)).toEqual([]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
