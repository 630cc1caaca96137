#!/usr/bin/env node
// Adds to package-lock.json the other platforms' optional binaries that npm left out.
//
// Why: the npm registry reachable from this project's machines (and CI's) is a partial copy:
// it lacks some platform packages (e.g. @rollup/rollup-android-arm64@4.68.7). npm then writes
// a lock without them, and `npm ci` refuses that lock ("Missing: … from lock file"). Listing
// them in the lock with their platform (os/cpu/libc, read from the name) lets `npm ci` pass;
// they are never fetched on a platform they do not fit. Run after any `npm install`:
//   node scripts/lock-fill-optional.js
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const LOCK = resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

/** @param {string} name */
function platformOf(name) {
	const parts = name.split('/').pop()?.split('-') ?? [];
	const os = parts.find((part) => OS.includes(part));
	const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
	const libc = parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : parts.includes('gnu') || parts.includes('gnueabihf') ? 'glibc' : undefined;
	return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
	for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
		// where node would find it: beside the dependent, or hoisted to the top
		const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
		if (packages[nested] || packages[`node_modules/${name}`]) continue;
		if (!/^\d+\.\d+\.\d+/.test(spec)) continue; // only exact pins are safe to write down
		const { os, cpu, libc } = platformOf(name);
		if (!os || !cpu) continue;
		packages[`node_modules/${name}`] = {
			version: spec,
			cpu: [cpu],
			...(entry.dev ? { dev: true } : {}),
			...(libc && os === 'linux' ? { libc: [libc] } : {}),
			optional: true,
			os: [os]
		};
		added += 1;
		console.log(`+ ${name}@${spec} (${os} ${cpu}${libc ? ` ${libc}` : ''})`);
	}
}
// npm keeps entries sorted by path
lock.packages = Object.fromEntries(
	Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')))
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} optional platform packages added to package-lock.json`);
