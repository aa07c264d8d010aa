import type {
  Course,
  CourseUnlock,
  CreateCourseBody,
  CreateLessonBody,
  Lesson,
  LessonPreview,
  Page,
  PreviewLessonBody,
  UpdateCourseBody,
  UpdateLessonBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Tx } from '#src/core/db/client.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import { fieldError, forbidden, notFound } from '#src/core/errors.js';
import type { TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import {
  completeIfDone,
  lessonLocked,
  notPublished,
  type CourseAccess,
  type CourseAccessService,
  type CourseLoader,
} from './learning.access.js';
import { presentLesson } from './learning.presenter.js';
import type { LearningRepo } from './learning.repo.js';
import { renderMarkdown } from '#src/core/markdown.js';
import { lessonStates } from './unlock.js';
import type { Transact } from '#src/core/db/transaction.js';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  repo: LearningRepo;
  tribes: TribeReads;
  access: CourseAccessService;
  loader: CourseLoader;
  clock: Clock;
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** Courses and lessons: authoring, reading, enrolment and lesson completion. */
export function createCoursesService({ repo, tribes, access, loader, clock, transact }: Deps) {
  const presentOne = async (a: CourseAccess, viewer: UserRow): Promise<Course> => (await loader.present([a], viewer))[0]!;
  const reload = async (courseId: string, viewer: UserRow) => presentOne(await access.read(courseId, viewer), viewer);

  /** A lesson, its course, and its lock state for the viewer. */
  async function lessonInContext(lessonId: string, viewer: UserRow, known?: { a: CourseAccess; tx: Tx }) {
    const conn = known?.tx;
    const lesson = await repo.findLesson(lessonId, conn);
    if (!lesson) throw notFound();
    const a = known?.a ?? (await access.read(lesson.courseId, viewer));
    // Sequential reads: a transaction's connection runs one query at a time.
    const all = await repo.lessonsOf([a.course.id], conn);
    const enrols = await repo.enrolmentsOf(viewer.id, [a.course.id], conn);
    const completed = await repo.completedLessonIds(viewer.id, [a.course.id], conn);
    const ids = all.map((l) => l.id);
    const states = lessonStates(
      { unlock: a.course.unlock as CourseUnlock, dripDays: a.course.dripDays },
      ids,
      completed,
      enrols[0]?.enrolledAt ?? null,
      clock.now(),
      a.canEdit,
    );
    const i = ids.indexOf(lesson.id);
    return { lesson, a, state: states[i]!, completed, all, i };
  }

  function present(ctx: Awaited<ReturnType<typeof lessonInContext>>): Lesson {
    const { lesson, a, state, completed, all, i } = ctx;
    return presentLesson(
      lesson,
      state,
      { previous: all[i - 1]?.id ?? null, next: all[i + 1]?.id ?? null },
      completed.has(lesson.id),
      a.course.unlock === 'drip',
      a.canEdit,
    );
  }

  return {
    /** A page of a tribe's courses, newest first (drafts for its authors only). */
    async list(tribeRef: string, viewer: UserRow, q: { cursor?: string; limit: number }): Promise<Page<Course>> {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const { canEdit, canRead } = await access.forTribe(tribe, viewer);
      if (!canRead) throw forbidden();
      const after = readCursor(q.cursor, { at: 'date', id: 'uuid' });
      const rows = await repo.listCourses(tribe.id, {
        drafts: canEdit,
        after: after ? { at: new Date(after.at), id: after.id } : undefined,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: await loader.present(
          page.map((course) => ({ course, tribe, canEdit })),
          viewer,
        ),
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id }) : null,
      };
    },

    async create(tribeRef: string, viewer: UserRow, body: CreateCourseBody): Promise<Course> {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      if (!(await access.forTribe(tribe, viewer)).canEdit) throw forbidden();
      const now = clock.now();
      const course = await repo.insertCourse({
        tribeId: tribe.id,
        title: body.title,
        description: body.description,
        language: body.language,
        coverUrl: body.cover_url,
        status: body.status,
        unlock: body.unlock,
        dripDays: body.drip_days,
        createdBy: viewer.id,
        createdAt: now,
        updatedAt: now,
      });
      return presentOne({ course, tribe, canEdit: true }, viewer);
    },

    get: reload,

    async update(courseId: string, viewer: UserRow, body: UpdateCourseBody): Promise<Course> {
      const { course } = await access.edit(courseId, viewer);
      const unlock = body.unlock ?? course.unlock;
      const dripDays = body.drip_days ?? course.dripDays;
      if (unlock === 'drip' && dripDays < 1) throw fieldError('drip_days', 'validation.drip_days');
      await repo.updateCourse(course.id, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.language !== undefined ? { language: body.language } : {}),
        ...(body.cover_url !== undefined ? { coverUrl: body.cover_url } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        unlock,
        dripDays,
        updatedAt: clock.now(),
      });
      return reload(course.id, viewer);
    },

    async remove(courseId: string, viewer: UserRow): Promise<void> {
      const { course } = await access.edit(courseId, viewer);
      await repo.deleteCourse(course.id);
    },

    /** Explicit enrolment; idempotent (the first date stands, drip counts from it). */
    async enrol(courseId: string, viewer: UserRow): Promise<Course> {
      const a = await access.read(courseId, viewer);
      if (a.course.status !== 'published') throw notPublished();
      await transact((tx) => repo.enrol(a.course.id, viewer.id, clock.now(), tx));
      return presentOne(a, viewer);
    },

    /** A lesson body rendered as it would be saved, for an author's live preview; nothing is stored. */
    previewLesson(body: PreviewLessonBody): LessonPreview {
      return { body_html: renderMarkdown(body.body_markdown) };
    },

    async addLesson(courseId: string, viewer: UserRow, body: CreateLessonBody): Promise<Lesson> {
      await access.edit(courseId, viewer);
      const now = clock.now();
      const html = renderMarkdown(body.body_markdown);
      const id = await transact(async (tx) => {
        await repo.lockCourse(courseId, tx);
        const max = await repo.maxPosition(courseId, tx);
        const position = clamp(body.position ?? max + 1, 1, max + 1);
        if (position <= max) await repo.shiftLessons(courseId, position, max, 1, tx);
        const row = await repo.insertLesson(
          {
            courseId,
            title: body.title,
            position,
            bodyMarkdown: body.body_markdown,
            bodyHtml: html,
            videoUrl: body.video_url,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        await repo.updateCourse(courseId, { updatedAt: now }, tx);
        return row.id;
      });
      return present(await lessonInContext(id, viewer));
    },

    /** A lesson's body, unless it is locked for the viewer (409 learning.lesson_locked). */
    async getLesson(lessonId: string, viewer: UserRow): Promise<Lesson> {
      const ctx = await lessonInContext(lessonId, viewer);
      if (ctx.state.locked) throw lessonLocked();
      return present(ctx);
    },

    async updateLesson(lessonId: string, viewer: UserRow, body: UpdateLessonBody): Promise<Lesson> {
      const lesson = await repo.findLesson(lessonId);
      if (!lesson) throw notFound();
      await access.edit(lesson.courseId, viewer);
      const now = clock.now();
      await transact(async (tx) => {
        await repo.lockCourse(lesson.courseId, tx);
        const current = await repo.findLesson(lessonId, tx);
        if (!current) throw notFound();
        if (body.position !== undefined) {
          const max = await repo.maxPosition(lesson.courseId, tx);
          const to = clamp(body.position, 1, max);
          const from = current.position;
          // Close the gap it leaves and open one where it lands: positions stay 1..n.
          if (to !== from) {
            if (to < from) await repo.shiftLessons(lesson.courseId, to, from - 1, 1, tx);
            else await repo.shiftLessons(lesson.courseId, from + 1, to, -1, tx);
            await repo.updateLesson(lessonId, { position: to }, tx);
          }
        }
        await repo.updateLesson(
          lessonId,
          {
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.body_markdown !== undefined
              ? { bodyMarkdown: body.body_markdown, bodyHtml: renderMarkdown(body.body_markdown) }
              : {}),
            ...(body.video_url !== undefined ? { videoUrl: body.video_url } : {}),
            updatedAt: now,
          },
          tx,
        );
        await repo.updateCourse(lesson.courseId, { updatedAt: now }, tx);
      });
      return present(await lessonInContext(lessonId, viewer));
    },

    async removeLesson(lessonId: string, viewer: UserRow): Promise<void> {
      const lesson = await repo.findLesson(lessonId);
      if (!lesson) throw notFound();
      await access.edit(lesson.courseId, viewer);
      await transact(async (tx) => {
        await repo.lockCourse(lesson.courseId, tx);
        const current = await repo.findLesson(lessonId, tx);
        if (!current) return;
        const max = await repo.maxPosition(lesson.courseId, tx);
        await repo.deleteLesson(lessonId, tx);
        if (current.position < max) await repo.shiftLessons(lesson.courseId, current.position + 1, max, -1, tx);
        await repo.updateCourse(lesson.courseId, { updatedAt: clock.now() }, tx);
      });
    },

    /** Marks a lesson completed (enrolling first if needed) and completes the course when all is done. */
    async completeLesson(lessonId: string, viewer: UserRow): Promise<Course> {
      const lesson = await repo.findLesson(lessonId);
      if (!lesson) throw notFound();
      const a = await access.read(lesson.courseId, viewer);
      if (a.course.status !== 'published') throw notPublished();
      const now = clock.now();
      await transact(async (tx) => {
        // Enrolling (and locking the enrolment) first: drip counts from the enrolment date.
        await repo.enrol(a.course.id, viewer.id, now, tx);
        const ctx = await lessonInContext(lessonId, viewer, { a, tx });
        if (ctx.state.locked) throw lessonLocked();
        await repo.completeLesson(lessonId, viewer.id, now, tx);
        await completeIfDone(repo, tx, a, viewer, now);
      });
      return reload(a.course.id, viewer);
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
