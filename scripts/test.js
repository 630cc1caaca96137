// `npm test`: every check the project has, in order; the first failing step stops the run.
// Ends with one plain line, `N passed, N failed`, counted from Vitest's JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const REPORT = 'test-results/vitest.json';

function run(title, command, args) {
	console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
	return result.status === 0;
}

const steps = [
	['messages', 'npm', ['run', 'i18n']],
	['types', 'npm', ['run', 'check']],
	['lint', 'npm', ['run', 'lint']],
	['build', 'npm', ['run', 'build']]
];
for (const [title, command, args] of steps) {
	if (!run(title, command, args)) {
		console.log(`\n${title} failed`);
		console.log('0 passed, 1 failed');
		process.exit(1);
	}
}

mkdirSync(resolve(ROOT, 'test-results'), { recursive: true });
const testsOk = run('unit and end-to-end tests (Vitest: node + e2e in Chromium)', 'npx', [
	'vitest',
	'run',
	'--reporter=default',
	'--reporter=json',
	`--outputFile.json=${REPORT}`
]);

let passed = 0;
let failed = 0;
if (existsSync(resolve(ROOT, REPORT))) {
	const report = JSON.parse(readFileSync(resolve(ROOT, REPORT), 'utf8'));
	passed = report.numPassedTests;
	failed = report.numFailedTests + (report.numRuntimeErrors ?? 0);
	const failedSuites = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
	failed += failedSuites.length;
}
if (!testsOk && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(testsOk && failed === 0 ? 0 : 1);
