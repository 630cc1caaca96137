import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { labyrinth as run } from './testing';
import { buildPlan } from '../lib/engine/game/testing';
import { parsePlanJson, serializePlan } from '../lib/engine/plan/format-json';
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

	test('bad arguments print the usage and exit 2', () => {
		expect(labyrinth(['generate', '--width', 'seven']).status).toBe(2);
		expect(labyrinth(['fly']).stderr).toContain('usage: labyrinth');
	});
});
