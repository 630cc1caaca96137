/**
 * Bundle sizes: the JavaScript (gzip) a phone downloads to open a route, read from the
 * production build (built first if missing or stale). Budget: the home screen 60 KB; the
 * player's phone (/join, where a phone joins and plays) is held to its first chunk (below). To
 * measure another route, add a line.
 * What the player's screen loads later, when it is used (the deduction sheet with Dexie, the
 * reveal…), is printed apart as `bundle.play_lazy_gzip_kb`, so nothing hides; what it loads only
 * when the person asks for a path a phone joining by the table's link never takes (the QR-code
 * join with its camera reader and jsQR, the code it shows, the diagnostics' figures, another
 * language's event texts: `ON_REQUEST` in scripts/lib/route-js.js) as
 * `bundle.play_on_request_gzip_kb`.
 * The event texts come one language per module and a phone loads its own language's: a route
 * that shows events counts ONE language's — the largest (gzip) of en/ru/uk, so the figure holds
 * for every phone — and the other two are in the on-request figure (scripts/lib/route-js.js).
 * Over the wire: `bundle.home_wire_kb` and `bundle.play_wire_kb` are the bytes of the route's
 * FIRST chunk — what a phone downloads before it can read the screen and type in it (/join's
 * form; the network layer it fetches at once, while the person types, is in the gzip figure but
 * not here: scripts/lib/route-js.js `first`) — as the real server (scripts/server.js, `npm
 * start`'s) sends them to a phone's browser (Chromium's Accept-Encoding: brotli, made at build
 * time), counted off the socket. They must not exceed the first chunk's gzip size by more than
 * 5% (the bench fails otherwise): a server that sends scripts uncompressed (three times the
 * figure) or loses the encoding shows here.
 * Targets (issue 35): the phone's first chunk ≤ 60 KB over the wire, its later scripts ≤ 120 KB.
 */
import { request } from 'node:http';
import { ensureBuild } from '../scripts/lib/build.js';
import { routeJs } from '../scripts/lib/route-js.js';
import { startServer } from '../scripts/server.js';

const ROUTES: Array<[name: string, route: string, max?: number]> = [
	['bundle.home_gzip_kb', '/', 60],
	// all /join loads at once: its first chunk (targeted over the wire, below), then the network layer
	['bundle.play_gzip_kb', '/join'],
	['bundle.table_gzip_kb', '/join/host'],
	['bundle.pass_gzip_kb', '/pass'],
	['bundle.design_gzip_kb', '/design']
];

/** Routes whose later, on-demand scripts are printed too (as `<name>_lazy_gzip_kb` and `<name>_on_request_gzip_kb`). */
const LAZY = new Set(['/join']);

/** Routes whose first chunk is fetched from the server as a phone gets it (as `<name>_wire_kb`), and its target. */
const WIRE = new Map<string, number | undefined>([
	['/', undefined],
	['/join', 60]
]);

/** Targets of the later scripts (`<name>_lazy_gzip_kb`). */
const LAZY_MAX = new Map([['/join', 120]]);

/** What Chromium on a phone asks for. */
const PHONE_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** At most this much over the gzip figure may go over the wire. */
const WIRE_TOLERANCE = 1.05;

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/** The body of a GET as it comes off the socket (not decoded), or an error for anything but 200. */
function wireBytes(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const req = request(url, { headers: { 'accept-encoding': PHONE_ACCEPT_ENCODING } }, (res) => {
			let bytes = 0;
			res.on('data', (chunk: Buffer) => (bytes += chunk.length));
			res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))));
		});
		req.on('error', reject);
		req.end();
	});
}

export default async () => {
	ensureBuild();
	const server = await startServer({ port: 0, host: '127.0.0.1' });
	try {
		const rows: { name: string; value: number; unit: string; max?: number }[] = [];
		for (const [name, route, max] of ROUTES) {
			const js = routeJs(route);
			rows.push({ name, value: kb(js.gzipBytes), unit: 'KB', max });
			if (LAZY.has(route)) {
				rows.push({ name: name.replace(/_gzip_kb$/, '_lazy_gzip_kb'), value: kb(js.lazy.gzipBytes), unit: 'KB', max: LAZY_MAX.get(route) });
				rows.push({ name: name.replace(/_gzip_kb$/, '_on_request_gzip_kb'), value: kb(js.onRequest.gzipBytes), unit: 'KB' });
			}
			if (!WIRE.has(route)) continue;
			let wire = 0;
			for (const file of js.first.files) wire += await wireBytes(`http://127.0.0.1:${server.port}/${file}`);
			if (wire > js.first.gzipBytes * WIRE_TOLERANCE) {
				throw new Error(`${route}: ${kb(wire)} KB over the wire, more than the first chunk's gzip size ${kb(js.first.gzipBytes)} KB + 5%: is the server compressing?`);
			}
			rows.push({ name: name.replace(/_gzip_kb$/, '_wire_kb'), value: kb(wire), unit: 'KB', max: WIRE.get(route) });
		}
		return rows;
	} finally {
		await server.close();
	}
};
