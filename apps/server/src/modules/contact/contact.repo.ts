import type { Db } from '#src/core/db/client.js';
import { contactMessages, feedbackEntries } from '#src/core/db/schema/index.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type FeedbackEntryRow = typeof feedbackEntries.$inferSelect;

/** The only place that writes the contact and feedback tables. */
export function createContactRepo(db: Db) {
  return {
    async createMessage(values: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
      const [row] = await db.insert(contactMessages).values(values).returning();
      return row!;
    },
    async createFeedback(values: typeof feedbackEntries.$inferInsert): Promise<FeedbackEntryRow> {
      const [row] = await db.insert(feedbackEntries).values(values).returning();
      return row!;
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
