// Takes the manifest's screenshots of the real app (for the rich install prompt and the
// README): builds if needed, serves the build on a free port, opens the home screen in
// Chromium at a phone size (narrow) and a tablet size (wide), light theme, English.
//   npm run screenshots
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { BUILD_DIR, startServer } from './server.js';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'static', 'screenshots');

/** Sizes in CSS pixels; the PNGs are twice that (deviceScaleFactor 2), as vite.config.ts declares. */
const SHOTS = [
	{ file: 'home-narrow.png', width: 390, height: 844 },
	{ file: 'home-wide.png', width: 1180, height: 820 }
];

if (!existsSync(join(BUILD_DIR, 'index.html'))) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
mkdirSync(OUT, { recursive: true });

const server = await startServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
try {
	for (const shot of SHOTS) {
		const context = await browser.newContext({
			viewport: { width: shot.width, height: shot.height },
			deviceScaleFactor: 2,
			isMobile: true,
			hasTouch: true,
			colorScheme: 'light',
			locale: 'en-US',
			serviceWorkers: 'block'
		});
		const page = await context.newPage();
		await page.goto(`http://127.0.0.1:${server.port}/`);
		await page.locator('main[data-screen="home"]').waitFor();
		await page.evaluate(() => document.fonts.ready);
		// a flat UI survives a 256-colour palette well, at a third of the size
		const png = await page.screenshot();
		await sharp(png).png({ palette: true, quality: 95, effort: 10 }).toFile(join(OUT, shot.file));
		console.log(`static/screenshots/${shot.file}  ${shot.width * 2}x${shot.height * 2}`);
		await context.close();
	}
} finally {
	await browser.close();
	await server.close();
}
