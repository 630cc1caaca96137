// The README is the front page a newcomer reads (issue 33): what it states must be the app's.
// Its two commands, the scripts and ports it names, the links and pictures it shows, and the
// numbers the reference pages state (room code, editor sizes, plan file limits) are checked
// against the code, so a change on either side that makes them disagree fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOM_LENGTH } from '../../src/lib/net/protocol';
import { MAX_SIDE, MIN_SIDE } from '../../src/lib/editor/edits';
import { MAX_PLAN_DEPTH, MAX_PLAN_FILE_BYTES, MAX_PLAN_LIST, MAX_LISTED_ISSUES } from '../../src/lib/engine/plan/format-json';
import { MAX_IMPORT_PROBLEMS } from '../../src/lib/engine/plan/import';
import { MAX_NAME_LENGTH, MAX_PLAN_NAME_LENGTH } from '../../src/lib/engine/name';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const docs = readdirSync(join(ROOT, 'docs'))
	.filter((f) => f.endsWith('.md'))
	.map((f) => `docs/${f}`);
const pages = ['README.md', ...docs].map((path) => ({ path, text: read(path) }));
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
/** A number as the pages write it: digits with thousands separators. */
const number = (text: string) => Number(text.replace(/,/g, ''));

describe('the README', () => {
	test('opens with the two commands, exactly (CI runs the second)', () => {
		const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
		const commands = block.split('\n').filter(Boolean).map((line) => line.replace(/\s+#.*$/, ''));
		expect(commands).toEqual(['npm ci && npm start', 'npm ci && npm test']);
		expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
	});

	test('every npm script the pages name exists', () => {
		const named = pages.flatMap(({ path, text }) => [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => `${path}: ${m[1]}`));
		expect(named.length).toBeGreaterThan(3);
		expect(named.filter((n) => !scripts.includes(n.split(': ')[1]!))).toEqual([]);
	});

	test('the ports it states are the ones npm start serves on', () => {
		const start = read('scripts/start.js');
		const http = /process\.env\.PORT \?\? (\d+)/.exec(start)?.[1];
		const https = /process\.env\.HTTPS_PORT \?\? (\d+)/.exec(start)?.[1];
		expect(http && https).toBeTruthy();
		expect(readme).toContain(`localhost:${http}`);
		expect(readme).toContain(`:${https}/`);
		// no other port is promised
		const ports = new Set([...readme.matchAll(/(?:localhost|192\.168\.…|\d+\.\d+\.\d+\.\d+):(\d{4,5})/g)].map((m) => m[1]));
		expect([...ports].sort()).toEqual([http, https].sort());
	});

	test('every link and picture of the pages points at a file that exists', () => {
		const missing = pages.flatMap(({ path, text }) =>
			[...text.matchAll(/\]\(([^)\s]+)\)|<img src="([^"]+)"/g)]
				.map((m) => (m[1] ?? m[2])!.split('#')[0]!)
				.filter((target) => target && !/^[a-z]+:/.test(target))
				.filter((target) => !existsSync(resolve(ROOT, dirname(path), target)))
				.map((target) => `${path} → ${target}`)
		);
		expect(missing).toEqual([]);
	});

	test('it stays a front page: the reference lives in docs/, linked from it', () => {
		expect(readme.length).toBeLessThan(12_000);
		for (const page of ['docs/using.md', 'docs/cli.md', 'docs/diagnostics.md', 'docs/development.md', 'docs/computers.md']) expect(readme).toContain(`(${page})`);
		// running a table, both ways, with the certificate steps
		expect(readme).toMatch(/### Hosted/);
		expect(readme).toMatch(/### Self-hosted/);
		expect(readme).toMatch(/trust the computer's certificate/i);
	});
});

describe('the numbers the pages state are the code’s', () => {
	const all = pages.map((p) => p.text).join('\n');
	test('the room code', () => {
		const words: Record<string, number> = { six: 6, eight: 8, ten: 10, twelve: 12 };
		const said = [...all.matchAll(/(\w+)-(?:letter|character) room code/g)].map((m) => words[m[1]!] ?? Number(m[1]));
		expect(said.length).toBeGreaterThan(0);
		expect(said.every((n) => n === ROOM_LENGTH)).toBe(true);
	});

	test("the editor's sizes", () => {
		const [, min, max] = /size \((\d+)x\d+ to (\d+)x\d+\)/.exec(all) ?? [];
		expect([Number(min), Number(max)]).toEqual([MIN_SIDE, MAX_SIDE]);
	});

	test('the plan file limits', () => {
		const limits = /at most ([\d,]+) bytes[\s\S]*?nested at most (\d+) deep[\s\S]*?at most ([\d,]+) entries[\s\S]*?at most ([\d,]+)\s+problems[\s\S]*?at most (\d+) problems[\s\S]*?up to (\d+) characters, a player's or a seat's up to (\d+)/.exec(all);
		expect(limits).not.toBeNull();
		expect(limits!.slice(1).map(number)).toEqual([MAX_PLAN_FILE_BYTES, MAX_PLAN_DEPTH, MAX_PLAN_LIST, MAX_IMPORT_PROBLEMS, MAX_LISTED_ISSUES, MAX_PLAN_NAME_LENGTH, MAX_NAME_LENGTH]);
	});
});
