#!/usr/bin/env node
// `npx labyrinth …`: the command-line tool over the engine. The engine is TypeScript; tsx runs it as is.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2), {
	input: process.stdin,
	write: (line) => process.stdout.write(line + '\n'),
	error: (line) => process.stderr.write(line + '\n')
});
