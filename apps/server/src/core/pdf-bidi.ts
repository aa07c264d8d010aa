import { createRequire } from 'node:module';

type BidiFactory = typeof import('bidi-js').default;
type Bidi = ReturnType<BidiFactory>;

/**
 * bidi-js's types declare an ES default export, but Node loads its CommonJS build, whose exports are
 * the factory itself: required, it is the same function everywhere. The factory builds the
 * character tables, once, on the first line laid out.
 */
let engine: Bidi | undefined;
const bidi = () => (engine ??= (createRequire(import.meta.url)('bidi-js') as BidiFactory)());

/** A line's direction: forced by the document's language, or taken from its first strong letter. */
export type BaseDirection = 'ltr' | 'rtl' | 'auto';

/**
 * A piece of a line for the shaper, in the order it is drawn from left to right. `text` is in
 * logical order (what fontkit shapes: Arabic joins only in logical order) and `rtl` says how the
 * piece reads; the piece is written so that fontkit's own choice of direction (see `fontkitRtl`)
 * gives that reading.
 */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
/** The other right-to-left scripts of fontkit's list (none has glyphs in DejaVu, but their order is kept). */
const OTHER_RTL =
  /[\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

type Script = 'arabic' | 'hebrew' | 'rtl' | 'ltr';
const scriptOf = (ch: string): Script | null =>
  ARABIC.test(ch) ? 'arabic' : HEBREW.test(ch) ? 'hebrew' : OTHER_RTL.test(ch) ? 'rtl' : NEUTRAL.test(ch) ? null : 'ltr';

/**
 * fontkit (inside pdfkit, which passes it no direction) takes a run's script from its first letter
 * of a real script and lays the run out right to left, reversing its glyphs, when that script is
 * written so.
 */
const fontkitRtl = (script: Script | null) => script === 'arabic' || script === 'hebrew' || script === 'rtl';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const reversed = (text: string) =>
  Array.from(graphemes.segment(text), (s) => s.segment)
    .reverse()
    .join('');

/**
 * Splits one level run (same embedding level, logical order) where the script changes, so that each
 * piece is shaped with its own script's rules (Arabic joining is not Hebrew's). Neutrals (spaces,
 * punctuation, digits of the Common script) stay with the letters before them, or the ones after
 * at the start.
 */
function byScript(text: string): { text: string; script: Script | null }[] {
  const pieces: { text: string; script: Script | null }[] = [];
  for (const ch of text) {
    const script = scriptOf(ch);
    const last = pieces[pieces.length - 1];
    if (last && (script === null || last.script === null || last.script === script)) {
      last.text += ch;
      last.script ??= script;
    } else pieces.push({ text: ch, script });
  }
  return pieces;
}

/**
 * Marks a value put into a sentence (a name, a title, a reason, a URL) as a unit with its own
 * direction, as HTML's <bdi> does (Unicode FSI…PDI): the full stop of "Zoé Dupont Jr." stays at its
 * end inside an Arabic line, and a Latin title does not pull the amount after it into its run.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/** The bidi formatting characters: they steer the ordering, then are not drawn (DejaVu has no glyph for them). */
const CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Whether a line reads right to left: its first strong letter is Arabic or Hebrew (Unicode bidi rules P2-P3). */
export function isRtlText(text: string): boolean {
  return (bidi().getEmbeddingLevels(text.trim(), 'auto').paragraphs[0]?.level ?? 0) % 2 === 1;
}

/**
 * One line (whitespace collapsed) in visual order by the Unicode Bidirectional Algorithm: its
 * level runs from left to right, mirrored characters (brackets) swapped where they read right to
 * left, each run cut where the script changes. Numbers, Latin names and URLs inside Arabic or
 * Hebrew keep their own order; spaces stay where they were.
 */
export function visualRuns(text: string, direction: BaseDirection = 'auto'): VisualRun[] {
  const line = text.trim().replace(/\s+/gu, ' ');
  if (!line) return [];
  const b = bidi();
  const embedding = b.getEmbeddingLevels(line, direction);
  const { levels } = embedding;
  const units = line.split('');
  for (const [i, mirror] of b.getMirroredCharactersMap(line, levels)) units[i] = mirror;
  // Consecutive indices of the visual order at one level form a run: ascending when it reads left
  // to right, descending when right to left (a run laid out by the reordering, reversed).
  const order = b.getReorderedIndices(line, embedding);
  const runs: { start: number; end: number; level: number }[] = [];
  for (const i of order) {
    const level = levels[i]!;
    const last = runs[runs.length - 1];
    if (last && last.level === level && (level % 2 === 1 ? i === last.start - 1 : i === last.end + 1)) {
      if (level % 2 === 1) last.start = i;
      else last.end = i;
    } else runs.push({ start: i, end: i, level });
  }
  return runs.flatMap(({ start, end, level }) => {
    const rtl = level % 2 === 1;
    const pieces = byScript(
      units
        .slice(start, end + 1)
        .join('')
        .replace(CONTROLS, ''),
    ).map((p) => ({
      // A piece fontkit would lay out the other way (only neutrals read right to left, or
      // Arabic-Indic digits left to right: nothing that joins) is handed over reversed.
      text: fontkitRtl(p.script) === rtl ? p.text : reversed(p.text),
      rtl,
    }));
    return rtl ? pieces.reverse() : pieces;
  });
}
