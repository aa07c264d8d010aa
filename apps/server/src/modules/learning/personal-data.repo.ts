import { asc, eq } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { assessmentAttempts, certificates, courses, enrolments, lessonCompletions } from '#src/core/db/schema/index.js';

/**
 * What the learning module holds of one member, for their data export (DESIGN 11.2): each course
 * they joined with its lessons done, their graded attempts and their certificates.
 */
export function createLearningPersonalData(db: Db) {
  return {
    async collect(userId: string) {
      const joined = await db
        .select({ e: enrolments, title: courses.title, tribeId: courses.tribeId })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(eq(enrolments.userId, userId))
        .orderBy(asc(enrolments.enrolledAt));
      const done = await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, userId));
      const attempts = await db
        .select()
        .from(assessmentAttempts)
        .where(eq(assessmentAttempts.userId, userId))
        .orderBy(asc(assessmentAttempts.createdAt));
      const certs = await db.select().from(certificates).where(eq(certificates.userId, userId));
      return {
        sections: {
          learning: [
            ...joined.map(({ e, title, tribeId }) => ({
              type: 'enrolment',
              course_id: e.courseId,
              course_title: title,
              tribe_id: tribeId,
              enrolled_at: e.enrolledAt.toISOString(),
              completed_at: e.completedAt?.toISOString() ?? null,
            })),
            ...done.map((l) => ({ type: 'lesson_completed', lesson_id: l.lessonId, completed_at: l.completedAt.toISOString() })),
            ...attempts.map((a) => ({
              type: 'assessment_attempt',
              id: a.id,
              assessment_id: a.assessmentId,
              number: a.number,
              score: a.score,
              passed: a.passed,
              answers: a.answers,
              created_at: a.createdAt.toISOString(),
            })),
            ...certs.map((c) => ({
              type: 'certificate',
              id: c.id,
              course_id: c.courseId,
              course_title: c.courseTitle,
              learner_name: c.learnerName,
              tribe_name: c.tribeName,
              issued_at: c.issuedAt.toISOString(),
            })),
          ],
        },
      };
    },
  };
}
