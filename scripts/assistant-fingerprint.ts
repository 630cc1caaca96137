/**
 * The deduction assistant's answers over many seeded games, hashed after every announcement:
 * two trees whose assistants answer the same print the same digests (a speed change must not
 * change one answer). `npx tsx scripts/assistant-fingerprint.ts [root]` — root defaults to this
 * tree; run it on another checkout to compare. Games: random legal games (several sizes, every
 * rule system, river modes, encephalitis off, the master's undos and corrections, a common
 * start) followed directly, through the phone's SheetFeed (own commands recorded after their
 * answers), and the computer players' games followed as their knowledge follows them.
 */
import { createHash, type Hash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);

const { Assistant } = await load('src/lib/sheet/assistant.ts');
const { SheetFeed } = await load('src/lib/sheet/feed.ts');
const { apply, currentSeat } = await load('src/lib/engine/game/apply.ts');
const { createGame, initialState } = await load('src/lib/engine/game/game.ts');
const { randomLegalCommand } = await load('src/lib/engine/game/random-command.ts');
const { viewFor, visibleTo, addToFeeds } = await load('src/lib/engine/game/view.ts');
const { generatePlan, SHAPES } = await load('src/lib/engine/plan/generate.ts');
const { createRng } = await load('src/lib/engine/random.ts');
const { generateTopographic } = await load('src/lib/engine/rules/topographic/generate.ts');
const { generateAbandoned } = await load('src/lib/engine/rules/abandoned/generate.ts');
const { generateDuel } = await load('src/lib/engine/rules/duel/generate.ts');
const { playBotGame, masterCommand } = await load('src/lib/bots/play.ts');
const { SeatKnowledge } = await load('src/lib/bots/knowledge.ts');

/* eslint-disable @typescript-eslint/no-explicit-any */
type A = any;

/** Everything the assistant's public API answers now. */
function print(h: Hash, a: A): void {
	const n = a.hypothesisCount;
	h.update(JSON.stringify([a.candidates(), a.positionCertain, n, a.certainCount, a.path, a.certainFacts()]));
	const cells: number[] = [];
	for (let i = 0; i < n; i++) cells.push(a.hypothesisCell(i));
	h.update(cells.join(','));
	// Every hypothesis's facts while few; a spread of them when many.
	const stride = n <= 40 ? 1 : Math.ceil(n / 25);
	for (let i = 0; i < n; i += stride) h.update(JSON.stringify(a.hypothesis(i)));
	if (n > 0) {
		const reader = a.hypothesisReader(n - 1);
		const out: unknown[] = [];
		for (let c = 0; c < a.contour.shape.length; c++) out.push(reader.kind(c), reader.side(c, c & 3));
		h.update(JSON.stringify(out));
	}
}

const results: [string, string][] = [];
let announcements = 0;

function planFor(seed: number, kind: number): { plan: A; seats: number; settings: object } {
	const rng = createRng(`plan:${seed}`);
	const variants = [{}, { rivers: 'shallow' }, { rivers: 'turbulent' }, { encephalitis: false }, { landmines: false }, { commonStart: true }];
	const settings = { ...variants[seed % variants.length], nStop: 100000 };
	switch (kind) {
		case 0: {
			const shape = SHAPES[seed % SHAPES.length];
			return { plan: generatePlan({ width: 3 + rng.int(6), height: 3 + rng.int(6), seed, shape, rivers: 1 + rng.int(2), pits: 2 + rng.int(3) }), seats: 2 + rng.int(3), settings };
		}
		case 1:
			return { plan: generatePlan({ width: 10, height: 10, seed }), seats: 4, settings };
		case 2:
			return { plan: generatePlan({ width: 30, height: 30, seed, rivers: 6, pits: 12, pitLoops: 3 }), seats: 6, settings };
		case 3:
			return { plan: generateTopographic(seed), seats: 3, settings: {} };
		case 4:
			return { plan: generateAbandoned(seed), seats: 3, settings: {} };
		default:
			return { plan: generateDuel(seed), seats: 1, settings: {} };
	}
}

/** A random game (the master's acts now and then) followed by seat `me` directly and through a SheetFeed. */
function randomGame(seed: number, kind: number, length: number): void {
	const { plan, seats, settings } = planFor(seed, kind);
	const created = createGame({ plan, seats, seed, settings });
	if (!created.ok) return;
	let state = initialState(created.value);
	const rng = createRng(seed);
	const me = seed % seats;
	const view = viewFor(state, me, []);
	const contour = { width: view.width, height: view.height, shape: view.shape };
	const options = { encephalitis: state.settings.encephalitis, rivers: state.settings.rivers };
	const direct = new Assistant(contour, me, options);
	const feed = new SheetFeed(contour, me, options, { others: true, steered: kind !== 3 });
	const hd = createHash('sha1');
	const hf = createHash('sha1');
	let events: A[] = [];
	let own: A[] = [];
	for (let i = 0; i < length && state.phase !== 'over'; i++) {
		const command = randomLegalCommand(state, rng, { master: seed % 3 !== 0 });
		if (!command) break;
		const at = events.length;
		const result = apply(state, command);
		state = result.state;
		const told = result.events.filter((e: A) => visibleTo(e, me));
		if (command.by === me) direct.observeOwn(command, told);
		else direct.observeOther(told);
		print(hd, direct);
		announcements++;
		if (told.length) events = [...events, ...told];
		print(hf, feed.update(events, own).assistant);
		if (command.by === me) print(hf, feed.update(events, (own = [...own, { command, at }])).assistant);
		hf.update(JSON.stringify([...feed.otherCandidates()]));
	}
	results.push([`random k${kind} s${seed} direct`, hd.digest('hex')]);
	results.push([`random k${kind} s${seed} feed`, hf.digest('hex')]);
}

/** A computer players' game, then each seat's knowledge following it as the bot does (sync before its move, sent after). */
function botGame(seed: number, kind: number): void {
	const { plan, seats } = planFor(seed, kind);
	const levels = ['explorer', 'hunter', 'wanderer', 'explorer', 'explorer', 'hunter'].slice(0, seats);
	const played = playBotGame({ plan, bots: levels, seed, maxMoves: 600 });
	const h = createHash('sha1');
	h.update(JSON.stringify(played.game.log));
	const created = createGame({ plan, seats, seed });
	let state = initialState(created.value);
	const feeds: A[][] = levels.map(() => []);
	const know = levels.map((_, seat) => new SeatKnowledge(seat, viewFor(state, seat, []), true));
	for (const command of played.game.log) {
		const seat = command.by === 'master' ? null : command.by;
		if (seat !== null && masterCommand(state, seed) === null && currentSeat(state) === seat) {
			const view = viewFor(state, seat, feeds[seat]);
			know[seat].sync(view);
			print(h, know[seat].assistant);
			announcements++;
			know[seat].sent(command, view);
		}
		const r = apply(state, command);
		addToFeeds(feeds, r.events);
		state = r.state;
	}
	results.push([`bots k${kind} s${seed}`, h.digest('hex')]);
}

const t0 = performance.now();
for (let seed = 1; seed <= 60; seed++) randomGame(seed, 0, 300);
for (let seed = 1; seed <= 12; seed++) randomGame(seed, 1, 600);
for (let seed = 1; seed <= 3; seed++) randomGame(seed, 2, 1200);
for (let seed = 1; seed <= 6; seed++) for (const kind of [3, 4, 5]) randomGame(seed, kind, 300);
for (let seed = 1; seed <= 10; seed++) botGame(seed, 1);
for (let seed = 1; seed <= 10; seed++) botGame(seed, 0);
const all = createHash('sha1');
for (const [name, digest] of results) {
	all.update(name + digest);
	if (process.env.VERBOSE) console.log(name, digest);
}
console.log(`${results.length} games, ${announcements} announcements, ${Math.round(performance.now() - t0)} ms: ${all.digest('hex')}`);
