// The duel's session over the memory transport (seeds 001/004, docs/rules.md "Duel"): two
// devices, each refereeing only its own plan, play the same game as the engine's match; what
// crosses the link never carries a plan before the end; refused messages change nothing; a
// lost link is made up once, in order.
import { afterEach, describe, expect, test } from 'vitest';
import { stateKey } from '../engine/game/testing';
import type { Action, Command } from '../engine/game/types';
import { DIRECTIONS, type Plan } from '../engine/plan/types';
import { createRng } from '../engine/random';
import { generateDuel } from '../engine/rules/duel/generate';
import { announcements, createDuel, duelCommand, type DuelMatch, type Player } from '../engine/rules/duel/match';
import { duelPeerId, readDuelFrame, type DuelMessage } from './duel-wire';
import type { DuelSettings } from '../store/records';
import { MemoryDuelStore, newDuelRecord } from './duel-record';
import { DuelSession } from './duel';
import { MemoryNetwork } from './memory';
import { FAST, TEST_APP, settle, settled, until, onFakeClock } from './testing';
import { emptyCell, nextAction } from './duel.testing';
import { Channel, type ChannelOptions } from './channel';

onFakeClock();

const ROOM = 'DUELAB';
let open: DuelSession[] = [];
afterEach(() => {
	for (const s of open) s.close();
	open = [];
});

interface Pair {
	net: MemoryNetwork;
	stores: [MemoryDuelStore, MemoryDuelStore];
	s: [DuelSession, DuelSession];
	plans: [Plan, Plan];
	/** Every string that crossed the link, either way. */
	wire: string[];
	/** A string for which `when` says true is lost. */
	drop: { when: ((data: string) => boolean) | null };
}

async function openPair(seed: number, settings: DuelSettings = {}, drop: Pair['drop'] = { when: null }, channel: ChannelOptions = FAST, net = new MemoryNetwork()): Promise<Pair> {
	const wire: string[] = [];
	const tap = { copies: (d: string) => (wire.push(d), drop.when?.(d) ? 0 : 1) };
	net.faults = { toHost: tap, toPhone: tap };
	const plans: [Plan, Plan] = [generateDuel(seed), generateDuel(seed + 1000)];
	const stores: [MemoryDuelStore, MemoryDuelStore] = [new MemoryDuelStore(), new MemoryDuelStore()];
	const opener = await DuelSession.open({
		store: stores[0],
		app: TEST_APP,
		channel,
		record: newDuelRecord({ id: ROOM, role: 'opener', name: 'Anna', plan: plans[0], settings, seed: `s${seed}` })
	});
	opener.listen(await net.listen(duelPeerId(ROOM)));
	// The joiner comes by the invitation, which carries the opener's fingerprint.
	const joiner = await openJoiner(net, stores[1], plans[1], channel, opener.pin);
	open.push(opener);
	await until(() => opener.status === 'here' && joiner.status === 'here', 3000, 'joined');
	return { net, stores, s: [opener, joiner], plans, wire, drop };
}

async function openJoiner(net: MemoryNetwork, store: MemoryDuelStore, plan: Plan, channel: ChannelOptions = FAST, pin: string | null = null, name = 'Boris'): Promise<DuelSession> {
	const joiner = await DuelSession.open({
		store,
		app: TEST_APP,
		channel,
		retryMs: [30, 60],
		connect: () => net.open(duelPeerId(ROOM)),
		record: newDuelRecord({ id: ROOM, role: 'joiner', name, plan, pin })
	});
	joiner.start();
	open.push(joiner);
	return joiner;
}

/** The first cell of `plan` with nothing on it (a start anyone may choose). */

async function bothStart(p: Pair, m: DuelMatch): Promise<DuelMatch> {
	const cells = [emptyCell(p.plans[1]), emptyCell(p.plans[0])];
	const results = await Promise.all([p.s[0].chooseStart(cells[0]!), p.s[1].chooseStart(cells[1]!)]);
	expect(results).toEqual([{ ok: true }, { ok: true }]);
	for (const q of [0, 1] as const) m = duelCommand(m, q, { type: 'choose_start', by: 0, cell: cells[q]! }).match;
	return m;
}

/** A move of whoever has the turn, from a seeded stream; the match moves alongside. */
function nextActions(m: DuelMatch, x: number): Action[] {
	const dir = DIRECTIONS[x % 4]!;
	if (x % 11 === 8 && m.turns.used === 0) return [{ a: 'grenade', dir }];
	if (x % 11 === 9) return [{ a: 'go', dir }, { a: 'take', index: 0 }];
	return [{ a: 'go', dir }];
}

describe('the duel on two devices (seeds 001/004)', () => {
	test.each([
		['', false],
		['; the answer that ends it is lost with its link, the plans still cross once the game is over', true]
	])('a whole scripted game between two devices equals the match; no message carries a plan until the end%s', async (_, cutTheEnd) => {
		for (const seed of [3]) {
			// Heartbeats at an easy pace: this test is about the game more than about losses.
			const p = await openPair(seed, {}, { when: null }, { pingMs: 300, lostMs: 1500, resendMs: 200 });
			const made = createDuel({ plans: p.plans, seed: `s${seed}` });
			if (!made.ok) throw new Error('setup');
			let m = await bothStart(p, made.value);
			const rng = createRng(seed);
			let moves = 0;
			for (; moves < 2000 && m.turns.winner === null; moves++) {
				const who = m.turns.turn;
				// Random moves for a while (walls, grenades, pits, traps, treasures), then straight for the true treasure.
				const actions = moves < 150 ? nextActions(m, rng.int(44)) : [nextAction(m.halves[1 - who]!)];
				const step = duelCommand(m, who, { type: 'move', by: 0, actions } as Command);
				if (cutTheEnd && step.match.turns.winner !== null) {
					// The winning move's answer dies with the link: after the reconnection the referee, already at the end, may send its plan before that answer.
					let cut = false;
					p.drop.when = (d) => {
						if (cut || !d.includes('"answer"')) return false;
						cut = true;
						const link = p.net.opened.at(-1)!;
						link.severed = true;
						(link as unknown as { other: { severed: boolean } }).other.severed = true;
						return true;
					};
				}
				const result = await settled(p.s[who].move(actions), 6000, 'the move answered');
				if (step.events.length === 1 && step.events[0]!.type === 'rejected') {
					// The engine refuses it (a take with no treasure, no grenades left): so does the other device.
					expect(result.ok).toBe(false);
					continue;
				}
				expect(result).toEqual({ ok: true });
				m = step.match;
				const n = p.s[who].record.exchanges.length - 1;
				expect(p.s[who].record.exchanges[n]!.reply).toEqual(announcements(step.events));
			}
			await until(() => p.s.every((s) => s.winner !== null && s.record.theirPlan !== null), 6000, 'the reveal');
			if (cutTheEnd) expect(p.net.opened.length).toBeGreaterThan(1);
			expect(m.turns.winner).not.toBeNull();
			for (const q of [0, 1] as const) {
				const s = p.s[q];
				expect(s.device!.turns).toEqual(m.turns);
				expect(stateKey(s.device!.half)).toBe(stateKey(m.halves[q]));
				expect(s.record.theirPlan).toEqual(p.plans[1 - q]);
			}
			expect(p.s[0].record.exchanges).toEqual(p.s[1].record.exchanges);
			expect(p.s[0].feed).toEqual(p.s[1].feed);
			// Each start's answer says the starts are confirmed: the feed says it once (issue 33), after both starts.
			for (const s of p.s) {
				const said = s.feed.flatMap((e, i) => (e.type === 'starts_confirmed' ? [i] : []));
				expect(said).toHaveLength(1);
				expect(s.feed.slice(said[0]).some((e) => e.type === 'start_chosen'), 'said after both starts').toBe(false);
			}
			// Until the first reveal frame, nothing of either plan crossed.
			const firstReveal = p.wire.findIndex((w) => w.includes('"reveal"'));
			expect(firstReveal).toBeGreaterThan(0);
			for (const w of p.wire.slice(0, firstReveal)) expect(w).not.toMatch(/walls|cells|items|pitLoops|"true":|"number":|trueTreasure/);
			for (const s of p.s) s.close();
		}
	}, 30_000);

	test('001 3: a move out of turn, a malformed frame and an early reveal are refused with a reason and change nothing', async () => {
		const p = await openPair(5);
		const made = createDuel({ plans: p.plans, seed: 's5' });
		if (!made.ok) throw new Error('setup');
		const m = await bothStart(p, made.value);
		const idle = (1 - m.turns.turn) as Player;
		const mover = m.turns.turn;
		const before = p.stores.map((s) => JSON.stringify(s.records.get(ROOM)!.exchanges));
		// The device itself will not send it…
		expect(await p.s[idle].move([{ a: 'go', dir: 'up' }])).toEqual({ ok: false, reason: 'not_your_turn' });
		// …and a device that sends it anyway is refused by the other.
		p.s[idle].channel!.send({ type: 'move', n: 0, actions: [{ a: 'go', dir: 'up' }] });
		await until(() => p.s[mover].refusals.get('not_your_turn') === 1, 2000, 'refused out of turn');
		await until(() => p.s[idle].refusal === 'not_your_turn', 2000, 'told why');
		// Two steps in one command (the engine's own refusal), a frame off the schema, not JSON at all.
		p.s[mover].channel!.send({ type: 'move', n: 0, actions: [{ a: 'go', dir: 'up' }, { a: 'go', dir: 'up' }] });
		await until(() => p.s[idle].refusals.get('two_movements') === 1, 2000, 'two movements');
		p.s[idle].channel!.link.send(JSON.stringify({ v: 1, s: 99, m: { type: 'move', n: 0, actions: [{ a: 'fly', dir: 'up' }] } }));
		p.s[idle].channel!.link.send('not json');
		await until(() => p.s[mover].refusals.get('malformed') === 2, 2000, 'malformed refused');
		expect(readDuelFrame(JSON.stringify({ v: 1, m: { type: 'start', cell: 100 } }))).toEqual({ ok: false, reason: 'malformed' });
		expect(readDuelFrame('x'.repeat(40_000))).toEqual({ ok: false, reason: 'too_big' });
		// A plan before the end is not taken.
		p.s[idle].channel!.send({ type: 'reveal', plan: JSON.stringify(p.plans[idle]) });
		await until(() => p.s[mover].refusals.get('not_over') === 1, 2000, 'early reveal refused');
		// past a resend of the refused plan: it is still not taken
		await settle(FAST.resendMs! * 2);
		expect(p.s[mover].record.theirPlan).toBeNull();
		expect(p.stores.map((s) => JSON.stringify(s.records.get(ROOM)!.exchanges))).toEqual(before);
		// The game goes on as if nothing happened.
		expect(await p.s[mover].move([{ a: 'go', dir: 'up' }])).toEqual({ ok: true });
		expect(p.s[0].record.exchanges).toEqual(p.s[1].record.exchanges);
	});

	test('the first welcome is lost with its link: the joiner comes back with the key it made, proves it again and is welcomed', async () => {
		let cut = false;
		const net = new MemoryNetwork();
		const drop: Pair['drop'] = {
			when: (d) => {
				if (cut || !d.includes('"welcome"')) return false;
				cut = true;
				const link = net.opened.at(-1)!;
				link.severed = true;
				(link as unknown as { other: { severed: boolean } }).other.severed = true;
				return true;
			}
		};
		const p = await openPair(13, {}, drop, FAST, net);
		expect(cut).toBe(true);
		expect(p.net.opened.length).toBeGreaterThan(1);
		expect(p.s[0].record.theirPin).toBe(p.s[1].pin);
		expect(p.s[1].record.theirPin).toBe(p.s[0].pin);
		expect(p.s[0].refusals.get('unknown_key')).toBeUndefined();
	});

	test('a third device without the key is refused; the opener says so and keeps its opponent', async () => {
		const p = await openPair(7);
		const stranger = await openJoiner(p.net, new MemoryDuelStore(), p.plans[1], FAST, null, 'Mallory');
		await until(() => stranger.status === 'refused', 2000, 'stranger refused');
		expect(stranger.refusal).toBe('unknown_key');
		expect(p.s[0].status).toBe('here');
		expect(p.s[0].trouble).toEqual({ kind: 'stranger', name: 'Mallory' });
		expect(p.s[0].record.names).toEqual(['Anna', 'Boris']);
		expect(p.s[0].record.theirPin).toBe(p.s[1].pin);
		expect(p.s[1].status).toBe('here');
	});

	test('a lost link and a reloaded device: the move whose answer was lost is answered again, applied once; the next move, sent meanwhile, waits for it; the game goes on', async () => {
		const p = await openPair(11);
		const made = createDuel({ plans: p.plans, seed: 's11' });
		if (!made.ok) throw new Error('setup');
		let m = await bothStart(p, made.value);
		const play = async (count: number, rng = createRng(count)) => {
			for (let i = 0; i < count && m.turns.winner === null; i++) {
				const who = m.turns.turn;
				const actions: Action[] = [{ a: 'go', dir: DIRECTIONS[rng.int(4)]! }];
				const result = await settled(p.s[who].move(actions), 6000, 'the move answered');
				expect(result).toEqual({ ok: true });
				m = duelCommand(m, who, { type: 'move', by: 0, actions } as Command).match;
			}
		};
		await play(6);
		const joinerLink = p.net.opened.length;
		// Make it the joiner's move that is in flight: let the opener move while it is its turn.
		// The joiner's move ends its turn: the opener's comes next.
		const actions: Action[] = [{ a: 'go', dir: 'left' }];
		for (let i = 0; m.turns.winner === null && !(m.turns.turn === 1 && duelCommand(m, 1, { type: 'move', by: 0, actions } as Command).match.turns.turn === 0); i++) {
			expect(i).toBeLessThan(60);
			await play(1, createRng(i));
		}
		expect(m.turns.winner).toBeNull();
		// The next answer is lost with the link (the opener has stored the move, the mover not yet).
		let cut = false;
		p.drop.when = (d) => {
			if (cut || !d.includes('"answer"')) return false;
			// The link goes dead both ways, with no close on either side.
			cut = true;
			const link = p.net.opened.at(-1)!;
			link.severed = true;
			(link as unknown as { other: { severed: boolean } }).other.severed = true;
			return true;
		};
		const answered = p.s[1].move(actions);
		await until(() => cut, 2000, 'the answer cut off');
		expect(p.s[0].record.exchanges.length).toBe(p.s[1].record.exchanges.length + 1);
		expect(p.s[1].record.pending).not.toBeNull();
		m = duelCommand(m, 1, { type: 'move', by: 0, actions } as Command).match;
		// The opener, whose turn it now is, moves at once: its move and the lost answer cross after the reconnection.
		expect(m.turns.turn).toBe(0);
		const next: Action[] = [{ a: 'go', dir: 'right' }];
		const theirs = p.s[0].move(next);
		m = duelCommand(m, 0, { type: 'move', by: 0, actions: next } as Command).match;
		// The joiner's page reloads: a new session from what it stored.
		p.s[1].close();
		const again = await DuelSession.open({
			store: p.stores[1],
			app: TEST_APP,
			channel: FAST,
			retryMs: [30, 60],
			connect: () => p.net.open(duelPeerId(ROOM)),
			record: newDuelRecord({ id: ROOM, role: 'joiner', name: 'Boris', plan: p.plans[1] })
		});
		open.push(again);
		again.start();
		p.s[1] = again;
		await until(() => again.record.pending === null, 3000, 'the lost answer made up');
		expect(p.net.opened.length).toBeGreaterThan(joinerLink);
		void answered; // the closed page's promise: it never resolves, the new page carries on
		expect(await theirs).toEqual({ ok: true });
		expect(p.s[0].record.exchanges).toEqual(p.s[1].record.exchanges);
		expect(p.s[0].record.exchanges.length).toBe(p.stores[0].records.get(ROOM)!.exchanges.length);
		await play(6, createRng(99));
		for (const q of [0, 1] as const) {
			expect(p.s[q].device!.turns).toEqual(m.turns);
			expect(stateKey(p.s[q].device!.half)).toBe(stateKey(m.halves[q]));
		}
		// Each exchange once, in both feeds.
		expect(p.s[0].feed).toEqual(p.s[1].feed);
	});
});

describe('a start or a move the device will not store (issue 16)', () => {
	test('is not sent and changes nothing: the caller hears the error, and the same move goes once storage takes it', async () => {
		const p = await openPair(5);
		const made = createDuel({ plans: p.plans, seed: 's5' });
		if (!made.ok) throw new Error('setup');
		const m = await bothStart(p, made.value);
		const who = m.turns.turn;
		const store = p.stores[who];
		const save = store.save.bind(store);
		store.save = () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
		const sent = p.wire.length;
		await expect(p.s[who].move([{ a: 'go', dir: 'up' }])).rejects.toThrow('full');
		expect(p.s[who].record.pending).toBeNull();
		expect(p.wire.slice(sent).some((d) => d.includes('"move"'))).toBe(false);
		store.save = save;
		expect((await p.s[who].move([{ a: 'go', dir: 'up' }])).ok).toBe(true);
		expect(p.s[who].record.exchanges).toHaveLength(1);
	});
});

describe('each phone pins the other (issue 18)', () => {
	test('no secret crosses the link: each side sends only its public key, nonces and signatures', async () => {
		const p = await openPair(17);
		const made = createDuel({ plans: p.plans, seed: 's17' });
		if (!made.ok) throw new Error('setup');
		await bothStart(p, made.value);
		p.s[1].drop();
		await until(() => p.net.opened.length > 1 && p.s.every((s) => s.status === 'here'), 3000, 'back after a lost link');
		const secrets = p.s.map((s) => s.record.secret!);
		expect(secrets.every((k) => k.length > 20)).toBe(true);
		for (const w of p.wire) for (const k of secrets) expect(w).not.toContain(k);
		expect(p.wire.filter((w) => w.includes('"prove"'))).toHaveLength(2);
	});

	test('the opener away, an impostor answers under its id: the joiner tells it nothing, says so, keeps its duel, and returns to the real opener', async () => {
		const p = await openPair(19);
		const made = createDuel({ plans: p.plans, seed: 's19' });
		if (!made.ok) throw new Error('setup');
		await bothStart(p, made.value);
		const kept = structuredClone(p.stores[1].records.get(ROOM)!);
		// The opener's page is closed; a phone of another key opens a duel under the same room id.
		p.s[0].close();
		await until(() => p.s[1].status !== 'here', 3000, 'the joiner lost its link');
		const impostor = await DuelSession.open({
			store: new MemoryDuelStore(),
			app: TEST_APP,
			channel: FAST,
			record: newDuelRecord({ id: ROOM, role: 'opener', name: 'Anna', plan: p.plans[0], seed: 's19' })
		});
		open.push(impostor);
		const heard: string[] = [];
		const listener = await p.net.listen(duelPeerId(ROOM));
		listener.accept((link) => link.receive((raw) => heard.push(raw)));
		impostor.listen(listener);
		await until(() => p.s[1].trouble?.kind === 'impostor', 5000, 'the impostor noticed');
		expect(p.s[1].status).not.toBe('refused');
		expect(heard.some((f) => f.includes('"hello"'))).toBe(true);
		expect(heard.some((f) => f.includes('"prove"') || f.includes('"start"') || f.includes('"move"'))).toBe(false);
		expect(heard.some((f) => f.includes(p.s[1].record.secret!))).toBe(false);
		expect(impostor.record.names[1]).toBeNull();
		expect(impostor.record.theirPin).toBeNull();
		expect(p.stores[1].records.get(ROOM)!.theirPin).toBe(kept.theirPin);
		expect(p.stores[1].records.get(ROOM)!.exchanges).toEqual(kept.exchanges);
		impostor.close();
		// The real opener reloads: its duel from its record, under the same id.
		const back = await DuelSession.open({ store: p.stores[0], app: TEST_APP, channel: FAST, record: newDuelRecord({ id: ROOM, role: 'opener', name: 'Anna', plan: p.plans[0] }) });
		open.push(back);
		back.listen(await p.net.listen(duelPeerId(ROOM)));
		await until(() => back.status === 'here' && p.s[1].status === 'here' && p.s[1].trouble === null, 5000, 'back with the real opener');
		const who = p.s[1].device!.turns.turn;
		const mover = who === 1 ? p.s[1] : back;
		expect(await mover.move([{ a: 'go', dir: 'up' }])).toEqual({ ok: true });
		await until(() => back.record.exchanges.length === p.s[1].record.exchanges.length, 2000, 'in step');
	});

	test('a phone that replays the joiner’s public key cannot sign for it: refused, and the joiner keeps its place', async () => {
		const p = await openPair(23);
		// What an eavesdropper saw of the joiner's hello: its name and public key.
		const hello = p.wire.map((w) => JSON.parse(w) as { m?: { type: string; key?: string } }).find((f) => f.m?.type === 'hello')!.m!;
		const link = await p.net.open(duelPeerId(ROOM));
		const got: string[] = [];
		link.receive((raw) => got.push(raw));
		const channel = new Channel<DuelMessage, DuelMessage>(link, readDuelFrame, FAST);
		channel.send({ ...(hello as DuelMessage & { type: 'hello' }), nonce: 'n'.repeat(22) });
		await until(() => got.some((g) => g.includes('"proof"')), 2000, 'the proof');
		channel.send({ type: 'prove', sig: 's'.repeat(86) });
		await until(() => got.some((g) => g.includes('unknown_key')), 2000, 'refused');
		expect(p.s[0].trouble).toEqual({ kind: 'stranger', name: 'Boris' });
		expect(p.s[0].status).toBe('here');
		expect(p.s[1].status).toBe('here');
		expect(got.some((g) => g.includes('"welcome"'))).toBe(false);
		channel.close();
	});

	test('joined by the typed code (no fingerprint), the joiner pins the first opener that proves its key; a fingerprint kept is never replaced', async () => {
		const net = new MemoryNetwork();
		const opener = await DuelSession.open({ store: new MemoryDuelStore(), app: TEST_APP, channel: FAST, record: newDuelRecord({ id: ROOM, role: 'opener', name: 'Anna', plan: generateDuel(31), seed: 's31' }) });
		open.push(opener);
		opener.listen(await net.listen(duelPeerId(ROOM)));
		const typed = await openJoiner(net, new MemoryDuelStore(), generateDuel(1031));
		await until(() => typed.status === 'here', 3000, 'joined by the code alone');
		expect(typed.record.theirPin).toBe(opener.pin);
		// A phone whose invitation named another key meets this opener: not its opener.
		const wrong = await openJoiner(net, new MemoryDuelStore(), generateDuel(1031), FAST, 'A'.repeat(22));
		await until(() => wrong.trouble?.kind === 'impostor', 3000, 'a key that is not the pinned one');
		expect(wrong.status).not.toBe('refused');
		expect(wrong.record.theirPin).toBe('A'.repeat(22));
		expect(opener.record.theirPin).toBe(typed.pin);
		expect(typed.status).toBe('here');
	});
});
