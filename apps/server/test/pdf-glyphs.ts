import { inflateSync } from 'node:zlib';

/** One glyph drawn on a page: its font resource, its glyph id in that font, the text its ToUnicode map gives it. */
export interface PdfGlyph {
  font: string;
  gid: number;
  text: string;
}

/** One line of a page: its glyphs in the order they stand from left to right, and their text in that order. */
export interface PdfLine {
  y: number;
  glyphs: PdfGlyph[];
  visual: string;
}

/**
 * Reads the text a PDF written by pdfkit draws, glyph by glyph, in visual order: each text object
 * (BT…ET) where its first text matrix puts it, its glyph ids mapped to text through the font's
 * ToUnicode map, text objects on one baseline joined from left to right. Unlike pdf.js (behind
 * pdf-parse), it applies no bidi heuristic of its own, so a test sees exactly where every glyph went.
 * Pages in order, lines from the top. Only the plain forms pdfkit writes are understood.
 */
export function pdfLines(pdf: Buffer): PdfLine[][] {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream?: Buffer }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s([\s\S]*?)\sendobj/g)) {
    const [, id, body] = m as unknown as [string, string, string];
    const at = body.indexOf('\nstream\n');
    if (at < 0) objects.set(id, { dict: body });
    else {
      const data = Buffer.from(body.slice(at + 8, body.lastIndexOf('\nendstream')), 'latin1');
      const dict = body.slice(0, at);
      objects.set(id, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(data) : data });
    }
  }
  const ref = (dict: string, key: string) => dict.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1];
  const toUnicode = (id: string) => {
    const map = new Map<number, string>();
    const cmap = objects.get(id)?.stream?.toString('latin1') ?? '';
    const text = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
    for (const [, start, list] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi))
      [...list!.matchAll(/<([^>]*)>/g)].forEach(([, hex], i) => map.set(parseInt(start!, 16) + i, text(hex!)));
    return map;
  };
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\n/.test(o.dict));
  return pages.map((page) => {
    const resources = objects.get(ref(page.dict, 'Resources')!)!.dict;
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, id] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g))
      fonts.set(name!, toUnicode(ref(objects.get(id!)!.dict, 'ToUnicode')!));
    const pieces: { x: number; y: number; glyphs: PdfGlyph[] }[] = [];
    let piece: { x?: number; y?: number; glyphs: PdfGlyph[] } | undefined;
    let font = '';
    for (const line of objects.get(ref(page.dict, 'Contents')!)!.stream!.toString('latin1').split('\n')) {
      const tm = line.match(/^1 0 0 1 (\S+) (\S+) Tm$/);
      if (line === 'BT') piece = { glyphs: [] };
      else if (line === 'ET' && piece) {
        pieces.push({ x: piece.x!, y: piece.y!, glyphs: piece.glyphs });
        piece = undefined;
      } else if (tm && piece && piece.x === undefined) [piece.x, piece.y] = [Number(tm[1]), Number(tm[2])];
      else if (/^\/F\d+ \S+ Tf$/.test(line)) font = line.split(' ')[0]!.slice(1);
      else if (line.endsWith('] TJ') && piece)
        for (const [, hex] of line.matchAll(/<([0-9a-f]+)>/gi))
          for (let i = 0; i < hex!.length; i += 4) {
            const gid = parseInt(hex!.slice(i, i + 4), 16);
            piece.glyphs.push({ font, gid, text: fonts.get(font)?.get(gid) ?? '\uFFFD' });
          }
    }
    const lines = new Map<number, typeof pieces>();
    for (const p of pieces) {
      const y = Math.round(p.y * 10) / 10;
      lines.set(y, [...(lines.get(y) ?? []), p]);
    }
    return [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([y, ps]) => {
        const glyphs = ps.sort((a, b) => a.x - b.x).flatMap((p) => p.glyphs);
        return { y, glyphs, visual: glyphs.map((g) => g.text).join('') };
      });
  });
}
