import { describe, expect, test } from 'vitest';
import { buildPlan, Script } from '../../game/testing';
import { defaultSettings, resolveSettings, SETTINGS, SETTING_IDS, settingKey } from '../../game/settings';

describe('4.4 pits and items', () => {
	// y0: L P L P   loop (1,0) → (3,0) → (1,0)
	const plan = buildPlan(['LPLP'], {
		loops: [[[1, 0], [3, 0]]],
		items: [[0, 0, 'treasure', true], [1, 0, 'bullet', 1], [3, 0, 'grenade', 1]]
	});
	test('4.4: falling into a pit, the player finds the items of the pit he lands in, not of the entry pit', () => {
		const g = new Script(plan, 2, { landmines: false }).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'up' }, { a: 'shoot', dir: 'up' }, { a: 'go', dir: 'right' }]);
		expect(g.last.find((e) => e.type === 'found')).toMatchObject({ grenades: 1, bullets: 0 });
		expect(g.p(0)).toMatchObject({ cell: 3, grenades: 3, bullets: 2 });
	});
	test('4.4 / 5.7: a landmine in the entry pit does not go off; in the arrival pit it does', () => {
		const g = new Script(plan, 2).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'mine', dir: 'right' }, { a: 'skip' }]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }]);
		expect(g.types()).not.toContain('blast');
		g.until(1).move(1, [{ a: 'mine', dir: 'right' }, { a: 'skip' }]);
		g.until(0).move(0, [{ a: 'loop' }]);
		// from (3,0) by the loop to (1,0): the mine set by player 1 lies at (3,0); the one at (1,0) goes off
		expect(g.types()).toContain('blast');
		expect(g.p(0).health).toBe('wounded');
	});
	test('4.4: shooting after the movement is done from the arrival pit', () => {
		const g = new Script(plan, 2).start([0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'right' }, { a: 'shoot', dir: 'left' }]);
		expect(g.types()).toContain('scream');
		expect(g.p(1).health).toBe('wounded');
	});
});

describe('5.5 / 5.7 more', () => {
	const row = buildPlan(['LLLL'], { items: [[3, 0, 'treasure', true]] });
	test('5.5: a shooter in the victim\'s cell catches the falling bullets and can fire them in the same move', () => {
		const g = new Script(row, 3, { landmines: false }).start([0, 0], [0, 0], [2, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'up' }, { a: 'shoot', dir: 'up' }, { a: 'shoot', dir: 'up' }, { a: 'shoot', dir: 'right' }, { a: 'skip' }]);
		// after the first shot (3 → 2, caught 3 → 3): three more are possible
		expect(g.types().filter((t) => t === 'scream' || t === 'no_scream')).toEqual(['scream', 'no_scream', 'no_scream', 'scream']);
		// 5.5: he fell at the first shot; the next ones fly over him
		expect(g.p(1).health).toBe('wounded');
		expect(g.p(2).health).toBe('wounded');
	});
	test('5.7: throwing a corpse onto a mined cell sets the landmine off', () => {
		const g = new Script(row, 3).start([0, 0], [1, 0], [2, 0]);
		g.until(1).move(1, [{ a: 'mine', dir: 'left' }, { a: 'go', dir: 'up' }]); // armed at (0,0)
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
		g.until(2).move(2, [{ a: 'shoot', dir: 'left' }, { a: 'mine', dir: 'right' }, { a: 'go', dir: 'left' }]);
		expect(g.p(1).status).toBe('dead');
		expect(g.p(2).carry?.k).toBe('corpse');
		g.until(2).move(2, [{ a: 'leave', item: 'corpse', dir: 'left' }, { a: 'skip' }]);
		expect(g.types()).toContain('blast');
		expect(g.p(0).health).toBe('wounded');
	});
});

describe('7.4 shallow rivers', () => {
	test('7.4: moving across the flow into a river carries again', () => {
		// y0: v v      two rivers flowing down
		// y1: D D
		const plan = buildPlan(['vvL', 'DDL'], { items: [[2, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { rivers: 'shallow' }).start([2, 0], [2, 1]);
		g.until(0).move(0, [{ a: 'go', dir: 'left' }]);
		expect(g.last[0]).toMatchObject({ type: 'river', delta: true });
		const h = new Script(buildPlan(['vvL', 'vvL', 'DDL'], { items: [[2, 0, 'treasure', true]] }), 2, { rivers: 'shallow' }).start([0, 0], [2, 2]);
		h.until(0).move(0, [{ a: 'go', dir: 'right' }]); // across into the other river: carried
		expect(h.last[0]).toMatchObject({ type: 'river', delta: false });
		expect(h.p(0).cell).toBe(h.cell(1, 1));
	});
});

describe('7 settings', () => {
	const plan = buildPlan(['LL.', 'LLL'], { items: [[0, 0, 'treasure', true]] });
	test('8.6 / 5.5: N_stop defaults to the number of cells and re-orders to N−1', () => {
		const s = defaultSettings(plan, 4);
		expect(s.nStop).toBe(5);
		expect(s.reorders).toBe(3);
		expect(s.maxBullets).toBe(3);
		expect(s.rivers).toBe('normal');
	});
	test('unknown and invalid settings are refused, each named', () => {
		const r = resolveSettings(plan, 2, { rivers: 'wild', shootingRange: 0, nope: true, movesToHeal: null });
		expect(r.ok).toBe(false);
		if (!r.ok)
			expect(r.error).toEqual([
				{ code: 'setting_invalid', setting: 'rivers' },
				{ code: 'setting_invalid', setting: 'shootingRange' },
				{ code: 'setting_unknown', setting: 'nope' }
			]);
		expect(resolveSettings(plan, 2, { movesToHeal: null, shootingRange: null }).ok).toBe(true);
	});
	test('every setting has its default valid and i18n keys', async () => {
		const en = (await import('../../../../../messages/en.json')).default as unknown as Record<string, string>;
		for (const id of SETTING_IDS) {
			expect(en[settingKey(id)], id).toBeTruthy();
			expect(en[settingKey(id) + '_help'], id).toBeTruthy();
			expect(SETTINGS[id].section).toMatch(/^\d(\.\d)?$/);
		}
	});
});

describe('4.7 / 3.4 returning from outside', () => {
	test('3.4 / 4.2: an infected player stepping back in from outside into a hospital is healed and becomes immune', () => {
		const plan = buildPlan(['HL'], { exits: [[0, 0, 'up', true]], items: [[1, 0, 'treasure', true]] });
		const g = new Script(plan, 2, { landmines: false, movesToHeal: 5 }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.last[0]).toMatchObject({ type: 'exit_out', crumbled: false });
		// Infected outside (a player standing in a hospital would be healed as his move begins, 4.2).
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'health', seat: 0, health: 'infected' } });
		g.until(0).move(0, [{ a: 'go', dir: 'down' }]);
		expect(g.last[0]).toMatchObject({ type: 'hospital', healed: true });
		expect(g.types()).toContain('immune');
		expect(g.p(0)).toMatchObject({ immune: true, health: 'healthy', outside: null });
	});
});

describe('5.3 / 5.5 ammunition', () => {
	test('5.3: a player residing in a weaponry has spent grenades replenished at once', () => {
		const g = new Script(buildPlan(['WL'], { items: [[1, 0, 'treasure', true]] }), 2).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'grenade', dir: 'up' }, { a: 'grenade', dir: 'left' }, { a: 'skip' }]);
		expect(g.p(0).grenades).toBe(3);
	});
	test('5.5: with no bullets of his own a player can shoot a bullet lying on his cell', () => {
		const g = new Script(buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] }), 2, { landmines: false }).start([0, 0], [1, 0]);
		const wait = (seat: number) => {
			while (g.now !== seat) g.move(g.now, [{ a: 'go', dir: 'up' }]);
		};
		wait(0);
		g.move(0, [{ a: 'shoot', dir: 'up' }, { a: 'shoot', dir: 'up' }, { a: 'shoot', dir: 'up' }, { a: 'go', dir: 'up' }]);
		expect(g.p(0).bullets).toBe(0);
		g.do({ type: 'correct', by: 'master', reason: 'test', change: { kind: 'ammo', seat: 1, bullets: 1, grenades: 0 } });
		wait(1);
		g.move(1, [{ a: 'leave', item: 'bullet', dir: 'left' }, { a: 'go', dir: 'up' }]);
		expect(g.state.items[0]).toContainEqual({ k: 'bullet' });
		wait(0);
		g.move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
		expect(g.types()[0]).toBe('scream');
		expect(g.state.items[0]!.filter((i) => i.k === 'bullet')).toHaveLength(0);
	});
});

describe('5.5 wound notices', () => {
	test('5.5: a wounded player with no cell orders left is still told at his turn that he is wounded', () => {
		const g = new Script(buildPlan(['LLL'], { items: [[2, 0, 'treasure', true]] }), 2, { reorders: 0 }).start([0, 0], [1, 0]);
		g.until(0).move(0, [{ a: 'shoot', dir: 'right' }, { a: 'go', dir: 'up' }]);
		expect(g.last.find((e) => e.type === 'wounded_notice')).toMatchObject({ canOrder: false, audience: { to: 'all' } });
		g.move(1, [{ a: 'go', dir: 'up' }]);
		g.move(0, [{ a: 'go', dir: 'up' }]);
		expect(g.last.find((e) => e.type === 'wounded_notice')).toBeUndefined();
	});
});
