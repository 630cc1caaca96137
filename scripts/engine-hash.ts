/**
 * The engine's behaviour as one hash: many seeded games of every rule system (random legal
 * commands, the master's undos, corrections and rulings, odd and malformed commands), each
 * command's events and the state after it serialised deterministically and hashed. Two trees whose
 * engines behave the same print the same hash (a speed change must not change it).
 *
 *   node --import tsx scripts/engine-hash.ts [root=.] [games per system=300] [commands per game=400]
 *
 * `root` is the tree whose `src/lib/engine` is loaded (another checkout to compare with).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? '.');
const gamesPerSystem = Number(process.argv[3] ?? 300);
const commandsPerGame = Number(process.argv[4] ?? 400);
const load = (p: string) => import(pathToFileURL(resolve(root, 'src/lib/engine', p)).href);

const { createRng } = await load('random.ts');
const { apply } = await load('game/apply.ts');
const { createGame, initialState, replay, replayEvents } = await load('game/game.ts');
const { randomLegalCommand } = await load('game/random-command.ts');
const { generatePlan, SHAPES } = await load('plan/generate.ts');
const { generateDuel } = await load('rules/duel/generate.ts');
const { generateTopographic } = await load('rules/topographic/generate.ts');
const { generateAbandoned } = await load('rules/abandoned/generate.ts');
const { ruleSystem } = await load('rules/index.ts');
const { SETTINGS } = await load('game/settings.ts');
const { CONDITIONS } = await load('game/types.ts');

type Rng = { int(n: number): number; pick<T>(xs: readonly T[]): T | undefined };
type Any = Record<string, unknown>;

/** JSON with sorted keys and typed arrays as arrays: the same value gives the same text whatever its object's key order. */
function canon(x: unknown): string {
	if (x === undefined) return 'undefined';
	if (x === null || typeof x !== 'object') return JSON.stringify(x);
	if (ArrayBuffer.isView(x)) return '[' + Array.from(x as unknown as ArrayLike<number>).join(',') + ']';
	if (Array.isArray(x)) return '[' + x.map(canon).join(',') + ']';
	if (x instanceof Map) return 'M' + canon([...x.entries()]);
	if (x instanceof Set) return 'S' + canon([...x]);
	const keys = Object.keys(x).sort();
	return '{' + keys.filter((k) => (x as Any)[k] !== undefined).map((k) => JSON.stringify(k) + ':' + canon((x as Any)[k])).join(',') + '}';
}

/** A state field, wherever the state keeps it (on itself or in an object of fields it shares with its neighbours). */
function field(s: Any, k: string): unknown {
	if (k in s) return s[k];
	for (const v of Object.values(s)) if (v && typeof v === 'object' && !ArrayBuffer.isView(v) && !Array.isArray(v) && k in (v as Any) && (v as Any).constructor === Object) return (v as Any)[k];
	return undefined;
}

const STATE_FIELDS = ['rules', 'phase', 'order', 'turn', 'sides', 'items', 'players', 'mites', 'trueTreasure', 'moveNo', 'nstop', 'skipsInARow', 'survivorLeft', 'result', 'rng', 'ext', 'depth', 'settings'];

/** Everything of a state that decides play, its undo chain summarised (depth, last command, checkpoint depth). */
function stateText(s: Any): string {
	const out: Any = {};
	for (const k of STATE_FIELDS) out[k] = field(s, k);
	const past = field(s, 'past') as { command: unknown } | null;
	out.pastHead = past ? past.command : null;
	const cp = field(s, 'checkpoint') as Any | null;
	out.checkpointDepth = cp ? field(cp, 'depth') : null;
	out.board = field(s, 'board');
	return canon(out);
}

const DIRS = ['up', 'right', 'down', 'left'];

/** An action of any system, sometimes odd (unknown kinds, bad fields). */
function anyAction(rng: Rng, depth = 0): unknown {
	const dir = DIRS[rng.int(4)];
	switch (rng.int(16)) {
		case 0: return { a: 'go', dir };
		case 1: return { a: 'flow' };
		case 2: return { a: 'loop' };
		case 3: return { a: 'skip' };
		case 4: return rng.int(2) ? { a: 'shoot', dir } : { a: 'shoot', dir, target: rng.int(6) };
		case 5: return { a: 'grenade', dir };
		case 6: return { a: 'leave', item: ['treasure', 'landmine', 'corpse', 'bullet', 'grenade'][rng.int(5)], ...(rng.int(2) ? { dir } : {}) };
		case 7: return rng.int(2) ? { a: 'mine' } : { a: 'mine', dir };
		case 8: return { a: 'take', index: rng.int(3) };
		case 9: return depth < 2 ? { a: 'if', cond: CONDITIONS[rng.int(CONDITIONS.length)], then: [anyAction(rng, depth + 1)] } : { a: 'skip' };
		case 10: return { a: 'use', item: ['bullet', 'first_aid', 'junk'][rng.int(3)], ...(rng.int(2) ? { dir } : {}) };
		case 11: return { a: 'attack', target: rng.int(6), ...(rng.int(2) ? { bullet: true } : {}) };
		case 12: return { a: 'enter', cell: rng.int(100), dir };
		case 13: return { a: 'go', dir: 'sideways' };
		case 14: return { a: 'go', dir, extra: 1 };
		default: return rng.int(2) ? null : { a: 'fly' };
	}
}

/** A command of any kind for whoever, legal or not. */
function anyCommand(state: Any, rng: Rng): unknown {
	const players = state.players as Any[];
	const seat = rng.int(players.length);
	const order = state.order as number[];
	const mover = (state.phase === 'play' ? order[state.turn as number] : seat) ?? seat;
	const cells = (field(state, 'board') as { cellList: number[] }).cellList;
	const cell = rng.pick(cells) ?? 0;
	switch (rng.int(14)) {
		case 0:
		case 1:
		case 2: {
			const actions = Array.from({ length: 1 + rng.int(3) }, () => anyAction(rng));
			const c: Any = { type: 'move', by: rng.int(8) ? mover : seat, actions };
			const f = rng.int(12);
			if (f === 0) c.dark = true;
			if (f === 1) c.semiDark = true;
			if (f === 2) c.noPickup = true;
			if (f === 3) c.noRestock = true;
			if (f === 4) c.dark = c.semiDark = true;
			// a list with a hole (only a program makes one; the engine must still refuse it the same way)
			if (f === 5) actions.length += 1 + rng.int(2);
			if (f === 6) actions.splice(rng.int(actions.length + 1), 0, { a: 'if', cond: 'land', then: rng.int(2) ? 'go' : [{ a: 'go', dir: 'up' }] });
			return c;
		}
		case 3: return { type: 'order_cell', by: mover, cell: rng.int(3) ? cell : null };
		case 4: return { type: 'take_break', by: mover };
		case 5: return { type: 'time_out', by: 'master', seat: mover };
		case 6: return { type: 'count_nstop', by: rng.int(2) ? 'master' : mover, ...(rng.int(2) ? { stop: true } : {}) };
		case 7: return { type: 'undo', by: 'master', reason: 'hash' };
		case 8: {
			const kinds = [
				{ kind: 'place', seat, cell },
				{ kind: 'ammo', seat, bullets: rng.int(4), grenades: rng.int(4) },
				{ kind: 'health', seat, health: ['healthy', 'wounded', 'infected'][rng.int(3)] },
				{ kind: 'side', cell, dir: DIRS[rng.int(4)], side: ['open', 'wall', 'outer', 'closed_exit', 'open_exit'][rng.int(5)] },
				{ kind: 'carry', seat, carry: [null, { k: 'landmine' }, { k: 'treasure', id: rng.int(3) }, { k: 'corpse', seat: rng.int(6) }][rng.int(4)] }
			];
			return { type: 'correct', by: 'master', reason: 'hash', change: kinds[rng.int(kinds.length)] };
		}
		case 9: return { type: 'status', by: seat };
		case 10: return { type: 'recall', by: seat, of: rng.int(7) };
		case 11: return [{ type: 'choose_start', by: seat, cell }, { type: 'ask_cell_kind', by: seat, cell }, { type: 'invalidate_starts', by: 'master', seats: [seat] }, { type: 'common_start', by: 'master', cell }, { type: 'confirm_starts', by: 'master' }][rng.int(5)];
		case 12: return { type: 'ruling', by: 'master', reason: 'hash' };
		default: return [null, 7, { type: 'move' }, { type: 'nope', by: 0 }, { type: 'move', by: 99, actions: [] }, { type: 'move', by: mover, actions: 'go' }][rng.int(6)];
	}
}

/** Some settings drawn at random from their specs (a third of the games play the defaults). */
function randomSettings(rng: Rng, ids: readonly string[]): Any {
	const out: Any = {};
	if (rng.int(3) === 0) return out;
	for (const id of ids) {
		if (rng.int(3)) continue;
		const spec = SETTINGS[id];
		if (spec.kind === 'boolean') out[id] = rng.int(2) === 0;
		else if (spec.kind === 'choice') out[id] = spec.options[rng.int(spec.options.length)];
		else if (spec.nullable && rng.int(4) === 0) out[id] = null;
		else out[id] = Math.min(spec.max, spec.min + rng.int(Math.min(6, spec.max - spec.min + 1)));
	}
	return out;
}

function planOf(system: string, seed: number, rng: Rng): unknown {
	if (system === 'duel') return generateDuel(seed);
	if (system === 'topographic') return generateTopographic(seed);
	if (system === 'abandoned') return generateAbandoned(seed);
	const w = 3 + rng.int(8);
	const h = 3 + rng.int(8);
	return generatePlan({ width: w, height: h, seed, shape: SHAPES[seed % SHAPES.length], bullets: rng.int(3), grenades: rng.int(3), landmines: rng.int(3) });
}

const total = createHash('sha256');
const perSystem: Record<string, string> = {};
let commands = 0;
let rejectedCount = 0;
let setupFailed = 0;
let movesAccepted = 0;
for (const system of ['classic', 'duel', 'topographic', 'abandoned']) {
	const h = createHash('sha256');
	const sys = ruleSystem(system).value;
	for (let g = 0; g < gamesPerSystem; g++) {
		const seed = g * 7919 + system.length;
		const rng: Rng = createRng(`hash-${system}-${g}`);
		const plan = planOf(system, seed, rng);
		const [lo, hi] = sys.seats ?? [1, 6];
		const seats = lo + rng.int(hi - lo + 1);
		const made = createGame({ plan, seats, seed, settings: randomSettings(rng, sys.settingIds) });
		if (!made.ok) {
			h.update('setup:' + canon(made.error));
			setupFailed++;
			continue;
		}
		const game = made.value;
		let state = initialState(game);
		h.update(stateText(state));
		for (let i = 0; i < commandsPerGame; i++) {
			const r = rng.int(10);
			let cmd: unknown = r < 7 ? randomLegalCommand(state, rng, { master: true }) : anyCommand(state, rng);
			if (cmd === null) {
				if (state.phase === 'over' && rng.int(2)) cmd = { type: 'undo', by: 'master', reason: 'over' };
				else break;
			}
			const res = apply(state, cmd);
			commands++;
			const rejectedNow = res.events.length === 1 && res.events[0].type === 'rejected';
			if (rejectedNow) {
				rejectedCount++;
				if (res.state !== state) throw new Error('a rejected command changed the state');
			} else {
				game.log.push(cmd);
				if ((cmd as Any).type === 'move') movesAccepted++;
			}
			h.update(JSON.stringify(res.events));
			h.update(stateText(res.state));
			state = res.state;
		}
		// The replays give the same state (and the same events) as the live run.
		const again = replay(game).state;
		const withEvents = replayEvents(game);
		h.update('replay:' + (stateText(again) === stateText(state)) + (stateText(withEvents.state) === stateText(state)));
		h.update(JSON.stringify(withEvents.events.slice()));
	}
	perSystem[system] = h.digest('hex').slice(0, 16);
	total.update(perSystem[system]);
}
console.log(JSON.stringify({ root, gamesPerSystem, commandsPerGame, commands, rejected: rejectedCount, movesAccepted, setupFailed, perSystem, hash: total.digest('hex').slice(0, 16) }));
