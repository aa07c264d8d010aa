import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  assessmentAttempts,
  assessments,
  certificates,
  courses,
  enrolments,
  lessonCompletions,
  lessons,
  onceMarks,
} from '#src/core/db/schema/index.js';
import { olderThan } from '#src/core/db/keyset.js';
import { markOnce } from '#src/core/db/once-marks.js';

/** The stored form of a question (answers included): services, grading and the presenter read it through the repo. */
export type { StoredQuestion } from '#src/core/db/schema/learning.js';

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type AssessmentRow = typeof assessments.$inferSelect;
export type EnrolmentRow = typeof enrolments.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
type Conn = Db | Tx;

/** What one learner has done in an assessment. */
export interface AttemptStats {
  used: number;
  passed: boolean;
  best: number | null;
}

/** The only place that reads and writes the learning center's tables. */
export function createLearningRepo(db: Db) {
  return {
    /**
     * Drip lessons that opened for an enrolled learner in the last two days (lesson N at enrolled_at +
     * (N-1) × drip_days) and were not yet told (no once_marks key lesson-open:<lesson>:<user>).
     */
    async dripLessonsOpened(now: Date, limit = 500) {
      const rows = await db.execute(sql`
        select l.id as lesson_id, l.title, c.tribe_id, e.user_id
        from ${enrolments} e
        join ${courses} c on c.id = e.course_id and c.unlock = 'drip' and c.status = 'published'
        join (select id, title, course_id, row_number() over (partition by course_id order by position) - 1 as idx from ${lessons}) l
          on l.course_id = c.id
        where l.idx >= 1
          and e.enrolled_at + make_interval(days => (l.idx * c.drip_days)::int) <= ${now}
          and e.enrolled_at + make_interval(days => (l.idx * c.drip_days)::int) > ${now}::timestamptz - interval '2 days'
          and not exists (select 1 from ${onceMarks} m where m.key = 'lesson-open:' || l.id || ':' || e.user_id)
        limit ${limit}`);
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
        lesson_id: string;
        title: string;
        tribe_id: string;
        user_id: string;
      }[];
      return list.map((r) => ({ lessonId: r.lesson_id, title: r.title, tribeId: r.tribe_id, userId: r.user_id }));
    },

    /** Marks work done once (once_marks); false when it already was (another node, a retry). */
    markOnce: (key: string, at: Date) => markOnce(db, key, at),

    async findCourse(id: string, conn: Conn = db): Promise<CourseRow | undefined> {
      const [row] = await conn.select().from(courses).where(eq(courses.id, id)).limit(1);
      return row;
    },
    /** Takes the course's row lock: lesson positions and completions change under it. */
    async lockCourse(id: string, tx: Tx): Promise<CourseRow | undefined> {
      const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update').limit(1);
      return row;
    },
    /** A page of a tribe's courses, newest first; drafts only when asked. */
    async listCourses(tribeId: string, opts: { drafts: boolean; after?: { at: Date; id: string }; limit: number }) {
      const where: SQL[] = [eq(courses.tribeId, tribeId)];
      if (!opts.drafts) where.push(eq(courses.status, 'published'));
      if (opts.after) where.push(olderThan(courses.createdAt, courses.id, opts.after)!);
      return db
        .select()
        .from(courses)
        .where(and(...where))
        .orderBy(desc(courses.createdAt), desc(courses.id))
        .limit(opts.limit);
    },
    async insertCourse(values: typeof courses.$inferInsert): Promise<CourseRow> {
      const [row] = await db.insert(courses).values(values).returning();
      return row!;
    },
    async updateCourse(id: string, patch: Partial<typeof courses.$inferInsert>, conn: Conn = db): Promise<void> {
      await conn.update(courses).set(patch).where(eq(courses.id, id));
    },
    async deleteCourse(id: string): Promise<void> {
      await db.delete(courses).where(eq(courses.id, id));
    },

    async lessonsOf(courseIds: string[], conn: Conn = db): Promise<LessonRow[]> {
      if (courseIds.length === 0) return [];
      return conn
        .select()
        .from(lessons)
        .where(inArray(lessons.courseId, courseIds))
        .orderBy(asc(lessons.courseId), asc(lessons.position));
    },
    async findLesson(id: string, conn: Conn = db): Promise<LessonRow | undefined> {
      const [row] = await conn.select().from(lessons).where(eq(lessons.id, id)).limit(1);
      return row;
    },
    async insertLesson(values: typeof lessons.$inferInsert, tx: Tx): Promise<LessonRow> {
      const [row] = await tx.insert(lessons).values(values).returning();
      return row!;
    },
    async updateLesson(id: string, patch: Partial<typeof lessons.$inferInsert>, conn: Conn = db): Promise<void> {
      await conn.update(lessons).set(patch).where(eq(lessons.id, id));
    },
    async deleteLesson(id: string, tx: Tx): Promise<void> {
      await tx.delete(lessons).where(eq(lessons.id, id));
    },
    /** Moves the lessons at positions from..to (inclusive) by delta. */
    async shiftLessons(courseId: string, from: number, to: number, delta: number, tx: Tx): Promise<void> {
      await tx
        .update(lessons)
        .set({ position: sql`${lessons.position} + ${delta}` })
        .where(and(eq(lessons.courseId, courseId), sql`${lessons.position} between ${from} and ${to}`));
    },

    async assessmentsOf(courseIds: string[], conn: Conn = db): Promise<AssessmentRow[]> {
      if (courseIds.length === 0) return [];
      return conn
        .select()
        .from(assessments)
        .where(inArray(assessments.courseId, courseIds))
        .orderBy(asc(assessments.createdAt), asc(assessments.id));
    },
    async findAssessment(id: string): Promise<AssessmentRow | undefined> {
      const [row] = await db.select().from(assessments).where(eq(assessments.id, id)).limit(1);
      return row;
    },
    async insertAssessment(values: typeof assessments.$inferInsert): Promise<AssessmentRow> {
      const [row] = await db.insert(assessments).values(values).returning();
      return row!;
    },
    async updateAssessment(id: string, patch: Partial<typeof assessments.$inferInsert>): Promise<void> {
      await db.update(assessments).set(patch).where(eq(assessments.id, id));
    },
    async deleteAssessment(id: string): Promise<void> {
      await db.delete(assessments).where(eq(assessments.id, id));
    },

    async enrolmentsOf(userId: string, courseIds: string[], conn: Conn = db): Promise<EnrolmentRow[]> {
      if (courseIds.length === 0) return [];
      return conn
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), inArray(enrolments.courseId, courseIds)));
    },
    /** Enrols once (a second call keeps the first date) and returns the enrolment, locked for this transaction. */
    async enrol(courseId: string, userId: string, at: Date, tx: Tx): Promise<EnrolmentRow> {
      await tx.insert(enrolments).values({ courseId, userId, enrolledAt: at }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.courseId, courseId), eq(enrolments.userId, userId)))
        .for('update');
      return row!;
    },
    async markCompleted(courseId: string, userId: string, at: Date, tx: Tx): Promise<void> {
      await tx
        .update(enrolments)
        .set({ completedAt: at })
        .where(and(eq(enrolments.courseId, courseId), eq(enrolments.userId, userId), isNull(enrolments.completedAt)));
    },

    /** Ids of the lessons of these courses the user completed. */
    async completedLessonIds(userId: string, courseIds: string[], conn: Conn = db): Promise<Set<string>> {
      if (courseIds.length === 0) return new Set();
      const rows = await conn
        .select({ id: lessonCompletions.lessonId })
        .from(lessonCompletions)
        .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
        .where(and(eq(lessonCompletions.userId, userId), inArray(lessons.courseId, courseIds)));
      return new Set(rows.map((r) => r.id));
    },
    async completeLesson(lessonId: string, userId: string, at: Date, tx: Tx): Promise<void> {
      await tx.insert(lessonCompletions).values({ lessonId, userId, completedAt: at }).onConflictDoNothing();
    },

    async attemptStats(userId: string, assessmentIds: string[], conn: Conn = db): Promise<Map<string, AttemptStats>> {
      const out = new Map<string, AttemptStats>();
      if (assessmentIds.length === 0) return out;
      const rows = await conn
        .select({
          id: assessmentAttempts.assessmentId,
          used: count(),
          passed: sql<boolean>`bool_or(${assessmentAttempts.passed})`,
          best: sql<number | null>`max(${assessmentAttempts.score})`,
        })
        .from(assessmentAttempts)
        .where(and(eq(assessmentAttempts.userId, userId), inArray(assessmentAttempts.assessmentId, assessmentIds)))
        .groupBy(assessmentAttempts.assessmentId);
      for (const r of rows)
        out.set(r.id, { used: Number(r.used), passed: !!r.passed, best: r.best === null ? null : Number(r.best) });
      return out;
    },
    async insertAttempt(values: typeof assessmentAttempts.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(assessmentAttempts).values(values).returning();
      return row!;
    },

    async findCertificate(id: string): Promise<CertificateRow | undefined> {
      const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
      return row;
    },
    async certificatesOf(userId: string, courseIds: string[]): Promise<CertificateRow[]> {
      if (courseIds.length === 0) return [];
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, userId), inArray(certificates.courseId, courseIds)));
    },
    async insertCertificate(values: typeof certificates.$inferInsert, tx: Tx): Promise<CertificateRow> {
      await tx.insert(certificates).values(values).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(certificates)
        .where(and(eq(certificates.courseId, values.courseId), eq(certificates.userId, values.userId)));
      return row!;
    },
    /** The last lesson position of a course (0 when it has none). */
    async maxPosition(courseId: string, tx: Tx): Promise<number> {
      const [row] = await tx
        .select({ max: sql<number | null>`max(${lessons.position})` })
        .from(lessons)
        .where(eq(lessons.courseId, courseId));
      return Number(row?.max ?? 0);
    },
  };
}

export type LearningRepo = ReturnType<typeof createLearningRepo>;
