import type { CourseUnlock } from '@tribes/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LessonState {
  locked: boolean;
  /** drip only: when the lesson opens; null otherwise or before enrolment. */
  availableAt: Date | null;
}

/**
 * Which lessons a learner may open, in course order (DESIGN section 5, documented in the shared
 * schema): all → every lesson; sequential → lesson N once lesson N-1 is completed; drip → lesson N
 * at enrolled_at + (N-1) × drip_days days. A completed lesson stays open; authors see all open.
 */
export function lessonStates(
  course: { unlock: CourseUnlock; dripDays: number },
  lessonIds: string[],
  completed: ReadonlySet<string>,
  enrolledAt: Date | null,
  now: Date,
  author: boolean,
): LessonState[] {
  return lessonIds.map((id, i) => {
    if (course.unlock === 'drip') {
      const availableAt = enrolledAt ? new Date(enrolledAt.getTime() + i * course.dripDays * DAY_MS) : null;
      const open = author || completed.has(id) || i === 0 || (availableAt !== null && availableAt <= now);
      return { locked: !open, availableAt };
    }
    if (course.unlock === 'sequential') {
      const open = author || completed.has(id) || i === 0 || completed.has(lessonIds[i - 1]!);
      return { locked: !open, availableAt: null };
    }
    return { locked: false, availableAt: null };
  });
}
