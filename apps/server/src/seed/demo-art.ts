/**
 * Pictures for the demo, drawn in code: SVG built from a seeded PRNG, rendered to WebP by sharp.
 * Nothing is fetched and no binary is shipped; the same seed always draws the same picture, so
 * screenshots of the demo are stable. Text (the initials on avatars) uses the system's sans-serif
 * font through librsvg; where none is installed the avatar is its coloured disc and pattern alone.
 */
import type sharpType from 'sharp';

/** mulberry32: a small, fast, seeded PRNG; good enough for pictures and demo shapes, never for secrets. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a string (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Rand = () => number;
const between = (r: Rand, lo: number, hi: number) => lo + (hi - lo) * r();
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${Math.round(s)}%,${Math.round(l)}%)`;
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A ridge line across the picture: a polygon closed at the bottom, jagged for mountains, soft for hills. */
function ridge(r: Rand, w: number, h: number, base: number, rough: number, steps: number): string {
  const pts: string[] = [`0,${h}`];
  let y = base;
  for (let i = 0; i <= steps; i++) {
    y = Math.min(h, Math.max(h * 0.15, y + between(r, -rough, rough)));
    pts.push(`${Math.round((w * i) / steps)},${Math.round(y)}`);
  }
  pts.push(`${w},${h}`);
  return pts.join(' ');
}

/** A landscape: sky gradient, a sun or moon, three to five layers of ridges fading with distance. */
export function landscapeSvg(seed: number, w: number, h: number): string {
  const r = prng(seed);
  const hue = between(r, 0, 360);
  const dusk = r() < 0.4;
  const sky1 = dusk ? hsl(hue + 20, 70, 70) : hsl(200 + between(r, -20, 20), 65, 78);
  const sky2 = dusk ? hsl(hue + 330, 55, 45) : hsl(hue, 45, 88);
  const sun = `<circle cx="${Math.round(between(r, 0.15, 0.85) * w)}" cy="${Math.round(between(r, 0.15, 0.4) * h)}" r="${Math.round(h * between(r, 0.06, 0.12))}" fill="${dusk ? '#fff3c4' : '#fffbe6'}" opacity="0.9"/>`;
  const layers = 3 + Math.floor(r() * 3);
  const land = between(r, 80, 160);
  let shapes = '';
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1);
    const base = h * (0.35 + 0.5 * depth) + between(r, -h * 0.05, h * 0.05);
    const rough = h * (0.12 - 0.08 * depth);
    shapes += `<polygon points="${ridge(r, w, h, base, rough, 8 + Math.floor(r() * 10))}" fill="${hsl(land + i * 8, 30 + 25 * depth, 62 - 40 * depth)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky2}"/><stop offset="1" stop-color="${sky1}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#s)"/>${sun}${shapes}</svg>`;
}

/** A textile-like pattern: bands of diamonds, zigzags and stripes in a warm palette. */
export function patternSvg(seed: number, w: number, h: number): string {
  const r = prng(seed);
  const hue = between(r, 0, 360);
  const palette = [
    hsl(hue, 65, 35),
    hsl(hue + 40, 80, 55),
    hsl(hue + 180, 45, 30),
    hsl(hue + 20, 50, 85),
    hsl(hue + 300, 55, 45),
  ];
  const pick = () => palette[Math.floor(r() * palette.length)]!;
  let out = `<rect width="${w}" height="${h}" fill="${palette[0]}"/>`;
  let y = 0;
  while (y < h) {
    const band = Math.round(between(r, 0.08, 0.22) * h);
    const kind = Math.floor(r() * 3);
    const fill = pick();
    const size = Math.max(12, Math.round(band * between(r, 0.8, 1.6)));
    if (kind === 0) out += `<rect y="${y}" width="${w}" height="${band}" fill="${fill}"/>`;
    else if (kind === 1) {
      for (let x = 0; x < w + size; x += size)
        out += `<polygon points="${x},${y + band / 2} ${x + size / 2},${y} ${x + size},${y + band / 2} ${x + size / 2},${y + band}" fill="${fill}"/>`;
    } else {
      let pts = `0,${y + band}`;
      for (let x = 0; x <= w + size; x += size) pts += ` ${x + size / 2},${y} ${x + size},${y + band}`;
      out += `<polyline points="${pts}" fill="none" stroke="${fill}" stroke-width="${Math.max(3, band / 6)}"/>`;
    }
    y += band + Math.round(between(r, 0, 0.04) * h);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${out}</svg>`;
}

/** A round avatar: a coloured disc with a soft pattern behind the person's initials. */
export function avatarSvg(name: string, size = 256): string {
  const r = prng(seedOf(name));
  const hue = between(r, 0, 360);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [...w][0]!)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  const c = size / 2;
  const rings = Array.from(
    { length: 3 },
    (_, i) =>
      `<circle cx="${Math.round(between(r, 0, size))}" cy="${Math.round(between(r, 0, size))}" r="${Math.round(size * (0.25 + 0.15 * i))}" fill="${hsl(hue + 20 * (i + 1), 55, 45 + 8 * i)}" opacity="0.35"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${hsl(hue, 55, 38)}"/>${rings}<text x="${c}" y="${c}" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" font-weight="bold" font-size="${Math.round(size * 0.4)}" fill="#fff">${esc(initials)}</text></svg>`;
}

/** An emblem for a tribe logo: a shield, circle, hexagon or diamond with a star or sun inside. */
export function logoSvg(seed: number, size = 256): string {
  const r = prng(seed);
  const hue = between(r, 0, 360);
  const c = size / 2;
  const bg = hsl(hue, 55, 30);
  const fg = hsl(hue + 35, 80, 62);
  const light = hsl(hue + 10, 40, 92);
  const shape = Math.floor(r() * 4);
  const outer =
    shape === 0
      ? `<path d="M${c} ${size * 0.06} L${size * 0.9} ${size * 0.2} V${size * 0.5} C${size * 0.9} ${size * 0.75} ${c} ${size * 0.94} ${c} ${size * 0.94} C${c} ${size * 0.94} ${size * 0.1} ${size * 0.75} ${size * 0.1} ${size * 0.5} V${size * 0.2} Z" fill="${bg}"/>`
      : shape === 1
        ? `<circle cx="${c}" cy="${c}" r="${size * 0.46}" fill="${bg}"/>`
        : shape === 2
          ? `<polygon points="${Array.from({ length: 6 }, (_, i) => `${c + size * 0.46 * Math.cos((Math.PI / 3) * i + Math.PI / 6)},${c + size * 0.46 * Math.sin((Math.PI / 3) * i + Math.PI / 6)}`).join(' ')}" fill="${bg}"/>`
          : `<polygon points="${c},${size * 0.04} ${size * 0.96},${c} ${c},${size * 0.96} ${size * 0.04},${c}" fill="${bg}"/>`;
  const points = 5 + Math.floor(r() * 4);
  const inner = size * between(r, 0.1, 0.16);
  const outerR = size * between(r, 0.26, 0.32);
  const star = Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 ? inner : outerR;
    const a = (Math.PI / points) * i - Math.PI / 2;
    return `${(c + radius * Math.cos(a)).toFixed(1)},${(c + radius * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${light}"/>${outer}<circle cx="${c}" cy="${c}" r="${size * 0.36}" fill="none" stroke="${light}" stroke-width="${size * 0.02}" opacity="0.7"/><polygon points="${star}" fill="${fg}"/><circle cx="${c}" cy="${c}" r="${inner * 0.45}" fill="${light}"/></svg>`;
}

let sharpLoad: Promise<typeof sharpType> | undefined;
const loadSharp = () => (sharpLoad ??= import('sharp').then((m) => m.default));

/** Renders an SVG to WebP. */
export async function renderWebp(svg: string, quality = 80): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}
