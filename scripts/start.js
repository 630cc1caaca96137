// `npm start`: builds when the build is missing or older than the sources, then serves it
// on every interface and prints the addresses (and a QR code of the LAN one for phones).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import QRCode from 'qrcode';
import { BUILD_DIR, startServer } from './server.js';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'static', 'messages', 'svelte.config.js', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
	if (!existsSync(path)) return 0;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of readdirSync(path)) {
		if (entry === 'paraglide') continue; // generated
		newest = Math.max(newest, newestMtime(join(path, entry)));
	}
	return newest;
}

function needsBuild() {
	const index = join(BUILD_DIR, 'index.html');
	if (!existsSync(index)) return true;
	const built = statSync(index).mtimeMs;
	return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

function lanAddresses() {
	return Object.values(networkInterfaces())
		.flat()
		.filter((net) => net && net.family === 'IPv4' && !net.internal)
		.map((net) => net.address);
}

if (needsBuild()) {
	console.log('Building the app…');
	execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}

const port = Number(process.env.PORT ?? 4173);
await startServer({ port, host: process.env.HOST ?? '0.0.0.0' });
console.log(`\nLabyrinth GM is running:\n  on this computer: http://localhost:${port}/`);
const lan = lanAddresses();
for (const address of lan) console.log(`  on the local network: http://${address}:${port}/`);
if (lan.length > 0) {
	console.log('\nScan with a phone on the same network:');
	console.log(await QRCode.toString(`http://${lan[0]}:${port}/`, { type: 'terminal', small: true }));
} else {
	console.log('  (no local network address found: connect to a Wi-Fi or hotspot to invite phones)');
}
