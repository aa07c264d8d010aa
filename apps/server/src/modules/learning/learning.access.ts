import { LEARNING_ERRORS, type CourseUnlock } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Tx } from '#src/core/db/client.js';
import { conflict, forbidden, notFound } from '#src/core/errors.js';
import { type TribeRow, type TribeReads, canModerate, isBanned } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { CourseRow, LearningRepo } from './learning.repo.js';
import { presentCourse, type Standing } from './learning.presenter.js';
import { lessonStates } from './unlock.js';

/** What the viewer may do with a course. */
export interface CourseAccess {
  course: CourseRow;
  tribe: TribeRow;
  canEdit: boolean;
}

export const notPublished = () => conflict(LEARNING_ERRORS.notPublished, 'learning.not_published');
export const lessonLocked = () => conflict(LEARNING_ERRORS.lessonLocked, 'learning.lesson_locked');

/**
 * Who reads and writes courses: authors are the tribe's active leaders and moderators (drafts
 * included); a published course is read by the tribe's active members, and by any signed-in user
 * when the tribe is open; banned members read and take nothing (403). Unreadable courses are 404, so a draft's
 * existence is never confirmed.
 */
export function createCourseAccess({ repo, tribes }: { repo: LearningRepo; tribes: TribeReads }) {
  async function forTribe(tribe: TribeRow, viewer: UserRow) {
    const m = await tribes.membership(tribe.id, viewer.id);
    const canEdit = canModerate(m);
    const banned = isBanned(m);
    const canRead = canEdit || (!banned && (m?.status === 'active' || tribe.visibility === 'open'));
    return { canEdit, canRead, banned };
  }

  return {
    forTribe,
    /** The course if the viewer may read it, else 404. */
    async read(courseId: string, viewer: UserRow): Promise<CourseAccess> {
      const course = await repo.findCourse(courseId);
      if (!course) throw notFound();
      const tribe = await tribes.findByRef(course.tribeId);
      if (!tribe) throw notFound();
      const { canEdit, canRead, banned } = await forTribe(tribe, viewer);
      // A banned member is told no (403) for a published course; a draft stays unconfirmed (404).
      if (banned && course.status === 'published') throw forbidden();
      if (!canEdit && (!canRead || course.status !== 'published')) throw notFound();
      return { course, tribe, canEdit };
    },
    /** The course if the viewer authors it: 404 when unreadable, 403 when only readable. */
    async edit(courseId: string, viewer: UserRow): Promise<CourseAccess> {
      const a = await this.read(courseId, viewer);
      if (!a.canEdit) throw forbidden();
      return a;
    },
  };
}

export type CourseAccessService = ReturnType<typeof createCourseAccess>;

/** Loads courses with their outline and one viewer's standing, and presents them. */
export function createCourseLoader({ repo, clock }: { repo: LearningRepo; clock: Clock }) {
  return {
    async standing(userId: string, courseIds: string[]) {
      const [enrols, lessonRows, assessmentRows, certs] = await Promise.all([
        repo.enrolmentsOf(userId, courseIds),
        repo.lessonsOf(courseIds),
        repo.assessmentsOf(courseIds),
        repo.certificatesOf(userId, courseIds),
      ]);
      const [completed, stats] = await Promise.all([
        repo.completedLessonIds(userId, courseIds),
        repo.attemptStats(
          userId,
          assessmentRows.map((a) => a.id),
        ),
      ]);
      return { enrols, lessonRows, assessmentRows, certs, completed, stats };
    },

    async present(items: { course: CourseRow; tribe: TribeRow; canEdit: boolean }[], viewer: UserRow) {
      const ids = items.map((i) => i.course.id);
      const st = await this.standing(viewer.id, ids);
      const now = clock.now();
      return items.map(({ course, tribe, canEdit }) => {
        const lessonRows = st.lessonRows.filter((l) => l.courseId === course.id);
        const assessmentRows = st.assessmentRows.filter((a) => a.courseId === course.id);
        const enrolment = st.enrols.find((e) => e.courseId === course.id) ?? null;
        const standing: Standing = {
          enrolment,
          completed: st.completed,
          stats: st.stats,
          certificateId: st.certs.find((c) => c.courseId === course.id)?.id ?? null,
        };
        const states = lessonStates(
          { unlock: course.unlock as CourseUnlock, dripDays: course.dripDays },
          lessonRows.map((l) => l.id),
          st.completed,
          enrolment?.enrolledAt ?? null,
          now,
          canEdit,
        );
        return presentCourse(course, tribe, lessonRows, states, assessmentRows, standing, canEdit);
      });
    },
  };
}

export type CourseLoader = ReturnType<typeof createCourseLoader>;

/**
 * Inside the transaction that completed a lesson or passed an assessment: when every lesson is
 * completed and every assessment passed, marks the course completed and issues the certificate
 * (once). Answers the certificate id, or null while something is left.
 */
export async function completeIfDone(
  repo: LearningRepo,
  tx: Tx,
  a: { course: CourseRow; tribe: TribeRow },
  user: UserRow,
  now: Date,
): Promise<string | null> {
  const lessonRows = await repo.lessonsOf([a.course.id], tx);
  const assessmentRows = await repo.assessmentsOf([a.course.id], tx);
  const completed = await repo.completedLessonIds(user.id, [a.course.id], tx);
  if (lessonRows.length + assessmentRows.length === 0) return null;
  const stats = await repo.attemptStats(
    user.id,
    assessmentRows.map((x) => x.id),
    tx,
  );
  const done = lessonRows.every((l) => completed.has(l.id)) && assessmentRows.every((x) => stats.get(x.id)?.passed);
  if (!done) return null;
  await repo.markCompleted(a.course.id, user.id, now, tx);
  const cert = await repo.insertCertificate(
    {
      courseId: a.course.id,
      userId: user.id,
      tribeId: a.tribe.id,
      learnerName: user.name,
      courseTitle: a.course.title,
      tribeName: a.tribe.name,
      tribeSlug: a.tribe.slug,
      issuedAt: now,
    },
    tx,
  );
  return cert.id;
}
