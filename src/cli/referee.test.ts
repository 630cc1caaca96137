import { describe, expect, test } from 'vitest';
import { labyrinth } from './testing';
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
	return labyrinth(['referee', ...args], input);
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
		const r = run([file, '--players', '2', '--seed', seedWithOrder(0), '--allow-invalid'], lines.map((l) => JSON.stringify(l)).join('\n') + '\nnot json\n');
		expect(r.status).toBe(0);
		const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
		expect(out[0]).toMatchObject({ ready: true, order: [0, 1] });
		const texts = out.slice(1).map((o) => o.text);
		expect(texts).toContain('went onto land');
		expect(texts).toContain('found a treasure');
		expect(texts).toContain('Player 1: go to the left');
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

// A valid plan (x → right, y ↓; columns a–e, rows 1–4):
//   a1 L  b1 W  c1 L  d1 L  e1 H      exit a1 up (open), e4 down (closed)
//   a2 L  b2 R> c2 D  d2 L  e2 L      treasure 0 (fake) at d2
//   a3 P  b3 L  c3 L  d3 L  e3 P      treasure 1 (true) at c3; a3 ↔ e3 a pit loop
//   a4 H  b4 L  c4 L  d4 W  e4 L
const sound = buildPlan(['LWLLH', 'L>DLL', 'PLLLP', 'HLLWL'], {
	exits: [[0, 0, 'up', true], [4, 3, 'down', false]],
	loops: [[[0, 2], [4, 2]]],
	items: [[3, 1, 'treasure', false], [2, 2, 'treasure', true]]
});
const dir = mkdtempSync(join(tmpdir(), 'referee-'));
const soundFile = join(dir, 'sound.json');
writeFileSync(soundFile, serializePlan(sound));
const lines = (commands: (object | string)[]) => commands.map((c) => (typeof c === 'string' ? c : JSON.stringify(c))).join('\n') + '\n';
type Line = { command?: number; event?: { type: string; [k: string]: unknown }; audience?: { to: string }; text?: string; ready?: boolean; order?: number[] };
const parse = (stdout: string): Line[] => stdout.trim().split('\n').map((l) => JSON.parse(l) as Line);

describe('CLI referee: a tool to script and check games', () => {
	const script = [
		'# the starts, named as on the plan',
		{ type: 'choose_start', by: 2, cell: 'a1' },
		{ type: 'choose_start', by: 0, cell: 'c3' },
		'',
		{ type: 'choose_start', by: 1, cell: 7 },
		{ type: 'confirm_starts', by: 'master' },
		{ type: 'move', by: 2, actions: [{ a: 'go', dir: 'right' }] },
		{ type: 'move', by: 0, actions: [{ a: 'shoot', dir: 'down' }, { a: 'go', dir: 'left' }] },
		{ type: 'correct', by: 'master', reason: 'he had picked it up', change: { kind: 'carry', seat: 1, carry: { k: 'treasure', id: 0 } } },
		{ type: 'move', by: 1, actions: [{ a: 'grenade', dir: 'up' }, { a: 'go', dir: 'down' }] }
	];

	test('--order: the agreed turn order; cells by name or index; every line says which command caused it', () => {
		const r = run([soundFile, '--players', '3', '--order', '2,0,1', '--seed', 'any'], lines(script));
		expect(r.status, r.stderr).toBe(0);
		const out = parse(r.stdout);
		expect(out[0]).toEqual({ ready: true, order: [2, 0, 1], players: 3 });
		// comments and blank lines are not commands: the indexes count the commands, from 0
		expect(out.slice(1).every((l) => Number.isInteger(l.command))).toBe(true);
		expect([...new Set(out.slice(1).map((l) => l.command))]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		// "c3" is the cell c3 (index 12), as the master's text names it
		expect(out.find((l) => l.event?.type === 'start_cell' && l.event.seat === 0)).toMatchObject({ command: 1, event: { cell: 12 }, text: 'Player 1 starts at c3' });
		expect(out.find((l) => l.event?.type === 'start_cell' && l.event.seat === 1)).toMatchObject({ command: 2, text: 'Player 2 starts at c2' });
		// 000 1.2: each move as said, to everyone, before its answer
		const move = out.filter((l) => l.command === 5).map((l) => l.text);
		expect(move).toEqual(['Player 1: shoot down, go to the left', 'no scream is heard', 'went onto land', "Player 2's move"]);
		expect(out.find((l) => l.command === 4)).toMatchObject({ event: { type: 'move_announced', seat: 2 }, audience: { to: 'all' }, text: 'Player 3: go to the right' });
		// 7.8 silent grenade wording: the grenade is in the move as said; its wall's fate is the master's
		expect(out.filter((l) => l.command === 7).map((l) => [l.text, l.audience?.to])).toContainEqual(['Player 2: blow up the wall above, go down', 'all']);
		// no line says nothing
		for (const l of out.slice(1)) expect(l.text?.trim(), JSON.stringify(l)).toBeTruthy();
		// the master's correction of what a player carries, in words in his log
		expect(out.filter((l) => l.command === 6).map((l) => [l.event?.type, l.audience?.to, l.text])).toEqual([
			['master_correct', 'all', 'The master corrected the game: he had picked it up'],
			['master_corrected', 'master', 'Player 2: now carries treasure 1 of the plan']
		]);
	});

	test('a cell name that is no cell of the plan is refused like a bad index; a wrong --order is refused with the reason', () => {
		const r = run([soundFile, '--players', '3', '--order', '2,0,1'], lines([{ type: 'choose_start', by: 2, cell: 'z9' }]));
		expect(parse(r.stdout)[1]).toMatchObject({ command: 0, event: { type: 'rejected', reason: 'cell_invalid' }, audience: { to: 'seat' } });
		for (const order of ['2,0', '0,0,1', '1,2,3', 'a,b,c']) {
			const bad = run([soundFile, '--players', '3', '--order', order], '');
			expect(bad.status, order).toBe(2);
			expect(bad.stderr).toContain('--order must list each seat 0 … 2 once, e.g. 2,1,0.');
			expect(bad.stdout).toBe('');
		}
	});

	test('the plan is validated first: an invalid one is refused with its located errors, unless --allow-invalid', () => {
		const noTrue = join(dir, 'no-true.json');
		writeFileSync(noTrue, serializePlan({ ...sound, items: sound.items.map((it) => (it.kind === 'treasure' ? { ...it, true: false } : it)) }));
		const refused = run([noTrue, '--seed', '1'], lines([{ type: 'choose_start', by: 0, cell: 'a1' }]));
		expect(refused.status).toBe(1);
		expect(refused.stdout).toBe('');
		expect(refused.stderr).toMatch(/^Errors:\n {2}.*true treasure.*\n/i);
		expect(refused.stderr).toContain('the plan is not valid, so the game does not start (--allow-invalid plays it anyway).');
		const ru = run([noTrue, '--seed', '1', '--lang', 'ru'], '');
		expect(ru.stderr).toContain('Ошибки:');
		const played = run([noTrue, '--seed', '1', '--allow-invalid'], lines([{ type: 'choose_start', by: 0, cell: 'a1' }]));
		expect(played.status).toBe(0);
		expect(played.stderr).toMatch(/^Errors:/);
		expect(parse(played.stdout)[0]).toMatchObject({ ready: true });
	});
});
