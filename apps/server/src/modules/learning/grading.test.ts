import { describe, expect, it } from 'vitest';
import type { QuestionInput } from '@tribes/shared';
import type { StoredQuestion } from '#src/core/db/schema/learning.js';
import { foldShortAnswer, grade, isCorrect, review } from './grading.js';
import { lessonStates } from './unlock.js';
import { renderMarkdown } from '#src/core/markdown.js';

const q = (x: QuestionInput & { id?: string }): StoredQuestion => ({ ...x, id: x.id ?? 'q' });

describe('grading', () => {
  it('grades each kind: single index, multiple exact set, true/false, short forgiving case and accents, numeric within tolerance', () => {
    const single = q({ kind: 'single', prompt: 'p', options: ['a', 'b', 'c'], correct: 1 });
    expect([isCorrect(single, 1), isCorrect(single, 2), isCorrect(single, undefined)]).toEqual([true, false, false]);

    const multiple = q({ kind: 'multiple', prompt: 'p', options: ['a', 'b', 'c'], correct: [0, 2] });
    expect(isCorrect(multiple, [2, 0])).toBe(true);
    expect(isCorrect(multiple, [0])).toBe(false);
    expect(isCorrect(multiple, [0, 1, 2])).toBe(false);

    const tf = q({ kind: 'true_false', prompt: 'p', correct: false });
    expect([isCorrect(tf, false), isCorrect(tf, true), isCorrect(tf, 0)]).toEqual([true, false, false]);

    const short = q({ kind: 'short', prompt: 'p', accepted: ['Été', 'سلام', 'שָׁלוֹם'] });
    expect(isCorrect(short, '  ete ')).toBe(true);
    expect(isCorrect(short, 'ÉTÉ')).toBe(true);
    expect(isCorrect(short, 'سَلَام')).toBe(true);
    expect(isCorrect(short, 'שלום')).toBe(true);
    expect(isCorrect(short, '')).toBe(false);
    expect(foldShortAnswer('Ａｂｃ  déf')).toBe('abc def');

    const numeric = q({ kind: 'numeric', prompt: 'p', correct: 3.14, tolerance: 0.01 });
    expect([isCorrect(numeric, 3.15), isCorrect(numeric, 3.13), isCorrect(numeric, 3.2), isCorrect(numeric, '3.14')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('scores a percent, passes at the pass mark, and shows keys in the review only when asked', () => {
    const qs = [
      q({ id: 'a', kind: 'true_false', prompt: 'p', correct: true }),
      q({ id: 'b', kind: 'true_false', prompt: 'p', correct: true }),
    ];
    const g = grade(qs, new Map([['a', true]]), 50);
    expect(g).toMatchObject({ score: 50, passed: true });
    expect(review(qs, g, false).every((r) => !('expected' in r))).toBe(true);
    expect(review(qs, g, true)[1]).toEqual({
      question_id: 'b',
      correct: false,
      answer: null,
      expected: { kind: 'true_false', correct: true },
    });
    expect(grade(qs, new Map(), 1)).toMatchObject({ score: 0, passed: false });
  });
});

describe('unlocking', () => {
  const ids = ['l1', 'l2', 'l3'];
  const t0 = new Date('2026-01-01T00:00:00Z');
  it('sequential opens lesson N once N-1 is completed; drip opens lesson N (N-1) × drip_days after enrolment', () => {
    const seq = lessonStates({ unlock: 'sequential', dripDays: 0 }, ids, new Set(['l1']), t0, t0, false);
    expect(seq.map((s) => s.locked)).toEqual([false, false, true]);
    const day = 86_400_000;
    const drip = (now: Date) => lessonStates({ unlock: 'drip', dripDays: 2 }, ids, new Set(), t0, now, false);
    expect(drip(t0).map((s) => s.locked)).toEqual([false, true, true]);
    expect(drip(new Date(t0.getTime() + 2 * day)).map((s) => s.locked)).toEqual([false, false, true]);
    expect(drip(t0)[2]!.availableAt).toEqual(new Date(t0.getTime() + 4 * day));
    expect(lessonStates({ unlock: 'drip', dripDays: 2 }, ids, new Set(), null, t0, false).map((s) => s.locked)).toEqual([
      false,
      true,
      true,
    ]);
    expect(lessonStates({ unlock: 'sequential', dripDays: 0 }, ids, new Set(), t0, t0, true).every((s) => !s.locked)).toBe(true);
  });
});

describe('lesson Markdown', () => {
  it('renders Markdown without raw HTML, scripts or unsafe links', () => {
    const html = renderMarkdown(
      '# Title\n\n**bold** <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[bad](javascript:alert(1)) [ok](https://example.org) ![i](http://x.test/a.png) ![j](https://x.test/b.png)',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/<script|<[^>]*\son\w+=|href="javascript|src="http:/);
    expect(html).toContain('href="https://example.org" target="_blank" rel="noopener noreferrer nofollow ugc"');
    expect(html).toContain('<img src="https://x.test/b.png" alt="j" />');
  });
});
