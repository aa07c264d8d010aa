import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { translate, type Locale } from '@tribes/shared';
import { lazy } from '#src/core/lazy.js';

/** pdfkit (with fontkit) is loaded by the first certificate, not at start-up. */
const loadPdfkit = lazy(() => import('pdfkit'));

/**
 * DejaVu Sans (from npm, embedded and subset into every certificate) covers Latin, Arabic and
 * Hebrew, so the learner's name renders in any of the five languages without system fonts;
 * fontkit (inside pdfkit) shapes Arabic joining forms and lays right-to-left runs out.
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

/**
 * Visual runs of a line for drawing left to right: words grouped by direction (strong RTL letters
 * vs. anything else with letters or digits), run order reversed when the line starts right-to-left.
 * Inside a run fontkit orders the glyphs itself. Enough for names, titles and a URL.
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

export interface CertificateContent {
  id: string;
  learnerName: string;
  courseTitle: string;
  tribeName: string;
  issuedAt: Date;
  verifyUrl: string;
  locale: Locale;
}

/** Renders a one-page A4 landscape certificate and answers the PDF bytes. */
export async function renderCertificatePdf(c: CertificateContent): Promise<Buffer> {
  const { default: PDFDocument } = await loadPdfkit();
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 40,
    info: { Title: `${translate(c.locale, 'learning.certificate_title')}: ${c.courseTitle}`, Author: c.tribeName },
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
  const maxWidth = width - 120;
  /** Draws one centred line, shrinking the size until it fits; answers where it went. */
  const line = (text: string, y: number, size: number, font: 'regular' | 'bold', color = '#222222') => {
    const runs = visualRuns(text);
    doc.font(font).fillColor(color);
    let s = size;
    const measure = () => {
      doc.fontSize(s);
      const space = doc.widthOfString(' ');
      return runs.reduce((sum, r, i) => sum + doc.widthOfString(r) + (i > 0 ? space : 0), 0);
    };
    let total = measure();
    while (total > maxWidth && s > 10) {
      s -= 1;
      total = measure();
    }
    const start = (width - total) / 2;
    let x = start;
    const space = doc.widthOfString(' ');
    for (const r of runs) {
      doc.text(r, x, y, { lineBreak: false });
      x += doc.widthOfString(r) + space;
    }
    return { x: start, width: total, height: doc.currentLineHeight() };
  };

  doc
    .lineWidth(3)
    .strokeColor('#8a5a00')
    .rect(20, 20, width - 40, height - 40)
    .stroke();
  doc
    .lineWidth(1)
    .rect(30, 30, width - 60, height - 60)
    .stroke();
  line(translate(c.locale, 'learning.certificate_title'), 90, 34, 'bold', '#8a5a00');
  line(c.learnerName, 190, 40, 'bold');
  line(translate(c.locale, 'learning.certificate_body'), 260, 18, 'regular', '#555555');
  line(c.courseTitle, 300, 28, 'bold');
  line(translate(c.locale, 'learning.certificate_tribe', { tribe: c.tribeName }), 360, 18, 'regular', '#555555');
  const date = new Intl.DateTimeFormat(c.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(c.issuedAt);
  line(date, 420, 16, 'regular');
  const verify = line(
    translate(c.locale, 'learning.certificate_verify', { url: c.verifyUrl }),
    height - 80,
    10,
    'regular',
    '#777777',
  );
  // The whole line is a link to the public verification page.
  doc.link(verify.x, height - 80, verify.width, verify.height, c.verifyUrl);
  doc.end();
  return done;
}
