import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { pdfLines } from '#test/pdf-glyphs.js';
import { createPdf, isolate, isRtlText, visualRuns } from './pdf.js';

/**
 * A right-to-left stretch as it stands on the page read from left to right: its characters
 * reversed. The expected visual orders below are written by hand from the Unicode bidi rules,
 * not computed by the code under test.
 */
const rev = (s: string) => [...s].reverse().join('');

/** Draws each line (with its direction, or none for the line's own) and reads back where the glyphs went. */
async function drawn(lines: [string, boolean?][]) {
  const pdf = await createPdf({ title: 'Test', author: 'Tribes' });
  lines.forEach(([text, rtl], i) => pdf.line(text, 60 + 40 * i, { size: 14, rtl, align: 'start' }));
  const bytes = await pdf.finish();
  const page = pdfLines(bytes)[0]!;
  expect(page).toHaveLength(lines.length);
  return { bytes, page };
}

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('visual runs of a line (Unicode bidi algorithm)', () => {
  it('keeps a line of one direction whole, spaces included', () => {
    expect(visualRuns('Zoé Dupont')).toEqual([{ text: 'Zoé Dupont', rtl: false }]);
    expect(visualRuns('שרה כהן')).toEqual([{ text: 'שרה כהן', rtl: true }]);
    expect(visualRuns('إيصال تبرع')).toEqual([{ text: 'إيصال تبرع', rtl: true }]);
  });

  it('orders the runs of a right-to-left line from its right end, numbers and Latin kept left to right', () => {
    // After an Arabic word 2026 is an Arabic number: read from the right, دورة then 2026 then online.
    expect(visualRuns('دورة 2026 online')).toEqual([
      { text: 'online', rtl: false },
      { text: ' ', rtl: true },
      { text: '2026', rtl: false },
      { text: 'دورة ', rtl: true },
    ]);
    expect(visualRuns('المتبرع: Zoé Dupont', 'rtl')).toEqual([
      { text: 'Zoé Dupont', rtl: false },
      { text: 'المتبرع: ', rtl: true },
    ]);
    expect(visualRuns('التاريخ: 14 مارس 2026', 'rtl').map((r) => r.text)).toEqual(['2026', ' مارس ', '14', 'التاريخ: ']);
    // In a left-to-right line an Arabic name is one right-to-left run.
    expect(visualRuns('Donor: مريم العلوي', 'ltr')).toEqual([
      { text: 'Donor: ', rtl: false },
      { text: 'مريم العلوي', rtl: true },
    ]);
  });

  it('takes the direction asked for over the first letter, and mirrors brackets read right to left', () => {
    expect(visualRuns('1,250 رمز', 'rtl').map((r) => r.text)).toEqual([' رمز', '1,250']);
    expect(visualRuns('Zoé مريم', 'rtl').map((r) => r.text)).toEqual([' مريم', 'Zoé']);
    // "(" and ")" swap in a right-to-left run, so that once reversed they still open on the right.
    expect(visualRuns('رمز (مردود)', 'rtl')).toEqual([{ text: 'رمز )مردود(', rtl: true }]);
  });

  it('keeps an isolated value whole, its punctuation with it, and draws no control character', () => {
    // Not isolated, the full stop of a Latin name at the end of an Arabic line goes to the far left.
    expect(visualRuns('المتبرع: Zoé Dupont Jr.', 'rtl').map((r) => r.text)).toEqual(['.', 'Zoé Dupont Jr', 'المتبرع: ']);
    expect(visualRuns(`المتبرع: ${isolate('Zoé Dupont Jr.')}`, 'rtl')).toEqual([
      { text: 'Zoé Dupont Jr.', rtl: false },
      { text: 'المتبرع: ', rtl: true },
    ]);
    // A Latin title does not take the amount after it into its run: read from the right, the
    // date, the title, then the amount.
    expect(visualRuns(`14 مارس 2026 · ${isolate('Roof fund')} · 1,250 رمز`, 'rtl').map((r) => r.text)).toEqual([
      ' رمز',
      '1,250',
      ' · ',
      'Roof fund',
      ' · ',
      '2026',
      ' مارس ',
      '14',
    ]);
  });

  it('cuts a run where Arabic meets Hebrew, each shaped with its own rules', () => {
    expect(visualRuns('שלום سلام', 'rtl')).toEqual([
      { text: 'سلام', rtl: true },
      { text: 'שלום ', rtl: true },
    ]);
  });

  it('tells a right-to-left line by its first strong letter', () => {
    expect(isRtlText('  2026 إيصال')).toBe(true);
    expect(isRtlText('קבלה Zoé')).toBe(true);
    expect(isRtlText('Zoé مريم')).toBe(false);
    expect(isRtlText('2026')).toBe(false);
  });
});

describe('lines drawn in a PDF', () => {
  it('draws Arabic and Hebrew right to left with the spaces between the words, not glued and reversed', async () => {
    const { bytes, page } = await drawn([['إيصال تبرع', true], ['קבלה על תרומה', true], ['عبد السلام']]);
    // Before, each word was laid out alone and the words followed in logical order: "تبرعإيصال".
    expect(page.map((l) => l.visual)).toEqual([rev('إيصال تبرع'), rev('קבלה על תרומה'), rev('عبد السلام')]);
    // pdf.js (pdf-parse) reverses right-to-left text back: the words come out in reading order.
    const text = await pdfText(bytes);
    expect(text).toContain('إيصال تبرع');
    expect(text).not.toContain('تبرعإيصال');
    expect(text).toContain('קבלה על תרומה');
    // The lam-alef ligature's text is in drawing order too, so it reads back as لا, not ال.
    expect(text).toContain('عبد السلام');
  });

  it('keeps numbers, dates, Latin names and URLs in their order inside a right-to-left line', async () => {
    const { page } = await drawn([
      ['المتبرع: Zoé Dupont', true],
      ['1,250 رمز', true],
      ['التاريخ: 14 مارس 2026', true],
      ['תורם/ת: Zoé Dupont', true],
      ['رمز (مردود)', true],
      ['Donor: مريم العلوي', false],
      ['تحقق على https://tribes.example/certificates/5f3a-9c01'],
      ['المبلغ ١٬٢٥٠ رمز', true],
    ]);
    expect(page.map((l) => l.visual)).toEqual([
      `Zoé Dupont ${rev('المتبرع:')}`,
      `${rev('رمز')} 1,250`,
      `2026 ${rev('مارس')} 14 ${rev('التاريخ:')}`,
      `Zoé Dupont ${rev('תורם/ת:')}`,
      // Brackets are mirrored glyphs: on the page "(" still opens the bracket on its right.
      `(${rev('مردود')}) ${rev('رمز')}`,
      `Donor: ${rev('مريم العلوي')}`,
      `https://tribes.example/certificates/5f3a-9c01 ${rev('تحقق على')}`,
      // Arabic-Indic digits read left to right as well.
      `${rev('رمز')} ١٬٢٥٠ ${rev('المبلغ')}`,
    ]);
  });

  it('shapes Arabic: joined letters take their initial, medial and final forms, lam-alef one ligature', async () => {
    const { page } = await drawn([['تبرع'], ['ت ب ر ع'], ['باب'], ['سلام']]);
    const [word, letters, door, peace] = page as [(typeof page)[0], (typeof page)[0], (typeof page)[0], (typeof page)[0]];
    const glyphOf = (line: typeof word, ch: string) => line.glyphs.filter((g) => g.text === ch).map((g) => g.gid);
    // ت (initial), ب (medial) and ر (final) are other glyphs than the same letters standing alone;
    // ع follows ر, which never joins forward, so it stands alone in the word too.
    for (const ch of ['ت', 'ب', 'ر']) expect(glyphOf(word, ch)).not.toEqual(glyphOf(letters, ch));
    expect(glyphOf(word, 'ع')).toEqual(glyphOf(letters, 'ع'));
    // باب: the first ب joins the alef (initial), the last one cannot (isolated): two glyphs of one letter.
    expect(new Set(glyphOf(door, 'ب')).size).toBe(2);
    // سلام: lam and alef are drawn as one glyph (its text in drawing order, alef first).
    expect(peace.glyphs.map((g) => g.text)).toEqual(['م', 'ال', 'س']);
  });
});
