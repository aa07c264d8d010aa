import { asc, eq } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { eventRsvps, events } from '#src/core/db/schema/index.js';

/**
 * What the events module holds of one member, for their data export (DESIGN 11.2): their answers to events
 * (with each event's title) and the events they organised, with their covers.
 */
export function createEventsPersonalData(db: Db) {
  return {
    async collect(userId: string) {
      const answers = await db
        .select({ r: eventRsvps, title: events.title })
        .from(eventRsvps)
        .innerJoin(events, eq(events.id, eventRsvps.eventId))
        .where(eq(eventRsvps.userId, userId))
        .orderBy(asc(eventRsvps.createdAt));
      const organised = await db.select().from(events).where(eq(events.createdBy, userId)).orderBy(asc(events.createdAt));
      return {
        sections: {
          events: [
            ...answers.map(({ r, title }) => ({
              type: 'rsvp',
              event_id: r.eventId,
              event_title: title,
              occurrence: r.occurrence.getTime() === 0 ? null : r.occurrence.toISOString(),
              status: r.status,
              guests: r.guests,
              created_at: r.createdAt.toISOString(),
              updated_at: r.updatedAt.toISOString(),
            })),
            ...organised.map((e) => ({
              type: 'organised',
              id: e.id,
              tribe_id: e.tribeId,
              title: e.title,
              description: e.description,
              starts_at: e.startsAt.toISOString(),
              ends_at: e.endsAt.toISOString(),
              time_zone: e.timeZone,
              visibility: e.visibility,
              status: e.status,
              created_at: e.createdAt.toISOString(),
            })),
          ],
        },
        media: organised.flatMap((e) => (e.coverKey ? [e.coverKey] : [])),
      };
    },
  };
}
