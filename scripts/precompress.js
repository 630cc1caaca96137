// The build's text files compressed once, at build time, as a production site serves them:
// beside every script, stylesheet, page, manifest and SVG of build/ a `.br` (brotli, best)
// and a `.gz` (gzip, best), so the server (scripts/server.js) sends the smallest the browser
// accepts without compressing on each request. Run by `npm run build` after `vite build`.
//   node scripts/precompress.js [dir]
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.map']);

/** The encodings made for each file, best first: the file's suffix and its Content-Encoding. */
export const ENCODINGS = /** @type {const} */ ([
	{ name: 'br', suffix: '.br' },
	{ name: 'gzip', suffix: '.gz' }
]);

/** @param {Buffer} content */
export function brotli(content) {
	return brotliCompressSync(content, {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
			[constants.BROTLI_PARAM_SIZE_HINT]: content.length
		}
	});
}

/** @param {Buffer} content */
export function gzip(content) {
	return gzipSync(content, { level: 9 });
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file under `dir` (again after each
 * build: vite empties build/ first). A file too small to gain is left alone.
 * @param {string} dir
 * @returns {{ files: number, bytes: number, br: number, gzip: number }} totals of the compressed files
 */
export function precompress(dir) {
	const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
	/** @param {string} path */
	const walk = (path) => {
		for (const entry of readdirSync(path)) {
			const full = join(path, entry);
			if (statSync(full).isDirectory()) {
				walk(full);
				continue;
			}
			if (!COMPRESSIBLE.has(extname(entry))) continue;
			const content = readFileSync(full);
			const br = brotli(content);
			const gz = gzip(content);
			// Under a few hundred bytes an encoding can save nothing: each is kept only where it is smaller.
			if (gz.length >= content.length && br.length >= content.length) continue;
			if (br.length < content.length) writeFileSync(`${full}.br`, br);
			if (gz.length < content.length) writeFileSync(`${full}.gz`, gz);
			totals.files += 1;
			totals.bytes += content.length;
			totals.br += br.length;
			totals.gzip += gz.length;
		}
	};
	walk(dir);
	return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
	const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'build'));
	const t = precompress(dir);
	const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
	console.log(`precompressed ${t.files} files in ${dir}: ${kb(t.bytes)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}`);
}
