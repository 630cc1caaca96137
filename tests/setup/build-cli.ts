// The CLI's tests run it as a person does, `node bin/labyrinth.js …`, which starts the compiled
// build (dist/cli, made by `npm ci`). Built here once before the tests, from the sources under test.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
	execFileSync(process.execPath, ['scripts/build-cli.js'], { stdio: 'inherit' });
}
