#!/usr/bin/env node
// Builds the command-line tool once (`npm ci` / `npm install` run it after the i18n compile):
// src/cli/main.ts and everything it imports bundled into dist/cli/labyrinth.js, so that
// `npx labyrinth` starts in plain Node instead of compiling the TypeScript on every run.
// `node scripts/build-cli.js` again after changing the engine or the CLI.
import { build } from 'esbuild';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// The CLI, and the worker thread of `labyrinth simulate` (a file of its own, beside it: src/cli/simulate-parallel.ts).
for (const [entry, out] of [
	['src/cli/main.ts', 'dist/cli/labyrinth.js'],
	['src/cli/simulate-thread.ts', 'dist/cli/simulate-thread.js']
])
	await build({
	entryPoints: [resolve(root, entry)],
	outfile: resolve(root, out),
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	legalComments: 'none',
	// The app's tsconfig extends SvelteKit's generated one (absent in a fresh clone); the CLI needs none of it.
	tsconfigRaw: {},
	logLevel: 'warning'
});
