// Screens read the device's stores from Svelte context (store/context.ts): a route whose screens
// ask for them must provide them, or the screen throws when it opens (the duel's sheet did, found
// by duel.e2e). Checked statically over every route's imports, following components.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ROUTES = join(ROOT, 'src/routes');

function pages(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? pages(join(dir, entry.name)) : entry.name === '+page.svelte' ? [join(dir, entry.name)] : []
	);
}

/** The .svelte files a component imports (`$lib/…` or relative). */
function svelteImports(file: string): string[] {
	const source = readFileSync(file, 'utf8');
	return [...source.matchAll(/from '([^']+\.svelte)'/g)]
		.map(([, spec]) => (spec!.startsWith('$lib/') ? join(ROOT, 'src/lib', spec!.slice(5)) : resolve(dirname(file), spec!)))
		.filter((path) => existsSync(path));
}

function asksForStores(file: string, seen = new Set<string>()): string | null {
	if (seen.has(file)) return null;
	seen.add(file);
	if (readFileSync(file, 'utf8').includes('useStores(')) return file;
	for (const child of svelteImports(file)) {
		const found = asksForStores(child, seen);
		if (found) return found;
	}
	return null;
}

describe('every route whose screens use the device stores provides them', () => {
	const routes = pages(ROUTES);
	test('the routes are found', () => expect(routes.length).toBeGreaterThan(5));
	test.each(routes.map((path) => [path.slice(ROOT.length + 1), path]))('%s', (_, path) => {
		const user = asksForStores(path);
		const provides = readFileSync(path, 'utf8').includes('provideStores(');
		if (user) expect(provides, `${user.slice(ROOT.length + 1)} asks for the stores`).toBe(true);
	});
});
