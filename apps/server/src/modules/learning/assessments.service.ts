import { randomUUID } from 'node:crypto';
import { onceIfKeyed, requestHash } from '#src/core/db/idempotency.js';
import {
  LEARNING_ERRORS,
  type AnswerValue,
  type Assessment,
  type AssessmentForAuthor,
  type AttemptBody,
  type AttemptResult,
  type CreateAssessmentBody,
  type QuestionInput,
  type UpdateAssessmentBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { conflict, fieldError, notFound } from '#src/core/errors.js';
import { isUniqueViolation, type UserRow } from '../users/index.js';
import { answerFits, grade, review } from './grading.js';
import { completeIfDone, notPublished, type CourseAccessService } from './learning.access.js';
import { presentAssessment, presentAssessmentForAuthor } from './learning.presenter.js';
import type { AssessmentRow, LearningRepo, StoredQuestion } from './learning.repo.js';
import type { Transact } from '#src/core/db/transaction.js';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  repo: LearningRepo;
  access: CourseAccessService;
  clock: Clock;
}

const exhausted = () => conflict(LEARNING_ERRORS.attemptsExhausted, 'learning.attempts_exhausted');
const withIds = (questions: QuestionInput[]): StoredQuestion[] => questions.map((q) => ({ ...q, id: randomUUID() }));

/** Checks every answer against the assessment's questions: unknown, repeated or ill-shaped answers are a 400. */
function answersOf(row: AssessmentRow, body: AttemptBody): Map<string, AnswerValue> {
  const byId = new Map(row.questions.map((q) => [q.id, q]));
  const out = new Map<string, AnswerValue>();
  body.answers.forEach(({ question_id, answer }, i) => {
    const q = byId.get(question_id);
    if (!q) throw fieldError(`answers.${i}.question_id`, 'validation.unknown_question');
    if (out.has(question_id)) throw fieldError(`answers.${i}.question_id`, 'validation.duplicate_question');
    if (!answerFits(q, answer)) throw fieldError(`answers.${i}.answer`, 'validation.answer_kind');
    out.set(question_id, answer);
  });
  return out;
}

/** Assessments: authored with keys, read without them, graded on the server only. */
export function createAssessmentsService({ repo, access, clock, transact }: Deps) {
  async function load(id: string, viewer: UserRow) {
    const row = await repo.findAssessment(id);
    if (!row) throw notFound();
    const a = await access.read(row.courseId, viewer);
    return { row, a };
  }
  const statsOf = async (row: AssessmentRow, viewer: UserRow) => (await repo.attemptStats(viewer.id, [row.id])).get(row.id);

  return {
    async create(courseId: string, viewer: UserRow, body: CreateAssessmentBody): Promise<Assessment> {
      const { course } = await access.edit(courseId, viewer);
      const now = clock.now();
      const row = await repo.insertAssessment({
        courseId: course.id,
        title: body.title,
        passScore: body.pass_score,
        attemptLimit: body.attempt_limit,
        questions: withIds(body.questions),
        createdAt: now,
        updatedAt: now,
      });
      return presentAssessment(row, undefined, true);
    },

    /** Questions without their keys, for everyone (authors included: keys are at /edit). */
    async get(id: string, viewer: UserRow): Promise<Assessment> {
      const { row, a } = await load(id, viewer);
      return presentAssessment(row, await statsOf(row, viewer), a.canEdit);
    },

    async getForAuthor(id: string, viewer: UserRow): Promise<AssessmentForAuthor> {
      const row = await repo.findAssessment(id);
      if (!row) throw notFound();
      await access.edit(row.courseId, viewer);
      return presentAssessmentForAuthor(row, await statsOf(row, viewer));
    },

    async update(id: string, viewer: UserRow, body: UpdateAssessmentBody): Promise<Assessment> {
      const existing = await repo.findAssessment(id);
      if (!existing) throw notFound();
      await access.edit(existing.courseId, viewer);
      await repo.updateAssessment(id, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.pass_score !== undefined ? { passScore: body.pass_score } : {}),
        ...(body.attempt_limit !== undefined ? { attemptLimit: body.attempt_limit } : {}),
        ...(body.questions !== undefined ? { questions: withIds(body.questions) } : {}),
        updatedAt: clock.now(),
      });
      const row = (await repo.findAssessment(id))!;
      return presentAssessment(row, await statsOf(row, viewer), true);
    },

    async remove(id: string, viewer: UserRow): Promise<void> {
      const row = await repo.findAssessment(id);
      if (!row) throw notFound();
      await access.edit(row.courseId, viewer);
      await repo.deleteAssessment(id);
    },

    /**
     * Grades an attempt. The learner's enrolment row is locked for the transaction, so two
     * attempts sent at once are counted one after the other and the limit holds; the unique
     * (assessment, learner, number) index is the backstop.
     */
    async attempt(
      id: string,
      viewer: UserRow,
      body: AttemptBody,
      key?: string,
    ): Promise<{ attempt: AttemptResult; status: number }> {
      const { row, a } = await load(id, viewer);
      if (a.course.status !== 'published') throw notPublished();
      const answers = answersOf(row, body);
      const g = grade(row.questions, answers, row.passScore);
      const now = clock.now();
      try {
        const answer = await transact((tx) =>
          onceIfKeyed(
            tx,
            { userId: viewer.id, key, hash: () => requestHash('attempt', { id: row.id, body }), now, status: 201 },
            async () => {
              const enrolment = await repo.enrol(a.course.id, viewer.id, now, tx);
              const used = (await repo.attemptStats(viewer.id, [row.id], tx)).get(row.id)?.used ?? 0;
              if (row.attemptLimit !== null && used >= row.attemptLimit) throw exhausted();
              const attempt = await repo.insertAttempt(
                {
                  assessmentId: row.id,
                  userId: viewer.id,
                  number: used + 1,
                  score: g.score,
                  passed: g.passed,
                  answers: g.results,
                  createdAt: now,
                },
                tx,
              );
              const certificateId = g.passed ? await completeIfDone(repo, tx, a, viewer, now) : null;
              const left = row.attemptLimit === null ? null : row.attemptLimit - (used + 1);
              return {
                id: attempt.id,
                assessment_id: row.id,
                score: g.score,
                passed: g.passed,
                pass_score: row.passScore,
                attempts_used: used + 1,
                attempts_left: left,
                results: review(row.questions, g, g.passed || left === 0),
                course_completed: certificateId !== null && enrolment.completedAt === null,
                certificate_id: certificateId,
                created_at: now.toISOString(),
              } satisfies AttemptResult;
            },
          ),
        );
        return { attempt: answer.body, status: answer.status };
      } catch (err) {
        if (isUniqueViolation(err)) throw exhausted();
        throw err;
      }
    },
  };
}

export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
