// Draws the installable app's icons (apps/web/public/icons) from the logo's shapes with sharp:
// `node scripts/make-icons.mjs`. The PNGs are committed; run this again only when the logo changes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/package.json'));
const sharp = require('sharp');
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
mkdirSync(out, { recursive: true });

/** The favicon's tent: a rounded square for "any", a full-bleed square with the mark in the safe zone for "maskable". */
const svg = (maskable) => {
  const scale = maskable ? 0.62 : 1;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${maskable ? 0 : 14}" fill="#3446c4"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M14 46 32 14l18 32H14z" fill="#fff"/><circle cx="32" cy="38" r="5" fill="#3446c4"/>
  </g></svg>`;
};

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  await sharp(Buffer.from(svg(maskable)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(name);
}
