import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tribes, villages } from './tribes.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Events of a tribe (DESIGN 11.3, decision 025). A repeating event is one row: its first date, its
 * organiser's IANA zone and its rule (weekly or monthly, every `repeat_interval`, ending after
 * `repeat_count` dates or at `repeat_until`, or never); its dates are computed in that zone, so each keeps
 * its local wall time. `sequence` is raised on every change (the .ics SEQUENCE).
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    placeKind: text('place_kind').notNull(),
    villageId: uuid('village_id').references(() => villages.id, { onDelete: 'set null' }),
    placeName: text('place_name'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    onlineUrl: text('online_url'),
    capacity: integer('capacity'),
    visibility: text('visibility').notNull().default('tribe'),
    repeatFreq: text('repeat_freq'),
    repeatInterval: integer('repeat_interval').notNull().default(1),
    repeatCount: integer('repeat_count'),
    repeatUntil: ts('repeat_until'),
    coverKey: text('cover_key'),
    status: text('status').notNull().default('scheduled'),
    sequence: integer('sequence').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
    /**
     * The title's and description's search words (foldText, words padded by spaces); null until the search
     * module folds it: a trigger clears it when either changes (migration 0024), so no write path leaves it stale.
     */
    searchText: text('search_text'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_tribe_starts_idx').on(t.tribeId, t.startsAt),
    index('events_visibility_starts_idx').on(t.visibility, t.startsAt),
    index('events_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('events_search_pending_idx')
      .on(t.id)
      .where(sql`${t.searchText} is null`),
    check('events_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_place_kind', sql`${t.placeKind} in ('village', 'point', 'online')`),
    check('events_visibility', sql`${t.visibility} in ('tribe', 'public')`),
    check('events_status', sql`${t.status} in ('scheduled', 'cancelled')`),
    check('events_repeat_freq', sql`${t.repeatFreq} is null or ${t.repeatFreq} in ('weekly', 'monthly')`),
    check('events_capacity', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('events_lat_range', sql`${t.lat} is null or ${t.lat} between -90 and 90`),
    check('events_lng_range', sql`${t.lng} is null or ${t.lng} between -180 and 180`),
  ],
);

/**
 * One date of a repeating event moved or cancelled: keyed by its original start (`occurrence`, the
 * .ics RECURRENCE-ID), which stays the key of its RSVPs.
 */
export const eventExceptions = pgTable(
  'event_exceptions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrence: ts('occurrence').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrence] }), check('event_exceptions_times', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** Waitlist order: a number drawn when an RSVP joins the waiting list, so the first in line is promoted first. */
export const eventRsvpTurns = pgSequence('event_rsvp_turn_seq');

/**
 * A member's answer for one date: `occurrence` is a repeating event's original start of that date, or the
 * epoch for a single event (so moving a single event keeps its answers).
 */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrence: ts('occurrence').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    guests: integer('guests').notNull().default(0),
    turn: bigint('turn', { mode: 'number' })
      .notNull()
      .default(sql`nextval('event_rsvp_turn_seq')`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrence, t.userId] }),
    index('event_rsvps_user_idx').on(t.userId),
    index('event_rsvps_event_status_idx').on(t.eventId, t.occurrence, t.status, t.turn),
    check('event_rsvps_status', sql`${t.status} in ('going', 'interested', 'not_going', 'waitlisted')`),
    check('event_rsvps_guests', sql`${t.guests} between 0 and 5`),
  ],
);

/** A member's private calendar feed: its token names this generation; rotating it revokes older tokens. */
export const eventCalendarKeys = pgTable('event_calendar_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
