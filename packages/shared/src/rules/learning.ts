// The learning module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/learning.ts, which it loads only when a form validates.

export const COURSE_STATUSES = ['draft', 'published'] as const;

export const COURSE_UNLOCKS = ['all', 'sequential', 'drip'] as const;

export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'short', 'numeric'] as const;

export const LEARNING_LIMITS = {
  titleMin: 3,
  /** Lessons and assessments may be short: "Intro", "Quiz 1", "A". */
  partTitleMin: 1,
  titleMax: 160,
  descriptionMax: 5000,
  urlMax: 2000,
  bodyMax: 100_000,
  dripDaysMax: 365,
  promptMax: 1000,
  optionMax: 300,
  optionsMin: 2,
  optionsMax: 10,
  questionsMax: 50,
  acceptedMax: 20,
  shortAnswerMax: 500,
  attemptLimitMax: 100,
} as const;

/** The `error_type` of the learning center's 409 answers, so clients tell conflicts apart without reading messages. */
export const LEARNING_ERRORS = {
  notPublished: 'not_published',
  lessonLocked: 'lesson_locked',
  attemptsExhausted: 'attempts_exhausted',
  notCompleted: 'not_completed',
} as const;
