// Generates the app icons of the web manifest from one SVG drawing (run: npx node scripts/generate-icons.mjs).
// "any" icons are the rounded tile; "maskable" icons fill the square and keep the bag inside the
// 80% safe zone, so launchers can crop them to any shape.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#0d7a6f';
const bag = (scale, offset) =>
  `<g transform="translate(${offset} ${offset}) scale(${scale})">` +
  '<path d="M20 24h24l-2 24H22z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>' +
  '<path d="M26 24v-4a6 6 0 0 1 12 0v4" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g>';

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${bag(1, 0)}</svg>`;
// The bag drawn at 70% around the centre: well inside the maskable safe zone (a circle of radius 40%).
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${bag(0.7, 64 * 0.15)}</svg>`;

const out = path.resolve('public/icons');
fs.mkdirSync(out, { recursive: true });
const jobs = [
  ['icon-192.png', anyIcon, 192],
  ['icon-512.png', anyIcon, 512],
  ['maskable-192.png', maskableIcon, 192],
  ['maskable-512.png', maskableIcon, 512],
  ['apple-touch-icon.png', maskableIcon, 180],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`public/icons/${name}`);
}
