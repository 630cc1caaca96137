import { describe, expect, test } from 'vitest';
import { labyrinth } from './testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializePlan } from '../lib/engine/plan/format-json';
import type { Plan } from '../lib/engine/plan/types';
import { grid } from '../lib/engine/rules/topographic/testing';
import { createRng } from '../lib/engine/random';

function file(plan: Plan): string {
	const dir = mkdtempSync(join(tmpdir(), 'referee-rules-'));
	const path = join(dir, 'plan.json');
	writeFileSync(path, serializePlan(plan));
	return path;
}

function run(args: string[], commands: object[]) {
	// the scenarios' plans are a few squares, not valid labyrinths: played anyway
	const r = labyrinth(['referee', ...args, '--allow-invalid'], commands.map((c) => JSON.stringify(c)).join('\n') + '\n');
	return r.stdout
		.trim()
		.split('\n')
		.map((l) => JSON.parse(l) as { event?: { type: string; seat?: number; how?: string }; text?: string; half?: number });
}

const go = (by: number, dir: string) => ({ type: 'move', by, actions: [{ a: 'go', dir }] });

describe('CLI referee for the other rule systems', () => {
	test('topographic (003 1.8, 1.9): a whole game — the treasure picked up on the way, carried out through the exit', () => {
		const plan = grid('topographic', ['L L L'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 2, kind: 'treasure', true: true }] });
		const settings = join(mkdtempSync(join(tmpdir(), 'referee-rules-')), 'settings.json');
		writeFileSync(settings, JSON.stringify({ randomStart: false }));
		const out = run([file(plan), '--rules', 'topographic', '--players', '1', '--seed', '1', '--settings', settings], [
			{ type: 'choose_start', by: 0, cell: 0 },
			{ type: 'confirm_starts', by: 'master' },
			go(0, 'left'),
			go(0, 'right'),
			go(0, 'right'),
			go(0, 'left'),
			go(0, 'left'),
			go(0, 'left')
		]);
		const types = out.map((l) => l.event?.type);
		expect(types).toContain('treasure_picked');
		expect(out.at(-1)!.event).toMatchObject({ type: 'won', seat: 0, how: 'treasure' });
		expect(out.find((l) => l.event?.type === 'wall')!.text).toBe('hit a wall');
	});

	test('abandoned (002 2, 3.3, 6): the program places the adventurer; a treasure pile, the exit, the win — in Russian', () => {
		const plan = grid('abandoned', ['L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		const out = run([file(plan), '--players', '1', '--seed', '1', '--lang', 'ru'], [{ type: 'confirm_starts', by: 'master' }, go(0, 'right'), go(0, 'left'), go(0, 'up')]);
		expect(out.find((l) => l.event?.type === 'treasure_pile')!.text).toBe('натыкается на груду КЛАДОВ и подбирает её');
		expect(out.at(-1)!.event).toMatchObject({ type: 'won', how: 'treasure' });
	});

	test('duel (001 3.5, 3.6): two plans, two halves — each player walks the other\'s plan and carries its true treasure out', () => {
		const plan = grid('duel', ['L L'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		// A seed where player 0 starts (the first mover is drawn from the seed).
		let seed = 1;
		while (createRng(String(seed)).int(2) !== 0) seed++;
		const goTake = (by: number) => ({ type: 'move', by, actions: [{ a: 'go', dir: 'right' }, { a: 'take', index: 0 }] });
		const out = run([file(plan), file(plan), '--rules', 'duel', '--seed', String(seed)], [
			{ type: 'choose_start', by: 0, cell: 0 },
			{ type: 'choose_start', by: 1, cell: 0 },
			goTake(0),
			goTake(1),
			go(0, 'left'),
			go(1, 'left'),
			go(0, 'left'),
			go(1, 'left')
		]);
		const first = (out[0] as unknown as { first: number }).first;
		expect(first).toBe(0);
		expect(out.filter((l) => l.event?.type === 'took_treasure')).toHaveLength(2);
		const won = out.filter((l) => l.event?.type === 'won');
		expect(won).toHaveLength(1);
		expect(won[0]!.event!.seat).toBe(first);
		expect(won[0]!.half).toBe(1 - first);
		expect(out.find((l) => l.event?.type === 'duel_out')!.text).toBe('left the labyrinth: the treasure is true');
		// The game is over: the other player's last move is refused.
		expect(out.at(-1)!.event).toMatchObject({ type: 'rejected' });
	});

	test('abandoned (002 3.1, issue 31): the master hears where the program placed each adventurer; the status names the item held', () => {
		const plan = grid('abandoned', ['L L L'], { exits: [{ cell: 0, dir: 'up', open: true }], items: [{ cell: 2, kind: 'treasure', true: true }] });
		const out = run([file(plan), '--players', '2', '--seed', '1'], [{ type: 'confirm_starts', by: 'master' }, { type: 'status', by: 0 }]);
		const starts = out.filter((l) => l.event?.type === 'start_cell');
		expect(starts.map((l) => l.event!.seat).sort()).toEqual([0, 1]);
		for (const l of starts) {
			expect((l as { audience?: unknown }).audience).toEqual({ to: 'master' });
			expect(l.text).toMatch(/^Player [12] starts at [ab]1$/);
		}
		expect(out.find((l) => l.event?.type === 'status')!.text).toBe('holds no item');
	});

	test('topographic (003 3, issue 31): the app\'s placements are told to the master; a chosen start off land is refused as "a start must be on land"', () => {
		const plan = grid('topographic', ['L R> B'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 2, kind: 'treasure', true: true }] });
		const placed = run([file(plan), '--rules', 'topographic', '--players', '1', '--seed', '1'], [{ type: 'confirm_starts', by: 'master' }]);
		expect(placed.find((l) => l.event?.type === 'start_cell')!.text).toBe('Player 1 starts at a1');
		const settings = join(mkdtempSync(join(tmpdir(), 'referee-rules-')), 'settings.json');
		writeFileSync(settings, JSON.stringify({ randomStart: false }));
		const chosen = run([file(plan), '--rules', 'topographic', '--players', '1', '--seed', '1', '--settings', settings], [{ type: 'choose_start', by: 0, cell: 'b1' }]);
		expect(chosen.at(-1)).toMatchObject({ event: { type: 'rejected', reason: 'start_not_land' } });
		expect(chosen.at(-1)!.text).toBe('Not accepted: a start must be on land (or a spinner): choose another cell');
	});

	test('duel (001 3.7, issue 31): "take" before "go" takes the treasure he stands on, then steps', () => {
		const plan = grid('duel', ['L L'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		let seed = 1;
		while (createRng(String(seed)).int(2) !== 0) seed++;
		const out = run([file(plan), file(plan), '--rules', 'duel', '--seed', String(seed)], [
			{ type: 'choose_start', by: 0, cell: 1 },
			{ type: 'choose_start', by: 1, cell: 1 },
			{ type: 'move', by: 0, actions: [{ a: 'take', index: 0 }, { a: 'go', dir: 'left' }] },
			{ type: 'move', by: 1, actions: [{ a: 'take', index: 0 }, { a: 'go', dir: 'left' }] },
			{ type: 'move', by: 0, actions: [{ a: 'go', dir: 'left' }] }
		]);
		expect(out.filter((l) => l.event?.type === 'rejected')).toEqual([]);
		expect(out.filter((l) => l.event?.type === 'took_treasure')).toHaveLength(2);
		expect(out.at(-1)!.event).toMatchObject({ type: 'won', seat: 0 });
	});

	test('a command line nested 2,000 brackets deep is refused with its line; the referee goes on', () => {
		const plan = grid('topographic', ['L L'], { exits: [{ cell: 0, dir: 'left', open: true }], items: [{ cell: 1, kind: 'treasure', true: true }] });
		const deep = '['.repeat(2000) + ']'.repeat(2000);
		const moveDeep = '{"type":"move","by":0,"actions":' + deep + '}';
		const r = labyrinth(['referee', file(plan), '--rules', 'topographic', '--players', '1', '--seed', '1', '--allow-invalid'], [deep, '# a comment', moveDeep, 'not json', JSON.stringify({ type: 'confirm_starts', by: 'master' })].join('\n') + '\n');
		expect(r.status).toBe(0);
		expect(r.stderr).not.toMatch(/RangeError|at /);
		const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
		expect(out.slice(1, 4)).toMatchObject([
			{ command: 0, line: 1, event: { type: 'rejected', reason: 'malformed' }, audience: { to: 'master' }, error: 'line 1:41: the command is nested deeper than 40 levels; refused, the game goes on' },
			{ command: 1, line: 3, event: { type: 'rejected', reason: 'malformed' }, error: expect.stringMatching(/^line 3:\d+: the command is nested deeper/) },
			{ command: 2, line: 4, event: { type: 'rejected', reason: 'malformed' }, error: 'line 4:1: not a JSON command; refused, the game goes on' }
		]);
		expect(out.some((l) => l.event?.type === 'starts_confirmed' && l.command === 3)).toBe(true);
	});
});
