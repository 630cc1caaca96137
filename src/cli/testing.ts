/** Test helper: the CLI run as a person runs it, `node bin/labyrinth.js …` (the compiled build, tests/setup/build-cli.ts). */
import { spawnSync } from 'node:child_process';

export function labyrinth(args: string[], input = '', env: NodeJS.ProcessEnv = process.env) {
	return spawnSync(process.execPath, ['bin/labyrinth.js', ...args], { input, encoding: 'utf8', cwd: process.cwd(), env });
}
