import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { labyrinth as run } from './testing';
import { buildPlan, problemFloodFile } from '../lib/engine/game/testing';
import { MAX_LISTED_ISSUES, MAX_PLAN_DEPTH, MAX_PLAN_FILE_BYTES, parsePlanJson, serializePlan } from '../lib/engine/plan/format-json';
import { canonicalOrder, parsePlanText } from '../lib/engine/plan/format-text';
import { validatePlan } from '../lib/engine/plan/validate';

/** Runs `labyrinth …` the way a person does: the bin script as a process, in a shell of that language. */
function labyrinth(args: string[], input = '', shellLanguage = 'C.UTF-8') {
	return run(args, input, { ...process.env, LC_ALL: '', LANG: shellLanguage });
}

const dir = mkdtempSync(join(tmpdir(), 'labyrinth-cli-'));
const soundPlan = buildPlan(['LWLLH', 'L>DLL', 'PLLLP', 'HLLWL'], {
	exits: [[0, 0, 'up', true], [4, 3, 'down', false]],
	loops: [[[0, 2], [4, 2]]],
	items: [[2, 2, 'treasure', true], [3, 1, 'treasure', false]]
});
const sound = join(dir, 'sound.json');
writeFileSync(sound, serializePlan(soundPlan));
const broken = join(dir, 'broken.json');
writeFileSync(broken, serializePlan({ ...soundPlan, exits: [soundPlan.exits[0]!], walls: [{ cell: 18, dir: 'right' }, { cell: 14, dir: 'down' }] }));

describe('labyrinth CLI', () => {
	test('validate: a sound plan passes with exit 0', () => {
		const r = labyrinth(['validate', sound]);
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('The plan is valid.');
	});

	test('messages follow the shell language when --lang is not given', () => {
		const r = labyrinth(['validate', sound], '', 'uk_UA.UTF-8');
		expect(r.status).toBe(0);
		expect(r.stdout).not.toContain('The plan is valid.');
		expect(r.stdout.trim()).toBe(labyrinth(['validate', sound, '--lang', 'uk']).stdout.trim());
	});

	test('validate: errors are listed with their cells and exit 1, in the chosen language', () => {
		const r = labyrinth(['validate', broken, '--lang', 'ru']);
		expect(r.status).toBe(1);
		expect(r.stdout).toContain('Ошибки:');
		expect(r.stdout).toContain('не меньше двух выходов');
		expect(r.stdout).toMatch(/недостижимы.*клетки: e4/);
	});

	test('validate: a file that is not a plan is refused, saying where', () => {
		const bad = join(dir, 'bad.json');
		writeFileSync(bad, JSON.stringify({ format: 'labyrinth-plan', version: 1, rules: 'classic', name: 'x', width: 2 }));
		const r = labyrinth(['validate', bad]);
		expect(r.status).toBe(1);
		expect(r.stderr).toContain('The file lacks height.');
	});

	test('render and convert: the text picture, and back to the same plan', () => {
		const picture = labyrinth(['render', sound]);
		expect(picture.status).toBe(0);
		expect(picture.stdout).toContain(' 2 |L    R>   D    L?   L   |');
		const text = join(dir, 'sound.txt');
		expect(labyrinth(['convert', sound, '-o', text]).status).toBe(0);
		expect(parsePlanText(readFileSync(text, 'utf8'))).toEqual({ ok: true, value: canonicalOrder(soundPlan) });
		const back = labyrinth(['convert', '-', '--to', 'json'], readFileSync(text, 'utf8'));
		expect(parsePlanJson(back.stdout)).toEqual({ ok: true, value: canonicalOrder(soundPlan) });
	});

	test('generate: a valid plan of the asked size, the same for the same seed', () => {
		const a = labyrinth(['generate', '--width', '7', '--height', '6', '--seed', '42', '--rivers', '2', '--fake-treasures', '3']);
		expect(a.status).toBe(0);
		const plan = parsePlanJson(a.stdout);
		expect(plan.ok).toBe(true);
		if (!plan.ok) return;
		expect([plan.value.width, plan.value.height]).toEqual([7, 6]);
		expect(validatePlan(plan.value).errors).toEqual([]);
		expect(plan.value.items.filter((i) => i.kind === 'treasure' && !i.true)).toHaveLength(3);
		expect(labyrinth(['generate', '--width', '7', '--height', '6', '--seed', '42', '--rivers', '2', '--fake-treasures', '3']).stdout).toBe(a.stdout);
	});

	// Regression (issue 18): `shorten` in format-json.ts overflowed the stack on deep JSON and the
	// CLI died with a RangeError and a stack trace.
	test('a file nested 200,000 deep is refused with where, in one line, exit 1, no stack trace', () => {
		const deep = join(dir, 'deep.json');
		writeFileSync(deep, `{"format": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
		for (const command of ['validate', 'render', 'convert']) {
			const r = labyrinth([command, deep]);
			expect(r.status, command).toBe(1);
			expect(r.stdout).toBe('');
			expect(r.stderr.trim()).toBe(`${deep}: The file nests lists deeper than a plan ever does (more than ${MAX_PLAN_DEPTH} levels), at 1:${11 + MAX_PLAN_DEPTH} (line:column).`);
		}
		// the same from stdin, in another language
		const piped = labyrinth(['validate', '-', '--lang', 'uk'], readFileSync(deep, 'utf8'));
		expect(piped.status).toBe(1);
		expect(piped.stderr).toContain(`1:${11 + MAX_PLAN_DEPTH}`);
		expect(piped.stderr).not.toMatch(/RangeError|\n\s+at /);
	});

	test('JSON that is not sound is refused at its line and column', () => {
		const bad = join(dir, 'bad-syntax.json');
		writeFileSync(bad, '{\n  "format": "labyrinth-plan",\n  "version": 1,,\n}');
		const r = labyrinth(['validate', bad]);
		expect(r.status).toBe(1);
		expect(r.stderr.trim()).toBe(`${bad}: The file is not valid JSON: it goes wrong at 3:16 (line:column).`);
	});

	test('a file over the size limit is refused before it is read, saying the limit; stdin too', () => {
		const huge = join(dir, 'huge.json');
		writeFileSync(huge, `{"name": "${'x'.repeat(MAX_PLAN_FILE_BYTES)}"}`);
		const r = labyrinth(['validate', huge]);
		expect(r.status).toBe(1);
		expect(r.stderr.trim()).toBe(`${huge}: The file is too large to be a plan: 2,000,012 bytes, at most 2,000,000.`);
		const piped = labyrinth(['render', '-'], readFileSync(huge, 'utf8'));
		expect(piped.status).toBe(1);
		expect(piped.stderr).toContain('2,000,012 bytes, at most 2,000,000');
	});

	test('a plan with 50,000 problems: the first ones listed with their cells, the rest counted, exit 1', () => {
		const flood = join(dir, 'flood.json');
		writeFileSync(flood, problemFloodFile(soundPlan));
		const r = labyrinth(['validate', flood]);
		expect(r.status).toBe(1);
		const lines = r.stdout.trim().split('\n');
		expect(lines.length).toBeLessThanOrEqual(2 * (MAX_LISTED_ISSUES + 2));
		expect(lines[0]).toBe('Errors:');
		expect(lines[1]).toMatch(/\(at e1 right\)$/);
		expect(lines[MAX_LISTED_ISSUES + 1]).toMatch(/^ {2}…and \d{2},\d{3} more\.$/);
		// a file with thousands of format problems: the first 20, then a count
		const cells = join(dir, 'cells.json');
		writeFileSync(cells, problemFloodFile(soundPlan).replaceAll('"e1"', '"z1"'));
		const refused = labyrinth(['validate', cells]);
		expect(refused.status).toBe(1);
		const refusals = refused.stderr.trim().split('\n');
		expect(refusals).toHaveLength(MAX_LISTED_ISSUES + 1);
		expect(refusals[0]).toBe(`${cells}: walls[0].cell names a cell outside the labyrinth: z1.`);
		expect(refusals.at(-1)).toBe(`${cells}: …and 19,980 more.`);
	});

	test('bad arguments print the usage and exit 2', () => {
		expect(labyrinth(['generate', '--width', 'seven']).status).toBe(2);
		expect(labyrinth(['fly']).stderr).toContain('usage: labyrinth');
	});
});
