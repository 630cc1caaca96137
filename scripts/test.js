// `npm test`: every check the project has, in order —
//   messages (paraglide compile) → types (svelte-check) → lint (eslint) → build (vite: under a
//   sub-path as GitHub Pages serves it, then at the root) →
//   Vitest: node (unit) and e2e (headless Chromium against the production build).
// A failing step does not hide the others: types and lint failures are reported and the run
// goes on; a failed build skips only the e2e project (it tests the build). The last line is
// `N passed, N failed` (tests from Vitest's JSON report, plus one failure per failed step),
// and the exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const REPORT = 'test-results/vitest.json';

/**
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 */
function run(title, command, args) {
	console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
	return result.status === 0;
}

/** @type {string[]} */
const failedSteps = [];

if (!run('messages', 'npm', ['run', 'i18n'])) {
	// nothing compiles without the messages
	console.log('\nmessages failed: the catalogues in messages/*.json do not compile');
	console.log('0 passed, 1 failed');
	process.exit(1);
}
for (const [title, script] of [
	['types', 'check'],
	['lint', 'lint']
]) {
	if (!run(title, 'npm', ['run', script])) failedSteps.push(title);
}
// the build as GitHub Pages serves it, under a sub-path (tests/e2e/subpath.e2e.ts opens it);
// first, as it shares .svelte-kit/ with the build every other e2e test reads
if (!run('sub-path build', 'npm', ['run', 'build:subpath'])) failedSteps.push('sub-path build');
const built = run('build', 'npm', ['run', 'build']);
if (!built) failedSteps.push('build');

mkdirSync(resolve(ROOT, 'test-results'), { recursive: true });
rmSync(resolve(ROOT, REPORT), { force: true });
const projects = built ? ['--project', 'node', '--project', 'e2e'] : ['--project', 'node'];
const testsOk = run(
	built ? 'unit and end-to-end tests (Vitest: node, and e2e in headless Chromium)' : 'unit tests only (no build for e2e)',
	'npx',
	['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`]
);
if (!built) failedSteps.push('e2e (skipped: no build)');

let passed = 0;
let failed = 0;
if (existsSync(resolve(ROOT, REPORT))) {
	const report = JSON.parse(readFileSync(resolve(ROOT, REPORT), 'utf8'));
	passed = report.numPassedTests ?? 0;
	failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrors ?? 0);
	// a test file that failed to load has no test results of its own
	for (const file of report.testResults ?? []) {
		if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1;
	}
	const browsers = (report.testResults ?? []).filter((/** @type {{ name: string }} */ file) => file.name.endsWith('.e2e.ts'));
	if (browsers.length > 0) console.log(`\ne2e: ${browsers.length} files ran in headless Chromium`);
}
if (!testsOk && failed === 0) failed = 1;
if (failedSteps.length > 0) console.log(`\nfailed steps: ${failedSteps.join(', ')}`);
failed += failedSteps.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && testsOk ? 0 : 1);
