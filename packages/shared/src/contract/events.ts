import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import { TribeRefParamsSchema } from '../schemas/tribes.js';
import {
  AttendeePageSchema,
  AttendeesQuerySchema,
  CalendarFeedParamsSchema,
  CalendarUrlSchema,
  CreateEventBodySchema,
  EventQuerySchema,
  EventSchema,
  EventsQuerySchema,
  OccurrencePageSchema,
  RsvpBodySchema,
  RsvpSchema,
  TribeEventsQuerySchema,
  UpdateEventBodySchema,
} from '../schemas/events.js';
import { EVENT_ERRORS } from '../rules/events.js';
import { endpoint } from './endpoint.js';

/**
 * Events at villages (DESIGN 11.3). Leaders and moderators of a tribe create, edit and cancel its events
 * (403 for anyone else); a tribe-only event is seen by the tribe's active members only (404 for others),
 * a public one by anyone signed in. Lists answer occurrences in time order: a repeating event gives one
 * per date, each at its local wall time in the event's zone across daylight-saving changes. Bad input
 * (end before start, an unknown zone, a capacity below the people going, a village of another tribe, an
 * RSVP to a cancelled or past date) is a 400 naming the field, and nothing is stored. Editing a cancelled
 * event is 409 event_cancelled.
 */

const tags = ['events'] as const;
const EventData = z.object({ event: EventSchema });

export const eventsEndpoints = {
  tribeEvents: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/events',
    summary:
      "A tribe's occurrences from `from` (default now) to `to` (default 90 days on; 400 days at most), in time " +
      'order (cancelled events and dates left out): a non-member sees its public events only.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    query: TribeEventsQuerySchema,
    data: OccurrencePageSchema,
    errors: [401, 404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/events',
    summary: "Creates an event of the tribe (its leaders and moderators). The place's village must be the tribe's.",
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: CreateEventBodySchema,
    data: EventData,
    status: 201,
    errors: [401, 403, 404],
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/events',
    summary:
      "Upcoming occurrences of public events and of my tribes' events, in time order (or nearest first with " +
      '`near=lat,lng`, within 200 km, online events left out); `scope=mine`: the events I answered or organised.',
    tags,
    auth: 'user',
    query: EventsQuerySchema,
    data: OccurrencePageSchema,
    errors: [401],
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/events/{id}',
    summary:
      'An event, with the counts and my answer for one date (`occurrence`; default the next one, or the last when all are past).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    query: EventQuerySchema,
    data: EventData,
    errors: [401, 404],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/events/{id}',
    summary:
      'Changes the event, or one date of a repeating event (`{ occurrence, starts_at?, ends_at?, cancelled? }`). ' +
      'Raises `sequence`; a change of time or place notifies everyone going; a raised capacity promotes the waitlisted.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateEventBodySchema,
    data: EventData,
    errors: [401, 403, 404, 409],
    errorTypes: [EVENT_ERRORS.cancelled],
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/v1/events/{id}',
    summary: 'Cancels the event (kept, with status cancelled and STATUS:CANCELLED in calendars) and notifies everyone going.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EventData,
    errors: [401, 403, 404, 409],
    errorTypes: [EVENT_ERRORS.cancelled],
  }),
  cover: endpoint({
    method: 'POST',
    path: '/v1/events/{id}/cover',
    summary:
      'Sets the event\'s cover (who may edit it): multipart/form-data with one file named "cover" (JPEG, PNG, WebP, ' +
      'GIF or AVIF, 10 MB at most; anything else 415), cropped to 3:1 and stored as WebP without metadata.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: z.strictObject({}),
    multipart: true,
    files: [{ name: 'cover' }],
    data: EventData,
    errors: [401, 403, 404, 409, 413, 415, 503],
    errorTypes: [EVENT_ERRORS.cancelled],
  }),
  rsvp: endpoint({
    method: 'PUT',
    path: '/v1/events/{id}/rsvp',
    summary:
      'My answer for the event (or one date of a repeating one): `going` past the capacity (guests count) gives ' +
      '`waitlisted`; a freed place moves the first waitlisted person to going and tells them. Idempotent.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: RsvpBodySchema,
    data: RsvpSchema,
    errors: [401, 403, 404],
  }),
  attendees: endpoint({
    method: 'GET',
    path: '/v1/events/{id}/attendees',
    summary:
      'Who is going, interested or waitlisted for one date (default the next), going first, then by answer time; ' +
      'people who blocked me or whom I blocked left out.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    query: AttendeesQuerySchema,
    data: AttendeePageSchema,
    errors: [401, 404],
  }),
  ics: endpoint({
    method: 'GET',
    path: '/v1/events/{id}/ics',
    summary:
      'The event as text/calendar: one VEVENT with a stable UID, RRULE (with TZID) for repeats, EXDATE and ' +
      'RECURRENCE-ID for cancelled and moved dates, SEQUENCE raised on every change, STATUS:CANCELLED when cancelled.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    // Not the envelope: the file itself. Its errors are the usual envelope.
    produces: 'text/calendar',
    data: z.never(),
    errors: [401, 404],
  }),
  calendarUrl: endpoint({
    method: 'GET',
    path: '/v1/me/calendar_url',
    summary:
      "The address of my private calendar feed (the events I go to and my tribes' events), to subscribe to in a " +
      'calendar app. A secret: whoever has it reads the feed.',
    tags,
    auth: 'user',
    data: CalendarUrlSchema,
    errors: [401],
  }),
  rotateCalendarUrl: endpoint({
    method: 'POST',
    path: '/v1/me/calendar_url',
    summary: 'A new address for my private calendar feed: the old one stops working at once.',
    tags,
    auth: 'user',
    body: z.strictObject({}),
    data: CalendarUrlSchema,
    errors: [401],
  }),
  calendarFeed: endpoint({
    method: 'GET',
    // At the server's root, beside /api: a calendar app fetches it without a session.
    path: '/ical/{token}.ics',
    summary:
      'The private feed of GET /v1/me/calendar_url as text/calendar, without sign-in (the signed token is the key); ' +
      'a wrong, tampered or rotated token is 404.',
    tags,
    auth: 'public',
    params: CalendarFeedParamsSchema,
    produces: 'text/calendar',
    data: z.never(),
    errors: [404],
  }),
} as const;
