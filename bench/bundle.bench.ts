/**
 * Bundle sizes: the JavaScript (gzip) a phone downloads to open a route, read from the
 * production build (built first if missing or stale). Budgets: the home screen 60 KB, the
 * player's phone (/join, where a phone joins and plays) 120 KB. To measure another route, add a line.
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

export default async () => {
	ensureBuild();
	return ROUTES.map(([name, route]) => ({
		name,
		value: Math.round((routeJs(route).gzipBytes / 1024) * 100) / 100,
		unit: 'KB'
	}));
};
