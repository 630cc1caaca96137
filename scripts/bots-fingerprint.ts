/**
 * The computer players' decisions over many seeded games, hashed: every command the bots send
 * (and every one the app sends as master), and at each decision what the bot's assistant
 * answers then. Two trees whose bots decide the same print the same digests (a speed change
 * must not change one decision). `npx tsx scripts/bots-fingerprint.ts [root]` — root defaults
 * to this tree; run it on another checkout to compare (`VERBOSE=1`: one digest per game).
 * Games: generated classic plans of several sizes and shapes with 1–6 bots of every level and
 * the settings variants (rivers, encephalitis off, common start), the 10x10 four-explorer game,
 * and the other rule systems (topographic, abandoned, duel), played the way `playBotGame` plays
 * them: each seat given `viewFor` at its turn, the app as master.
 */
import { createHash, type Hash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);

const { apply, currentSeat } = await load('src/lib/engine/game/apply.ts');
const { createGame, initialState } = await load('src/lib/engine/game/game.ts');
const { viewFor, addToFeeds } = await load('src/lib/engine/game/view.ts');
const { generatePlan, SHAPES } = await load('src/lib/engine/plan/generate.ts');
const { createRng } = await load('src/lib/engine/random.ts');
const { generateTopographic } = await load('src/lib/engine/rules/topographic/generate.ts');
const { generateAbandoned } = await load('src/lib/engine/rules/abandoned/generate.ts');
const { generateDuel } = await load('src/lib/engine/rules/duel/generate.ts');
const { createBot } = await load('src/lib/bots/bot.ts');
const { masterCommand } = await load('src/lib/bots/play.ts');

/* eslint-disable @typescript-eslint/no-explicit-any */
type A = any;

const LEVELS = ['explorer', 'hunter', 'wanderer'] as const;

/** What a bot's assistant answers after its decision (read through the bot's knowledge, not part of the bot's API). */
function printKnowledge(h: Hash, bot: A): void {
	const know = bot.know;
	if (!know) return h.update('-');
	const a = know.assistant;
	const n = a.hypothesisCount;
	const cells: number[] = [];
	for (let i = 0; i < n; i += n <= 50 ? 1 : Math.ceil(n / 50)) cells.push(a.hypothesisCell(i));
	h.update(JSON.stringify([a.candidates(), a.positionCertain, n, a.certainCount, cells, [...know.treasures], [...know.treasureCarriers], know.nstopStarted]));
	if (know.others) h.update(JSON.stringify([...know.others.candidates()]));
}

/** A game played as `playBotGame` plays it, hashed command by command. */
function play(name: string, plan: A, levels: readonly string[], seed: number | string, settings: object | undefined, maxMoves: number, results: [string, string][]): number {
	const created = createGame({ plan, seats: levels.length, seed, settings });
	if (!created.ok) throw new Error(`${name}: ${JSON.stringify(created.error)}`);
	let state = initialState(created.value);
	const bots = levels.map((level, seat) => createBot(level, seat, seed));
	const feeds: A[][] = levels.map(() => []);
	const h = createHash('sha1');
	let refusals = 0;
	let decisions = 0;
	while (state.phase !== 'over' && state.moveNo < maxMoves) {
		const master = masterCommand(state, seed);
		const seat = currentSeat(state);
		let cmd = master;
		if (!cmd && seat !== null) {
			cmd = bots[seat].decide(viewFor(state, seat, feeds[seat]));
			decisions++;
			printKnowledge(h, bots[seat]);
		}
		h.update(JSON.stringify(cmd));
		if (!cmd) break;
		const r = apply(state, cmd);
		if (r.events.length === 1 && r.events[0].type === 'rejected') {
			h.update('refused');
			if (++refusals > 20) break;
			continue;
		}
		refusals = 0;
		addToFeeds(feeds, r.events);
		state = r.state;
	}
	h.update(JSON.stringify([state.phase, state.moveNo, state.result]));
	results.push([name, h.digest('hex')]);
	return decisions;
}

const results: [string, string][] = [];
let decisions = 0;
const t0 = performance.now();
const variants: (object | undefined)[] = [undefined, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }, { commonStart: true }];
for (let seed = 1; seed <= 48; seed++) {
	const rng = createRng(`bots-fingerprint:${seed}`);
	const size = 4 + rng.int(9);
	const plan = generatePlan({ width: size, height: 4 + rng.int(9), seed, shape: SHAPES[seed % SHAPES.length], rivers: 1 + rng.int(2), pits: 2 + rng.int(3) });
	const seats = 1 + ((seed - 1) % 6);
	const levels = Array.from({ length: seats }, () => LEVELS[rng.int(3)]!);
	decisions += play(`classic s${seed} ${levels.join(',')}`, plan, levels, seed, variants[seed % variants.length], 1500, results);
}
for (let seed = 1; seed <= 6; seed++) {
	const plan = generatePlan({ width: 10, height: 10, seed: 500 + seed });
	decisions += play(`10x10 explorers s${seed}`, plan, ['explorer', 'explorer', 'explorer', 'explorer'], `fp${seed}`, undefined, 2500, results);
}
for (let seed = 1; seed <= 4; seed++) {
	decisions += play(`topographic s${seed}`, generateTopographic(seed), ['explorer', 'hunter', 'wanderer'], seed, undefined, 400, results);
	decisions += play(`abandoned s${seed}`, generateAbandoned(seed), ['hunter', 'explorer', 'wanderer'], seed, undefined, 400, results);
	decisions += play(`duel s${seed}`, generateDuel(seed), ['explorer'], seed, undefined, 400, results);
}
const all = createHash('sha1');
for (const [name, digest] of results) {
	all.update(name + digest);
	if (process.env.VERBOSE) console.log(name, digest);
}
console.log(`${results.length} games, ${decisions} decisions, ${Math.round(performance.now() - t0)} ms: ${all.digest('hex')}`);
