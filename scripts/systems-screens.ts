// Screenshots of the editor and the deduction sheet of every rule system, taken the same way each
// time so that two builds can be compared pixel for pixel (a refactoring that should change no
// screen: take them on the build before, again on the build after, then compare):
//   npx tsx scripts/systems-screens.ts take OUT_DIR [BUILD_DIR]
//   npx tsx scripts/systems-screens.ts compare DIR_A DIR_B
// Each screen shows a plan the script draws from a fixed seed; the page's randomness
// (Math.random, crypto.getRandomValues: the game's seed and order) is a fixed sequence, and the
// toasts are hidden, so a screen differs only where the build draws it differently.
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { BUILD_DIR, startServer } from './server.js';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';
import { importPlan } from '../tests/e2e/support/library';
import { generatePlan } from '../src/lib/engine/plan/generate';
import type { RuleSystemId } from '../src/lib/engine/plan/types';

const EDITOR_SYSTEMS: RuleSystemId[] = ['classic', 'topographic', 'abandoned', 'duel'];
/** The systems a pass-and-play game (and so its phone's sheet) is played in; the duel has its own screen. */
const SHEET_SYSTEMS: RuleSystemId[] = ['classic', 'topographic', 'abandoned'];

/** A seeded stand-in for the page's randomness, installed before any of its scripts. */
function fixedRandomness() {
	let s = 0x2f6b1d3;
	const next = () => {
		s = (s + 0x6d2b79f5) | 0;
		let t = Math.imul(s ^ (s >>> 15), 1 | s);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	Math.random = next;
	crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
		if (array) {
			const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
			for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
		}
		return array;
	}) as Crypto['getRandomValues'];
	addEventListener('DOMContentLoaded', () => {
		const style = document.createElement('style');
		style.textContent = '.toasts { display: none !important; } *, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }';
		document.head.append(style);
	});
}

async function newPage(browser: Browser, base: string, size: { width: number; height: number }): Promise<Page> {
	const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: 'light', locale: 'en-US', baseURL: base, serviceWorkers: 'block' });
	await context.addInitScript(fixedRandomness);
	return context.newPage();
}

async function shoot(page: Page, out: string, name: string) {
	await page.evaluate(() => document.fonts.ready);
	await page.screenshot({ path: join(out, `${name}.png`) });
	console.log(`${name}.png`);
}

async function editor(browser: Browser, base: string, out: string, rules: RuleSystemId) {
	const page = await newPage(browser, base, { width: 1024, height: 768 });
	// A seeded plan of the system, imported and opened from the library (the editor's own generator
	// draws its seed from randomness that the page asks for a varying number of times).
	const plan = { ...generatePlan({ rules, width: 8, height: 8, seed: 11 }), name: `Screens ${rules}` };
	await importPlan(page, plan, `${rules}.json`);
	await page.locator('[data-testid="plans"] > li button.open').first().click();
	await page.waitForURL(/\/design\?id=/);
	await page.locator('main[data-screen="design"] svg.board').waitFor();
	await page.waitForFunction((rules) => document.querySelector(`[data-tool]`) !== null && (rules !== 'topographic' || document.querySelector('[data-tool="creature"]') !== null) && (rules !== 'abandoned' || document.querySelector('[data-tool="portal"]') !== null), rules);
	await shoot(page, out, `editor-${rules}`);
	await page.context().close();
}

async function tapContour(page: Page, [x, y]: [number, number]) {
	const at = await page.locator('[data-testid="contour"] svg').evaluate((el, [bx, by]) => {
		const p = new DOMPoint(bx + 0.5, by + 0.5).matrixTransform((el as SVGSVGElement).getScreenCTM()!);
		return { x: p.x, y: p.y };
	}, [x, y] as const);
	await page.touchscreen.tap(at.x, at.y);
}

async function sheet(browser: Browser, base: string, out: string, rules: RuleSystemId) {
	const page = await newPage(browser, base, { width: 360, height: 740 });
	const plan = { ...generatePlan({ rules, width: 6, height: 6, seed: 7 }), name: `Screens ${rules}` };
	await importPlan(page, plan, `${rules}.json`);
	await page.goto(`/pass?rules=${rules}`);
	await page.locator(`[data-testid="setup"][data-rules="${rules}"]`).waitFor();
	await page.getByTestId('start-game').click();
	await page.waitForURL(/\/pass\?id=/);
	const land = plan.cells.findIndex((c) => c?.kind === 'land');
	// Each player in turn: a start chosen where the system lets him choose, until a move is asked.
	for (;;) {
		await page.getByTestId('take-device').click();
		const start = page.locator('[data-testid="player"][data-phase="start"]');
		const composer = page.getByTestId('composer');
		await start.or(composer).first().waitFor();
		if (!(await start.count())) break;
		await tapContour(page, [land % plan.width, Math.floor(land / plan.width)]);
		await page.getByTestId('confirm-cell').click();
		await page.getByTestId('pass-on').click();
	}
	await page.getByTestId('tab-sheet').click();
	await page.locator('[data-testid="sheet"][data-loaded="true"]').waitFor();
	await shoot(page, out, `sheet-${rules}`);
	await page.context().close();
}

async function take(out: string, root: string) {
	mkdirSync(out, { recursive: true });
	const server = await startServer({ root, port: 0, host: '127.0.0.1' });
	const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
	const base = `http://127.0.0.1:${server.port}`;
	try {
		for (const rules of EDITOR_SYSTEMS) await editor(browser, base, out, rules);
		for (const rules of SHEET_SYSTEMS) await sheet(browser, base, out, rules);
	} finally {
		await browser.close();
		await server.close();
	}
}

async function compare(a: string, b: string) {
	let differ = 0;
	for (const file of readdirSync(a).filter((f) => f.endsWith('.png')).sort()) {
		const [x, y] = await Promise.all([sharp(join(a, file)).raw().toBuffer({ resolveWithObject: true }), sharp(join(b, file)).raw().toBuffer({ resolveWithObject: true })]);
		let pixels = 0;
		if (x.info.width !== y.info.width || x.info.height !== y.info.height) pixels = Infinity;
		else for (let i = 0; i < x.data.length; i += x.info.channels) if (x.data.compare(y.data, i, i + x.info.channels, i, i + x.info.channels) !== 0) pixels++;
		console.log(`${file}: ${pixels === 0 ? 'identical' : `${pixels} pixels differ`}`);
		if (pixels) differ++;
	}
	process.exitCode = differ ? 1 : 0;
}

const [verb, first, second] = process.argv.slice(2);
if (verb === 'take' && first) await take(resolve(first), resolve(second ?? BUILD_DIR));
else if (verb === 'compare' && first && second) await compare(resolve(first), resolve(second));
else {
	console.error('usage: systems-screens.ts take OUT_DIR [BUILD_DIR] | compare DIR_A DIR_B');
	process.exitCode = 2;
}
