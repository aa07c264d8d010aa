import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lazy } from './lazy.js';

/** pdfkit (with fontkit) is loaded by the first PDF, not at start-up. */
const loadPdfkit = lazy(() => import('pdfkit'));

/**
 * DejaVu Sans (from npm, embedded and subset into every PDF) covers Latin, Arabic and Hebrew, so
 * names and titles render in any of the five languages without system fonts; fontkit (inside
 * pdfkit) shapes Arabic joining forms and lays right-to-left runs out.
 */
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  });

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const LTR = /[\p{L}\p{N}]/u;

/** Whether a line reads right to left (its first strong letter is Arabic or Hebrew). */
export function isRtlText(text: string): boolean {
  for (const w of text.trim().split(/\s+/u)) {
    if (RTL.test(w)) return true;
    if (LTR.test(w)) return false;
  }
  return false;
}

/**
 * Visual runs of a line for drawing left to right: words grouped by direction (strong RTL letters
 * vs. anything else with letters or digits), run order reversed when the line starts right-to-left.
 * Inside a run fontkit orders the glyphs itself. Enough for names, titles, amounts and a URL.
 */
export function visualRuns(text: string): string[] {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  const dirOf = (w: string): 'rtl' | 'ltr' | null => (RTL.test(w) ? 'rtl' : LTR.test(w) ? 'ltr' : null);
  const base = words.map(dirOf).find((d) => d !== null) ?? 'ltr';
  const runs: { dir: 'rtl' | 'ltr'; words: string[] }[] = [];
  for (const w of words) {
    const dir = dirOf(w) ?? runs[runs.length - 1]?.dir ?? base;
    const last = runs[runs.length - 1];
    if (last && last.dir === dir) last.words.push(w);
    else runs.push({ dir, words: [w] });
  }
  const ordered = base === 'rtl' ? runs.reverse() : runs;
  return ordered.map((r) => r.words.join(' '));
}

export type PdfFont = 'regular' | 'bold';
type Doc = InstanceType<Awaited<ReturnType<typeof loadPdfkit>>['default']>;

export interface PdfWriter {
  doc: Doc;
  width: number;
  height: number;
  /**
   * Draws one line in visual order, shrinking the size until it fits `maxWidth`; `align` 'start'
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
      const runs = visualRuns(text);
      doc.font(font).fillColor(color);
      let s = size;
      const measure = () => {
        doc.fontSize(s);
        const space = doc.widthOfString(' ');
        return runs.reduce((sum, r, i) => sum + doc.widthOfString(r) + (i > 0 ? space : 0), 0);
      };
      let total = measure();
      while (total > maxWidth && s > 8) {
        s -= 1;
        total = measure();
      }
      const right = (rtl ?? isRtlText(text)) ? align === 'start' : align === 'end';
      const start = align === 'center' ? (width - total) / 2 : right ? width - margin - 20 - total : margin + 20;
      let x = start;
      const space = doc.widthOfString(' ');
      for (const r of runs) {
        doc.text(r, x, y, { lineBreak: false });
        x += doc.widthOfString(r) + space;
      }
      return { x: start, width: total, height: doc.currentLineHeight() };
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
