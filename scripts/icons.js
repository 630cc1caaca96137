#!/usr/bin/env node
// Renders every app icon from the one source, static/icon.svg:
//   node scripts/icons.js
// "any" icons keep the rounded square; maskable icons put the whole square, shrunk to the
// maskable safe zone, on a full-bleed background of the icon's own colour (read from #bg),
// so launchers may cut any shape without clipping the labyrinth.
import { readFile, mkdir, copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'static/icon.svg');
const out = path.join(root, 'static/icons');

/** Fraction of a maskable icon the artwork may take (the safe zone is a circle of 80 %). */
const MASKABLE_SCALE = 0.8;

const svg = await readFile(source);
const background = /id="bg"[^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg.toString())?.[1];
if (!background) throw new Error('static/icon.svg: no <rect id="bg" fill="#rrggbb">');

/** @param {number} size */
const render = (size) => sharp(svg, { density: Math.ceil((72 * size) / 512) * 2 }).resize(size, size).png();

/** @param {number} size */
async function maskable(size) {
	const inner = Math.round(size * MASKABLE_SCALE);
	const art = await render(inner).toBuffer();
	return sharp({ create: { width: size, height: size, channels: 4, background } })
		.composite([{ input: art, gravity: 'centre' }])
		.png();
}

await mkdir(out, { recursive: true });
/** @type {Array<[string, Promise<import('sharp').Sharp> | import('sharp').Sharp]>} */
const jobs = [
	['icon-192.png', render(192)],
	['icon-512.png', render(512)],
	['maskable-192.png', maskable(192)],
	['maskable-512.png', maskable(512)],
	['apple-touch-icon.png', maskable(180)],
	['favicon-32.png', render(32)]
];
for (const [name, job] of jobs) {
	const image = await job;
	const info = await image.toFile(path.join(out, name));
	console.log(`static/icons/${name}  ${info.width}x${info.height}  ${info.size} B`);
}
await copyFile(source, path.join(root, 'static/favicon.svg'));
console.log('static/favicon.svg');
