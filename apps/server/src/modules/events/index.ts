/**
 * The events module's public surface: other modules, the composition, core, realtime, the seed and tests
 * outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createEventsModule } from './events.module.js';
export { createEventsPersonalData } from './personal-data.repo.js';
export type { EventsService } from './events.service.js';
export type { EventListsService } from './event-lists.service.js';
export type { RsvpsService } from './rsvps.service.js';
export type { CalendarsService } from './calendars.service.js';
export { eventsRoutes, calendarFeedRoutes, type EventsRoutesDeps, type CalendarFeedRoutesDeps } from './events.routes.js';
