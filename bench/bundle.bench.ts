/**
 * Bundle sizes: the JavaScript (gzip) a phone downloads to open a route, read from the
 * production build (built first if missing or stale). Budgets: the home screen 60 KB, the
 * player's phone (/join, where a phone joins and plays) 120 KB. To measure another route, add a line.
 * What the player's screen loads later, when it is used (the deduction sheet, the QR-code path
 * with its camera reader…), is printed apart as `bundle.play_lazy_gzip_kb`, so nothing hides.
 * The event texts come one language per module and a phone loads its own language's: a route
 * that shows events counts ONE language's — the largest (gzip) of en/ru/uk, so the figure holds
 * for every phone — and the other two are in the lazy figure (scripts/lib/route-js.js).
 */
import { ensureBuild } from '../scripts/lib/build.js';
import { routeJs } from '../scripts/lib/route-js.js';

const ROUTES: Array<[name: string, route: string]> = [
	['bundle.home_gzip_kb', '/'],
	['bundle.play_gzip_kb', '/join'],
	['bundle.table_gzip_kb', '/join/host'],
	['bundle.pass_gzip_kb', '/pass'],
	['bundle.design_gzip_kb', '/design']
];

/** Routes whose later, on-demand scripts are printed too (as `<name>_lazy_gzip_kb`). */
const LAZY = new Set(['/join']);

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

export default async () => {
	ensureBuild();
	return ROUTES.flatMap(([name, route]) => {
		const js = routeJs(route);
		const rows = [{ name, value: kb(js.gzipBytes), unit: 'KB' }];
		if (LAZY.has(route)) rows.push({ name: name.replace(/_gzip_kb$/, '_lazy_gzip_kb'), value: kb(js.lazy.gzipBytes), unit: 'KB' });
		return rows;
	});
};
