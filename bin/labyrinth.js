#!/usr/bin/env node
// `npx labyrinth …`: the command-line tool over the engine, as built by `npm ci` (scripts/build-cli.js
// bundles it into dist/cli). Without that build (installed with --ignore-scripts), tsx runs the
// TypeScript as is — correct, only slower to start.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli/labyrinth.js', import.meta.url);
let main;
if (existsSync(compiled)) ({ main } = await import(compiled.href));
else {
	const { register } = await import('tsx/esm/api');
	register();
	({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2), {
	input: process.stdin,
	write: (line) => process.stdout.write(line + '\n'),
	error: (line) => process.stderr.write(line + '\n')
});
