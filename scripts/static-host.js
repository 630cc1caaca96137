// Readies build/ for a static host that answers `/x` with a redirect to `/x/` when a folder `x`
// exists beside `x.html` (GitHub Pages does): writes `x/index.html`, a copy of `x.html`, so the
// redirected address still gets its page (and the service worker's precache its file). The
// `npm start` server needs none of it: it answers `/x` with `x.html` itself. Run by the Pages
// workflow after `npm run build`:   node scripts/static-host.js [dir]
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @param {string} dir
 * @returns {string[]} the pages written, relative to `dir`
 */
export function indexPages(dir) {
	/** @type {string[]} */
	const written = [];
	/** @param {string} at */
	const walk = (at) => {
		for (const entry of readdirSync(join(dir, at))) {
			const path = join(dir, at, entry);
			if (!statSync(path).isDirectory()) continue;
			const page = join(dir, at, `${entry}.html`);
			const index = join(path, 'index.html');
			if (existsSync(page) && !existsSync(index)) {
				copyFileSync(page, index);
				written.push(join(at, entry, 'index.html'));
			}
			walk(join(at, entry));
		}
	};
	walk('');
	return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
	const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'build'));
	const written = indexPages(dir);
	console.log(`${written.length} folder pages for a static host: ${written.join(', ') || 'none needed'}`);
}
