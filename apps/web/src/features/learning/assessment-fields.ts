import type { AssessmentForAuthor, CreateAssessmentBody, QuestionInput, QuestionKind } from '@tribes/shared';

/** One option of a choice question; `correct` marks the key (one for single, any for multiple). */
export interface OptionFields {
  text: string;
  correct: boolean;
}

/**
 * A question as the authoring form holds it: every kind's key in its own field, so switching the
 * kind back and forth loses nothing; only the chosen kind's fields are sent.
 */
export interface QuestionFields {
  kind: QuestionKind;
  prompt: string;
  options: OptionFields[];
  truth: 'true' | 'false';
  /** short: accepted answers, one per line. */
  accepted: string;
  number: number | null;
  tolerance: number | null;
}

export interface AssessmentFields {
  title: string;
  pass_score: number | null;
  attempt_limit: number | null;
  questions: QuestionFields[];
}

export const emptyOption = (): OptionFields => ({ text: '', correct: false });

export const emptyQuestion = (kind: QuestionKind = 'single'): QuestionFields => ({
  kind,
  prompt: '',
  options: [emptyOption(), emptyOption()],
  truth: 'true',
  accepted: '',
  number: null,
  tolerance: 0,
});

export const emptyAssessment = (): AssessmentFields => ({
  title: '',
  pass_score: 70,
  attempt_limit: null,
  questions: [emptyQuestion()],
});

/** The form's question → the body's, with its key in the shape DESIGN section 5 names. */
export function toQuestionInput(q: QuestionFields): Record<string, unknown> {
  const options = q.options.map((o) => o.text);
  const marked = q.options.flatMap((o, i) => (o.correct ? [i] : []));
  switch (q.kind) {
    case 'single':
      // No option marked: -1, which the schema refuses with "must be one of the options".
      return { kind: q.kind, prompt: q.prompt, options, correct: marked[0] ?? -1 };
    case 'multiple':
      return { kind: q.kind, prompt: q.prompt, options, correct: marked };
    case 'true_false':
      return { kind: q.kind, prompt: q.prompt, correct: q.truth === 'true' };
    case 'short':
      return {
        kind: q.kind,
        prompt: q.prompt,
        accepted: q.accepted
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    case 'numeric':
      return { kind: q.kind, prompt: q.prompt, correct: q.number, tolerance: q.tolerance ?? 0 };
  }
}

/** The whole form → the request body (still to be checked by the shared schema). */
export function toAssessmentBody(v: AssessmentFields): Record<string, unknown> {
  return {
    title: v.title,
    pass_score: v.pass_score,
    attempt_limit: v.attempt_limit,
    questions: v.questions.map(toQuestionInput),
  };
}

/** A stored question with its key → the form's fields. */
export function fromQuestionInput(q: QuestionInput): QuestionFields {
  const base = emptyQuestion(q.kind);
  switch (q.kind) {
    case 'single':
      return { ...base, prompt: q.prompt, options: q.options.map((text, i) => ({ text, correct: i === q.correct })) };
    case 'multiple':
      return { ...base, prompt: q.prompt, options: q.options.map((text, i) => ({ text, correct: q.correct.includes(i) })) };
    case 'true_false':
      return { ...base, prompt: q.prompt, truth: q.correct ? 'true' : 'false' };
    case 'short':
      return { ...base, prompt: q.prompt, accepted: q.accepted.join('\n') };
    case 'numeric':
      return { ...base, prompt: q.prompt, number: q.correct, tolerance: q.tolerance };
  }
}

export function fromAssessment(a: AssessmentForAuthor): AssessmentFields {
  return {
    title: a.title,
    pass_score: a.pass_score,
    attempt_limit: a.attempt_limit,
    questions: a.questions.map(fromQuestionInput),
  };
}

/**
 * Where an error of the body (client schema or server 400, both "questions.2.options.1") shows on
 * the form: an option's text, the question's key, or the field of the same name.
 */
export function formFieldOf(path: string, values: AssessmentFields): string {
  const parts = path.split('.');
  if (parts[0] !== 'questions' || parts.length < 3) return path === 'body' ? 'root' : path;
  const i = parts[1];
  const field = parts[2];
  const kind = values.questions[Number(i)]?.kind;
  if (field === 'options' && parts.length >= 4) return `questions.${i}.options.${parts[3]}.text`;
  if (field === 'options') return `questions.${i}.key`;
  if (field === 'accepted') return `questions.${i}.accepted`;
  if (field === 'correct') {
    if (kind === 'true_false') return `questions.${i}.truth`;
    if (kind === 'numeric') return `questions.${i}.number`;
    return `questions.${i}.key`;
  }
  return `questions.${i}.${field}`;
}

export type { CreateAssessmentBody };
