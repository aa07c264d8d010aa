import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lazy } from './lazy.js';
import { isRtlText, visualRuns, type BaseDirection } from './pdf-bidi.js';

export { isolate, isRtlText, visualRuns, type VisualRun } from './pdf-bidi.js';

/** pdfkit (with fontkit) is loaded by the first PDF, not at start-up. */
const loadPdfkit = lazy(() => import('pdfkit'));

/**
 * DejaVu Sans (from npm, embedded and subset into every PDF) covers Latin, Arabic and Hebrew, so
 * names and titles render in any of the five languages without system fonts; fontkit (inside
 * pdfkit) shapes Arabic joining forms (initial, medial, final, lam-alef) and lays right-to-left runs out.
 */
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  });

export type PdfFont = 'regular' | 'bold';
type Doc = InstanceType<Awaited<ReturnType<typeof loadPdfkit>>['default']>;

/** The part of pdfkit's current font read here: the fontkit font that lays its text out (not in pdfkit's types). */
interface FontkitGlyph {
  codePoints: number[];
}
interface PdfkitFontInternals {
  _font?: { font?: { layout?: (text: string, features: string[]) => { glyphs: FontkitGlyph[] } } };
}
const inVisualOrder = new WeakSet<FontkitGlyph>();

/**
 * A ligature drawn right to left (lam-alef, لا) gets its text in the PDF's ToUnicode map in the
 * order it is drawn, as every other glyph of the run is: readers (pdf.js, copy and paste) read the
 * run from left to right and reverse it character by character, which gives لا back, not ال.
 * fontkit keeps one glyph object per glyph of the document's font, and pdfkit writes the map from
 * the glyph's code points when it first draws it, so the object is turned around once, before.
 */
function ligaturesInVisualOrder(doc: Doc, text: string) {
  const font = (doc as unknown as PdfkitFontInternals)._font?.font;
  if (!font?.layout) return;
  for (const glyph of font.layout(text, []).glyphs)
    if (glyph.codePoints.length > 1 && !inVisualOrder.has(glyph)) {
      glyph.codePoints = [...glyph.codePoints].reverse();
      inVisualOrder.add(glyph);
    }
}

export interface PdfWriter {
  doc: Doc;
  width: number;
  height: number;
  /**
   * Draws one line in visual order (the Unicode bidi algorithm; `rtl` sets the line's direction,
   * else its first strong letter does), shrinking the size until it fits `maxWidth`; `align` 'start'
   * puts it at the left margin, or the right one when the line reads right to left. Answers where it went.
   */
  line(
    text: string,
    y: number,
    opts: { size: number; font?: PdfFont; color?: string; align?: 'center' | 'start' | 'end'; rtl?: boolean },
  ): { x: number; width: number; height: number };
  /** Ends the document and answers its bytes. */
  finish(): Promise<Buffer>;
}

/** A PDF with the fonts of every script, and a line drawer that handles right-to-left text. */
export async function createPdf(options: {
  layout?: 'portrait' | 'landscape';
  title: string;
  author: string;
  margin?: number;
}): Promise<PdfWriter> {
  const { default: PDFDocument } = await loadPdfkit();
  const { regular, bold } = loadFonts();
  const margin = options.margin ?? 40;
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin,
    info: { Title: options.title, Author: options.author },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  return {
    doc,
    width,
    height,
    line(text, y, { size, font = 'regular', color = '#222222', align = 'center', rtl }) {
      const maxWidth = width - 2 * (margin + 20);
      const direction: BaseDirection = rtl === undefined ? 'auto' : rtl ? 'rtl' : 'ltr';
      const runs = visualRuns(text, direction);
      // Features (none beyond the defaults) make pdfkit hand fontkit each run whole: without them it
      // lays a run out word by word, and an Arabic run came out with its words glued in reverse order.
      const options = { lineBreak: false, features: [] };
      doc.font(font).fillColor(color);
      let s = size;
      const measure = () => {
        doc.fontSize(s);
        return runs.reduce((sum, r) => sum + doc.widthOfString(r.text, options), 0);
      };
      let total = measure();
      while (total > maxWidth && s > 8) {
        s -= 1;
        total = measure();
      }
      const right = (rtl ?? isRtlText(text)) ? align === 'start' : align === 'end';
      const start = align === 'center' ? (width - total) / 2 : right ? width - margin - 20 - total : margin + 20;
      let x = start;
      for (const r of runs) {
        if (r.rtl) ligaturesInVisualOrder(doc, r.text);
        doc.text(r.text, x, y, options);
        x += doc.widthOfString(r.text, options);
      }
      return { x: start, width: total, height: doc.currentLineHeight() };
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
