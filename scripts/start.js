// `npm start`: builds when the build is missing or older than the sources, then serves it on
// every interface, over HTTP (PORT, 4173) and HTTPS (HTTPS_PORT, 4443) with a certificate of
// this machine's own (scripts/lib/certs.js), and prints what a person needs: the addresses, a
// QR code of the one phones use, how to trust the certificate, how to stop.
import QRCode from 'qrcode';
import { ensureBuild } from './lib/build.js';
import { ensureCertificates, isPrivateAddress, machineHosts } from './lib/certs.js';
import { CA_PAGE_PATH, lanAddresses, startServer } from './server.js';

try {
	ensureBuild();
} catch (error) {
	console.error(`\n${error instanceof Error ? error.message : error}`);
	process.exit(1);
}

const port = Number(process.env.PORT ?? 4173);
const httpsPort = Number(process.env.HTTPS_PORT ?? 4443);
const host = process.env.HOST ?? '0.0.0.0';
// Public names this server is also opened at (NAMES=games.example.org): local names and addresses need none.
const names = (process.env.NAMES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const lan = lanAddresses();
const certificate = await ensureCertificates({ hosts: machineHosts(lan) });
let server;
try {
	server = await startServer({ port, host, names, signalling: true, https: { port: httpsPort, key: certificate.key, cert: certificate.cert, ca: certificate.caDer } });
} catch (error) {
	const busy = /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE';
	console.error(busy ? `Port ${port} or ${httpsPort} is taken (another \`npm start\`?). Stop it, or choose others: PORT=8080 HTTPS_PORT=8443 npm start` : String(error));
	process.exit(1);
}

const lines = ['', 'Labyrinth GM is running.', '', `  On this computer:        http://localhost:${server.port}/`];
if (lan.length === 0) {
	lines.push('', '  No local network found: connect this computer to the Wi-Fi (or a phone\'s hotspot) the phones use, then start again.');
} else {
	lines.push(`  Phones on this network:  https://${lan[0]}:${server.httpsPort}/   (install, offline, camera)`);
	for (const address of lan.slice(1)) lines.push(`                           https://${address}:${server.httpsPort}/`);
	for (const address of lan) lines.push(`                           http://${address}:${server.port}/   (plain: no install, no offline)`);
	lines.push('', 'Scan with a phone on the same network:');
	lines.push(await QRCode.toString(`https://${lan[0]}:${server.httpsPort}/`, { type: 'terminal', small: true }));
	lines.push(
		'The first time on each phone, trust this computer\'s certificate once (or the phone warns that the connection is not private):',
		`  1. On the phone, open http://${lan[0]}:${server.port}${CA_PAGE_PATH}`,
		'  2. Compare the fingerprint the phone shows with this one, every character; go on only if they match:',
		`       SHA-256 ${certificate.caFingerprint}`,
		'  3. Android: Settings → Security → More security settings → Encryption & credentials → Install a certificate → CA certificate → labyrinth-ca.crt.',
		'     iPhone, iPad: Settings → Profile Downloaded → Install; then Settings → General → About → Certificate Trust Settings → turn on the Labyrinth GM certificate.',
		'  It lets this computer vouch for its own names, .local names and private addresses only. Remove it from the phone when the games are over (README: "Running at a table").',
		...lan
			.filter((address) => !isPrivateAddress(address))
			.map((address) => `  ${address} is not a private address: the certificate cannot cover it (phones warn there); use a private network, or its plain http address.`),
		certificate.replaced
			? `  A new certificate authority replaced the old one (${certificate.replaced}): phones trust the new one once, and may remove the old one. ${certificate.caFile}`
			: `  (${certificate.made.ca ? 'A new certificate was made for this computer' : 'The certificate is the one phones trusted before'}: ${certificate.caFile})`
	);
}
lines.push('', 'Stop with Ctrl+C.', '');
console.log(lines.join('\n'));
