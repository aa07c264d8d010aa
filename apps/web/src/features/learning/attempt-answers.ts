import type { AnswerValue, AttemptBody, Question } from '@tribes/shared';

/** A learner's answer as the form holds it: choices as index strings, numbers as number or null. */
export type AnswerField = string | string[] | number | null;

/** The empty answer of a question, by kind. */
export function emptyAnswer(q: Question): AnswerField {
  switch (q.kind) {
    case 'multiple':
      return [];
    case 'numeric':
      return null;
    default:
      return '';
  }
}

/** The form's answer → the attempt's, or undefined when the question was left unanswered. */
export function toAnswerValue(q: Question, v: AnswerField | undefined): AnswerValue | undefined {
  switch (q.kind) {
    case 'single':
      return typeof v === 'string' && v !== '' ? Number(v) : undefined;
    case 'multiple':
      return Array.isArray(v) && v.length > 0 ? v.map(Number).sort((a, b) => a - b) : undefined;
    case 'true_false':
      return v === 'true' ? true : v === 'false' ? false : undefined;
    case 'short':
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    case 'numeric':
      return typeof v === 'number' ? v : undefined;
  }
}

/** The request body of an attempt: the answered questions, in order. */
export function toAttemptBody(questions: Question[], values: Record<string, AnswerField>): AttemptBody {
  return {
    answers: questions.flatMap((q) => {
      const answer = toAnswerValue(q, values[q.id]);
      return answer === undefined ? [] : [{ question_id: q.id, answer }];
    }),
  };
}
