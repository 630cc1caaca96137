// `npm start`: builds when the build is missing or older than the sources, then serves it
// on every interface and prints the addresses (and a QR code of the LAN one for phones).
import { networkInterfaces } from 'node:os';
import QRCode from 'qrcode';
import { ensureBuild } from './lib/build.js';
import { startServer } from './server.js';

function lanAddresses() {
	return Object.values(networkInterfaces())
		.flat()
		.filter((net) => net && net.family === 'IPv4' && !net.internal)
		.map((net) => net.address);
}

ensureBuild();

const port = Number(process.env.PORT ?? 4173);
await startServer({ port, host: process.env.HOST ?? '0.0.0.0', signalling: true });
console.log(`\nLabyrinth GM is running:\n  on this computer: http://localhost:${port}/`);
const lan = lanAddresses();
for (const address of lan) console.log(`  on the local network: http://${address}:${port}/`);
if (lan.length > 0) {
	console.log('\nScan with a phone on the same network:');
	console.log(await QRCode.toString(`http://${lan[0]}:${port}/`, { type: 'terminal', small: true }));
} else {
	console.log('  (no local network address found: connect to a Wi-Fi or hotspot to invite phones)');
}
