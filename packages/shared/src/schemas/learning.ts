// The learning endpoints, who may call them and the rules behind them: packages/shared/src/contract/learning.ts.
import { z } from 'zod';
import { LOCALE_CODES } from '../locales.js';
import { PAGINATION } from '../constants.js';
import { UuidSchema } from './common.js';
import { COURSE_STATUSES, COURSE_UNLOCKS, QUESTION_KINDS, LEARNING_LIMITS, LEARNING_ERRORS } from '../rules/learning.js';

export * from '../rules/learning.js';

export type CourseStatus = (typeof COURSE_STATUSES)[number];
export type CourseUnlock = (typeof COURSE_UNLOCKS)[number];
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export type LearningErrorType = (typeof LEARNING_ERRORS)[keyof typeof LEARNING_ERRORS];

/** An absolute https URL (cover images, lesson videos): no other scheme is ever stored. */
export const HttpsUrlSchema = z
  .string()
  .trim()
  .max(LEARNING_LIMITS.urlMax)
  .pipe(z.url({ protocol: /^https$/, error: 'validation.https_url' }));

const Title = z.string().trim().min(LEARNING_LIMITS.titleMin).max(LEARNING_LIMITS.titleMax);
const PartTitle = z.string().trim().min(LEARNING_LIMITS.partTitleMin).max(LEARNING_LIMITS.titleMax);
const Description = z.string().trim().max(LEARNING_LIMITS.descriptionMax);
const DripDays = z.number().int().min(0).max(LEARNING_LIMITS.dripDaysMax);

export const CourseListQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export const CreateCourseBodySchema = z
  .strictObject({
    title: Title,
    description: Description.default(''),
    language: z.enum(LOCALE_CODES).default('en'),
    cover_url: HttpsUrlSchema.nullable().default(null),
    status: z.enum(COURSE_STATUSES).default('draft'),
    unlock: z.enum(COURSE_UNLOCKS).default('all'),
    drip_days: DripDays.default(0),
  })
  .refine((c) => c.unlock !== 'drip' || c.drip_days >= 1, { error: 'validation.drip_days', path: ['drip_days'] });
export type CreateCourseBody = z.infer<typeof CreateCourseBodySchema>;

/** Every field optional; drip needs drip_days ≥ 1 once both are applied (checked by the server). */
export const UpdateCourseBodySchema = z.strictObject({
  title: Title.optional(),
  description: Description.optional(),
  language: z.enum(LOCALE_CODES).optional(),
  cover_url: HttpsUrlSchema.nullable().optional(),
  status: z.enum(COURSE_STATUSES).optional(),
  unlock: z.enum(COURSE_UNLOCKS).optional(),
  drip_days: DripDays.optional(),
});
export type UpdateCourseBody = z.infer<typeof UpdateCourseBodySchema>;

export const CreateLessonBodySchema = z.strictObject({
  title: PartTitle,
  body_markdown: z.string().max(LEARNING_LIMITS.bodyMax).default(''),
  video_url: HttpsUrlSchema.nullable().default(null),
  /** 1-based; omitted → appended at the end; past the end → the end. */
  position: z.number().int().min(1).optional(),
});
export type CreateLessonBody = z.infer<typeof CreateLessonBodySchema>;

export const UpdateLessonBodySchema = z.strictObject({
  title: PartTitle.optional(),
  body_markdown: z.string().max(LEARNING_LIMITS.bodyMax).optional(),
  video_url: HttpsUrlSchema.nullable().optional(),
  position: z.number().int().min(1).optional(),
});
export type UpdateLessonBody = z.infer<typeof UpdateLessonBodySchema>;

/** POST /v1/lessons/preview: Markdown to render as a lesson body would be, for an author's live preview. */
export const PreviewLessonBodySchema = z.strictObject({
  body_markdown: z.string().max(LEARNING_LIMITS.bodyMax),
});
export type PreviewLessonBody = z.infer<typeof PreviewLessonBodySchema>;
export const LessonPreviewSchema = z.object({
  /** Rendered and sanitised exactly as a saved lesson's body_html. */
  body_html: z.string(),
});
export type LessonPreview = z.infer<typeof LessonPreviewSchema>;

const Prompt = z.string().trim().min(1).max(LEARNING_LIMITS.promptMax);
const Options = z
  .array(z.string().trim().min(1).max(LEARNING_LIMITS.optionMax))
  .min(LEARNING_LIMITS.optionsMin)
  .max(LEARNING_LIMITS.optionsMax);
const Index = z
  .number()
  .int()
  .min(0)
  .max(LEARNING_LIMITS.optionsMax - 1);
const Finite = z.number().min(-1e12).max(1e12);

/** A question as an author writes it: its key travels with it and is stored on the server only. */
export const QuestionInputSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('single'), prompt: Prompt, options: Options, correct: Index }),
    z.strictObject({
      kind: z.literal('multiple'),
      prompt: Prompt,
      options: Options,
      correct: z.array(Index).min(1).max(LEARNING_LIMITS.optionsMax),
    }),
    z.strictObject({ kind: z.literal('true_false'), prompt: Prompt, correct: z.boolean() }),
    z.strictObject({
      kind: z.literal('short'),
      prompt: Prompt,
      accepted: z.array(z.string().trim().min(1).max(LEARNING_LIMITS.shortAnswerMax)).min(1).max(LEARNING_LIMITS.acceptedMax),
    }),
    z.strictObject({
      kind: z.literal('numeric'),
      prompt: Prompt,
      correct: Finite,
      tolerance: z.number().min(0).max(1e12).default(0),
    }),
  ])
  .superRefine((q, ctx) => {
    if (q.kind === 'single' && q.correct >= q.options.length) {
      ctx.addIssue({ code: 'custom', message: 'validation.option_index', path: ['correct'] });
    }
    if (q.kind === 'multiple') {
      if (q.correct.some((i) => i >= q.options.length)) {
        ctx.addIssue({ code: 'custom', message: 'validation.option_index', path: ['correct'] });
      } else if (new Set(q.correct).size !== q.correct.length) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['correct'] });
      }
    }
  });
export type QuestionInput = z.infer<typeof QuestionInputSchema>;

const Questions = z.array(QuestionInputSchema).min(1).max(LEARNING_LIMITS.questionsMax);
const PassScore = z.number().int().min(0).max(100);
const AttemptLimit = z.number().int().min(1).max(LEARNING_LIMITS.attemptLimitMax).nullable();

export const CreateAssessmentBodySchema = z.strictObject({
  title: PartTitle,
  pass_score: PassScore.default(70),
  /** null or omitted: unlimited attempts. */
  attempt_limit: AttemptLimit.default(null),
  questions: Questions,
});
export type CreateAssessmentBody = z.infer<typeof CreateAssessmentBodySchema>;

export const UpdateAssessmentBodySchema = z.strictObject({
  title: PartTitle.optional(),
  pass_score: PassScore.optional(),
  attempt_limit: AttemptLimit.optional(),
  /** Replaces every question (and gives them new ids). */
  questions: Questions.optional(),
});
export type UpdateAssessmentBody = z.infer<typeof UpdateAssessmentBodySchema>;

/** single → index; multiple → indexes; true_false → boolean; short → string; numeric → number. */
export const AnswerValueSchema = z.union([
  z.number().min(-1e12).max(1e12),
  z.array(Index).max(LEARNING_LIMITS.optionsMax),
  z.boolean(),
  z.string().max(LEARNING_LIMITS.shortAnswerMax),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

export const AttemptBodySchema = z.strictObject({
  answers: z.array(z.strictObject({ question_id: UuidSchema, answer: AnswerValueSchema })).max(LEARNING_LIMITS.questionsMax),
});
export type AttemptBody = z.infer<typeof AttemptBodySchema>;

// The answers' data, as the presenters send them (apps/server/src/modules/learning/learning.presenter.ts).
// Plain schemas, no transforms: the server serialises every answer through them, so a field left out
// here never leaves the server. Dates are ISO strings.

const Iso = z.iso.datetime();
const TribeRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

/** One lesson of a course's outline. */
export const CourseLessonItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  completed: z.boolean(),
  locked: z.boolean(),
  /** drip only: when the lesson opens (ISO); null when not enrolled yet. Absent for other unlock rules. */
  available_at: Iso.nullable().optional(),
});
export type CourseLessonItem = z.infer<typeof CourseLessonItemSchema>;

/** One assessment of a course's outline. */
export const CourseAssessmentItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  pass_score: z.number().int(),
  /** null: unlimited. */
  attempt_limit: z.number().int().nullable(),
  attempts_used: z.number().int(),
  passed: z.boolean(),
  best_score: z.number().int().nullable(),
  question_count: z.number().int(),
});
export type CourseAssessmentItem = z.infer<typeof CourseAssessmentItemSchema>;

export const EnrolmentSchema = z.object({
  enrolled_at: Iso,
  completed_at: Iso.nullable(),
  certificate_id: z.uuid().nullable(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

export const CourseSchema = z.object({
  id: z.uuid(),
  tribe_id: z.uuid(),
  tribe: TribeRefSchema,
  title: z.string(),
  description: z.string(),
  language: z.enum(LOCALE_CODES),
  cover_url: z.string().nullable(),
  status: z.enum(COURSE_STATUSES),
  unlock: z.enum(COURSE_UNLOCKS),
  drip_days: z.number().int(),
  lessons: z.array(CourseLessonItemSchema),
  assessments: z.array(CourseAssessmentItemSchema),
  /** Percent (0..100) of lessons completed and assessments passed; 0 when not enrolled. */
  progress: z.number().int(),
  /** My enrolment, or null. */
  enrolment: EnrolmentSchema.nullable(),
  completed: z.boolean(),
  can_edit: z.boolean(),
  created_at: Iso,
  updated_at: Iso,
});
export type Course = z.infer<typeof CourseSchema>;

export const LessonSchema = z.object({
  id: z.uuid(),
  course_id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  body_markdown: z.string(),
  /** Rendered server-side from body_markdown and sanitised (no raw HTML, http(s)/mailto links only). */
  body_html: z.string(),
  video_url: z.string().nullable(),
  completed: z.boolean(),
  locked: z.boolean(),
  /** drip only (as in the outline). */
  available_at: Iso.nullable().optional(),
  /** Neighbours in the course, for previous/next links. */
  previous_lesson_id: z.uuid().nullable(),
  next_lesson_id: z.uuid().nullable(),
  can_edit: z.boolean(),
});
export type Lesson = z.infer<typeof LessonSchema>;

/** A question as every reader gets it: never its key. */
export const QuestionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  /** single and multiple only. */
  options: z.array(z.string()).optional(),
});
export type Question = z.infer<typeof QuestionSchema>;

const assessmentFields = {
  id: z.uuid(),
  course_id: z.uuid(),
  title: z.string(),
  pass_score: z.number().int(),
  /** null: unlimited. */
  attempt_limit: z.number().int().nullable(),
  attempts_used: z.number().int(),
  passed: z.boolean(),
  best_score: z.number().int().nullable(),
  can_edit: z.boolean(),
};

export const AssessmentSchema = z.object({ ...assessmentFields, questions: z.array(QuestionSchema) });
export type Assessment = z.infer<typeof AssessmentSchema>;

/** A question as its author wrote it, key included (QuestionInput with its id); for authors only. */
export const AuthoredQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.uuid(),
    kind: z.literal('single'),
    prompt: z.string(),
    options: z.array(z.string()),
    correct: z.number().int(),
  }),
  z.object({
    id: z.uuid(),
    kind: z.literal('multiple'),
    prompt: z.string(),
    options: z.array(z.string()),
    correct: z.array(z.number().int()),
  }),
  z.object({ id: z.uuid(), kind: z.literal('true_false'), prompt: z.string(), correct: z.boolean() }),
  z.object({ id: z.uuid(), kind: z.literal('short'), prompt: z.string(), accepted: z.array(z.string()) }),
  z.object({ id: z.uuid(), kind: z.literal('numeric'), prompt: z.string(), correct: z.number(), tolerance: z.number() }),
]);
export type AuthoredQuestion = z.infer<typeof AuthoredQuestionSchema>;

/** GET /v1/assessments/{id}/edit (authors): the questions with their keys, as QuestionInput. */
export const AssessmentForAuthorSchema = z.object({ ...assessmentFields, questions: z.array(AuthoredQuestionSchema) });
export type AssessmentForAuthor = z.infer<typeof AssessmentForAuthorSchema>;

/** The key of a question as shown in a review. */
export const ExpectedAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), correct: z.number().int() }),
  z.object({ kind: z.literal('multiple'), correct: z.array(z.number().int()) }),
  z.object({ kind: z.literal('true_false'), correct: z.boolean() }),
  z.object({ kind: z.literal('short'), accepted: z.array(z.string()) }),
  z.object({ kind: z.literal('numeric'), correct: z.number(), tolerance: z.number() }),
]);
export type ExpectedAnswer = z.infer<typeof ExpectedAnswerSchema>;

export const QuestionResultSchema = z.object({
  question_id: z.uuid(),
  /** Whether the answer was right (a grade, not a key). */
  correct: z.boolean(),
  /** What the learner sent, or null when unanswered. */
  answer: z.union([z.number(), z.array(z.number().int()), z.boolean(), z.string()]).nullable(),
  /** Only when the attempt passed or no attempt is left. */
  expected: ExpectedAnswerSchema.optional(),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;

export const AttemptResultSchema = z.object({
  id: z.uuid(),
  assessment_id: z.uuid(),
  score: z.number().int(),
  passed: z.boolean(),
  pass_score: z.number().int(),
  attempts_used: z.number().int(),
  /** null: unlimited. */
  attempts_left: z.number().int().nullable(),
  results: z.array(QuestionResultSchema),
  /** True when this attempt completed the course. */
  course_completed: z.boolean(),
  certificate_id: z.uuid().nullable(),
  created_at: Iso,
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

/** GET /v1/certificates/{id}: public proof that a learner completed a course. */
export const CertificateVerificationSchema = z.object({
  id: z.uuid(),
  learner_name: z.string(),
  course: z.object({ id: z.uuid(), title: z.string() }),
  tribe: TribeRefSchema,
  issued_at: Iso,
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;
