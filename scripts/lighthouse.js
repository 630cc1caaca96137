// `npm run lighthouse [-- /route …]`: mobile Lighthouse (performance, its default phone: a slow 4G
// link and a 4x slower CPU, simulated) against the production build as `npm start` serves it
// (scripts/server.js: brotli, caching), in Debian's Chromium (`CHROME_PATH`, else
// /usr/bin/chromium; npm's lighthouse downloads no browser). A script, not a test: a score depends
// on the machine, so it is read, never asserted. Prints each route's score, its target beside it
// (issue 35: /join ≥ 0.98) and the metrics behind it; the full reports go to
// test-results/lighthouse/. Default routes: /join (what a phone opens from the invitation) and /.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureBuild } from './lib/build.js';
import { startServer } from './server.js';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'test-results', 'lighthouse');
/** The routes' targets (performance score, 0–1). */
const TARGETS = { '/join': 0.98, '/': 0.98 };
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/join', '/'];

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
	console.error(`No Chromium at ${chrome}: install Debian's (apt-get install -y chromium) or set CHROME_PATH.`);
	process.exit(1);
}
const cli = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
if (!existsSync(cli)) {
	console.error('lighthouse is not installed (a devDependency): npm install.');
	process.exit(1);
}

ensureBuild();
mkdirSync(OUT, { recursive: true });
const server = await startServer({ port: 0, host: '127.0.0.1' });
let failed = false;
try {
	for (const route of routes) {
		const url = `http://127.0.0.1:${server.port}${route}`;
		const report = await lighthouse(url);
		const name = route === '/' ? 'home' : route.replace(/^\//, '').replace(/\//g, '-');
		writeFileSync(join(OUT, `${name}.json`), JSON.stringify(report));
		const score = report.categories.performance.score;
		/** @type {number | undefined} */
		const target = /** @type {Record<string, number>} */ (TARGETS)[route];
		const metric = (/** @type {string} */ id) => report.audits[id]?.displayValue ?? '?';
		console.log(
			`${route.padEnd(8)} ${score.toFixed(2)}${target === undefined ? '' : `  ${score >= target ? '' : '✗ '}≥ ${target}`}` +
				`   FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`
		);
	}
} catch (error) {
	failed = true;
	console.error(error instanceof Error ? error.message : error);
} finally {
	await server.close();
}
console.log(`reports: ${OUT}`);
// The signalling server of scripts/server.js may keep timers: leave once done.
process.exit(failed ? 1 : 0);

/**
 * Lighthouse's CLI on `url`, its report (JSON) read from its output.
 * @param {string} url
 * @returns {Promise<any>}
 */
function lighthouse(url) {
	return new Promise((done, fail) => {
		const args = [
			cli,
			url,
			'--only-categories=performance',
			'--output=json',
			'--output-path=stdout',
			'--quiet',
			// headless, and no sandbox where the machine has none (a container)
			'--chrome-flags=--headless=new --no-sandbox --disable-gpu'
		];
		const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'pipe', 'inherit'] });
		let out = '';
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk) => (out += chunk));
		child.on('close', (status) => {
			if (status !== 0) return fail(new Error(`lighthouse ${url}: exit ${status}`));
			try {
				done(JSON.parse(out));
			} catch {
				fail(new Error(`lighthouse ${url}: no report`));
			}
		});
	});
}
