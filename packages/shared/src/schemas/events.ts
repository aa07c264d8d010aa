import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { PersonRefSchema, UuidSchema } from './common.js';
import { TimeZoneSchema } from './users.js';
import {
  ATTENDEE_STATUSES,
  EVENT_LIMITS,
  EVENT_PLACE_KINDS,
  EVENT_REPEAT_FREQS,
  EVENT_STATUSES,
  EVENT_VISIBILITIES,
  RSVP_ANSWERS,
  RSVP_STATUSES,
} from '../rules/events.js';

export * from '../rules/events.js';

// Events at villages (DESIGN 11.3). Times are ISO 8601 with an offset; `time_zone` is the organiser's IANA
// zone, in which a repeating event keeps its local wall time across daylight-saving changes.

const DateTime = z.iso.datetime({ offset: true, error: 'validation.date' });
const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);
const HttpsUrl = z
  .string()
  .trim()
  .max(EVENT_LIMITS.urlMax)
  .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, { error: 'validation.https_url' });

/**
 * Where, as sent: exactly one of `{ village_id }` (a village of the event's tribe), `{ name, lat, lng }` (any
 * point on the map) or `{ online_url }` (https; a `name` may label it, "Weekly call").
 */
export const EventPlaceInputSchema = z
  .strictObject({
    village_id: UuidSchema.optional(),
    name: z.string().trim().min(1).max(EVENT_LIMITS.placeNameMax).optional(),
    lat: Latitude.optional(),
    lng: Longitude.optional(),
    online_url: HttpsUrl.optional(),
  })
  .superRefine((p, ctx) => {
    const point = p.lat !== undefined || p.lng !== undefined;
    const kinds = [p.village_id !== undefined, point, p.online_url !== undefined].filter(Boolean).length;
    if (kinds !== 1) {
      ctx.addIssue({ code: 'custom', message: 'validation.place_one_kind', path: [] });
      return;
    }
    if (point) {
      if (p.lat === undefined) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['lat'] });
      if (p.lng === undefined) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['lng'] });
      if (p.name === undefined) ctx.addIssue({ code: 'custom', message: 'validation.place_name_required', path: ['name'] });
    }
    if (p.village_id !== undefined && p.name !== undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.unknown_field', path: ['name'] });
  });
export type EventPlaceInput = z.infer<typeof EventPlaceInputSchema>;

/**
 * A repeat preset: weekly, every `interval` weeks, monthly (same day of the month), ending after `count`
 * dates or at `until`, or never (not both). Stored as an RRULE with the event's time zone.
 */
export const EventRepeatInputSchema = z
  .strictObject({
    freq: z.enum(EVENT_REPEAT_FREQS),
    interval: z.number().int().min(1).max(EVENT_LIMITS.intervalMax).optional(),
    count: z.number().int().min(1).max(EVENT_LIMITS.countMax).optional(),
    until: DateTime.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.count !== undefined && r.until !== undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.repeat_count_or_until', path: ['until'] });
  });
export type EventRepeatInput = z.infer<typeof EventRepeatInputSchema>;

/** ends_at after starts_at, within the longest duration; until after the start. */
function checkTimes(
  b: { starts_at?: string | undefined; ends_at?: string | undefined; repeat?: EventRepeatInput | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (b.starts_at === undefined || b.ends_at === undefined) return;
  const start = Date.parse(b.starts_at);
  const end = Date.parse(b.ends_at);
  if (end <= start) ctx.addIssue({ code: 'custom', message: 'validation.end_before_start', path: ['ends_at'] });
  else if (end - start > EVENT_LIMITS.durationMaxDays * 86_400_000)
    ctx.addIssue({ code: 'custom', message: 'validation.event_too_long', path: ['ends_at'] });
  if (b.repeat?.until !== undefined && Date.parse(b.repeat.until) < start)
    ctx.addIssue({ code: 'custom', message: 'validation.repeat_until_before_start', path: ['repeat', 'until'] });
}

const eventFields = {
  title: z.string().trim().min(1).max(EVENT_LIMITS.titleMax),
  /** Markdown; shown rendered and sanitised as `description_html`. */
  description: z.string().trim().max(EVENT_LIMITS.descriptionMax),
  starts_at: DateTime,
  ends_at: DateTime,
  time_zone: TimeZoneSchema,
  place: EventPlaceInputSchema,
  /** People going (guests included) at most; null or absent: no limit. */
  capacity: z.number().int().min(1).max(EVENT_LIMITS.capacityMax).nullable(),
  visibility: z.enum(EVENT_VISIBILITIES),
  repeat: EventRepeatInputSchema.nullable(),
};

/** POST /v1/tribes/{id}/events (its leaders and moderators). */
export const CreateEventBodySchema = z
  .strictObject({
    title: eventFields.title,
    description: eventFields.description.default(''),
    starts_at: eventFields.starts_at,
    ends_at: eventFields.ends_at,
    time_zone: eventFields.time_zone,
    place: eventFields.place,
    capacity: eventFields.capacity.optional(),
    visibility: eventFields.visibility.default('tribe'),
    repeat: eventFields.repeat.optional(),
  })
  .superRefine(checkTimes);
export type CreateEventBody = z.input<typeof CreateEventBodySchema>;
/** The create body as the server reads it (defaults applied). */
export type CreateEventData = z.output<typeof CreateEventBodySchema>;

/**
 * PATCH /v1/events/{id}: either the whole event (any of its fields; `repeat: null` stops repeating,
 * `capacity: null` lifts the limit), or one date of a repeating event: `{ occurrence, starts_at?, ends_at?,
 * cancelled? }` where `occurrence` is that date's original starts_at (as listed), moved to the new times or
 * cancelled (`cancelled: false` restores it). Every change raises `sequence`; a change of time or place
 * notifies everyone going. Cancelling the whole event is DELETE.
 */
export const UpdateEventBodySchema = z
  .strictObject({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    starts_at: eventFields.starts_at.optional(),
    ends_at: eventFields.ends_at.optional(),
    time_zone: eventFields.time_zone.optional(),
    place: eventFields.place.optional(),
    capacity: eventFields.capacity.optional(),
    visibility: eventFields.visibility.optional(),
    repeat: eventFields.repeat.optional(),
    occurrence: DateTime.optional(),
    cancelled: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.occurrence !== undefined) {
      for (const key of ['title', 'description', 'time_zone', 'place', 'capacity', 'visibility', 'repeat'] as const)
        if (b[key] !== undefined) ctx.addIssue({ code: 'custom', message: 'validation.occurrence_only', path: [key] });
    } else if (b.cancelled !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.cancelled_needs_occurrence', path: ['cancelled'] });
    }
    checkTimes(b, ctx);
  });
export type UpdateEventBody = z.input<typeof UpdateEventBodySchema>;

/** PUT /v1/events/{id}/rsvp: `occurrence` (its original starts_at) is required for a repeating event. */
export const RsvpBodySchema = z.strictObject({
  status: z.enum(RSVP_ANSWERS),
  occurrence: DateTime.optional(),
  /** People I bring along (going only); they count toward the capacity. */
  guests: z.number().int().min(0).max(EVENT_LIMITS.guestsMax).optional(),
});
export type RsvpBody = z.infer<typeof RsvpBodySchema>;

const limit = z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit);
const cursor = z.string().max(500).optional();

/** A window of time: from (default now) to (default from + 90 days), at most 400 days apart. */
const windowFields = { from: DateTime.optional(), to: DateTime.optional() };

/** GET /v1/tribes/{id}/events. */
export const TribeEventsQuerySchema = z.strictObject({ ...windowFields, cursor, limit });

/**
 * GET /v1/events: `near=lat,lng` keeps occurrences within 200 km of the point, nearest first (online events
 * left out); `scope=mine` keeps the events I answered going, interested or waitlisted, or organised.
 */
export const EventsQuerySchema = z.strictObject({
  ...windowFields,
  near: z
    .string()
    .regex(/^\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, { error: 'validation.near' })
    .optional(),
  scope: z.enum(['all', 'mine']).default('all'),
  cursor,
  limit,
});

/** GET /v1/events/{id}: `occurrence` picks the date the counts and my answer refer to (default: the next). */
export const EventQuerySchema = z.strictObject({ occurrence: DateTime.optional() });

/** GET /v1/events/{id}/attendees: of one date (default: the next) and one status (default: all three). */
export const AttendeesQuerySchema = z.strictObject({
  occurrence: DateTime.optional(),
  status: z.enum(ATTENDEE_STATUSES).optional(),
  cursor,
  limit,
});

/** GET /ical/{token}.ics: the private feed's signed token. */
export const CalendarFeedParamsSchema = z.strictObject({ token: z.string().min(1).max(500) });

/** Where, as presented: the fields of its kind (a village's name and position come with it). */
export const EventPlaceSchema = z.object({
  kind: z.enum(EVENT_PLACE_KINDS),
  village_id: z.string().optional(),
  name: z.string().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  online_url: z.string().optional(),
});
export type EventPlace = z.infer<typeof EventPlaceSchema>;

export const EventRepeatSchema = z.object({
  freq: z.enum(EVENT_REPEAT_FREQS),
  interval: z.number().int(),
  count: z.number().int().nullable(),
  until: z.string().nullable(),
  /** The stored rule (`FREQ=WEEKLY;INTERVAL=2`), read in the event's time zone from its starts_at. */
  rrule: z.string(),
});
export type EventRepeat = z.infer<typeof EventRepeatSchema>;

/** One date of a repeating event moved or cancelled: `occurrence` is its original starts_at. */
export const EventExceptionSchema = z.object({
  occurrence: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  cancelled: z.boolean(),
});
export type EventException = z.infer<typeof EventExceptionSchema>;

export const EventTribeSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/** An event as GET /v1/events/{id} presents it. */
export const EventSchema = z.object({
  id: z.string(),
  tribe_id: z.string(),
  tribe: EventTribeSchema,
  title: z.string(),
  description: z.string(),
  /** The description rendered from Markdown and sanitised by the server. */
  description_html: z.string(),
  /** The first date (a repeating event's series start). */
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  place: EventPlaceSchema,
  capacity: z.number().int().nullable(),
  visibility: z.enum(EVENT_VISIBILITIES),
  repeat: EventRepeatSchema.nullable(),
  exceptions: z.array(EventExceptionSchema),
  cover_url: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  /** Raised on every change (the .ics SEQUENCE). */
  sequence: z.number().int(),
  /** The date the counts and my answer below refer to: null for a single event, else its original starts_at. */
  occurrence: z.string().nullable(),
  /** That date's times (moved dates included): a single event's starts_at and ends_at. */
  occurrence_starts_at: z.string(),
  occurrence_ends_at: z.string(),
  /** People going, guests included. */
  going_count: z.number().int(),
  waitlist_count: z.number().int(),
  my_rsvp: z.enum(RSVP_STATUSES).nullable(),
  my_guests: z.number().int(),
  /** My place on the waiting list (1 first), when waitlisted. */
  my_waitlist_position: z.number().int().nullable(),
  can_edit: z.boolean(),
  organiser: PersonRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppEvent = z.infer<typeof EventSchema>;

/** One date of an event in a list, in time order (a repeating event gives one per date). */
export const OccurrenceSchema = z.object({
  event_id: z.string(),
  /** null for a single event; a repeating event's original starts_at of this date (its RSVP key). */
  occurrence: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  title: z.string(),
  place: EventPlaceSchema,
  tribe: EventTribeSchema,
  visibility: z.enum(EVENT_VISIBILITIES),
  cover_url: z.string().nullable(),
  capacity: z.number().int().nullable(),
  going_count: z.number().int(),
  waitlist_count: z.number().int(),
  my_rsvp: z.enum(RSVP_STATUSES).nullable(),
  repeating: z.boolean(),
  /** This date was moved from its usual time. */
  moved: z.boolean(),
  /** Kilometres from `near` (GET /v1/events?near=), else null. */
  distance_km: z.number().nullable(),
});
export type Occurrence = z.infer<typeof OccurrenceSchema>;

export const OccurrencePageSchema = z.object({ items: z.array(OccurrenceSchema), next_cursor: z.string().nullable() });

/** PUT /v1/events/{id}/rsvp's answer: `going` past the capacity gives `waitlisted`. */
export const RsvpSchema = z.object({
  status: z.enum(RSVP_STATUSES),
  guests: z.number().int(),
  occurrence: z.string().nullable(),
  /** My place on the waiting list (1 first), when waitlisted. */
  waitlist_position: z.number().int().nullable(),
  going_count: z.number().int(),
  waitlist_count: z.number().int(),
});
export type Rsvp = z.infer<typeof RsvpSchema>;

export const AttendeeSchema = z.object({
  user: PersonRefSchema,
  status: z.enum(ATTENDEE_STATUSES),
  guests: z.number().int(),
  responded_at: z.string(),
});
export type Attendee = z.infer<typeof AttendeeSchema>;

export const AttendeePageSchema = z.object({ items: z.array(AttendeeSchema), next_cursor: z.string().nullable() });

/** GET /v1/me/calendar_url: the private feed's address (a secret: whoever has it reads the feed). */
export const CalendarUrlSchema = z.object({ url: z.string() });
export type CalendarUrl = z.infer<typeof CalendarUrlSchema>;
