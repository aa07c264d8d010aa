/**
 * Learning center (DESIGN section 5): courses, lessons, assessments, progress, certificates.
 *
 * Every path is under /api and needs `Authorization: Bearer` unless marked public. Answers use the
 * usual envelope { status, message, data }; `data` is the shape named here.
 *
 *   GET    /v1/tribes/{id}/courses?cursor=&limit=  → Page<Course> { items, next_cursor } ({id}: tribe uuid or slug;
 *                                                  newest first; drafts only for authors; 403 for non-members of a request tribe)
 *   POST   /v1/tribes/{id}/courses                 CreateCourseBody → { course } (201; tribe leader/moderator)
 *   GET    /v1/courses/{id}                        → { course } (lessons, assessments, my enrolment, progress)
 *   PATCH  /v1/courses/{id}                        UpdateCourseBody → { course } (author)
 *   DELETE /v1/courses/{id}                        → {} (author; lessons, assessments, progress go with it)
 *   POST   /v1/courses/{id}/enrol                  → { course } (idempotent; 409 learning.not_published on a draft)
 *   POST   /v1/courses/{id}/lessons                CreateLessonBody → { lesson } (201; author)
 *   GET    /v1/lessons/{id}                        → { lesson } (409 learning.lesson_locked while locked)
 *   PATCH  /v1/lessons/{id}                        UpdateLessonBody → { lesson } (author; `position` moves it, positions stay 1..n)
 *   DELETE /v1/lessons/{id}                        → {} (author; later lessons move up)
 *   POST   /v1/lessons/{id}/complete               → { course } (enrols if needed; 409 learning.lesson_locked while locked)
 *   POST   /v1/lessons/preview                     PreviewLessonBody { body_markdown } → { body_html } (any signed-in
 *                                                  user; stores nothing; the lessons' own renderer and sanitiser,
 *                                                  the same length limit; 400 on body_markdown)
 *   POST   /v1/courses/{id}/assessments            CreateAssessmentBody → { assessment } (201; author; questions carry keys)
 *   GET    /v1/assessments/{id}                    → { assessment } (never any key, for anyone)
 *   GET    /v1/assessments/{id}/edit               → { assessment: AssessmentForAuthor } (author only: questions with keys)
 *   PATCH  /v1/assessments/{id}                    UpdateAssessmentBody → { assessment } (author; questions replace all)
 *   DELETE /v1/assessments/{id}                    → {} (author)
 *   POST   /v1/assessments/{id}/attempts           AttemptBody → { attempt: AttemptResult } (201; enrols if needed;
 *                                                  409 learning.attempts_exhausted once attempt_limit is used up;
 *                                                  400 on answers.N.question_id / answers.N.answer for unknown,
 *                                                  repeated or ill-shaped answers)
 *   GET    /v1/courses/{id}/certificate            → application/pdf download (404 not enrolled, 409 learning.not_completed);
 *                                                  its labels follow Accept-Language
 *   GET    /v1/certificates/{id}                   → { certificate: CertificateVerification } (PUBLIC, no auth; 404 unknown)
 *
 * Every write is rate limited (60 per minute per user) and answers 400 validation_error for bad
 * input, 403 for a reader who is not an author, 404 for what the viewer cannot see.
 *
 * Who sees what: authors are the tribe's leaders and moderators; they see drafts and every lesson
 * unlocked. A published course is readable by the tribe's active members, and by any signed-in
 * user when the tribe is `open` (a `request` tribe keeps its courses to members, as its tribe-only
 * posts are). Banned members read nothing.
 *
 * Enrolment is explicit (POST /enrol) and also happens on the first lesson completion or attempt.
 * Unlock rules for a learner (lesson positions are 1-based):
 *   all        every lesson is open;
 *   sequential lesson N is locked until lesson N-1 is completed;
 *   drip       lesson N opens at enrolled_at + (N-1) × drip_days days (lesson 1 at once); before
 *              enrolment every lesson but the first is locked and has no available_at.
 * A locked lesson's GET and complete answer 409 with message key learning.lesson_locked.
 *
 * Grading (server only): single → index equal; multiple → the exact set of indexes; true_false →
 * boolean equal; short → one accepted answer equal after trim, NFKD, combining marks removed,
 * case folded (so "Éte" = "ete", Arabic harakat and Hebrew niqqud are ignored); numeric →
 * |answer − correct| ≤ tolerance. A missing answer is wrong. score = round(100 × right / total);
 * passed = score ≥ pass_score. `expected` is in the review only when the attempt passed or no
 * attempt is left (so the key cannot be read off a failed attempt and replayed).
 *
 * A course is completed when every lesson is completed and every assessment passed; the first
 * time it is, a certificate is issued (enrolment.certificate_id).
 */
import { z } from 'zod';
import { LOCALE_CODES, type Locale } from '../locales.js';
import { PAGINATION } from '../constants.js';
import { UuidSchema } from './common.js';

export const COURSE_STATUSES = ['draft', 'published'] as const;
export const COURSE_UNLOCKS = ['all', 'sequential', 'drip'] as const;
export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'short', 'numeric'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export type CourseUnlock = (typeof COURSE_UNLOCKS)[number];
export type QuestionKind = (typeof QUESTION_KINDS)[number];

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
export interface LessonPreview {
  /** Rendered and sanitised exactly as a saved lesson's body_html. */
  body_html: string;
}

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

/** One lesson of a course's outline. */
export interface CourseLessonItem {
  id: string;
  title: string;
  position: number;
  completed: boolean;
  locked: boolean;
  /** drip only: when the lesson opens (ISO); null when not enrolled yet or not drip. */
  available_at?: string | null;
}

/** One assessment of a course's outline. */
export interface CourseAssessmentItem {
  id: string;
  title: string;
  pass_score: number;
  attempt_limit: number | null;
  attempts_used: number;
  passed: boolean;
  best_score: number | null;
  question_count: number;
}

export interface Enrolment {
  enrolled_at: string;
  completed_at: string | null;
  certificate_id: string | null;
}

export interface Course {
  id: string;
  tribe_id: string;
  tribe: { id: string; name: string; slug: string };
  title: string;
  description: string;
  language: Locale;
  cover_url: string | null;
  status: CourseStatus;
  unlock: CourseUnlock;
  drip_days: number;
  lessons: CourseLessonItem[];
  assessments: CourseAssessmentItem[];
  /** Percent (0..100) of lessons completed and assessments passed; 0 when not enrolled. */
  progress: number;
  /** My enrolment, or null. */
  enrolment: Enrolment | null;
  completed: boolean;
  can_edit: boolean;
  created_at: string;
  updated_at: string;
}

export interface Lesson {
  id: string;
  course_id: string;
  title: string;
  position: number;
  body_markdown: string;
  /** Rendered server-side from body_markdown and sanitised (no raw HTML, http(s)/mailto links only). */
  body_html: string;
  video_url: string | null;
  completed: boolean;
  locked: boolean;
  available_at?: string | null;
  /** Neighbours in the course, for previous/next links. */
  previous_lesson_id: string | null;
  next_lesson_id: string | null;
  can_edit: boolean;
}

/** A question as every reader gets it: never its key. */
export interface Question {
  id: string;
  kind: QuestionKind;
  prompt: string;
  /** single and multiple only. */
  options?: string[];
}

export interface Assessment {
  id: string;
  course_id: string;
  title: string;
  pass_score: number;
  attempt_limit: number | null;
  attempts_used: number;
  passed: boolean;
  best_score: number | null;
  questions: Question[];
  can_edit: boolean;
}

/** GET /v1/assessments/{id}/edit (authors): the questions with their keys, as QuestionInput. */
export interface AssessmentForAuthor extends Omit<Assessment, 'questions'> {
  questions: (QuestionInput & { id: string })[];
}

/** The key of a question as shown in a review. */
export type ExpectedAnswer =
  | { kind: 'single'; correct: number }
  | { kind: 'multiple'; correct: number[] }
  | { kind: 'true_false'; correct: boolean }
  | { kind: 'short'; accepted: string[] }
  | { kind: 'numeric'; correct: number; tolerance: number };

export interface QuestionResult {
  question_id: string;
  correct: boolean;
  /** What the learner sent, or null when unanswered. */
  answer: AnswerValue | null;
  /** Only when the attempt passed or no attempt is left. */
  expected?: ExpectedAnswer;
}

export interface AttemptResult {
  id: string;
  assessment_id: string;
  score: number;
  passed: boolean;
  pass_score: number;
  attempts_used: number;
  /** null: unlimited. */
  attempts_left: number | null;
  results: QuestionResult[];
  /** True when this attempt completed the course. */
  course_completed: boolean;
  certificate_id: string | null;
  created_at: string;
}

/** GET /v1/certificates/{id}: public proof that a learner completed a course. */
export interface CertificateVerification {
  id: string;
  learner_name: string;
  course: { id: string; title: string };
  tribe: { id: string; name: string; slug: string };
  issued_at: string;
}
