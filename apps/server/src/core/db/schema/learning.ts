import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { QuestionInput } from '@tribes/shared';
import { tribes } from './tribes.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A question as stored: what the author sent, keys included, plus its id. Only presenters read it. */
export type StoredQuestion = QuestionInput & { id: string };

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en'),
    coverUrl: text('cover_url'),
    status: text('status').notNull().default('draft'),
    unlock: text('unlock').notNull().default('all'),
    dripDays: integer('drip_days').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('courses_tribe_idx').on(t.tribeId, t.createdAt, t.id),
    check('courses_status', sql`${t.status} in ('draft', 'published')`),
    check('courses_unlock', sql`${t.unlock} in ('all', 'sequential', 'drip')`),
    check('courses_drip_days', sql`${t.dripDays} between 0 and 365`),
  ],
);

/** Positions are 1..n within a course, kept dense under the course's row lock. */
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    /** Rendered and sanitised once, on write. */
    bodyHtml: text('body_html').notNull().default(''),
    videoUrl: text('video_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('lessons_course_idx').on(t.courseId, t.position), check('lessons_position', sql`${t.position} >= 1`)],
);

export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    passScore: integer('pass_score').notNull(),
    attemptLimit: integer('attempt_limit'),
    /** With their keys: never sent to a learner as they are. */
    questions: jsonb('questions').$type<StoredQuestion[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('assessments_course_idx').on(t.courseId, t.createdAt),
    check('assessments_pass_score', sql`${t.passScore} between 0 and 100`),
    check('assessments_attempt_limit', sql`${t.attemptLimit} is null or ${t.attemptLimit} >= 1`),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrolledAt: ts('enrolled_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('enrolments_user_idx').on(t.userId)],
);

export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), index('lesson_completions_user_idx').on(t.userId)],
);

/** One graded attempt; (assessment, user, number) is unique, so two racing attempts cannot both be the last. */
export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assessment_attempts_number_unique').on(t.assessmentId, t.userId, t.number),
    check('assessment_attempts_score', sql`${t.score} between 0 and 100`),
  ],
);

/** Issued once per learner and course; names are kept as they were on the day, as on paper. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tribeId: uuid('tribe_id').notNull(),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    tribeName: text('tribe_name').notNull(),
    tribeSlug: text('tribe_slug').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_course_user_unique').on(t.courseId, t.userId)],
);
