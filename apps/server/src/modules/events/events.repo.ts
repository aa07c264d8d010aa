import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  eventCalendarKeys,
  eventExceptions,
  eventRsvps,
  events,
  onceMarks,
  tribeMembers,
  tribes,
  users,
  villages,
} from '#src/core/db/schema/index.js';

export type EventRow = typeof events.$inferSelect;
export type EventInsert = typeof events.$inferInsert;
export type ExceptionRow = typeof eventExceptions.$inferSelect;
export type RsvpRow = typeof eventRsvps.$inferSelect;
type Conn = Db | Tx;

/** An event with what presenting it needs: its tribe, its organiser and its village. */
export interface EventWithRefs {
  event: EventRow;
  tribe: { id: string; slug: string; name: string; suspendedAt: Date | null };
  organiser: { id: string | null; name: string | null; avatarKey: string | null } | null;
  village: { id: string | null; name: string | null; lat: number | null; lng: number | null } | null;
}

/** People going (guests included) and waitlisted, per date of an event. */
export interface OccurrenceCount {
  eventId: string;
  occurrence: Date;
  going: number;
  waitlisted: number;
}

/** The only place that reads and writes events, their exceptions, RSVPs and calendar keys. */
export function createEventsRepo(db: Db) {
  const withRefs = (conn: Conn = db) =>
    conn
      .select({
        event: events,
        tribe: { id: tribes.id, slug: tribes.slug, name: tribes.name, suspendedAt: tribes.suspendedAt },
        organiser: { id: users.id, name: users.name, avatarKey: users.avatarKey },
        village: { id: villages.id, name: villages.name, lat: villages.lat, lng: villages.lng },
      })
      .from(events)
      .innerJoin(tribes, eq(tribes.id, events.tribeId))
      .leftJoin(users, eq(users.id, events.createdBy))
      .leftJoin(villages, eq(villages.id, events.villageId));

  return {
    async insert(values: EventInsert, tx: Tx): Promise<EventRow> {
      const [row] = await tx.insert(events).values(values).returning();
      return row!;
    },
    async update(id: string, patch: Partial<EventInsert>, tx: Tx): Promise<EventRow> {
      const [row] = await tx.update(events).set(patch).where(eq(events.id, id)).returning();
      return row!;
    },
    async findById(id: string, conn: Conn = db): Promise<EventRow | undefined> {
      const [row] = await conn.select().from(events).where(eq(events.id, id)).limit(1);
      return row;
    },
    /** The event's row locked for this transaction: RSVPs and edits of one event take turns on it. */
    async lock(id: string, tx: Tx): Promise<EventRow | undefined> {
      const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update').limit(1);
      return row;
    },
    async findWithRefs(id: string): Promise<EventWithRefs | undefined> {
      const [row] = await withRefs().where(eq(events.id, id)).limit(1);
      return row;
    },
    /** A village's tribe and place, for an event's place. */
    async village(id: string, conn: Conn = db) {
      const [row] = await conn
        .select({ id: villages.id, tribeId: villages.tribeId, status: villages.status })
        .from(villages)
        .where(eq(villages.id, id))
        .limit(1);
      return row;
    },

    /**
     * Scheduled events that may have dates in [from, to): single ones overlapping it, repeating ones begun
     * before `to` whose `until` (if any) is not before `from`; of one tribe, or public and of `tribeIds`.
     * Suspended tribes' events are left out.
     */
    async candidates(q: { tribeId?: string; publicToo: boolean; tribeIds: string[]; from: Date; to: Date; onlyIds?: string[] }) {
      const reach: SQL[] = [];
      if (q.publicToo) reach.push(eq(events.visibility, 'public'));
      if (q.tribeIds.length) reach.push(inArray(events.tribeId, q.tribeIds));
      if (reach.length === 0) return [];
      const where: SQL[] = [
        eq(events.status, 'scheduled'),
        isNull(tribes.suspendedAt),
        or(...reach)!,
        lt(events.startsAt, new Date(q.to.getTime() + 400 * 86_400_000)),
        or(
          and(isNull(events.repeatFreq), sql`${events.endsAt} > ${new Date(q.from.getTime() - 400 * 86_400_000)}`),
          and(
            isNotNull(events.repeatFreq),
            or(isNull(events.repeatUntil), gte(events.repeatUntil, new Date(q.from.getTime() - 400 * 86_400_000))),
          ),
        )!,
      ];
      if (q.tribeId) where.push(eq(events.tribeId, q.tribeId));
      if (q.onlyIds) {
        if (q.onlyIds.length === 0) return [];
        where.push(inArray(events.id, q.onlyIds));
      }
      return withRefs()
        .where(and(...where))
        .orderBy(asc(events.startsAt))
        .limit(2000);
    },
    /** Events for a member's calendar feed: of their tribes (active) or answered by them, cancelled ones too. */
    async forFeed(userId: string, since: Date) {
      const mine = db
        .select({ id: eventRsvps.eventId })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.userId, userId), ne(eventRsvps.status, 'not_going')));
      const myTribes = db
        .select({ id: tribeMembers.tribeId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.userId, userId), eq(tribeMembers.status, 'active')));
      return withRefs()
        .where(
          and(
            isNull(tribes.suspendedAt),
            or(inArray(events.id, mine), inArray(events.tribeId, myTribes)),
            or(sql`${events.endsAt} > ${since}`, isNotNull(events.repeatFreq)),
          ),
        )
        .orderBy(asc(events.startsAt))
        .limit(500);
    },
    /** The tribes a user is an active member of. */
    async activeTribeIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: tribeMembers.tribeId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.userId, userId), eq(tribeMembers.status, 'active')));
      return rows.map((r) => r.id);
    },
    /** Events a user answered (not not_going) or organised. */
    async myEventIds(userId: string): Promise<string[]> {
      const answered = await db
        .selectDistinct({ id: eventRsvps.eventId })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.userId, userId), ne(eventRsvps.status, 'not_going')));
      const organised = await db.select({ id: events.id }).from(events).where(eq(events.createdBy, userId));
      return [...new Set([...answered, ...organised].map((r) => r.id))];
    },

    async exceptions(eventIds: string[], conn: Conn = db): Promise<ExceptionRow[]> {
      if (eventIds.length === 0) return [];
      return conn
        .select()
        .from(eventExceptions)
        .where(inArray(eventExceptions.eventId, eventIds))
        .orderBy(asc(eventExceptions.occurrence));
    },
    async putException(row: ExceptionRow, tx: Tx): Promise<void> {
      await tx
        .insert(eventExceptions)
        .values(row)
        .onConflictDoUpdate({
          target: [eventExceptions.eventId, eventExceptions.occurrence],
          set: { startsAt: row.startsAt, endsAt: row.endsAt, cancelled: row.cancelled },
        });
    },
    async deleteException(eventId: string, occurrence: Date, tx: Tx): Promise<void> {
      await tx
        .delete(eventExceptions)
        .where(and(eq(eventExceptions.eventId, eventId), eq(eventExceptions.occurrence, occurrence)));
    },
    async clearExceptions(eventId: string, tx: Tx): Promise<void> {
      await tx.delete(eventExceptions).where(eq(eventExceptions.eventId, eventId));
    },

    /** Going (guests included) and waitlisted per date of these events. */
    async counts(eventIds: string[], conn: Conn = db): Promise<OccurrenceCount[]> {
      if (eventIds.length === 0) return [];
      const rows = await conn
        .select({
          eventId: eventRsvps.eventId,
          occurrence: eventRsvps.occurrence,
          going: sql<number>`coalesce(sum(case when ${eventRsvps.status} = 'going' then 1 + ${eventRsvps.guests} else 0 end), 0)::int`,
          waitlisted: sql<number>`count(*) filter (where ${eventRsvps.status} = 'waitlisted')::int`,
        })
        .from(eventRsvps)
        .where(inArray(eventRsvps.eventId, eventIds))
        .groupBy(eventRsvps.eventId, eventRsvps.occurrence);
      return rows.map((r) => ({ ...r, going: Number(r.going), waitlisted: Number(r.waitlisted) }));
    },
    async myRsvps(userId: string, eventIds: string[]): Promise<RsvpRow[]> {
      if (eventIds.length === 0) return [];
      return db
        .select()
        .from(eventRsvps)
        .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, eventIds)));
    },
    async rsvp(eventId: string, occurrence: Date, userId: string, conn: Conn = db): Promise<RsvpRow | undefined> {
      const [row] = await conn
        .select()
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrence, occurrence), eq(eventRsvps.userId, userId)))
        .limit(1);
      return row;
    },
    /** Writes an answer; `newTurn` draws a new place in the waiting line. */
    async putRsvp(
      row: { eventId: string; occurrence: Date; userId: string; status: string; guests: number; at: Date },
      newTurn: boolean,
      tx: Tx,
    ): Promise<RsvpRow> {
      const [out] = await tx
        .insert(eventRsvps)
        .values({
          eventId: row.eventId,
          occurrence: row.occurrence,
          userId: row.userId,
          status: row.status,
          guests: row.guests,
          createdAt: row.at,
          updatedAt: row.at,
        })
        .onConflictDoUpdate({
          target: [eventRsvps.eventId, eventRsvps.occurrence, eventRsvps.userId],
          set: {
            status: row.status,
            guests: row.guests,
            updatedAt: row.at,
            ...(newTurn ? { turn: sql`nextval('event_rsvp_turn_seq')` } : {}),
          },
        })
        .returning();
      return out!;
    },
    /** People going to one date, guests included. */
    async goingCount(eventId: string, occurrence: Date, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: sql<number>`coalesce(sum(1 + ${eventRsvps.guests}), 0)::int` })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrence, occurrence), eq(eventRsvps.status, 'going')));
      return Number(row?.n ?? 0);
    },
    /** The most people going to any date from `since` on (a date's key at or after it, or a single event's). */
    async maxGoing(eventId: string, since: Date, tx: Tx): Promise<number> {
      const [row] = await tx.select({ n: sql<number>`coalesce(max(s), 0)::int` }).from(
        tx
          .select({ s: sql<number>`sum(1 + ${eventRsvps.guests})`.as('s') })
          .from(eventRsvps)
          .where(
            and(
              eq(eventRsvps.eventId, eventId),
              eq(eventRsvps.status, 'going'),
              or(gte(eventRsvps.occurrence, since), eq(eventRsvps.occurrence, new Date(0))),
            ),
          )
          .groupBy(eventRsvps.occurrence)
          .as('per_date'),
      );
      return Number(row?.n ?? 0);
    },
    /** The waiting line of one date, first first. */
    async waitlist(eventId: string, occurrence: Date, tx: Tx): Promise<RsvpRow[]> {
      return tx
        .select()
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrence, occurrence), eq(eventRsvps.status, 'waitlisted')))
        .orderBy(asc(eventRsvps.turn));
    },
    /** Dates of an event that have someone waiting. */
    async waitlistedOccurrences(eventId: string, tx: Tx): Promise<Date[]> {
      const rows = await tx
        .selectDistinct({ o: eventRsvps.occurrence })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'waitlisted')));
      return rows.map((r) => r.o);
    },
    async promote(eventId: string, occurrence: Date, userId: string, at: Date, tx: Tx): Promise<void> {
      await tx
        .update(eventRsvps)
        .set({ status: 'going', updatedAt: at })
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrence, occurrence), eq(eventRsvps.userId, userId)));
    },
    /** A waitlisted person's place in line (1 first). */
    async waitlistPosition(eventId: string, occurrence: Date, turn: number, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: sql<number>`count(*)::int` })
        .from(eventRsvps)
        .where(
          and(
            eq(eventRsvps.eventId, eventId),
            eq(eventRsvps.occurrence, occurrence),
            eq(eventRsvps.status, 'waitlisted'),
            sql`${eventRsvps.turn} <= ${turn}`,
          ),
        );
      return Number(row?.n ?? 0);
    },
    /** Who is going to an event: to one date, or to any date whose key is at or after `from`. */
    async goingUserIds(
      eventId: string,
      q: { occurrence?: Date; from?: Date },
      conn: Conn = db,
    ): Promise<{ userId: string; occurrence: Date }[]> {
      const where: SQL[] = [eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')];
      if (q.occurrence) where.push(eq(eventRsvps.occurrence, q.occurrence));
      if (q.from) where.push(or(gte(eventRsvps.occurrence, q.from), eq(eventRsvps.occurrence, new Date(0)))!);
      return conn
        .select({ userId: eventRsvps.userId, occurrence: eventRsvps.occurrence })
        .from(eventRsvps)
        .where(and(...where));
    },
    /** Moves the answers of a date to another key (the series' times changed). */
    async rekeyRsvps(eventId: string, from: Date, to: Date, tx: Tx): Promise<void> {
      await tx
        .update(eventRsvps)
        .set({ occurrence: to })
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrence, from)));
    },
    async rsvpOccurrences(eventId: string, tx: Tx): Promise<Date[]> {
      const rows = await tx.selectDistinct({ o: eventRsvps.occurrence }).from(eventRsvps).where(eq(eventRsvps.eventId, eventId));
      return rows.map((r) => r.o);
    },
    async deleteRsvpsOf(eventId: string, occurrence: Date, tx: Tx): Promise<void> {
      await tx.delete(eventRsvps).where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrence, occurrence)));
    },
    /** A page of attendees of one date: going first, then interested, then the waiting line; some people left out. */
    async attendees(q: {
      eventId: string;
      occurrence: Date;
      statuses: string[];
      hidden: string[];
      offset: number;
      limit: number;
    }) {
      const where: SQL[] = [
        eq(eventRsvps.eventId, q.eventId),
        eq(eventRsvps.occurrence, q.occurrence),
        inArray(eventRsvps.status, q.statuses),
      ];
      if (q.hidden.length) where.push(notInArray(eventRsvps.userId, q.hidden));
      return db
        .select({ rsvp: eventRsvps, user: { id: users.id, name: users.name, avatarKey: users.avatarKey } })
        .from(eventRsvps)
        .innerJoin(users, eq(users.id, eventRsvps.userId))
        .where(and(...where))
        .orderBy(sql`case ${eventRsvps.status} when 'going' then 0 when 'interested' then 1 else 2 end`, asc(eventRsvps.turn))
        .offset(q.offset)
        .limit(q.limit);
    },

    /** Marks a key once (a reminder sent): false when already marked, by this node or another. */
    async markOnce(key: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(onceMarks)
        .values({ key, createdAt: at })
        .onConflictDoNothing()
        .returning({ key: onceMarks.key });
      return rows.length > 0;
    },
    /** Scheduled events with someone going that may have a date in (now, until]. */
    async withPeopleGoing(until: Date) {
      const going = db.selectDistinct({ id: eventRsvps.eventId }).from(eventRsvps).where(eq(eventRsvps.status, 'going'));
      return db
        .select()
        .from(events)
        .where(
          and(
            eq(events.status, 'scheduled'),
            inArray(events.id, going),
            lt(events.startsAt, new Date(until.getTime() + 400 * 86_400_000)),
          ),
        )
        .limit(5000);
    },

    async calendarGeneration(userId: string): Promise<number> {
      const [row] = await db.select().from(eventCalendarKeys).where(eq(eventCalendarKeys.userId, userId)).limit(1);
      return row?.generation ?? 1;
    },
    async rotateCalendar(userId: string, at: Date): Promise<number> {
      const [row] = await db
        .insert(eventCalendarKeys)
        .values({ userId, generation: 2, updatedAt: at })
        .onConflictDoUpdate({
          target: eventCalendarKeys.userId,
          set: { generation: sql`${eventCalendarKeys.generation} + 1`, updatedAt: at },
        })
        .returning();
      return row!.generation;
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
