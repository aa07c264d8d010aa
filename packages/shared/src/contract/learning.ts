import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  AssessmentForAuthorSchema,
  AssessmentSchema,
  AttemptBodySchema,
  AttemptResultSchema,
  CertificateVerificationSchema,
  CourseListQuerySchema,
  CourseSchema,
  CreateAssessmentBodySchema,
  CreateCourseBodySchema,
  CreateLessonBodySchema,
  LEARNING_ERRORS,
  LessonPreviewSchema,
  LessonSchema,
  PreviewLessonBodySchema,
  UpdateAssessmentBodySchema,
  UpdateCourseBodySchema,
  UpdateLessonBodySchema,
} from '../schemas/learning.js';
import { TribeRefParamsSchema } from '../schemas/tribes.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Learning center (DESIGN section 5): courses, lessons, assessments, progress, certificates.
 *
 * Every endpoint needs `Authorization: Bearer` but the public certificate check. Every write is
 * rate limited (60 per minute per user) and answers 400 validation_error for bad input, 403 for a
 * reader who is not an author, 404 for what the viewer cannot see. The 409s name their conflict in
 * `error_type` (LEARNING_ERRORS: not_published, lesson_locked, attempts_exhausted, not_completed,
 * listed per endpoint) and in the message (learning.not_published, ...).
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

const tags = ['learning'] as const;

/** A page of courses, newest first, and the cursor of the next page (null at the end). */
const CoursePageSchema = z.object({ items: z.array(CourseSchema), next_cursor: z.string().nullable() });
const CourseData = z.object({ course: CourseSchema });
const LessonData = z.object({ lesson: LessonSchema });
const AssessmentData = z.object({ assessment: AssessmentSchema });

export const learningEndpoints = {
  listCourses: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/courses',
    summary:
      "A tribe's courses, newest first, page by page ({id}: tribe uuid or slug); drafts only for its authors; " +
      '403 for a non-member of a request tribe.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    query: CourseListQuerySchema,
    data: CoursePageSchema,
    errors: [401, 403, 404],
  }),
  createCourse: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/courses',
    summary: "Creates a course in a tribe (the tribe's leaders and moderators).",
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: CreateCourseBodySchema,
    data: CourseData,
    status: 201,
    errors: [401, 403, 404],
  }),
  getCourse: endpoint({
    method: 'GET',
    path: '/v1/courses/{id}',
    summary: 'A course with its lessons and assessments, my enrolment and my progress.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: CourseData,
    errors: [401, 404],
  }),
  updateCourse: endpoint({
    method: 'PATCH',
    path: '/v1/courses/{id}',
    summary: 'Changes a course (its authors); drip needs drip_days ≥ 1 once both are applied.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateCourseBodySchema,
    data: CourseData,
    errors: [401, 403, 404],
  }),
  deleteCourse: endpoint({
    method: 'DELETE',
    path: '/v1/courses/{id}',
    summary: 'Deletes a course (its authors); its lessons, assessments and progress go with it.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404],
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/v1/courses/{id}/enrol',
    summary: 'Enrols me in a course (idempotent); 409 learning.not_published on a draft.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: CourseData,
    errors: [401, 404, 409],
    errorTypes: [LEARNING_ERRORS.notPublished],
  }),
  createLesson: endpoint({
    method: 'POST',
    path: '/v1/courses/{id}/lessons',
    summary: 'Adds a lesson to a course (its authors); omitted position → the end.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: CreateLessonBodySchema,
    data: LessonData,
    status: 201,
    errors: [401, 403, 404],
  }),
  previewLesson: endpoint({
    method: 'POST',
    path: '/v1/lessons/preview',
    summary:
      "Renders lesson Markdown with the lessons' own renderer and sanitiser (any signed-in user; stores nothing; " +
      'the same length limit).',
    tags,
    auth: 'user',
    body: PreviewLessonBodySchema,
    data: LessonPreviewSchema,
    errors: [401],
  }),
  getLesson: endpoint({
    method: 'GET',
    path: '/v1/lessons/{id}',
    summary: 'A lesson with its rendered body and its neighbours; 409 learning.lesson_locked while locked.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: LessonData,
    errors: [401, 404, 409],
    errorTypes: [LEARNING_ERRORS.lessonLocked],
  }),
  updateLesson: endpoint({
    method: 'PATCH',
    path: '/v1/lessons/{id}',
    summary: 'Changes a lesson (its authors); `position` moves it, positions stay 1..n.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateLessonBodySchema,
    data: LessonData,
    errors: [401, 403, 404],
  }),
  deleteLesson: endpoint({
    method: 'DELETE',
    path: '/v1/lessons/{id}',
    summary: 'Deletes a lesson (its authors); later lessons move up.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404],
  }),
  completeLesson: endpoint({
    method: 'POST',
    path: '/v1/lessons/{id}/complete',
    summary:
      'Marks a lesson completed (enrols if needed) and answers the course with its new progress; ' +
      '409 learning.lesson_locked while locked, learning.not_published on a draft.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: CourseData,
    errors: [401, 404, 409],
    errorTypes: [LEARNING_ERRORS.notPublished, LEARNING_ERRORS.lessonLocked],
  }),
  createAssessment: endpoint({
    method: 'POST',
    path: '/v1/courses/{id}/assessments',
    summary: 'Adds an assessment to a course (its authors); its questions carry their keys.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: CreateAssessmentBodySchema,
    data: AssessmentData,
    status: 201,
    errors: [401, 403, 404],
  }),
  getAssessment: endpoint({
    method: 'GET',
    path: '/v1/assessments/{id}',
    summary: 'An assessment and my attempts at it: its questions never carry a key, for anyone.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: AssessmentData,
    errors: [401, 404],
  }),
  getAssessmentForAuthor: endpoint({
    method: 'GET',
    path: '/v1/assessments/{id}/edit',
    summary: 'An assessment for its authors only: the questions as written, keys included.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: z.object({ assessment: AssessmentForAuthorSchema }),
    errors: [401, 403, 404],
  }),
  updateAssessment: endpoint({
    method: 'PATCH',
    path: '/v1/assessments/{id}',
    summary: 'Changes an assessment (its authors); `questions` replaces every question.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateAssessmentBodySchema,
    data: AssessmentData,
    errors: [401, 403, 404],
  }),
  deleteAssessment: endpoint({
    method: 'DELETE',
    path: '/v1/assessments/{id}',
    summary: 'Deletes an assessment (its authors).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404],
  }),
  attempt: endpoint({
    method: 'POST',
    path: '/v1/assessments/{id}/attempts',
    summary:
      'Submits an attempt, graded on the server (enrols if needed); 409 learning.attempts_exhausted once ' +
      'attempt_limit is used up; 400 on answers.N.question_id / answers.N.answer for unknown, repeated or ' +
      'ill-shaped answers.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: AttemptBodySchema,
    idempotencyKey: 'optional',
    data: z.object({ attempt: AttemptResultSchema }),
    status: 201,
    errors: [401, 404, 409],
    errorTypes: [LEARNING_ERRORS.notPublished, LEARNING_ERRORS.attemptsExhausted],
  }),
  certificatePdf: endpoint({
    method: 'GET',
    path: '/v1/courses/{id}/certificate',
    summary:
      'My certificate of a completed course as a PDF download, its labels in the Accept-Language; ' +
      '404 when not enrolled, 409 learning.not_completed until completed.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    // Not the envelope: the PDF itself. Its errors are the usual envelope.
    produces: 'application/pdf',
    data: z.never(),
    errors: [401, 404, 409],
    errorTypes: [LEARNING_ERRORS.notCompleted],
  }),
  verifyCertificate: endpoint({
    method: 'GET',
    path: '/v1/certificates/{id}',
    summary: 'Public proof that a learner completed a course: who, what, where and when (no sign-in).',
    tags,
    auth: 'public',
    params: IdParamsSchema,
    data: z.object({ certificate: CertificateVerificationSchema }),
    errors: [404],
  }),
} as const;
