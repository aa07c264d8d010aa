import type { Course } from '@tribes/shared';

export type NextLesson =
  { kind: 'continue'; course: Course; lessonId: string; lessonTitle: string } | { kind: 'start'; course: Course } | null;

/**
 * What the tribe page suggests to learn next: the first open lesson not yet done in a course I follow
 * and have not finished; otherwise a published course I do not follow yet; otherwise nothing.
 */
export function nextLesson(courses: readonly Course[]): NextLesson {
  for (const course of courses) {
    if (!course.enrolment || course.completed || course.status !== 'published') continue;
    const lesson = [...course.lessons].sort((a, b) => a.position - b.position).find((l) => !l.completed && !l.locked);
    if (lesson) return { kind: 'continue', course, lessonId: lesson.id, lessonTitle: lesson.title };
  }
  const fresh = courses.find((c) => !c.enrolment && c.status === 'published' && c.lessons.length > 0);
  return fresh ? { kind: 'start', course: fresh } : null;
}
