import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's data exports (DESIGN 11.2): one row per request, built by a job into a ZIP under
 * `private/exports/`, reached by a signed link until `expires_at`. Gone with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** The ZIP's private storage key, once built. */
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    /** When the link stops answering (7 days after the ZIP was ready). */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_status', sql`${t.status} in ('pending', 'ready', 'failed', 'expired')`),
  ],
);
