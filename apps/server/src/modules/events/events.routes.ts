import { eventsEndpoints as api, POST_LIMITS } from '@tribes/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fieldError } from '#src/core/errors.js';
import { readForm } from '#src/core/form.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sent } from '#src/core/route.js';
import type { CalendarsService } from './calendars.service.js';
import type { EventListsService } from './event-lists.service.js';
import type { EventsService } from './events.service.js';
import type { RsvpsService } from './rsvps.service.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface EventsRoutesDeps {
  events: EventsService;
  eventLists: EventListsService;
  rsvps: RsvpsService;
  calendars: CalendarsService;
}

/** The feed's route needs only the calendars. */
export type CalendarFeedRoutesDeps = Pick<EventsRoutesDeps, 'calendars'>;

function sendCalendar(reply: FastifyReply, body: string, filename: string) {
  void reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
  return sent(reply);
}

/** Events, RSVPs and calendars (packages/shared/src/contract/events.ts; DESIGN 11.3), under /api. */
export async function eventsRoutes(app: FastifyInstance, { ctx }: { ctx: EventsRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(
    app,
    api.tribeEvents,
  )(async (req) => ({ data: await ctx.eventLists.tribeEvents(req.params.id, req.auth!.user, req.query) }));

  route(
    app,
    api.create,
    write,
  )(async (req) => ({
    data: { event: await ctx.events.create(req.params.id, req.auth!.user, req.body) },
    message: 'events.created',
  }));

  route(app, api.list)(async (req) => ({ data: await ctx.eventLists.list(req.auth!.user, req.query) }));

  route(
    app,
    api.get,
  )(async (req) => ({ data: { event: await ctx.events.get(req.params.id, req.auth!.user, req.query.occurrence) } }));

  route(
    app,
    api.update,
    write,
  )(async (req) => ({
    data: { event: await ctx.events.update(req.params.id, req.auth!.user, req.body) },
    message: 'events.updated',
  }));

  route(
    app,
    api.cancel,
    write,
  )(async (req) => ({ data: { event: await ctx.events.cancel(req.params.id, req.auth!.user) }, message: 'events.cancelled' }));

  route(
    app,
    api.cover,
    write,
  )(async (req) => {
    const { files } = await readForm(req, api.cover, { fileSize: POST_LIMITS.imageMaxBytes });
    const file = files.cover[0];
    if (!file) throw fieldError('cover', 'validation.file_required');
    return { data: { event: await ctx.events.setCover(req.params.id, req.auth!.user, file) }, message: 'events.cover_updated' };
  });

  route(
    app,
    api.rsvp,
    write,
  )(async (req) => {
    const rsvp = await ctx.rsvps.rsvp(req.params.id, req.auth!.user, req.body);
    return { data: rsvp, message: rsvp.status === 'waitlisted' ? 'events.waitlisted' : 'events.rsvp_saved' };
  });

  route(app, api.attendees)(async (req) => ({ data: await ctx.rsvps.attendees(req.params.id, req.auth!.user, req.query) }));

  route(
    app,
    api.ics,
  )(async (req, reply) => {
    const file = await ctx.calendars.ics(req.params.id, req.auth!.user);
    return sendCalendar(reply, file.body, file.filename);
  });

  route(
    app,
    api.calendarUrl,
  )(async (req) => ({ data: await ctx.calendars.calendarUrl(req.auth!.user), message: 'events.calendar_url' }));

  route(
    app,
    api.rotateCalendarUrl,
    write,
  )(async (req) => ({ data: await ctx.calendars.rotateCalendarUrl(req.auth!.user), message: 'events.calendar_url_rotated' }));
}

/** `GET /ical/{token}.ics` at the server's root: a calendar app fetches the private feed without a session. */
export async function calendarFeedRoutes(app: FastifyInstance, { ctx }: { ctx: CalendarFeedRoutesDeps }) {
  route(app, api.calendarFeed, { config: limit(app, LIMITS.publicWrite) })(async (req, reply) =>
    sendCalendar(reply, await ctx.calendars.feed(req.params.token), 'tribes.ics'),
  );
}
