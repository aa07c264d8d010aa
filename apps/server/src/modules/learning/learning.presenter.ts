import type {
  Assessment,
  AssessmentForAuthor,
  CertificateVerification,
  Course,
  CourseStatus,
  CourseUnlock,
  Lesson,
  Locale,
  Question,
} from '@tribes/shared';
import type { TribeRow } from '../tribes/index.js';
import type {
  AssessmentRow,
  AttemptStats,
  CertificateRow,
  CourseRow,
  EnrolmentRow,
  LessonRow,
  StoredQuestion,
} from './learning.repo.js';
import type { LessonState } from './unlock.js';

/** One learner's standing in one course. */
export interface Standing {
  enrolment: EnrolmentRow | null;
  completed: ReadonlySet<string>;
  stats: ReadonlyMap<string, AttemptStats>;
  certificateId: string | null;
}

const noStats: AttemptStats = { used: 0, passed: false, best: null };

/** Percent of lessons completed and assessments passed (0 before enrolment or when empty). */
export function progressOf(lessonRows: LessonRow[], assessmentRows: AssessmentRow[], s: Standing): number {
  const total = lessonRows.length + assessmentRows.length;
  if (!s.enrolment || total === 0) return 0;
  const done =
    lessonRows.filter((l) => s.completed.has(l.id)).length + assessmentRows.filter((a) => s.stats.get(a.id)?.passed).length;
  return Math.round((100 * done) / total);
}

/** A question without its key: an explicit allowlist, so a new key field can never leak by accident. */
export function presentQuestion(q: StoredQuestion): Question {
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    ...(q.kind === 'single' || q.kind === 'multiple' ? { options: [...q.options] } : {}),
  };
}

export function presentCourse(
  row: CourseRow,
  tribe: TribeRow,
  lessonRows: LessonRow[],
  states: LessonState[],
  assessmentRows: AssessmentRow[],
  s: Standing,
  canEdit: boolean,
): Course {
  const drip = row.unlock === 'drip';
  return {
    id: row.id,
    tribe_id: row.tribeId,
    tribe: { id: tribe.id, name: tribe.name, slug: tribe.slug },
    title: row.title,
    description: row.description,
    language: row.language as Locale,
    cover_url: row.coverUrl,
    status: row.status as CourseStatus,
    unlock: row.unlock as CourseUnlock,
    drip_days: row.dripDays,
    lessons: lessonRows.map((l, i) => ({
      id: l.id,
      title: l.title,
      position: l.position,
      completed: s.completed.has(l.id),
      locked: states[i]?.locked ?? false,
      ...(drip ? { available_at: states[i]?.availableAt?.toISOString() ?? null } : {}),
    })),
    assessments: assessmentRows.map((a) => {
      const st = s.stats.get(a.id) ?? noStats;
      return {
        id: a.id,
        title: a.title,
        pass_score: a.passScore,
        attempt_limit: a.attemptLimit,
        attempts_used: st.used,
        passed: st.passed,
        best_score: st.best,
        question_count: a.questions.length,
      };
    }),
    progress: progressOf(lessonRows, assessmentRows, s),
    enrolment: s.enrolment
      ? {
          enrolled_at: s.enrolment.enrolledAt.toISOString(),
          completed_at: s.enrolment.completedAt?.toISOString() ?? null,
          certificate_id: s.certificateId,
        }
      : null,
    completed: !!s.enrolment?.completedAt,
    can_edit: canEdit,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentLesson(
  row: LessonRow,
  state: LessonState,
  neighbours: { previous: string | null; next: string | null },
  completed: boolean,
  drip: boolean,
  canEdit: boolean,
): Lesson {
  return {
    id: row.id,
    course_id: row.courseId,
    title: row.title,
    position: row.position,
    body_markdown: row.bodyMarkdown,
    body_html: row.bodyHtml,
    video_url: row.videoUrl,
    completed,
    locked: state.locked,
    ...(drip ? { available_at: state.availableAt?.toISOString() ?? null } : {}),
    previous_lesson_id: neighbours.previous,
    next_lesson_id: neighbours.next,
    can_edit: canEdit,
  };
}

export function presentAssessment(row: AssessmentRow, stats: AttemptStats | undefined, canEdit: boolean): Assessment {
  const st = stats ?? noStats;
  return {
    id: row.id,
    course_id: row.courseId,
    title: row.title,
    pass_score: row.passScore,
    attempt_limit: row.attemptLimit,
    attempts_used: st.used,
    passed: st.passed,
    best_score: st.best,
    questions: row.questions.map(presentQuestion),
    can_edit: canEdit,
  };
}

/** For authors only: the questions as they were written, keys included. */
export function presentAssessmentForAuthor(row: AssessmentRow, stats: AttemptStats | undefined): AssessmentForAuthor {
  return { ...presentAssessment(row, stats, true), questions: row.questions.map((q) => ({ ...q })) };
}

export function presentCertificate(row: CertificateRow): CertificateVerification {
  return {
    id: row.id,
    learner_name: row.learnerName,
    course: { id: row.courseId, title: row.courseTitle },
    tribe: { id: row.tribeId, name: row.tribeName, slug: row.tribeSlug },
    issued_at: row.issuedAt.toISOString(),
  };
}
