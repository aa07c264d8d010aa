// The events module's rules without zod (limits, vocabularies): the web app reads them at run time without
// building the schemas of ../schemas/events.ts, which it loads only when a form validates (DESIGN 11.3).

/** Who sees an event: the tribe's active members, or anyone signed in. */
export const EVENT_VISIBILITIES = ['tribe', 'public'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

/** A cancelled event stays readable (its page, its .ics with STATUS:CANCELLED) but takes no RSVP. */
export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Where: a village of the tribe, any point on the map (with a name), or an online link. */
export const EVENT_PLACE_KINDS = ['village', 'point', 'online'] as const;
export type EventPlaceKind = (typeof EVENT_PLACE_KINDS)[number];

/** Repeat presets, stored as an RRULE in the organiser's time zone: weekly, every N weeks, monthly. */
export const EVENT_REPEAT_FREQS = ['weekly', 'monthly'] as const;
export type EventRepeatFreq = (typeof EVENT_REPEAT_FREQS)[number];

/** What a member answers (PUT /v1/events/{id}/rsvp). */
export const RSVP_ANSWERS = ['going', 'interested', 'not_going'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

/** What an RSVP is: an answer, or `waitlisted` when `going` found the event full. */
export const RSVP_STATUSES = ['going', 'interested', 'not_going', 'waitlisted'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Whom GET /v1/events/{id}/attendees lists (a `not_going` answer is nobody's business). */
export const ATTENDEE_STATUSES = ['going', 'interested', 'waitlisted'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

export const EVENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 10_000,
  placeNameMax: 120,
  urlMax: 2000,
  capacityMax: 100_000,
  /** People a member may bring along: they count toward the capacity. */
  guestsMax: 5,
  /** "Every N weeks / months": N at most this. */
  intervalMax: 12,
  /** A repeat ends after at most this many dates (or never, with neither count nor until). */
  countMax: 500,
  /** An event lasts at most this many days. */
  durationMaxDays: 14,
  /** A list's from..to window spans at most this many days; by default from now to 90 days on. */
  windowMaxDays: 400,
  windowDefaultDays: 90,
  /** `near` keeps events within this many kilometres, nearest first. */
  nearRadiusKm: 200,
} as const;

/** Hours before each date at which people going get a reminder (DESIGN 11.3). */
export const EVENT_REMINDER_HOURS = [24, 1] as const;

/** The `error_type` of a 409: a change to a cancelled event. */
export const EVENT_ERRORS = { cancelled: 'event_cancelled' } as const;
