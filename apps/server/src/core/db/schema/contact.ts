import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Messages sent through the contact form (POST /v1/contact). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender, if any; kept when the account is deleted, unlinked. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Product feedback (POST /v1/feedback). */
export const feedbackEntries = pgTable(
  'feedback_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating'),
    message: text('message').notNull(),
    email: text('email'),
    page: text('page'),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_entries_created_idx').on(t.createdAt)],
);
