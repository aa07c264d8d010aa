import type { AnswerValue, ExpectedAnswer, QuestionResult } from '@tribes/shared';
import type { StoredQuestion } from './learning.repo.js';

/**
 * Folds a short answer for comparison: trimmed, inner spaces collapsed, NFKD with every combining
 * mark removed (Latin accents, Arabic harakat, Hebrew niqqud), tatweel dropped, case folded.
 */
export function foldShortAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\u0640/g, '')
    .toLocaleLowerCase('und')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether an answer has the shape its question expects (a wrong shape is a 400, not a wrong answer). */
export function answerFits(q: StoredQuestion, answer: AnswerValue): boolean {
  switch (q.kind) {
    case 'single':
      return typeof answer === 'number' && Number.isInteger(answer) && answer >= 0 && answer < q.options.length;
    case 'multiple':
      return Array.isArray(answer) && answer.every((i) => Number.isInteger(i) && i >= 0 && i < q.options.length);
    case 'true_false':
      return typeof answer === 'boolean';
    case 'short':
      return typeof answer === 'string';
    case 'numeric':
      return typeof answer === 'number' && Number.isFinite(answer);
  }
}

/** Grades one answer against its question's key; a missing answer is wrong. */
export function isCorrect(q: StoredQuestion, answer: AnswerValue | undefined): boolean {
  if (answer === undefined || !answerFits(q, answer)) return false;
  switch (q.kind) {
    case 'single':
      return answer === q.correct;
    case 'multiple': {
      const given = new Set(answer as number[]);
      return given.size === q.correct.length && q.correct.every((i) => given.has(i));
    }
    case 'true_false':
      return answer === q.correct;
    case 'short': {
      const folded = foldShortAnswer(answer as string);
      return folded !== '' && q.accepted.some((a) => foldShortAnswer(a) === folded);
    }
    case 'numeric':
      // A hair of slack so 0.1 + 0.2 style representations do not fail an exact key.
      return Math.abs((answer as number) - q.correct) <= q.tolerance + 1e-9 * Math.max(1, Math.abs(q.correct));
  }
}

/** The key of a question as a review shows it. */
export function expectedOf(q: StoredQuestion): ExpectedAnswer {
  switch (q.kind) {
    case 'single':
      return { kind: 'single', correct: q.correct };
    case 'multiple':
      return { kind: 'multiple', correct: [...q.correct].sort((a, b) => a - b) };
    case 'true_false':
      return { kind: 'true_false', correct: q.correct };
    case 'short':
      return { kind: 'short', accepted: q.accepted };
    case 'numeric':
      return { kind: 'numeric', correct: q.correct, tolerance: q.tolerance };
  }
}

export interface Grade {
  score: number;
  passed: boolean;
  results: { question_id: string; correct: boolean; answer: AnswerValue | null }[];
}

/** Grades a whole attempt: score is the rounded percent of right answers; passed when ≥ pass_score. */
export function grade(questions: StoredQuestion[], answers: Map<string, AnswerValue>, passScore: number): Grade {
  const results = questions.map((q) => ({
    question_id: q.id,
    correct: isCorrect(q, answers.get(q.id)),
    answer: answers.get(q.id) ?? null,
  }));
  const right = results.filter((r) => r.correct).length;
  const score = questions.length === 0 ? 0 : Math.round((100 * right) / questions.length);
  return { score, passed: score >= passScore, results };
}

/** The review of a graded attempt: keys only once they can no longer help a later attempt. */
export function review(questions: StoredQuestion[], g: Grade, showKeys: boolean): QuestionResult[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return g.results.map((r) => ({ ...r, ...(showKeys ? { expected: expectedOf(byId.get(r.question_id)!) } : {}) }));
}
