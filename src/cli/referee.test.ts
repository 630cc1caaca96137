import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPlan } from '../lib/engine/game/testing';
import { serializePlan } from '../lib/engine/plan/format-json';
import { createGame, initialState } from '../lib/engine/game/game';

const plan = buildPlan(['LLH'], { exits: [[0, 0, 'left', true]], items: [[0, 0, 'treasure', true]] });

function seedWithOrder(first: number): string {
	for (let s = 1; s < 100; s++) {
		const g = createGame({ plan, seats: 2, seed: String(s) });
		if (g.ok && initialState(g.value).order[0] === first) return String(s);
	}
	throw new Error('no seed');
}

function run(args: string[], input: string) {
	return spawnSync(join(process.cwd(), 'node_modules/.bin/tsx'), ['src/cli/referee.ts', ...args], {
		input,
		encoding: 'utf8',
		cwd: process.cwd()
	});
}

describe('CLI referee', () => {
	test('scripts a short game through stdin/stdout as JSON lines (3.2 carrying the true treasure out wins)', () => {
		const dir = mkdtempSync(join(tmpdir(), 'referee-'));
		const file = join(dir, 'plan.json');
		writeFileSync(file, serializePlan(plan));
		const lines = [
			{ type: 'choose_start', by: 0, cell: 1 },
			{ type: 'choose_start', by: 1, cell: 2 },
			{ type: 'confirm_starts', by: 'master' },
			{ type: 'move', by: 0, actions: [{ a: 'go', dir: 'left' }] },
			{ type: 'move', by: 1, actions: [{ a: 'skip' }] },
			{ type: 'move', by: 0, actions: [{ a: 'go', dir: 'left' }] }
		];
		const r = run([file, '--players', '2', '--seed', seedWithOrder(0)], lines.map((l) => JSON.stringify(l)).join('\n') + '\nnot json\n');
		expect(r.status).toBe(0);
		const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
		expect(out[0]).toMatchObject({ ready: true, order: [0, 1] });
		const texts = out.slice(1).map((o) => o.text);
		expect(texts).toContain('went onto land');
		expect(texts).toContain('found a treasure');
		expect(out.at(-2)).toMatchObject({ event: { type: 'won', seat: 0, how: 'treasure' }, audience: { to: 'all' } });
		expect(out.at(-2).text).toBe('Player 1 carried out the true treasure and wins!');
		expect(out.at(-1)).toMatchObject({ event: { type: 'rejected', reason: 'malformed' }, audience: { to: 'master' } });
	});

	test('bad arguments exit non-zero with a message', () => {
		const r = run([], '');
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/usage/);
		const r2 = run(['/nonexistent.json'], '');
		expect(r2.status).toBe(1);
	});
});
