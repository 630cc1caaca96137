/**
 * The deduction assistant's own time, as the computer players use it: the calls the bots'
 * knowledge makes on their assistants over 10x10 bot games (`npm run bench -- bots`'s games) are
 * recorded, then replayed on fresh assistants and only those are timed — no engine, no route
 * search. `npx tsx scripts/assistant-timing.ts [root] [rounds]` prints µs per announcement
 * (an observeOwn or observeOther call, with the reads that followed it). With TRACE=file the
 * recorded calls are kept in that file and read from it next time (the same input for two trees).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
const rounds = Number(process.argv[3] ?? 5);
const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);

const { Assistant } = await load('src/lib/sheet/assistant.ts');
const { generatePlan } = await load('src/lib/engine/plan/generate.ts');
const { playBotGame } = await load('src/lib/bots/play.ts');

/* eslint-disable @typescript-eslint/no-explicit-any */
type Call = { who: number; method: string; args: unknown[] };
const calls: Call[] = [];
const ids = new WeakMap<object, number>();
const made: { contour: unknown; seat: number; options: unknown }[] = [];
const proto = Assistant.prototype as any;
const methods = ['observeOwn', 'observeOther', 'certainFacts', 'candidates', 'hypothesisReader', 'hypothesis'];
const getters = ['certainCount', 'positionCertain', 'hypothesisCount', 'version'];
const original: Record<string, any> = {};
const idOf = (a: any) => {
	let id = ids.get(a);
	if (id === undefined) {
		id = made.length;
		ids.set(a, id);
		made.push({ contour: a.contour, seat: a.seat, options: a.options });
	}
	return id;
};
for (const m of methods) {
	original[m] = proto[m];
	proto[m] = function (this: any, ...args: unknown[]) {
		calls.push({ who: idOf(this), method: m, args });
		return original[m].apply(this, args);
	};
}
for (const g of getters) {
	const desc = Object.getOwnPropertyDescriptor(proto, g)!;
	original[g] = desc;
	Object.defineProperty(proto, g, {
		configurable: true,
		get(this: any) {
			calls.push({ who: idOf(this), method: g, args: [] });
			return desc.get!.call(this);
		}
	});
}

const traceFile = process.env.TRACE;
if (traceFile && existsSync(traceFile)) {
	const saved = deserialize(readFileSync(traceFile));
	for (const c of saved.calls) calls.push(c);
	made.push(...saved.made);
} else {
	const plans = Array.from({ length: 8 }, (_, i) => generatePlan({ width: 10, height: 10, seed: 100 + i }));
	const FOUR = ['explorer', 'explorer', 'explorer', 'explorer'];
	for (let g = 0; g < 24; g++) playBotGame({ plan: plans[g % 8], bots: FOUR, seed: g });
	if (traceFile) writeFileSync(traceFile, serialize({ calls, made }));
}

// Back to the plain class.
for (const m of methods) proto[m] = original[m];
for (const g of getters) Object.defineProperty(proto, g, original[g]);

const announcements = calls.filter((c) => c.method === 'observeOwn' || c.method === 'observeOther').length;
function replay(): number {
	const assistants = made.map((m) => new Assistant(m.contour, m.seat, m.options));
	let sink = 0;
	// CPU time, not wall time: the machine is shared, and a replay waiting for a core is not slower.
	const t = process.cpuUsage();
	for (const c of calls) {
		const a = assistants[c.who] as any;
		switch (c.method) {
			case 'observeOwn':
				a.observeOwn(c.args[0], c.args[1]);
				break;
			case 'observeOther':
				a.observeOther(c.args[0]);
				break;
			case 'certainFacts':
				sink += a.certainFacts().length;
				break;
			case 'candidates':
				sink += a.candidates().length;
				break;
			case 'hypothesisReader':
				sink += a.hypothesisReader(c.args[0]).kind(0) === undefined ? 0 : 1;
				break;
			case 'hypothesis':
				sink += a.hypothesis(c.args[0]).facts.length;
				break;
			default:
				sink += Number(a[c.method] ? 1 : 0);
		}
	}
	const used = process.cpuUsage(t);
	const ms = (used.user + used.system) / 1000;
	if (sink < 0) console.log(sink);
	return ms;
}
replay();
const times: number[] = [];
for (let r = 0; r < rounds; r++) times.push(replay());
times.sort((a, b) => a - b);
const us = (ms: number) => ((ms * 1000) / announcements).toFixed(2);
console.log(`${calls.length} calls, ${announcements} announcements; CPU µs per announcement: min ${us(times[0]!)} median ${us(times[Math.floor(times.length / 2)]!)} max ${us(times[times.length - 1]!)}`);
