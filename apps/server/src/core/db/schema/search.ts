import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Translations fetched from the provider (DESIGN 11.5), one per text and target language: `version`
 * is a hash of the text (and its language) when translated, so an edit or a correction of the language
 * makes the next request go to the provider again and overwrite the row. Rows of deleted texts go with them
 * (no foreign key: a subject is a post or a comment; triggers of migration 0023 delete them with the text).
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    target: text('target').notNull(),
    version: text('version').notNull(),
    source: text('source').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectType, t.subjectId, t.target] }),
    check('content_translations_subject_type', sql`${t.subjectType} in ('post', 'comment')`),
  ],
);
