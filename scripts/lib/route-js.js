// "How much JavaScript does a phone download to open route X?" — read from the build:
// the entry scripts the HTML shell loads, plus the route's nodes (layouts, page and error
// pages; SvelteKit's route dictionary says which), plus everything those import statically,
// from Vite's chunk manifest. Dynamic imports are loaded later, on demand, and not counted —
// except those of the root layout, which runs at every start-up (it loads workbox-window
// to register the service worker). tests/e2e/bundle.e2e.ts checks this against Chromium.
// What the route's scripts load later on demand (dynamic imports, followed through, other
// routes' nodes aside) is counted apart as `lazy`, so nothing the screen uses goes uncounted.
// Of that, what loads only when the person asks for a path the usual game never takes
// (`ON_REQUEST`: the QR-code join with its camera reader and the code it shows, the diagnostics'
// figures, and another language's event texts) is counted apart again as `onRequest`.
// The game's event texts come one language per module (src/lib/paraglide/groups/event.<locale>.js,
// a dynamic import of src/lib/i18n/event-texts.ts, which only the screens that show events import,
// through src/lib/i18n/event-locale.svelte.ts): such a screen loads its language's at once, so the
// route whose scripts (first or at once) hold that import counts ONE of them — the largest (gzip) unless `locale` says which — and the other
// languages' go to `lazy` (a phone loads one only when switched to it).
// A screen may show itself from a small first chunk and fetch the rest by itself at once, while
// the person reads or types (`AT_ONCE`: /join's form, then the network layer and the seat's
// screen): those modules count with the route (`files`), and `first` is what comes before them.
//   routeJs('/')      → { route, files, bytes, gzipBytes, first: { files, bytes, gzipBytes },
//                         lazy: { files, bytes, gzipBytes }, onRequest: { files, bytes, gzipBytes }, eventTexts }
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUILD_DIR, KIT_OUTPUT } from './build.js';

/**
 * @typedef {{ file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean }} Chunk
 * @typedef {{ files: string[], bytes: number, gzipBytes: number }} Scripts
 * @typedef {Scripts & { route: string, first: Scripts, lazy: Scripts, onRequest: Scripts, eventTexts: string | null }} RouteJs
 *   eventTexts: the locale whose event texts are counted with the route (null: it shows none)
 */

/** The module of one locale's event texts (scripts/i18n-groups.js): its manifest key → the locale. */
const EVENT_TEXTS = /(?:^|\/)paraglide\/groups\/event\.([\w-]+)\.js$/;

/**
 * Modules a screen imports dynamically as soon as it is shown, not on a tap (manifest keys): they
 * load while the person reads the first chunk's screen, and are part of opening the route.
 */
const AT_ONCE = new Set(['src/lib/net/seat-network.ts']);

/**
 * Modules loaded only when the person asks for a path that a phone joining by the table's link
 * never takes: the QR-code join (no server: `?via=qr`) with its camera reader (QrScanner, and
 * jsQR where the browser has no BarcodeDetector), the code it shows (QrText with the QR encoder)
 * and its handshake (manual.ts), and the diagnostics' figures (a tap on Diagnostics). Each is
 * its own chunk or shares one with nothing else: named by its source path, matched to the
 * manifest's key or, for a chunk Rolldown names by hash, to the chunk's `name` (a module gone or
 * renamed fails the count, so its bytes cannot slip into the wrong figure unseen).
 */
const ON_REQUEST = [
	'src/lib/components/net/QrScanner.svelte',
	'node_modules/jsqr/dist/jsQR.js',
	'src/lib/components/net/QrText.svelte',
	'src/lib/net/manual.ts',
	'src/lib/components/net/DiagnosticsRows.svelte'
];

/**
 * The manifest keys of `ON_REQUEST`'s modules.
 * @param {Record<string, Chunk & { name?: string }>} manifest
 */
function onRequestKeys(manifest) {
	return new Set(
		ON_REQUEST.map((source) => {
			if (manifest[source]) return source;
			const name = source.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
			const found = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]?.name === name);
			if (found.length !== 1) throw new Error(`${source}: ${found.length} chunks of that name in the Vite manifest (ON_REQUEST in scripts/lib/route-js.js)`);
			return /** @type {string} */ (found[0]);
		})
	);
}

/** @param {string} path */
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The scripts the HTML shell itself loads (modulepreload links and the boot script's imports).
 * @param {string} buildDir
 */
function shellScripts(buildDir) {
	const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
	const files = new Set();
	for (const [link] of html.matchAll(/<link\b[^>]*>/g)) {
		const href = /\bhref="([^"]+)"/.exec(link)?.[1];
		if (href && /\brel="modulepreload"/.test(link)) files.add(href);
	}
	for (const match of html.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) files.add(match[1]);
	return [...files].map((href) => href.replace(/^(\.\/|\/)+/, ''));
}

/**
 * SvelteKit's client route dictionary: route id → [leaf node, layout nodes?, error nodes?].
 * @param {string} kitOutput
 */
function routeDictionary(kitOutput) {
	const app = readFileSync(join(kitOutput, 'generated', 'client-optimized', 'app.js'), 'utf8');
	const literal = /export const dictionary = (\{[\s\S]*?\});/.exec(app)?.[1];
	if (!literal) throw new Error('no route dictionary in .svelte-kit/generated/client-optimized/app.js');
	// `~n` marks a node with a server load (ones' complement); the node is n either way
	/** @type {Record<string, [number, number[]?, number[]?]>} */
	const dictionary = JSON.parse(literal.replace(/~(\d+)/g, '$1').replace(/,\s*([\]}])/g, '$1'));
	return dictionary;
}

/**
 * The JavaScript downloaded to open `route` (a route id such as '/' or '/play').
 * @param {string} route
 * @param {{ buildDir?: string, kitOutput?: string, locale?: string }} [options] locale: whose event
 *   texts to count (the largest's when not given)
 * @returns {RouteJs}
 */
export function routeJs(route, { buildDir = BUILD_DIR, kitOutput = KIT_OUTPUT, locale } = {}) {
	/** @type {Record<string, Chunk>} */
	const manifest = readJson(join(kitOutput, 'output', 'client', '.vite', 'manifest.json'));
	const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
	const entry = routeDictionary(kitOutput)[route];
	if (!entry) throw new Error(`no route ${route} in the build`);
	// the client loads the root layout (0) and the layouts, the page, and (in advance) the
	// root error page (1) and the route's error pages
	const [leaf, layouts = [], errors = []] = entry;
	const nodes = [0, ...layouts, leaf, 1, ...errors]
		.filter((n) => typeof n === 'number')
		.map((n) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`);

	/** @type {Set<string>} */
	const keys = new Set();
	/** @param {string} key @param {Set<string>} [into] */
	const visit = (key, into = keys) => {
		if (keys.has(key) || into.has(key)) return;
		const chunk = manifest[key];
		if (!chunk) throw new Error(`chunk ${key} is not in the Vite manifest`);
		into.add(key);
		for (const imported of chunk.imports ?? []) visit(imported, into);
	};
	for (const file of shellScripts(buildDir)) {
		const key = byFile.get(file);
		if (!key) throw new Error(`${file} (loaded by index.html) is not in the Vite manifest`);
		visit(key);
	}
	for (const node of nodes) visit(node);
	// the root layout's own dynamic imports (not the route nodes the app entry imports)
	const rootLayout = new Set();
	/** @param {string} key */
	const visitRoot = (key) => {
		if (rootLayout.has(key)) return;
		rootLayout.add(key);
		for (const imported of manifest[key]?.imports ?? []) visitRoot(imported);
	};
	visitRoot(nodes[0] ?? '');
	for (const key of rootLayout) {
		for (const lazy of manifest[key]?.dynamicImports ?? []) if (!lazy.includes('/nodes/')) visit(lazy);
	}

	// fetched by the screen itself at once (AT_ONCE), after its first chunk
	/** @type {Set<string>} */
	const soon = new Set();
	for (const key of keys) for (const later of manifest[key]?.dynamicImports ?? []) if (AT_ONCE.has(later)) visit(later, soon);

	// later, on demand: the dynamic imports of everything above, with all they import in turn;
	// what only a request loads (ON_REQUEST) apart, with what nothing else loads of theirs
	const requested = onRequestKeys(manifest);
	/** @type {Set<string>} */
	const lazy = new Set();
	/** @type {Set<string>} */
	const onRequest = new Set();
	/** @param {Set<string>} into @param {boolean} stopAtRequests @param {string} key */
	const visitLater = (into, stopAtRequests, key) => {
		if (keys.has(key) || soon.has(key) || lazy.has(key) || into.has(key) || key.includes('/nodes/')) return;
		if (stopAtRequests && requested.has(key)) return;
		into.add(key);
		for (const imported of manifest[key]?.imports ?? []) visitLater(into, stopAtRequests, imported);
		for (const later of manifest[key]?.dynamicImports ?? []) visitLater(into, stopAtRequests, later);
	};
	for (const key of [...keys, ...soon]) for (const later of manifest[key]?.dynamicImports ?? []) visitLater(lazy, true, later);
	for (const key of requested) if ([...keys, ...soon, ...lazy].some((k) => manifest[k]?.dynamicImports?.includes(key))) visitLater(onRequest, false, key);

	// one language's event texts are part of opening the route (they import nothing)
	/** @type {Map<string, string>} locale → manifest key */
	const texts = new Map();
	const importedBy = (/** @type {Set<string>} */ part, /** @type {string} */ key) => [...part].some((k) => manifest[k]?.dynamicImports?.includes(key));
	for (const key of lazy) {
		const match = EVENT_TEXTS.exec(key);
		// a language is loaded at once by the route's own scripts, not by a later one's
		if (match?.[1] && (importedBy(keys, key) || importedBy(soon, key))) texts.set(match[1], key);
	}
	/** @type {string | null} */
	let eventTexts = null;
	if (texts.size > 0) {
		const gzip = (/** @type {string} */ key) => sizes(buildDir, manifest, new Set([key])).gzipBytes;
		/** @type {string} */
		const chosen = locale ?? [...texts.keys()].reduce((a, b) => (gzip(texts.get(b) ?? '') > gzip(texts.get(a) ?? '') ? b : a));
		const key = texts.get(chosen);
		if (!key) throw new Error(`no event texts of ${chosen} in the build`);
		eventTexts = chosen;
		lazy.delete(key);
		// with the part whose screens show events: the first chunk's, or what comes at once after it
		(importedBy(keys, key) ? keys : soon).add(key);
		// the other languages' come only when the person switches to one
		for (const other of texts.values()) {
			if (other === key) continue;
			lazy.delete(other);
			onRequest.add(other);
		}
	}

	return {
		route,
		...sizes(buildDir, manifest, new Set([...keys, ...soon])),
		first: sizes(buildDir, manifest, keys),
		lazy: sizes(buildDir, manifest, lazy),
		onRequest: sizes(buildDir, manifest, onRequest),
		eventTexts
	};
}

/**
 * The scripts of `keys` and their size, plain and gzip.
 * @param {string} buildDir
 * @param {Record<string, Chunk>} manifest
 * @param {Set<string>} keys
 * @returns {Scripts}
 */
function sizes(buildDir, manifest, keys) {
	const files = [...keys].map((key) => manifest[key]?.file ?? key).sort();
	let bytes = 0;
	let gzipBytes = 0;
	for (const file of files) {
		const content = readFileSync(join(buildDir, file));
		bytes += content.length;
		gzipBytes += gzipSync(content, { level: 9 }).length;
	}
	return { files, bytes, gzipBytes };
}
